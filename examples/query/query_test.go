package query

import (
	"math"
	"slices"
	"testing"

	"github.com/lmsgen/lmsgen/stage"
)

// sizes are the table sizes the tests try (0: no row; 1000: every group).
var sizes = []int{0, 1, 7, 1000, 4096}

// results are the results of one implementation of a query: the keys
// (nil for Q6) and the aggregates.
type results struct {
	keys []int
	aggs []float64
}

// sameResults reports whether a and b are the same keys and the same
// bits (NaN as NaN) of aggregates.
func sameResults(a, b results) bool {
	return slices.Equal(a.keys, b.keys) && slices.EqualFunc(a.aggs, b.aggs, func(x, y float64) bool {
		return math.Float64bits(x) == math.Float64bits(y)
	})
}

func scalarNative(c *Columns) results {
	return results{aggs: []float64{float64(Scalar(PlanQ6, c.Staged()))}}
}

func groupedNative(c *Columns) results {
	keys, aggs := Grouped(PlanQ1, c.Staged())
	return results{keys: fromInts(keys), aggs: fromFloats(aggs)}
}

func fromInts(v []stage.Int) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}

func fromFloats(v []stage.Float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

// TestNative compares the staging functions run natively, the interpreter
// and the hand-written loops on generated tables: the same rows summed in
// the same order, so the same bits.
func TestNative(t *testing.T) {
	for _, n := range sizes {
		c := Generate(n, uint64(n))
		_, q6 := Interpret(PlanQ6, c)
		impls := map[string]results{
			"interpreter": {aggs: q6},
			"loop":        {aggs: []float64{Q6Loop(c)}},
		}
		want := scalarNative(c)
		for name, got := range impls {
			if !sameResults(got, want) {
				t.Errorf("Q6, %d rows: %s = %v, staging function = %v", n, name, got, want)
			}
		}
		k1, a1 := Interpret(PlanQ1, c)
		k2, a2 := Q1Loop(c)
		want = groupedNative(c)
		for name, got := range map[string]results{"interpreter": {k1, a1}, "loop": {k2, a2}} {
			if !sameResults(got, want) {
				t.Errorf("Q1, %d rows: %s = %v, staging function = %v", n, name, got, want)
			}
		}
		if n >= 1000 && len(want.keys) != 4 {
			t.Errorf("Q1, %d rows: %d groups, want 4 (A/F, N/F, N/O, R/F)", n, len(want.keys))
		}
	}
}

// TestRagged checks that a scan reads the columns up to the shortest.
func TestRagged(t *testing.T) {
	c := Generate(100, 3)
	c.Tax = c.Tax[:60]
	short := Generate(100, 3)
	short.cut(60)
	if got, want := scalarNative(c), scalarNative(short); !sameResults(got, want) {
		t.Errorf("Q6 of ragged columns = %v, of the columns cut = %v", got, want)
	}
	if got, want := groupedNative(c), groupedNative(short); !sameResults(got, want) {
		t.Errorf("Q1 of ragged columns = %v, of the columns cut = %v", got, want)
	}
}

// cut cuts every column to n rows.
func (c *Columns) cut(n int) {
	c.ShipDate, c.ReturnFlag, c.LineStatus = c.ShipDate[:n], c.ReturnFlag[:n], c.LineStatus[:n]
	c.Quantity, c.ExtendedPrice, c.Discount, c.Tax = c.Quantity[:n], c.ExtendedPrice[:n], c.Discount[:n], c.Tax[:n]
}
