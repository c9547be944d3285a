package ir

import "math"

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

// FloatMinMax reports whether the conditional n computes Go's min (isMin)
// or max of the floats x and y as the frontend stages them: the tree
//
//	x < y ? x : y < x ? y : x != x ? x : y != y ? y : x == 0 ? z : x
//
// (> for max), where z is -(-x - y) for min and x + y for max (the zero
// of the right sign), comparisons in either order (y > x for x < y), and
// the levels a constant operand folds away (no NaN test of a constant;
// x == 0 decided for a constant x; z unreachable, so any sum, when an
// operand is a constant other than zero). inner are the nodes of the
// tree below n, which compute nothing else: written as min(x, y), n
// needs none of them.
func (g *Graph) FloatMinMax(n *Node) (isMin bool, x, y Exp, inner []*Node, ok bool) {
	fail := func() (bool, Exp, Exp, []*Node, bool) { return false, x, y, nil, false }
	if n.Op != OpIf || !n.Type.IsFloat() || len(n.Blocks) != 2 || !n.Args[0].IsSym() {
		return fail()
	}
	c := g.Def(n.Args[0].Sym())
	if c == nil || c.Op != OpLt && c.Op != OpGt {
		return fail()
	}
	// c ? x : ... with c comparing x with y, either way round.
	isMin, x, y = c.Op == OpLt, c.Args[0], c.Args[1]
	if t := n.Blocks[0].Res; SameExp(t, y) {
		isMin, x, y = !isMin, y, x
	} else if !SameExp(t, x) {
		return fail()
	}
	if g.TypeOf(x) != n.Type || g.TypeOf(y) != n.Type || SameExp(x, y) || isNaNConst(x.Const()) || isNaNConst(y.Const()) {
		return fail()
	}
	lt := OpLt
	if !isMin {
		lt = OpGt
	}
	inner = append(inner, c)
	// The levels after the first, each a comparison and the value it
	// yields; consecutive levels of one value may be one conditional on
	// their comparisons' |.
	type lvl struct {
		op         Op
		a, b, then Exp
	}
	levels := []lvl{{lt, y, x, y}}
	for _, v := range []Exp{x, y} {
		if v.IsSym() {
			levels = append(levels, lvl{OpNe, v, v, v})
		}
	}
	e := n.Blocks[1].Res
	for len(levels) > 0 {
		m := g.Def(e.Sym())
		if !e.IsSym() || m == nil || m.Op != OpIf || len(m.Blocks) != 2 || !m.Args[0].IsSym() {
			return fail()
		}
		then := m.Blocks[0].Res
		var conds []*Node // the comparisons of m's condition, in order
		var split func(c Exp) bool
		split = func(c Exp) bool {
			t := g.Def(c.Sym())
			if !c.IsSym() || t == nil {
				return false
			}
			if t.Op == OpOr && t.Type.Kind == KBool {
				inner = append(inner, t)
				return split(t.Args[0]) && split(t.Args[1])
			}
			conds = append(conds, t)
			return true
		}
		if !split(m.Args[0]) || len(conds) > len(levels) {
			return fail()
		}
		for k, t := range conds {
			l := levels[k]
			if !SameExp(then, l.then) || !isCompare(t, l.op, l.a, l.b) {
				return fail()
			}
			inner = append(inner, t)
		}
		inner = append(inner, m)
		levels = levels[len(conds):]
		e = m.Blocks[1].Res
	}
	ok = true
	if k := x.Const(); k != nil {
		if !isZeroFloat(k) {
			ok = SameExp(e, x)
		} else {
			ok = g.zeroSum(e, isMin, x, y, &inner)
		}
	} else {
		// x == 0 ? z : x
		m := g.Def(e.Sym())
		if !e.IsSym() || m == nil || m.Op != OpIf || len(m.Blocks) != 2 || !m.Args[0].IsSym() || !SameExp(m.Blocks[1].Res, x) {
			return fail()
		}
		t := g.Def(m.Args[0].Sym())
		if t == nil || t.Op != OpEq || !(SameExp(t.Args[0], x) && isZeroFloat(t.Args[1].Const()) || SameExp(t.Args[1], x) && isZeroFloat(t.Args[0].Const())) {
			return fail()
		}
		inner = append(inner, m, t)
		ok = g.zeroSum(m.Blocks[0].Res, isMin, x, y, &inner)
	}
	if !ok {
		return fail()
	}
	return isMin, x, y, inner, true
}

// isCompare reports whether t is op(a, b), or the same comparison the
// other way round (b > a for a < b).
func isCompare(t *Node, op Op, a, b Exp) bool {
	if t.Op == op && SameExp(t.Args[0], a) && SameExp(t.Args[1], b) {
		return true
	}
	flip := map[Op]Op{OpLt: OpGt, OpGt: OpLt, OpEq: OpEq, OpNe: OpNe}[op]
	return t.Op == flip && SameExp(t.Args[0], b) && SameExp(t.Args[1], a)
}

// zeroSum reports whether e is z, the zero of the right sign of two
// equal zeros x and y: -(-x - y) for min (-x a constant when x is one),
// x + y for max; when y is a constant other than zero, no two equal
// zeros reach z, and any sum of x, y and constants is accepted. It adds
// z's nodes to inner.
func (g *Graph) zeroSum(e Exp, isMin bool, x, y Exp, inner *[]*Node) bool {
	if k := y.Const(); k != nil && !isZeroFloat(k) {
		var walk func(e Exp) bool
		walk = func(e Exp) bool {
			if e.IsConst() || SameExp(e, x) || SameExp(e, y) {
				return true
			}
			m := g.Def(e.Sym())
			if m == nil || m.Op != OpNeg && m.Op != OpAdd && m.Op != OpSub {
				return false
			}
			*inner = append(*inner, m)
			for _, a := range m.Args {
				if !walk(a) {
					return false
				}
			}
			return true
		}
		return walk(e)
	}
	if !e.IsSym() {
		return false
	}
	m := g.Def(e.Sym())
	if m == nil {
		return false
	}
	if !isMin {
		*inner = append(*inner, m)
		return m.Op == OpAdd && (SameExp(m.Args[0], x) && SameExp(m.Args[1], y) || SameExp(m.Args[0], y) && SameExp(m.Args[1], x))
	}
	if m.Op != OpNeg || !m.Args[0].IsSym() {
		return false
	}
	s := g.Def(m.Args[0].Sym())
	if s == nil || s.Op != OpSub || !SameExp(s.Args[1], y) {
		return false
	}
	*inner = append(*inner, m, s)
	if k := x.Const(); k != nil {
		// -x folded: a zero of the other sign.
		nk := s.Args[0].Const()
		return nk != nil && isZeroFloat(nk) && math.Signbit(floatVal(nk)) != math.Signbit(floatVal(k))
	}
	if !s.Args[0].IsSym() {
		return false
	}
	nx := g.Def(s.Args[0].Sym())
	if nx == nil || nx.Op != OpNeg || !SameExp(nx.Args[0], x) {
		return false
	}
	*inner = append(*inner, nx)
	return true
}

func isZeroFloat(c *Const) bool {
	if c == nil || !c.Type.IsFloat() {
		return false
	}
	return floatVal(c) == 0
}

func isNaNConst(c *Const) bool {
	return c != nil && c.Type.IsFloat() && math.IsNaN(floatVal(c))
}

// floatVal returns the value of a float constant.
func floatVal(c *Const) float64 {
	switch v := c.Val.(type) {
	case float64:
		return v
	case float32:
		return float64(v)
	}
	panic("BUG: floatVal of a constant of type " + c.Type.String())
}
