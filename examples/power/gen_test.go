// Tests and benchmarks of the generated Go code (power_lms.go).

package power

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/approx"
	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// specs lists every specialization: the generated function and the staging
// function with its static arguments bound, which is its oracle.
var specs = []struct {
	name   string
	gen    func(float64) float64
	native func(float64) float64
}{
	{"Cube", Cube, func(x float64) float64 { return float64(Power(stage.Float64(x), 3)) }},
	{"Pow7", Pow7, func(x float64) float64 { return float64(Power(stage.Float64(x), 7)) }},
	{"Pow10", Pow10, func(x float64) float64 { return float64(Power(stage.Float64(x), 10)) }},
	{"Pow7Sq", Pow7Sq, func(x float64) float64 { return float64(PowerSq(stage.Float64(x), 7)) }},
	{"Pow10Sq", Pow10Sq, func(x float64) float64 { return float64(PowerSq(stage.Float64(x), 10)) }},
	{"ExpPoly", ExpPoly, func(x float64) float64 { return float64(Horner(stage.Float64(x), ExpTaylor(12))) }},
	{"SinPoly", SinPoly, func(x float64) float64 { return float64(Horner(stage.Float64(x), SinTaylor(15))) }},
}

// TestGeneratedGo compares every generated Go function with its staging
// function run natively: the same operations in the same order, so the same
// bits.
func TestGeneratedGo(t *testing.T) {
	for _, s := range specs {
		for _, x := range inputs() {
			if got, want := s.gen(x), s.native(x); !approx.Same(got, want) {
				t.Errorf("%s(%v) = %v, staging function = %v", s.name, x, got, want)
			}
		}
	}
}

func BenchmarkGenGoPow7(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = Pow7(benchX)
	}
}

func BenchmarkGenGoPow7Sq(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = Pow7Sq(benchX)
	}
}

func BenchmarkGenGoExpPoly(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = ExpPoly(benchX)
	}
}

func BenchmarkGenGoSinPoly(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = SinPoly(benchX)
	}
}
