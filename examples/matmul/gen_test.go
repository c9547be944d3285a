// Tests and benchmarks of the generated Go code (matmul_lms.go).

package matmul

import (
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
	r := rand.New(rand.NewPCG(11, 12))
	for _, k := range ks {
		m := k.n * k.n
		if k.vec {
			m = k.n
		}
		for range 20 {
			a, b := randMat(r, k.n*k.n), randMat(r, m)
			got := make([]float64, m)
			k.fn(got, a, b)
			want := make([]stage.Float64, m)
			if k.vec {
				MatVec(want, reps(a), reps(b), k.n)
			} else {
				MatMul(want, reps(a), reps(b), k.n)
			}
			for i, w := range floats(want) {
				if got[i] != w {
					t.Fatalf("%s %s: element %d = %v, staging function = %v", lang, k.name, i, got[i], w)
				}
			}
		}
	}
}

func TestGeneratedGo(t *testing.T) { checkKernels(t, "Go", genGo) }

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
