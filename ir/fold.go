package ir

import "math"

// This file folds operations on constants with Go's semantics: every value
// is held as the Go value of its type, so the arithmetic below is Go's own
// (wrap-around, shift counts, float32 rounding, NaN). An operation that
// would trap is never folded.

type integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

type float interface{ ~float32 | ~float64 }

type cplx interface{ ~complex64 | ~complex128 }

func foldInt[T integer](op Op, x, y T) (any, bool) {
	switch op {
	case OpAdd:
		return x + y, true
	case OpSub:
		return x - y, true
	case OpMul:
		return x * y, true
	case OpDiv:
		if y == 0 {
			return nil, false
		}
		return x / y, true
	case OpRem:
		if y == 0 {
			return nil, false
		}
		return x % y, true
	case OpAnd:
		return x & y, true
	case OpOr:
		return x | y, true
	case OpXor:
		return x ^ y, true
	case OpAndNot:
		return x &^ y, true
	}
	return foldCompare(op, x, y)
}

func foldShift[T integer](op Op, x T, count uint64) any {
	if op == OpShl {
		return x << count
	}
	return x >> count
}

func foldFloat[T float](op Op, x, y T) (any, bool) {
	switch op {
	case OpAdd:
		return x + y, true
	case OpSub:
		return x - y, true
	case OpMul:
		return x * y, true
	case OpDiv:
		return x / y, true
	}
	return foldCompare(op, x, y)
}

func foldComplex[T cplx](op Op, x, y T) (any, bool) {
	switch op {
	case OpAdd:
		return x + y, true
	case OpSub:
		return x - y, true
	case OpMul:
		return x * y, true
	case OpDiv:
		return x / y, true
	case OpEq:
		return x == y, true
	case OpNe:
		return x != y, true
	}
	return nil, false
}

func foldCompare[T integer | float | ~string](op Op, x, y T) (any, bool) {
	switch op {
	case OpEq:
		return x == y, true
	case OpNe:
		return x != y, true
	case OpLt:
		return x < y, true
	case OpLe:
		return x <= y, true
	case OpGt:
		return x > y, true
	case OpGe:
		return x >= y, true
	}
	return nil, false
}

func foldUnaryInt[T integer](op Op, x T) (any, bool) {
	switch op {
	case OpNeg:
		return -x, true
	case OpCom:
		return ^x, true
	}
	return nil, false
}

// foldBinary folds x op y for two constants of one type (or, for shifts, an
// integer count of any type). It reports false if the operation would trap
// or is not defined on the type.
func foldBinary(op Op, x, y *Const) (any, bool) {
	if op == OpShl || op == OpShr {
		count, neg := shiftCount(y)
		if neg {
			return nil, false
		}
		switch v := x.Val.(type) {
		case int:
			return foldShift(op, v, count), true
		case int8:
			return foldShift(op, v, count), true
		case int16:
			return foldShift(op, v, count), true
		case int32:
			return foldShift(op, v, count), true
		case int64:
			return foldShift(op, v, count), true
		case uint:
			return foldShift(op, v, count), true
		case uint8:
			return foldShift(op, v, count), true
		case uint16:
			return foldShift(op, v, count), true
		case uint32:
			return foldShift(op, v, count), true
		case uint64:
			return foldShift(op, v, count), true
		case uintptr:
			return foldShift(op, v, count), true
		}
		return nil, false
	}
	switch v := x.Val.(type) {
	case int:
		return foldInt(op, v, y.Val.(int))
	case int8:
		return foldInt(op, v, y.Val.(int8))
	case int16:
		return foldInt(op, v, y.Val.(int16))
	case int32:
		return foldInt(op, v, y.Val.(int32))
	case int64:
		return foldInt(op, v, y.Val.(int64))
	case uint:
		return foldInt(op, v, y.Val.(uint))
	case uint8:
		return foldInt(op, v, y.Val.(uint8))
	case uint16:
		return foldInt(op, v, y.Val.(uint16))
	case uint32:
		return foldInt(op, v, y.Val.(uint32))
	case uint64:
		return foldInt(op, v, y.Val.(uint64))
	case uintptr:
		return foldInt(op, v, y.Val.(uintptr))
	case float32:
		return foldFloat(op, v, y.Val.(float32))
	case float64:
		return foldFloat(op, v, y.Val.(float64))
	case complex64:
		return foldComplex(op, v, y.Val.(complex64))
	case complex128:
		return foldComplex(op, v, y.Val.(complex128))
	case string:
		if op == OpConcat {
			return v + y.Val.(string), true
		}
		return foldCompare(op, v, y.Val.(string))
	case bool:
		switch op {
		case OpEq:
			return v == y.Val.(bool), true
		case OpNe:
			return v != y.Val.(bool), true
		}
	}
	return nil, false
}

