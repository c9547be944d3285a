package frontend

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates runtime.SetFinalizer and runs finalizers at
// runtime.GC, with gc's meaning where static evaluation can know it and
// a positioned refusal elsewhere, never another answer than gc's:
//
//   - At runtime.GC, an object with a finalizer that neither trace of
//     gc.go reaches is finalized: gc's roots are among the registers of
//     the running frames, so gc does not reach it either. One that both
//     reach is kept: the registers live in go/ssa are among gc's roots.
//     One that only the trace from every register reaches is decided
//     by a third trace, from the registers gc may still scan
//     (gccons.go): finalized if it misses it too, else refused (gc's
//     answer then depends on its liveness analysis and inlining).
//   - The finalizers found run in the order they were set, one after the
//     other, on a goroutine of the scheduler (goroutine.go) that the
//     caller of runtime.GC yields to, as gc's finalizer goroutine runs
//     them; objects reachable from an object with a finalizer, and the
//     finalizer functions, stay reachable, as in gc.
//   - Refused: a finalizer on an object gc's tiny allocator may combine
//     with others (no pointers, under 16 bytes) or of size 0, on a
//     pointer into an object, on a string's bytes (unsafe.StringData)
//     unless the string is a concatenation (strdata.go: the evaluator
//     copies other strings' bytes); runtime.GC under staged control with
//     finalizers pending. Where the object is not a variable or
//     allocation of its own (new, &T{}) by its SSA value, the checks
//     that need its place in memory cost a trace of the whole memory:
//     they are made for a batch of SetFinalizer calls at once, at the
//     latest at the next runtime.GC or the end of the evaluation
//     (placeFinalizers), still positioned at the call.
//
// Finalizers run only at runtime.GC: a program that waits for gc's
// automatic collections to finalize an object waits forever here and
// stops at the step budget.

// finalizers is the evaluator's state of runtime.SetFinalizer.
type finalizers struct {
	set      []*finalizer         // pending, in the order set
	unplaced int                  // of set, those not placed yet
	queue    []finCall            // found unreachable, to run
	running  bool                 // the finalizer goroutine exists
	live     map[*fnInfo][]regSet // gclive.go
	cons     map[*fnInfo][]regSet // gccons.go
}

// finalizer is a finalizer set on the object at p: the cell p, or the
// slice storage base when p is &base[0] (the value of the cell cell when
// that storage is an array allocated whole, as make([]T, n) with a
// constant n is).
type finalizer struct {
	p    *value
	base []value
	cell *value
	obj  iface // the first argument of SetFinalizer
	fn   value // a *closure
	pos  token.Pos
	elem types.Type // the type of *p
	// placed: base and cell are known (placeFinalizers).
	placed bool
}

// finCall is a finalizer to run: fn(obj).
type finCall struct {
	fn  value
	obj iface
}

// whyTiny is why a finalizer on a small object without pointers is
// refused.
const whyTiny = "gc's tiny allocator may put it in one block with other objects, so that its finalizer runs late or never (the runtime's documentation of SetFinalizer)"

func (ev *evaluator) finState() *finalizers {
	if ev.fins == nil {
		ev.fins = &finalizers{live: map[*fnInfo][]regSet{}}
	}
	return ev.fins
}

