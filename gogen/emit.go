package gogen

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// funcGen emits one specialization: its Go function, and the top-level
// functions its staged functions become.
type funcGen struct {
	*analysis
	file    *fileGen
	spec    string               // the specialization's name
	fnIndex int                  // the specialization's index among File's Funcs
	results []ir.GoValue         // the specialization's Go results, if they are not the graph's (sig.go)
	chars   map[ir.Sym]charInput // the graph inputs that hold characters (chars.go)
	// unfusedFMA writes math.FMA(x, y, z) as x*y + z: a relaxed
	// specialization (Func.RelaxedFP) in the portable file, where
	// math.FMA is one instruction on some targets only and gc fuses
	// x*y + z on those that have one (simd.go).
	unfusedFMA bool

	names  []string            // Go name of each symbol, chosen at first use
	global map[ir.Sym]string   // package-level name of unwritten static tables and top-level functions (few: a map)
	tables map[ir.Sym]string   // package-level variable of each static table
	elems  map[ir.Sym][]string // names bound to the results of a multi-result value
	fn     *goFunc             // the top-level Go function being written

	// Inlining. A node the schedule inlines is written at its single use
	// in the block where it is placed: inl records the frame (one per block
	// being written) in which a symbol is inline, consumed whether its use
	// has been written.
	inl       []int32
	consumed  []bool
	frame     int32
	nframes   int32
	rootFrame int32 // the frame of the function's body (g.Block)
	closures  int8  // 0 not known yet, 1 no function literal in the graph, 2 some (parassign.go)

	// Buffers of parallelRun (parassign.go), reused from one call to the next.
	parGets, parSets []*ir.Node
	parEnds          []int

	// The bound of the loop condition being written as len(t) (bounds.go).
	lenOf *loopLen

	// The post statement of the loop being written: written apart, as
	// the for clause's post statement.
	post     *ir.Node
	postCode jen.Code

	// The uses of locals left out with dead slots (deadslot.go).
	dropped map[nameRead]int32

	// The loops whose exits return (exitreturn.go), and the nodes left
	// unwritten for them: their code variables and its sets.
	exitRets map[ir.Sym]*exitReturn
	tailRets []*exitReturn // those whose breaks go on to the code after the loop (exittail.go)
	// The blocks planned: function bodies, and the branches written
	// with returns (if c { return ... }; for ... { ... }; return ...).
	retPlanned map[*ir.Block]bool
	minArgs    map[ir.Sym]minOp // a min or max written as an operand of another (minmax.go)
	unwritten  map[ir.Sym]bool

	// The inner loops whose exits dispatch in place, the loops written
	// with exits being written (innermost last) and the labels given
	// (exitdispatch.go).
	exitDisp  map[ir.Sym]*exitDispatch
	exitStack []*exitLoop
	labels    int

	// The vector plan (simd.go), nil for scalar code, and the names of
	// the specialization's Go parameters (for the scalar fallback call).
	simd       *simdState
	scalar     string // the scalar code's name, for vector code
	paramNames []string

	// How the source wrote its integer literals, and the node being
	// written, whose line they are looked up on (literals.go).
	lits *ir.Literals
	at   *ir.Node

	// The blocks being written, each up to the statement being written
	// (threadret.go).
	open []openBlock
}

// goFunc is the state of one top-level Go function: its names (closures
// share their enclosing function's) and the constants that must be
// variables in it.
type goFunc struct {
	names     *namer
	params    map[string]bool // the names of its parameters and its closures'
	opaque    []jen.Code
	opaqueFor map[*ir.Const]string
	zeroNote  bool // opaque holds the comment on the variables standing for constants
	// The vector constants of the vector code (gogen/simd.go, bcast),
	// bound once at the function's start after the CPU check.
	bcasts   []jen.Code
	bcastFor map[bcastKey]string
}

func (fg *funcGen) newGoFunc() *goFunc {
	return &goFunc{names: newNamer(fg.file.names), params: map[string]bool{}, opaqueFor: map[*ir.Const]string{}, bcastFor: map[bcastKey]string{}}
}

// frame is a block being written.
type frame struct {
	b      *ir.Block
	nodes  []*ir.Node
	id     int32
	parent int32
	saved  []savedInl
	loops  []forLoop // variables declared by the for clause of a later loop

	loopAfter []int32 // index of the next loop statement after each index (see nextLoop)

	vecDirty bool // a statement with packs in it was written, and no ClearAVXUpperBits since (simd_vzero.go)
}

type forLoop struct {
	v, w, post *ir.Node
}

