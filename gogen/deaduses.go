package gogen

import "github.com/lmsgen/lmsgen/ir"

// This file takes the uses of the slicings gogen leaves out
// (deadslice.go) out of the use counts. A slicing left out still counted
// as a use of its operands, so an operand written as a statement of its
// own was declared and never read:
//
//	ys := x[1:n] // kept: it may panic
//	_ = ys[:]    // left out: proved in range
//
// gave `ys := x[1:n]` alone, which gc rejects (rpg seed 5501 F39a). Taking
// the uses away writes it `_ = x[1:n]`, and a chain of slicings left out
// goes with its head.

// dropDeadSliceUses takes away the uses of each slicing deadSlice leaves
// out, until no other slicing becomes unused.
func (fg *funcGen) dropDeadSliceUses() {
	done := make([]bool, fg.g.NumSyms())
	for changed := true; changed; {
		changed = false
		for i := len(fg.g.Nodes) - 1; i >= 0; i-- {
			n := fg.g.Nodes[i]
			if done[n.Sym] || !fg.deadSlice(n) {
				continue
			}
			done[n.Sym] = true
			changed = true
			fg.dropUses(n)
		}
	}
}

// dropUses takes n's uses of its operands away; an operand left unused
// that is written inline (at its use: now nowhere) takes its own uses
// away in turn (x := s[1:n]; _ = x[0:len(x)]: len(x) is inline).
func (fg *funcGen) dropUses(n *ir.Node) {
	for _, x := range n.Args {
		if !x.IsSym() {
			continue
		}
		s := x.Sym()
		fg.uses[s]--
		if fg.uses[s] != 0 {
			continue
		}
		if p := fg.place[s]; p.b != nil && fg.plans[p.b] != nil && fg.plans[p.b].inline[p.j] {
			fg.dropUses(fg.g.Def(s))
		}
	}
}
