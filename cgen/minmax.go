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
// two integers its condition orders: its condition is written inline, its
// branches compute nothing and their results are the two operands.
func (fn *fnGen) minMaxExpr(n *ir.Node) (cx, bool) {
	if n.Op != ir.OpIf || !n.Type.IsInteger() || fn.sg.packed(n) {
		return cx{}, false
	}
	c := n.Args[0]
	if !c.IsSym() || fn.sg.uses[c.Sym()] != 1 || !fn.isInline(c.Sym()) {
		return cx{}, false
	}
	switch fn.g.Def(c.Sym()).Op {
	case ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
	default:
		return cx{}, false
	}
	for _, b := range n.Blocks {
		if len(fn.sg.s.Nodes(b)) > 0 {
			return cx{}, false
		}
	}
	x, y := fn.g.Def(c.Sym()).Args[0], fn.g.Def(c.Sym()).Args[1]
	th, el := n.Blocks[0].Res, n.Blocks[1].Res
	if !(sameExp(th, x) && sameExp(el, y) || sameExp(th, y) && sameExp(el, x)) {
		return cx{}, false
	}
	for _, e := range []ir.Exp{x, y} {
		if e.IsSym() && fn.isInline(e.Sym()) {
			return cx{}, false
		}
	}
	cond := fn.ref(c)
	return cx{s: cond.s + " ? " + fn.ref(th).s + " : " + fn.ref(el).s}, true
}

// sameExp reports whether a and b are the same symbol or equal constants.
func sameExp(a, b ir.Exp) bool {
	if a.IsSym() || b.IsSym() {
		return a.IsSym() && b.IsSym() && a.Sym() == b.Sym()
	}
	return a.Const().Type == b.Const().Type && a.Const().Val == b.Const().Val
}
