package frontend

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file evaluates defer statements, recover, and the unwinding of a
// panic through static frames, with Go's semantics: a defer statement
// evaluates the function value and the arguments and saves the call; the
// calls run in reverse order when the function returns (ssa.RunDefers)
// or when a panic unwinds through it; a deferred function that calls
// recover directly stops the panic, and the function then returns its
// named results as they are (ssa.Function.Recover). A panic raised by a
// deferred call replaces the one being unwound.
//
// A panic of the evaluated program is a Go panic of the evaluator
// (*goPanic). Without deferred calls, the innermost run catches it (see
// frame.guard): an error at the top level, a panic of the generated code
// under staged control. While some frame has deferred calls pending and
// no staged construct has started since that frame was entered, the panic
// unwinds through the evaluator's Go stack to that frame instead.
// Deferred calls belong to static control: a defer statement under a
// staged conditional or loop of its own function, and a static panic
// under staged control while deferred calls are pending, are errors.

// deferState is the state of a frame of a function with defer
// statements.
type deferState struct {
	calls []deferredCall // pending, in the order registered
	base  int            // len(ev.regions) when the frame was entered
	panic *goPanic       // the panic being unwound through the frame, or nil
	// ret is the Return whose RunDefers runs the calls now, nil when
	// none does (a panic unwinds), for runtime.Caller (callers.go).
	ret *ssa.Return
	// unwinding is the panic whose unwinding runs the calls now, while
	// it is neither recovered nor replaced: the deferPanic of the frame
	// of the call run next (gcstack.go).
	unwinding *goPanic
	// staged counts the deferred calls of the generated code the frame
	// made (worlddefer.go), the first at stagedPos.
	staged    int
	stagedPos token.Pos
}

// deferredCall is a call saved by a defer statement.
type deferredCall struct {
	c    *ssa.CallCommon
	f    value // the function value, or the receiver of an invoke
	args []value
	pos  token.Pos
	// stagedBefore is deferState.staged when the call was deferred.
	stagedBefore int
	// mark is the first symbol of the graph made after the defer
	// statement (deferpanic.go).
	mark ir.Sym
}

// hasDefer reports whether fn has defer statements.
func hasDefer(fn *ssa.Function) bool { return fn.Recover != nil }

// runBody runs fr's function from its entry block, with Go's deferred
// calls and recovery if it has defer statements.
func (fr *frame) runBody() outcome {
	if !hasDefer(fr.fn) {
		return fr.run(fr.fn.Blocks[0], nil, nil)
	}
	ev := fr.ev
	fr.dst = &deferState{base: len(ev.regions)}
	n := len(ev.deferring)
	ev.deferring = append(ev.deferring, fr)
	pop := func() { ev.deferring = ev.deferring[:n] }
	defer pop() // also when an error or a restart unwinds
	defer fr.leaveStagedDefers()
	out, p := fr.runCatching(fr.fn.Blocks[0])
	if p == nil {
		pop()
		return out
	}
	// A static panic unwinds through fr: run the pending calls, each of
	// which may recover it or replace it.
	fr.dst.panic = p
	for len(fr.dst.calls) > 0 {
		fr.dst.unwinding = nil
		if fr.dst.panic == p {
			fr.dst.unwinding = p
		}
		if q := fr.catching(fr.runOneDeferred); q != nil {
			fr.dst.panic = q
		}
	}
	fr.dst.unwinding = nil
	pop()
	if p := fr.dst.panic; p != nil {
		panic(p) // not recovered: unwind to the caller
	}
	// Recovered: return the named results as they are.
	out, p = fr.runCatching(fr.fn.Recover)
	if p != nil {
		panic(p)
	}
	return out
}

// runCatching runs fr from block b and returns the panic of the evaluated
// program that unwinds to fr (see guard), if any.
func (fr *frame) runCatching(b *ssa.BasicBlock) (out outcome, p *goPanic) {
	p = fr.catching(func() { out = fr.run(b, nil, nil) })
	return out, p
}

