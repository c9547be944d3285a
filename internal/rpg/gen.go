package rpg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Config bounds the size of generated packages.
type Config struct {
	Funcs int // staging functions per package
	Stmts int // statements per function body, roughly
}

// DefaultConfig is the size the command and the tests use.
var DefaultConfig = Config{Funcs: 12, Stmts: 14}

// Generate returns the random staging package of seed: deterministic,
// well-typed Go whose every function terminates on every input.
func Generate(seed uint64, cfg Config) *Prog {
	g := &gen{r: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), cfg: cfg, hinfo: map[*Func]helperInfo{}}
	// The capacity append gives is not Go's to say: gc gives a slice that
	// does not escape a 32-byte backing array on the stack, so the
	// capacity after append(nil, x, y) depends on escape analysis. A
	// package reads capacities or appends, never both.
	g.caps = g.chance(30)
	p := &Prog{Pkg: fmt.Sprintf("s%d", seed), Seed: seed}
	g.prog = p
	for i := 0; i < cfg.Funcs; i++ {
		g.stagingFunc(i)
	}
	// helpers first: they are declared as they are needed.
	p.Funcs = append(g.helpers, g.staging...)
	return p
}

// loopInfo describes an enclosing loop: staged or unrolled, and the
// depth of staged control around it.
type loopInfo struct {
	staged bool
	level  int
	// overString: a range over a string. A string appended to in its
	// body grows by a constant per rune of a string, so in loops around
	// it grows geometrically (seed 6005 F66a: 11 times per turn of two
	// outer loops, 10^12 bytes copied by its +=, natively too).
	overString bool
}

type gen struct {
	r       *rand.Rand
	cfg     Config
	prog    *Prog
	helpers []*Func
	staging []*Func
	nvar    int
	nfun    int
	hinfo   map[*Func]helperInfo
	caps    bool // cap is read, and append never used

	// per function being generated
	fn          *Func
	scopes      [][]*Var
	staged      int        // depth of staged control around the current point
	loops       []loopInfo // enclosing loops of the current function
	budget      int        // statements left in this function
	level       map[*Var]int
	recVar      *Var // the depth parameter of the //lms:fun being generated
	recSelf     *Func
	unrollDepth int
}

func (g *gen) n(k int) int       { return g.r.IntN(k) }
func (g *gen) chance(p int) bool { return g.r.IntN(100) < p }

func (g *gen) newVar(prefix string, t Type, dyn bool) *Var {
	g.nvar++
	v := &Var{Name: fmt.Sprintf("%s%d", prefix, g.nvar), T: t, Dyn: dyn}
	g.level[v] = g.staged
	return v
}

func (g *gen) declare(v *Var) { g.scopes[len(g.scopes)-1] = append(g.scopes[len(g.scopes)-1], v) }
func (g *gen) push()          { g.scopes = append(g.scopes, nil) }
func (g *gen) pop()           { g.scopes = g.scopes[:len(g.scopes)-1] }

// visible lists the variables in scope that satisfy keep.
func (g *gen) visible(keep func(*Var) bool) []*Var {
	var out []*Var
	for _, s := range g.scopes {
		for _, v := range s {
			if v.Name != "_" && keep(v) {
				out = append(out, v)
			}
		}
	}
	return out
}

func (g *gen) pick(vs []*Var) *Var { return vs[g.n(len(vs))] }

// randKind draws a scalar kind, integers most often.
func (g *gen) randKind() Kind {
	switch x := g.n(20); {
	case x < 13:
		return Kind(g.n(int(Uintptr) + 1))
	case x < 16:
		return Float32 + Kind(g.n(2))
	case x < 18:
		return Bool
	default:
		return String
	}
}

func (g *gen) numKind() Kind {
	if g.chance(80) {
		return Kind(g.n(int(Uintptr) + 1))
	}
	return Float32 + Kind(g.n(2))
}

func (g *gen) intKind() Kind { return Kind(g.n(int(Uintptr) + 1)) }

// ---- functions

func (g *gen) begin(f *Func) {
	g.fn = f
	g.scopes = [][]*Var{nil}
	g.staged = 0
	g.loops = nil
	g.level = map[*Var]int{}
	g.recVar, g.recSelf = nil, nil
	g.unrollDepth = 0
}

func (g *gen) stagingFunc(i int) {
	f := &Func{Name: fmt.Sprintf("f%d", i)}
	g.begin(f)
	// parameters: Reps of random types, Rep slices, static ints and bools
	np := 1 + g.n(4)
	var statics []*Var
	for j := 0; j < np; j++ {
		var v *Var
		switch x := g.n(10); {
		case j == 0:
			v = g.newVar("a", Type{Kind: g.intKind(), Stage: true}, true)
		case x < 6:
			v = g.newVar("a", Type{Kind: g.randKind(), Stage: true}, true)
		case x < 8:
			v = g.newVar("xs", Type{Kind: g.numKind(), Stage: true, Slice: true}, true)
		default:
			k := Int
			if g.chance(30) {
				k = Bool
			}
			v = g.newVar("k", Type{Kind: k}, false)
			statics = append(statics, v)
		}
		f.Params = append(f.Params, v)
		g.declare(v)
	}
	nr := 1 + g.n(2)
	for j := 0; j < nr; j++ {
		t := Type{Kind: g.randKind(), Stage: true}
		if g.chance(10) {
			t = Type{Kind: g.numKind(), Stage: true, Slice: true}
		}
		f.Results = append(f.Results, t)
	}
	g.budget = g.cfg.Stmts/2 + g.n(g.cfg.Stmts)
	f.Body = g.block(0)
	f.Body = append(f.Body, &Stmt{Kind: SReturn, Args: g.results(), Fixed: true})
	// directives: one or two bindings of the static parameters; now and
	// then a Rep parameter bound too (a constant specialization).
	ng := 1 + g.n(2)
	for j := 0; j < ng; j++ {
		gd := &Gen{Name: fmt.Sprintf("F%d%c", i, 'a'+j), Bound: map[string]string{}}
		for _, v := range f.Params {
			switch {
			case !v.Dyn:
				gd.Order = append(gd.Order, v.Name)
				if v.T.Kind == Bool {
					gd.Bound[v.Name] = strconv.FormatBool(g.chance(50))
				} else {
					gd.Bound[v.Name] = strconv.Itoa(g.n(4))
				}
			case !v.T.Slice && v.T.Kind.IsInt() && g.chance(8):
				gd.Order = append(gd.Order, v.Name)
				gd.Bound[v.Name] = g.intLit(v.T.Kind)
			}
		}
		f.Gens = append(f.Gens, gd)
	}
	g.staging = append(g.staging, f)
}

