package matmul

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/approx"
	"github.com/lmsgen/lmsgen/examples/internal/rep"
	"github.com/lmsgen/lmsgen/stage"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

var sizes = []int{1, 2, 3, 4, 8, 16}

// randMat returns m deterministic random values in [-1, 1).
func randMat(r *rand.Rand, m int) []float64 {
	v := make([]float64, m)
	for i := range v {
		v[i] = 2*r.Float64() - 1
	}
	return v
}

func reps(v []float64) []stage.Float64   { return rep.Convert[stage.Float64](v) }
func floats(s []stage.Float64) []float64 { return rep.Convert[float64](s) }

// matMulLoop is the plain triple loop, summing over k in increasing order
// like MatMul.
func matMulLoop(c, a, b []float64, n int) {
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			var s float64
			for k := 0; k < n; k++ {
				s += a[i*n+k] * b[k*n+j]
			}
			c[i*n+j] = s
		}
	}
}

func matVecLoop(y, a, x []float64, n int) {
	for i := 0; i < n; i++ {
		var s float64
		for k := 0; k < n; k++ {
			s += a[i*n+k] * x[k]
		}
		y[i] = s
	}
}

func gemm(c, a, b []float64, n int) {
	g := func(d []float64) blas64.General { return blas64.General{Rows: n, Cols: n, Stride: n, Data: d} }
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, g(a), g(b), 0, g(c))
}

func gemv(y, a, x []float64, n int) {
	blas64.Gemv(blas.NoTrans, 1, blas64.General{Rows: n, Cols: n, Stride: n, Data: a},
		blas64.Vector{N: n, Inc: 1, Data: x}, 0, blas64.Vector{N: n, Inc: 1, Data: y})
}

func TestMatMulNative(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range sizes {
		for range 20 {
			a, b := randMat(r, n*n), randMat(r, n*n)
			c := make([]stage.Float64, n*n)
			MatMul(c, reps(a), reps(b), n)
			got := floats(c)

			loop := make([]float64, n*n)
			matMulLoop(loop, a, b, n)
			for i := range loop {
				if got[i] != loop[i] {
					t.Fatalf("n=%d: MatMul[%d] = %v, plain loop = %v", n, i, got[i], loop[i])
				}
			}
			ref := make([]float64, n*n)
			gemm(ref, a, b, n)
			if e := approx.RelErr(got, ref); e > 1e-14 {
				t.Fatalf("n=%d: MatMul differs from blas64.Gemm by %g", n, e)
			}
		}
	}
}

// MatMul may write its result over a; unrolled (n ≤ 8), it loads both
// operands before it stores and may square in place.
func TestMatMulAliased(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range sizes {
		a, b := randMat(r, n*n), randMat(r, n*n)
		want := make([]float64, n*n)
		matMulLoop(want, a, b, n)
		s := reps(a)
		MatMul(s, s, reps(b), n)
		if got := floats(s); approx.RelErr(got, want) != 0 {
			t.Errorf("n=%d: MatMul(a, a, b) = %v, want %v", n, got, want)
		}
		if n*n*n > maxUnrolled {
			continue
		}
		matMulLoop(want, a, a, n)
		s = reps(a)
		MatMul(s, s, s, n)
		if got := floats(s); approx.RelErr(got, want) != 0 {
			t.Errorf("n=%d: MatMul(a, a, a) = %v, want %v", n, got, want)
		}
	}
}

func TestMatVecNative(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range sizes {
		for range 20 {
			a, x := randMat(r, n*n), randMat(r, n)
			y := make([]stage.Float64, n)
			MatVec(y, reps(a), reps(x), n)
			got := floats(y)

			loop := make([]float64, n)
			matVecLoop(loop, a, x, n)
			for i := range loop {
				if got[i] != loop[i] {
					t.Fatalf("n=%d: MatVec[%d] = %v, plain loop = %v", n, i, got[i], loop[i])
				}
			}
			ref := make([]float64, n)
			gemv(ref, a, x, n)
			if e := approx.RelErr(got, ref); e > 1e-14 {
				t.Fatalf("n=%d: MatVec differs from blas64.Gemv by %g", n, e)
			}
		}
	}
}

func TestShortSlicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MatMul with a short slice did not panic")
		}
	}()
	MatMul(make([]stage.Float64, 16), make([]stage.Float64, 15), make([]stage.Float64, 16), 4)
}

// matMulFirst is the triple loop with each sum started at its first term,
// the sum MatMul documents (matMulLoop starts at +0, which turns a sum of
// −0 products into +0).
func matMulFirst(c, a, b []float64, n int) {
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s := a[i*n] * b[j]
			for k := 1; k < n; k++ {
				s += a[i*n+k] * b[k*n+j]
			}
			c[i*n+j] = s
		}
	}
}

// MatMul's sums start at −0 in rows (n = 16): the bits are those of sums
// started at their first term, signed zeros included.
func TestMatMulSignedZeros(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for _, n := range sizes {
		for trial := range 50 {
			// Every other trial has a of −0 and b of +0, 1 and 0.5: every
			// product is −0, so is every sum.
			a, b := make([]float64, n*n), make([]float64, n*n)
			for i := range a {
				if trial%2 == 0 {
					a[i], b[i] = math.Copysign(0, -1), specials[[]int{0, 2, 4}[r.IntN(3)]]
				} else {
					a[i], b[i] = specials[r.IntN(2)], specials[r.IntN(4)]
				}
			}
			c := make([]stage.Float64, n*n)
			MatMul(c, reps(a), reps(b), n)
			want := make([]float64, n*n)
			matMulFirst(want, a, b, n)
			for i, got := range floats(c) {
				if !sameBits(got, want[i]) {
					t.Fatalf("n=%d: MatMul[%d] = %v, sum from the first term = %v", n, i, got, want[i])
				}
			}
		}
	}
}