// catching runs f and returns the panic of the evaluated program it
// raised, restoring the evaluator's current frame.
func (fr *frame) catching(f func()) (p *goPanic) {
	ev := fr.ev
	pos, depth := ev.pos, ev.depth
	defer func() {
		if ev.passes(nil) {
			return
		}
		if x := recover(); x != nil {
			gp, ok := x.(*goPanic)
			if !ok {
				panic(x)
			}
			ev.notePanicSite(gp, fr)
			ev.fr, ev.pos, ev.depth = fr, pos, depth
			p = gp
		}
	}()
	f()
	return nil
}

// unwindsToDefer reports whether a panic of the evaluated program that
// reached a run's guard must unwind further, to a frame with pending
// deferred calls; it fails if deferred calls are pending but a staged
// construct started since their frame was entered.
func (ev *evaluator) unwindsToDefer(p *goPanic) bool {
	pending := false
	for _, f := range ev.deferring {
		if len(f.dst.calls) > 0 {
			pending = true
		}
	}
	if !pending {
		return false
	}
	top := ev.deferring[len(ev.deferring)-1]
	ev.staticControl("a panic ("+p.msg+") while deferred calls are pending", top.dst.base)
	return true
}

// deferStack is the value of go/ssa's ssa:deferstack(): the frame whose
// deferred calls a defer statement adds to. go/ssa keeps it only where a
// defer statement is in the body of a range over a function, which
// go/ssa makes a closure (the yield function): the deferred call
// belongs to the function that has the range statement.
type deferStack struct {
	fr *frame
}

// deferStmt evaluates a defer statement.
func (fr *frame) deferStmt(in *ssa.Defer) {
	ev := fr.ev
	to := fr
	if in.DeferStack != nil {
		ds, ok := fr.get(in.DeferStack).(*deferStack)
		if !ok || ds == nil {
			panic("BUG: the defer stack of a defer statement is not ssa:deferstack()")
		}
		to = ds.fr
	}
	if to.dst == nil {
		ev.fail("a defer statement in a staged function (//lms:fun) is not supported: deferred calls run at generation time")
	}
	f, args := fr.operands(&in.Call)
	if fr.stagedDefer(to, &in.Call, f, args) {
		return
	}
	ev.staticControl("a defer statement", to.dst.base)
	nilInvoke(&in.Call, f)
	for i := range args {
		args[i] = copyVal(args[i])
	}
	to.dst.calls = append(to.dst.calls, deferredCall{c: &in.Call, f: f, args: args, pos: in.Pos(), stagedBefore: to.dst.staged,
		mark: ir.Sym(ev.b.Graph().NumSyms())})
}

// nilInvoke panics, as Go does at a defer or go statement, if its call
// is a method call on the nil interface f: the statement evaluates the
// method value.
func nilInvoke(c *ssa.CallCommon, f value) {
	if i, ok := f.(iface); ok && c.IsInvoke() && i.t == nil {
		panic(runtimePanic("invalid memory address or nil pointer dereference"))
	}
}

// runDefers runs the pending deferred calls at a return (ssa.RunDefers).
// Under a staged conditional of the function (a return in one branch),
// the calls run in this branch and stay pending for the other.
func (fr *frame) runDefers() {
	ev := fr.ev
	if fr.dst == nil {
		return
	}
	if fr.at != nil {
		ret, _ := fr.at.Block().Instrs[len(fr.at.Block().Instrs)-1].(*ssa.Return)
		fr.dst.ret = ret
		defer func() { fr.dst.ret = nil }()
	}
	if len(ev.regions) > fr.dst.base {
		saved := fr.dst.calls
		for len(fr.dst.calls) > 0 {
			fr.runOneDeferred()
		}
		fr.dst.calls = saved
		return
	}
	for len(fr.dst.calls) > 0 {
		fr.runOneDeferred()
	}
}