// results draws the values of a return statement of the current function.
func (g *gen) results() []*Expr {
	var out []*Expr
	for _, t := range g.fn.Results {
		out = append(out, g.expr(t, 2))
	}
	return out
}

// ---- statements

// block generates a list of statements at nesting depth d.
func (g *gen) block(d int) []*Stmt {
	g.push()
	defer g.pop()
	var out []*Stmt
	n := 1 + g.n(4)
	if d == 0 {
		n = g.budget
	}
	for i := 0; i < n && g.budget > 0; i++ {
		g.budget--
		s := g.stmt(d)
		if s == nil {
			continue
		}
		out = append(out, s)
		if s.Kind == SReturn || s.Kind == SBreak || s.Kind == SContinue || s.Kind == SPanic {
			break // nothing after: it would be unreachable
		}
	}
	return out
}

func (g *gen) stmt(d int) *Stmt {
	for try := 0; try < 10; try++ {
		x := g.n(100)
		if d >= 3 && x >= 40 && x < 75 {
			continue // no deeper nesting
		}
		var s *Stmt
		switch {
		case x < 18:
			s = g.define()
		case x < 36:
			s = g.assign()
		case x < 40:
			s = g.sliceStmt()
		case x < 52:
			s = g.ifStmt(d)
		case x < 75:
			s = g.loop(d)
		case x < 83:
			s = g.print()
		case x < 88:
			s = g.exitStmt()
		case x < 91:
			s = g.panicStmt()
		default:
			s = g.define()
		}
		if s != nil {
			return s
		}
	}
	return nil
}

// define declares a local: a Rep of a stage type, a static value, a
// static-typed counter that staged control will make a variable, a
// sub-slice (an alias), or a slice made with make.
func (g *gen) define() *Stmt {
	switch x := g.n(100); {
	case x < 55:
		t := Type{Kind: g.randKind(), Stage: true}
		e := g.expr(t, 3)
		if e.Op == "lit" || t.Kind == Bool && e.Op != "var" && e.Op != "conv" {
			e = &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: e.Dyn, Args: []*Expr{e}}
		}
		v := g.newVar("v", t, true)
		g.declare(v)
		return &Stmt{Kind: SDefine, Decl: v, X: e}
	case x < 70:
		k := Int
		if g.chance(30) {
			k = g.intKind()
		}
		t := Type{Kind: k}
		e := g.staticExpr(k, 2)
		v := g.newVar("s", t, false)
		g.declare(v)
		return &Stmt{Kind: SDefine, Decl: v, X: e}
	case x < 78:
		// a static-typed variable that staged control will update
		t := Type{Kind: Int}
		v := g.newVar("c", t, false)
		v.Demoted = true
		g.declare(v)
		return &Stmt{Kind: SDefine, Decl: v, X: &Expr{Op: "lit", T: t, Lit: strconv.Itoa(g.n(3)), Const: true}}
	case x < 90:
		// a sub-slice of a slice in scope
		sl := g.visible(func(v *Var) bool { return v.T.Slice })
		if len(sl) == 0 {
			return nil
		}
		base := g.pick(sl)
		e := g.subslice(base)
		v := g.newVar("ys", base.T, base.Dyn || e.Dyn)
		g.declare(v)
		return &Stmt{Kind: SDefine, Decl: v, X: e}
	default:
		// make: with a static length (a static slice of Rep cells) or a
		// Rep one (a staged allocation)
		t := Type{Kind: g.numKind(), Stage: true, Slice: true}
		var n *Expr
		dyn := g.chance(40)
		if dyn {
			// a Rep length in [0, 7]
			n = g.nonConstBin("&", Type{Kind: Int, Stage: true}, g.expr(Type{Kind: Int, Stage: true}, 1), g.lit(Int, "7", true))
		} else {
			n = g.lit(Int, strconv.Itoa(g.n(5)), false)
		}
		v := g.newVar("m", t, dyn)
		g.declare(v)
		return &Stmt{Kind: SDefine, Decl: v, X: &Expr{Op: "call", Lit: "make", T: t, Dyn: dyn, Args: []*Expr{{Op: "lit", Lit: t.Go()}, n}}}
	}
}