// loop returns the for clause planned for loop w.
func (fr *frame) loop(w *ir.Node) (forLoop, bool) {
	for _, l := range fr.loops {
		if l.w == w {
			return l, true
		}
	}
	return forLoop{}, false
}

type savedInl struct {
	s  ir.Sym
	id int32
}

// enter starts writing block b: the nodes its plan writes inline are
// inline in the new frame.
func (fg *funcGen) enter(b *ir.Block) *frame {
	p := fg.plans[b]
	fg.nframes++
	fr := &frame{b: b, nodes: p.nodes, id: fg.nframes, parent: fg.frame}
	for j, n := range p.nodes {
		if p.inline[j] && !fg.packed(n) {
			fr.saved = append(fr.saved, savedInl{n.Sym, fg.inl[n.Sym]})
			fg.inl[n.Sym] = fr.id
			fg.consumed[n.Sym] = false
		}
	}
	fg.frame = fr.id
	if b == fg.g.Block {
		fg.rootFrame = fr.id
	}
	return fr
}

// leave ends the block of fr. Unless the block ended early (a panic), an
// inline node with an effect that was never written is a bug: its effect
// would be lost.
func (fg *funcGen) leave(fr *frame, terminated bool) {
	if !terminated {
		for _, sv := range fr.saved {
			if n := fg.g.Def(sv.s); !fg.consumed[sv.s] && !pureNode(n) {
				panic("BUG: gogen: inline node " + ir.FormatNode(n) + " is not used in its block")
			}
		}
	}
	for i := len(fr.saved) - 1; i >= 0; i-- {
		fg.inl[fr.saved[i].s] = fr.saved[i].id
	}
	fg.frame = fr.parent
}

// inlineNode returns the node of s if s is written inline in the current
// block and has not been written yet.
func (fg *funcGen) inlineNode(s ir.Sym) *ir.Node {
	if fg.inl[s] == fg.frame && fg.frame != 0 && !fg.consumed[s] {
		return fg.g.Def(s)
	}
	return nil
}

// isInline reports whether e is written inline in the current block.
func (fg *funcGen) isInline(e ir.Exp) bool {
	return e.IsSym() && fg.inlineNode(e.Sym()) != nil
}

// ref writes a use of e: a constant, the expression of an inline node, or
// a name.
func (fg *funcGen) ref(e ir.Exp, ctx constCtx) expr {
	if c := e.Const(); c != nil {
		if v, ok := c.Val.(ir.OpaqueVal); ok && v.Fresh() {
			return fg.opaque(c) // one object per call, as the staging code's
		}
		if l, ok := fg.literal(c, ctx); ok {
			return l
		}
		return constExpr(c, ctx)
	}
	s := e.Sym()
	if x, ok := fg.lenRef(s); ok {
		return x
	}
	if op, ok := fg.minArgs[s]; ok {
		// A min or max written at its use (minmax.go).
		return primary(fg.minMaxCall(op.fn, op.x, op.y))
	}
	if n := fg.inlineNode(s); n != nil {
		fg.consumed[s] = true
		return fg.nodeExpr(n)
	}
	if fg.forwarded[s] {
		return rawExpr(fg.name(fg.g.Def(s).Args[0].Sym()), precPrimary)
	}
	if n := fg.g.Def(s); n != nil && fg.lenOfInput(n) {
		return fg.nodeExpr(n)
	}
	if _, ok := fg.arrayTable(s); ok {
		return rawExpr(fg.nameOf(s)+"[:]", precPrimary) // the table as a slice
	}
	return rawExpr(fg.nameOf(s), precPrimary)
}

// refs writes uses of es as arguments of parameters of their own types.
func (fg *funcGen) refs(es []ir.Exp, ctx constCtx) []jen.Code {
	cs := make([]jen.Code, len(es))
	for i, e := range es {
		cs[i] = fg.ref(e, ctx).code()
	}
	return cs
}

// arrayTable reports whether s is a static table the code only reads,
// declared as a package-level array, and its length.
func (fg *funcGen) arrayTable(s ir.Sym) (int, bool) {
	n := fg.g.Def(s)
	if n == nil || n.Op != ir.OpStatic || fg.written[s] {
		return 0, false
	}
	return reflect.ValueOf(n.Aux.(*ir.StaticData).Vals).Len(), true
}

