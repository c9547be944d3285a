package frontend

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file computes static operations with Go's semantics: each basic
// value is held as the Go value of its kind, so + on int8 wraps as Go's
// does, float32 arithmetic rounds as Go's does, and so on.

// goPanic is a run-time panic of the evaluated program: the message Go
// would print after "panic: ", and the panic value.
type goPanic struct {
	msg string
	val value
}

func runtimePanic(format string, args ...any) *goPanic {
	msg := "runtime error: " + fmt.Sprintf(format, args...)
	return &goPanic{msg: msg, val: msg}
}

var errDivZero = runtimePanic("integer divide by zero")

type integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

type float interface{ ~float32 | ~float64 }

type cplx interface{ ~complex64 | ~complex128 }

func intOp[T integer](op token.Token, x, y T) value {
	switch op {
	case token.ADD:
		return x + y
	case token.SUB:
		return x - y
	case token.MUL:
		return x * y
	case token.QUO:
		if y == 0 {
			panic(errDivZero)
		}
		return x / y
	case token.REM:
		if y == 0 {
			panic(errDivZero)
		}
		return x % y
	case token.AND:
		return x & y
	case token.OR:
		return x | y
	case token.XOR:
		return x ^ y
	case token.AND_NOT:
		return x &^ y
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.GTR:
		return x > y
	case token.GEQ:
		return x >= y
	}
	panic(fmt.Sprintf("BUG: integer operator %v", op))
}

func shiftOp[T integer](op token.Token, x T, s uint64) value {
	if op == token.SHL {
		return x << s
	}
	return x >> s
}

func floatOp[T float](op token.Token, x, y T) value {
	switch op {
	case token.ADD:
		return x + y
	case token.SUB:
		return x - y
	case token.MUL:
		return x * y
	case token.QUO:
		return x / y
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.GTR:
		return x > y
	case token.GEQ:
		return x >= y
	}
	panic(fmt.Sprintf("BUG: float operator %v", op))
}

func complexOp[T cplx](op token.Token, x, y T) value {
	switch op {
	case token.ADD:
		return x + y
	case token.SUB:
		return x - y
	case token.MUL:
		return x * y
	case token.QUO:
		return x / y
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	}
	panic(fmt.Sprintf("BUG: complex operator %v", op))
}

// shiftCount converts a shift count of any integer type, panicking as Go
// does on a negative count.
func shiftCount(y value) uint64 {
	switch y := y.(type) {
	case int:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case int8:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case int16:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case int32:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case int64:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case uint:
		return uint64(y)
	case uint8:
		return uint64(y)
	case uint16:
		return uint64(y)
	case uint32:
		return uint64(y)
	case uint64:
		return y
	case uintptr:
		return uint64(y)
	}
	panic(fmt.Sprintf("BUG: shift count %T", y))
}

// binop computes x op y for static x and y.
func binop(op token.Token, x, y value) value {
	if op == token.SHL || op == token.SHR {
		s := shiftCount(y)
		switch x := x.(type) {
		case int:
			return shiftOp(op, x, s)
		case int8:
			return shiftOp(op, x, s)
		case int16:
			return shiftOp(op, x, s)
		case int32:
			return shiftOp(op, x, s)
		case int64:
			return shiftOp(op, x, s)
		case uint:
			return shiftOp(op, x, s)
		case uint8:
			return shiftOp(op, x, s)
		case uint16:
			return shiftOp(op, x, s)
		case uint32:
			return shiftOp(op, x, s)
		case uint64:
			return shiftOp(op, x, s)
		case uintptr:
			return shiftOp(op, x, s)
		}
		panic(fmt.Sprintf("BUG: shift of %T", x))
	}
	switch x := x.(type) {
	case int:
		return intOp(op, x, y.(int))
	case int8:
		return intOp(op, x, y.(int8))
	case int16:
		return intOp(op, x, y.(int16))
	case int32:
		return intOp(op, x, y.(int32))
	case int64:
		return intOp(op, x, y.(int64))
	case uint:
		return intOp(op, x, y.(uint))
	case uint8:
		return intOp(op, x, y.(uint8))
	case uint16:
		return intOp(op, x, y.(uint16))
	case uint32:
		return intOp(op, x, y.(uint32))
	case uint64:
		return intOp(op, x, y.(uint64))
	case uintptr:
		return intOp(op, x, y.(uintptr))
	case float32:
		return floatOp(op, x, y.(float32))
	case float64:
		return floatOp(op, x, y.(float64))
	case complex64:
		return complexOp(op, x, y.(complex64))
	case complex128:
		return complexOp(op, x, y.(complex128))
	case string:
		y := y.(string)
		switch op {
		case token.ADD:
			return x + y
		case token.EQL:
			return x == y
		case token.NEQ:
			return x != y
		case token.LSS:
			return x < y
		case token.LEQ:
			return x <= y
		case token.GTR:
			return x > y
		case token.GEQ:
			return x >= y
		}
	case bool:
		switch op {
		case token.EQL:
			return x == y.(bool)
		case token.NEQ:
			return x != y.(bool)
		}
	}
	switch op {
	case token.EQL:
		return equal(x, y)
	case token.NEQ:
		return !equal(x, y)
	}
	panic(fmt.Sprintf("BUG: static %v on %T", op, x))
}