// setFinalizer evaluates runtime.SetFinalizer(obj, fn).
func (fr *frame) setFinalizer(args []value) {
	ev := fr.ev
	ev.staticOnly("runtime.SetFinalizer", "finalizers run at runtime.GC, under static control")
	obj, _ := args[0].(iface)
	fin, _ := args[1].(iface)
	if obj.t == nil {
		ev.fail("fatal error: runtime.SetFinalizer: first argument is nil")
	}
	pt, ok := obj.t.Underlying().(*types.Pointer)
	if !ok {
		ev.fail("fatal error: runtime.SetFinalizer: first argument is %s, not pointer", typeString(obj.t))
	}
	p, ok := obj.v.(*value)
	if !ok {
		ev.fail("runtime.SetFinalizer on a pointer made by package unsafe: %s", whyAddress)
	}
	if p == nil {
		ev.fail("fatal error: runtime.SetFinalizer: pointer not in allocated block")
	}
	fs := ev.finState()
	if fin.t == nil {
		for i, f := range fs.set {
			if f.p == p {
				fs.set = append(fs.set[:i:i], fs.set[i+1:]...)
				if !f.placed {
					fs.unplaced--
				}
				break
			}
		}
		return
	}
	sig, _ := fin.t.Underlying().(*types.Signature)
	if sig == nil {
		ev.fail("fatal error: runtime.SetFinalizer: second argument is %s, not a function", typeString(fin.t))
	}
	if sig.Params().Len() != 1 || sig.Variadic() {
		ev.fail("fatal error: runtime.SetFinalizer: cannot pass %s to finalizer %s", typeString(obj.t), typeString(fin.t))
	}
	if pa := sig.Params().At(0).Type(); !types.Identical(pa, obj.t) && !types.IsInterface(pa) {
		ev.fail("runtime.SetFinalizer with a finalizer whose parameter is %s, for a %s: only a parameter of the object's type or an interface is supported", typeString(pa), typeString(obj.t))
	}
	cl, ok := fin.v.(*closure)
	if !ok {
		ev.fail("the finalizer of runtime.SetFinalizer must be static, but %s", ev.whyRep(fin.v))
	}
	if cl == nil {
		ev.fail("fatal error: runtime.SetFinalizer: second argument is nil")
	}
	for _, g := range ev.globals {
		if g == p {
			return // gc ignores a finalizer on a package variable
		}
	}
	if ev.stringData[p] {
		ev.fail("runtime.SetFinalizer on the bytes of a string (unsafe.StringData) that is not a concatenation of two non-empty strings: static evaluation copies such a string's bytes, it does not have gc's allocation of them (strdata.go)")
	}
	for _, f := range fs.set {
		if f.p == p {
			ev.fail("fatal error: runtime.SetFinalizer: finalizer already set")
		}
	}
	f := &finalizer{p: p, obj: obj, fn: cl, pos: ev.pos, elem: pt.Elem()}
	fs.set = append(fs.set, f)
	if a, ok := ev.strAllocAt(p); ok {
		// The bytes of a concatenation (strdata.go): placed.
		if p != &a.elems[0] {
			ev.fail("runtime.SetFinalizer on a pointer into the bytes of a string, not to their start: gc requires the start of an allocation")
		}
		f.base, f.placed = a.elems, true
		ev.checkPlace(f)
		return
	}
	if fr.wholeCell() {
		f.placed = true
		ev.checkPlace(f)
		return
	}
	fs.unplaced++
	if interiorPointer(fr.at) || fs.unplaced >= max(64, len(fs.set)-fs.unplaced) {
		ev.placeFinalizers()
	}
}

// wholeCell reports whether the object of the runtime.SetFinalizer call
// being evaluated is a variable or an allocation of its own (new, &T{}),
// by its SSA value: no container can hold it.
func (fr *frame) wholeCell() bool {
	x := setFinalizerObj(fr.at)
	_, ok := x.(*ssa.Alloc)
	return ok
}

// interiorPointer reports whether the object of the runtime.SetFinalizer
// call at is the address of a field or element (&x.f, &s[i]).
func interiorPointer(at ssa.Instruction) bool {
	switch setFinalizerObj(at).(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	}
	return false
}

// setFinalizerObj returns the SSA value of the pointer passed to the
// runtime.SetFinalizer call at, or nil.
func setFinalizerObj(at ssa.Instruction) ssa.Value {
	c, ok := at.(ssa.CallInstruction)
	if !ok || len(c.Common().Args) == 0 {
		return nil
	}
	if mi, ok := c.Common().Args[0].(*ssa.MakeInterface); ok {
		return mi.X
	}
	return nil
}

// placeFinalizers finds the place in memory of the objects of the
// finalizers set whose place is not known yet, with one trace: each
// object's storage when it is the first element of slice storage, and
// the checks that need it (a pointer into a larger object, gc's tiny
// allocator, size 0, two finalizers on one storage), positioned at the
// SetFinalizer call. runtime.SetFinalizer defers this to the next
// runtime.GC, the end of the evaluation, or a batch of such calls, since
// a trace costs the whole memory: the place of a cell does not change,
// and a container unreachable by then is missed (as one reachable only
// through the pointer always is).
func (ev *evaluator) placeFinalizers() {
	fs := ev.fins
	if fs == nil || fs.unplaced == 0 {
		return
	}
	var todo []*finalizer
	t := ev.newTrace()
	t.probes = map[*value]int{}
	for _, f := range fs.set {
		if !f.placed {
			t.probes[f.p] = len(todo)
			todo = append(todo, f)
		}
	}
	ev.traceRoots(t, allRegs)
	for _, h := range t.hits {
		f := todo[h.probe]
		switch {
		case h.idx < 0:
		case h.base != nil && h.idx == 0 && (f.base == nil || &f.base[0] == &h.base[0]):
			f.base = h.base
			if h.cell != nil {
				f.cell = h.cell
			}
		default:
			ev.failAt(f.pos, "runtime.SetFinalizer on a pointer to a field or element (%d) of a larger object: gc requires the start of an allocation and static evaluation does not know where its object begins", h.idx)
		}
	}
	fs.unplaced = 0
	for _, f := range todo {
		f.placed = true
		ev.checkPlace(f)
	}
}

