package gogen

import (
	"math"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes constants. A constant is written untyped where Go gives
// it the right type from its context (an operand of a binary operator, an
// assignment, an argument), and with its type where the context does not
// (a declaration with :=, an argument of type any): 3, int8(-128),
// float32(0.1). Where the context could give it another type, even the
// default one (the left operand of a shift whose count is not constant
// takes the type of the shift's own context: uint8(-257 >> s) does not
// compile and float64(1 << s) is not a shift of an int), it is written
// with its type: int(-257) >> s. Values Go has no literal for are written as calls:
// math.NaN(), math.Inf(-1), math.Copysign(0, -1). Float literals are the
// shortest decimal that reads back as the same value (strconv's 'g', -1),
// so every constant is exact.

// constCtx says what a constant's context gives it.
type constCtx uint8

const (
	// ctxConverted: the context converts an untyped constant to the
	// constant's own type.
	ctxConverted constCtx = iota
	// ctxTyped: the context does not (:=, interface arguments): the
	// constant must carry its type unless it is the untyped default.
	ctxTyped
	// ctxExplicit: the context's type is unknown here: the constant
	// always carries its type, the default one too.
	ctxExplicit
)

// constExpr writes c in context ctx.
func constExpr(c *ir.Const, ctx constCtx) expr {
	t := c.Type
	typed := func(lit string, prec int) expr {
		if ctx == ctxExplicit || ctx == ctxTyped && !isDefaultType(t) {
			return rawExpr(t.String()+"("+lit+")", precPrimary)
		}
		return rawExpr(lit, prec)
	}
	switch v := c.Val.(type) {
	case ir.OpaqueVal:
		return opaqueConst(c)
	case bool:
		return rawExpr(strconv.FormatBool(v), precPrimary)
	case string:
		return primary(jen.Lit(v))
	case float64:
		return floatExpr(v, 64, ctx)
	case float32:
		return floatExpr(float64(v), 32, ctx)
	case complex128:
		return complexExpr(real(v), imag(v), 64, ctx)
	case complex64:
		return complexExpr(float64(real(v)), float64(imag(v)), 32, ctx)
	}
	if t.IsInteger() {
		lit := intLit(c)
		prec := precPrimary
		if strings.HasPrefix(lit, "-") {
			prec = precUnary
		}
		return typed(lit, prec)
	}
	panic("BUG: gogen: constant of type " + t.String())
}

// isMaskOp reports whether op is a bitwise operator, whose constant
// operand is a mask, written in hex.
func isMaskOp(op ir.Op) bool {
	return op == ir.OpAnd || op == ir.OpOr || op == ir.OpXor || op == ir.OpAndNot
}

// hexConst writes a mask: an integer constant above 9 in hex (b&0x7f, not
// b&127), as one writes a mask by hand; not a negative one.
func hexConst(c *ir.Const) (expr, bool) {
	if c == nil || !c.Type.IsInteger() || !c.Type.IsUnsigned() && constInt(c) < 0 || constUint(c) <= 9 {
		return expr{}, false
	}
	return rawExpr("0x"+strconv.FormatUint(constUint(c), 16), precPrimary), true
}

// isDefaultType reports whether t is the default type of an untyped
// constant of its kind, so that "x := c" gives x the type t.
func isDefaultType(t *ir.Type) bool {
	switch t.Kind {
	case ir.KInt, ir.KFloat64, ir.KComplex128, ir.KBool, ir.KString:
		return true
	}
	return false
}

// intLit returns the decimal literal of an integer constant.
func intLit(c *ir.Const) string {
	if c.Type.IsUnsigned() {
		return strconv.FormatUint(constUint(c), 10)
	}
	return strconv.FormatInt(constInt(c), 10)
}

// constInt returns a signed integer constant as an int64.
func constInt(c *ir.Const) int64 {
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
	return int64(constUint(c))
}

// constUint returns an unsigned integer constant as a uint64 (a signed one
// is converted as Go converts it).
func constUint(c *ir.Const) uint64 {
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
	case int, int8, int16, int32, int64:
		return uint64(constInt(c))
	}
	panic("BUG: gogen: not an integer constant: " + c.String())
}

