package frontend

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates package sync, sync/atomic and the scheduling
// functions of runtime and time under the scheduler of goroutine.go.
// They have no Go source in the module (or their source is the runtime's
// own); their meaning is Go's, for goroutines that switch only when they
// block: a Mutex, RWMutex or WaitGroup is a static state kept per
// variable (its address), a blocked Lock or Wait parks the goroutine, an
// atomic operation is a plain read and write of its static variable, and
// time.Sleep waits on a virtual clock that advances only when every
// goroutine waits.

// syncState is the state of one sync variable, by its address.
type syncState struct {
	locked  bool      // Mutex, RWMutex: held for writing
	readers int       // RWMutex: held for reading
	count   int       // WaitGroup: the counter
	done    bool      // Once: f returned or panicked
	running bool      // Once: f is running
	waiters []*gor    // blocked in Lock or Wait
	rwait   []*gor    // RWMutex: blocked in RLock
	smap    *syncMap  // Map (syncmap.go)
	pool    *syncPool // Pool (syncpool.go)
}

func (ev *evaluator) syncOf(p value) *syncState {
	ptr, ok := p.(*value)
	if !ok || ptr == nil {
		panic(runtimePanic("invalid memory address or nil pointer dereference"))
	}
	if ev.syncs == nil {
		ev.syncs = map[*value]*syncState{}
	}
	st := ev.syncs[ptr]
	if st == nil {
		st = &syncState{}
		ev.syncs[ptr] = st
	}
	return st
}

// concurrent evaluates a call of a function of sync, sync/atomic, or of
// the scheduling functions of runtime and time, and reports whether name
// is one.
func (fr *frame) concurrent(name string, fn *ssa.Function, args []value) (value, bool) {
	ev := fr.ev
	switch name {
	case "runtime.Gosched":
		ev.staticControl("runtime.Gosched", 0)
		ev.park("yielding", true)
		return nil, true
	case "runtime.NumGoroutine":
		n := 1
		if ev.gs != nil {
			n = 0
			for _, g := range ev.gs.all {
				if !g.done {
					n++
				}
			}
		}
		return n, true
	case "runtime.Goexit":
		ev.staticControl("runtime.Goexit", 0)
		panic(&goPanic{msg: "runtime.Goexit", goexit: true})
	case "runtime.GC":
		// gc's runtime.GC parks its caller until the cycle ends, and
		// the other goroutines run meanwhile: under static control it
		// yields, as runtime.Gosched does, after queueing the
		// finalizers of the objects found unreachable (finalizer.go).
		// Under staged control, without finalizers, it has no effect a
		// program can observe.
		ev.rotatePools()
		ev.collect()
		if len(ev.regions) == 0 {
			ev.park("in runtime.GC", true)
		}
		return nil, true
	case "runtime.SetFinalizer":
		fr.setFinalizer(args)
		return nil, true
	case "runtime.KeepAlive":
		return nil, true // a use of its argument (liveness: gclive.go)
	case "time.Sleep":
		ev.staticControl("time.Sleep", 0)
		ev.virtualClock("time.Sleep")
		d, ok := args[0].(int64)
		if !ok {
			ev.fail("the duration of time.Sleep must be static, but %s", ev.whyRep(args[0]))
		}
		ev.sleep(d)
		return nil, true
	}
	if v, ok := fr.timerCall(name, fn, args); ok {
		return v, true
	}
	switch name {
	case "sync.OnceFunc", "sync.OnceValue", "sync.OnceValues":
		return ev.onceFunc(name, fn, args[0]), true
	}
	if m, ok := strings.CutPrefix(name, "sync.Pool."); ok {
		return fr.poolCall(m, fn, args)
	}
	if m, ok := strings.CutPrefix(name, "sync.Map."); ok {
		return fr.syncMapCall(m, args)
	}
	if m, ok := strings.CutPrefix(name, "sync."); ok {
		return fr.syncCall(m, args)
	}
	if m, ok := strings.CutPrefix(name, "sync/atomic."); ok {
		return fr.atomicCall(m, fn, args)
	}
	return nil, false
}

