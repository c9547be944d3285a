package stage_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/stage"
)

// The tests of the math companions check the documented native meaning: for
// a float64 type, exactly the math function; for a float32 type, the math
// function on the value widened to float64, rounded once to float32. Results
// compare bit for bit (so -0 and +0 differ), except that any NaN equals any
// NaN.

// edges64 returns the float64 edge values and a deterministic sample of
// ordinary values.
func edges64() []float64 {
	xs := []float64{
		0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3, -7,
		math.Pi, -math.Pi / 2, 1e-300, -1e-300, 1e300, -1e300, 100, -100,
		710, -746, 1 << 53, (1 << 53) + 1, 4.9406564584124654e-324,
		math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64,
		math.Inf(1), math.Inf(-1), math.NaN(),
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 64 {
		xs = append(xs, (r.Float64()-0.5)*math.Pow(10, float64(r.IntN(20)-10)))
	}
	return xs
}

// edges32 returns the float32 edge values: those of edges64 rounded to
// float32, and float32's own limits.
func edges32() []float32 {
	var xs []float32
	for _, x := range edges64() {
		xs = append(xs, float32(x))
	}
	return append(xs, math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32,
		88.8, -104, 16777217, 1e38, -1e-38)
}

// same64 reports whether x and y are the same float64: equal bits, or both
// NaN.
func same64(x, y float64) bool {
	return math.Float64bits(x) == math.Float64bits(y) || math.IsNaN(x) && math.IsNaN(y)
}

// same32 reports whether x and y are the same float32: equal bits, or both
// NaN.
func same32(x, y float32) bool {
	return math.Float32bits(x) == math.Float32bits(y) || x != x && y != y
}

type unaryCase struct {
	name string
	f64  func(stage.Float64) stage.Float64
	f32  func(stage.Float32) stage.Float32
	ref  func(float64) float64
}

var unaryCases = []unaryCase{
	{"Sqrt", stage.Sqrt[stage.Float64], stage.Sqrt[stage.Float32], math.Sqrt},
	{"Cbrt", stage.Cbrt[stage.Float64], stage.Cbrt[stage.Float32], math.Cbrt},
	{"Abs", stage.Abs[stage.Float64], stage.Abs[stage.Float32], math.Abs},
	{"Sin", stage.Sin[stage.Float64], stage.Sin[stage.Float32], math.Sin},
	{"Cos", stage.Cos[stage.Float64], stage.Cos[stage.Float32], math.Cos},
	{"Tan", stage.Tan[stage.Float64], stage.Tan[stage.Float32], math.Tan},
	{"Asin", stage.Asin[stage.Float64], stage.Asin[stage.Float32], math.Asin},
	{"Acos", stage.Acos[stage.Float64], stage.Acos[stage.Float32], math.Acos},
	{"Atan", stage.Atan[stage.Float64], stage.Atan[stage.Float32], math.Atan},
	{"Sinh", stage.Sinh[stage.Float64], stage.Sinh[stage.Float32], math.Sinh},
	{"Cosh", stage.Cosh[stage.Float64], stage.Cosh[stage.Float32], math.Cosh},
	{"Tanh", stage.Tanh[stage.Float64], stage.Tanh[stage.Float32], math.Tanh},
	{"Exp", stage.Exp[stage.Float64], stage.Exp[stage.Float32], math.Exp},
	{"Exp2", stage.Exp2[stage.Float64], stage.Exp2[stage.Float32], math.Exp2},
	{"Expm1", stage.Expm1[stage.Float64], stage.Expm1[stage.Float32], math.Expm1},
	{"Log", stage.Log[stage.Float64], stage.Log[stage.Float32], math.Log},
	{"Log2", stage.Log2[stage.Float64], stage.Log2[stage.Float32], math.Log2},
	{"Log10", stage.Log10[stage.Float64], stage.Log10[stage.Float32], math.Log10},
	{"Log1p", stage.Log1p[stage.Float64], stage.Log1p[stage.Float32], math.Log1p},
	{"Floor", stage.Floor[stage.Float64], stage.Floor[stage.Float32], math.Floor},
	{"Ceil", stage.Ceil[stage.Float64], stage.Ceil[stage.Float32], math.Ceil},
	{"Trunc", stage.Trunc[stage.Float64], stage.Trunc[stage.Float32], math.Trunc},
	{"Round", stage.Round[stage.Float64], stage.Round[stage.Float32], math.Round},
	{"RoundToEven", stage.RoundToEven[stage.Float64], stage.RoundToEven[stage.Float32], math.RoundToEven},
}

func TestUnaryMath(t *testing.T) {
	for _, c := range unaryCases {
		t.Run(c.name, func(t *testing.T) {
			for _, x := range edges64() {
				if got, want := float64(c.f64(stage.Float64(x))), c.ref(x); !same64(got, want) {
					t.Errorf("%s(Float64(%v)) = %v, want %v", c.name, x, got, want)
				}
			}
			for _, x := range edges32() {
				if got, want := float32(c.f32(stage.Float32(x))), float32(c.ref(float64(x))); !same32(got, want) {
					t.Errorf("%s(Float32(%v)) = %v, want %v", c.name, x, got, want)
				}
			}
		})
	}
}

type binaryCase struct {
	name string
	f64  func(x, y stage.Float64) stage.Float64
	f32  func(x, y stage.Float32) stage.Float32
	ref  func(x, y float64) float64
}

var binaryCases = []binaryCase{
	{"Atan2", stage.Atan2[stage.Float64], stage.Atan2[stage.Float32], math.Atan2},
	{"Pow", stage.Pow[stage.Float64], stage.Pow[stage.Float32], math.Pow},
	{"Hypot", stage.Hypot[stage.Float64], stage.Hypot[stage.Float32], math.Hypot},
	{"Mod", stage.Mod[stage.Float64], stage.Mod[stage.Float32], math.Mod},
	{"Remainder", stage.Remainder[stage.Float64], stage.Remainder[stage.Float32], math.Remainder},
	{"Copysign", stage.Copysign[stage.Float64], stage.Copysign[stage.Float32], math.Copysign},
	// Min and Max have the builtin's meaning, not math.Min's.
	{"Min", stage.Min[stage.Float64], stage.Min[stage.Float32], func(x, y float64) float64 { return min(x, y) }},
	{"Max", stage.Max[stage.Float64], stage.Max[stage.Float32], func(x, y float64) float64 { return max(x, y) }},
}

func TestBinaryMath(t *testing.T) {
	for _, c := range binaryCases {
		t.Run(c.name, func(t *testing.T) {
			xs := edges64()
			for _, x := range xs {
				for _, y := range xs {
					if got, want := float64(c.f64(stage.Float64(x), stage.Float64(y))), c.ref(x, y); !same64(got, want) {
						t.Errorf("%s(Float64(%v), Float64(%v)) = %v, want %v", c.name, x, y, got, want)
					}
				}
			}
			ys := edges32()
			for _, x := range ys {
				for _, y := range ys {
					if got, want := float32(c.f32(stage.Float32(x), stage.Float32(y))), float32(c.ref(float64(x), float64(y))); !same32(got, want) {
						t.Errorf("%s(Float32(%v), Float32(%v)) = %v, want %v", c.name, x, y, got, want)
					}
				}
			}
		})
	}
}

func TestFMA(t *testing.T) {
	xs := edges64()[:31] // the hand-picked edge values
	for _, x := range xs {
		for _, y := range xs {
			for _, z := range xs {
				if got, want := float64(stage.FMA(stage.Float64(x), stage.Float64(y), stage.Float64(z))), math.FMA(x, y, z); !same64(got, want) {
					t.Errorf("FMA(Float64(%v), Float64(%v), Float64(%v)) = %v, want %v", x, y, z, got, want)
				}
				x32, y32, z32 := float32(x), float32(y), float32(z)
				got := float32(stage.FMA(stage.Float32(x32), stage.Float32(y32), stage.Float32(z32)))
				if want := float32(math.FMA(float64(x32), float64(y32), float64(z32))); !same32(got, want) {
					t.Errorf("FMA(Float32(%v), Float32(%v), Float32(%v)) = %v, want %v", x32, y32, z32, got, want)
				}
			}
		}
	}
}

// as converts xs to the float type T.
func as[T stage.Float, S stage.Float](xs []S) []T {
	ys := make([]T, len(xs))
	for i, x := range xs {
		ys[i] = T(x)
	}
	return ys
}

// checkMinMax checks Min and Max against the builtins on every pair of xs.
func checkMinMax[T stage.Float](t *testing.T, xs []T) {
	t.Helper()
	for _, x := range xs {
		for _, y := range xs {
			if got, want := stage.Min(x, y), min(x, y); !same64(float64(got), float64(want)) {
				t.Errorf("Min(%T(%v), %v) = %v, want %v", x, x, y, got, want)
			}
			if got, want := stage.Max(x, y), max(x, y); !same64(float64(got), float64(want)) {
				t.Errorf("Max(%T(%v), %v) = %v, want %v", x, x, y, got, want)
			}
		}
	}
}

// TestMinMaxBuiltin checks Min and Max against the builtins, on the plain
// types too, and the cases where the builtins and math.Min/Max differ.
func TestMinMaxBuiltin(t *testing.T) {
	checkMinMax(t, edges64())
	checkMinMax(t, edges32())
	checkMinMax(t, as[stage.Float64](edges64()))
	checkMinMax(t, as[stage.Float32](edges32()))
	negZero, inf, nan := math.Copysign(0, -1), math.Inf(1), math.NaN()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"Min(-0, +0)", stage.Min(negZero, 0), negZero},
		{"Min(+0, -0)", stage.Min(0, negZero), negZero},
		{"Max(-0, +0)", stage.Max(negZero, 0), 0},
		{"Max(+0, -0)", stage.Max(0, negZero), 0},
		{"Min(-Inf, NaN)", stage.Min(-inf, nan), nan},
		{"Max(+Inf, NaN)", stage.Max(inf, nan), nan},
		{"Min(NaN, 1)", stage.Min(nan, 1), nan},
		{"Max(1, NaN)", stage.Max(1, nan), nan},
		{"Min(2, 1)", stage.Min(2.0, 1), 1},
		{"Max(2, 1)", stage.Max(2.0, 1), 2},
	} {
		if !same64(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// checkPredicates checks IsNaN, IsInf and Signbit against math on xs,
// widened to float64 (which keeps NaN, infinities and the sign of zero).
func checkPredicates[T stage.Float](t *testing.T, xs []T) {
	t.Helper()
	for _, x := range xs {
		x64 := float64(x)
		if got, want := stage.IsNaN(x), math.IsNaN(x64); got != want {
			t.Errorf("IsNaN(%T(%v)) = %v, want %v", x, x, got, want)
		}
		if got, want := stage.Signbit(x), math.Signbit(x64); got != want {
			t.Errorf("Signbit(%T(%v)) = %v, want %v", x, x, got, want)
		}
		for sign := -1; sign <= 1; sign++ {
			if got, want := stage.IsInf(x, sign), math.IsInf(x64, sign); got != want {
				t.Errorf("IsInf(%T(%v), %d) = %v, want %v", x, x, sign, got, want)
			}
		}
	}
}

func TestPredicates(t *testing.T) {
	checkPredicates(t, as[stage.Float64](edges64()))
	checkPredicates(t, as[stage.Float32](edges32()))
}

// TestMathValues checks results known independently of package math, so
// that a companion wired to the wrong function, or a float32 result not
// rounded as documented, fails even where the tables above agree.
func TestMathValues(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"Sqrt(4)", float64(stage.Sqrt(stage.Float64(4))), 2},
		{"Sqrt(-0)", float64(stage.Sqrt(stage.Float64(negZero))), negZero},
		{"Sqrt(-1)", float64(stage.Sqrt(stage.Float64(-1))), math.NaN()},
		{"Cbrt(-27)", float64(stage.Cbrt(stage.Float64(-27))), -3},
		{"Abs(-0)", float64(stage.Abs(stage.Float64(negZero))), 0},
		{"Abs(-Inf)", float64(stage.Abs(stage.Float64(math.Inf(-1)))), math.Inf(1)},
		{"Sin(-0)", float64(stage.Sin(stage.Float64(negZero))), negZero},
		{"Cos(0)", float64(stage.Cos(stage.Float64(0))), 1},
		{"Sin(+Inf)", float64(stage.Sin(stage.Float64(math.Inf(1)))), math.NaN()},
		{"Atan2(+0, -0)", float64(stage.Atan2(stage.Float64(0), stage.Float64(negZero))), math.Pi},
		{"Exp(0)", float64(stage.Exp(stage.Float64(0))), 1},
		{"Exp(-Inf)", float64(stage.Exp(stage.Float64(math.Inf(-1)))), 0},
		{"Exp2(10)", float64(stage.Exp2(stage.Float64(10))), 1024},
		{"Log(0)", float64(stage.Log(stage.Float64(0))), math.Inf(-1)},
		{"Log2(8)", float64(stage.Log2(stage.Float64(8))), 3},
		{"Log10(1000)", float64(stage.Log10(stage.Float64(1000))), 3},
		{"Pow(2, 10)", float64(stage.Pow(stage.Float64(2), 10)), 1024},
		{"Pow(NaN, 0)", float64(stage.Pow(stage.Float64(math.NaN()), 0)), 1},
		{"Hypot(3, 4)", float64(stage.Hypot(stage.Float64(3), 4)), 5},
		{"Floor(-0.5)", float64(stage.Floor(stage.Float64(-0.5))), -1},
		{"Ceil(-0.5)", float64(stage.Ceil(stage.Float64(-0.5))), negZero},
		{"Trunc(-1.7)", float64(stage.Trunc(stage.Float64(-1.7))), -1},
		{"Round(-2.5)", float64(stage.Round(stage.Float64(-2.5))), -3},
		{"RoundToEven(2.5)", float64(stage.RoundToEven(stage.Float64(2.5))), 2},
		{"RoundToEven(-0.5)", float64(stage.RoundToEven(stage.Float64(-0.5))), negZero},
		{"Mod(-7, 3)", float64(stage.Mod(stage.Float64(-7), 3)), -1},
		{"Remainder(7, 4)", float64(stage.Remainder(stage.Float64(7), 4)), -1},
		{"Copysign(3, -0)", float64(stage.Copysign(stage.Float64(3), stage.Float64(negZero))), -3},
		{"FMA(2, 3, 4)", float64(stage.FMA(stage.Float64(2), 3, 4)), 10},
		// 0.1*10 - 1 is 0 in float64 arithmetic, but 2**-54 with one rounding.
		{"FMA(0.1, 10, -1)", float64(stage.FMA(stage.Float64(0.1), 10, -1)), 0x1p-54},
	} {
		if !same64(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	for _, c := range []struct {
		name      string
		got, want float32
	}{
		{"Sqrt(2)", float32(stage.Sqrt(stage.Float32(2))), 1.4142135},
		{"Exp(100) overflows", float32(stage.Exp(stage.Float32(100))), float32(math.Inf(1))},
		{"Exp(-110) underflows", float32(stage.Exp(stage.Float32(-110))), 0},
		{"Pow(2, 127)", float32(stage.Pow(stage.Float32(2), 127)), 0x1p127},
		{"Pow(2, 128) overflows", float32(stage.Pow(stage.Float32(2), 128)), float32(math.Inf(1))},
		{"Hypot(MaxFloat32, MaxFloat32)", float32(stage.Hypot(stage.Float32(math.MaxFloat32), math.MaxFloat32)), float32(math.Inf(1))},
		{"Atan(1)", float32(stage.Atan(stage.Float32(1))), math.Pi / 4},
		{"Round(-2.5)", float32(stage.Round(stage.Float32(-2.5))), -3},
		{"Floor(8388607.5)", float32(stage.Floor(stage.Float32(8388607.5))), 8388607},
	} {
		if !same32(c.got, c.want) {
			t.Errorf("float32 %s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if !stage.IsInf(stage.Exp(stage.Float32(100)), 1) {
		t.Error("IsInf(Exp(Float32(100)), 1) = false, want true")
	}
}
