package spmv

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// Benchmark names follow examples/README.md: Benchmark{Anchor,Alt,Native,
// GenGo,GenC}<kernel>. Anchor is the CSR loop (CSR.MulVec) on the matrix
// of the kernel's directive. Native runs the staging function, which
// regroups the matrix on every call: it is the oracle, not a contender.

type operands struct {
	a      *CSR
	x, y   []float64
	rx, ry []stage.Float64
}

func newOperands(a *CSR) *operands {
	x := randVec(rand.New(rand.NewPCG(uint64(a.Rows), 5)), a.Cols)
	return &operands{a: a, x: x, y: make([]float64, a.Rows), rx: reps(x), ry: make([]stage.Float64, a.Rows)}
}

func benchCSR(b *testing.B, a *CSR) {
	o := newOperands(a)
	defer cputime.Report(b)()
	for b.Loop() {
		o.a.MulVec(o.y, o.x)
	}
}

func benchNative(b *testing.B, a *CSR, f func(y, x []stage.Float64, a *CSR)) {
	o := newOperands(a)
	defer cputime.Report(b)()
	for b.Loop() {
		f(o.ry, o.rx, o.a)
	}
}

func BenchmarkAnchorSpMVBand(b *testing.B)           { benchCSR(b, Band(2000, 2)) }
func BenchmarkAnchorSpMVRandom(b *testing.B)         { benchCSR(b, Random(1000, 8, 1)) }
func BenchmarkAnchorSpMVBandUnrolled(b *testing.B)   { benchCSR(b, Band(200, 2)) }
func BenchmarkAnchorSpMVRandomUnrolled(b *testing.B) { benchCSR(b, Random(250, 4, 1)) }

func BenchmarkNativeSpMVBand(b *testing.B)   { benchNative(b, Band(2000, 2), SpMV) }
func BenchmarkNativeSpMVRandom(b *testing.B) { benchNative(b, Random(1000, 8, 1), SpMV) }
func BenchmarkNativeSpMVBandUnrolled(b *testing.B) {
	benchNative(b, Band(200, 2), SpMVUnrolled)
}
func BenchmarkNativeSpMVRandomUnrolled(b *testing.B) {
	benchNative(b, Random(250, 4, 1), SpMVUnrolled)
}
