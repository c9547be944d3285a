package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// evaluator evaluates one specialization: it runs the staging function
// over SSA, executing static instructions and building the graph of the
// others.
type evaluator struct {
	l       *loaded
	lp      *loadedPkg
	spec    *genDirective
	b       *ir.Builder
	budgets Budgets

	steps int
	mem   int64 // bytes charged against budgets.Mem (see mem.go)
	depth int   // inlined call depth
	fr    *frame
	pos   token.Pos // position of the instruction being executed

	globals  map[*ssa.Global]*value
	inited   map[*ssa.Package]bool
	infos    map[*ssa.Function]*fnInfo
	funcVals map[*ssa.Function]*closure
	funs     map[*ssa.Function]bool // //lms:fun
	lamList  map[string][]*lamEntry
	// mapRanges are the positions of the ranges over a static map of
	// more than one entry (Spec.MapRanges), without repetition.
	mapRanges []token.Position

	// Staged control. regions is the stack of staged constructs being
	// built (a branch of a conditional, a loop, a staged function, a trial
	// iteration); journal records the writes to state that existed before
	// the innermost region, so that a branch can be undone and merged;
	// clock counts the regions pushed so far; birth records, for cells
	// allocated while a region was being built, the clock then (absent:
	// 0). A cell existed before region r if its birth is below r.start.
	regions []*region
	journal []jentry
	birth   map[*value]int32
	clock   int32

	unw unwinding // the panic unwinding now, if it is one of ours

	quiet quietHeader // the loop header being executed for its test only

	// calling is set once the staging function is called (after package
	// initialization and static arguments); callCells are the variables
	// allocated since, which exist once per call of the generated
	// function, as they do per call of the staging function, with their
	// source names.
	calling   bool
	callCells map[*value]string
	// fieldCells names the fields of named struct variables (z.Re is
	// zRe), for the staged variables a loop makes of them.
	fieldCells map[*value]string

	writes int // staged operations with a write effect so far
	stores int // static stores so far

	mats   map[*value]ir.Exp   // materialized static storage, by &base[0]
	tables map[*value]tableRef // read-only snapshots of static storage, by the address of their first element
	local  map[ir.Sym]bool     // slices of a local alias class
}

// quietHeader names the header of a staged loop being executed for its
// test or for the values used after the loop (see loopState.testHeader).
type quietHeader struct {
	fr *frame
	b  *ssa.BasicBlock
}

type tableRef struct {
	e    ir.Exp
	vals []value // the elements it holds
}

// frame is one activation of a function being evaluated (inlined).
type frame struct {
	ev      *evaluator
	fn      *ssa.Function
	info    *fnInfo
	regs    []value
	ret     value
	caller  *frame
	callPos token.Pos
	born    int32 // the clock when the frame was created
	unroll  map[*ssa.BasicBlock]int
	forced  map[*ssa.BasicBlock]bool
	trials  []*trialState
}

type regionKind uint8

const (
	rIf regionKind = iota
	rLoop
	rLambda
	rTrial
)

type region struct {
	kind    regionKind
	depth   int
	start   int32 // the clock when it started
	mark    int
	loop    *loopState
	lam     *lamEntry
	restart *restartReq
}

// restartReq asks a region to be rebuilt: promote cells to staged
// variables, materialize static storage before it, or use staged
// variables for some merged values.
type restartReq struct {
	target   *region
	promote  []*value
	material []matReq
	general  bool              // build the loop in its general form
	vars     map[slotKey]value // exit slots that need staged variables
}

type matReq struct {
	base []value
	elem *ir.Type
}

type jentry struct {
	p    *value
	old  value
	fr   *frame // the frame of a register, nil for memory
	reg  int    // register index, -1 for the result
	undo func() // for a change of a map's keys (p is nil)
}

// diverged unwinds the evaluation of a region whose control never reaches
// its end: it panicked (staged), or an inlined call always panics.
type diverged struct{}

// Unwinding. An error, a restart of a region or the end of a trial
// unwinds the Go stack to where it is handled. The deferred functions on
// the way, which handle the ends of control (guard) or the restarts of
// other regions, let it pass without recovering it (a recover and a new
// panic at each of thousands of nested levels would cost quadratic time).
type unwinding struct {
	kind   uint8   // 0 none, 1 error, 2 restart, 3 end of a trial
	target *region // the region a restart or trial end is for
}

const (
	unwindError = 1 + iota
	unwindRestart
	unwindTrial
)