// subslice slices base with static or Rep bounds (which may trap).
func (g *gen) subslice(base *Var) *Expr {
	b := &Expr{Op: "var", Var: base, T: base.T, Dyn: base.Dyn}
	e := &Expr{Op: "slice", T: base.T, Dyn: base.Dyn, Args: []*Expr{b, nil, nil}}
	bound := func() *Expr {
		if g.chance(60) {
			return g.lit(Int, strconv.Itoa(g.n(4)), false)
		}
		e.Dyn = true
		return g.indexExpr()
	}
	if g.chance(70) {
		e.Args[1] = bound()
	}
	if g.chance(50) {
		e.Args[2] = bound()
	}
	if e.Args[2] != nil && g.chance(20) {
		e.Args = append(e.Args, bound())
	}
	// constant bounds must be in order
	last := -1
	for _, a := range e.Args[1:] {
		if a != nil && a.Op == "lit" {
			n, _ := strconv.Atoi(a.Lit)
			if n < last {
				n = last
				a.Lit = strconv.Itoa(n)
			}
			last = n
		}
	}
	return e
}

// indexExpr is a Rep index: small, sometimes negative or large (a trap).
func (g *gen) indexExpr() *Expr {
	switch g.n(4) {
	case 0:
		t := Type{Kind: g.intKind(), Stage: true}
		e := g.expr(t, 1)
		if e.Const {
			e = g.dynVarOr(t, g.lit(Int, "1", false))
		}
		return e
	case 1:
		return g.nonConstBin("%", Type{Kind: Int, Stage: true}, g.dynLeaf(Type{Kind: Int, Stage: true}), g.lit(Int, strconv.Itoa(2+g.n(6)), true))
	default:
		return g.nonConstBin("&", Type{Kind: Uint8, Stage: true}, g.dynLeaf(Type{Kind: Uint8, Stage: true}), g.lit(Uint8, strconv.Itoa(1+g.n(7)), true))
	}
}

// assignable reports whether v may be assigned at the current point: a
// static variable only at the staging level it was declared at.
func (g *gen) assignable(v *Var) bool {
	if v.Name == "_" {
		return false
	}
	if v.static() {
		return g.level[v] == g.staged && !v.T.Slice
	}
	return true
}

func (g *gen) assign() *Stmt {
	vs := g.visible(func(v *Var) bool { return g.assignable(v) && !v.T.Slice && !g.isLoopVar(v) })
	if len(vs) == 0 {
		return g.define()
	}
	v := g.pick(vs)
	if v.Depth {
		return nil // the recursion must end
	}
	lhs := &Expr{Op: "var", Var: v, T: v.T, Dyn: v.Dyn}
	if v.Demoted {
		// a counter: counted up or reset
		switch g.n(3) {
		case 0:
			return &Stmt{Kind: SAssign, Lhs: lhs, Op: "++"}
		case 1:
			return &Stmt{Kind: SAssign, Lhs: lhs, Op: "+=", X: g.lit(Int, strconv.Itoa(1+g.n(5)), false)}
		default:
			return &Stmt{Kind: SAssign, Lhs: lhs, Op: "=", X: g.lit(Int, strconv.Itoa(g.n(9)), false)}
		}
	}
	if !v.Dyn {
		x := g.staticExpr(v.T.Kind, 2)
		if x.Op == "var" && x.Var == v {
			return nil // vet: self-assignment
		}
		return &Stmt{Kind: SAssign, Lhs: lhs, Op: "=", X: x}
	}
	k := v.T.Kind
	if k.IsNum() && g.chance(50) {
		ops := []string{"+=", "-=", "*="}
		if k.IsInt() {
			ops = append(ops, "&=", "|=", "^=", "<<=", ">>=", "/=", "%=")
		} else {
			ops = append(ops, "/=")
		}
		op := ops[g.n(len(ops))]
		var x *Expr
		switch op {
		case "<<=", ">>=":
			x = g.shiftCount(k)
		case "/=", "%=":
			x = g.divisor(v.T)
		default:
			x = g.expr(v.T, 2)
		}
		return &Stmt{Kind: SAssign, Lhs: lhs, Op: op, X: x}
	}
	if k == String && len(g.loops) > 0 {
		// a constant: s += s in a loop would double it at every
		// iteration; and only = inside a range over a string (see
		// loopInfo.overString)
		op := []string{"+=", "="}[g.n(2)]
		if g.inStringRange() {
			op = "="
		}
		return &Stmt{Kind: SAssign, Lhs: lhs, Op: op, X: g.constExpr(v.T)}
	}
	if k == String && g.chance(50) {
		return &Stmt{Kind: SAssign, Lhs: lhs, Op: "+=", X: g.expr(v.T, 1)}
	}
	x := g.expr(v.T, 3)
	if x.Op == "var" && x.Var == v {
		return nil // vet: self-assignment
	}
	return &Stmt{Kind: SAssign, Lhs: lhs, Op: "=", X: x}
}

// inStringRange reports whether the current point is inside a range
// over a string.
func (g *gen) inStringRange() bool {
	for _, l := range g.loops {
		if l.overString {
			return true
		}
	}
	return false
}

func (g *gen) isLoopVar(v *Var) bool { return v.Name[0] == 'i' || v.Name[0] == 'j' || v.Name[0] == 'e' }

