package ir

import "math"

// This file rewrites sums and differences into the form a programmer
// writes. Every rule is exact: in two's complement and in IEEE arithmetic,
// x - y is by definition x + (-y), and addition is commutative.
//
//	x + -y  ->  x - y        x - -y  ->  x + y        -x + y  ->  y - x
//	x + -c  ->  x - c        x - -c  ->  x + c        (c a negative constant)
//	(x ± c1) ± c2  ->  x ± c  (integers only: wrap-around makes it exact;
//	                           on floats the rounding would change)

// rewriteSum applies the rules above to op(x, y) of numeric type t.
func (b *Builder) rewriteSum(op Op, t *Type, x, y Exp) (Exp, bool) {
	if op != OpAdd && op != OpSub {
		return Exp{}, false
	}
	if n, ok := b.defOp(y); ok && n.Op == OpNeg {
		return b.Binary(otherSum(op), x, n.Args[0]), true
	}
	if n, ok := b.defOp(x); ok && n.Op == OpNeg && op == OpAdd {
		return b.Binary(OpSub, y, n.Args[0]), true
	}
	c := y.Const()
	if c == nil {
		return Exp{}, false
	}
	if negatable(c) {
		v, _ := foldUnary(OpNeg, c)
		return b.Binary(otherSum(op), x, b.Const(t, v)), true
	}
	if !t.IsInteger() {
		return Exp{}, false
	}
	n, ok := b.defOp(x)
	if !ok || (n.Op != OpAdd && n.Op != OpSub) || !n.Args[1].IsConst() {
		return Exp{}, false
	}
	// x is z ± c1: z + (±c1 ± c2), folded with wrap-around.
	c1 := n.Args[1].c
	if n.Op == OpSub {
		v, _ := foldUnary(OpNeg, c1)
		c1 = b.Const(t, v).c
	}
	v, _ := foldBinary(op, c1, c)
	return b.Binary(OpAdd, n.Args[0], b.Const(t, v)), true
}

// otherSum swaps addition and subtraction.
func otherSum(op Op) Op {
	if op == OpAdd {
		return OpSub
	}
	return OpAdd
}

// negatable reports whether c is negative and -c is a positive constant of
// its type: a signed integer other than the minimum (which is its own
// negation), or a float below zero (-0 and NaN excluded).
func negatable(c *Const) bool {
	switch {
	case c.Type.IsInteger() && !c.Type.IsUnsigned():
		v := toInt64(c)
		return v < 0 && v != math.MinInt64>>(64-c.Type.Bits())
	case c.Type.IsFloat():
		return toFloat64(c) < 0
	}
	return false
}
