package cgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// An intType describes one Go integer type for the generated C test.
type intType struct {
	suffix string // of the lms_ helpers: i8, u64, ...
	ctype  string
	goName string // Go type name; lms_arg_<goName> prints it
	signed bool
	bits   int
}

var intTypes = []intType{
	{"i8", "int8_t", "int8", true, 8},
	{"i16", "int16_t", "int16", true, 16},
	{"i32", "int32_t", "int32", true, 32},
	{"i64", "int64_t", "int64", true, 64},
	{"u8", "uint8_t", "uint8", false, 8},
	{"u16", "uint16_t", "uint16", false, 16},
	{"u32", "uint32_t", "uint32", false, 32},
	{"u64", "uint64_t", "uint64", false, 64},
}

// shiftCounts are the shift counts tested, in range and beyond the width.
var shiftCounts = []uint64{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 1 << 32, 1 << 63, math.MaxUint64}

// intBits returns the test values of an integer type as 64-bit patterns:
// edge values and a few random ones, truncated to the width by the caller.
func intBits(bits int, signed bool, r *rand.Rand) []uint64 {
	vs := []int64{0, 1, -1, 2, -2, 3, -3, 5, 7, 10, -10, 100, 0x55555555555555, -0x5555555555555}
	var lo, hi int64
	if signed {
		hi = int64(1)<<(bits-1) - 1
		lo = -hi - 1
	} else {
		hi = int64(uint64(1)<<bits - 1) // -1 when bits == 64: the all-ones pattern
	}
	vs = append(vs, lo, lo+1, hi, hi-1, hi/2, lo/2, hi/2+1)
	for i := 0; i < 6; i++ {
		vs = append(vs, int64(r.Uint64()>>r.IntN(64)))
	}
	out := make([]uint64, len(vs))
	for i, v := range vs {
		out[i] = uint64(v)
	}
	return out
}

// intLines computes, in Go, what the C program prints for one type.
func intLines[T integer](vals []T) string {
	var b strings.Builder
	p := func(vs ...any) { fmt.Fprintln(&b, vs...) }
	for _, a := range vals {
		p("neg", a, -a)
		p("com", a, ^a)
		for _, s := range shiftCounts {
			p("shl", a, s, a<<s)
			p("shr", a, s, a>>s)
			if s <= math.MaxInt64 {
				p("shlsc", a, int64(s), a<<int64(s))
				p("shrsc", a, int64(s), a>>int64(s))
			}
		}
		for _, c := range vals {
			p("add", a, c, a+c)
			p("sub", a, c, a-c)
			p("mul", a, c, a*c)
			p("and", a, c, a&c)
			p("or", a, c, a|c)
			p("xor", a, c, a^c)
			p("andnot", a, c, a&^c)
			if c != 0 {
				p("div", a, c, a/c)
				p("rem", a, c, a%c)
			}
		}
		p("conv", a, int8(a), int16(a), int32(a), int64(a), uint8(a), uint16(a), uint32(a), uint64(a))
		p("float", a, float64(a), float32(a))
	}
	return b.String()
}

