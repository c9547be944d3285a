package frontend

import (
	"fmt"
	"go/constant"
	"go/types"
	"unicode/utf8"
)

// This file converts static values between basic kinds with Go's
// semantics, and converts constants of go/constant to static values.

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
	refuseAddr(v, "the use as a number")
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
