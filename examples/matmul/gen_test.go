// Tests and benchmarks of the generated Go code (matmul_lms.go).

package matmul

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// kernel is a generated function: c = a·b or y = a·x for n×n a.
type kernel struct {
	name string
	n    int
	vec  bool // matrix-vector: the operands have n elements, not n*n
	fn   func(out, a, b []float64)
}

var genGo = []kernel{
	{"MatMul4", 4, false, MatMul4}, {"MatMul8", 8, false, MatMul8}, {"MatMul16", 16, false, MatMul16},
	{"MatVec4", 4, true, MatVec4}, {"MatVec8", 8, true, MatVec8}, {"MatVec16", 16, true, MatVec16},
}

// checkKernels compares each kernel with its staging function run natively
// (same sums in the same order: same bits) on random operands.
func checkKernels(t *testing.T, lang string, ks []kernel) {
	t.Helper()
	checkDrawn(t, lang, ks, rand.New(rand.NewPCG(11, 12)), 20, randMat)
}

// checkDrawn compares each kernel with its staging function run natively,
// bit for bit, rounds times, on operands drawn by draw.
func checkDrawn(t *testing.T, lang string, ks []kernel, r *rand.Rand, rounds int, draw func(r *rand.Rand, m int) []float64) {
	t.Helper()
	for _, k := range ks {
		m := k.n * k.n
		if k.vec {
			m = k.n
		}
		for range rounds {
			a, b := draw(r, k.n*k.n), draw(r, m)
			got := make([]float64, m)
			k.fn(got, a, b)
			want := make([]stage.Float64, m)
			if k.vec {
				MatVec(want, reps(a), reps(b), k.n)
			} else {
				MatMul(want, reps(a), reps(b), k.n)
			}
			for i, w := range floats(want) {
				if !sameBits(got[i], w) {
					t.Fatalf("%s %s: element %d = %v (%#x), staging function = %v (%#x)", lang, k.name, i, got[i], math.Float64bits(got[i]), w, math.Float64bits(w))
				}
			}
		}
	}
}

func TestGeneratedGo(t *testing.T) { checkKernels(t, "Go", genGo) }

func TestGeneratedGoSpecial(t *testing.T) { checkSpecial(t, "Go", genGo) }

func TestGeneratedGoAliased(t *testing.T) { checkAliased(t, "Go", genGo) }

// specials are operands that make signed zeros, infinities and NaNs: a
// sum whose every product is −0 is −0 (rowBlock starts its sums at −0,
// the identity of addition; a sum started at +0 would be +0).
var specials = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -3, math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, -1e300}

// sameBits reports whether x and y have the same bits, or are both NaN
// (which of two NaN operands an addition returns depends on the operand
// order the compiler chose, not on the generated code).
func sameBits(x, y float64) bool {
	return math.Float64bits(x) == math.Float64bits(y) || math.IsNaN(x) && math.IsNaN(y)
}

// checkSpecial compares each kernel with its staging function run natively,
// bit for bit, on operands drawn from specials (mostly zeros of both signs,
// so that whole sums are signed zeros).
func checkSpecial(t *testing.T, lang string, ks []kernel) {
	t.Helper()
	pick := func(r *rand.Rand, m int) []float64 {
		v := make([]float64, m)
		for i := range v {
			if r.IntN(3) > 0 {
				v[i] = specials[r.IntN(2)]
			} else {
				v[i] = specials[r.IntN(len(specials))]
			}
		}
		return v
	}
	checkDrawn(t, lang, ks, rand.New(rand.NewPCG(13, 14)), 50, pick)
}

// checkAliased runs each MatMul kernel as MatMul(a, a, b), which its
// documentation allows, and compares with the staging function run so.
func checkAliased(t *testing.T, lang string, ks []kernel) {
	t.Helper()
	r := rand.New(rand.NewPCG(15, 16))
	for _, k := range ks {
		if k.vec {
			continue
		}
		a, b := randMat(r, k.n*k.n), randMat(r, k.n*k.n)
		s := reps(a)
		MatMul(s, s, reps(b), k.n)
		k.fn(a, a, b)
		for i, w := range floats(s) {
			if !sameBits(a[i], w) {
				t.Fatalf("%s %s(a, a, b): element %d = %v, staging function = %v", lang, k.name, i, a[i], w)
			}
		}
	}
}

func BenchmarkGenGoMatMul4(b *testing.B)  { benchKernel(b, genGo[0]) }
func BenchmarkGenGoMatMul8(b *testing.B)  { benchKernel(b, genGo[1]) }
func BenchmarkGenGoMatMul16(b *testing.B) { benchKernel(b, genGo[2]) }
func BenchmarkGenGoMatVec4(b *testing.B)  { benchKernel(b, genGo[3]) }
func BenchmarkGenGoMatVec8(b *testing.B)  { benchKernel(b, genGo[4]) }
func BenchmarkGenGoMatVec16(b *testing.B) { benchKernel(b, genGo[5]) }

func benchKernel(b *testing.B, k kernel) {
	o := newOperands(k.n)
	if k.vec {
		defer cputime.Report(b)()
		for b.Loop() {
			k.fn(o.c[:k.n], o.a, o.b[:k.n])
		}
		return
	}
	defer cputime.Report(b)()
	for b.Loop() {
		k.fn(o.c, o.a, o.b)
	}
}
