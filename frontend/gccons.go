package frontend

import "golang.org/x/tools/go/ssa"

// This file computes the third trace of the collector (gc.go): from the
// registers of each running frame that gc may still scan, leaning to
// "live", so that an object this trace does not reach is one gc does not
// reach either. It decides the objects with a finalizer that the trace
// from every register reaches and the trace from the live registers
// (gclive.go) does not: a register that is dead but still holds the
// object, where gc's answer is its liveness analysis (fixedbugs/
// issue27518b, issue32477, stackobj: gc finds such slots dead and
// finalizes). gc's stack maps are precise at calls, where every frame
// but the top of a goroutine preempted in a loop stands; what gc keeps
// beyond the values still used (cmd/compile/internal/liveness):
//
//   - every use counts, an argument of a call included, whether or not
//     the callee reads it;
//   - in a function with a defer statement, its results and the
//     variables go/ssa keeps in memory (Allocs: the named results, what
//     a deferred closure captures) are live throughout, as gc keeps the
//     results and open-coded defer slots of such a function;
//   - a pointer to a field or element keeps its whole allocation: the
//     trace follows a record, made by a trace from every register, of
//     the allocation of each element cell (an allocation that trace
//     does not reach either is not followed: the evaluator has no
//     pointer from an element to its container);
//   - the top frame of a goroutine that is not blocked in a call or a
//     channel operation (preempted at the unroll budget) is scanned
//     whole, as gc scans an asynchronously preempted frame
//     conservatively; so is a frame whose current instruction is not
//     known.

// consTrace returns the third trace of the running program.
func (ev *evaluator) consTrace() *gcTrace {
	rec := ev.newTrace()
	rec.rec = map[*value]value{}
	ev.traceRoots(rec, allRegs)
	t := ev.newTrace()
	t.follow = rec.rec
	ev.traceRoots(t, consRegs)
	return t
}

// consRegs returns the registers of fr that gc may scan at its current
// instruction, or nil for all of them; top is set for the innermost
// frame of a goroutine that is not running.
func (fr *frame) consRegs(top bool) regSet {
	at := fr.at
	if at == nil || at.Block() == nil || at.Parent() != fr.fn {
		return nil
	}
	if top && !blocking(at) {
		return nil
	}
	live := fr.liveAfter(fr.ev.consOut, (*fnInfo).consTransfer)
	if live != nil {
		fr.info.deferLive(live)
	}
	return live
}

// blocking reports whether a goroutine stopped at instr is blocked in a
// call of gc's runtime (a call, a channel operation, a select).
func blocking(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case ssa.CallInstruction, *ssa.Select:
		return true
	case *ssa.UnOp:
		return in.Op.String() == "<-"
	}
	return false
}

// deferLive adds to live the registers gc keeps live throughout a
// function with a defer statement: its Allocs.
func (fi *fnInfo) deferLive(live regSet) {
	if !hasDefer(fi.fn) {
		return
	}
	for _, a := range fi.fn.Locals {
		if r, ok := fi.idx[a]; ok {
			live.add(r)
		}
	}
}

// consOut returns the registers of fi live at the end of each block,
// counting every use (consTransfer).
func (ev *evaluator) consOut(fi *fnInfo) []regSet {
	fs := ev.finState()
	if fs.cons == nil {
		fs.cons = map[*fnInfo][]regSet{}
	}
	if out, ok := fs.cons[fi]; ok {
		return out
	}
	out := fi.liveness(fi.consTransfer)
	fs.cons[fi] = out
	return out
}

// consTransfer steps the live set back over instr as transfer does,
// with every operand used (but a DebugRef's, which gc does not keep).
func (fi *fnInfo) consTransfer(live regSet, instr ssa.Instruction) {
	if v, ok := instr.(ssa.Value); ok {
		if r, ok := fi.idx[v]; ok {
			live.del(r)
		}
	}
	switch instr.(type) {
	case *ssa.Phi, *ssa.DebugRef:
		return
	}
	for _, op := range instr.Operands(nil) {
		if op != nil && *op != nil {
			if r, ok := fi.idx[*op]; ok {
				live.add(r)
			}
		}
	}
}
