package frontend

import "fmt"

// This file traces what the evaluated program reaches, for runtime.GC
// and its finalizers (finalizer.go). The evaluator's memory is cells of
// values (*value) and slice storage ([]value); an object of gc's is one
// cell with the cells inside its value (the fields of a struct, the
// elements of an array), or a slice's whole storage.
//
// gc finds an object unreachable when no pointer it scans reaches it;
// which stack slots and registers it scans depends on its liveness
// analysis and optimizations, which static evaluation does not have. So
// the collector traces twice: from every register of every running frame
// (a superset of gc's roots: what this trace does not reach, gc does not
// either) and from the registers live after each frame's current
// instruction only (gclive.go: a subset of gc's roots: what this trace
// reaches, gc reaches too). Both traces also start from the package
// variables, the pending deferred calls and panics, the goroutines not
// yet started, the finalizer queue, and, as gc's, from the finalizer
// functions and the contents (not the object itself) of every object
// with a finalizer. A third trace, from the registers gc may still
// scan (gccons.go), decides the objects only the first reaches.

// gcTrace is the result of one trace.
type gcTrace struct {
	ev    *evaluator
	cells map[*value]bool // cells reached through a pointer
	bases map[*value]bool // slice storage reached, by &base[0]
	seen  map[any]bool    // maps, channels, closures, sync.Maps visited
	// unknown names a value the trace cannot look into, or "": the
	// trace from every register is then not a superset of gc's.
	unknown string
	// probes, when not nil, are pointers whose places in memory the
	// trace records in hits: the storage or the value each is an
	// element of. The value is the probe's index.
	probes map[*value]int
	hits   []gcHit
	// rec, when not nil, records the allocation (a cell, or slice
	// storage as a sliceV) each element cell traced belongs to: alloc
	// is the allocation being traced. follow, when not nil, is such a
	// record: a pointer to an element keeps its whole allocation
	// reachable, as in gc (gccons.go).
	rec, follow map[*value]value
	alloc       value
	// bytes measures what the trace reached, as the memory budget
	// counts it (mem.go, collectMem): 16 bytes a cell, element, map entry
	// or buffered value, and the bytes of the strings they hold.
	bytes int64
}

// gcHit is a place where probe number probe was found: element idx of
// slice storage base, or of a struct or array value (base nil); cell is
// the cell whose value is that array, if it is one. idx is -1 where it
// was reached through a pointer.
type gcHit struct {
	probe int
	base  []value
	idx   int
	cell  *value
}

// probed returns the index of the probe p is, if it is one.
func (t *gcTrace) probed(p *value) (int, bool) {
	if t.probes == nil {
		return 0, false
	}
	i, ok := t.probes[p]
	return i, ok
}

func (ev *evaluator) newTrace() *gcTrace {
	return &gcTrace{ev: ev, cells: map[*value]bool{}, bases: map[*value]bool{}, seen: map[any]bool{}}
}

// rootRegs says which registers of the running frames a trace starts
// from.
type rootRegs int

const (
	allRegs  rootRegs = iota // every register: a superset of gc's roots but for interior pointers
	liveRegs                 // those go/ssa finds live, leaning to dead: a subset of gc's roots
	consRegs                 // those live counting every use and gc's always-live slots: a superset (gccons.go)
)

// traceRoots traces from the roots of the running program, with the
// registers regs of each frame.
func (ev *evaluator) traceRoots(t *gcTrace, regs rootRegs) {
	for _, p := range ev.globals {
		t.ptr(p)
	}
	if ev.gs == nil {
		t.frames(ev.fr, nil, regs, true)
	} else {
		for _, g := range ev.gs.all {
			switch {
			case g.done:
			case g == ev.gs.cur:
				t.frames(ev.fr, g.base, regs, true)
			case g.id != 1 && !g.started:
				for _, v := range g.start {
					t.value(v)
				}
			default:
				t.frames(g.fr, g.base, regs, false)
			}
		}
	}
	if fs := ev.fins; fs != nil {
		for _, f := range fs.set {
			t.value(f.fn)
			t.contents(f)
		}
		for _, q := range fs.queue {
			t.value(q.fn)
			t.value(q.obj)
		}
	}
}

// frames traces the frames from fr down to (without) base, of the
// running goroutine if running.
func (t *gcTrace) frames(fr, base *frame, regs rootRegs, running bool) {
	for top := true; fr != nil && fr != base; fr, top = fr.caller, false {
		var set regSet
		switch regs {
		case liveRegs:
			if set = fr.liveRegs(); set == nil {
				set = regSet{} // no live register
			}
		case consRegs:
			set = fr.consRegs(top && !running)
		}
		for i, v := range fr.regs {
			if set == nil || i/64 < len(set) && set.has(i) {
				t.value(v)
			}
		}
		t.value(fr.ret)
		if d := fr.dst; d != nil {
			for _, c := range d.calls {
				t.value(c.f)
				for _, a := range c.args {
					t.value(a)
				}
			}
			if d.panic != nil {
				t.value(d.panic.val)
			}
		}
	}
}

