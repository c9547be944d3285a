package matmul

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// Benchmark names follow examples/README.md: Benchmark{Anchor,Alt,Native,
// GenGo,GenC}<kernel>. Anchor is gonum's blas64 (Gemm, Gemv), Alt the plain
// loop.

// operands holds the inputs of one size, in both representations.
type operands struct {
	n          int
	a, b, c    []float64
	ra, rb, rc []stage.Float64
}

func newOperands(n int) *operands {
	r := rand.New(rand.NewPCG(uint64(n), 9))
	o := &operands{n: n, a: randMat(r, n*n), b: randMat(r, n*n), c: make([]float64, n*n)}
	o.ra, o.rb, o.rc = reps(o.a), reps(o.b), reps(o.c)
	return o
}

func benchGemm(b *testing.B, n int) {
	o := newOperands(n)
	defer cputime.Report(b)()
	for b.Loop() {
		gemm(o.c, o.a, o.b, n)
	}
}

func benchMatMulLoop(b *testing.B, n int) {
	o := newOperands(n)
	defer cputime.Report(b)()
	for b.Loop() {
		matMulLoop(o.c, o.a, o.b, n)
	}
}

func benchMatMulNative(b *testing.B, n int) {
	o := newOperands(n)
	defer cputime.Report(b)()
	for b.Loop() {
		MatMul(o.rc, o.ra, o.rb, n)
	}
}

func benchGemv(b *testing.B, n int) {
	o := newOperands(n)
	defer cputime.Report(b)()
	for b.Loop() {
		gemv(o.c[:n], o.a, o.b[:n], n)
	}
}

func benchMatVecLoop(b *testing.B, n int) {
	o := newOperands(n)
	defer cputime.Report(b)()
	for b.Loop() {
		matVecLoop(o.c[:n], o.a, o.b[:n], n)
	}
}

func benchMatVecNative(b *testing.B, n int) {
	o := newOperands(n)
	defer cputime.Report(b)()
	for b.Loop() {
		MatVec(o.rc[:n], o.ra, o.rb[:n], n)
	}
}

func BenchmarkAnchorMatMul4(b *testing.B)  { benchGemm(b, 4) }
func BenchmarkAnchorMatMul8(b *testing.B)  { benchGemm(b, 8) }
func BenchmarkAnchorMatMul16(b *testing.B) { benchGemm(b, 16) }
func BenchmarkAltMatMul4(b *testing.B)     { benchMatMulLoop(b, 4) }
func BenchmarkAltMatMul8(b *testing.B)     { benchMatMulLoop(b, 8) }
func BenchmarkAltMatMul16(b *testing.B)    { benchMatMulLoop(b, 16) }
func BenchmarkNativeMatMul4(b *testing.B)  { benchMatMulNative(b, 4) }
func BenchmarkNativeMatMul8(b *testing.B)  { benchMatMulNative(b, 8) }
func BenchmarkNativeMatMul16(b *testing.B) { benchMatMulNative(b, 16) }

func BenchmarkAnchorMatVec4(b *testing.B)  { benchGemv(b, 4) }
func BenchmarkAnchorMatVec8(b *testing.B)  { benchGemv(b, 8) }
func BenchmarkAnchorMatVec16(b *testing.B) { benchGemv(b, 16) }
func BenchmarkAltMatVec4(b *testing.B)     { benchMatVecLoop(b, 4) }
func BenchmarkAltMatVec8(b *testing.B)     { benchMatVecLoop(b, 8) }
func BenchmarkAltMatVec16(b *testing.B)    { benchMatVecLoop(b, 16) }
func BenchmarkNativeMatVec4(b *testing.B)  { benchMatVecNative(b, 4) }
func BenchmarkNativeMatVec8(b *testing.B)  { benchMatVecNative(b, 8) }
func BenchmarkNativeMatVec16(b *testing.B) { benchMatVecNative(b, 16) }
