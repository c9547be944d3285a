package cgen

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

// This file checks that every float64 math function cgen translates
// computes in C exactly what Go computes, bit for bit (NaN payloads
// included): the C code is the one cgen emits for a call (libName), built
// with gcc and clang at -O2, -O3 and -O3 -march=native (where the CPU has
// FMA, which the code must not contract into), and run on special values
// and on mathRandom deterministic random inputs per function.

// mathRandom is the number of random inputs (argument tuples) per function.
const mathRandom = 100_000

// goMath computes the Go result of each function the test covers, by
// libFuncs key; Modf is split into its two results.
var goMath = map[string]func(a, b, c float64) float64{
	"math.Sqrt":        func(a, _, _ float64) float64 { return math.Sqrt(a) },
	"math.Floor":       func(a, _, _ float64) float64 { return math.Floor(a) },
	"math.Ceil":        func(a, _, _ float64) float64 { return math.Ceil(a) },
	"math.Trunc":       func(a, _, _ float64) float64 { return math.Trunc(a) },
	"math.Round":       func(a, _, _ float64) float64 { return math.Round(a) },
	"math.RoundToEven": func(a, _, _ float64) float64 { return math.RoundToEven(a) },
	"math.FMA":         func(a, b, c float64) float64 { return math.FMA(a, b, c) },
	"math.Mod":         func(a, b, _ float64) float64 { return math.Mod(a, b) },
	"math.Abs":         func(a, _, _ float64) float64 { return math.Abs(a) },
	"math.Copysign":    func(a, b, _ float64) float64 { return math.Copysign(a, b) },
	"math.Max":         func(a, b, _ float64) float64 { return math.Max(a, b) },
	"math.Min":         func(a, b, _ float64) float64 { return math.Min(a, b) },
	"math.Dim":         func(a, b, _ float64) float64 { return math.Dim(a, b) },
	"math.Modf.int":    func(a, _, _ float64) float64 { i, _ := math.Modf(a); return i },
	"math.Modf.frac":   func(a, _, _ float64) float64 { _, f := math.Modf(a); return f },
	"math.Sin":         func(a, _, _ float64) float64 { return math.Sin(a) },
	"math.Cos":         func(a, _, _ float64) float64 { return math.Cos(a) },
	"math.Tan":         func(a, _, _ float64) float64 { return math.Tan(a) },
	"math.Asin":        func(a, _, _ float64) float64 { return math.Asin(a) },
	"math.Acos":        func(a, _, _ float64) float64 { return math.Acos(a) },
	"math.Atan":        func(a, _, _ float64) float64 { return math.Atan(a) },
	"math.Sinh":        func(a, _, _ float64) float64 { return math.Sinh(a) },
	"math.Cosh":        func(a, _, _ float64) float64 { return math.Cosh(a) },
	"math.Tanh":        func(a, _, _ float64) float64 { return math.Tanh(a) },
	"math.Asinh":       func(a, _, _ float64) float64 { return math.Asinh(a) },
	"math.Acosh":       func(a, _, _ float64) float64 { return math.Acosh(a) },
	"math.Atanh":       func(a, _, _ float64) float64 { return math.Atanh(a) },
	"math.Exp":         func(a, _, _ float64) float64 { return math.Exp(a) },
	"math.Exp2":        func(a, _, _ float64) float64 { return math.Exp2(a) },
	"math.Expm1":       func(a, _, _ float64) float64 { return math.Expm1(a) },
	"math.Log":         func(a, _, _ float64) float64 { return math.Log(a) },
	"math.Log2":        func(a, _, _ float64) float64 { return math.Log2(a) },
	"math.Log10":       func(a, _, _ float64) float64 { return math.Log10(a) },
	"math.Log1p":       func(a, _, _ float64) float64 { return math.Log1p(a) },
	"math.Cbrt":        func(a, _, _ float64) float64 { return math.Cbrt(a) },
	"math.Erf":         func(a, _, _ float64) float64 { return math.Erf(a) },
	"math.Erfc":        func(a, _, _ float64) float64 { return math.Erfc(a) },
	"math.Gamma":       func(a, _, _ float64) float64 { return math.Gamma(a) },
	"math.Atan2":       func(a, b, _ float64) float64 { return math.Atan2(a, b) },
	"math.Pow":         func(a, b, _ float64) float64 { return math.Pow(a, b) },
	"math.Hypot":       func(a, b, _ float64) float64 { return math.Hypot(a, b) },
}

