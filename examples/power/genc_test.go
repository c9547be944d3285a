//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package power

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/approx"
	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/examples/power/lmsc"
)

// cspecs pairs every C function (through the bridge) with its name; the
// oracle is the staging function in specs.
var cspecs = map[string]func(float64) float64{
	"Cube":    lmsc.Cube,
	"Pow7":    lmsc.Pow7,
	"Pow10":   lmsc.Pow10,
	"Pow7Sq":  lmsc.Pow7Sq,
	"Pow10Sq": lmsc.Pow10Sq,
	"ExpPoly": lmsc.ExpPoly,
	"SinPoly": lmsc.SinPoly,
}

// TestGeneratedC compares every C function with its staging function run
// natively.
func TestGeneratedC(t *testing.T) {
	for _, s := range specs {
		c := cspecs[s.name]
		if c == nil {
			t.Errorf("no C function for %s", s.name)
			continue
		}
		for _, x := range inputs() {
			if got, want := c(x), s.native(x); !approx.Same(got, want) {
				t.Errorf("C %s(%v) = %v, staging function = %v", s.name, x, got, want)
			}
		}
	}
}

func BenchmarkGenCPow7(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = lmsc.Pow7(benchX)
	}
}

func BenchmarkGenCPow7Sq(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = lmsc.Pow7Sq(benchX)
	}
}

func BenchmarkGenCExpPoly(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = lmsc.ExpPoly(benchX)
	}
}

func BenchmarkGenCSinPoly(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = lmsc.SinPoly(benchX)
	}
}
