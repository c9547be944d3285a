package frontend

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates runtime.Caller(skip) where static evaluation knows
// gc's answer:
//
//   - a skip beyond any stack the program can have at that point (deeper
//     than twice the evaluator's frames plus the runtime's own, as a test
//     that unwinding ends does) reports ok == false, with a zero pc, file
//     and line;
//   - a skip whose frame gcstack.go's walk of gc's logical stack knows
//     (the program's frames called by plain calls, deferred calls run at
//     a return or by a panic statement or nil dereference, with the
//     runtime's frames gopanic runs them from) reports the file and line
//     gc does: for a frame of the program, the line of the call (of the
//     runtime.Caller call for skip 0, of the panic for the frame that
//     raised one), the source's path with //line directives applied
//     ("??" for a directive without a file name), when the program
//     counter it returns is not used.
//
// runtime.Callers whose count is unused and whose buffer nothing else
// reads (a slice of a local array, or one made for the call) does
// nothing: the program cannot tell gc's frames from any others.
//
// Other calls are refused (world.go, or the walk's reason): frames beyond
// the staging function, goroutines' starts, reflection's call frames,
// wrappers, and program counters are gc's, not the evaluator's. The file is the one
// the staging program is built from: a program built with -trimpath
// reports a shorter path.

// runtimeFrameSlack bounds the frames gc's runtime adds to a goroutine's
// stack beyond the program's own (runtime.main, goexit, gopanic and the
// deferred-call machinery of nested panics).
const runtimeFrameSlack = 64

// callerCall evaluates runtime.Caller when its answer is certain, and
// reports whether it did. in is the call, nil if it is not a plain call.
func (fr *frame) callerCall(name string, args []value, in *ssa.Call) (value, bool) {
	if name == "runtime.Callers" && in != nil && !usedValue(in) && unreadBuffer(in.Call.Args[1], in) {
		// Nothing reads what Callers writes, nor its count: the
		// program cannot tell gc's frames from any others.
		return 0, true
	}
	if name != "runtime.Caller" || isRep(args[0]) {
		return nil, false
	}
	ev := fr.ev
	frames := 0
	for f := fr; f != nil; f = f.caller {
		frames++
	}
	skip := cvt[int64](args[0])
	if skip > int64(2*frames+runtimeFrameSlack) {
		return tuple{uintptr(0), "", 0, false}, true
	}
	if in == nil || skip < 0 {
		return nil, false
	}
	if pcUsed(in) {
		ev.fail("runtime.Caller: the program counter it returns is gc's, a number static evaluation does not have (only file, line and ok are answered)")
	}
	w := &stackWalk{ev: ev, f: fr, pos: in.Pos()}
	what := fmt.Sprintf("runtime.Caller(%d)", skip)
	var g gcFrame
	for range skip + 1 {
		g = w.next(what)
	}
	if g.fr == nil {
		return tuple{uintptr(0), g.rt.file, g.rt.line, true}, true
	}
	if isWrapper(g.fr.fn) {
		ev.fail("%s: the frame is %s, a wrapper gc's frames do not have", what, funcName(g.fr.fn))
	}
	p := ev.l.fset.Position(g.pos)
	return tuple{uintptr(0), ev.callerFile(g.pos, p.Filename), p.Line, true}, true
}

// isWrapper reports whether fn is a function go/ssa makes that gc's
// frames do not have (a bound method, a method of an embedded field, a
// thunk); an instantiation of a generic function is a frame of its own.
func isWrapper(fn *ssa.Function) bool {
	return fn.Synthetic != "" && fn.Origin() == nil
}

