package cgen

import (
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file translates calls of known library functions. Only package
// math is known. A function is translated where C computes exactly Go's
// result: C's sqrt, floor, ceil, trunc, round, nearbyint, fma and fmod
// are exactly rounded, as Go's are; Abs, Copysign and the bit conversions
// are the runtime's bit operations; Max, Min, Dim, Modf, IsInf, Signbit,
// Inf and NaN are ports of Go's code (their special cases differ in C).
// The other functions (Sin, Exp, Log, Pow, ...) are computed by Go and by
// the C library with different algorithms whose results may differ in the
// last bit: they are emitted as calls of the C library, or rejected under
// Options.StrictMath.

// libFunc is the C translation of a library function.
type libFunc struct {
	c      string // C function, or helper key for helper
	libm   bool   // a function of the C math library
	helper bool   // a port in mathHelpers
	exact  bool   // the same result as Go for every argument
	params []*ir.Type
}

var (
	f64    = []*ir.Type{ir.Float64}
	f64f64 = []*ir.Type{ir.Float64, ir.Float64}
)

var libFuncs = func() map[string]libFunc {
	m := map[string]libFunc{
		"math.Sqrt":            {c: "sqrt", libm: true, exact: true, params: f64},
		"math.Floor":           {c: "floor", libm: true, exact: true, params: f64},
		"math.Ceil":            {c: "ceil", libm: true, exact: true, params: f64},
		"math.Trunc":           {c: "trunc", libm: true, exact: true, params: f64},
		"math.Round":           {c: "round", libm: true, exact: true, params: f64},
		"math.RoundToEven":     {c: "nearbyint", libm: true, exact: true, params: f64},
		"math.FMA":             {c: "fma", libm: true, exact: true, params: []*ir.Type{ir.Float64, ir.Float64, ir.Float64}},
		"math.Mod":             {c: "fmod", libm: true, exact: true, params: f64f64},
		"math.Abs":             {c: "lms_fabs", exact: true, params: f64},
		"math.Copysign":        {c: "lms_copysign", exact: true, params: f64f64},
		"math.IsNaN":           {c: "lms_isnan", exact: true, params: f64},
		"math.Float64bits":     {c: "lms_f64bits", exact: true, params: f64},
		"math.Float64frombits": {c: "lms_f64frombits", exact: true, params: []*ir.Type{ir.Uint64}},
		"math.Float32bits":     {c: "lms_f32bits", exact: true, params: []*ir.Type{ir.Float32}},
		"math.Float32frombits": {c: "lms_f32frombits", exact: true, params: []*ir.Type{ir.Uint32}},
		"math.Max":             {c: "Max", helper: true, exact: true, params: f64f64},
		"math.Min":             {c: "Min", helper: true, exact: true, params: f64f64},
		"math.Dim":             {c: "Dim", helper: true, exact: true, params: f64f64},
		"math.Signbit":         {c: "Signbit", helper: true, exact: true, params: f64},
		"math.IsInf":           {c: "IsInf", helper: true, exact: true, params: []*ir.Type{ir.Float64, ir.Int}},
		"math.Inf":             {c: "Inf", helper: true, exact: true, params: []*ir.Type{ir.Int}},
		"math.NaN":             {c: "NaN", helper: true, exact: true},
		"math.Modf":            {c: "Modf", helper: true, exact: true, params: f64},
		"math.Atan2":           {c: "atan2", libm: true, params: f64f64},
		"math.Pow":             {c: "pow", libm: true, params: f64f64},
		"math.Hypot":           {c: "hypot", libm: true, params: f64f64},
		"math.Gamma":           {c: "tgamma", libm: true, params: f64},
	}
	for _, name := range strings.Fields("Sin Cos Tan Asin Acos Atan Sinh Cosh Tanh Asinh Acosh Atanh " +
		"Exp Exp2 Expm1 Log Log2 Log10 Log1p Cbrt Erf Erfc") {
		m["math."+name] = libFunc{c: strings.ToLower(name), libm: true, params: f64}
	}
	return m
}()

// libCall writes a call of a library function.
func (fn *fnGen) libCall(n *ir.Node) cx {
	c := n.Aux.(ir.Callee)
	key := c.Pkg + "." + c.Name
	if key == "unicode/utf8.DecodeRuneInString" {
		return fn.decodeRune(n)
	}
	f, ok := libFuncs[key]
	if !ok {
		fn.sg.errorf(n, "no C translation of %s", key)
		return cx{s: "0", prim: true}
	}
	if !f.exact && fn.fl.opts.StrictMath {
		fn.sg.errorf(n, "%s has no C translation with Go's exact results (the C library's may differ in the last bit); "+
			"StrictMath rejects it", key)
		return cx{s: "0", prim: true}
	}
	ok = len(n.Args) == len(f.params)
	for i := 0; ok && i < len(n.Args); i++ {
		ok = fn.g.TypeOf(n.Args[i]) == f.params[i]
	}
	if !ok {
		fn.sg.errorf(n, "call of %s with arguments of unexpected types", key)
		return cx{s: "0", prim: true}
	}
	args := fn.refs(n.Args)
	switch {
	case f.libm:
		fn.fl.libm = true
		return call(f.c, args...)
	case f.helper:
		name := "lmsg_math_" + f.c
		if f.c == "Modf" {
			fn.fl.ctype(n.Type) // the tuple type it returns
		}
		fn.fl.helper(name, func() string { return mathHelpers[f.c] })
		return call(name, args...)
	}
	return call(f.c, args...)
}

// decodeRune writes utf8.DecodeRuneInString(s), the step of a range over
// a string: the rune and its width, (U+FFFD, 1) for an invalid encoding
// and (U+FFFD, 0) for an empty string, as the runtime's decoder gives.
func (fn *fnGen) decodeRune(n *ir.Node) cx {
	if len(n.Args) != 1 || fn.g.TypeOf(n.Args[0]) != ir.String {
		fn.sg.errorf(n, "call of unicode/utf8.DecodeRuneInString with arguments of unexpected types")
		return cx{s: "0", prim: true}
	}
	tt := fn.fl.ctype(n.Type)
	name := "lmsg_utf8_DecodeRuneInString"
	fn.fl.helper(name, func() string {
		return "static inline " + tt + " " + name + "(lms_string s) {\n\t" + tt +
			" r;\n\tr.r1 = lms_utf8_decode(s.p, s.len, &r.r0);\n\treturn r;\n}\n"
	})
	return call(name, fn.ref(n.Args[0]).s)
}