// TestIntegerArithmetic checks every integer helper of every width
// (wrapping arithmetic, division, shifts with unsigned and signed counts,
// conversions to every width and to floats) against Go's operators.
func TestIntegerArithmetic(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	var prog, want strings.Builder
	var counts []string
	for _, c := range shiftCounts {
		counts = append(counts, fmt.Sprintf("UINT64_C(%d)", c))
	}
	fmt.Fprintf(&prog, "static const uint64_t counts[] = {%s};\n", strings.Join(counts, ", "))
	prog.WriteString(`
static void p(const char *op, int n, const lms_arg *a) {
	lms_buf *o = lms_out();
	lms_buf_cstr(o, op);
	lms_buf_byte(o, ' ');
	lms_fmt_sprintln(o, n, a);
	lms_out_done();
}

#define TEST_INT(S, T, ARG) \
static void test_##S(const T *v, size_t n) { \
	for (size_t i = 0; i < n; i++) { \
		T a = v[i]; \
		p("neg", LMS_ARGS(ARG(a), ARG(lms_neg_##S(a)))); \
		p("com", LMS_ARGS(ARG(a), ARG(lms_com_##S(a)))); \
		for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) { \
			uint64_t s = counts[k]; \
			p("shl", LMS_ARGS(ARG(a), lms_arg_uint64(s), ARG(lms_shl_##S(a, s)))); \
			p("shr", LMS_ARGS(ARG(a), lms_arg_uint64(s), ARG(lms_shr_##S(a, s)))); \
			if (s <= INT64_MAX) { \
				p("shlsc", LMS_ARGS(ARG(a), lms_arg_int64((int64_t)s), ARG(lms_shl_##S##_sc(a, (int64_t)s)))); \
				p("shrsc", LMS_ARGS(ARG(a), lms_arg_int64((int64_t)s), ARG(lms_shr_##S##_sc(a, (int64_t)s)))); \
			} \
		} \
		for (size_t j = 0; j < n; j++) { \
			T c = v[j]; \
			p("add", LMS_ARGS(ARG(a), ARG(c), ARG(lms_add_##S(a, c)))); \
			p("sub", LMS_ARGS(ARG(a), ARG(c), ARG(lms_sub_##S(a, c)))); \
			p("mul", LMS_ARGS(ARG(a), ARG(c), ARG(lms_mul_##S(a, c)))); \
			p("and", LMS_ARGS(ARG(a), ARG(c), ARG((T)(a & c)))); \
			p("or", LMS_ARGS(ARG(a), ARG(c), ARG((T)(a | c)))); \
			p("xor", LMS_ARGS(ARG(a), ARG(c), ARG((T)(a ^ c)))); \
			p("andnot", LMS_ARGS(ARG(a), ARG(c), ARG(lms_andnot_##S(a, c)))); \
			if (c != 0) { \
				p("div", LMS_ARGS(ARG(a), ARG(c), ARG(lms_div_##S(a, c)))); \
				p("rem", LMS_ARGS(ARG(a), ARG(c), ARG(lms_rem_##S(a, c)))); \
			} \
		} \
		p("conv", LMS_ARGS(ARG(a), lms_arg_int8(lms_conv_i8((uint64_t)a)), lms_arg_int16(lms_conv_i16((uint64_t)a)), \
			lms_arg_int32(lms_conv_i32((uint64_t)a)), lms_arg_int64(lms_conv_i64((uint64_t)a)), \
			lms_arg_uint8(lms_conv_u8((uint64_t)a)), lms_arg_uint16(lms_conv_u16((uint64_t)a)), \
			lms_arg_uint32(lms_conv_u32((uint64_t)a)), lms_arg_uint64(lms_conv_u64((uint64_t)a)))); \
		p("float", LMS_ARGS(ARG(a), lms_arg_float64((double)a), lms_arg_float32((float)a))); \
	} \
}
`)
	var calls strings.Builder
	for _, it := range intTypes {
		bits := intBits(it.bits, it.signed, r)
		lits := make([]string, len(bits))
		for i, b := range bits {
			// The C conversion of the 64-bit pattern truncates to the width.
			lits[i] = fmt.Sprintf("(%s)UINT64_C(%d)", it.ctype, b)
		}
		fmt.Fprintf(&prog, "TEST_INT(%s, %s, lms_arg_%s)\n", it.suffix, it.ctype, it.goName)
		fmt.Fprintf(&prog, "static const %s vals_%s[] = {%s};\n", it.ctype, it.suffix, strings.Join(lits, ", "))
		fmt.Fprintf(&calls, "\ttest_%s(vals_%s, sizeof vals_%s / sizeof vals_%s[0]);\n", it.suffix, it.suffix, it.suffix, it.suffix)
		want.WriteString(intLinesFor(it, bits))
	}
	prog.WriteString("\nint main(void) {\n" + calls.String() + "\treturn 0;\n}\n")
	forEachToolchain(t, prog.String(), func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), nil)
	})
}

// intLinesFor converts the 64-bit patterns to the Go type of it.
func intLinesFor(it intType, bits []uint64) string {
	switch it.suffix {
	case "i8":
		return intLines(convert[int8](bits))
	case "i16":
		return intLines(convert[int16](bits))
	case "i32":
		return intLines(convert[int32](bits))
	case "i64":
		return intLines(convert[int64](bits))
	case "u8":
		return intLines(convert[uint8](bits))
	case "u16":
		return intLines(convert[uint16](bits))
	case "u32":
		return intLines(convert[uint32](bits))
	}
	return intLines(bits)
}

func convert[T integer](bits []uint64) []T {
	out := make([]T, len(bits))
	for i, b := range bits {
		out[i] = T(b)
	}
	return out
}

// floatToIntLine converts f to every integer type as the Go compiler does
// on this machine (f is not a constant, so nothing is folded).
func floatToIntLine(tag string, f float64) string {
	return fmt.Sprintln(tag, f, int8(f), int16(f), int32(f), int64(f), uint8(f), uint16(f), uint32(f), uint64(f))
}