// sliceStmt writes an element, appends, copies or reslices.
func (g *gen) sliceStmt() *Stmt {
	sl := g.visible(func(v *Var) bool { return v.T.Slice })
	if len(sl) == 0 {
		return g.assign()
	}
	v := g.pick(sl)
	ve := &Expr{Op: "var", Var: v, T: v.T, Dyn: v.Dyn}
	switch x := g.n(10); {
	case x < 5:
		var idx *Expr
		if !v.Dyn && g.chance(70) {
			idx = g.lit(Int, "0", false) // in range only if the slice is not empty: a static trap is a refusal
			if v.static() {
				return nil
			}
		} else {
			idx = g.indexExpr()
		}
		lhs := &Expr{Op: "index", T: v.T.Elem(), Dyn: true, Args: []*Expr{ve, idx}}
		op := "="
		if v.T.Kind.IsNum() && g.chance(40) {
			op = "+="
		}
		x := g.expr(v.T.Elem(), 2)
		if op == "=" && x.String() == lhs.String() {
			return nil // vet: self-assignment (seed 6306 F10a)
		}
		return &Stmt{Kind: SAssign, Lhs: lhs, Op: op, X: x}
	case x < 7:
		if !g.assignable(v) || g.isLoopVar(v) || g.caps {
			return nil
		}
		ap := &Expr{Op: "call", Lit: "append", T: v.T, Dyn: v.Dyn, Args: []*Expr{ve, g.expr(v.T.Elem(), 2)}}
		if g.chance(30) {
			ap.Args = append(ap.Args, g.expr(v.T.Elem(), 1))
		}
		return &Stmt{Kind: SAssign, Lhs: ve, Op: "=", X: ap}
	case x < 9:
		others := g.visible(func(w *Var) bool { return w.T.Slice && w.T.Kind == v.T.Kind })
		src := g.pick(others)
		se := &Expr{Op: "var", Var: src, T: src.T, Dyn: src.Dyn}
		if g.chance(50) {
			se = g.subslice(src)
		}
		return &Stmt{Kind: SExpr, X: &Expr{Op: "call", Lit: "copy", T: Type{Kind: Int}, Dyn: true, Args: []*Expr{ve, se}}}
	default:
		if !g.assignable(v) || !v.Dyn || g.isLoopVar(v) {
			return nil
		}
		return &Stmt{Kind: SAssign, Lhs: ve, Op: "=", X: g.subslice(v)}
	}
}

func (g *gen) ifStmt(d int) *Stmt {
	dyn := g.chance(75)
	var c *Expr
	if dyn {
		c = g.dynBool(2)
	} else {
		c = g.staticBool()
	}
	if dyn {
		g.staged++
	}
	s := &Stmt{Kind: SIf, X: c, Body: g.block(d + 1)}
	if g.chance(40) {
		s.Else = g.block(d + 1)
	}
	if dyn {
		g.staged--
	}
	if len(s.Body) == 0 {
		s.Body = []*Stmt{g.print()}
	}
	return s
}

// loop generates a staged loop (a Rep condition, always bounded by a
// static count) or an unrolled one (static bounds).
func (g *gen) loop(d int) *Stmt {
	switch x := g.n(100); {
	case x < 30:
		// for i := stage.Int(0); i < B && cond; i++
		i := g.newVar("i", Type{Kind: Int, Stage: true}, true)
		bound := 1 + g.n(6)
		g.staged++
		g.push()
		g.declare(i)
		var cond *Expr
		if g.chance(50) {
			cond = g.dynBool(1)
		}
		s := &Stmt{Kind: SFor, LoopVars: []*Var{i}, X: cond}
		s.Head = func() string {
			test := fmt.Sprintf("%s < %d", i.Name, bound)
			h := fmt.Sprintf("%s := stage.Int(0); %s", i.Name, test)
			// vet: redundant and (a conversion of i to its own type is i)
			if x := s.X; x != nil && !strings.Contains(strings.ReplaceAll(x.String(), "stage.Int("+i.Name+")", i.Name), test) {
				h += " && " + x.String()
			}
			return h + "; " + i.Name + "++"
		}
		g.loops = append(g.loops, loopInfo{staged: true, level: g.staged})
		s.Body = g.block(d + 1)
		g.loops = g.loops[:len(g.loops)-1]
		g.pop()
		g.staged--
		return s
	case x < 45:
		// for c := 0; cond && c < B; c++: a static-typed counter made a
		// staged variable
		c := g.newVar("e", Type{Kind: Int}, false)
		c.Demoted = true
		bound := 1 + g.n(5)
		g.staged++
		g.push()
		g.declare(c)
		s := &Stmt{Kind: SFor, LoopVars: []*Var{c}, X: g.dynBool(1)}
		s.Head = func() string {
			return fmt.Sprintf("%s := 0; %s && %s < %d; %s++", c.Name, s.X, c.Name, bound, c.Name)
		}
		g.loops = append(g.loops, loopInfo{staged: true, level: g.staged})
		s.Body = g.block(d + 1)
		g.loops = g.loops[:len(g.loops)-1]
		g.pop()
		g.staged--
		return s
	case x < 62:
		// range over a Rep slice or a Rep string
		cands := g.visible(func(v *Var) bool { return (v.T.Slice && v.Dyn) || (v.T.Kind == String && v.Dyn && v.T.Stage) })
		if len(cands) == 0 {
			return nil
		}
		over := g.pick(cands)
		idx := g.newVar("j", Type{Kind: Int}, true)
		var el *Var
		if over.T.Slice {
			el = g.newVar("e", over.T.Elem(), true)
		} else {
			el = g.newVar("e", Type{Kind: Int32}, true) // a rune
		}
		g.staged++
		g.push()
		g.declare(idx)
		g.declare(el)
		s := &Stmt{Kind: SFor, LoopVars: []*Var{idx, el}}
		s.Head = func() string { return fmt.Sprintf("%s, %s := range %s", idx.Name, el.Name, over.Name) }
		g.loops = append(g.loops, loopInfo{staged: true, level: g.staged, overString: !over.T.Slice})
		s.Body = g.block(d + 1)
		g.loops = g.loops[:len(g.loops)-1]
		g.pop()
		g.staged--
		return s
	default:
		// unrolled: for j := 0; j < B; j++ or for j := range B
		if g.unrollDepth >= 2 {
			return nil
		}
		j := g.newVar("j", Type{Kind: Int}, false)
		bound := strconv.Itoa(1 + g.n(4))
		if ks := g.visible(func(v *Var) bool { return v.static() && v.T.Kind == Int && v.Name[0] == 'k' }); len(ks) > 0 && g.chance(40) {
			bound = g.pick(ks).Name
		}
		form := g.n(2)
		g.push()
		g.declare(j)
		g.unrollDepth++
		s := &Stmt{Kind: SFor, LoopVars: []*Var{j}}
		s.Head = func() string {
			if form == 0 {
				return fmt.Sprintf("%s := range %s", j.Name, bound)
			}
			return fmt.Sprintf("%s := 0; %s < %s; %s++", j.Name, j.Name, bound, j.Name)
		}
		g.loops = append(g.loops, loopInfo{level: g.staged})
		s.Body = g.block(d + 1)
		g.loops = g.loops[:len(g.loops)-1]
		g.unrollDepth--
		g.pop()
		return s
	}
}

