package frontend

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the evaluator and its frames: registers, globals, zero
// values and constants, and positioned errors. regions.go holds the
// regions and the unwinding to them, cells.go the model of static memory.

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

	globals map[*ssa.Global]*value
	streams [3]*stdStream // os.Stdout and os.Stderr once read (stdio.go)
	inited  map[*ssa.Package]bool
	// pkgRoots holds the package variables' values after their
	// initialization, pkgBases their backing arrays once needed
	// (pkgstore.go).
	pkgRoots []value
	pkgBases map[*value]bool
	// opaqueIDs numbers the static errors made by errors.New that were
	// written as code (opaque.go), by identity.
	opaqueIDs map[any]int
	// freshCalls counts the staged calls that make a new error each
	// (ir.Callee.ID).
	freshCalls int
	// realClock and virtualClock are the first staged read of the clock
	// and the first wait on the virtual clock (worldcall.go: one
	// evaluation uses only one of the two).
	realClock, virtClock clockUse
	// logStd and loggers are what the evaluation knows of the flags of
	// package log's standard logger and of the loggers the generated
	// code made, by their Reps (worldlog.go).
	logStd  *logFlags
	loggers map[*rep]*logFlags
	// inErrorf is set while the format of a staged fmt.Errorf is
	// checked: %w is its verb only.
	inErrorf bool
	// initFailed holds the error that stopped the initialization of a
	// standard package loaded from source (see frame.initStd).
	initFailed map[*types.Package]*Error
	infos      map[*ssa.Function]*fnInfo
	funcVals   map[*ssa.Function]*closure
	fullNames  map[*ssa.Function]string // fullName of the functions called (evaluator.fullName)
	plainFns   map[*ssa.Function]bool   // whether a call is always inlined (evaluator.plainFunc)
	funs       map[*ssa.Function]bool   // //lms:fun
	// unsafeData holds the data pointers that unsafe.StringData and
	// SliceData returned, with their storage (see unsafe.go).
	unsafeData map[*value]sliceV
	// stringData marks the pointers unsafe.StringData returned, to
	// copies of a string's bytes (finalizer.go refuses them).
	stringData map[*value]bool
	// strAllocs are the allocations of the bytes of concatenations that
	// unsafe.StringData exposed (strdata.go).
	strAllocs []*strAlloc
	lamList   map[string][]*lamEntry
	// mapRanges are the positions of the ranges over a static map of
	// more than one entry (Spec.MapRanges), without repetition.
	mapRanges []token.Position

	// Staged control. regions is the stack of staged constructs being
	// built (a branch of a conditional, a loop, a staged function, a trial
	// iteration); journal records the writes to state that existed before
	// the innermost region, so that a branch can be undone and merged;
	// clock counts the regions pushed so far; birth records, for cells
	// allocated while a region was being built, the clock then (absent:
	// 0), since the last push of a region with none open (forgetBirths).
	// A cell existed before region r if its birth is below r.start.
	regions []*region
	// deferring is the stack of frames of functions with defer
	// statements; nextDeferred is the frame running a deferred call, for
	// the callee's frame (see defer.go).
	deferring    []*frame
	nextDeferred *frame
	// unwound is the innermost frame a panic (or an error) unwound out
	// of, at unwoundPos when ev.steps was unwoundAt, for where a panic
	// was raised (gcstack.go).
	unwound    *frame
	unwoundPos token.Pos
	unwoundAt  int
	// gs runs the goroutines of the evaluated program (goroutine.go).
	gs      *scheduler
	fins    *finalizers           // runtime.SetFinalizer (finalizer.go), or nil
	syncs   map[*value]*syncState // sync.Mutex, WaitGroup, ... by address (sync.go)
	pools   []*syncPool           // the sync.Pools used, in order (syncpool.go)
	journal []jentry
	// facts are the staged conditions known on the path being built,
	// innermost last (facts.go).
	facts     []fact
	birth     map[*value]int32
	birthPeak int // the most births ev.birth has held (forgetBirths)
	clock     int32
	// promoteTypes are the slice types of cells that hold an empty
	// static slice on entry to a staged loop that makes them variables
	// (speculate.go).
	promoteTypes map[*value]*ir.Type

	unw unwinding // the panic unwinding now, if it is one of ours

	quiet quietHeader // the loop header being executed for its test only

	// simd is what stage.SIMD() reports: true while evaluating the
	// vector build of a specialization; askedSIMD records that the
	// staging code called it (the vector build then needs its own
	// evaluation, Spec.SIMDGraph).
	simd, askedSIMD bool

	// calling is set once the staging function is called (after package
	// initialization and static arguments); the cells allocated since
	// (callCell) exist once per call of the generated function, as they
	// do per call of the staging function. callCells holds the source
	// names of those that are variables; callAllocs lists them all, and
	// callAllocSet is the set of its first callAllocsIn entries, built
	// only when a write needs it (isCallCell): a map assignment on every
	// allocation cost more than the rare question.
	calling      bool
	callCells    map[*value]nameID
	callAllocs   [][]*value // in chunks (callChunk)
	callAllocSet map[*value]bool
	callAllocsIn int
	// globalFirst records, per package variable the call uses, whether
	// its first use is a store to the whole variable outside any staged
	// control (true): then the call never sees the value a previous call
	// left there (pkgstore.go).
	globalFirst map[*ssa.Global]bool
	// fieldCells names the fields of named struct variables (z.Re is
	// zRe), for the staged variables a loop makes of them.
	fieldCells map[*value]nameID
	cellNames  cellNames // the names callCells and fieldCells hold
	// leafNamed marks the Reps named as a field of a named struct value
	// (debugRef): a variable of their own, later, renames them.
	leafNamed symBits
	// cellsNamed marks the static arrays whose elements are named
	// (nameCells), by their first element; lastNamedCells is the last
	// one marked (a variable is named at every reference).
	cellsNamed     map[*value]bool
	lastNamedCells *value

	writes int // staged operations with a write effect so far
	stores int // static stores so far

	// genFrame is the frame of the staging function called by the
	// specialization: its deferred calls are those of the generated
	// function (worlddefer.go).
	genFrame *frame
	// deferLeft records the first return of an inlined frame that
	// deferred calls of the generated code (worlddefer.go).
	deferLeft *deferLeft

	mats    map[*value]ir.Exp    // materialized static storage, by &base[0]
	soaMats map[*value]structure // static storage of structs materialized as split slices, by &base[0] (soamat.go)
	tables  map[*value]tableRef  // read-only snapshots of static storage, by the address of their first element
	local   map[ir.Sym]bool      // slices of a local alias class

	producers map[ir.Sym]*producer // Fills and Maps a collection function may compose with (loops_compose.go)

	rtypes []*rtype // reflect.TypeOf's values, one per identical type (reflectvalue.go)

	// freeFrames are returned frames for newFrame (frame.release);
	// spawns counts the goroutines started.
	freeFrames []*frame
	spawns     int32

	// zeroReps are the zero values of stage types, by position, and
	// zeroTypes the stage type of each zero value's why (zeroRep): a
	// why holds no type, which would make every why 16 bytes larger.
	zeroReps   [64]zeroSlot
	zeroTypes  map[*why]types.Type
	zeroConsts []ir.Exp // the zero constants made so far (zeroConst)
	// derivedWhys are the whys of Reps computed from others, by position
	// (derivedWhy).
	derivedWhys [128]*why
	// conversions are the whys' descriptions of the conversions of
	// Reps, by target type (conversionTo).
	conversions map[types.Type]string
	// callArgs is the buffer of the arguments of a call (frame.call).
	callArgs []value
	// floatConsts are the static values of the float and complex
	// constants converted so far (constant).
	floatConsts map[*ssa.Const]value

	// atPos and atChain are the position and chain given to the builder
	// last (at), if atSet; atCache holds positions interned so far, and
	// callerNames the names of the callers in call chains (atpos.go).
	atPos       token.Pos
	atChain     ir.Chain
	atSet       bool
	atCache     *[atSlots]atEntry
	callerNames map[*ssa.Function]string
	// specChain is the chain of the specialization's own call, once
	// interned (frame.chainOf).
	specChain ir.Chain
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
	// tails counts the staged conditionals being evaluated whose rest of
	// the function follows each branch (dynIf): past maxTails, a
	// conditional joins its branches that go on instead, so that a chain
	// of them costs linear, not exponential, evaluation and code.
	tails int
	// chain is the chain of inlined calls that led here, for the nodes
	// built (ir/calls.go), interned when first needed (frame.chainOf):
	// many frames build no node (a closure storing into a static slice),
	// and their chain would be an entry of Graph.Calls for nothing.
	chain ir.Chain
	born  int32 // the clock when the frame was created
	// spawns is evaluator.spawns when the frame was created.
	spawns  int32
	chained bool
	// journaled is set when a register or the result was recorded in the
	// journal: the journal holds their address and the frame, which is
	// then not reused while a region is open (see frame.release).
	journaled bool
	unroll    map[*ssa.BasicBlock]int
	// unrollGrew counts, per loop header, the iterations that added
	// symbols to the graph, the ones the unroll budget bounds
	// (control.go's arrive).
	unrollGrew map[*ssa.BasicBlock]grewCount
	forced     map[*ssa.BasicBlock]bool
	trials     []*trialState
	// dst holds the deferred calls of a function with defer statements;
	// deferredBy is the frame whose deferred call this frame is (defer.go).
	dst        *deferState
	deferredBy *frame
	// deferPanic is, for a deferred call, the panic whose unwinding ran
	// it, if neither recovered nor replaced then (gcstack.go).
	deferPanic *goPanic
	// at is the instruction being executed, for the liveness of the
	// frame's registers at runtime.GC (gc.go); atRegs its registers, or
	// those of an instruction executed before (instrRegs).
	at     ssa.Instruction
	atRegs *instrRegs
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

