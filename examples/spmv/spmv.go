// Package spmv stages the sparse matrix-vector product y = A·x for a matrix
// A known at build time, against the CSR loop a Go programmer writes when
// the matrix is data.
//
// The structure of A is static, the vectors are dynamic. SpMV groups the
// rows by their shape and emits one staged loop per group, whose body is
// the row unrolled: the index and value data become static tables of the
// generated code (or vanish, where a group's columns are fixed offsets
// from the row), and the code stays proportional to the number of groups,
// not of nonzeros. SpMVUnrolled unrolls every row with its columns and
// values as constants: no table loads at all, but code proportional to the
// nonzeros. See README.md for the trade-off.
package spmv

import (
	"slices"

	"github.com/lmsgen/lmsgen/stage"
)

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// SpMV sets y = a·x. y must not overlap x.
//
// Rows with the same column offsets from their row index (the interior of
// a band) form a group whose loop reads x[i+d] with constant offsets d; the
// other rows are grouped by length, with their columns in a table. Values
// come from a table, unless every row of a group has the same ones. Each
// row's products are summed as a balanced tree, which the CSR loop's single
// running sum cannot do: the sum may differ from the CSR loop's in the last
// bits.
//
//lms:gen SpMVBand a=Band(2000,2)
//lms:gen SpMVRandom a=Random(1000,8,1)
func SpMV(y, x []stage.Float64, a *CSR) {
	for _, g := range groups(a) {
		k := len(g.offsets)
		if k == 0 {
			k = len(g.cols) / len(g.rows)
		}
		if g.contiguous() {
			first, last := g.rows[0], g.rows[len(g.rows)-1]
			for i := stage.Int(first); i <= stage.Int(last); i++ {
				y[i] = g.row(x, i, i-stage.Int(first), k)
			}
			continue
		}
		for t := stage.Int(0); t < stage.Int(len(g.rows)); t++ {
			i := stage.Int(g.rows[t])
			y[i] = g.row(x, i, t, k)
		}
	}
}

// row returns the sum of row number t of the group, row i of the matrix,
// which has k nonzeros.
func (g *group) row(x []stage.Float64, i, t stage.Int, k int) stage.Float64 {
	terms := make([]stage.Float64, k)
	var xs []stage.Float64 // x around row i: one bounds check per row
	if g.offsets != nil && k > 0 {
		xs = x[i+stage.Int(g.offsets[0]) : i+stage.Int(g.offsets[k-1]+1)]
	}
	for j := 0; j < k; j++ {
		var v stage.Float64
		if g.vals != nil {
			v = stage.Float64(g.vals[t*stage.Int(k)+stage.Int(j)])
		} else {
			v = stage.Float64(g.same[j])
		}
		var xj stage.Float64
		if g.offsets != nil {
			xj = xs[g.offsets[j]-g.offsets[0]]
		} else {
			xj = x[g.cols[t*stage.Int(k)+stage.Int(j)]]
		}
		terms[j] = v * xj
	}
	return sum(terms)
}

// SpMVUnrolled sets y = a·x with every row unrolled: y[i] is a sum of
// constant·x[constant] terms. y must not overlap x.
//
//lms:gen SpMVBandUnrolled a=Band(200,2)
//lms:gen SpMVRandomUnrolled a=Random(250,4,1)
func SpMVUnrolled(y, x []stage.Float64, a *CSR) {
	for i := 0; i < a.Rows; i++ {
		lo, hi := a.RowPtr[i], a.RowPtr[i+1]
		terms := make([]stage.Float64, hi-lo)
		for k := lo; k < hi; k++ {
			terms[k-lo] = stage.Float64(a.Val[k]) * x[a.Col[k]]
		}
		y[i] = sum(terms)
	}
}

// sum returns the sum of the terms as a balanced tree of additions (0 for
// no terms): a static recursion that unrolls.
func sum(terms []stage.Float64) stage.Float64 {
	switch len(terms) {
	case 0:
		return 0
	case 1:
		return terms[0]
	}
	h := len(terms) / 2
	return sum(terms[:h]) + sum(terms[h:])
}

// group is a set of rows computed by one staged loop: rows of one length k,
// either with the same column offsets from the row index (offsets) or with
// their columns in cols (k per row). vals holds their values (k per row),
// unless every row has the values same.
type group struct {
	rows    []int
	offsets []int
	cols    []int
	vals    []float64
	same    []float64
}

// minShared is the number of rows that must share their column offsets to
// form a group of their own.
const minShared = 8

// groups partitions the rows of a into groups, in the order of their first
// row: rows sharing column offsets with at least minShared-1 other rows,
// then the rest by length.
func groups(a *CSR) []*group {
	offsetsOf := func(i int) []int {
		off := make([]int, 0, a.RowPtr[i+1]-a.RowPtr[i])
		for k := a.RowPtr[i]; k < a.RowPtr[i+1]; k++ {
			off = append(off, a.Col[k]-i)
		}
		return off
	}
	count := map[string]int{}
	for i := 0; i < a.Rows; i++ {
		count[key(offsetsOf(i))]++
	}
	index := map[string]*group{}
	var out []*group
	for i := 0; i < a.Rows; i++ {
		off := offsetsOf(i)
		var k string
		if count[key(off)] >= minShared {
			k = "o" + key(off)
		} else {
			k = "n" + key([]int{len(off)})
		}
		g := index[k]
		if g == nil {
			g = &group{}
			if k[0] == 'o' {
				g.offsets = off
			}
			index[k] = g
			out = append(out, g)
		}
		g.rows = append(g.rows, i)
		lo, hi := a.RowPtr[i], a.RowPtr[i+1]
		if g.offsets == nil {
			g.cols = append(g.cols, a.Col[lo:hi]...)
		}
		g.vals = append(g.vals, a.Val[lo:hi]...)
	}
	for _, g := range out {
		k := len(g.vals) / len(g.rows)
		if k == 0 {
			continue
		}
		same := true
		for t := 1; t < len(g.rows) && same; t++ {
			same = slices.Equal(g.vals[:k], g.vals[t*k:(t+1)*k])
		}
		if same {
			g.same, g.vals = g.vals[:k], nil
		}
	}
	return out
}

// contiguous reports whether the group's rows are consecutive.
func (g *group) contiguous() bool {
	return g.rows[len(g.rows)-1]-g.rows[0] == len(g.rows)-1
}

// key returns a map key for the integers.
func key(v []int) string {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return string(b)
}