// exitStmt is a break, continue or return under a condition.
func (g *gen) exitStmt() *Stmt {
	var inner *Stmt
	inLoop := len(g.loops) > 0
	staticLoop := inLoop && !g.loops[len(g.loops)-1].staged
	if staticLoop && g.staged != g.loops[len(g.loops)-1].level {
		inLoop = false // a staged exit from an unrolled loop is not generated
	}
	switch x := g.n(3); {
	case x == 0 && inLoop:
		inner = &Stmt{Kind: SBreak}
	case x == 1 && inLoop:
		inner = &Stmt{Kind: SContinue}
	default:
		inner = &Stmt{Kind: SReturn, Args: g.results()}
	}
	var c *Expr
	if staticLoop && inner.Kind != SReturn {
		c = g.staticBool() // a staged exit from an unrolled loop is not tested
	} else {
		c = g.dynBool(2)
	}
	return &Stmt{Kind: SIf, X: c, Body: []*Stmt{inner}}
}

func (g *gen) panicStmt() *Stmt {
	return &Stmt{Kind: SIf, X: g.dynBool(2), Body: []*Stmt{{Kind: SPanic, Lit: fmt.Sprintf("rpg panic %d", g.n(100))}}}
}

func (g *gen) print() *Stmt {
	n := 1 + g.n(3)
	var args []*Expr
	panics := false
	for i := 0; i < n; i++ {
		t := Type{Kind: g.randKind(), Stage: true}
		e := g.expr(t, 2)
		if e.Const || panics && mayPanic(e) {
			// vet reads constant arguments of Println as possible
			// formats; a variable holding one is lmsgen's business.
			// Of two arguments that may panic, Go does not say which
			// panics first (gc converts fmt.Println(x/y, s[i])'s
			// arguments to interfaces and indexes first; seed 5208).
			if e = g.dynVarOr(t, nil); e == nil {
				continue
			}
		}
		panics = panics || mayPanic(e)
		args = append(args, e)
	}
	if len(args) == 0 {
		args = append(args, g.dynVarOr(Type{Kind: Int, Stage: true}, nil))
	}
	fn := "fmt.Println"
	switch g.n(6) {
	case 0:
		fn = "println"
	case 1:
		fn = "print"
		args = args[:1]
		args = append(args, g.lit(String, `"\n"`, false))
	case 2:
		fn = "fmt.Print"
		args = append(args, g.lit(String, `"\n"`, false))
	}
	return &Stmt{Kind: SExpr, X: &Expr{Op: "call", Lit: fn, Args: args}}
}

// mayPanic reports whether evaluating e may panic or have an effect: an
// integer division, remainder or shift by an operand that is not
// constant, an index, a slice expression, or a call other than len and
// cap (a helper, make, append).
func mayPanic(e *Expr) bool {
	if e == nil {
		return false
	}
	switch e.Op {
	case "index", "slice":
		return true
	case "call":
		if e.Lit != "len" && e.Lit != "cap" {
			return true
		}
	case "bin":
		switch e.Lit {
		case "/", "%":
			if !e.T.Kind.IsFloat() && !e.Args[1].Const {
				return true
			}
		case "<<", ">>":
			if !e.Args[1].Const {
				return true
			}
		}
	}
	for _, a := range e.Args {
		if mayPanic(a) {
			return true
		}
	}
	return false
}

// ---- expressions

func (g *gen) lit(k Kind, text string, typed bool) *Expr {
	return &Expr{Op: "lit", T: Type{Kind: k}, Lit: text, Const: true}
}

// intLit is a literal of an integer kind: edge values often.
func (g *gen) intLit(k Kind) string {
	bits := k.Bits()
	var v int64
	var u uint64
	switch g.n(6) {
	case 0:
		if k.Signed() {
			edges := []int64{math.MinInt64 >> (64 - bits), math.MaxInt64 >> (64 - bits), -1, 0, 1}
			v = edges[g.n(len(edges))]
		} else {
			edges := []uint64{math.MaxUint64 >> (64 - bits), 0, 1, 1 << (bits - 1)}
			u = edges[g.n(len(edges))]
		}
	case 1, 2, 3:
		v = int64(g.n(17) - 8)
		u = uint64(g.n(10))
	default:
		r := g.r.Uint64()
		v = int64(r) >> (64 - bits)
		u = r >> (64 - bits)
	}
	if k.Signed() {
		return strconv.FormatInt(v, 10)
	}
	return strconv.FormatUint(u, 10)
}

func (g *gen) floatLit() string {
	lits := []string{"0", "1", "-1", "0.5", "2.5", "-3.25", "1e10", "1e-7", "3.4028234663852886e38", "1e300", "-0.0"}
	return lits[g.n(len(lits))]
}