// syncCall evaluates a method of package sync.
func (fr *frame) syncCall(m string, args []value) (value, bool) {
	ev := fr.ev
	switch m {
	case "Mutex.Lock", "RWMutex.Lock":
		ev.staticControl("Lock", 0)
		st := ev.syncOf(args[0])
		if st.locked || st.readers > 0 {
			st.waiters = append(st.waiters, ev.sched().cur)
			ev.park("waiting for a lock", false)
			return nil, true // ownership handed over by Unlock
		}
		st.locked = true
		return nil, true
	case "Mutex.TryLock", "RWMutex.TryLock":
		st := ev.syncOf(args[0])
		if st.locked || st.readers > 0 {
			return false, true
		}
		st.locked = true
		return true, true
	case "Mutex.Unlock", "RWMutex.Unlock":
		ev.staticControl("Unlock", 0)
		st := ev.syncOf(args[0])
		if !st.locked {
			ev.fail("fatal error: sync: unlock of unlocked mutex")
		}
		st.locked = false
		ev.grant(st)
		return nil, true
	case "RWMutex.RLock":
		ev.staticControl("RLock", 0)
		st := ev.syncOf(args[0])
		if st.locked || len(st.waiters) > 0 {
			st.rwait = append(st.rwait, ev.sched().cur)
			ev.park("waiting for a read lock", false)
			return nil, true
		}
		st.readers++
		return nil, true
	case "RWMutex.TryRLock":
		st := ev.syncOf(args[0])
		if st.locked || len(st.waiters) > 0 {
			return false, true
		}
		st.readers++
		return true, true
	case "RWMutex.RUnlock":
		ev.staticControl("RUnlock", 0)
		st := ev.syncOf(args[0])
		if st.readers == 0 {
			ev.fail("fatal error: sync: RUnlock of unlocked RWMutex")
		}
		st.readers--
		ev.grant(st)
		return nil, true
	case "WaitGroup.Add", "WaitGroup.Done":
		ev.staticControl("WaitGroup."+m[len("WaitGroup."):], 0)
		d := -1
		if m == "WaitGroup.Add" {
			d = intValue(args[1])
		}
		ev.wgAdd(ev.syncOf(args[0]), d)
		return nil, true
	case "WaitGroup.Wait":
		ev.staticControl("WaitGroup.Wait", 0)
		st := ev.syncOf(args[0])
		if st.count > 0 {
			st.waiters = append(st.waiters, ev.sched().cur)
			ev.park("waiting for a WaitGroup", false)
		}
		return nil, true
	case "WaitGroup.Go":
		st := ev.syncOf(args[0])
		ev.wgAdd(st, 1)
		f := args[1]
		fr.spawn("WaitGroup.Go", ev.pos, []value{f}, func() {
			defer ev.wgAdd(st, -1)
			fr.callValue(f)
		})
		return nil, true
	case "Once.Do":
		// Go's Once: f runs once, its Once marked done when it returns
		// or panics; a caller meanwhile waits (f calling Do on its own
		// Once waits for itself: a deadlock, as in Go).
		ev.staticControl("Once.Do", 0)
		st := ev.syncOf(args[0])
		if st.done {
			return nil, true
		}
		if st.running {
			st.waiters = append(st.waiters, ev.sched().cur)
			ev.park("waiting for sync.Once.Do", false)
			return nil, true
		}
		st.running = true
		defer func() {
			st.running, st.done = false, true
			for _, g := range st.waiters {
				ev.ready(g)
			}
			st.waiters = nil
		}()
		fr.callValue(args[1])
		return nil, true
	}
	return nil, false
}

