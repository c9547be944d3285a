package power

import (
	"math"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// Benchmark names follow examples/README.md: Benchmark{Anchor,Alt,Native,
// GenGo,GenC}<kernel>. The anchors are what a Go programmer uses today.

var (
	benchX    = 1.0000123 // an argument the compiler cannot see
	benchExp  = 7         // a run-time exponent for the loop
	sinkFloat float64
)

func BenchmarkAnchorPow7(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = math.Pow(benchX, 7)
	}
}

func BenchmarkAltPow7(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = powLoop(benchX, benchExp)
	}
}

func BenchmarkNativePow7(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = float64(Power(stage.Float64(benchX), 7))
	}
}

func BenchmarkAnchorPow7Sq(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = math.Pow(benchX, 7)
	}
}

func BenchmarkNativePow7Sq(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = float64(PowerSq(stage.Float64(benchX), 7))
	}
}

var (
	expCoeffs = ExpTaylor(12)
	sinCoeffs = SinTaylor(15)
)

func BenchmarkAnchorExpPoly(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = hornerLoop(benchX, expCoeffs)
	}
}

func BenchmarkNativeExpPoly(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = float64(Horner(stage.Float64(benchX), expCoeffs))
	}
}

func BenchmarkAnchorSinPoly(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = hornerLoop(benchX, sinCoeffs)
	}
}

func BenchmarkNativeSinPoly(b *testing.B) {
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = float64(Horner(stage.Float64(benchX), sinCoeffs))
	}
}