// shiftCount returns a constant shift count as an unsigned count, and
// whether it is negative (which traps).
func shiftCount(c *Const) (uint64, bool) {
	if c.Type.IsUnsigned() {
		return toUint64(c), false
	}
	n := toInt64(c)
	return uint64(n), n < 0
}

func foldUnary(op Op, x *Const) (any, bool) {
	switch v := x.Val.(type) {
	case bool:
		if op == OpNot {
			return !v, true
		}
	case int:
		return foldUnaryInt(op, v)
	case int8:
		return foldUnaryInt(op, v)
	case int16:
		return foldUnaryInt(op, v)
	case int32:
		return foldUnaryInt(op, v)
	case int64:
		return foldUnaryInt(op, v)
	case uint:
		return foldUnaryInt(op, v)
	case uint8:
		return foldUnaryInt(op, v)
	case uint16:
		return foldUnaryInt(op, v)
	case uint32:
		return foldUnaryInt(op, v)
	case uint64:
		return foldUnaryInt(op, v)
	case uintptr:
		return foldUnaryInt(op, v)
	case float32:
		if op == OpNeg {
			return -v, true
		}
	case float64:
		if op == OpNeg {
			return -v, true
		}
	case complex64:
		if op == OpNeg {
			return -v, true
		}
	case complex128:
		if op == OpNeg {
			return -v, true
		}
	}
	return nil, false
}

// toInt64 returns an integer constant's value as an int64 (wrapping for
// large unsigned values).
func toInt64(c *Const) int64 {
	switch v := c.Val.(type) {
	case int:
		return int64(v)
	case int8:
		return int64(v)
	case int16:
		return int64(v)
	case int32:
		return int64(v)
	case int64:
		return v
	}
	return int64(toUint64(c))
}

// toUint64 returns an integer constant's bits as a uint64 (sign-extended
// for signed types).
func toUint64(c *Const) uint64 {
	switch v := c.Val.(type) {
	case uint:
		return uint64(v)
	case uint8:
		return uint64(v)
	case uint16:
		return uint64(v)
	case uint32:
		return uint64(v)
	case uint64:
		return v
	case uintptr:
		return uint64(v)
	}
	return uint64(toInt64(c))
}

func toFloat64(c *Const) float64 {
	switch v := c.Val.(type) {
	case float32:
		return float64(v)
	case float64:
		return v
	}
	if c.Type.IsUnsigned() {
		return float64(toUint64(c))
	}
	return float64(toInt64(c))
}

// isZero reports whether c is a numeric zero (either sign).
func isZero(c *Const) bool {
	switch {
	case c.Type.IsInteger():
		return toUint64(c) == 0
	case c.Type.IsFloat():
		return toFloat64(c) == 0
	}
	return false
}

// isOne reports whether c is the number 1.
func isOne(c *Const) bool {
	switch {
	case c.Type.IsInteger():
		return toUint64(c) == 1
	case c.Type.IsFloat():
		return toFloat64(c) == 1
	case c.Type.IsComplex():
		v := c.Val
		if v64, ok := v.(complex64); ok {
			return v64 == 1
		}
		return v.(complex128) == 1
	}
	return false
}

// isMinusOne reports whether c is the number -1 of a signed integer or
// float type.
func isMinusOne(c *Const) bool {
	switch {
	case c.Type.IsInteger() && !c.Type.IsUnsigned():
		return toInt64(c) == -1
	case c.Type.IsFloat():
		return toFloat64(c) == -1
	}
	return false
}

// isNegZero reports whether c is a floating-point -0.
func isNegZero(c *Const) bool {
	return c.Type.IsFloat() && toFloat64(c) == 0 && math.Signbit(toFloat64(c))
}

