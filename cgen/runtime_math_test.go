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

// This file checks that every math function cgen translates computes in C
// exactly what Go computes, bit for bit (NaN payloads included): the C
// code is the one cgen emits for a call (libName), built with gcc and
// clang at -O2 and at -O3 -march=native (where the CPU has FMA, which the
// code must not contract into), and with gcc's UndefinedBehaviorSanitizer, and run on special values and on
// mathRandom deterministic random inputs per function. Arguments and
// results travel as bits (uint64): float64 as its bits, float32 as its
// bits, integers and bools as themselves.

// mathRandom is the number of random inputs (argument tuples) per function.
const mathRandom = 100_000

// A mathOracle computes Go's results of a function, as bits, from the
// bits of its arguments.
type mathOracle func(a, b, c uint64) []uint64

func asF64(u uint64) float64 { return math.Float64frombits(u) }
func asF32(u uint64) float32 { return math.Float32frombits(uint32(u)) }
func b64(f float64) uint64   { return math.Float64bits(f) }
func b32(f float32) uint64   { return uint64(math.Float32bits(f)) }
func bb(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

func o1(g func(float64) float64) mathOracle {
	return func(a, _, _ uint64) []uint64 { return []uint64{b64(g(asF64(a)))} }
}
func o2(g func(float64, float64) float64) mathOracle {
	return func(a, b, _ uint64) []uint64 { return []uint64{b64(g(asF64(a), asF64(b)))} }
}

// goMath holds Go's version of every function of libFuncs, by key. Each
// calls the function directly, as generated Go code does: gc compiles
// such calls of Sqrt, Floor, Ceil, Trunc, RoundToEven, FMA, Abs and
// Copysign to instructions, whose results may differ from the functions'
// (a signaling NaN made quiet by ROUNDSD).
var goMath = map[string]mathOracle{
	"math.Sqrt": o1(func(x float64) float64 { return math.Sqrt(x) }), "math.Floor": o1(func(x float64) float64 { return math.Floor(x) }), "math.Ceil": o1(func(x float64) float64 { return math.Ceil(x) }), "math.Trunc": o1(func(x float64) float64 { return math.Trunc(x) }),
	"math.Round": o1(func(x float64) float64 { return math.Round(x) }), "math.RoundToEven": o1(func(x float64) float64 { return math.RoundToEven(x) }), "math.Abs": o1(func(x float64) float64 { return math.Abs(x) }),
	"math.Sin": o1(func(x float64) float64 { return math.Sin(x) }), "math.Cos": o1(func(x float64) float64 { return math.Cos(x) }), "math.Tan": o1(func(x float64) float64 { return math.Tan(x) }), "math.Asin": o1(func(x float64) float64 { return math.Asin(x) }),
	"math.Acos": o1(func(x float64) float64 { return math.Acos(x) }), "math.Atan": o1(func(x float64) float64 { return math.Atan(x) }), "math.Sinh": o1(func(x float64) float64 { return math.Sinh(x) }), "math.Cosh": o1(func(x float64) float64 { return math.Cosh(x) }),
	"math.Tanh": o1(func(x float64) float64 { return math.Tanh(x) }), "math.Asinh": o1(func(x float64) float64 { return math.Asinh(x) }), "math.Acosh": o1(func(x float64) float64 { return math.Acosh(x) }), "math.Atanh": o1(func(x float64) float64 { return math.Atanh(x) }),
	"math.Exp": o1(func(x float64) float64 { return math.Exp(x) }), "math.Exp2": o1(func(x float64) float64 { return math.Exp2(x) }), "math.Expm1": o1(func(x float64) float64 { return math.Expm1(x) }), "math.Log": o1(func(x float64) float64 { return math.Log(x) }),
	"math.Log2": o1(func(x float64) float64 { return math.Log2(x) }), "math.Log10": o1(func(x float64) float64 { return math.Log10(x) }), "math.Log1p": o1(func(x float64) float64 { return math.Log1p(x) }), "math.Cbrt": o1(func(x float64) float64 { return math.Cbrt(x) }),
	"math.Erf": o1(func(x float64) float64 { return math.Erf(x) }), "math.Erfc": o1(func(x float64) float64 { return math.Erfc(x) }), "math.Gamma": o1(func(x float64) float64 { return math.Gamma(x) }), "math.Logb": o1(func(x float64) float64 { return math.Logb(x) }),
	"math.Erfinv": o1(func(x float64) float64 { return math.Erfinv(x) }), "math.Erfcinv": o1(func(x float64) float64 { return math.Erfcinv(x) }),
	"math.Mod": o2(func(x, y float64) float64 { return math.Mod(x, y) }), "math.Copysign": o2(func(x, y float64) float64 { return math.Copysign(x, y) }), "math.Max": o2(func(x, y float64) float64 { return math.Max(x, y) }), "math.Min": o2(func(x, y float64) float64 { return math.Min(x, y) }),
	"math.Dim": o2(func(x, y float64) float64 { return math.Dim(x, y) }), "math.Atan2": o2(func(x, y float64) float64 { return math.Atan2(x, y) }), "math.Pow": o2(func(x, y float64) float64 { return math.Pow(x, y) }), "math.Hypot": o2(func(x, y float64) float64 { return math.Hypot(x, y) }),
	"math.Remainder": o2(func(x, y float64) float64 { return math.Remainder(x, y) }), "math.Nextafter": o2(func(x, y float64) float64 { return math.Nextafter(x, y) }),
	"math.FMA": func(a, b, c uint64) []uint64 { return []uint64{b64(math.FMA(asF64(a), asF64(b), asF64(c)))} },
	"math.Modf": func(a, _, _ uint64) []uint64 {
		i, f := math.Modf(asF64(a))
		return []uint64{b64(i), b64(f)}
	},
	"math.Frexp": func(a, _, _ uint64) []uint64 {
		f, e := math.Frexp(asF64(a))
		return []uint64{b64(f), uint64(e)}
	},
	"math.Lgamma": func(a, _, _ uint64) []uint64 {
		l, sign := math.Lgamma(asF64(a))
		return []uint64{b64(l), uint64(sign)}
	},
	"math.Sincos": func(a, _, _ uint64) []uint64 {
		s, c := math.Sincos(asF64(a))
		return []uint64{b64(s), b64(c)}
	},
	"math.J0":      o1(func(x float64) float64 { return math.J0(x) }),
	"math.J1":      o1(func(x float64) float64 { return math.J1(x) }),
	"math.Y0":      o1(func(x float64) float64 { return math.Y0(x) }),
	"math.Y1":      o1(func(x float64) float64 { return math.Y1(x) }),
	"math.Jn":      func(a, b, _ uint64) []uint64 { return []uint64{b64(math.Jn(int(a), asF64(b)))} },
	"math.Yn":      func(a, b, _ uint64) []uint64 { return []uint64{b64(math.Yn(int(a), asF64(b)))} },
	"math.Ldexp":   func(a, b, _ uint64) []uint64 { return []uint64{b64(math.Ldexp(asF64(a), int(b)))} },
	"math.Ilogb":   func(a, _, _ uint64) []uint64 { return []uint64{uint64(math.Ilogb(asF64(a)))} },
	"math.Pow10":   func(a, _, _ uint64) []uint64 { return []uint64{b64(math.Pow10(int(a)))} },
	"math.IsNaN":   func(a, _, _ uint64) []uint64 { return []uint64{bb(math.IsNaN(asF64(a)))} },
	"math.Signbit": func(a, _, _ uint64) []uint64 { return []uint64{bb(math.Signbit(asF64(a)))} },
	"math.IsInf":   func(a, b, _ uint64) []uint64 { return []uint64{bb(math.IsInf(asF64(a), int(b)))} },
	"math.Inf":     func(a, _, _ uint64) []uint64 { return []uint64{b64(math.Inf(int(a)))} },
	"math.NaN":     func(_, _, _ uint64) []uint64 { return []uint64{b64(math.NaN())} },
	"math.Nextafter32": func(a, b, _ uint64) []uint64 {
		return []uint64{b32(math.Nextafter32(asF32(a), asF32(b)))}
	},
	"math.Float64bits":     func(a, _, _ uint64) []uint64 { return []uint64{math.Float64bits(asF64(a))} },
	"math.Float64frombits": func(a, _, _ uint64) []uint64 { return []uint64{b64(math.Float64frombits(a))} },
	"math.Float32bits":     func(a, _, _ uint64) []uint64 { return []uint64{uint64(math.Float32bits(asF32(a)))} },
	"math.Float32frombits": func(a, _, _ uint64) []uint64 { return []uint64{b32(math.Float32frombits(uint32(a)))} },
}

// mathTuples are the result types of the functions with several results.
var mathTuples = map[string]*ir.Type{
	"math.Modf":   ir.TupleOf([]*ir.Type{ir.Float64, ir.Float64}),
	"math.Frexp":  ir.TupleOf([]*ir.Type{ir.Float64, ir.Int}),
	"math.Sincos": ir.TupleOf([]*ir.Type{ir.Float64, ir.Float64}),
	"math.Lgamma": ir.TupleOf([]*ir.Type{ir.Float64, ir.Int}),
}

// TestMathCovered checks that goMath covers every function of libFuncs,
// so that a new translation cannot escape the comparison.
func TestMathCovered(t *testing.T) {
	for key := range libFuncs {
		if goMath[key] == nil {
			t.Errorf("%s has no Go oracle in goMath", key)
		}
	}
	for key := range goMath {
		if _, ok := libFuncs[key]; !ok {
			t.Errorf("goMath has %s, libFuncs does not", key)
		}
	}
}

// mathSpecials are the special float64 arguments every function is tried
// on (all pairs of them for functions of two arguments).
func mathSpecials() []float64 {
	nan := math.NaN()
	v := []float64{0, 1, 2, 3, 0.5, 1.5, 2.5, -0.5, -1.5, 0.25, 0.7, 0.75, 0.85, 10, 21, 22, 28, 33, 34, 100, 171.5, 200,
		1e-9, 1e-300, 0x1p-28, 0x1p-29, 0x1p-54, 0x1p-56, 0x1p29, 0x1p29 - 1, 0x1p52, 0x1p53, 0x1p63, 0x1p64, 1e300,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-1022 - 0x1p-1074, 5e-324 * 3,
		math.Inf(1), nan, math.Float64frombits(0x7FF8000000000000), math.Float64frombits(0x7FF8DEADBEEF0001),
		math.Float64frombits(0x7FF4000000000005), math.Pi, math.Pi / 2, math.Pi / 4, 3 * math.Pi / 4, 2 * math.Pi,
		1e6 * math.Pi, 1e15 * math.Pi, 1e22, math.E, math.Ln2, math.Sqrt2 / 2, 0.84375, 1.25, 6, 1 / 0.35,
		709.782712893384, 709.7827128933841, 710, -745.1332191019411, -746, -1074, -1075, 1023.9999999999999, 1024,
		0x1p-1074 * 7, 4.0e-320, math.Nextafter(1, 0), math.Nextafter(1, 2), math.Nextafter(-1, 0),
		0.6931471805599453 / 2, 0.66, 2.414213562373095, 0.625, 44.01484596555652, 44.1, 143.01608, 0x1p-1060,
		math.MaxFloat32, 0x1p-149, 0x1p-126, 0.1, 1e-5, 1 - 1e-10,
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

// mathSpecialInts are the special integer arguments.
var mathSpecialInts = []int64{0, 1, -1, 2, -2, 52, -52, 53, 1022, 1023, 1024, -1021, -1022, -1023, -1074, -1075, -1076,
	308, 309, -323, -324, 2100, -2100, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}

// mathArg returns the bits of argument x, a special float64, as an
// argument of type t of function key.
func mathArg(key string, t *ir.Type, x float64, i int) uint64 {
	switch t {
	case ir.Float64:
		return b64(x)
	case ir.Float32:
		return b32(float32(x))
	case ir.Uint32:
		return b32(float32(x))
	case ir.Int:
		if besselN(key) { // orders: Go's loops run about n times
			return uint64(int64(i%81) - 40)
		}
		return uint64(mathSpecialInts[i%len(mathSpecialInts)])
	}
	return b64(x) // Uint64
}

// besselN reports whether function key takes an order n (Jn, Yn).
func besselN(key string) bool { return key == "math.Jn" || key == "math.Yn" }

// mathRandomArg returns the bits of a random argument of type t, from one
// of several magnitude ranges, for argument i of function key.
func mathRandomArg(r *rand.Rand, key string, t *ir.Type, i int) uint64 {
	switch t {
	case ir.Int:
		if besselN(key) {
			return uint64(r.Int64N(121) - 60)
		}
		if r.IntN(8) == 0 {
			return r.Uint64()
		}
		return uint64(r.Int64N(2400) - 1200)
	case ir.Float32, ir.Uint32:
		if r.IntN(2) == 0 {
			return uint64(r.Uint32())
		}
		return b32(float32(asF64(mathRandomArg(r, key, ir.Float64, i))))
	case ir.Uint64:
		return r.Uint64()
	}
	sign := 1.0
	if r.IntN(2) == 0 {
		sign = -1
	}
	switch k := r.IntN(8); {
	case k == 0: // any bit pattern
		return r.Uint64()
	case k == 1: // any exponent
		return b64(sign * math.Ldexp(1+r.Float64(), r.IntN(2098)-1074))
	case k == 2: // around 1
		return b64(sign * math.Ldexp(1+r.Float64(), r.IntN(8)-4))
	case k == 3: // moderate
		return b64(sign * math.Ldexp(1+r.Float64(), r.IntN(64)-32))
	case k == 4: // [-1, 1] and [-40, 40]
		if r.IntN(2) == 0 {
			return b64(2*r.Float64() - 1)
		}
		return b64(80*r.Float64() - 40)
	case k == 5: // near multiples of pi/4, and large
		if r.IntN(2) == 0 {
			y := float64(r.IntN(1<<20)) * (math.Pi / 4)
			return b64(sign * math.Float64frombits(math.Float64bits(y)+uint64(r.IntN(64))-32))
		}
		return b64(sign * math.Ldexp(1+r.Float64(), 29+r.IntN(995)))
	case key == "math.Pow" && i == 1: // integers and half-integers
		y := float64(r.IntN(200)) / 2
		if r.IntN(4) == 0 {
			y = float64(r.Int64N(1<<62)) / 2
		}
		return b64(sign * y)
	case key == "math.Pow" && i == 0: // negative bases, near 1
		return b64(sign * (1 + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(50))))
	case key == "math.Exp" || key == "math.Expm1" || key == "math.Exp2": // neither overflow nor underflow
		return b64(1500*r.Float64() - 1080)
	default:
		return b64(sign * math.Ldexp(1+r.Float64(), r.IntN(20)-10))
	}
}

// mathDriver returns a C program that reads argument triples (bits, binary
// little-endian uint64) from standard input and writes the results (bits)
// of the function numbered by its argument, computed by the code cgen
// emits for a call.
func mathDriver(keys []string) string {
	fl := newFileGen("mathtest", Options{})
	var cases strings.Builder
	for i, key := range keys {
		f := libFuncs[key]
		result := mathTuples[key]
		if result == nil {
			result = ir.Float64 // only tuples matter to libName
		}
		name := fl.libName(f, result)
		var args []string
		for j, p := range f.params {
			v := []string{"a", "b", "c"}[j]
			switch p {
			case ir.Float64:
				v = "lms_f64frombits(" + v + ")"
			case ir.Float32:
				v = "lms_f32frombits((uint32_t)" + v + ")"
			case ir.Uint32:
				v = "(uint32_t)" + v
			case ir.Int:
				v = "(int64_t)" + v
			}
			args = append(args, v)
		}
		call := name + "(" + strings.Join(args, ", ") + ")"
		if mathTuples[key] != nil {
			fmt.Fprintf(&cases, "\t\tcase %d: { %s r = %s; OUT(r.r0); OUT(r.r1); break; }\n", i, fl.ctype(result), call)
		} else {
			fmt.Fprintf(&cases, "\t\tcase %d: OUT(%s); break;\n", i, call)
		}
	}
	var sb strings.Builder
	sb.WriteString(strings.Replace(fl.cFile(), "#include \"mathtest_lms.h\"\n", "", 1))
	fmt.Fprintf(&sb, `
static void out(uint64_t u) { fwrite(&u, sizeof u, 1, stdout); }
#define OUT(x) out(_Generic((x), double: lms_f64bits((double)(x)), float: (uint64_t)lms_f32bits((float)(x)), default: (uint64_t)(x)))

int main(int argc, char **argv) {
	if (argc != 2) return 2;
	int fn = atoi(argv[1]);
	uint64_t in[3];
	while (fread(in, sizeof in, 1, stdin) == 1) {
		uint64_t a = in[0], b = in[1], c = in[2];
		(void)a; (void)b; (void)c;
		switch (fn) {
%s		default: return 2;
		}
	}
	return 0;
}
`, cases.String())
	return sb.String()
}

// mathInputs returns the argument triples (bits) function key is tried on.
func mathInputs(key string, seed uint64) [][3]uint64 {
	params := libFuncs[key].params
	specials := mathSpecials()
	var args [][3]uint64
	switch len(params) {
	case 0:
		return [][3]uint64{{}}
	case 1:
		for i, x := range specials {
			args = append(args, [3]uint64{mathArg(key, params[0], x, i)})
		}
	default:
		for i, x := range specials {
			for j, y := range specials {
				var z uint64
				if len(params) == 3 {
					z = mathArg(key, params[2], specials[(i*7+j*3)%len(specials)], j)
				}
				args = append(args, [3]uint64{mathArg(key, params[0], x, i), mathArg(key, params[1], y, j), z})
			}
		}
	}
	if len(params) == 3 { // every order of NaNs, signaling too, among other values
		few := []float64{math.NaN(), asF64(0x7FF8DEADBEEF0001), asF64(0xFFF4000000000005), 1, math.Copysign(0, -1), math.Inf(1), 3}
		for _, x := range few {
			for _, y := range few {
				for _, z := range few {
					args = append(args, [3]uint64{b64(x), b64(y), b64(z)})
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(seed, 0x1f2e3d4c))
	for range mathRandom {
		var a [3]uint64
		for i, p := range params {
			a[i] = mathRandomArg(r, key, p, i)
		}
		args = append(args, a)
	}
	return args
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
	if err := os.WriteFile(file, []byte(mathDriver(keys)), 0o644); err != nil {
		t.Fatal(err)
	}

	// The inputs and Go's results, per function.
	inputs := make([][]byte, len(keys))
	args := make([][][3]uint64, len(keys))
	want := make([][]uint64, len(keys))
	for i, key := range keys {
		args[i] = mathInputs(key, uint64(i))
		var buf bytes.Buffer
		for _, a := range args[i] {
			binary.Write(&buf, binary.LittleEndian, a)
			want[i] = append(want[i], goMath[key](a[0], a[1], a[2])...)
		}
		inputs[i] = buf.Bytes()
	}

	opts := [][]string{{"-O2"}, {"-O3", "-march=native"},
		{"-O1", "-fsanitize=undefined,float-cast-overflow", "-fno-sanitize-recover=all"}}
	for _, cc := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(cc); err != nil {
			if cc == "gcc" {
				t.Fatal("gcc not found on PATH")
			}
			t.Logf("%s not found on PATH (.ci/run installs it)", cc)
			continue
		}
		for _, o := range opts {
			if o[0] == "-O1" && (cc != "gcc" || probe(toolchain{cc: cc, flags: o}) != "") {
				continue // UndefinedBehaviorSanitizer, with gcc where it works
			}
			name := cc + strings.Join(o, "")
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				bin := filepath.Join(dir, name)
				flags := append(append(append([]string{}, strictFlags...), o...), "-o", bin, file, "-lm")
				if out, err := exec.Command(cc, flags...).CombinedOutput(); err != nil {
					t.Fatalf("%s %s: %v\n%s", cc, strings.Join(flags, " "), err, out)
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
					per := len(want[i]) / len(args[i]) // results per call
					bad := 0
					for j, w := range want[i] {
						got := binary.LittleEndian.Uint64(out[8*j:])
						if got == w {
							continue
						}
						a := args[i][j/per]
						t.Errorf("%s(%#x, %#x, %#x) result %d = %#x in C, %#x in Go (as float64: %v, %v)",
							key, a[0], a[1], a[2], j%per, got, w, asF64(got), asF64(w))
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