// ptr traces the cell p points to.
func (t *gcTrace) ptr(p *value) {
	if p == nil || t.cells[p] {
		return
	}
	t.cells[p] = true
	t.bytes += 16
	if i, ok := t.probed(p); ok {
		t.hits = append(t.hits, gcHit{probe: i, idx: -1})
	}
	if t.follow != nil {
		if a, ok := t.follow[p]; ok {
			t.value(a)
		}
	}
	if t.rec != nil {
		defer func(a value) { t.alloc = a }(t.alloc)
		t.alloc = p
	}
	if s, ok := t.ev.unsafeData[p]; ok {
		t.value(s)
	}
	t.syncMap(p)
	if a, ok := (*p).(array); ok {
		t.elems(a, p)
		return
	}
	t.value(*p)
}

// syncMap traces the entries of the sync.Map at p, if it is one (its
// state is kept by address: sync.go).
func (t *gcTrace) syncMap(p *value) {
	st := t.ev.syncs[p]
	if st != nil && st.pool != nil && !t.seen[st.pool] {
		t.seen[st.pool] = true
		for _, q := range [][]value{st.pool.items, st.pool.victim} {
			for _, x := range q {
				t.value(x)
			}
		}
	}
	if st == nil || st.smap == nil || t.seen[st.smap] {
		return
	}
	t.seen[st.smap] = true
	for i, k := range st.smap.keys {
		if !st.smap.dead[i] {
			t.value(k)
			t.value(st.smap.vals[i])
		}
	}
}

// elems traces the elements of a struct or array value held inline, in
// the cell cell if it is its whole value.
func (t *gcTrace) elems(es []value, cell *value) {
	for i := range es {
		if t.rec != nil {
			t.rec[&es[i]] = t.alloc
		}
		if j, ok := t.probed(&es[i]); ok {
			h := gcHit{probe: j, idx: i}
			if cell != nil {
				h.base, h.cell = es, cell
			}
			t.hits = append(t.hits, h)
		}
		t.element(&es[i])
	}
}

// element traces the element at p of a struct, array or slice storage:
// its value, and the state of a sync.Map or sync.Pool it is (only a
// struct can be).
func (t *gcTrace) element(p *value) {
	t.bytes += 16
	switch x := (*p).(type) {
	case string:
		t.bytes += int64(len(x))
		t.str(x)
		return
	case nil, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr,
		float32, float64, complex64, complex128:
		return
	case structure:
		t.syncMap(p)
	}
	t.value(*p)
}

// value traces v.
func (t *gcTrace) value(v value) {
	switch v := v.(type) {
	case nil, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr,
		float32, float64, complex64, complex128, builtinV, *rtype:
	case string:
		t.str(v)
	case *rep, *varRef, *varComposite, *varShift, *matElem, *dynElem, *soaElem, *aosElem, *aosLeaf:
		// Values of the generated code: they hold no static cell.
	case native:
		// An opaque Go value of a native function holds no cell, but
		// for a reflect.Value.
		if rv, ok := v.v.(*rvalue); ok && rv != nil {
			t.value(rv.v)
		} else if _, ok := v.v.(*rtype); !ok && t.unknown == "" && t.ev.strFinalizers() {
			t.unknown = "native Go value (which may hold a string whose bytes have a finalizer)"
		}
	case *value:
		t.ptr(v)
	case structure:
		t.elems(v, nil)
	case array:
		t.elems(v, nil)
	case tuple:
		for _, x := range v {
			t.value(x)
		}
	case sliceV:
		if cap(v.base) == 0 {
			return
		}
		base := v.base[:cap(v.base)]
		if t.bases[&base[0]] {
			return
		}
		t.bases[&base[0]] = true
		if t.rec != nil {
			defer func(a value) { t.alloc = a }(t.alloc)
			t.alloc = sliceV{base: base, len: len(base), cap: len(base)}
		}
		for i := range base {
			if t.rec != nil {
				t.rec[&base[i]] = t.alloc
			}
			if j, ok := t.probed(&base[i]); ok {
				t.hits = append(t.hits, gcHit{probe: j, base: base, idx: i})
			}
			t.element(&base[i])
		}
	case *mapV:
		if v == nil || t.seen[v] {
			return
		}
		t.seen[v] = true
		t.bytes += 16 * int64(len(v.keys))
		for i, k := range v.keys {
			t.value(k)
			if i < len(v.vals) {
				t.ptr(v.vals[i])
			}
		}
	case *closure:
		if v == nil || t.seen[v] {
			return
		}
		t.seen[v] = true
		for _, x := range v.env {
			t.value(x)
		}
	case iface:
		t.value(v.v)
	case *chanV:
		if v == nil || t.seen[v] {
			return
		}
		t.seen[v] = true
		t.bytes += 16 * int64(len(v.buf))
		for _, x := range v.buf {
			t.value(x)
		}
		for _, w := range v.sendq {
			t.value(w.val)
		}
	case *unsafePtr:
		if v == nil {
			return
		}
		t.ptr(v.p)
		if v.base != nil {
			t.value(sliceV{base: v.base})
		}
	case *stagedFn:
		t.value(v.f)
	case *deferStack:
		// A frame of the stack, traced with the stack.
	case *iterV:
		if v == nil {
			return
		}
		t.value(v.m)
		t.ptr(v.pos)
		for _, k := range v.keys {
			t.value(k)
		}
	default:
		if t.unknown == "" {
			t.unknown = fmt.Sprintf("%T", v)
		}
	}
}
