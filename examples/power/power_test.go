package power

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/stage"
)

// inputs returns the test arguments: edge values and deterministic random
// values of several magnitudes.
func inputs() []float64 {
	xs := []float64{0, 1, -1, 2, -2, 0.5, 1e-3, 10, math.Copysign(0, -1)}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		xs = append(xs, (r.Float64()*2-1)*math.Pow(10, float64(r.IntN(7)-3)))
	}
	return xs
}

// closeTo reports whether got is within tol of want, relative to |want|
// (absolute for |want| < 1).
func closeTo(got, want, tol float64) bool {
	if got == want {
		return true
	}
	return math.Abs(got-want) <= tol*max(1, math.Abs(want))
}

// powLoop is the loop a Go programmer writes for a run-time exponent.
func powLoop(x float64, n int) float64 {
	r := 1.0
	for range n {
		r *= x
	}
	return r
}

// hornerLoop evaluates the polynomial with coefficients c at x by Horner's
// rule, with a run-time coefficient slice.
func hornerLoop(x float64, c []float64) float64 {
	if len(c) == 0 {
		return 0
	}
	acc := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		acc = acc*x + c[i]
	}
	return acc
}

func TestPowerNative(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 7, 10, 31} {
		for _, x := range inputs() {
			want := math.Pow(x, float64(n))
			if got := float64(Power(stage.Float64(x), n)); !closeTo(got, want, 1e-14) {
				t.Errorf("Power(%v, %d) = %v, math.Pow = %v", x, n, got, want)
			}
			if got := float64(PowerSq(stage.Float64(x), n)); !closeTo(got, want, 1e-14) {
				t.Errorf("PowerSq(%v, %d) = %v, math.Pow = %v", x, n, got, want)
			}
			// The loop multiplies in the same order as Power: same bits.
			if got, loop := float64(Power(stage.Float64(x), n)), powLoop(x, n); got != loop {
				t.Errorf("Power(%v, %d) = %v, loop = %v", x, n, got, loop)
			}
		}
	}
}

func TestPowerNegative(t *testing.T) {
	for name, f := range map[string]func(stage.Float64, int) stage.Float64{"Power": Power, "PowerSq": PowerSq} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s(2, -1) did not panic", name)
				}
			}()
			f(2, -1)
		}()
	}
}

func TestHornerNative(t *testing.T) {
	polys := map[string][]float64{
		"exp12":    ExpTaylor(12),
		"sin15":    SinTaylor(15),
		"empty":    nil,
		"zeros":    {0, 0, 0},
		"const":    {3},
		"leading0": {1, 2, 0, 0},
		"mixed":    {0, -1, 0, 0.5, 2},
	}
	for name, c := range polys {
		for _, x := range inputs() {
			got := float64(Horner(stage.Float64(x), c))
			// Same operations as the loop, minus additions of zero: the
			// results are equal (== identifies -0 and +0).
			if want := hornerLoop(x, c); got != want {
				t.Errorf("Horner(%v, %s) = %v, loop = %v", x, name, got, want)
			}
		}
	}
}

// The Taylor polynomials approximate exp and sin near zero: a check that the
// coefficients are right, independent of Horner. On [-1/2, 1/2] the
// truncation error is below 0.5**13/13! < 2e-14 for exp and far less for sin.
func TestTaylorCoefficients(t *testing.T) {
	for x := -0.5; x <= 0.5; x += 1.0 / 64 {
		if got, want := float64(Horner(stage.Float64(x), ExpTaylor(12))), math.Exp(x); !closeTo(got, want, 5e-14) {
			t.Errorf("ExpTaylor(12) at %v = %v, math.Exp = %v", x, got, want)
		}
		if got, want := float64(Horner(stage.Float64(x), SinTaylor(15))), math.Sin(x); !closeTo(got, want, 1e-15) {
			t.Errorf("SinTaylor(15) at %v = %v, math.Sin = %v", x, got, want)
		}
	}
}
