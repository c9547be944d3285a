package frontend

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file computes which registers of a running frame are live: used
// by an instruction that may still execute (go/ssa liveness), for the
// second trace of the collector of gc.go. The answer must never count a
// register that gc counts dead, so it leans to "dead": an argument of a
// call to a function that never reads that parameter is no use (gc
// inlines such calls away), nor is a DebugRef; a frame whose current
// instruction is unknown has no live register.

// regSet is a set of registers, by index.
type regSet []uint64

func newRegSet(n int) regSet    { return make(regSet, (n+63)/64) }
func (s regSet) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s regSet) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s regSet) del(i int)      { s[i/64] &^= 1 << (i % 64) }
func (s regSet) union(t regSet) (ch bool) {
	for i, w := range t {
		if s[i]|w != s[i] {
			s[i] |= w
			ch = true
		}
	}
	return ch
}

// liveOut returns the registers of fi live at the end of each block.
func (ev *evaluator) liveOut(fi *fnInfo) []regSet {
	fs := ev.finState()
	if out, ok := fs.live[fi]; ok {
		return out
	}
	out := fi.liveness(fi.transfer)
	fs.live[fi] = out
	return out
}

// liveness returns the registers of fi live at the end of each block,
// with transfer stepping a live set back over an instruction.
func (fi *fnInfo) liveness(transfer func(regSet, ssa.Instruction)) []regSet {
	fn := fi.fn
	n := len(fn.Blocks)
	in := make([]regSet, n)
	out := make([]regSet, n)
	for i := range n {
		in[i], out[i] = newRegSet(fi.nregs), newRegSet(fi.nregs)
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			for _, s := range b.Succs {
				changed = out[i].union(in[s.Index]) || changed
				k := slices.Index(s.Preds, b)
				for _, instr := range s.Instrs {
					phi, ok := instr.(*ssa.Phi)
					if !ok {
						break
					}
					if r, ok := fi.idx[phi.Edges[k]]; ok && !out[i].has(r) {
						out[i].add(r)
						changed = true
					}
				}
			}
			live := slices.Clone(out[i])
			for j := len(b.Instrs) - 1; j >= 0; j-- {
				transfer(live, b.Instrs[j])
			}
			changed = in[i].union(live) || changed
		}
	}
	return out
}

// transfer steps the live set back over instr: its result is defined
// there, its operands used (a phi's operands are used on the edges).
func (fi *fnInfo) transfer(live regSet, instr ssa.Instruction) {
	if v, ok := instr.(ssa.Value); ok {
		if r, ok := fi.idx[v]; ok {
			live.del(r)
		}
	}
	if _, ok := instr.(*ssa.Phi); ok {
		return
	}
	for _, r := range fi.uses(instr) {
		live.add(r)
	}
}

// uses returns the registers instr reads, as gc keeps them.
func (fi *fnInfo) uses(instr ssa.Instruction) []int {
	if _, ok := instr.(*ssa.DebugRef); ok {
		return nil
	}
	var rs []int
	use := func(v ssa.Value) {
		if r, ok := fi.idx[v]; ok {
			rs = append(rs, r)
		}
	}
	c, ok := instr.(ssa.CallInstruction)
	if !ok {
		for _, op := range instr.Operands(nil) {
			if op != nil && *op != nil {
				use(*op)
			}
		}
		return rs
	}
	cc := c.Common()
	use(cc.Value)
	f := cc.StaticCallee()
	for i, a := range cc.Args {
		if f != nil && f.Blocks != nil && len(f.Params) == len(cc.Args) && !isRead(f.Params[i]) {
			continue // gc inlines the call away, or the callee drops it
		}
		use(a)
	}
	return rs
}

// isRead reports whether the parameter p is used other than by a
// DebugRef.
func isRead(p *ssa.Parameter) bool {
	for _, u := range *p.Referrers() {
		if _, ok := u.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

// liveRegs returns the registers of fr live after its current
// instruction (the call that is running, or the instruction that
// panicked), or nil when that instruction is unknown.
func (fr *frame) liveRegs() regSet {
	return fr.liveAfter(fr.ev.liveOut, (*fnInfo).transfer)
}

// liveAfter returns the registers of fr live after its current
// instruction by a backward analysis whose sets at the blocks' ends are
// out and whose step over an instruction is transfer, or nil when that
// instruction is unknown. The result of the instruction (a running
// call's) is not yet defined, so not live.
func (fr *frame) liveAfter(out func(*fnInfo) []regSet, transfer func(*fnInfo, regSet, ssa.Instruction)) regSet {
	at := fr.at
	if at == nil || at.Block() == nil || at.Parent() != fr.fn {
		return nil
	}
	b := at.Block()
	order := append(slices.Clone(fr.body(b)), b.Instrs[len(b.Instrs)-1])
	k := slices.Index(order, at)
	if k < 0 {
		return nil
	}
	live := slices.Clone(out(fr.info)[b.Index])
	for j := len(order) - 1; j > k; j-- {
		transfer(fr.info, live, order[j])
	}
	if v, ok := at.(ssa.Value); ok {
		if r, ok := fr.info.idx[v]; ok {
			live.del(r)
		}
	}
	return live
}