// throw unwinds with an error.
func (ev *evaluator) throw(e *Error) {
	ev.unw = unwinding{kind: unwindError}
	panic(e)
}

// unwind unwinds to restart a region.
func (ev *evaluator) unwind(rr *restartReq) {
	ev.unw = unwinding{kind: unwindRestart, target: rr.target}
	panic(rr)
}

// passes reports whether a deferred handler of region r (nil: a handler
// of the ends of control) must let the current panic pass.
func (ev *evaluator) passes(r *region) bool {
	switch ev.unw.kind {
	case unwindError:
		return true
	case unwindRestart, unwindTrial:
		return ev.unw.target != r
	}
	return false
}

// fail stops the evaluation with an error at the current position.
func (ev *evaluator) fail(format string, args ...any) {
	ev.throw(ev.errAt(ev.pos, fmt.Sprintf(format, args...)))
}

func (ev *evaluator) failAt(pos token.Pos, format string, args ...any) {
	ev.throw(ev.errAt(pos, fmt.Sprintf(format, args...)))
}

// errAt makes an error at pos with the chain of inlined calls.
func (ev *evaluator) errAt(pos token.Pos, msg string) *Error {
	e := &Error{Pos: ev.position(pos), Msg: msg}
	for fr := ev.fr; fr != nil && fr.caller != nil; fr = fr.caller {
		e.Chain = append(e.Chain, CallSite{Pos: ev.position(fr.callPos), Caller: funcName(fr.caller.fn)})
	}
	if n := len(e.Chain); n > 12 {
		// A deep recursion: the first and last call sites tell the story.
		e.Chain = append(e.Chain[:6:6], append([]CallSite{{Caller: fmt.Sprintf("... (%d more calls)", n-10)}}, e.Chain[n-4:]...)...)
	}
	if len(e.Chain) > 0 || ev.fr != nil {
		e.Chain = append(e.Chain, CallSite{Pos: ev.spec.pos, Caller: "specialization " + ev.spec.name})
		if ev.fr != nil && ev.fr.caller == nil && len(e.Chain) == 1 {
			e.Chain = nil
		}
	}
	return e
}

func (ev *evaluator) position(p token.Pos) token.Position {
	if !p.IsValid() {
		if ev.fr != nil && ev.fr.fn.Pos().IsValid() {
			return ev.l.fset.Position(ev.fr.fn.Pos())
		}
		return ev.spec.pos
	}
	return ev.l.fset.Position(p)
}

func funcName(fn *ssa.Function) string {
	if fn == nil {
		return "?"
	}
	name := fn.Name()
	if o := fn.Origin(); o != nil {
		name = o.Name()
	}
	if fn.Parent() != nil {
		return funcName(fn.Parent()) + " (func literal)"
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			return n.Obj().Name() + "." + name
		}
	}
	return name
}

// step counts one instruction against the budgets.
func (ev *evaluator) step() {
	ev.steps++
	if ev.steps > ev.budgets.Steps {
		ev.fail("evaluation exceeds the budget of %d steps; raise it with -steps=N on the //lms:gen directive or the -steps flag", ev.budgets.Steps)
	}
	if ev.steps&255 == 0 && len(ev.b.Graph().Nodes) > ev.budgets.Nodes {
		ev.fail("the generated code exceeds the budget of %d graph nodes; raise it with -nodes=N on the //lms:gen directive or the -nodes flag", ev.budgets.Nodes)
	}
}

// at sets the builder's position to the current instruction's.
func (ev *evaluator) at() {
	if ev.pos.IsValid() {
		ev.b.At(ev.l.fset.Position(ev.pos))
	}
}

// newFrame makes a frame for fn.
func (ev *evaluator) newFrame(fn *ssa.Function, caller *frame, callPos token.Pos) *frame {
	fi := ev.info(fn)
	return &frame{ev: ev, fn: fn, info: fi, regs: make([]value, fi.nregs), caller: caller, callPos: callPos, born: ev.now()}
}