// TestMathCovered checks that goMath covers every function of float64
// arguments in libFuncs, so that a new translation cannot escape the
// comparison. Modf is covered by its two results; Signbit, IsNaN and
// Float64bits, whose results are not float64, are bit operations (the
// corpus case CMath compares them).
func TestMathCovered(t *testing.T) {
	for key, f := range libFuncs {
		switch key {
		case "math.Modf", "math.Signbit", "math.IsNaN", "math.Float64bits":
			continue
		}
		floats := len(f.params) > 0
		for _, p := range f.params {
			floats = floats && p == ir.Float64
		}
		if _, ok := goMath[key]; floats && !ok {
			t.Errorf("%s has no Go oracle in goMath", key)
		}
	}
	for key := range goMath {
		if _, ok := libFuncs[strings.TrimSuffix(strings.TrimSuffix(key, ".int"), ".frac")]; !ok {
			t.Errorf("goMath has %s, libFuncs does not", key)
		}
	}
}

// mathSpecials are the special arguments every function is tried on (all
// pairs of them for functions of two arguments).
func mathSpecials() []float64 {
	nan := math.NaN()
	v := []float64{0, 1, 2, 3, 0.5, 1.5, 2.5, -0.5, -1.5, 0.25, 0.7, 0.75, 10, 21, 22, 28, 33, 34, 100, 171.5, 200,
		1e-9, 1e-300, 0x1p-28, 0x1p-29, 0x1p-54, 0x1p-56, 0x1p29, 0x1p29 - 1, 0x1p52, 0x1p53, 0x1p63, 0x1p64, 1e300,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-1022 - 0x1p-1074, 5e-324 * 3,
		math.Inf(1), nan, math.Float64frombits(0x7FF8000000000000), math.Float64frombits(0x7FF8DEADBEEF0001),
		math.Float64frombits(0x7FF4000000000005), math.Pi, math.Pi / 2, math.Pi / 4, 3 * math.Pi / 4, 2 * math.Pi, 1e6 * math.Pi, 1e15 * math.Pi, 1e22,
		math.E, math.Ln2, math.Sqrt2 / 2, 0.84375, 1.25, 6, 1 / 0.35, 709.782712893384, 709.7827128933841, 710,
		-745.1332191019411, -746, -1074, -1075, 1023.9999999999999, 1024, 0x1p-1074 * 7, 4.0e-320,
		math.Nextafter(1, 0), math.Nextafter(1, 2), math.Nextafter(-1, 0), 0.6931471805599453 / 2,
		0.66, 2.414213562373095, 0.625, 44.01484596555652, 44.1, 143.01608, 0x1p-1060,
	}
	out := slices.Clone(v)
	for _, x := range v {
		if !math.IsNaN(x) {
			out = append(out, -x, math.Nextafter(x, math.Inf(1)), math.Nextafter(x, math.Inf(-1)))
		}
	}
	for k := 1; k <= 64; k++ { // near multiples of pi/2 and pi/4
		y := float64(k) * math.Pi / 4
		out = append(out, y, math.Nextafter(y, 0), math.Nextafter(y, 100))
	}
	return out
}

// mathRandomArg returns a random argument, from one of several magnitude
// ranges, for argument i of function key.
func mathRandomArg(r *rand.Rand, key string, i int) float64 {
	sign := 1.0
	if r.IntN(2) == 0 {
		sign = -1
	}
	switch k := r.IntN(8); {
	case k == 0: // any bit pattern
		return math.Float64frombits(r.Uint64())
	case k == 1: // any exponent
		return sign * math.Ldexp(1+r.Float64(), r.IntN(2098)-1074)
	case k == 2: // around 1
		return sign * math.Ldexp(1+r.Float64(), r.IntN(8)-4)
	case k == 3: // moderate
		return sign * math.Ldexp(1+r.Float64(), r.IntN(64)-32)
	case k == 4: // [-1, 1] and [-40, 40]
		if r.IntN(2) == 0 {
			return 2*r.Float64() - 1
		}
		return 80*r.Float64() - 40
	case k == 5: // near multiples of pi/4 and large
		if r.IntN(2) == 0 {
			y := float64(r.IntN(1<<20)) * (math.Pi / 4)
			return sign * math.Float64frombits(math.Float64bits(y)+uint64(r.IntN(64))-32)
		}
		return sign * math.Ldexp(1+r.Float64(), 29+r.IntN(995))
	case key == "math.Pow" && i == 1: // integers and half-integers
		y := float64(r.IntN(200)) / 2
		if r.IntN(4) == 0 {
			y = float64(r.Int64N(1<<62)) / 2
		}
		return sign * y
	case key == "math.Pow" && i == 0: // negative bases, near 1
		return sign * (1 + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(50)))
	case key == "math.Exp" || key == "math.Expm1" || key == "math.Exp2": // the range that neither overflows nor underflows
		return 1500*r.Float64() - 1080
	default:
		return sign * math.Ldexp(1+r.Float64(), r.IntN(20)-10)
	}
}

