package query

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
)

// Benchmark names follow examples/README.md: Benchmark{Anchor,Alt,Native,
// GenGo,GenC}<query>. Anchor is the operator-at-a-time interpreter
// (Interpret) running the plan; Alt is the hand-written loop; Native is
// the staging function called directly (the oracle, not a contender).
// Every benchmark runs on the same generated table of benchRows rows.

const benchRows = 1 << 16

var (
	sinkFloat  float64
	sinkFloats []float64
)

func benchTable() *Columns { return Generate(benchRows, 1) }

func BenchmarkAnchorQ6(b *testing.B) { benchInterp(b, PlanQ6) }
func BenchmarkAnchorQ1(b *testing.B) { benchInterp(b, PlanQ1) }

func benchInterp(b *testing.B, p *Plan) {
	c := benchTable()
	defer cputime.Report(b)()
	for b.Loop() {
		_, sinkFloats = Interpret(p, c)
	}
}

func BenchmarkAltQ6(b *testing.B) {
	c := benchTable()
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = Q6Loop(c)
	}
}

func BenchmarkAltQ1(b *testing.B) {
	c := benchTable()
	defer cputime.Report(b)()
	for b.Loop() {
		_, sinkFloats = Q1Loop(c)
	}
}

func BenchmarkNativeQ6(b *testing.B) { benchQ6(b, nativeQ6) }
func BenchmarkNativeQ1(b *testing.B) { benchQ1(b, nativeQ1) }

func nativeQ6(li Lineitem) float64 { return float64(Scalar(PlanQ6, li)) }

func nativeQ1(li Lineitem) ([]int, []float64) {
	keys, aggs := Grouped(PlanQ1, li)
	return fromInts(keys), fromFloats(aggs)
}
