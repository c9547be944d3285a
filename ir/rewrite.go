package ir

// This file holds the smart-constructor rewrites: constant folding (see
// fold.go) and algebraic identities that are exact for the operand type.
// Floating-point identities are limited to those that hold for every value
// including NaN, infinities and signed zeros: x*1, x/1, x-(+0), x+(-0).
// x*-1 is -x on integers and floats (not complex: (-1+0i) multiplies the
// other part by 0). Never x*0 -> 0 or x+0 -> x on floats.

// rewrite returns a simpler expression equal to op(args) of type t, if it
// finds one.
func (b *Builder) rewrite(op Op, t *Type, aux any, args []Exp) (Exp, bool) {
	if len(args) > 0 && b.g.TypeOf(args[0]).Kind == KOpaque {
		return b.rewriteOpaque(op, args)
	}
	if e, ok := b.foldConst(op, t, args); ok {
		return e, true
	}
	switch len(args) {
	case 1:
		return b.rewriteUnary(op, t, args[0])
	case 2:
		return b.rewriteBinary(op, t, args[0], args[1])
	}
	return Exp{}, false
}

// foldConst folds an operation whose arguments are all constants.
func (b *Builder) foldConst(op Op, t *Type, args []Exp) (Exp, bool) {
	if len(args) == 0 {
		return Exp{}, false
	}
	for _, a := range args {
		if a.IsSym() {
			return Exp{}, false
		}
	}
	var v any
	ok := false
	switch {
	case len(args) == 2 && (op.Info().Rule == RuleSame || op.Info().Rule == RuleShift || op.Info().Rule == RuleCompare):
		v, ok = foldBinary(op, args[0].c, args[1].c)
	case len(args) == 1 && (op == OpNeg || op == OpCom || op == OpNot):
		v, ok = foldUnary(op, args[0].c)
	case op == OpConv:
		v, ok = foldConvert(t, args[0].c)
	case op == OpReal || op == OpImag:
		v, ok = foldPart(op, args[0].c), true
	case op == OpComplex:
		if re, ok2 := args[0].c.Val.(float32); ok2 {
			v, ok = complex(re, args[1].c.Val.(float32)), true
		} else {
			v, ok = complex(args[0].c.Val.(float64), args[1].c.Val.(float64)), true
		}
	case op == OpStrLen:
		v, ok = len(args[0].c.Val.(string)), true
	case op == OpStrIndex:
		s := args[0].c.Val.(string)
		if i, in := constIndex(args[1].c, len(s)-1); in {
			v, ok = s[i], true
		}
	case op == OpStrSlice:
		s := args[0].c.Val.(string)
		hi, inHi := constIndex(args[2].c, len(s))
		lo, inLo := constIndex(args[1].c, hi)
		if inHi && inLo {
			v, ok = s[lo:hi], true
		}
	}
	if !ok {
		return Exp{}, false
	}
	return b.Const(goValueType(v), v), true
}

func foldPart(op Op, c *Const) any {
	switch z := c.Val.(type) {
	case complex64:
		if op == OpReal {
			return real(z)
		}
		return imag(z)
	case complex128:
		if op == OpReal {
			return real(z)
		}
		return imag(z)
	}
	panic("BUG: real/imag of " + c.Type.String())
}

func (b *Builder) defOp(e Exp) (*Node, bool) {
	if e.IsConst() {
		return nil, false
	}
	n := b.g.Def(e.s)
	return n, n != nil
}

func (b *Builder) rewriteUnary(op Op, t *Type, x Exp) (Exp, bool) {
	switch op {
	case OpNeg, OpCom, OpNot:
		// -(-x), ^(^x) and !!x are x, exactly, for every type.
		if n, ok := b.defOp(x); ok && n.Op == op {
			return n.Args[0], true
		}
	case OpConv:
		if b.g.TypeOf(x) == t {
			return x, true
		}
	case OpSliceLen, OpSliceCap:
		// len(make([]T, n, c)) is n, cap is c: make succeeded if its result exists.
		if n, ok := b.defOp(x); ok && n.Op == OpSliceNew {
			r := n.Args[0]
			if op == OpSliceCap {
				r = n.Args[1]
			}
			if b.g.TypeOf(r) == Int {
				return r, true
			}
		}
	}
	return Exp{}, false
}