func float32ToIntLine(tag string, f float32) string {
	return fmt.Sprintln(tag, f, int8(f), int16(f), int32(f), int64(f), uint8(f), uint16(f), uint32(f), uint64(f))
}

// TestFloatConversions checks float-to-integer conversions (NaN,
// infinities, out-of-range values: undefined in C, defined by gc on
// amd64), integer-to-float rounding (uint64 near rounding boundaries) and
// float64-to-float32 rounding against the Go compiler that runs this test.
func TestFloatConversions(t *testing.T) {
	t.Parallel()
	fs := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300, -1e300, 0, math.Copysign(0, -1),
		0.5, -0.5, 0.99, -0.99, 1.5, -1.5, 127.9, 128, 128.5, -128.5, -129, 255.5, 256, -300.7, 300.7,
		32767.5, 32768, 65535.9, 65536, -32769, 70000.5, 2147483647.5, 2147483648, -2147483648.5,
		-2147483649, 4294967295.5, 4294967296, 4294967296.5, 1e10, -1e10,
		9223372036854774784, 9223372036854775808, -9223372036854775808, -9223372036854777856,
		9.3e18, 1.8e19, 18446744073709549568, 18446744073709551616, -18446744073709551616, 1e19, -1e19}
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 300; i++ {
		f := math.Ldexp(r.Float64()*2-1, r.IntN(70))
		if i%3 == 0 {
			f = math.Trunc(f)
		}
		fs = append(fs, f)
	}
	var us []uint64
	for i := 0; i < 400; i++ {
		u := r.Uint64() >> r.IntN(64)
		switch i % 4 {
		case 1: // halfway and sticky-bit cases of float64 rounding
			u = u&^0x7FF | 0x400 | uint64(r.IntN(2))
		case 2: // the same for float32
			u = u&^0xFFFFFFFFFF | 0x8000000000 | uint64(r.IntN(2))
		case 3:
			u |= 1 << 63
		}
		us = append(us, u)
	}

	var prog, want strings.Builder
	lits := make([]string, len(fs))
	for i, f := range fs {
		lits[i] = fmt.Sprintf("UINT64_C(0x%x)", math.Float64bits(f))
		want.WriteString(floatToIntLine("f64", f))
		f32 := float32(f)
		want.WriteString(float32ToIntLine("f32", f32))
		fmt.Fprintln(&want, "narrow", f, f32)
	}
	ulits := make([]string, len(us))
	for i, u := range us {
		ulits[i] = fmt.Sprintf("UINT64_C(%d)", u)
		s := int64(u)
		fmt.Fprintln(&want, "u64", u, math.Float64bits(float64(u)), math.Float32bits(float32(u)))
		fmt.Fprintln(&want, "i64", s, math.Float64bits(float64(s)), math.Float32bits(float32(s)))
		s32, u32 := int32(u), uint32(u)
		fmt.Fprintln(&want, "32", s32, u32, math.Float32bits(float32(s32)), math.Float32bits(float32(u32)), float64(s32), float64(u32))
	}
	fmt.Fprintf(&prog, "static const uint64_t fbits[] = {%s};\n", strings.Join(lits, ", "))
	fmt.Fprintf(&prog, "static const uint64_t ints[] = {%s};\n", strings.Join(ulits, ", "))
	prog.WriteString(`
int main(void) {
	for (size_t i = 0; i < sizeof fbits / sizeof fbits[0]; i++) {
		double f = lms_f64frombits(fbits[i]);
		lms_println(LMS_ARGS(lms_arg_string(LMS_STR("f64")), lms_arg_float64(f),
			lms_arg_int8(lms_f64_to_i8(f)), lms_arg_int16(lms_f64_to_i16(f)), lms_arg_int32(lms_f64_to_i32(f)), lms_arg_int64(lms_f64_to_i64(f)),
			lms_arg_uint8(lms_f64_to_u8(f)), lms_arg_uint16(lms_f64_to_u16(f)), lms_arg_uint32(lms_f64_to_u32(f)), lms_arg_uint64(lms_f64_to_u64(f))));
		float g = lms_f64_to_f32(f);
		lms_println(LMS_ARGS(lms_arg_string(LMS_STR("f32")), lms_arg_float32(g),
			lms_arg_int8(lms_f32_to_i8(g)), lms_arg_int16(lms_f32_to_i16(g)), lms_arg_int32(lms_f32_to_i32(g)), lms_arg_int64(lms_f32_to_i64(g)),
			lms_arg_uint8(lms_f32_to_u8(g)), lms_arg_uint16(lms_f32_to_u16(g)), lms_arg_uint32(lms_f32_to_u32(g)), lms_arg_uint64(lms_f32_to_u64(g))));
		lms_println(LMS_ARGS(lms_arg_string(LMS_STR("narrow")), lms_arg_float64(f), lms_arg_float32(g)));
	}
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
		uint64_t u = ints[i];
		int64_t s = lms_conv_i64(u);
		lms_println(LMS_ARGS(lms_arg_string(LMS_STR("u64")), lms_arg_uint64(u), lms_arg_uint64(lms_f64bits((double)u)), lms_arg_uint32(lms_f32bits((float)u))));
		lms_println(LMS_ARGS(lms_arg_string(LMS_STR("i64")), lms_arg_int64(s), lms_arg_uint64(lms_f64bits((double)s)), lms_arg_uint32(lms_f32bits((float)s))));
		int32_t s32 = lms_conv_i32(u);
		uint32_t u32 = lms_conv_u32(u);
		lms_println(LMS_ARGS(lms_arg_string(LMS_STR("32")), lms_arg_int32(s32), lms_arg_uint32(u32),
			lms_arg_uint32(lms_f32bits((float)s32)), lms_arg_uint32(lms_f32bits((float)u32)), lms_arg_float64((double)s32), lms_arg_float64((double)u32)));
	}
	return 0;
}
`)
	forEachToolchain(t, prog.String(), func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), nil)
	})
}