// isPosZero reports whether c is a floating-point +0.
func isPosZero(c *Const) bool {
	return c.Type.IsFloat() && toFloat64(c) == 0 && !math.Signbit(toFloat64(c))
}

// foldConvert converts a constant to type t with Go's conversion semantics.
func foldConvert(t *Type, c *Const) (any, bool) {
	from := c.Type
	switch {
	case t.Kind == KString && from.IsInteger():
		if from.IsUnsigned() {
			u := toUint64(c)
			if u > math.MaxInt32 {
				return "\uFFFD", true
			}
			return string(rune(u)), true
		}
		n := toInt64(c)
		if n < math.MinInt32 || n > math.MaxInt32 {
			return "\uFFFD", true
		}
		return string(rune(n)), true
	case t.IsInteger() && from.IsInteger():
		return intOfBits(t, toUint64(c)), true
	case t.IsInteger() && from.IsFloat():
		return floatToInt(t, c.Val), true
	case t.IsFloat():
		var f float64
		switch {
		case from.IsUnsigned():
			if t == Float32 {
				return float32(toUint64(c)), true
			}
			f = float64(toUint64(c))
		case from.IsInteger():
			if t == Float32 {
				return float32(toInt64(c)), true
			}
			f = float64(toInt64(c))
		case from.IsFloat():
			f = toFloat64(c)
		default:
			return nil, false
		}
		if t == Float32 {
			return float32(f), true
		}
		return f, true
	case t.IsComplex() && from.IsComplex():
		var z complex128
		if v, ok := c.Val.(complex64); ok {
			z = complex128(v)
		} else {
			z = c.Val.(complex128)
		}
		if t == Complex64 {
			return complex64(z), true
		}
		return z, true
	}
	return nil, false
}

// intOfBits truncates bits to the integer type t.
func intOfBits(t *Type, u uint64) any {
	switch t.Kind {
	case KInt:
		return int(u)
	case KInt8:
		return int8(u)
	case KInt16:
		return int16(u)
	case KInt32:
		return int32(u)
	case KInt64:
		return int64(u)
	case KUint:
		return uint(u)
	case KUint8:
		return uint8(u)
	case KUint16:
		return uint16(u)
	case KUint32:
		return uint32(u)
	case KUint64:
		return u
	case KUintptr:
		return uintptr(u)
	}
	panic("BUG: intOfBits of " + t.String())
}

// floatToInt converts with the conversion of the machine lmsgen runs on,
// which is the conversion the generated code performs.
func floatToInt(t *Type, v any) any {
	if f, ok := v.(float32); ok {
		return convF(t, f)
	}
	return convF(t, v.(float64))
}

func convF[F float](t *Type, f F) any {
	switch t.Kind {
	case KInt:
		return int(f)
	case KInt8:
		return int8(f)
	case KInt16:
		return int16(f)
	case KInt32:
		return int32(f)
	case KInt64:
		return int64(f)
	case KUint:
		return uint(f)
	case KUint8:
		return uint8(f)
	case KUint16:
		return uint16(f)
	case KUint32:
		return uint32(f)
	case KUint64:
		return uint64(f)
	case KUintptr:
		return uintptr(f)
	}
	panic("BUG: convF to " + t.String())
}

// convertUntyped converts an untyped Go constant value (int, float64,
// complex128, bool, string as produced by literals) to t's Go type, if that
// loses nothing.
func convertUntyped(t *Type, v any) (any, bool) {
	src := goValueType(v)
	if src == nil {
		return nil, false
	}
	c := &Const{Type: src, Val: v}
	r, ok := foldConvert(t, c)
	if !ok || t.Kind == KString {
		return nil, false
	}
	back, ok := foldConvert(src, &Const{Type: t, Val: r})
	if !ok || keyOf(src, back) != keyOf(src, v) {
		return nil, false
	}
	return r, true
}

// constIndex returns an integer constant as an index, and whether it is
// in [0, max] (an index out of range traps: it is not folded).
func constIndex(c *Const, max int) (int, bool) {
	if c.Type.IsUnsigned() {
		u := toUint64(c)
		return int(u), max >= 0 && u <= uint64(max)
	}
	n := toInt64(c)
	return int(n), n >= 0 && n <= int64(max)
}
