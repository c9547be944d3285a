package cgen

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a conditional that chooses the smaller or the larger
// of the two integers it compares (Go's min or max, as the frontend
// stages them) as one conditional expression:
//
//	int64_t x18; if (x8 < x9) { x18 = x8; } else { x18 = x9; }
//
// is
//
//	int64_t x18 = x8 < x9 ? x8 : x9;
//
// which is the same evaluation: both operands are names or constants.

// minMaxExpr returns conditional n as c ? x : y when it chooses one of the
// two integers its condition orders (ir.Graph.MinMax): its condition is
// written inline and its branches compute nothing.
func (fn *fnGen) minMaxExpr(n *ir.Node) (cx, bool) {
	_, x, y, ok := fn.g.MinMax(n)
	if !ok || !n.Type.IsInteger() || fn.sg.packed(n) {
		return cx{}, false
	}
	c := n.Args[0]
	if fn.sg.uses[c.Sym()] != 1 || !fn.isInline(c.Sym()) {
		return cx{}, false
	}
	for _, b := range n.Blocks {
		if len(fn.sg.s.Nodes(b)) > 0 {
			return cx{}, false
		}
	}
	for _, e := range []ir.Exp{x, y} {
		if e.IsSym() && fn.isInline(e.Sym()) {
			return cx{}, false
		}
	}
	cond := fn.ref(c)
	return cx{s: cond.s + " ? " + fn.ref(n.Blocks[0].Res).s + " : " + fn.ref(n.Blocks[1].Res).s}, true
}