// get returns the value of v.
func (fr *frame) get(v ssa.Value) value {
	ev := fr.ev
	switch v := v.(type) {
	case *ssa.Const:
		return ev.constant(v)
	case *ssa.Function:
		return ev.funcValue(v)
	case *ssa.Global:
		return ev.global(v)
	case *ssa.Builtin:
		return builtinV{v.Name()}
	}
	i, ok := fr.info.idx[v]
	if !ok {
		panic(fmt.Sprintf("BUG: no register for %v in %v", v, fr.fn))
	}
	x := fr.regs[i]
	switch x := x.(type) {
	case nil:
		panic(fmt.Sprintf("BUG: %s (%v) read before it is set in %v", v.Name(), v, fr.fn))
	case *varRef:
		ev.at()
		return &rep{e: ev.b.ReadVar(x.v), why: &why{pos: ev.position(v.Pos()), what: "a variable of a staged loop"}}
	case *varComposite:
		return ev.resolve(x.v)
	case *varShift:
		return ev.resolve(x)
	}
	return x
}

// resolve replaces the *varRef leaves of a composite by reads.
func (ev *evaluator) resolve(v value) value {
	switch v := v.(type) {
	case *varRef:
		ev.at()
		return &rep{e: ev.b.ReadVar(v.v), why: &why{pos: ev.position(ev.pos), what: "a variable of a staged loop"}}
	case *varShift:
		ev.at()
		x := ev.b.ReadVar(v.v)
		return &rep{e: ev.b.Binary(ir.OpSub, x, ev.b.Const(ev.b.Graph().TypeOf(x), v.c)), why: &why{pos: ev.position(ev.pos), what: "a variable of a staged loop"}}
	case structure:
		c := make(structure, len(v))
		for i, x := range v {
			c[i] = ev.resolve(x)
		}
		return c
	case array:
		c := make(array, len(v))
		for i, x := range v {
			c[i] = ev.resolve(x)
		}
		return c
	}
	return v
}

// set assigns register v.
func (fr *frame) set(v ssa.Value, x value) {
	fr.setReg(fr.info.idx[v], x)
}

func (fr *frame) setReg(i int, x value) {
	ev := fr.ev
	if ev.outer(fr.born) {
		ev.journal = append(ev.journal, jentry{p: &fr.regs[i], old: fr.regs[i], fr: fr, reg: i})
	}
	fr.regs[i] = x
}

func (fr *frame) setRet(x value) {
	ev := fr.ev
	if ev.outer(fr.born) {
		ev.journal = append(ev.journal, jentry{p: &fr.ret, old: fr.ret, fr: fr, reg: -1})
	}
	fr.ret = x
}

// global returns the cell of a package-level variable.
func (ev *evaluator) global(g *ssa.Global) *value {
	if p := ev.globals[g]; p != nil {
		return p
	}
	if !ev.l.bySrc[g.Pkg.Pkg.Path()] {
		ev.fail("use of package variable %s.%s: only variables of packages with source in the module can be used during staging", g.Pkg.Pkg.Name(), g.Name())
	}
	// A global exists before every region, wherever it is first used.
	p := new(value)
	*p = ev.zero(g.Type().(*types.Pointer).Elem())
	ev.globals[g] = p
	return p
}

func (ev *evaluator) funcValue(fn *ssa.Function) *closure {
	if c := ev.funcVals[fn]; c != nil {
		return c
	}
	c := &closure{fn: fn}
	ev.funcVals[fn] = c
	return c
}

// newCell allocates a cell holding v.
func (ev *evaluator) newCell(v value) *value {
	p := new(value)
	*p = v
	if len(ev.regions) > 0 {
		ev.born(p)
	}
	return p
}

// now returns the birth of something allocated now.
func (ev *evaluator) now() int32 {
	if len(ev.regions) == 0 {
		return 0
	}
	return ev.clock
}

// outer reports whether something born at birth existed before the
// innermost region.
func (ev *evaluator) outer(birth int32) bool {
	return len(ev.regions) > 0 && birth < ev.regions[len(ev.regions)-1].start
}

// outermostAfter returns the index of the outermost region that started
// after birth (len(ev.regions) if none).
func (ev *evaluator) outermostAfter(birth int32) int {
	for i, r := range ev.regions {
		if birth < r.start {
			return i
		}
	}
	return len(ev.regions)
}

// born records the birth of a cell and of its leaves.
func (ev *evaluator) born(p *value) {
	d := ev.now()
	if d == 0 {
		return
	}
	ev.birth[p] = d
	switch v := (*p).(type) {
	case structure:
		for i := range v {
			ev.born(&v[i])
		}
	case array:
		for i := range v {
			ev.born(&v[i])
		}
	}
}

// bornSlice records the birth of fresh storage.
func (ev *evaluator) bornSlice(base []value) {
	if len(ev.regions) == 0 {
		return
	}
	for i := range base {
		ev.born(&base[i])
	}
}

