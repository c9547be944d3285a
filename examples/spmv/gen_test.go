// Tests and benchmarks of the generated Go code (spmv_lms.go).

package spmv

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// kernel is a generated product with the matrix and staging function of its
// directive.
type kernel struct {
	name    string
	a       *CSR
	staging func(y, x []stage.Float64, a *CSR)
	fn      func(y, x []float64)
}

var genGo = []kernel{
	{"SpMVBand", Band(2000, 2), SpMV, SpMVBand},
	{"SpMVRandom", Random(1000, 8, 1), SpMV, SpMVRandom},
	{"SpMVBandUnrolled", Band(200, 2), SpMVUnrolled, SpMVBandUnrolled},
	{"SpMVRandomUnrolled", Random(250, 4, 1), SpMVUnrolled, SpMVRandomUnrolled},
}

// checkKernels compares each kernel with its staging function run natively:
// the same sums in the same order, so the same bits.
func checkKernels(t *testing.T, lang string, ks []kernel) {
	t.Helper()
	r := rand.New(rand.NewPCG(9, 10))
	for _, k := range ks {
		for range 3 {
			x := randVec(r, k.a.Cols)
			got := make([]float64, k.a.Rows)
			k.fn(got, x)
			want := make([]stage.Float64, k.a.Rows)
			k.staging(want, reps(x), k.a)
			for i := range got {
				if got[i] != float64(want[i]) {
					t.Fatalf("%s %s: y[%d] = %v, staging function = %v", lang, k.name, i, got[i], want[i])
				}
			}
		}
	}
}

func TestGeneratedGo(t *testing.T) { checkKernels(t, "Go", genGo) }

func benchKernel(b *testing.B, k kernel) {
	o := newOperands(k.a)
	defer cputime.Report(b)()
	for b.Loop() {
		k.fn(o.y, o.x)
	}
}

func BenchmarkGenGoSpMVBand(b *testing.B)           { benchKernel(b, genGo[0]) }
func BenchmarkGenGoSpMVRandom(b *testing.B)         { benchKernel(b, genGo[1]) }
func BenchmarkGenGoSpMVBandUnrolled(b *testing.B)   { benchKernel(b, genGo[2]) }
func BenchmarkGenGoSpMVRandomUnrolled(b *testing.B) { benchKernel(b, genGo[3]) }