// callValue calls the func() value f.
func (fr *frame) callValue(f value) {
	cl, ok := f.(*closure)
	if !ok || cl == nil {
		if ok {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		fr.ev.fail("the function must be static, but %s", fr.ev.whyRep(f))
	}
	fr.callFunc(cl.fn, cl.env, nil, nil)
}

// grant hands a released Mutex or RWMutex to the goroutines waiting for
// it: the readers if no writer waits, else the first writer.
func (ev *evaluator) grant(st *syncState) {
	if st.locked {
		return
	}
	if len(st.waiters) > 0 && st.readers == 0 {
		g := st.waiters[0]
		st.waiters = st.waiters[1:]
		st.locked = true
		ev.ready(g)
		return
	}
	if len(st.waiters) == 0 {
		for _, g := range st.rwait {
			st.readers++
			ev.ready(g)
		}
		st.rwait = nil
	}
}

// wgAdd adds d to a WaitGroup's counter and wakes its waiters at zero.
func (ev *evaluator) wgAdd(st *syncState, d int) {
	st.count += d
	if st.count < 0 {
		panic(&goPanic{msg: "sync: negative WaitGroup counter", val: iface{t: types.Typ[types.String], v: "sync: negative WaitGroup counter"}})
	}
	if st.count == 0 {
		for _, g := range st.waiters {
			ev.ready(g)
		}
		st.waiters = nil
	}
}

// atomicCall evaluates a function or method of sync/atomic: a plain read
// and write of the variable, since goroutines switch only when they
// block.
func (fr *frame) atomicCall(m string, fn *ssa.Function, args []value) (value, bool) {
	ev := fr.ev
	var cell *value
	op := m
	if typ, meth, ok := strings.Cut(m, "."); ok {
		// A method of atomic.Int32, Bool, Value, Pointer[T], ...: its
		// variable is the field v.
		p, _ := args[0].(*value)
		if p == nil {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		s, ok := (*p).(structure)
		if !ok {
			return nil, false
		}
		st, ok := types.Unalias(fn.Signature.Recv().Type()).(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok {
			return nil, false
		}
		idx := -1
		for i := range st.NumFields() {
			if st.Field(i).Name() == "v" {
				idx = i
			}
		}
		if idx < 0 {
			return nil, false
		}
		cell, op = &s[idx], meth
		args = args[1:]
		if typ == "Bool" {
			return ev.atomicBool(cell, op, args)
		}
	} else {
		p, _ := args[0].(*value)
		if p == nil {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		cell = p
		args = args[1:]
		for _, pre := range []string{"CompareAndSwap", "Add", "Load", "Store", "Swap", "And", "Or"} {
			if strings.HasPrefix(op, pre) {
				op = pre
				break
			}
		}
	}
	if hasRep(*cell, 0) {
		ev.fail("sync/atomic on a Rep is not supported: atomic variables are static")
	}
	old := *cell
	switch op {
	case "Load":
		return copyVal(old), true
	case "Store":
		ev.store(cell, copyVal(args[0]))
		return nil, true
	case "Swap":
		ev.store(cell, copyVal(args[0]))
		return old, true
	case "CompareAndSwap":
		if !equal(old, args[0]) {
			return false, true
		}
		ev.store(cell, copyVal(args[1]))
		return true, true
	case "Add", "And", "Or":
		tok := map[string]token.Token{"Add": token.ADD, "And": token.AND, "Or": token.OR}[op]
		nv := binop(tok, old, args[0])
		ev.store(cell, nv)
		if op == "Add" {
			return nv, true
		}
		return old, true
	}
	return nil, false
}

// atomicBool evaluates a method of atomic.Bool, whose variable is a
// uint32.
func (ev *evaluator) atomicBool(cell *value, op string, args []value) (value, bool) {
	b2u := func(b value) value {
		if b.(bool) {
			return uint32(1)
		}
		return uint32(0)
	}
	old := *cell == uint32(1)
	switch op {
	case "Load":
		return old, true
	case "Store":
		ev.store(cell, b2u(args[0]))
		return nil, true
	case "Swap":
		ev.store(cell, b2u(args[0]))
		return old, true
	case "CompareAndSwap":
		if old != args[0].(bool) {
			return false, true
		}
		ev.store(cell, b2u(args[1]))
		return true, true
	}
	return nil, false
}
