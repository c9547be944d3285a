package ir

// MinMax reports whether the conditional n computes the smaller (isMin)
// or the larger of the two values its condition orders: n is an if of
// integer or string type whose condition is x < y, x <= y, x > y or
// x >= y, and whose branches yield the two operands, one each. For such
// types c ? x : y is exactly Go's min(x, y) (or max): on a tie both are
// the same value. Floats are left out: min propagates a NaN and orders
// -0 before +0, a comparison does neither.
//
// It speaks of values only: what else the branches compute, and how the
// emitters write n, is for them to check.
func (g *Graph) MinMax(n *Node) (isMin bool, x, y Exp, ok bool) {
	if n.Op != OpIf || !n.Type.IsInteger() && n.Type.Kind != KString || len(n.Blocks) != 2 || !n.Args[0].IsSym() {
		return false, x, y, false
	}
	cmp := g.Def(n.Args[0].Sym())
	if cmp == nil {
		return false, x, y, false
	}
	switch cmp.Op {
	case OpLt, OpLe:
		isMin = true
	case OpGt, OpGe:
	default:
		return false, x, y, false
	}
	x, y = cmp.Args[0], cmp.Args[1]
	if g.TypeOf(x) != n.Type || g.TypeOf(y) != n.Type {
		return false, x, y, false
	}
	th, el := n.Blocks[0].Res, n.Blocks[1].Res
	switch {
	case SameExp(th, x) && SameExp(el, y):
	case SameExp(th, y) && SameExp(el, x):
		isMin = !isMin
	default:
		return false, x, y, false
	}
	return isMin, x, y, true
}
