// Tests and benchmarks of the generated Go code (query_lms.go).

package query

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
)

// kernels are the generated queries of one language.
type kernels struct {
	Lang string
	Q6   func(Lineitem) float64
	Q1   func(Lineitem) ([]int, []float64)
}

var genGo = kernels{"Go", Q6, Q1}

// checkKernels compares the generated queries with the staging functions
// run natively, on generated tables and on ragged ones.
func checkKernels(t *testing.T, k kernels) {
	t.Helper()
	for _, n := range sizes {
		c := Generate(n, uint64(n)+100)
		if n > 1 {
			c.Discount = c.Discount[:n-1]
		}
		li := c.Staged()
		if got, want := (results{aggs: []float64{k.Q6(li)}}), scalarNative(c); !sameResults(got, want) {
			t.Errorf("%s Q6, %d rows: %v, staging function %v", k.Lang, n, got, want)
		}
		keys, aggs := k.Q1(li)
		if got, want := (results{keys, aggs}), groupedNative(c); !sameResults(got, want) {
			t.Errorf("%s Q1, %d rows: %v, staging function %v", k.Lang, n, got, want)
		}
	}
}

func TestGeneratedGo(t *testing.T) { checkKernels(t, genGo) }

// TestQ6Allocs checks that the generated Q6 allocates nothing.
func TestQ6Allocs(t *testing.T) {
	li := Generate(1000, 1).Staged()
	if a := testing.AllocsPerRun(20, func() { sinkFloat = Q6(li) }); a != 0 {
		t.Errorf("Q6 allocates %v times per run, want 0", a)
	}
}

func benchQ6(b *testing.B, q6 func(Lineitem) float64) {
	li := benchTable().Staged()
	defer cputime.Report(b)()
	for b.Loop() {
		sinkFloat = q6(li)
	}
}

func benchQ1(b *testing.B, q1 func(Lineitem) ([]int, []float64)) {
	li := benchTable().Staged()
	defer cputime.Report(b)()
	for b.Loop() {
		_, sinkFloats = q1(li)
	}
}

func BenchmarkGenGoQ6(b *testing.B) { benchQ6(b, Q6) }
func BenchmarkGenGoQ1(b *testing.B) { benchQ1(b, Q1) }