// unop computes op x for a static basic x.
func unop(op token.Token, x value) value {
	switch op {
	case token.NOT:
		return !x.(bool)
	case token.SUB:
		switch x := x.(type) {
		case int:
			return -x
		case int8:
			return -x
		case int16:
			return -x
		case int32:
			return -x
		case int64:
			return -x
		case uint:
			return -x
		case uint8:
			return -x
		case uint16:
			return -x
		case uint32:
			return -x
		case uint64:
			return -x
		case uintptr:
			return -x
		case float32:
			return -x
		case float64:
			return -x
		case complex64:
			return -x
		case complex128:
			return -x
		}
	case token.XOR:
		switch x := x.(type) {
		case int:
			return ^x
		case int8:
			return ^x
		case int16:
			return ^x
		case int32:
			return ^x
		case int64:
			return ^x
		case uint:
			return ^x
		case uint8:
			return ^x
		case uint16:
			return ^x
		case uint32:
			return ^x
		case uint64:
			return ^x
		case uintptr:
			return ^x
		}
	}
	panic(fmt.Sprintf("BUG: static unary %v on %T", op, x))
}

// equal reports whether two static values are equal as Go's == says
// (interfaces compare dynamic types and values; pointers by identity).
func equal(x, y value) bool {
	switch x := x.(type) {
	case structure:
		y := y.(structure)
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case array:
		y := y.(array)
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case iface:
		y := y.(iface)
		if x.t == nil || y.t == nil {
			return x.t == nil && y.t == nil
		}
		if !types.Identical(x.t, y.t) {
			return false
		}
		if !types.Comparable(x.t) {
			panic(&goPanic{msg: "runtime error: comparing uncomparable type " + x.t.String()})
		}
		return equal(x.v, y.v)
	case sliceV:
		return x.base == nil && y.(sliceV).base == nil
	case *mapV:
		return x == nil && y.(*mapV) == nil
	case *closure:
		return x == nil && y.(*closure) == nil
	case *value:
		return x == y.(*value)
	case *dynElem:
		return false
	case nil:
		return y == nil
	}
	if x, ok := x.(float32); ok {
		return x == y.(float32)
	}
	if x, ok := x.(float64); ok {
		return x == y.(float64)
	}
	return x == y
}

// identical reports whether two static values are the same value: equal
// for basic values with floats compared by their bits, the same object for
// pointers, the same contents for structures and arrays. It decides
// whether a value assigned in both branches of a staged conditional stays
// static.
func identical(x, y value) bool {
	switch x := x.(type) {
	case float32:
		y, ok := y.(float32)
		return ok && math.Float32bits(x) == math.Float32bits(y)
	case float64:
		y, ok := y.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	case complex64:
		y, ok := y.(complex64)
		return ok && identical(real(x), real(y)) && identical(imag(x), imag(y))
	case complex128:
		y, ok := y.(complex128)
		return ok && identical(real(x), real(y)) && identical(imag(x), imag(y))
	case structure:
		y, ok := y.(structure)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !identical(x[i], y[i]) {
				return false
			}
		}
		return true
	case array:
		y, ok := y.(array)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !identical(x[i], y[i]) {
				return false
			}
		}
		return true
	case sliceV:
		y, ok := y.(sliceV)
		if !ok || x.off != y.off || x.len != y.len || x.cap != y.cap || (x.base == nil) != (y.base == nil) {
			return false
		}
		return x.base == nil || len(x.base) == 0 && len(y.base) == 0 || len(x.base) > 0 && len(y.base) > 0 && &x.base[0] == &y.base[0]
	case iface:
		y, ok := y.(iface)
		if !ok || (x.t == nil) != (y.t == nil) {
			return false
		}
		return x.t == nil || types.Identical(x.t, y.t) && identical(x.v, y.v)
	case *rep:
		y, ok := y.(*rep)
		return ok && x.e == y.e
	case *dynElem:
		y, ok := y.(*dynElem)
		return ok && x.s == y.s && x.i == y.i
	case *varRef:
		y, ok := y.(*varRef)
		return ok && x.v == y.v
	case *varShift:
		y, ok := y.(*varShift)
		return ok && x.v == y.v && x.c == y.c
	case *matElem:
		y, ok := y.(*matElem)
		return ok && x.s == y.s && x.i == y.i
	case tuple:
		y, ok := y.(tuple)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !identical(x[i], y[i]) {
				return false
			}
		}
		return true
	case native:
		y, ok := y.(native)
		return ok && x.v == y.v
	}
	defer func() { recover() }() // uncomparable dynamic values: not identical
	return x == y
}