// TestComplexArithmetic checks complex multiplication and division (Go's
// complex128div, with its infinity and NaN recovery) and complex64's
// float64 intermediate precision against Go.
func TestComplexArithmetic(t *testing.T) {
	t.Parallel()
	inf, nan := math.Inf(1), math.NaN()
	parts := []float64{0, math.Copysign(0, -1), 1, -2.5, 1e300, -1e-300, 1e-320, inf, -inf, nan, 0.1, 3e38}
	var cs []complex128
	for _, re := range parts {
		for _, im := range parts {
			cs = append(cs, complex(re, im))
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 30; i++ {
		cs = append(cs, complex(math.Ldexp(r.Float64()-0.5, r.IntN(40)-20), math.Ldexp(r.Float64()-0.5, r.IntN(40)-20)))
	}
	lits := make([]string, len(cs))
	var want strings.Builder
	for i, a := range cs {
		lits[i] = fmt.Sprintf("{UINT64_C(0x%x), UINT64_C(0x%x)}", math.Float64bits(real(a)), math.Float64bits(imag(a)))
		a64 := complex64(a)
		for _, b := range cs {
			b64 := complex64(b)
			fmt.Fprintln(&want, a+b, a-b, a*b, a/b, a == b)
			fmt.Fprintln(&want, a64+b64, a64-b64, a64*b64, a64/b64, a64 == b64)
		}
		fmt.Fprintln(&want, -a, -a64)
	}
	prog := "static const uint64_t cs[][2] = {" + strings.Join(lits, ",\n\t") + "};\n" + `
static lms_complex128 c(size_t i) { return lms_c128(lms_f64frombits(cs[i][0]), lms_f64frombits(cs[i][1])); }

int main(void) {
	size_t n = sizeof cs / sizeof cs[0];
	for (size_t i = 0; i < n; i++) {
		lms_complex128 a = c(i);
		lms_complex64 a64 = lms_c128_to_c64(a);
		for (size_t j = 0; j < n; j++) {
			lms_complex128 b = c(j);
			lms_complex64 b64 = lms_c128_to_c64(b);
			lms_println(LMS_ARGS(lms_arg_complex128(lms_c128_add(a, b)), lms_arg_complex128(lms_c128_sub(a, b)),
				lms_arg_complex128(lms_c128_mul(a, b)), lms_arg_complex128(lms_c128_div(a, b)), lms_arg_bool(lms_c128_eq(a, b))));
			lms_println(LMS_ARGS(lms_arg_complex64(lms_c64_add(a64, b64)), lms_arg_complex64(lms_c64_sub(a64, b64)),
				lms_arg_complex64(lms_c64_mul(a64, b64)), lms_arg_complex64(lms_c64_div(a64, b64)), lms_arg_bool(lms_c64_eq(a64, b64))));
		}
		lms_println(LMS_ARGS(lms_arg_complex128(lms_c128_neg(a)), lms_arg_complex64(lms_c64_neg(a64))));
	}
	return 0;
}
`
	forEachToolchain(t, prog, func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), nil)
	})
}