func (b *Builder) rewriteBinary(op Op, t *Type, x, y Exp) (Exp, bool) {
	tx := b.g.TypeOf(x)
	if op == OpConcat {
		if c := x.Const(); c != nil && c.Val.(string) == "" {
			return y, true
		}
		if c := y.Const(); c != nil && c.Val.(string) == "" {
			return x, true
		}
		return Exp{}, false
	}
	if tx.Kind == KBool {
		// x == true, x != false are x.
		if c := y.Const(); c != nil && (op == OpEq && c.Val.(bool) || op == OpNe && !c.Val.(bool)) {
			return x, true
		}
		if c := x.Const(); c != nil && (op == OpEq && c.Val.(bool) || op == OpNe && !c.Val.(bool)) {
			return y, true
		}
		// x && x and x || x are x: an expression is a value, without
		// effects, and both operands are that one value.
		if x == y && (op == OpAnd || op == OpOr) {
			return x, true
		}
		// Through chains: (a || b) || a is a || b, a || (a || b) is a || b
		// (go vet: "redundant or"), and so for &&.
		if op == OpAnd || op == OpOr {
			if e, ok := b.dedupChain(op, x, y); ok {
				return e, true
			}
		}
		if (op == OpAnd || op == OpOr) && b.exclusive(op, x, y) {
			return b.Const(Bool, op == OpOr), true
		}
	}
	switch {
	case tx.IsInteger():
		if e, ok := b.rewriteInt(op, t, x, y); ok {
			return e, true
		}
		return b.rewriteSum(op, t, x, y)
	case tx.IsFloat() || tx.IsComplex():
		if e, ok := b.rewriteFloat(op, x, y); ok {
			return e, true
		}
		return b.rewriteSum(op, t, x, y)
	}
	if x == y && (op == OpEq || op == OpNe) {
		return b.Const(Bool, op == OpEq), true
	}
	return Exp{}, false
}

func (b *Builder) rewriteInt(op Op, t *Type, x, y Exp) (Exp, bool) {
	cx, cy := x.Const(), y.Const()
	zero := func() (Exp, bool) { return b.Const(t, intOfBits(t, 0)), true }
	switch op {
	case OpAdd, OpOr, OpXor:
		if cy != nil && isZero(cy) {
			return x, true
		}
		if cx != nil && isZero(cx) {
			return y, true
		}
		if x == y && op == OpOr {
			return x, true
		}
		if x == y && op == OpXor {
			return zero()
		}
	case OpSub:
		if cy != nil && isZero(cy) {
			return x, true
		}
		if x == y {
			return zero()
		}
	case OpMul:
		if cy != nil && isOne(cy) {
			return x, true
		}
		if cx != nil && isOne(cx) {
			return y, true
		}
		if cy != nil && isZero(cy) || cx != nil && isZero(cx) {
			return zero()
		}
		if cy != nil && isMinusOne(cy) {
			return b.Unary(OpNeg, x), true
		}
		if cx != nil && isMinusOne(cx) {
			return b.Unary(OpNeg, y), true
		}
	case OpDiv:
		if cy != nil && isOne(cy) {
			return x, true
		}
	case OpAnd:
		if cy != nil && isZero(cy) || cx != nil && isZero(cx) {
			return zero()
		}
		if x == y {
			return x, true
		}
	case OpAndNot:
		if cy != nil && isZero(cy) {
			return x, true
		}
		if x == y {
			return zero()
		}
	case OpShl, OpShr:
		if cy != nil && toUint64(cy) == 0 {
			return x, true
		}
	case OpEq, OpLe, OpGe:
		if x == y {
			return b.Const(Bool, true), true
		}
	case OpNe, OpLt, OpGt:
		if x == y {
			return b.Const(Bool, false), true
		}
	}
	return Exp{}, false
}

func (b *Builder) rewriteFloat(op Op, x, y Exp) (Exp, bool) {
	cx, cy := x.Const(), y.Const()
	switch op {
	case OpMul:
		if cy != nil && isOne(cy) {
			return x, true
		}
		if cx != nil && isOne(cx) {
			return y, true
		}
		if cy != nil && isMinusOne(cy) && b.g.TypeOf(x).IsFloat() {
			return b.Unary(OpNeg, x), true // exact, signed zeros and infinities included
		}
		if cx != nil && isMinusOne(cx) && b.g.TypeOf(y).IsFloat() {
			return b.Unary(OpNeg, y), true
		}
	case OpDiv:
		if cy != nil && isOne(cy) {
			return x, true
		}
	case OpSub:
		if cy != nil && isPosZero(cy) {
			return x, true
		}
	case OpAdd:
		if cy != nil && isNegZero(cy) {
			return x, true
		}
		if cx != nil && isNegZero(cx) {
			return y, true
		}
	}
	return Exp{}, false
}