// zero returns the zero value of type t.
func (ev *evaluator) zero(t types.Type) value {
	if isStageBasic(t) {
		it := irBasic(t)
		return &rep{e: ev.b.Const(it, zeroOf(it)), why: &why{pos: ev.position(ev.pos), zeroOf: t}}
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Kind() == types.Invalid {
			panic(fmt.Sprintf("BUG: zero of invalid type %v", t))
		}
		return toKindZero(u.Kind())
	case *types.Struct:
		s := make(structure, u.NumFields())
		for i := range s {
			s[i] = ev.zero(u.Field(i).Type())
		}
		return s
	case *types.Array:
		ev.alloc(addSat(mulSat(u.Len(), 16), 24), "a value of type "+typeString(t))
		a := make(array, u.Len())
		for i := range a {
			a[i] = ev.zero(u.Elem())
		}
		return a
	case *types.Pointer:
		return (*value)(nil)
	case *types.Slice:
		return sliceV{}
	case *types.Map:
		return (*mapV)(nil)
	case *types.Signature:
		return (*closure)(nil)
	case *types.Interface:
		return iface{}
	case *types.Tuple:
		tu := make(tuple, u.Len())
		for i := range tu {
			tu[i] = ev.zero(u.At(i).Type())
		}
		return tu
	case *types.Chan:
		ev.fail("channels are not supported in staging code (no goroutines or channels during generation)")
	}
	ev.fail("values of type %s are not supported in staging code", typeString(t))
	return nil
}

func toKindZero(k types.BasicKind) value {
	switch k {
	case types.Bool, types.UntypedBool:
		return false
	case types.String, types.UntypedString:
		return ""
	case types.UnsafePointer:
		return nil
	case types.Complex64:
		return complex64(0)
	case types.Complex128, types.UntypedComplex:
		return complex128(0)
	}
	return toKind(0, k)
}

// constant converts an SSA constant: a Rep for a stage type.
func (ev *evaluator) constant(c *ssa.Const) value {
	t := c.Type()
	if c.Value == nil {
		return ev.zero(t)
	}
	if _, ok := t.Underlying().(*types.Basic); !ok {
		// A constant of a type parameter's core type cannot reach here
		// with InstantiateGenerics.
		panic("BUG: non-basic constant " + c.String())
	}
	v := constValue(c.Value, t)
	if isStageBasic(t) {
		return &rep{e: ev.b.Const(irBasic(t), v), why: &why{pos: ev.position(c.Pos()), what: "a constant of stage type " + typeString(t)}}
	}
	return v
}

// --- Memory ---

// load reads the value stored in a cell.
func (ev *evaluator) load(p *value) value {
	switch c := (*p).(type) {
	case *varRef:
		ev.at()
		return &rep{e: ev.b.ReadVar(c.v), why: &why{pos: ev.position(ev.pos), what: "a variable assigned under staged control"}}
	case *matElem:
		ev.at()
		return &rep{e: ev.b.Index(c.s, ev.b.Const(ir.Int, c.i)), why: &why{pos: ev.position(ev.pos), what: "an element of a materialized slice"}}
	case structure:
		s := make(structure, len(c))
		for i := range c {
			s[i] = ev.load(&c[i])
		}
		return s
	case array:
		a := make(array, len(c))
		for i := range c {
			a[i] = ev.load(&c[i])
		}
		return a
	}
	if ev.readLog() {
		ev.logRead(p)
	}
	return *p
}

// store writes v into a cell, in place for structs and arrays so that
// pointers to their fields and elements see the write.
func (ev *evaluator) store(p *value, v value) {
	switch c := (*p).(type) {
	case structure:
		if s, ok := v.(structure); ok {
			for i := range c {
				ev.store(&c[i], s[i])
			}
			return
		}
	case array:
		if a, ok := v.(array); ok {
			for i := range c {
				ev.store(&c[i], a[i])
			}
			return
		}
	}
	ev.storeLeaf(p, copyVal(v))
}

func (ev *evaluator) storeLeaf(p *value, v value) {
	switch c := (*p).(type) {
	case *varRef:
		ev.at()
		ev.b.WriteVar(c.v, ev.liftTo(v, ev.b.Graph().TypeOf(c.v), "a value assigned to a staged variable"))
		ev.writes++
		return
	case *matElem:
		ev.at()
		ev.b.SetIndex(c.s, ev.b.Const(ir.Int, c.i), ev.liftTo(v, ev.b.Graph().TypeOf(c.s).Elem, "a value stored in a materialized slice"))
		ev.writes++
		return
	}
	ev.stores++
	if bd := ev.birth[p]; ev.outer(bd) {
		ev.outerWrite(bd, p)
		ev.journal = append(ev.journal, jentry{p: p, old: *p})
	}
	*p = v
}