// mathDriver returns a C program that reads argument triples (binary
// little-endian float64) from standard input and writes the results of
// the function named by its argument, computed by the code cgen emits.
func mathDriver(t *testing.T, keys []string) (src string) {
	fl := newFileGen("mathtest", Options{})
	var cases strings.Builder
	for i, key := range keys {
		lib, which, _ := strings.Cut(strings.TrimPrefix(key, "math."), ".")
		f := libFuncs["math."+lib]
		var result *ir.Type = ir.Float64
		if lib == "Modf" {
			result = ir.TupleOf([]*ir.Type{ir.Float64, ir.Float64})
		}
		name := fl.libName(f, result)
		args := []string{"a", "b", "c"}[:len(f.params)]
		expr := name + "(" + strings.Join(args, ", ") + ")"
		switch which {
		case "int":
			expr += ".r0"
		case "frac":
			expr += ".r1"
		}
		fmt.Fprintf(&cases, "\t\tcase %d: r = %s; break;\n", i, expr)
	}
	var sb strings.Builder
	sb.WriteString(fl.cFile())
	fmt.Fprintf(&sb, `
int main(int argc, char **argv) {
	if (argc != 2) return 2;
	int fn = atoi(argv[1]);
	double in[3];
	while (fread(in, sizeof in, 1, stdin) == 1) {
		double a = in[0], b = in[1], c = in[2], r = 0;
		(void)a; (void)b; (void)c;
		switch (fn) {
%s		default: return 2;
		}
		fwrite(&r, sizeof r, 1, stdout);
	}
	return 0;
}
`, cases.String())
	return strings.Replace(sb.String(), "#include \"mathtest_lms.h\"\n", "", 1)
}

// TestMathExact compares every math function's C translation with Go,
// bit for bit.
func TestMathExact(t *testing.T) {
	keys := make([]string, 0, len(goMath))
	for k := range goMath {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dir := t.TempDir()
	file := filepath.Join(dir, "math.c")
	if err := os.WriteFile(file, []byte(mathDriver(t, keys)), 0o644); err != nil {
		t.Fatal(err)
	}

	// The inputs and Go's results, per function.
	specials := mathSpecials()
	inputs := make([][]byte, len(keys))
	want := make([][]uint64, len(keys))
	for i, key := range keys {
		lib, _, _ := strings.Cut(strings.TrimPrefix(key, "math."), ".")
		arity := len(libFuncs["math."+lib].params)
		var args [][3]float64
		if arity == 3 { // every order of NaNs, signaling too, among other values
			few := []float64{math.NaN(), math.Float64frombits(0x7FF8DEADBEEF0001), math.Float64frombits(0xFFF4000000000005),
				1, -0.0, math.Inf(1), 3}
			for _, x := range few {
				for _, y := range few {
					for _, z := range few {
						args = append(args, [3]float64{x, y, z})
					}
				}
			}
		}
		for _, x := range specials {
			if arity == 1 {
				args = append(args, [3]float64{x})
				continue
			}
			for _, y := range specials {
				args = append(args, [3]float64{x, y, specials[(len(args)*7)%len(specials)]})
			}
		}
		r := rand.New(rand.NewPCG(uint64(i), 0x1f2e3d4c))
		for range mathRandom {
			args = append(args, [3]float64{mathRandomArg(r, key, 0), mathRandomArg(r, key, 1), mathRandomArg(r, key, 2)})
		}
		var buf bytes.Buffer
		for _, a := range args {
			binary.Write(&buf, binary.LittleEndian, a)
			want[i] = append(want[i], math.Float64bits(goMath[key](a[0], a[1], a[2])))
		}
		inputs[i] = buf.Bytes()
	}

	variants := []struct{ name, cc string }{{"gcc", "gcc"}, {"clang", "clang"}}
	opts := [][]string{{"-O2"}, {"-O3"}, {"-O3", "-march=native"}}
	for _, v := range variants {
		if _, err := exec.LookPath(v.cc); err != nil {
			if v.cc == "gcc" {
				t.Fatal("gcc not found on PATH")
			}
			t.Logf("%s not found on PATH (.ci/run installs it)", v.cc)
			continue
		}
		for _, o := range opts {
			name := v.name + strings.Join(o, "")
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				bin := filepath.Join(dir, name)
				flags := append(append([]string{"-std=c11", "-Wall", "-Wextra", "-Werror"}, o...), "-o", bin, file, "-lm")
				if out, err := exec.Command(v.cc, flags...).CombinedOutput(); err != nil {
					t.Fatalf("%s %s: %v\n%s", v.cc, strings.Join(flags, " "), err, out)
				}
				for i, key := range keys {
					cmd := exec.Command(bin, fmt.Sprint(i))
					cmd.Stdin = bytes.NewReader(inputs[i])
					out, err := cmd.Output()
					if err != nil {
						t.Fatalf("%s %s: %v", bin, key, err)
					}
					if len(out) != 8*len(want[i]) {
						t.Fatalf("%s: %d results, want %d", key, len(out)/8, len(want[i]))
					}
					bad := 0
					for j, w := range want[i] {
						got := binary.LittleEndian.Uint64(out[8*j:])
						if got == w {
							continue
						}
						in := inputs[i][24*j:]
						a := math.Float64frombits(binary.LittleEndian.Uint64(in))
						b := math.Float64frombits(binary.LittleEndian.Uint64(in[8:]))
						c := math.Float64frombits(binary.LittleEndian.Uint64(in[16:]))
						t.Errorf("%s(%v [%#x], %v, %v) = %v [%#x] in C, %v [%#x] in Go", key, a, math.Float64bits(a), b, c,
							math.Float64frombits(got), got, math.Float64frombits(w), w)
						if bad++; bad == 5 {
							break
						}
					}
				}
			})
		}
	}
}

