package spmv

import "slices"

// CSR is a sparse matrix in compressed sparse row form: the nonzeros of row
// i are Val[k] in column Col[k] for RowPtr[i] <= k < RowPtr[i+1], columns
// increasing.
type CSR struct {
	Rows, Cols int
	RowPtr     []int
	Col        []int
	Val        []float64
}

// NNZ returns the number of nonzeros.
func (a *CSR) NNZ() int { return len(a.Val) }

// MulVec sets y = a·x by the CSR loop: the anchor.
func (a *CSR) MulVec(y, x []float64) {
	for i := 0; i < a.Rows; i++ {
		var s float64
		for k := a.RowPtr[i]; k < a.RowPtr[i+1]; k++ {
			s += a.Val[k] * x[a.Col[k]]
		}
		y[i] = s
	}
}

// Band returns the n×n matrix with nonzeros on the 2w+1 diagonals around
// the main one (n*(2w+1) - w*(w+1) nonzeros). Its values are distinct:
// nothing but the structure repeats.
func Band(n, w int) *CSR {
	a := &CSR{Rows: n, Cols: n, RowPtr: make([]int, 1, n+1)}
	for i := 0; i < n; i++ {
		for j := max(0, i-w); j <= min(n-1, i+w); j++ {
			a.Col = append(a.Col, j)
			a.Val = append(a.Val, value(uint64(i*n+j)))
		}
		a.RowPtr = append(a.RowPtr, len(a.Col))
	}
	return a
}

// Random returns an n×n matrix whose row i has a number of nonzeros drawn
// uniformly in 1..2*avg-1, in distinct random columns; seed fixes the draw.
func Random(n, avg int, seed uint64) *CSR {
	a := &CSR{Rows: n, Cols: n, RowPtr: make([]int, 1, n+1)}
	r := rng(seed)
	for i := 0; i < n; i++ {
		k := 1 + int(r.next()%uint64(2*avg-1))
		cols := make([]int, 0, k)
		for len(cols) < k {
			c := int(r.next() % uint64(n))
			if !slices.Contains(cols, c) {
				cols = append(cols, c)
			}
		}
		slices.Sort(cols)
		for _, c := range cols {
			a.Col = append(a.Col, c)
			a.Val = append(a.Val, value(r.next()))
		}
		a.RowPtr = append(a.RowPtr, len(a.Col))
	}
	return a
}

// rng is a splitmix64 generator: small, and the same on every machine.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// value maps h to a value in [-1, 1) with 20 significant bits, exact in
// float32 and float64.
func value(h uint64) float64 {
	r := rng(h)
	return float64(int64(r.next()>>44)-1<<19) / (1 << 19)
}