// checkPlace makes the checks of runtime.SetFinalizer that need the
// place of the object of f.
func (ev *evaluator) checkPlace(f *finalizer) {
	size := sizes.Sizeof(f.elem)
	if f.base != nil {
		size *= int64(len(f.base))
	}
	if size == 0 {
		ev.failAt(f.pos, "runtime.SetFinalizer on an object of size 0: gc may give all of them one address, so that its finalizer may never run")
	}
	if size < 16 && !hasPointers(f.elem) {
		ev.failAt(f.pos, "runtime.SetFinalizer on a %s (%d bytes, no pointers): %s", typeString(f.elem), size, whyTiny)
	}
	if f.base == nil {
		return
	}
	for _, g := range ev.fins.set {
		if g != f && g.placed && g.base != nil && &g.base[0] == &f.base[0] {
			ev.failAt(f.pos, "fatal error: runtime.SetFinalizer: finalizer already set")
		}
	}
}

// collect is runtime.GC's collection: it queues the finalizers of the
// objects found unreachable and starts the finalizer goroutine.
func (ev *evaluator) collect() {
	fs := ev.fins
	if fs == nil || len(fs.set) == 0 {
		return
	}
	// In the trial of a loop, the loop is then static (looptrial.go).
	ev.staticOnly("runtime.GC", "finalizers are set, and run under static control")
	ev.placeFinalizers()
	all, live := ev.newTrace(), ev.newTrace()
	ev.traceRoots(all, allRegs)
	ev.traceRoots(live, liveRegs)
	var keep []*finalizer
	var cons *gcTrace
	for _, f := range fs.set {
		ra, rl := all.reaches(f), live.reaches(f)
		if ra && !rl && all.unknown == "" {
			// Reached only through registers gc may find dead:
			// decided by the trace from what gc may still scan.
			if cons == nil {
				cons = ev.consTrace()
			}
			ra = cons.reaches(f)
		}
		switch {
		case ra && rl:
			keep = append(keep, f)
		case ra || rl:
			ev.fail("runtime.GC with the finalizer set at %s pending, on an object that the running frames reach only through registers or variables dead after their current instruction: whether gc finalizes it here depends on gc's own liveness analysis, which static evaluation does not reproduce", ev.position(f.pos))
		case all.unknown != "":
			ev.fail("runtime.GC with the finalizer set at %s pending: memory holds a %s, through which static evaluation cannot tell whether gc reaches the object", ev.position(f.pos), all.unknown)
		default:
			fs.queue = append(fs.queue, finCall{fn: f.fn, obj: f.obj})
		}
	}
	fs.set = keep
	if len(fs.queue) == 0 || fs.running {
		return
	}
	fs.running = true
	fr := ev.fr
	fr.spawn("a finalizer", ev.pos, nil, func() {
		defer func() { fs.running = false }()
		for len(fs.queue) > 0 {
			q := fs.queue[0]
			fs.queue = fs.queue[1:]
			var arg value = q.obj
			if !types.IsInterface(q.fn.(*closure).fn.Signature.Params().At(0).Type()) {
				arg = q.obj.v
			}
			fr.callClosure(q.fn, []value{arg})
		}
	})
}

// contents traces what the object of f holds, not the object.
func (t *gcTrace) contents(f *finalizer) {
	if f.base != nil {
		for _, x := range f.base {
			t.value(x)
		}
		return
	}
	t.value(*f.p)
}

// reaches reports whether the trace reached the object of f: a cell of
// it, or its storage.
func (t *gcTrace) reaches(f *finalizer) bool {
	if f.base == nil {
		return t.cells[f.p] || t.inside(*f.p)
	}
	if t.bases[&f.base[0]] || f.cell != nil && t.cells[f.cell] {
		return true
	}
	for i := range f.base {
		if t.cells[&f.base[i]] || t.inside(f.base[i]) {
			return true
		}
	}
	return false
}

// inside reports whether the trace reached a cell inside the struct or
// array value v.
func (t *gcTrace) inside(v value) bool {
	var es []value
	switch v := v.(type) {
	case structure:
		es = v
	case array:
		es = v
	default:
		return false
	}
	for i := range es {
		if t.cells[&es[i]] || t.inside(es[i]) {
			return true
		}
	}
	return false
}
