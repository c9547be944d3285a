package cgen

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the support functions the generated code may need
// beyond the runtime: checks of 64-bit unsigned indices (reported
// unsigned, as Go does), slicing without checks, the formatting of
// slices for printing, Go's math functions whose C counterparts differ,
// and the conversions of the entry points. Each is written once per file,
// when first needed, in that order.

// sliceHelper returns the name of the helper kind for slices of type t
// (C type st), declaring it.
func (fl *fileGen) sliceHelper(kind, st string, t *ir.Type) string {
	name := "lmsg_" + kind + "_" + mangled(t)
	elem := fl.ctype(t.Elem)
	fl.helper(name, func() string {
		switch kind {
		case "get_u":
			return fmt.Sprintf("static inline %s %s(%s s, uint64_t i) {\n\tlms_check_index_u(i, s.len);\n\treturn s.p[i];\n}\n", elem, name, st)
		case "set_u":
			return fmt.Sprintf("static inline void %s(%s s, uint64_t i, %s v) {\n\tlms_check_index_u(i, s.len);\n\ts.p[i] = v;\n}\n", name, st, elem)
		case "sub":
			return fmt.Sprintf("static inline %s %s(%s s, int64_t lo, int64_t hi) {\n\treturn %s_reslice(s, lo, hi, s.cap);\n}\n", st, name, st, st)
		case "slice_f":
			return fmt.Sprintf("static inline %s %s(%s s, int64_t lo, int64_t hi, int flags) {\n"+
				"\tlms_check_slice(lo, hi, s.cap, flags);\n\treturn %s_reslice(s, lo, hi, s.cap);\n}\n", st, name, st, st)
		case "slice3_f":
			return fmt.Sprintf("static inline %s %s(%s s, int64_t lo, int64_t hi, int64_t max, int flags) {\n"+
				"\tlms_check_slice3(lo, hi, max, s.cap, flags);\n\treturn %s_reslice(s, lo, hi, max);\n}\n", st, name, st, st)
		}
		panic("BUG: cgen: slice helper " + kind)
	})
	return name
}

// stackAppendHelper returns the name of the append of one value (many
// false) or of n values (many true) to a slice of type t (C type st)
// whose first growth of an empty slice to at most k elements takes the
// stack array buf[k], once (*used) — stackappend.go states the rule.
// Each of the two, and the growth they share, is written only when used:
// the C compilers warn of an unused static function.
func (fl *fileGen) stackAppendHelper(st string, t *ir.Type, many bool) string {
	base := "lmsg_append_stk_" + mangled(t)
	elem := fl.ctype(t.Elem)
	grow := base + "_grow"
	fl.helper(grow, func() string {
		return fmt.Sprintf("static inline %[1]s %[2]s(%[1]s s, int64_t num, %[3]s *buf, int64_t k, bool *used) {\n"+
			"\tint64_t newLen = lms_add_i64(s.len, num);\n"+
			"\tif ((uint64_t)newLen > (uint64_t)s.cap && newLen <= k && !*used && s.len == 0) {\n"+
			"\t\tmemset(buf, 0, (size_t)k * sizeof(%[3]s));\n"+
			"\t\t*used = true;\n"+
			"\t\ts.p = buf;\n\t\ts.len = newLen;\n\t\ts.cap = k;\n\t\treturn s;\n\t}\n"+
			"\treturn %[1]s_grow_(s, num);\n}\n", st, grow, elem)
	})
	if !many {
		fl.helper(base, func() string {
			return fmt.Sprintf("static inline %[1]s %[2]s(%[1]s s, %[3]s v, %[3]s *buf, int64_t k, bool *used) {\n"+
				"\ts = %[4]s(s, 1, buf, k, used);\n\ts.p[s.len - 1] = v;\n\treturn s;\n}\n", st, base, elem, grow)
		})
		return base
	}
	name := base + "_n"
	fl.helper(name, func() string {
		return fmt.Sprintf("static inline %[1]s %[2]s(%[1]s s, const %[3]s *v, int64_t n, %[3]s *buf, int64_t k, bool *used) {\n"+
			"\tif (n == 0) return s;\n\tint64_t old = s.len;\n\ts = %[4]s(s, n, buf, k, used);\n"+
			"\tmemmove(s.p + old, v, (size_t)n * sizeof(%[3]s));\n\treturn s;\n}\n", st, name, elem, grow)
	})
	return name
}

// strHelper returns the name of the string helper kind, declaring it.
func (fl *fileGen) strHelper(kind string) string {
	name := "lmsg_str_" + kind
	fl.helper(name, func() string {
		switch kind {
		case "index_u":
			return "static inline uint8_t " + name + "(lms_string s, uint64_t i) {\n\tlms_check_index_u(i, s.len);\n\treturn s.p[i];\n}\n"
		case "slice_f":
			return "static inline lms_string " + name + "(lms_string s, int64_t lo, int64_t hi, int flags) {\n" +
				"\tlms_check_slice(lo, hi, s.len, LMS_SLICE_STRING | flags);\n\treturn lms_str_reslice(s, lo, hi);\n}\n"
		}
		panic("BUG: cgen: string helper " + kind)
	})
	return name
}

