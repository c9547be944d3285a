package cgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// floatFormats are the Printf formats every float and complex value of
// TestFloatFormatting is printed with: each verb, shortest and fixed
// precisions, every flag, widths, and verbs floats do not take.
var floatFormats = []string{
	"%v", "%g", "%G", "%e", "%E", "%f", "%F", "%b", "%x", "%X",
	"%.0e", "%.3e", "%.17e", "%.0f", "%.2f", "%.10f", "%.0g", "%.1g", "%.5g",
	"%.17g", "%.25g", "%.0x", "%.3x", "%.20X",
	"%+v", "%#v", "% v", "%+.3e", "% .3f", "%#g", "%#.3g", "%#.0e", "%#.0f",
	"%#x", "%#.2x", "%#.4v", "%10.3f", "%-10.2e|", "%010.3f", "%+012.4e",
	"%08v", "%-8v|", "%12g", "%6.2v", "%.3v", "% 010.2f", "%+08.3g", "%-+9.1e|",
	"%d", "%s", "%q", "%t", "%T", "%5.1T",
}

// floatValues returns float64 values: special and boundary values, then
// random ones of several distributions (fixed seed): raw bit patterns,
// short decimals (ties for fixed precisions), binary fractions, and
// mantissas scaled by moderate powers of two.
func floatValues(n int) []float64 {
	vs := []float64{
		0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(),
		1, -1, 0.1, 0.2, 0.3, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1e-4, 1e-5, 9.9999e-5,
		1e6, 999999, 1e20, 1e21, 1e22, 1e23, 123456789, 1234567890123456789,
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-1022 - 0x1p-1074,
		math.MaxFloat32, math.SmallestNonzeroFloat32, 0x1p-126, 1 << 53, 1<<53 + 1, 1 << 63, 1 << 64,
		9007199254740993, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
		100, 1000, 0.001, 0.0001, 33.333333333333336, 2.0 / 3, 1.0 / 3, math.Pi, math.E,
		5e-5, 0.00015, 1.05, 2.675, 1.005, 0.045, 8.5, 9.5, 99.5, 999.5, 0.95, 0.995,
	}
	for e := -1074; e <= 1023; e++ {
		vs = append(vs, math.Ldexp(1, e))
	}
	for e := -325; e <= 308; e += 3 {
		vs = append(vs, math.Pow(10, float64(e)))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for len(vs) < n {
		var f float64
		switch r.IntN(4) {
		case 0:
			f = math.Float64frombits(r.Uint64())
		case 1:
			f = float64(r.Int64N(2000001)-1000000) / math.Pow(10, float64(r.IntN(9)))
		case 2:
			f = float64(r.Int64N(1<<20)) / float64(int64(1)<<r.IntN(12))
		default:
			f = math.Ldexp(r.Float64()+0.5, r.IntN(200)-100)
		}
		vs = append(vs, f)
	}
	return vs
}

// TestFloatFormatting prints thousands of float64, float32, complex128
// and complex64 values with every format of floatFormats, with Print and
// with the builtin print's format, and compares with fmt and strconv.
func TestFloatFormatting(t *testing.T) {
	t.Parallel()
	var in strings.Builder
	var want strings.Builder
	var labels []string
	expect := func(label string, outputs ...string) {
		for _, o := range outputs {
			want.WriteString(o)
			want.WriteByte('\n')
			labels = append(labels, label)
		}
	}
	each := func(label string, v any, builtin string) {
		for _, f := range floatFormats {
			expect(label+" "+f, fmt.Sprintf(f, v))
		}
		expect(label+" print", builtin)
		expect(label+" Sprint(v, v)", fmt.Sprint(v, v))
	}
	f64 := floatValues(4000)
	for _, f := range f64 {
		fmt.Fprintf(&in, "d %x\n", math.Float64bits(f))
		each(fmt.Sprintf("float64 %b", f), f, strconv.FormatFloat(f, 'g', -1, 64))
	}
	r := rand.New(rand.NewPCG(3, 4))
	f32 := make([]float32, 0, 2500)
	for _, f := range f64[:1500] {
		f32 = append(f32, float32(f))
	}
	for len(f32) < cap(f32) {
		f32 = append(f32, math.Float32frombits(r.Uint32()))
	}
	// Every power of two: strconv's shortest form (Dragonbox) rounds a
	// tie of their asymmetric interval up (2^-12 is 0.00024414063 as a
	// float32), where the other values' ties go to even.
	for e := -149; e <= 127; e++ {
		f32 = append(f32, -float32(math.Ldexp(1, e)))
	}
	for _, f := range f32 {
		fmt.Fprintf(&in, "f %x\n", math.Float32bits(f))
		each(fmt.Sprintf("float32 %b", f), f, strconv.FormatFloat(float64(f), 'g', -1, 32))
	}
	for i := 0; i < 300; i++ {
		c := complex(f64[r.IntN(len(f64))], f64[r.IntN(len(f64))])
		fmt.Fprintf(&in, "c %x %x\n", math.Float64bits(real(c)), math.Float64bits(imag(c)))
		each(fmt.Sprintf("complex128 %v", c), c, strconv.FormatComplex(c, 'g', -1, 128))
		c64 := complex64(c)
		fmt.Fprintf(&in, "z %x %x\n", math.Float32bits(real(c64)), math.Float32bits(imag(c64)))
		each(fmt.Sprintf("complex64 %v", c64), c64, strconv.FormatComplex(complex128(c64), 'g', -1, 64))
	}

	var formats []string
	for _, f := range floatFormats {
		formats = append(formats, "\t"+cString(f)+",\n")
	}
	prog := `
static const lms_string formats[] = {
` + strings.Join(formats, "") + `};

int main(void) {
	char line[128];
	while (fgets(line, sizeof line, stdin) != NULL) {
		char *end;
		uint64_t x = strtoull(line + 2, &end, 16);
		uint64_t y = strtoull(end, NULL, 16);
		lms_arg a;
		switch (line[0]) {
		case 'd': a = lms_arg_float64(lms_f64frombits(x)); break;
		case 'f': a = lms_arg_float32(lms_f32frombits((uint32_t)x)); break;
		case 'c': a = lms_arg_complex128(lms_c128(lms_f64frombits(x), lms_f64frombits(y))); break;
		default: a = lms_arg_complex64(lms_c64(lms_f32frombits((uint32_t)x), lms_f32frombits((uint32_t)y))); break;
		}
		lms_buf *out = lms_out();
		for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
			lms_fmt_sprintf(out, formats[i], 1, &a);
			lms_buf_byte(out, '\n');
		}
		lms_rtprint_arg(out, &a);
		lms_buf_byte(out, '\n');
		lms_arg two[2] = {a, a};
		lms_fmt_sprint(out, 2, two);
		lms_buf_byte(out, '\n');
		lms_out_done();
	}
	return 0;
}
`
	forEachToolchain(t, prog, func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, in.String()), want.String(), labels)
	})
}