// runDefersAtReturn runs, at a Return of a function without RunDefers,
// the calls that ranges over functions deferred to it (go/ssa removed
// its RunDefers, having seen no Defer in it), and returns how to read
// the results: a result loaded from a named result's variable is loaded
// again, since a deferred call may have set it (go/ssa loaded it before
// the RunDefers it removed would have run).
func (fr *frame) runDefersAtReturn() func(ssa.Value) value {
	fr.runDefers()
	return func(v ssa.Value) value {
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
			if a, ok := u.X.(*ssa.Alloc); ok && isNamedResult(fr.fn, a) {
				return fr.deref(fr.get(a))
			}
		}
		return fr.get(v)
	}
}

// isNamedResult reports whether a is the variable of a named result of
// fn (declared at the result's position).
func isNamedResult(fn *ssa.Function, a *ssa.Alloc) bool {
	if a.Parent() != fn || a.Pos() == token.NoPos {
		return false
	}
	for v := range fn.Signature.Results().Variables() {
		if v.Name() != "" && v.Name() == a.Comment && v.Pos() == a.Pos() {
			return true
		}
	}
	return false
}

// runOneDeferred pops the last deferred call and runs it.
func (fr *frame) runOneDeferred() {
	ev := fr.ev
	n := len(fr.dst.calls) - 1
	d := fr.dst.calls[n]
	fr.dst.calls = fr.dst.calls[:n]
	if b, ok := d.c.Value.(*ssa.Builtin); ok && b.Name() == "recover" && fr.dst.panic != nil {
		// `defer recover()` run by a panic unwinding through fr: gc's
		// gopanic calls it, not a deferred function, so it returns nil
		// and stops nothing. Run at fr's return (also after a recovery)
		// it is called as by fr itself, and recovers if fr is a
		// deferred call of a panicking frame.
		return
	}
	pos := ev.pos
	ev.pos = d.pos
	ev.nextDeferred = fr
	fr.deferredEffects(d, func() { fr.callWith(d.c, d.f, d.args, nil) })
	ev.nextDeferred = nil
	ev.pos = pos
}

// recoverCall evaluates recover() in frame fr: the value of the panic
// being unwound if fr is a deferred call run by the panicking frame, else
// nil.
func (fr *frame) recoverCall() value {
	by := fr.deferredBy
	if by == nil || by.dst == nil || by.dst.panic == nil || by.dst.panic.goexit {
		return iface{}
	}
	p := by.dst.panic
	by.dst.panic = nil
	return fr.ev.panicValue(p)
}

// panicValue is the value recover returns for p: the value given to
// panic, or a runtime.Error for a run-time panic of the evaluator.
func (ev *evaluator) panicValue(p *goPanic) value {
	if i, ok := p.val.(iface); ok {
		return i
	}
	return iface{t: runtimeErrorType, v: native{v: runtimeError(p.msg)}}
}

// runtimeError is a run-time panic recovered by the evaluated program.
type runtimeError string

func (e runtimeError) Error() string { return string(e) }

// RuntimeError marks runtimeError as a runtime.Error.
func (e runtimeError) RuntimeError() {}

// runtimeErrorType is the dynamic type of a recovered run-time panic: a
// type of package runtime with the methods of runtime.Error.
var runtimeErrorType = func() types.Type {
	pkg := types.NewPackage("runtime", "runtime")
	name := types.NewTypeName(token.NoPos, pkg, "Error", nil)
	t := types.NewNamed(name, types.Typ[types.String], nil)
	recv := types.NewVar(token.NoPos, pkg, "e", t)
	str := types.NewTuple(types.NewVar(token.NoPos, pkg, "", types.Typ[types.String]))
	t.AddMethod(types.NewFunc(token.NoPos, pkg, "Error", types.NewSignatureType(recv, nil, nil, nil, str, false)))
	t.AddMethod(types.NewFunc(token.NoPos, pkg, "RuntimeError", types.NewSignatureType(recv, nil, nil, nil, nil, false)))
	return t
}()
