package frontend

// This file evaluates the one answer about the running program's stack
// that static evaluation knows for certain: runtime.Caller(skip) with a
// skip beyond any stack the program can have at that point (deeper than
// twice the evaluator's frames plus the runtime's own, as a test that
// unwinding ends does) reports ok == false, with a zero pc, file and
// line. Every other call of runtime.Caller, Callers and Stack is refused
// (world.go): the frames, their program counters and the runtime's own
// frames (panics, deferred calls, goroutine starts) are gc's, not the
// evaluator's.

// runtimeFrameSlack bounds the frames gc's runtime adds to a goroutine's
// stack beyond the program's own (runtime.main, goexit, gopanic and the
// deferred-call machinery of nested panics).
const runtimeFrameSlack = 64

// callerCall evaluates runtime.Caller when its answer is certain, and
// reports whether it did.
func (fr *frame) callerCall(name string, args []value) (value, bool) {
	if name != "runtime.Caller" || isRep(args[0]) {
		return nil, false
	}
	frames := 0
	for f := fr; f != nil; f = f.caller {
		frames++
	}
	if skip := cvt[int64](args[0]); skip <= int64(2*frames+runtimeFrameSlack) {
		return nil, false
	}
	return tuple{uintptr(0), "", 0, false}, true
}