// constExpr is a constant of Go type t (a stage type: stage.T(lit)).
func (g *gen) constExpr(t Type) *Expr {
	var text string
	switch k := t.Kind; {
	case k.IsInt():
		text = g.intLit(k)
	case k.IsFloat():
		text = g.floatLit()
		if k == Float32 && text == "1e300" {
			text = "1e30"
		}
	case k == Bool:
		text = strconv.FormatBool(g.chance(50))
	default:
		strs := []string{`""`, `"a"`, `"xyz"`, `"é!"`, `"\xff"`, `"%d"`, `"0123456789"`}
		text = strs[g.n(len(strs))]
	}
	return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: t.Stage, Const: true, Args: []*Expr{{Op: "lit", T: Type{Kind: t.Kind}, Lit: text, Const: true}}}
}

// dynLeaf is a Rep leaf of stage type t: a variable, a conversion of one,
// or a constant.
func (g *gen) dynLeaf(t Type) *Expr {
	same := g.visible(func(v *Var) bool { return v.Dyn && !v.T.Slice && v.T == t })
	if len(same) > 0 && g.chance(75) {
		v := g.pick(same)
		return &Expr{Op: "var", Var: v, T: t, Dyn: true}
	}
	if t.Kind.IsNum() {
		// a conversion of another number (a Rep, or a static lifted)
		others := g.visible(func(v *Var) bool {
			return !v.T.Slice && v.T.Kind.IsNum() && (v.Dyn || v.static() || v.Demoted) && !(t.Kind.IsInt() && v.T.Kind.IsFloat())
		})
		if len(others) > 0 && g.chance(60) {
			v := g.pick(others)
			return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: true, Args: []*Expr{{Op: "var", Var: v, T: v.T, Dyn: v.Dyn}}}
		}
		// len of a slice, an element
		sl := g.visible(func(v *Var) bool { return v.T.Slice })
		if len(sl) > 0 && g.chance(40) {
			s := g.pick(sl)
			se := &Expr{Op: "var", Var: s, T: s.T, Dyn: s.Dyn}
			if s.T.Kind == t.Kind && g.chance(60) {
				return &Expr{Op: "index", T: t, Dyn: true, Args: []*Expr{se, g.indexExpr()}}
			}
			if t.Kind.IsInt() {
				fn := "len"
				if g.caps && g.chance(20) {
					fn = "cap"
				}
				return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: true, Args: []*Expr{{Op: "call", Lit: fn, T: Type{Kind: Int}, Dyn: s.Dyn, Args: []*Expr{se}}}}
			}
		}
		strs := g.visible(func(v *Var) bool { return v.Dyn && v.T.Kind == String && v.T.Stage })
		if len(strs) > 0 && t.Kind.IsInt() && g.chance(30) {
			s := g.pick(strs)
			se := &Expr{Op: "var", Var: s, T: s.T, Dyn: true}
			if g.chance(50) {
				return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: true, Args: []*Expr{{Op: "call", Lit: "len", T: Type{Kind: Int}, Dyn: true, Args: []*Expr{se}}}}
			}
			return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: true, Args: []*Expr{{Op: "index", T: Type{Kind: Uint8}, Dyn: true, Args: []*Expr{se, g.indexExpr()}}}}
		}
	}
	return g.constExpr(t)
}

// expr is an expression of Go type t (a stage type: a Rep; or a slice).
func (g *gen) expr(t Type, depth int) *Expr {
	if t.Slice {
		// a Rep slice: a static one cannot be merged after staged control
		sl := g.visible(func(v *Var) bool { return v.T == t && v.Dyn })
		if len(sl) > 0 {
			v := g.pick(sl)
			if g.chance(70) {
				return &Expr{Op: "var", Var: v, T: t, Dyn: v.Dyn}
			}
			return g.subslice(v)
		}
		// a staged allocation (a Rep length): append(nil, ...) would be a
		// static slice, which lmsgen cannot merge after staged control
		n := g.nonConstBin("&", Type{Kind: Int, Stage: true}, g.dynVarOr(Type{Kind: Int, Stage: true}, nil), g.lit(Int, "3", false))
		return &Expr{Op: "call", Lit: "make", T: t, Dyn: true, Args: []*Expr{{Op: "lit", Lit: t.Go()}, n}}
	}
	if !t.Stage {
		return g.staticExpr(t.Kind, depth)
	}
	if depth <= 0 || g.chance(25) {
		return g.dynLeaf(t)
	}
	k := t.Kind
	switch {
	case k == Bool:
		return g.dynBool(depth)
	case k == String:
		switch g.n(4) {
		case 0:
			return g.nonConstBin("+", t, g.expr(t, depth-1), g.expr(t, depth-1))
		case 1:
			s := g.expr(t, 0)
			if !s.Dyn || s.Op != "var" {
				return s
			}
			e := &Expr{Op: "slice", T: t, Dyn: true, Args: []*Expr{s, nil, nil}}
			if g.chance(70) {
				e.Args[1] = g.indexExpr()
			}
			if g.chance(50) {
				e.Args[2] = g.indexExpr()
			}
			return e
		case 2:
			if fs := g.funCall(t, depth); fs != nil {
				return fs
			}
		}
		return g.dynLeaf(t)
	}
	x := g.n(100)
	switch {
	case x < 45:
		ops := []string{"+", "-", "*"}
		if k.IsInt() {
			ops = append(ops, "&", "|", "^", "&^")
		} else {
			ops = append(ops, "/")
		}
		op := ops[g.n(len(ops))]
		return g.nonConstBin(op, t, g.expr(t, depth-1), g.expr(t, depth-1))
	case x < 55 && k.IsInt():
		op := []string{"/", "%"}[g.n(2)]
		return g.nonConstBin(op, t, g.expr(t, depth-1), g.divisor(t))
	case x < 65 && k.IsInt():
		op := []string{"<<", ">>"}[g.n(2)]
		return g.nonConstBin(op, t, g.expr(t, depth-1), g.shiftCount(k))
	case x < 72:
		a := g.expr(t, depth-1)
		if a.Const {
			return a
		}
		op := "-"
		if k.IsInt() && g.chance(50) {
			op = "^"
		}
		return &Expr{Op: "un", Lit: op, T: t, Dyn: true, Args: []*Expr{a}}
	case x < 80:
		// a conversion from another kind
		from := g.numKind()
		if k.IsInt() && from.IsFloat() {
			from = g.intKind()
		}
		a := g.expr(Type{Kind: from, Stage: true}, depth-1)
		if a.Const {
			return g.dynLeaf(t) // a constant conversion might overflow
		}
		return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: true, Args: []*Expr{a}}
	case x < 86 && k.IsFloat():
		fns := []string{"stage.Sqrt", "stage.Abs", "stage.Floor", "stage.Min", "stage.Max", "stage.Copysign"}
		fn := fns[g.n(len(fns))]
		args := []*Expr{g.expr(t, depth-1)}
		if fn == "stage.Min" || fn == "stage.Max" || fn == "stage.Copysign" {
			args = append(args, g.expr(t, depth-1))
		}
		return &Expr{Op: "call", Lit: fn, T: t, Dyn: true, Args: args}
	case x < 94:
		if fs := g.funCall(t, depth); fs != nil {
			return fs
		}
	}
	return g.dynLeaf(t)
}

