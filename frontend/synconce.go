package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates sync.OnceFunc, sync.OnceValue and sync.OnceValues
// on static functions, with the meaning of sync/oncefunc.go: the
// function returned calls f the first time it is called and returns its
// results then and on every later call; if f panics, the first call
// panics with f's panic value and every later call panics with that
// value again; a call while the first one runs (on another goroutine, or
// on the same one: gc's Once.Do then blocks forever) waits until it ends.
// The returned function is a closure of a synthetic function (no body)
// whose environment holds the state, f and its results, so that the
// collector (gc.go) traces them as it traces the variables of
// oncefunc.go's closure.

// onceProvenance marks the synthetic functions of OnceFunc, OnceValue and
// OnceValues.
const onceProvenance = "sync.OnceFunc"

// The slots of the environment of a function made by onceFunc.
const (
	onceState = iota // native{*onceFn}
	onceF            // f, nil once it was called (oncefunc.go drops it)
	onceR1           // f's first result
	onceR2           // f's second result (OnceValues)
	onceP            // the value f panicked with (kept for the collector)
	onceSlots
)

// onceFn is the state of a function made by onceFunc.
type onceFn struct {
	results int      // f's results: 0, 1 or 2
	running bool     // the first call runs
	done    bool     // the first call ended
	p       *goPanic // the panic that ended it, or nil
	waiters []*gor   // blocked until it ends
	name    string   // sync.OnceFunc, sync.OnceValue or sync.OnceValues
}

// isOnceFunc reports whether fn is the synthetic function of a function
// made by sync.OnceFunc, OnceValue or OnceValues.
func isOnceFunc(fn *ssa.Function) bool {
	return fn.Synthetic == onceProvenance && fn.Blocks == nil && fn.Pkg == nil
}

// onceFunc evaluates name(f) (sync.OnceFunc, OnceValue or OnceValues),
// fn being the function called.
func (ev *evaluator) onceFunc(name string, fn *ssa.Function, f value) value {
	cl, ok := f.(*closure)
	if !ok {
		ev.fail("%s: the function must be static, but %s", name, ev.whyRep(f))
	}
	sig, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Signature)
	if !ok {
		panic("BUG: " + name + " does not return a function")
	}
	st := &onceFn{results: sig.Results().Len(), name: name}
	env := make([]value, onceSlots)
	env[onceState], env[onceF] = native{v: st}, cl
	if cl == nil {
		// oncefunc.go calls a nil f on the first call, which panics
		// there: the panic is the first call's.
		env[onceF] = (*closure)(nil)
	}
	return &closure{fn: ev.l.prog.NewFunction("onceFuncStub", sig, onceProvenance), env: env}
}

// callOnceFunc calls the function made by onceFunc whose environment is
// env.
func (fr *frame) callOnceFunc(env []value) value {
	ev := fr.ev
	st := env[onceState].(native).v.(*onceFn)
	ev.staticControl("the function made by "+st.name, 0)
	for st.running {
		st.waiters = append(st.waiters, ev.sched().cur)
		ev.park("waiting in the function made by "+st.name, false)
	}
	if !st.done {
		fr.onceFirst(st, env)
	}
	if st.p != nil {
		panic(st.p)
	}
	switch st.results {
	case 0:
		return nil
	case 1:
		return copyVal(env[onceR1])
	}
	return tuple{copyVal(env[onceR1]), copyVal(env[onceR2])}
}

// onceFirst makes the first call of f and records how it ended; a panic
// of f unwinds on (oncefunc.go recovers it and panics again with its
// value, which a program cannot tell apart).
func (fr *frame) onceFirst(st *onceFn, env []value) {
	ev := fr.ev
	f := env[onceF].(*closure)
	st.running = true
	defer func() {
		if st.done || ev.passes(nil) {
			return
		}
		x := recover()
		if p, ok := x.(*goPanic); ok {
			if p.goexit {
				ev.fail("runtime.Goexit in the function given to %s is not supported during staging (oncefunc.go then panics with nil)", st.name)
			}
			st.p = p
			env[onceP] = p.val
			st.running, st.done, env[onceF] = false, true, nil
			fr.onceWake(st)
		}
		if x != nil {
			panic(x)
		}
	}()
	if f == nil {
		panic(runtimePanic("invalid memory address or nil pointer dereference"))
	}
	res := fr.callFunc(f.fn, f.env, nil, nil)
	switch st.results {
	case 1:
		env[onceR1] = copyVal(res)
	case 2:
		t := res.(tuple)
		env[onceR1], env[onceR2] = copyVal(t[0]), copyVal(t[1])
	}
	st.running, st.done, env[onceF] = false, true, nil
	fr.onceWake(st)
}

// onceWake makes the goroutines waiting for the first call runnable.
func (fr *frame) onceWake(st *onceFn) {
	for _, g := range st.waiters {
		fr.ev.ready(g)
	}
	st.waiters = nil
}
