package frontend

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file handles the calls that act on the runtime of the running
// program — its scheduler, collector and stack settings, its exit, and
// reading its environment — rather than on values: they are not computed at generation time (their
// effect and result belong to the program that runs, not to lmsgen) but
// emitted as calls of the generated code, in order with its other
// effects; their results are Reps. os.Exit also ends the evaluation: the
// program stops there, without running deferred calls, as in Go; under
// staged control it ends the branch it is in, as a panic does.

// runtimeCalls are the functions emitted as calls of the generated code:
// by full name, whether the call has no effect (it only reads a setting
// of the machine or the runtime).
var runtimeCalls = map[string]bool{
	"runtime.GOMAXPROCS":            false,
	"runtime.NumCPU":                true,
	"runtime/debug.SetGCPercent":    false,
	"runtime/debug.SetMaxStack":     false,
	"runtime/debug.SetMaxThreads":   false,
	"runtime/debug.SetMemoryLimit":  false,
	"runtime/debug.SetPanicOnFault": false,
	"runtime/debug.SetTraceback":    false,
	"runtime/debug.FreeOSMemory":    false,
	"os.Exit":                       false,
	"runtime.LockOSThread":          false,
	"runtime.UnlockOSThread":        false,
	// The environment of the program that runs (not lmsgen's): a Rep.
	"os.Getenv": true,
}

// exitProgram unwinds the evaluation to the staging function's caller
// after os.Exit: deferred calls do not run.
type exitProgram struct{}

// runtimeCall emits a call of one of runtimeCalls and reports whether
// name is one.
func (fr *frame) runtimeCall(name string, fn *ssa.Function, args []value) (value, bool) {
	ev := fr.ev
	pure, ok := runtimeCalls[name]
	if !ok || fn.Pkg == nil {
		return nil, false
	}
	sig := fn.Signature
	exps := make([]ir.Exp, len(args))
	for i, a := range args {
		exps[i] = ev.lift(a, sig.Params().At(i).Type(), fmt.Sprintf("argument %d of %s", i+1, name))
	}
	outs := make([]*ir.Type, sig.Results().Len())
	for i := range outs {
		outs[i] = irTypeOf(sig.Results().At(i).Type())
		if outs[i] == nil || !outs[i].IsBasic() {
			panic(fmt.Sprintf("BUG: run-time call %s with a result of type %v", name, sig.Results().At(i).Type()))
		}
	}
	t := ir.Void
	if len(outs) == 1 {
		t = outs[0]
	}
	ev.at()
	e := ev.b.Call(ir.Callee{Pkg: fn.Pkg.Pkg.Path(), Name: fn.Name(), Pure: pure}, t, exps...)
	if !pure {
		ev.writes++
	}
	if name == "os.Exit" {
		ev.exitHere()
	}
	if len(outs) == 0 {
		return nil, true
	}
	return &rep{e: e, why: &why{pos: ev.whyPos(ev.pos), what: "the result of " + name + ", a setting of the running program"}}, true
}

// exitHere ends the evaluation after a call of the generated code that
// exits the program (os.Exit, log.Fatal).
func (ev *evaluator) exitHere() {
	if len(ev.regions) > 0 {
		// Under staged control the generated code exits in this
		// branch (or staged function): the branch diverges, as one
		// that panics does, and evaluation goes on with the others.
		panic(diverged{})
	}
	ev.unw = unwinding{kind: unwindExit}
	panic(exitProgram{})
}

// callMain calls the staging function fn at the top level, on the main
// goroutine. After os.Exit its result is nil (the generated code has
// exited). After runtime.Goexit on the main goroutine the other
// goroutines run until one exits the program; if none does, the program
// is deadlocked, as in Go.
func (ev *evaluator) callMain(fn *ssa.Function, args []value) (ret value) {
	var goexit bool
	if ev.exits(func() { ret, goexit = ev.callTopGoexit(fn, args) }) || !goexit {
		return ret
	}
	ev.exits(func() { ev.park("ended by runtime.Goexit", false) })
	return nil
}

// exits runs f and reports whether os.Exit ended it.
func (ev *evaluator) exits(f func()) (exited bool) {
	defer func() {
		if ev.unw.kind != unwindExit {
			return
		}
		x := recover()
		if _, ok := x.(exitProgram); !ok {
			panic(x)
		}
		ev.unw = unwinding{}
		exited = true
	}()
	f()
	return false
}

// callTopGoexit is callTop, which reports whether runtime.Goexit ended
// the call.
func (ev *evaluator) callTopGoexit(fn *ssa.Function, args []value) (ret value, goexit bool) {
	defer func() {
		if ev.passes(nil) {
			return
		}
		if x := recover(); x != nil {
			if p, ok := x.(*goPanic); ok && p.goexit {
				goexit = true
				return
			}
			panic(x)
		}
	}()
	return ev.callTop(fn, args), false
}

// initStd runs the initializer of a standard package loaded from source.
// A program that imports the package may never use what its
// initialization cannot compute (a variable of a package without source,
// a call the evaluator refuses): the error is kept, and reported when a
// variable of the package is used.
func (fr *frame) initStd(fn *ssa.Function, env, args []value) (v value) {
	ev := fr.ev
	regions, fcur, pos, depth := len(ev.regions), ev.fr, ev.pos, ev.depth
	defer func() {
		if ev.unw.kind != unwindError {
			return
		}
		err, ok := recover().(*Error)
		if !ok || len(ev.regions) != regions {
			panic("BUG: initialization of a standard package failed under staged control")
		}
		ev.unw = unwinding{}
		ev.fr, ev.pos, ev.depth = fcur, pos, depth
		if ev.initFailed == nil {
			ev.initFailed = map[*types.Package]*Error{}
		}
		ev.initFailed[fn.Pkg.Pkg] = err
		v = nil
	}()
	return fr.inline(fn, env, args)
}