// callerFile returns the file name gc reports for pos, whose file name
// with //line directives applied is adjusted: go/scanner makes a relative
// name of a directive absolute (joined to the source's directory), gc
// keeps it as written; a directive without a name gives "??".
func (ev *evaluator) callerFile(pos token.Pos, adjusted string) string {
	raw := ev.l.fset.PositionFor(pos, false).Filename
	switch {
	case adjusted == "":
		return "??"
	case adjusted == raw:
		return adjusted
	}
	rel, ok := strings.CutPrefix(adjusted, filepath.Dir(raw)+string(filepath.Separator))
	if !ok {
		return adjusted
	}
	src, err := os.ReadFile(raw)
	if err != nil || !bytes.Contains(src, []byte("line "+rel+":")) || bytes.Contains(src, []byte("line "+adjusted+":")) {
		ev.fail("runtime.Caller: the file name %s comes from a //line directive that static evaluation cannot read back as written", adjusted)
	}
	return rel
}

// pcUsed reports whether the program counter runtime.Caller returns at
// in may be used: in's results are used other than by extracting the
// file, line and ok (debug references do not count).
func pcUsed(in *ssa.Call) bool {
	for _, r := range *in.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Extract:
			if r.Index != 0 {
				continue
			}
			for _, u := range *r.Referrers() {
				if _, ok := u.(*ssa.DebugRef); !ok {
					return true
				}
			}
		default:
			return true
		}
	}
	return false
}

// calledDirectly reports whether frame f was called by a plain call in
// its caller's function: a call at f's call position of f's function, or
// of a function value or interface method.
func calledDirectly(f *frame) bool {
	found := false
	for _, b := range f.caller.fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c.Pos() != f.callPos || f.callPos == token.NoPos {
				continue
			}
			if callee := c.Call.StaticCallee(); callee != nil && callee != f.fn {
				return false
			}
			found = true
		}
	}
	return found
}

// deferredCallPos returns the position gc's runtime.Caller reports for
// frame fr while it runs its deferred calls at a return, and reports
// whether it is certain. gc open-codes the deferred calls at each return
// of a function with at most 8 defer statements, none in a loop, whose
// returns times defers are at most 15 (and whose named results stay on
// the stack): the line is the return statement's, or the closing brace's
// when control falls off the end. Otherwise runtime.deferreturn runs
// them, called at the closing brace. A panic (gopanic) and a recovery
// are not answered, nor calls deferred from the body of a range over a
// function, nor open-coding with named results (whether they stay on
// the stack is gc's escape analysis).
func deferredCallPos(fr *frame) (token.Pos, bool) {
	ret := fr.dst.ret
	if ret == nil || fr.dst.panic != nil {
		return token.NoPos, false
	}
	var body *ast.BlockStmt
	switch syn := fr.fn.Syntax().(type) {
	case *ast.FuncDecl:
		body = syn.Body
	case *ast.FuncLit:
		body = syn.Body
	}
	if body == nil {
		return token.NoPos, false
	}
	defers, inLoop := 0, false
	for _, b := range fr.fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Defer); ok {
				defers++
				inLoop = inLoop || fr.info.loopOf[b.Index] != nil
			}
		}
	}
	if defers == 0 {
		return token.NoPos, false // deferred from a range over a function
	}
	returns := 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
		}
		return true
	})
	if inLoop || defers > 8 || returns*defers > 15 {
		return body.Rbrace, true // runtime.deferreturn
	}
	for v := range fr.fn.Signature.Results().Variables() {
		if v.Name() != "" && v.Name() != "_" {
			return token.NoPos, false
		}
	}
	if ret.Pos() != token.NoPos {
		return ret.Pos(), true
	}
	return body.Rbrace, true
}

// unreadBuffer reports whether the buffer b passed to call is read by
// nothing else: a slice made for the call, or slices of it or of a local
// array, each used by no other instruction but DebugRefs.
func unreadBuffer(b ssa.Value, call ssa.Instruction) bool {
	only := func(v ssa.Value, user ssa.Instruction) bool {
		for _, r := range *v.Referrers() {
			if _, dbg := r.(*ssa.DebugRef); !dbg && r != user {
				return false
			}
		}
		return true
	}
	user := call
	for {
		if !only(b, user) {
			return false
		}
		switch x := b.(type) {
		case *ssa.MakeSlice, *ssa.Alloc:
			return true
		case *ssa.Slice: // of a local array, of a slice made, or of such a slice
			b, user = x.X, x
		default:
			return false
		}
	}
}
