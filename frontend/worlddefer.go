package frontend

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages deferred calls that touch the world (worldcall.go):
// `defer os.Remove(f.Name())`, `defer os.RemoveAll(dir)`, `defer
// f.Close()` in the staging function itself. Its frame is the generated
// function's, so the generated code says the same: a Go defer statement
// (ir.Callee.Defer), which evaluates the function and its arguments where
// it stands and makes the call when the generated function returns or
// panics, in reverse order with the other defer statements it ran. That
// holds under staged control too (a defer in a branch taken, or once per
// iteration of a staged loop, as in Go), so such a defer statement may
// stand after a staged conditional on a world call's error.
//
// The staging function's static deferred calls run at generation time,
// at its return: their effects in the generated code (a print) stand
// before its return, so before every Go defer. That is Go's order for
// those deferred after the staged ones; one deferred before a staged one
// runs after it in Go, so it is refused if it makes an effect of the
// generated code (deferState.staged, deferredCall.stagedBefore).
//
// A function inlined into the staging function (the wrapped main of a
// test program) defers the same way, when the generated function's
// return follows its return with no effect between (no output, no world
// call: checkStagedDefers); else Go makes the call before effects the
// generated code makes before it, and the deferred call is refused.
// Deferred calls with a slice argument are refused (the call would read
// the slice at the return, its node where the defer stands).

// deferredWorld lists the packages whose deferred calls are staged as Go
// defer statements (log's output and exits, the clock's timers and
// math/rand are not).
var deferredWorld = map[string]bool{"os": true, "io/ioutil": true, "syscall": true, "os/exec": true}

// stagedDefer stages the defer statement of c, whose operands are f and
// args, deferred to the frame to, if it is a call that touches the world
// deferred by the staging function; it reports whether it did.
func (fr *frame) stagedDefer(to *frame, c *ssa.CallCommon, f value, args []value) bool {
	ev := fr.ev
	if !ev.calling || ev.inLambda() || !ev.inGenFrame(to) {
		return false
	}
	if c.IsInvoke() {
		r, ok := ev.opaqueRep(f)
		if !ok {
			return false
		}
		to.dst.noteStaged(ev.pos)
		fr.opaqueInvokeAs(r, c.Method, args, true)
		return true
	}
	fn := c.StaticCallee()
	if fn == nil || fn.Blocks != nil && fn.Pkg != nil && ev.l.bySrc[fn.Pkg.Pkg.Path()] {
		return false
	}
	pkg, name := funcPkgPath(fn), ev.fullName(fn)
	if !deferredWorld[pkg] || !worldStaged[pkg] || worldReasons[name] != "" || worldExits[name] || name == "os.Exit" {
		return false
	}
	sig := fn.Signature
	callee := ir.Callee{Pkg: pkg, Name: fn.Name(), Trap: true, Defer: true}
	var recv types.Type
	if r := sig.Recv(); r != nil {
		if _, ok := ev.opaqueRep(args[0]); !ok {
			return false // a static receiver: os.Stdout's methods (stdio.go)
		}
		callee.Pkg, callee.Method, recv = "", true, r.Type()
	}
	to.dst.noteStaged(ev.pos)
	fr.libCall(callee, recv, sig, args, name, worldReason(pkg, name))
	return true
}

// noteStaged counts a deferred call of the generated code, made at pos.
func (d *deferState) noteStaged(pos token.Pos) {
	if d.staged == 0 {
		d.stagedPos = pos
	}
	d.staged++
}

// inGenFrame reports whether fr is the staging function's frame or one
// inlined into it, run by the main goroutine (another goroutine's
// deferred calls, a finalizer's, do not run when the main goroutine
// panics).
func (ev *evaluator) inGenFrame(fr *frame) bool {
	if ev.gs != nil && ev.gs.cur != ev.gs.all[0] {
		return false
	}
	for ; fr != nil; fr = fr.caller {
		if fr == ev.genFrame {
			return true
		}
	}
	return false
}

// deferLeft is the return of an inlined frame with deferred calls of the
// generated code: its first defer statement's position, and the
// evaluator's count of staged write effects then.
type deferLeft struct {
	pos    token.Pos
	writes int
}

// leaveStagedDefers records the return (or the unwinding) of fr if it is
// an inlined frame that deferred calls of the generated code.
func (fr *frame) leaveStagedDefers() {
	ev := fr.ev
	if fr.dst.staged > 0 && fr != ev.genFrame && ev.deferLeft == nil {
		ev.deferLeft = &deferLeft{pos: fr.dst.stagedPos, writes: ev.writes}
	}
}

// checkStagedDefers refuses, at the staging function's return, a
// deferred call of the generated code made by an inlined frame if any
// effect of the generated code was made after that frame returned: Go
// makes the call before those effects, the generated code's defer
// statement when the generated function returns.
func (ev *evaluator) checkStagedDefers() {
	if l := ev.deferLeft; l != nil && ev.writes != l.writes {
		ev.failAt(l.pos, "a deferred call that touches the world, in a function inlined into the staging function, is made by the generated code when it returns, but effects of the generated code follow the return of this function, which Go makes after the call: defer it in the staging function, or call it before returning")
	}
}

// inLambda reports whether the code being built is the body of a staged
// function (a λ), not the generated function's own.
func (ev *evaluator) inLambda() bool {
	for _, r := range ev.regions {
		if r.kind == rLambda {
			return true
		}
	}
	return false
}

// deferredEffects runs the static deferred call d of fr and refuses it
// if a staged deferred call was registered after it (Go runs d after
// that call, the generated code before it) and d made an effect of the
// generated code.
func (fr *frame) deferredEffects(d deferredCall, run func()) {
	ev := fr.ev
	if fr.dst.staged == d.stagedBefore {
		w, before := ev.writes, ir.Sym(ev.b.Graph().NumSyms())
		run()
		if ev.writes != w && fr.dst.panic == nil {
			fr.deferAfterTrap(d, before)
		}
		return
	}
	w := ev.writes
	run()
	if ev.writes != w {
		ev.failAt(d.pos, "this deferred call makes effects of the generated code and was deferred before a call that touches the world, which the generated code defers (Go runs this one last, the generated code before the function returns): defer it after that call, or make its effects static")
	}
}