// isZeroConst reports whether c is an integer, float or complex zero of
// either sign.
func isZeroConst(c *ir.Const) bool {
	switch v := c.Val.(type) {
	case float64:
		return v == 0
	case float32:
		return v == 0
	case complex128:
		return v == 0
	case complex64:
		return v == 0
	}
	if c.Type.IsInteger() {
		return constUint(c) == 0
	}
	return false
}

// isSpecial reports whether a float has no Go literal: NaN, an infinity or
// negative zero.
func isSpecial(v float64) bool {
	return math.IsNaN(v) || math.IsInf(v, 0) || v == 0 && math.Signbit(v)
}

// floatLit returns the shortest literal that reads back as v at the given
// precision; in a typed context it looks like a float (1.0, not 1), so
// that its default type is float64.
func floatLit(v float64, bits int, ctx constCtx) string {
	s := strconv.FormatFloat(v, 'g', -1, bits)
	if ctx == ctxTyped && !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// floatExpr writes a float constant of the given width.
func floatExpr(v float64, bits int, ctx constCtx) expr {
	if isSpecial(v) {
		return specialFloat(v, bits)
	}
	lit := floatLit(v, bits, ctx)
	prec := precPrimary
	if v < 0 {
		prec = precUnary
	}
	if ctx == ctxExplicit || bits == 32 && ctx == ctxTyped {
		return rawExpr("float"+strconv.Itoa(bits)+"("+lit+")", precPrimary)
	}
	return rawExpr(lit, prec)
}

// specialFloat writes NaN, ±Inf or -0 as a call of the math package,
// converted to float32 for the narrow width: these are never untyped.
func specialFloat(v float64, bits int) expr {
	var e *jen.Statement
	switch {
	case math.IsNaN(v) && bits == 32 && math.Float32bits(float32(v)) != math.Float32bits(float32(math.NaN())):
		return primary(jen.Qual("math", "Float32frombits").Call(jen.Id("0x" + strconv.FormatUint(uint64(math.Float32bits(float32(v))), 16))))
	case math.IsNaN(v) && bits == 64 && math.Float64bits(v) != math.Float64bits(math.NaN()):
		return primary(jen.Qual("math", "Float64frombits").Call(jen.Id("0x" + strconv.FormatUint(math.Float64bits(v), 16))))
	case math.IsNaN(v):
		e = jen.Qual("math", "NaN").Call()
	case math.IsInf(v, 1):
		e = jen.Qual("math", "Inf").Call(jen.Lit(1))
	case math.IsInf(v, -1):
		e = jen.Qual("math", "Inf").Call(jen.Lit(-1))
	default:
		e = jen.Qual("math", "Copysign").Call(jen.Lit(0), jen.Lit(-1))
	}
	if bits == 32 {
		e = jen.Id("float32").Call(e)
	}
	return primary(e)
}

// complexExpr writes a complex constant with parts of the given width:
// 1 + 2i, complex64(2i), or complex(math.NaN(), 1) when a part has no
// literal.
func complexExpr(re, im float64, bits int, ctx constCtx) expr {
	if isSpecial(re) || isSpecial(im) {
		part := func(v float64) jen.Code {
			// One typed part makes the other convert to its type.
			return floatExpr(v, bits, ctxTyped).code()
		}
		rc, ic := part(re), jen.Code(floatExpr(im, bits, ctxConverted).code())
		if !isSpecial(re) && isSpecial(im) {
			rc = floatExpr(re, bits, ctxConverted).code()
			ic = part(im)
		}
		return primary(jen.Id("complex").Call(rc, ic))
	}
	imLit := strconv.FormatFloat(math.Abs(im), 'g', -1, bits) + "i"
	var lit string
	prec := precPrimary
	switch {
	case re == 0 && im < 0:
		lit, prec = "-"+imLit, precUnary
	case re == 0:
		lit = imLit
	case im == 0 && ctx == ctxConverted:
		return floatExpr(re, bits, ctx)
	default:
		sign := " + "
		if im < 0 {
			sign = " - "
		}
		lit, prec = strconv.FormatFloat(re, 'g', -1, bits)+sign+imLit, precAdd
	}
	if ctx == ctxExplicit || bits == 32 && ctx == ctxTyped {
		return rawExpr("complex"+strconv.Itoa(2*bits)+"("+lit+")", precPrimary)
	}
	return rawExpr(lit, prec)
}