// mapKey returns a comparable Go value standing for a static map key.
func mapKey(v value) any {
	switch v := v.(type) {
	case structure, array, iface:
		var sb strings.Builder
		writeKey(&sb, v)
		return sb.String()
	}
	return v
}

func writeKey(sb *strings.Builder, v value) {
	switch v := v.(type) {
	case structure:
		sb.WriteString("{")
		for _, x := range v {
			writeKey(sb, x)
			sb.WriteString(",")
		}
		sb.WriteString("}")
	case array:
		sb.WriteString("[")
		for _, x := range v {
			writeKey(sb, x)
			sb.WriteString(",")
		}
		sb.WriteString("]")
	case iface:
		if v.t == nil {
			sb.WriteString("nil")
			return
		}
		sb.WriteString(v.t.String())
		sb.WriteString(":")
		writeKey(sb, v.v)
	case string:
		sb.WriteString(strconv.Quote(v))
	case float32, float64:
		fmt.Fprintf(sb, "%T(%v)", v, v)
	case *value:
		fmt.Fprintf(sb, "%p", v)
	default:
		fmt.Fprintf(sb, "%T(%v)", v, v)
	}
}

// basicKind returns the kind of t's underlying basic type, or Invalid.
func basicKind(t types.Type) types.BasicKind {
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Kind()
	}
	return types.Invalid
}

type number interface {
	integer | float
}

func cvt[D number](v value) D {
	switch x := v.(type) {
	case int:
		return D(x)
	case int8:
		return D(x)
	case int16:
		return D(x)
	case int32:
		return D(x)
	case int64:
		return D(x)
	case uint:
		return D(x)
	case uint8:
		return D(x)
	case uint16:
		return D(x)
	case uint32:
		return D(x)
	case uint64:
		return D(x)
	case uintptr:
		return D(x)
	case float32:
		return D(x)
	case float64:
		return D(x)
	}
	panic(fmt.Sprintf("BUG: numeric conversion of %T", v))
}

// toKind converts a static basic value to kind k with Go's conversion
// semantics.
func toKind(v value, k types.BasicKind) value {
	switch k {
	case types.Bool, types.UntypedBool:
		return v.(bool)
	case types.Int:
		return cvt[int](v)
	case types.Int8:
		return cvt[int8](v)
	case types.Int16:
		return cvt[int16](v)
	case types.Int32, types.UntypedRune:
		return cvt[int32](v)
	case types.Int64:
		return cvt[int64](v)
	case types.Uint:
		return cvt[uint](v)
	case types.Uint8:
		return cvt[uint8](v)
	case types.Uint16:
		return cvt[uint16](v)
	case types.Uint32:
		return cvt[uint32](v)
	case types.Uint64:
		return cvt[uint64](v)
	case types.Uintptr:
		return cvt[uintptr](v)
	case types.Float32:
		return cvt[float32](v)
	case types.Float64, types.UntypedFloat:
		return cvt[float64](v)
	case types.Complex64:
		switch x := v.(type) {
		case complex64:
			return x
		case complex128:
			return complex64(x)
		}
	case types.Complex128:
		switch x := v.(type) {
		case complex64:
			return complex128(x)
		case complex128:
			return x
		}
	case types.String:
		switch x := v.(type) {
		case string:
			return x
		case int, int8, int16, int32, int64:
			r := cvt[int64](x)
			if r < 0 || r > utf8.MaxRune {
				return "\uFFFD"
			}
			return string(rune(r))
		case uint, uint8, uint16, uint32, uint64, uintptr:
			r := cvt[uint64](x)
			if r > utf8.MaxRune {
				return "\uFFFD"
			}
			return string(rune(r))
		}
	}
	panic(fmt.Sprintf("BUG: conversion of %T to %v", v, k))
}

// isInteger, isFloat, ... classify the Go value of a static basic.
func isIntegerValue(v value) bool {
	switch v.(type) {
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr:
		return true
	}
	return false
}

// constValue converts a constant of basic type t.
func constValue(c constant.Value, t types.Type) value {
	k := basicKind(t)
	switch k {
	case types.Bool, types.UntypedBool:
		return constant.BoolVal(c)
	case types.String, types.UntypedString:
		return constant.StringVal(c)
	case types.Float32:
		f, _ := constant.Float32Val(constant.ToFloat(c))
		return f
	case types.Float64, types.UntypedFloat:
		f, _ := constant.Float64Val(constant.ToFloat(c))
		return f
	case types.Complex64:
		re, _ := constant.Float32Val(constant.Real(c))
		im, _ := constant.Float32Val(constant.Imag(c))
		return complex(re, im)
	case types.Complex128, types.UntypedComplex:
		re, _ := constant.Float64Val(constant.Real(c))
		im, _ := constant.Float64Val(constant.Imag(c))
		return complex(re, im)
	}
	c = constant.ToInt(c)
	if x, ok := constant.Int64Val(c); ok {
		if k == types.UntypedInt {
			k = types.Int
		}
		return toKind(x, k)
	}
	x, _ := constant.Uint64Val(c)
	return toKind(x, k)
}
