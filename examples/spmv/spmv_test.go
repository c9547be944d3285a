package spmv

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/rep"
	"github.com/lmsgen/lmsgen/stage"
)

// stencil returns the n×n matrix of the 1-D Laplacian (2 on the diagonal,
// -1 beside it): every interior row has the same values.
func stencil(n int) *CSR {
	a := &CSR{Rows: n, Cols: n, RowPtr: []int{0}}
	for i := 0; i < n; i++ {
		for j := max(0, i-1); j <= min(n-1, i+1); j++ {
			a.Col = append(a.Col, j)
			if i == j {
				a.Val = append(a.Val, 2)
			} else {
				a.Val = append(a.Val, -1)
			}
		}
		a.RowPtr = append(a.RowPtr, len(a.Col))
	}
	return a
}

// withEmptyRows returns a with every third row emptied.
func withEmptyRows(a *CSR) *CSR {
	b := &CSR{Rows: a.Rows, Cols: a.Cols, RowPtr: []int{0}}
	for i := 0; i < a.Rows; i++ {
		if i%3 != 0 {
			for k := a.RowPtr[i]; k < a.RowPtr[i+1]; k++ {
				b.Col = append(b.Col, a.Col[k])
				b.Val = append(b.Val, a.Val[k])
			}
		}
		b.RowPtr = append(b.RowPtr, len(b.Col))
	}
	return b
}

// matrices are those of the directives and some shapes that take the other
// paths of SpMV.
func matrices() map[string]*CSR {
	return map[string]*CSR{
		"Band(2000,2)":     Band(2000, 2),
		"Band(200,2)":      Band(200, 2),
		"Random(1000,8,1)": Random(1000, 8, 1),
		"Random(250,4,1)":  Random(250, 4, 1),
		"Band(50,0)":       Band(50, 0),
		"Band(5,3)":        Band(5, 3),
		"stencil(100)":     stencil(100),
		"empty rows":       withEmptyRows(Random(60, 3, 2)),
	}
}

func randVec(r *rand.Rand, n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = 2*r.Float64() - 1
	}
	return x
}

func reps(v []float64) []stage.Float64 { return rep.Convert[stage.Float64](v) }

// absRow returns Σ|a_ij·x_j| for row i: the scale of its rounding error.
func absRow(a *CSR, x []float64, i int) float64 {
	var s float64
	for k := a.RowPtr[i]; k < a.RowPtr[i+1]; k++ {
		s += math.Abs(a.Val[k] * x[a.Col[k]])
	}
	return s
}

func TestSpMVNative(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for name, a := range matrices() {
		x := randVec(r, a.Cols)
		want := make([]float64, a.Rows)
		a.MulVec(want, x)
		grouped := make([]stage.Float64, a.Rows)
		SpMV(grouped, reps(x), a)
		unrolled := make([]stage.Float64, a.Rows)
		SpMVUnrolled(unrolled, reps(x), a)
		for i := range want {
			// Both sum each row as the same tree: the same bits.
			if grouped[i] != unrolled[i] {
				t.Fatalf("%s: row %d: SpMV = %v, SpMVUnrolled = %v", name, i, grouped[i], unrolled[i])
			}
			if d := math.Abs(float64(grouped[i]) - want[i]); d > 1e-14*absRow(a, x, i) {
				t.Fatalf("%s: row %d: SpMV = %v, CSR loop = %v", name, i, grouped[i], want[i])
			}
		}
	}
}

// The groups cover every row once, and the band's interior is one group of
// consecutive rows with constant offsets.
func TestGroups(t *testing.T) {
	for name, a := range matrices() {
		seen := make([]int, a.Rows)
		for _, g := range groups(a) {
			for _, i := range g.rows {
				seen[i]++
			}
		}
		for i, n := range seen {
			if n != 1 {
				t.Fatalf("%s: row %d is in %d groups", name, i, n)
			}
		}
	}
	gs := groups(Band(2000, 2))
	if len(gs) != 3 {
		t.Fatalf("Band(2000,2): %d groups, want 3 (rows of 3, of 4 and the interior)", len(gs))
	}
	var interior *group
	for _, g := range gs {
		if g.offsets != nil {
			interior = g
		}
	}
	if interior == nil || !interior.contiguous() || len(interior.rows) != 1996 || len(interior.offsets) != 5 {
		t.Errorf("Band(2000,2): no interior group of 1996 consecutive rows with 5 offsets")
	}
	for _, g := range groups(stencil(100)) {
		if g.offsets != nil && g.same == nil {
			t.Errorf("stencil(100): the interior group has a value table")
		}
	}
}

func TestMatrixSizes(t *testing.T) {
	if n := Band(2000, 2).NNZ(); n != 2000*5-6 {
		t.Errorf("Band(2000,2) has %d nonzeros, want %d", n, 2000*5-6)
	}
	if n := Band(200, 2).NNZ(); n != 200*5-6 {
		t.Errorf("Band(200,2) has %d nonzeros, want %d", n, 200*5-6)
	}
	a := Random(1000, 8, 1)
	if n := a.NNZ(); n < 7000 || n > 9000 {
		t.Errorf("Random(1000,8,1) has %d nonzeros, want about 8000", n)
	}
	for i := 0; i < a.Rows; i++ {
		for k := a.RowPtr[i] + 1; k < a.RowPtr[i+1]; k++ {
			if a.Col[k] <= a.Col[k-1] {
				t.Fatalf("Random: row %d: columns not increasing", i)
			}
		}
	}
}
