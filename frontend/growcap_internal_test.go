package frontend

import (
	"go/types"
	"testing"
)

// TestGrowCapPointers checks the capacity the static evaluator gives an
// append against Go's own, for element types with and without pointers
// of the same size: past 512 bytes a []string grows otherwise than a
// [2]int64 slice (the malloc header), which growCap missed when it
// modelled every element as bytes.
func TestGrowCapPointers(t *testing.T) {
	str := types.Typ[types.String]
	pair := types.NewArray(types.Typ[types.Int64], 2)
	for _, c := range []struct{ length, capacity, n int }{{0, 0, 1}, {3, 3, 1}, {31, 31, 1}, {32, 32, 1}, {33, 33, 1}, {40, 40, 5}, {100, 100, 1}, {1000, 1000, 3}} {
		ss := make([]string, c.length, c.capacity)
		ss = append(ss, make([]string, c.n)...)
		if got := growCap(c.length, c.capacity, c.n, elemSize(str), hasPointers(str)); got != cap(ss) {
			t.Errorf("[]string len %d cap %d + %d: growCap %d, Go %d", c.length, c.capacity, c.n, got, cap(ss))
		}
		ps := make([][2]int64, c.length, c.capacity)
		ps = append(ps, make([][2]int64, c.n)...)
		if got := growCap(c.length, c.capacity, c.n, elemSize(pair), hasPointers(pair)); got != cap(ps) {
			t.Errorf("[][2]int64 len %d cap %d + %d: growCap %d, Go %d", c.length, c.capacity, c.n, got, cap(ps))
		}
	}
}
