package gogen

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file leaves out a slicing nobody uses that cannot panic. The
// schedule keeps an unused s[lo:hi] because it may panic (its bounds are
// checked); when its bounds are proved in range it does nothing, and a Go
// programmer does not write _ = s[:n]:
//
//	n := min(len(a), len(b)); _ = b[:n]
//
// The proof is small: lo is absent or 0, and hi is the length of s or a
// min of values that are all at least 0, one of them at most len(s). A
// slicing whose bounds are not proved keeps its statement (it may panic
// where the graph says).

// deadSlice reports whether n is an unused slicing proved in range.
func (fg *funcGen) deadSlice(n *ir.Node) bool {
	if n.Op != ir.OpSliceSub && n.Op != ir.OpStrSlice || len(n.Args) != 3 || fg.uses[n.Sym] != 0 {
		return false
	}
	s, lo, hi := n.Args[0], n.Args[1], n.Args[2]
	if lo.IsSym() || !s.IsSym() {
		return false
	}
	if c := lo.Const(); c != nil && !isZero(c) {
		return false
	}
	return fg.atMostLen(hi, s.Sym(), 8)
}

// isZero reports whether an integer constant is 0.
func isZero(c *ir.Const) bool {
	return c.Type.IsInteger() && constInt(c) == 0
}

// atMostLen reports whether e is proved to be between 0 and len(s), by
// at most depth steps through mins.
func (fg *funcGen) atMostLen(e ir.Exp, s ir.Sym, depth int) bool {
	if !e.IsSym() || depth == 0 {
		return false
	}
	n := fg.g.Def(e.Sym())
	if n == nil {
		return false
	}
	if (n.Op == ir.OpSliceLen || n.Op == ir.OpStrLen) && n.Args[0].IsSym() && n.Args[0].Sym() == s {
		return true
	}
	x, y, ok := fg.minOperands(n)
	if !ok {
		return false
	}
	return fg.atMostLen(x, s, depth-1) && fg.nonNeg(y, depth-1) || fg.atMostLen(y, s, depth-1) && fg.nonNeg(x, depth-1)
}

// nonNeg reports whether e is proved to be at least 0: a constant, a
// length or a capacity, or a min of such values.
func (fg *funcGen) nonNeg(e ir.Exp, depth int) bool {
	if c := e.Const(); c != nil {
		return c.Type.IsInteger() && (c.Type.Kind > ir.KInt64 || constInt(c) >= 0)
	}
	n := fg.g.Def(e.Sym())
	if n == nil || depth == 0 {
		return false
	}
	switch n.Op {
	case ir.OpSliceLen, ir.OpSliceCap, ir.OpStrLen:
		return true
	}
	x, y, ok := fg.minOperands(n)
	return ok && fg.nonNeg(x, depth-1) && fg.nonNeg(y, depth-1)
}

// minOperands returns the operands of n when n is a conditional that
// computes their min (as minMax says, whether written so or not).
func (fg *funcGen) minOperands(n *ir.Node) (x, y ir.Exp, ok bool) {
	if n.Op != ir.OpIf || !n.Type.IsInteger() || !n.Args[0].IsSym() {
		return x, y, false
	}
	cmp := fg.g.Def(n.Args[0].Sym())
	if cmp == nil {
		return x, y, false
	}
	less := false
	switch cmp.Op {
	case ir.OpLt, ir.OpLe:
		less = true
	case ir.OpGt, ir.OpGe:
	default:
		return x, y, false
	}
	for _, b := range n.Blocks {
		if len(fg.plans[b].nodes) > 0 {
			return x, y, false
		}
	}
	x, y = cmp.Args[0], cmp.Args[1]
	th, el := n.Blocks[0].Res, n.Blocks[1].Res
	switch {
	case sameExp(th, x) && sameExp(el, y):
	case sameExp(th, y) && sameExp(el, x):
		less = !less
	default:
		return x, y, false
	}
	return x, y, less
}