// outerWrite checks a write, under staged control, to a cell allocated
// outside the innermost region: a staged loop between the cell's birth and
// here must make it a staged variable; a staged function cannot write it.
func (ev *evaluator) outerWrite(birth int32, p ...*value) {
	first := ev.outermostAfter(birth)
	for i := first; i < len(ev.regions); i++ {
		r := ev.regions[i]
		switch r.kind {
		case rLambda:
			if i == first && !slices.ContainsFunc(p, func(c *value) bool { _, ok := ev.callCells[c]; return !ok }) {
				// A local variable of the staging code, just outside the
				// staged function: it becomes a staged variable declared
				// before the function, which the function (a closure)
				// writes. (A package variable cannot: the staging code
				// called natively keeps its value from call to call.)
				ev.unwind(&restartReq{target: r, promote: p})
			}
			ev.fail("assignment to a variable of the enclosing staging code inside a staged function (//lms:fun or stage.Fun): only a local variable of the staging function, declared outside any staged conditional or loop around the function's first call, can be assigned there; pass the value as a parameter or return it")
		case rLoop:
			ev.unwind(&restartReq{target: r, promote: p})
		}
	}
}

// readLog reports whether reads of outer cells are being logged (inside a
// staged function, whose body depends on the static values it reads).
func (ev *evaluator) readLog() bool {
	for i := len(ev.regions) - 1; i >= 0; i-- {
		if ev.regions[i].kind == rLambda {
			return true
		}
	}
	return false
}

func (ev *evaluator) logRead(p *value) {
	for i := len(ev.regions) - 1; i >= 0; i-- {
		r := ev.regions[i]
		if r.kind == rLambda {
			if ev.birth[p] < r.start {
				r.lam.reads = append(r.lam.reads, readEntry{p: p, v: *p})
			}
		}
	}
}

// --- Regions and the journal ---

// maxNesting bounds the nesting of staged constructs (each costs stack).
const maxNesting = 4000

func (ev *evaluator) pushRegion(kind regionKind) *region {
	if len(ev.regions) >= maxNesting {
		ev.fail("staged conditionals and loops are nested more than %d deep: a loop whose condition is static and that breaks on a Rep nests one conditional per iteration; make its condition a Rep (stage.Dyn) so that it stays a loop", maxNesting)
	}
	ev.clock++
	r := &region{kind: kind, depth: len(ev.regions) + 1, start: ev.clock, mark: len(ev.journal)}
	ev.regions = append(ev.regions, r)
	return r
}

func (ev *evaluator) popRegion(r *region) {
	if ev.regions[len(ev.regions)-1] != r {
		panic("BUG: unbalanced regions")
	}
	ev.regions = ev.regions[:len(ev.regions)-1]
	if len(ev.regions) == 0 {
		ev.journal = ev.journal[:0]
	}
}

// rollback undoes the journaled writes since mark.
func (ev *evaluator) rollback(mark int) {
	for i := len(ev.journal) - 1; i >= mark; i-- {
		e := ev.journal[i]
		if e.undo != nil {
			e.undo()
			continue
		}
		*e.p = e.old
	}
	ev.journal = ev.journal[:mark]
}

// catchRestart runs f; a restart request for region r is recorded in r and
// stops f. Other panics propagate.
func (ev *evaluator) catchRestart(r *region, f func()) (stopped bool) {
	defer func() {
		if ev.passes(r) {
			return
		}
		if x := recover(); x != nil {
			ev.unw = unwinding{}
			if rr, ok := x.(*restartReq); ok && rr.target == r {
				ev.regions = ev.regions[:r.depth]
				if r.restart == nil {
					r.restart = rr
				} else {
					r.restart.promote = append(r.restart.promote, rr.promote...)
					r.restart.material = append(r.restart.material, rr.material...)
					r.restart.general = r.restart.general || rr.general
					if r.restart.vars == nil {
						r.restart.vars = map[slotKey]value{}
					}
					for k, v := range rr.vars {
						r.restart.vars[k] = v
					}
				}
				stopped = true
				return
			}
			panic(x)
		}
	}()
	f()
	return false
}
