package cgen

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes constants as C expressions. Every literal denotes
// exactly the Go value: integers in range of their C type, floats as
// shortest decimals where C parses them without a warning (hexadecimal
// otherwise), NaNs and infinities through compiler builtins that are
// constant expressions (so they can initialize static tables).

// constBits returns an integer constant's value as 64 bits, and whether
// its type is signed.
func constBits(c *ir.Const) (uint64, bool) {
	switch v := c.Val.(type) {
	case int:
		return uint64(v), true
	case int8:
		return uint64(v), true
	case int16:
		return uint64(v), true
	case int32:
		return uint64(v), true
	case int64:
		return uint64(v), true
	case uint:
		return uint64(v), false
	case uint8:
		return uint64(v), false
	case uint16:
		return uint64(v), false
	case uint32:
		return uint64(v), false
	case uint64:
		return v, false
	case uintptr:
		return uint64(v), false
	}
	panic(fmt.Sprintf("BUG: cgen: integer constant of Go type %T", c.Val))
}

// intLit writes the integer v of type t.
func intLit(v uint64, t *ir.Type) cx {
	if !t.IsUnsigned() {
		i := int64(v)
		switch {
		case i == math.MinInt64:
			return cx{s: "INT64_MIN", prim: true}
		case i < 0:
			return cx{s: strconv.FormatInt(i, 10)}
		}
		return cx{s: strconv.FormatInt(i, 10), prim: true}
	}
	if t.Bits() < 32 {
		return cx{s: strconv.FormatUint(v, 10), prim: true}
	}
	return cx{s: strconv.FormatUint(v, 10) + "u", prim: true}
}

// floatLit writes the float64 value f, or the float32 value if f32.
func floatLit(f float64, f32 bool) cx {
	suffix, bits, lim := "", 64, 1e300
	if f32 {
		suffix, bits, lim = "f", 32, 1e30
	}
	neg := math.Signbit(f)
	sign := ""
	if neg {
		sign = "-"
	}
	var s string
	switch {
	case math.IsNaN(f):
		var payload uint64
		var quiet bool
		if f32 {
			u := math.Float32bits(float32(f))
			payload, quiet = uint64(u&(1<<22-1)), u&(1<<22) != 0
		} else {
			u := math.Float64bits(f)
			payload, quiet = u&(1<<51-1), u&(1<<51) != 0
		}
		fn := "__builtin_nan"
		if !quiet {
			fn = "__builtin_nans"
		}
		s = fmt.Sprintf(`%s%s%s("0x%x")`, sign, fn, suffix, payload)
	case math.IsInf(f, 0):
		s = sign + "__builtin_inf" + suffix + "()"
	case f == 0:
		s = sign + "0.0" + suffix
	case math.Abs(f) >= 1/lim && math.Abs(f) <= lim:
		s = strconv.FormatFloat(f, 'g', -1, bits)
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		s += suffix
	default:
		s = strconv.FormatFloat(f, 'x', -1, bits) + suffix
	}
	return cx{s: s, prim: !neg}
}

// constant writes the constant c as a C expression.
func (fl *fileGen) constant(c *ir.Const) cx {
	t := c.Type
	switch {
	case t.Kind == ir.KBool:
		if c.Val.(bool) {
			return cx{s: "true", prim: true}
		}
		return cx{s: "false", prim: true}
	case t.IsInteger():
		v, _ := constBits(c)
		return intLit(v, t)
	case t.Kind == ir.KFloat32:
		return floatLit(float64(c.Val.(float32)), true)
	case t.Kind == ir.KFloat64:
		return floatLit(c.Val.(float64), false)
	case t.Kind == ir.KComplex64:
		v := c.Val.(complex64)
		return cx{s: fmt.Sprintf("lms_c64(%s, %s)", floatLit(float64(real(v)), true).s, floatLit(float64(imag(v)), true).s), prim: true}
	case t.Kind == ir.KComplex128:
		v := c.Val.(complex128)
		return cx{s: fmt.Sprintf("lms_c128(%s, %s)", floatLit(real(v), false).s, floatLit(imag(v), false).s), prim: true}
	case t.Kind == ir.KString:
		return cx{s: "LMS_STR(" + strLit(c.Val.(string)) + ")", prim: true}
	}
	panic("BUG: cgen: constant of type " + t.String())
}

// staticInit writes the element v (a Go value of type t) of a static table
// as a constant initializer.
func staticInit(t *ir.Type, v any) string {
	c := &ir.Const{Type: t, Val: v}
	switch t.Kind {
	case ir.KComplex64:
		z := v.(complex64)
		return fmt.Sprintf("{%s, %s}", floatLit(float64(real(z)), true).s, floatLit(float64(imag(z)), true).s)
	case ir.KComplex128:
		z := v.(complex128)
		return fmt.Sprintf("{%s, %s}", floatLit(real(z), false).s, floatLit(imag(z), false).s)
	case ir.KString:
		s := v.(string)
		return fmt.Sprintf("{(const uint8_t *)%s, %d}", strLit(s), len(s))
	case ir.KFloat32:
		return floatLit(float64(v.(float32)), true).s
	case ir.KFloat64:
		return floatLit(v.(float64), false).s
	case ir.KBool:
		if v.(bool) {
			return "true"
		}
		return "false"
	}
	u, _ := constBits(c)
	return intLit(u, t).s
}

// strLit returns s as a C string literal: printable ASCII as itself
// (quotes, backslashes and question marks, which could start trigraphs,
// escaped), newlines and tabs as \n and \t, other bytes as three-digit
// octal escapes. Long strings are split into adjacent literals.
func strLit(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	run := 0
	for i := 0; i < len(s); i++ {
		if run >= 64 && len(s)-i > 8 {
			b.WriteString(`" "`)
			run = 0
		}
		c := s[i]
		switch {
		case c == '"' || c == '\\' || c == '?':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c >= ' ' && c <= '~':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
		run++
	}
	b.WriteByte('"')
	return b.String()
}