// base writes s as the operand of an index expression or of len or cap:
// an array table by its name, unless the index is a constant outside it
// (Go rejects t[9] on an [8]T at compile time, and the read must panic at
// run time as the graph says) or the table is empty; otherwise as ref
// does. gc compiles an index of a zero-length array to a bounds check of
// the constant 0 ("index out of range [0] with length 0" whatever the
// index), where the slice the staging code indexed names the index.
func (fg *funcGen) base(s ir.Exp, index ...ir.Exp) expr {
	if s.IsSym() && !fg.isInline(s) {
		if n, ok := fg.arrayTable(s.Sym()); ok {
			in := n > 0
			for _, c := range index {
				if k := c.Const(); k != nil {
					in = !badIndexConst(c) && constUint(k) < uint64(n)
				}
			}
			if in {
				return rawExpr(fg.nameOf(s.Sym()), precPrimary)
			}
		}
	}
	return fg.ref(s, ctxConverted)
}

// nameOf returns the name a use of s refers to: the package-level name of
// a static table or top-level function, or the local name of s.
func (fg *funcGen) nameOf(s ir.Sym) string {
	if fg.global[s] != "" {
		return fg.global[s]
	}
	if d := fg.g.Def(s); d != nil && d.Op == ir.OpForward {
		return fg.nameOf(d.Args[0].Sym())
	}
	return fg.name(s)
}

// name returns the local name of s, choosing it at first use: the source
// name where the graph has one, x<N> otherwise.
func (fg *funcGen) name(s ir.Sym) string {
	if fg.names[s] == "" {
		fg.names[s] = fg.fn.names.fresh(fg.baseName(s))
	}
	return fg.names[s]
}

// baseName returns the name s would like to have.
func (fg *funcGen) baseName(s ir.Sym) string {
	if n := sanitize(fg.g.Name(s)); n != "" {
		return localName(n)
	}
	if f, ok := fg.fwdOf[s]; ok {
		if n := sanitize(fg.g.Name(f)); n != "" {
			return localName(n)
		}
	}
	if n := fg.elemName(s); n != "" {
		return n
	}
	if n := sanitize(fg.held[s]); n != "" {
		return localName(n)
	}
	return "x" + strconv.Itoa(int(s))
}

// elemName names an element read at a constant index of a named slice or
// string after both, as one would by hand: a[3] is a3 (a_3 when the name
// ends in a digit).
func (fg *funcGen) elemName(s ir.Sym) string {
	n := fg.g.Def(s)
	if n == nil || (n.Op != ir.OpSliceGet && n.Op != ir.OpStrIndex) || !n.Args[0].IsSym() {
		return ""
	}
	c := n.Args[1].Const()
	sl := n.Args[0].Sym()
	base := fg.global[sl] // a table, or the name already given to the slice
	if base == "" {
		base = fg.names[sl]
	}
	if c == nil || base == "" || sanitize(fg.g.Name(sl)) == "" {
		return ""
	}
	idx := c.String()
	if strings.Trim(idx, "0123456789") != "" {
		return "" // a negative index: the read panics
	}
	sep := ""
	if last := base[len(base)-1]; last >= '0' && last <= '9' {
		sep = "_"
	}
	if name := base + sep + idx; !fg.fn.names.taken(name) {
		return name
	}
	return "" // a second read of the element: a3_1 would read as an index
}

// opaque writes a constant through a variable: where Go would reject or
// vet would flag the constant written in place (x / 0, x << 64, s[-1]),
// the operation must happen, and panic, at run time as it does in the
// graph.
func (fg *funcGen) opaque(c *ir.Const) expr {
	if name, ok := fg.fn.opaqueFor[c]; ok {
		return rawExpr(name, precPrimary)
	}
	var name string
	if v, ok := c.Val.(ir.OpaqueVal); ok && v.Fresh() {
		// An error the staging code made once: one per call here too,
		// shared by its uses (== and errors.Is see one error).
		name = fg.fn.names.fresh("err")
		fg.fn.opaque = append(fg.fn.opaque, jen.Id(name).Op(":=").Add(constExpr(c, ctxTyped).code()))
		fg.fn.opaqueFor[c] = name
		return rawExpr(name, precPrimary)
	}
	if !fg.fn.zeroNote {
		fg.fn.zeroNote = true
		fg.fn.opaque = append(fg.fn.opaque, jen.Comment("Variables, not constants: the operations using them must happen at run time."))
	}
	if c.Type.IsInteger() && constUint(c) == 0 {
		name = fg.fn.names.fresh("zero")
		fg.fn.opaque = append(fg.fn.opaque, jen.Var().Id(name).Add(goType(c.Type)))
	} else {
		name = fg.fn.names.fresh("k")
		fg.fn.opaque = append(fg.fn.opaque, jen.Id(name).Op(":=").Add(constExpr(c, ctxTyped).code()))
	}
	fg.fn.opaqueFor[c] = name
	return rawExpr(name, precPrimary)
}
