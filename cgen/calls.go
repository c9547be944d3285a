package cgen

import "github.com/lmsgen/lmsgen/ir"

// This file translates calls of package math (libcalls.go translates
// the other library functions). Every translation computes exactly Go's result on
// linux/amd64, bit for bit: C's sqrt, floor, ceil, trunc and nearbyint
// are exact, as Go's are; Abs, Copysign and the bit conversions are the
// runtime's bit operations; Max, Min, Dim, IsInf, Signbit, Inf and NaN are
// ports of Go's code in mathHelpers (their special cases differ in C), as
// are the tuples of Modf, Frexp, Lgamma and Sincos; the other functions
// (Sin, Exp, Log, Pow, FMA, ...) are ports, in runtime_math.h, of the code
// Go runs on amd64.

// libFunc is the C translation of a library function.
type libFunc struct {
	c      string // C function, or helper key for helper
	libm   bool   // a function of the C math library
	helper bool   // a port in mathHelpers
	port   bool   // a port in runtime_math.h
	params []*ir.Type
}

var (
	f64    = []*ir.Type{ir.Float64}
	f64f64 = []*ir.Type{ir.Float64, ir.Float64}
)

var libFuncs = func() map[string]libFunc {
	m := map[string]libFunc{
		"math.Sqrt":            {c: "sqrt", libm: true, params: f64},
		"math.Floor":           {c: "floor", libm: true, params: f64},
		"math.Ceil":            {c: "ceil", libm: true, params: f64},
		"math.Trunc":           {c: "trunc", libm: true, params: f64},
		"math.Round":           {c: "lms_math_round", port: true, params: f64},
		"math.RoundToEven":     {c: "nearbyint", libm: true, params: f64},
		"math.FMA":             {c: "lms_math_fma", port: true, params: []*ir.Type{ir.Float64, ir.Float64, ir.Float64}},
		"math.Abs":             {c: "lms_fabs", params: f64},
		"math.Copysign":        {c: "lms_copysign", params: f64f64},
		"math.IsNaN":           {c: "lms_isnan", params: f64},
		"math.Float64bits":     {c: "lms_f64bits", params: f64},
		"math.Float64frombits": {c: "lms_f64frombits", params: []*ir.Type{ir.Uint64}},
		"math.Float32bits":     {c: "lms_f32bits", params: []*ir.Type{ir.Float32}},
		"math.Float32frombits": {c: "lms_f32frombits", params: []*ir.Type{ir.Uint32}},
		"math.Max":             {c: "Max", helper: true, params: f64f64},
		"math.Min":             {c: "Min", helper: true, params: f64f64},
		"math.Dim":             {c: "Dim", helper: true, params: f64f64},
		"math.Signbit":         {c: "Signbit", helper: true, params: f64},
		"math.IsInf":           {c: "IsInf", helper: true, params: []*ir.Type{ir.Float64, ir.Int}},
		"math.Inf":             {c: "Inf", helper: true, params: []*ir.Type{ir.Int}},
		"math.NaN":             {c: "NaN", helper: true},
		"math.Modf":            {c: "Modf", helper: true, params: f64},
		"math.Frexp":           {c: "Frexp", helper: true, params: f64},
		"math.Sincos":          {c: "Sincos", helper: true, params: f64},
		"math.Lgamma":          {c: "Lgamma", helper: true, params: f64},
		"math.Ldexp":           {c: "lms_math_ldexp", port: true, params: []*ir.Type{ir.Float64, ir.Int}},
		"math.Ilogb":           {c: "lms_math_logb_ilogb", port: true, params: f64},
		"math.Pow10":           {c: "lms_math_pow10", port: true, params: []*ir.Type{ir.Int}},
		"math.Nextafter32":     {c: "lms_math_nextafter_32", port: true, params: []*ir.Type{ir.Float32, ir.Float32}},
		"math.Jn":              {c: "lms_math_jn", port: true, params: []*ir.Type{ir.Int, ir.Float64}},
		"math.Yn":              {c: "lms_math_jn_yn", port: true, params: []*ir.Type{ir.Int, ir.Float64}},
	}
	for name, c := range map[string]string{
		"Sin": "sin", "Cos": "sin_cos", "Tan": "tan", "Asin": "asin", "Acos": "asin_acos", "Atan": "atan",
		"Sinh": "sinh", "Cosh": "sinh_cosh", "Tanh": "tanh", "Asinh": "asinh", "Acosh": "acosh", "Atanh": "atanh",
		"Exp": "exp", "Exp2": "exp2", "Expm1": "expm1", "Log": "log", "Log2": "log10_log2", "Log10": "log10",
		"Log1p": "log1p", "Cbrt": "cbrt", "Erf": "erf", "Erfc": "erf_erfc", "Gamma": "gamma", "Logb": "logb",
		"Erfinv": "erfinv", "Erfcinv": "erfinv_erfcinv", "J0": "j0", "Y0": "j0_y0", "J1": "j1", "Y1": "j1_y1",
	} {
		m["math."+name] = libFunc{c: "lms_math_" + c, port: true, params: f64}
	}
	for name, c := range map[string]string{"Atan2": "atan2", "Pow": "pow", "Hypot": "hypot", "Mod": "mod",
		"Remainder": "remainder", "Nextafter": "nextafter"} {
		m["math."+name] = libFunc{c: "lms_math_" + c, port: true, params: f64f64}
	}
	return m
}()

// libCall writes a call of a library function.
func (fn *fnGen) libCall(n *ir.Node) cx {
	c := n.Aux.(ir.Callee)
	key := c.Pkg + "." + c.Name
	if c.Defer {
		fn.sg.errorf(n, "no C translation of the deferred call of %s: generate Go only (-lang=go)", key)
		return cx{s: "0", prim: true}
	}
	if key == "unicode/utf8.DecodeRuneInString" {
		return fn.decodeRune(n)
	}
	if h, ok := libHelpers[key]; ok && isExported(key) {
		return fn.helperCall(n, key, h)
	}
	if _, ok := sprintOps[key]; ok {
		return fn.sprintCall(n, key)
	}
	f, ok := libFuncs[key]
	if !ok {
		fn.sg.errorf(n, "no C translation of %s (the README lists the library functions the C output translates)", key)
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
	return call(fn.fl.libName(f, n.Type), fn.refs(n.Args)...)
}

// libName returns the C function that computes f, whose result has type
// result, and declares what it needs.
func (fl *fileGen) libName(f libFunc, result *ir.Type) string {
	switch {
	case f.libm:
		fl.libm = true
	case f.port:
		fl.mathUse(f.c)
	case f.helper:
		name := "lmsg_math_" + f.c
		text := mathHelpers[f.c]
		if result.Kind == ir.KTuple {
			fl.ctype(result) // the tuple type it returns
		}
		for _, id := range mathIdent.FindAllString(text, -1) {
			fl.mathUse(id)
		}
		fl.helper(name, func() string { return text })
		return name
	}
	return f.c
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