// TestNoContraction checks that the prelude keeps gcc and clang from
// fusing a*b+c into a fused multiply-add (which gc does not do on amd64
// with GOAMD64=v1), even in GNU modes and with -mfma; and, as a control,
// that the same code without the prelude is fused, so that the test can
// fail.
func TestNoContraction(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil || !strings.Contains(string(info), " fma") || !strings.Contains(string(info), " avx") {
		t.Skip("the CPU has no FMA (or /proc/cpuinfo is unreadable): -mfma code cannot run")
	}
	const body = `
int main(void) {
	volatile double va = 1 + 0x1p-30, vb = 1 - 0x1p-30, vc = -1;
	double a = va, b = vb, c = vc;
	printf("%a\n", a * b + c);
	return 0;
}
`
	dir := t.TempDir()
	with, without := filepath.Join(dir, "with.c"), filepath.Join(dir, "without.c")
	if err := os.WriteFile(with, []byte(Runtime()+body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(without, []byte("#include <stdio.h>\n"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	fused := 0 // control builds that fused
	for _, cc := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(cc); err != nil {
			t.Logf("%s not found on PATH", cc)
			continue
		}
		for _, std := range []string{"-std=c11", "-std=gnu11"} {
			for _, src := range []string{with, without} {
				bin := filepath.Join(dir, cc+std+filepath.Base(src))
				flags := []string{std, "-O2", "-mfma", "-o", bin, src}
				if out, err := exec.Command(cc, flags...).CombinedOutput(); err != nil {
					t.Fatalf("%s %s: %v\n%s", cc, strings.Join(flags, " "), err, out)
				}
				out, err := exec.Command(bin).Output()
				if err != nil {
					t.Fatalf("%s: %v", bin, err)
				}
				got := strings.TrimSpace(string(out))
				switch {
				case src == with && got != "0x0p+0":
					t.Errorf("%s %s with the prelude: a*b+c = %s, want 0x0p+0 (not fused)", cc, std, got)
				case src == without && got == "0x0p+0":
					t.Logf("%s %s without the prelude does not fuse either", cc, std)
				case src == without:
					fused++
				}
			}
		}
	}
	if fused == 0 {
		t.Error("no control build fused a*b+c: the test shows nothing")
	}
}

// TestMathSections checks that each section of runtime_math.h, emitted
// alone with the sections it calls, passes the compilers' checks with the
// strict flags (-fsyntax-only: no missing dependency, no warning; code
// generation is TestMathExact's and the corpus's).
func TestMathSections(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, s := range mathSections {
		fl := newFileGen("mathtest", Options{})
		fl.mathUse("lms_math_" + s.name)
		src := strings.Replace(fl.cFile(), "#include \"mathtest_lms.h\"\n", "", 1)
		file := filepath.Join(dir, s.name+".c")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file)
	}
	for _, cc := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(cc); err != nil {
			t.Logf("%s not found on PATH", cc)
			continue
		}
		t.Run(cc, func(t *testing.T) {
			t.Parallel()
			for _, file := range files {
				flags := append(append([]string{}, strictFlags...), "-fsyntax-only", file)
				if out, err := exec.Command(cc, flags...).CombinedOutput(); err != nil {
					t.Errorf("%s %s: %v\n%s", cc, filepath.Base(file), err, out)
				}
			}
		})
	}
}