// sprintHelper returns the name of the function that formats a slice of
// type t as fmt's %v does ([1 2 3]), declaring it.
func (fl *fileGen) sprintHelper(t *ir.Type) string {
	st := fl.ctype(t)
	name := "lmsg_sprint_" + mangled(t)
	var elem string
	if t.Elem.Kind == ir.KSlice {
		elem = "lms_arg_string(" + fl.sprintHelper(t.Elem) + "(s.p[i]))"
	} else {
		elem = argMaker(t.Elem) + "(s.p[i])"
	}
	fl.helper(name, func() string {
		return fmt.Sprintf(`static lms_string %s(%s s) {
	lms_buf b = {NULL, 0, 0};
	lms_buf_byte(&b, '[');
	for (int64_t i = 0; i < s.len; i++) {
		if (i > 0) lms_buf_byte(&b, ' ');
		lms_arg a = %s;
		lms_fmt_sprint(&b, 1, &a);
	}
	lms_buf_byte(&b, ']');
	return lms_str_make(b.p, b.len);
}
`, name, st, elem)
	})
	return name
}

// flushHelper returns the name of the function entry points call before
// they return: it writes buffered standard output, if any, so that C's
// output and Go's interleave.
func (fl *fileGen) flushHelper() string {
	const name = "lmsg_flush"
	fl.helper(name, func() string {
		return "static inline void " + name + "(void) {\n\tif (lms_stdout.len > 0) lms_flush();\n}\n"
	})
	return name
}

// complexIn returns the name of the conversion from C's _Complex type to
// the runtime's complex type of t, declaring it. C11 gives both the
// representation of an array of two floats.
func (fl *fileGen) complexIn(t *ir.Type) string { return fl.complexConv(t, "in") }

// complexOut returns the name of the conversion from the runtime's
// complex type of t to C's _Complex type, declaring it.
func (fl *fileGen) complexOut(t *ir.Type) string { return fl.complexConv(t, "out") }

func (fl *fileGen) complexConv(t *ir.Type, dir string) string {
	rt, ct, short := "lms_complex128", "double _Complex", "c128"
	if t.Kind == ir.KComplex64 {
		rt, ct, short = "lms_complex64", "float _Complex", "c64"
	}
	name := "lmsg_" + short + "_" + dir
	from, to := ct, rt
	if dir == "out" {
		from, to = rt, ct
	}
	fl.helper(name, func() string {
		return fmt.Sprintf("static inline %s %s(%s x) {\n\t%s y;\n\tmemcpy(&y, &x, sizeof y);\n\treturn y;\n}\n", to, name, from, to)
	})
	return name
}

// mathHelpers holds ports of Go's math functions whose C library
// counterparts have other special cases (fmax, modf, ...). Go's own
// code is the specification: each is a transcription of it (Modf,
// Frexp, Lgamma and Sincos return the results of runtime_math.h's ports
// as Go's tuples).
var mathHelpers = map[string]string{
	"Max": `static double lmsg_math_Max(double x, double y) {
	if (lms_isinf(x) && x > 0) return x;
	if (lms_isinf(y) && y > 0) return y;
	if (lms_isnan(x) || lms_isnan(y)) return lms_f64frombits(UINT64_C(0x7FF8000000000001));
	if (x == 0 && x == y) return (lms_f64bits(x) >> 63) ? y : x;
	return x > y ? x : y;
}
`,
	"Min": `static double lmsg_math_Min(double x, double y) {
	if (lms_isinf(x) && x < 0) return x;
	if (lms_isinf(y) && y < 0) return y;
	if (lms_isnan(x) || lms_isnan(y)) return lms_f64frombits(UINT64_C(0x7FF8000000000001));
	if (x == 0 && x == y) return (lms_f64bits(x) >> 63) ? x : y;
	return x < y ? x : y;
}
`,
	"Dim": `static double lmsg_math_Dim(double x, double y) {
	double v = x - y;
	return v <= 0 ? 0.0 : v;
}
`,
	"Signbit": `static inline bool lmsg_math_Signbit(double x) { return (lms_f64bits(x) >> 63) != 0; }
`,
	"IsInf": `static inline bool lmsg_math_IsInf(double x, int64_t sign) {
	return (sign >= 0 && lms_isinf(x) && x > 0) || (sign <= 0 && lms_isinf(x) && x < 0);
}
`,
	"Inf": `static inline double lmsg_math_Inf(int64_t sign) { return sign >= 0 ? LMS_INF : -LMS_INF; }
`,
	"NaN": `static inline double lmsg_math_NaN(void) { return lms_f64frombits(UINT64_C(0x7FF8000000000001)); }
`,
	"Modf": `static lmsg_tuple_float64_float64 lmsg_math_Modf(double f) {
	lmsg_tuple_float64_float64 r;
	r.r0 = lms_math_modf(f, &r.r1);
	return r;
}
`,
	"Frexp": `static lmsg_tuple_float64_int64 lmsg_math_Frexp(double f) {
	lmsg_tuple_float64_int64 r;
	r.r0 = lms_math_frexp(f, &r.r1);
	return r;
}
`,
	"Lgamma": `static lmsg_tuple_float64_int64 lmsg_math_Lgamma(double x) {
	lmsg_tuple_float64_int64 r;
	r.r0 = lms_math_lgamma(x, &r.r1);
	return r;
}
`,
	"Sincos": `static lmsg_tuple_float64_float64 lmsg_math_Sincos(double x) {
	lmsg_tuple_float64_float64 r;
	r.r0 = lms_math_sincos(x, &r.r1);
	return r;
}
`,
}