// whyPos returns the position a why records for p (see position): p, or
// if p is not valid the position of the function being executed, or
// NoPos for the directive's.
func (ev *evaluator) whyPos(p token.Pos) token.Pos {
	if !p.IsValid() && ev.fr != nil {
		return ev.fr.fn.Pos()
	}
	return p
}

// whyPosition resolves a position whyPos returned.
func (ev *evaluator) whyPosition(p token.Pos) token.Position {
	if !p.IsValid() {
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

// newFrame makes a frame for fn.
func (ev *evaluator) newFrame(fn *ssa.Function, caller *frame, callPos token.Pos) *frame {
	fi := ev.info(fn)
	var regs []value
	if n := len(fi.free); n > 0 {
		regs = fi.free[n-1]
		fi.free = fi.free[:n-1]
	} else {
		regs = make([]value, fi.nregs)
	}
	var fr *frame
	if n := len(ev.freeFrames); n > 0 {
		fr = ev.freeFrames[n-1]
		ev.freeFrames = ev.freeFrames[:n-1]
	} else {
		fr = new(frame)
	}
	*fr = frame{ev: ev, fn: fn, info: fi, regs: regs, caller: caller, callPos: callPos, born: ev.now(), spawns: ev.spawns}
	return fr
}

// release gives back fr, which returned, and its registers: the next
// frames reuse them (an unrolled recursion makes a frame per call).
// Nothing holds a returned frame or the address of its registers unless
// the journal does (a rollback or a merge writes or reads them), a
// goroutine started during the call does (its frames' callers lead to
// fr), or fr had deferred calls or was one: fr is then left alone.
// Otherwise the frames that held it returned before it, the regions it
// pushed are popped, a closure copies the values it captures, and a
// variable whose address is taken is a cell of its own. A journaled
// frame is given back when no region is open: the journal is then
// empty (popRegion), and no branch holds entries it captured (a branch
// is a region until its merge, which calls nothing). An unrolled
// recursion whose static loops run a trial iteration (a region) writes
// its frames' registers in the journal at every level.
func (fr *frame) release() {
	ev := fr.ev
	if fr.journaled && len(ev.regions) > 0 || fr.dst != nil || fr.deferredBy != nil || fr.spawns != ev.spawns || ev.nextDeferred == fr {
		return
	}
	clear(fr.regs)
	fr.info.free = append(fr.info.free, fr.regs)
	*fr = frame{}
	ev.freeFrames = append(ev.freeFrames, fr)
}

// get returns the value of v.
func (fr *frame) get(v ssa.Value) value {
	if a := fr.atRegs; a != nil {
		// Most values asked for are operands of the instruction being
		// executed, which have registers: the kinds of values without
		// one are not asked about first.
		for k, o := range a.ops {
			if o == v {
				return fr.regValue(v, int(a.opRegs[k]))
			}
		}
		for k, c := range a.consts {
			if c == v {
				return a.constVals[k]
			}
		}
	}
	ev := fr.ev
	switch v := v.(type) {
	case *ssa.Const:
		return ev.constant(v)
	case *ssa.Function:
		return ev.funcValue(v)
	case *ssa.Global:
		if ev.calling {
			ev.useGlobal(v, false)
		}
		return ev.global(v)
	case *ssa.Builtin:
		return builtinV{v.Name()}
	}
	i, ok := fr.regOf(v)
	if !ok {
		panic(fmt.Sprintf("BUG: no register for %v in %v", v, fr.fn))
	}
	return fr.regValue(v, i)
}

// regValue returns the value of v, whose register is i.
func (fr *frame) regValue(v ssa.Value, i int) value {
	ev := fr.ev
	x := fr.regs[i]
	switch x := x.(type) {
	case nil:
		panic(fmt.Sprintf("BUG: %s (%v) read before it is set in %v", v.Name(), v, fr.fn))
	case *varRef:
		ev.at()
		return &rep{e: ev.b.ReadVar(x.v), why: &why{pos: ev.whyPos(v.Pos()), what: "a variable of a staged loop"}}
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
		return &rep{e: ev.b.ReadVar(v.v), why: &why{pos: ev.whyPos(ev.pos), what: "a variable of a staged loop"}}
	case *varShift:
		ev.at()
		x := ev.b.ReadVar(v.v)
		return &rep{e: ev.b.Binary(ir.OpSub, x, ev.b.Const(ev.b.Graph().TypeOf(x), v.c)), why: &why{pos: ev.whyPos(ev.pos), what: "a variable of a staged loop"}}
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

// regOf returns the register of v, if it has one: first among the
// registers of the instruction being executed (see instrRegs), which
// are all registers of fr's function even when it is not the last one.
func (fr *frame) regOf(v ssa.Value) (int, bool) {
	if a := fr.atRegs; a != nil {
		for k, o := range a.ops {
			if o == v {
				return int(a.opRegs[k]), true
			}
		}
		if a.val == v && v != nil {
			return int(a.reg), true
		}
	}
	i, ok := fr.info.idx[v]
	return i, ok
}

// set assigns register v.
func (fr *frame) set(v ssa.Value, x value) {
	if a := fr.atRegs; a != nil && a.val == v && v != nil {
		fr.setReg(int(a.reg), x)
		return
	}
	fr.setReg(fr.info.idx[v], x)
}

func (fr *frame) setReg(i int, x value) {
	ev := fr.ev
	if ev.outer(fr.born) {
		ev.journal = append(ev.journal, jentry{p: &fr.regs[i], old: fr.regs[i], fr: fr, reg: i})
		fr.journaled = true
	}
	fr.regs[i] = x
}

func (fr *frame) setRet(x value) {
	ev := fr.ev
	if ev.outer(fr.born) {
		ev.journal = append(ev.journal, jentry{p: &fr.ret, old: fr.ret, fr: fr, reg: -1})
		fr.journaled = true
	}
	fr.ret = x
}

// global returns the cell of a package-level variable.
func (ev *evaluator) global(g *ssa.Global) *value {
	if p := ev.globals[g]; p != nil {
		return p
	}
	if err := ev.initFailed[g.Pkg.Pkg]; err != nil {
		ev.fail("use of package variable %s.%s: the initialization of package %s failed at generation time: %s", g.Pkg.Pkg.Name(), g.Name(), g.Pkg.Pkg.Path(), err.Error())
	}
	if p := ev.stdStreamVar(g); p != nil {
		ev.globals[g] = p
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

// zeroRep returns the zero value of stage type t made now. A why is
// never changed once made, and neither is a Rep once it holds a value
// (only a merge fills the Reps it makes, empty until then), so the zero
// values made at one position share their Rep and its why: a small cache
// by position keeps the last one of each. Nothing tells two Reps apart
// by their address: identical compares their expressions, and the
// evaluator's maps and sets hold symbols, not Reps.
func (ev *evaluator) zeroRep(t types.Type) *rep {
	pos := ev.whyPos(ev.pos)
	slot := &ev.zeroReps[uint(pos)%uint(len(ev.zeroReps))]
	if r := slot.r; r != nil && r.why.pos == pos && slot.t == t {
		return r
	}
	w := &why{pos: pos}
	r := &rep{e: ev.zeroConst(irBasic(t)), why: w}
	*slot = zeroSlot{r, t}
	if ev.zeroTypes == nil {
		ev.zeroTypes = map[*why]types.Type{}
	}
	ev.zeroTypes[w] = t
	return r
}

// A zeroSlot is the zero value of stage type t made at one position.
type zeroSlot struct {
	r *rep
	t types.Type
}

// describe returns what a value explained by w is. The description of a
// zero value, "the zero value of T, a stage type", is written only when
// an error needs it (typeString is costly, and zero values are made by
// the thousand).
func (ev *evaluator) describe(w *why) string {
	if t, ok := ev.zeroTypes[w]; ok {
		return "the zero value of " + typeString(t) + ", a stage type"
	}
	return w.what
}

// zeroConst returns the constant zero of basic type it (ev.b.Const
// interns it: the few types seen are kept here, without its map).
func (ev *evaluator) zeroConst(it *ir.Type) ir.Exp {
	for _, z := range ev.zeroConsts {
		if ev.b.Graph().TypeOf(z) == it {
			return z
		}
	}
	z := ev.b.Const(it, zeroOf(it))
	ev.zeroConsts = append(ev.zeroConsts, z)
	return z
}

// zero returns the zero value of type t.
func (ev *evaluator) zero(t types.Type) value {
	if isStageBasic(t) {
		return ev.zeroRep(t)
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
		ev.allocOf(addSat(mulSat(u.Len(), 16), 24), func() string { return "a value of type " + typeString(t) })
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
		return (*chanV)(nil)
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
		return nilUnsafe
	case types.UntypedNil:
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
	if k := basicKind(t); k == types.UnsafePointer || k == types.UntypedNil {
		// go/types gives unsafe.Pointer(uintptr(c)) the value c.
		if c.Value.Kind() != constant.Int || constant.Sign(c.Value) != 0 {
			ev.fail("a pointer made from the address %s: %s", c.Value, whyAddress)
		}
		if k == types.UnsafePointer {
			return nilUnsafe
		}
		return nil
	}
	if k := c.Value.Kind(); (k == constant.Float || k == constant.Complex) && !isStageBasic(t) {
		// Converting an exact constant to a float divides big numbers:
		// an unrolled loop multiplying by 2*math.Pi converts it at
		// every iteration. A static value is never changed.
		v, ok := ev.floatConsts[c]
		if !ok {
			v = constValue(c.Value, t)
			if ev.floatConsts == nil {
				ev.floatConsts = map[*ssa.Const]value{}
			}
			ev.floatConsts[c] = v
		}
		return v
	}
	v := constValue(c.Value, t)
	if isStageBasic(t) {
		return &rep{e: ev.b.Const(irBasic(t), v), why: &why{pos: ev.whyPos(c.Pos()), what: "a constant of stage type " + typeString(t)}}
	}
	return v
}