// nonConstBin builds a op b, making sure one side is not constant (a
// constant expression might overflow, or divide by zero, at compile time).
func (g *gen) nonConstBin(op string, t Type, a, b *Expr) *Expr {
	if a.Const && b.Const {
		ot := a.T
		if !ot.Stage {
			ot = b.T
		}
		a = g.dynVarOr(ot, nil)
		if a == nil {
			return b // no variable to compute with
		}
	}
	return &Expr{Op: "bin", Lit: op, T: t, Dyn: a.Dyn || b.Dyn, Args: []*Expr{a, b}}
}

// dynVarOr is a Rep variable of type t, else the conversion of a Rep
// parameter of any kind, else def.
func (g *gen) dynVarOr(t Type, def *Expr) *Expr {
	vs := g.visible(func(v *Var) bool { return v.Dyn && !v.T.Slice && v.T == t })
	if len(vs) > 0 {
		v := g.pick(vs)
		return &Expr{Op: "var", Var: v, T: t, Dyn: true}
	}
	if t.Kind.IsNum() {
		vs = g.visible(func(v *Var) bool {
			return !v.T.Slice && v.T.Kind.IsNum() && !(t.Kind.IsInt() && v.T.Kind.IsFloat())
		})
		if len(vs) > 0 {
			v := g.pick(vs)
			return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: true, Args: []*Expr{{Op: "var", Var: v, T: v.T, Dyn: v.Dyn}}}
		}
		sl := g.visible(func(v *Var) bool { return v.T.Slice })
		if len(sl) > 0 && t.Kind.IsInt() {
			s := g.pick(sl)
			return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: true, Args: []*Expr{{Op: "call", Lit: "len", T: Type{Kind: Int}, Dyn: s.Dyn, Args: []*Expr{{Op: "var", Var: s, T: s.T, Dyn: s.Dyn}}}}}
		}
	}
	if t.Kind == String {
		vs = g.visible(func(v *Var) bool { return v.T.Kind == String && !v.T.Slice })
		if len(vs) > 0 {
			v := g.pick(vs)
			return &Expr{Op: "conv", Lit: t.Go(), T: t, Dyn: true, Args: []*Expr{{Op: "var", Var: v, T: v.T, Dyn: v.Dyn}}}
		}
	}
	return def
}

// divisor is the right operand of / or %: a Rep (maybe zero: a trap), a
// nonzero constant, or -1 (MinInt / -1).
func (g *gen) divisor(t Type) *Expr {
	switch g.n(4) {
	case 0:
		lit := strconv.Itoa(2 + g.n(9))
		if t.Kind.Signed() && g.chance(30) {
			lit = "-1"
		}
		return g.lit(t.Kind, lit, false)
	default:
		d := g.expr(t, 1)
		if d.Const {
			d = g.dynVarOr(t, nil) // a constant zero would not compile
		}
		if d == nil {
			d = g.lit(t.Kind, "3", false)
		}
		return d
	}
}

// shiftCount is a shift count: small constants, or a Rep of any integer
// kind, masked or not (a negative signed count traps; a large one shifts
// everything out).
func (g *gen) shiftCount(k Kind) *Expr {
	switch g.n(4) {
	case 0:
		return g.lit(Uint, strconv.Itoa(g.n(k.Bits())), false)
	case 1:
		ck := g.intKind()
		return g.nonConstBin("&", Type{Kind: ck, Stage: true}, g.dynLeaf(Type{Kind: ck, Stage: true}), g.lit(ck, strconv.Itoa(k.Bits()-1+g.n(3)), false))
	default:
		ck := g.intKind()
		e := g.expr(Type{Kind: ck, Stage: true}, 1)
		if e.Const {
			return g.lit(Uint, strconv.Itoa(g.n(k.Bits())), false)
		}
		return e
	}
}

// dynBool is a Rep condition.
func (g *gen) dynBool(depth int) *Expr {
	t := Type{Kind: Bool, Stage: true}
	x := g.n(100)
	switch {
	case x < 55 || depth <= 0:
		k := g.randKind()
		if k == Bool {
			k = Int
		}
		ct := Type{Kind: k, Stage: true}
		ops := []string{"==", "!=", "<", "<=", ">", ">="}
		a, b := g.expr(ct, depth-1), g.expr(ct, depth-1)
		e := g.nonConstBin(ops[g.n(len(ops))], t, a, b)
		if e.Op != "bin" {
			return g.dynBoolCmp()
		}
		return e
	case x < 75:
		op := []string{"&&", "||"}[g.n(2)]
		a, b := g.dynBool(depth-1), g.dynBool(depth-1)
		if vetRedundant(op, a, b) {
			return a
		}
		return g.nonConstBin(op, t, a, b)
	case x < 85:
		a := g.dynBool(depth - 1)
		if a.Const {
			return a
		}
		return &Expr{Op: "un", Lit: "!", T: t, Dyn: true, Args: []*Expr{a}}
	}
	return g.boolVarOr(g.dynBoolCmp())
}

// vetRedundant reports whether a op b, op && or ||, would fail go vet's
// bools check, which reads a chain of one operator through parentheses:
// an operand repeated (a && (a && b): redundant and; rpg seed 5207), or
// x != c1 || x != c2 and x == c1 && x == c2 on constants (suspect or,
// suspect and).
func vetRedundant(op string, a, b *Expr) bool {
	var ops []*Expr
	var split func(e *Expr)
	split = func(e *Expr) {
		if e.Op == "bin" && e.Lit == op {
			split(e.Args[0])
			split(e.Args[1])
			return
		}
		ops = append(ops, e)
	}
	split(a)
	split(b)
	cmp := map[string]string{"||": "!=", "&&": "=="}[op]
	seen := map[string]bool{}
	compared := map[string]bool{} // x of x != c (||) or x == c (&&)
	for _, e := range ops {
		if seen[e.String()] {
			return true
		}
		seen[e.String()] = true
		if e.Op == "bin" && e.Lit == cmp && (e.Args[0].Const || e.Args[1].Const) {
			x := e.Args[0]
			if x.Const {
				x = e.Args[1]
			}
			if compared[x.String()] {
				return true
			}
			compared[x.String()] = true
		}
	}
	return false
}

func (g *gen) boolVarOr(def *Expr) *Expr {
	vs := g.visible(func(v *Var) bool { return v.Dyn && v.T.Kind == Bool && v.T.Stage })
	if len(vs) > 0 {
		v := g.pick(vs)
		return &Expr{Op: "var", Var: v, T: v.T, Dyn: true}
	}
	return def
}

// dynBoolCmp is a comparison of a Rep variable with a constant.
func (g *gen) dynBoolCmp() *Expr {
	t := Type{Kind: Int, Stage: true}
	return &Expr{Op: "bin", Lit: "<", T: Type{Kind: Bool, Stage: true}, Dyn: true, Args: []*Expr{g.dynVarOr(t, g.constExpr(t)), g.lit(Int, strconv.Itoa(g.n(5)), false)}}
}

// staticExpr is a static expression of plain kind k.
func (g *gen) staticExpr(k Kind, depth int) *Expr {
	t := Type{Kind: k}
	vs := g.visible(func(v *Var) bool { return v.static() && !v.T.Slice && v.T.Kind == k })
	leaf := func() *Expr {
		if len(vs) > 0 && g.chance(70) {
			v := g.pick(vs)
			return &Expr{Op: "var", Var: v, T: t}
		}
		if k.IsInt() {
			if k == Int {
				return g.lit(k, strconv.Itoa(g.n(9)-2), false)
			}
			return &Expr{Op: "conv", Lit: k.String(), T: t, Const: true, Args: []*Expr{g.lit(k, g.intLit(k), false)}}
		}
		if k == Bool {
			return g.lit(k, strconv.FormatBool(g.chance(50)), false)
		}
		return g.lit(k, "1", false)
	}
	if depth <= 0 || g.chance(30) || !k.IsInt() {
		return leaf()
	}
	ops := []string{"+", "-", "*", "&", "|", "^", "/", "%", "<<", ">>"}
	op := ops[g.n(len(ops))]
	a := g.staticExpr(k, depth-1)
	var b *Expr
	switch op {
	case "/", "%":
		b = g.lit(k, strconv.Itoa(1+g.n(7)), false)
	case "<<", ">>":
		b = g.lit(Uint, strconv.Itoa(g.n(k.Bits())), false)
	default:
		b = g.staticExpr(k, depth-1)
	}
	if a.Const && b.Const {
		if len(vs) == 0 {
			return leaf()
		}
		a = &Expr{Op: "var", Var: g.pick(vs), T: t}
	}
	return &Expr{Op: "bin", Lit: op, T: t, Args: []*Expr{a, b}}
}

func (g *gen) staticBool() *Expr {
	ks := g.visible(func(v *Var) bool { return v.static() && !v.T.Slice && (v.T.Kind == Bool || v.T.Kind == Int) })
	if len(ks) == 0 {
		return g.lit(Bool, strconv.FormatBool(g.chance(50)), false)
	}
	v := g.pick(ks)
	ve := &Expr{Op: "var", Var: v, T: v.T}
	if v.T.Kind == Bool {
		return ve
	}
	ops := []string{"==", "!=", "<", ">"}
	return &Expr{Op: "bin", Lit: ops[g.n(len(ops))], T: Type{Kind: Bool}, Args: []*Expr{ve, g.lit(Int, strconv.Itoa(g.n(4)), false)}}
}
