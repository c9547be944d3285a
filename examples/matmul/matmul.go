// Package matmul stages dense matrix-matrix and matrix-vector products of a
// size known at build time.
//
// Matrices are row-major slices: element (i, j) of an n×n matrix a is
// a[i*n+j]. The size n is static, so every loop unrolls and every index is a
// constant of the generated code; the matrices themselves are dynamic.
package matmul

import "github.com/lmsgen/lmsgen/stage"

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// MatMul sets c = a·b for n×n matrices. c may alias a (MatMul(a, a, b)
// multiplies a by b in place), but not b. Each element of c is summed over
// k in increasing order.
//
// How much unrolls is decided from n: for a product of at most maxUnrolled
// multiply-adds (n ≤ 8) everything unrolls (unrolled); a larger one keeps
// a staged loop over the rows of c (rows) and unrolls each row's n² work.
// MatMul16 also has vector code (-simd: matmul_lms_simd.go and vector C):
// each block of sums of rows is one vector of four float64.
//
//lms:gen MatMul4 n=4
//lms:gen MatMul8 n=8
//lms:gen MatMul16 n=16 -simd
func MatMul(c, a, b []stage.Float64, n int) {
	if n*n*n <= maxUnrolled {
		unrolled(c, a, b, n)
	} else {
		rows(c, a, b, n)
	}
}

// maxUnrolled is the most multiply-adds MatMul unrolls completely (n = 8).
const maxUnrolled = 512

// accumulators is how many elements of a row of c rows sums at a time. The
// Go compiler computes a turn's products before its additions, so m sums
// need about 2m+1 of the 15 SSE registers it allocates: with 8 it spilled
// two sums per turn (1.6–1.8 µs for MatMul16 against 1.4–1.6 µs with 4, in
// a trial). gcc vectorizes the block (two sums per mulpd/addpd), and would
// prefer 8 (0.8 µs against 1.1 µs).
const accumulators = 4

// unrolled loads all of a and b into static slices of Reps (locals of the
// generated code, never a slice), then computes every element of c and
// stores it. All loads come before the first store, so c may even alias b.
func unrolled(c, a, b []stage.Float64, n int) {
	av := load(a, n*n)
	bv := load(b, n*n)
	cv := make([]stage.Float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s := av[i*n] * bv[j]
			for k := 1; k < n; k++ {
				s += av[i*n+k] * bv[k*n+j]
			}
			cv[i*n+j] = s
		}
	}
	for i := range cv {
		c[i] = cv[i]
	}
}

// rows is a staged loop over the rows of c. Row i of c is summed in blocks
// of accumulators elements: for each block, a staged loop over k adds
// a[i,k]·b[k,j] to the block's sums, which are variables of that loop (in
// registers), with k = 0 peeled off to start them. Row i of c is stored
// after its last block, when row i of a has been read for the last time,
// and later rows of c need later rows of a only, so c may alias a; every
// row of c needs all of b.
//
// The k loop stays a loop so that the sums are the only values alive
// across it: unrolled, the generated code would load every a[i,k] and
// b[k,j] of the block first and keep them all alive (spilled) until the
// sums are formed.
//
// a, b and c are read and written through sub-slices: row i of a and of c,
// and row k of b (the part of the block), each of a static length, so every
// index is a constant below a length the Go compiler knows.
func rows(c, a, b []stage.Float64, n int) {
	N := stage.Int(n)
	for i := stage.Int(0); i < N; i++ {
		ai := a[i*N : (i+1)*N]
		ci := c[i*N : (i+1)*N]
		row := make([]stage.Float64, 0, n)
		for j0 := 0; j0 < n; j0 += accumulators {
			m := min(accumulators, n-j0)
			acc := make([]stage.Float64, m)
			a0, b0 := ai[0], b[j0:j0+m]
			for j := range acc {
				acc[j] = a0 * b0[stage.Int(j)]
			}
			for k := stage.Int(1); k < N; k++ {
				aik := ai[k]
				bk := b[k*N+stage.Int(j0) : k*N+stage.Int(j0+m)]
				for j := range acc {
					acc[j] += aik * bk[stage.Int(j)]
				}
			}
			row = append(row, acc...)
		}
		for j := range row {
			ci[stage.Int(j)] = row[j]
		}
	}
}

// MatVec sets y = a·x for an n×n matrix a and vectors x and y of length n.
// x is loaded first, so y may alias x; a is read and y written row by row,
// so that the generated code keeps only x and one row alive. Each row is
// summed in increasing order.
//
//lms:gen MatVec4 n=4
//lms:gen MatVec8 n=8
//lms:gen MatVec16 n=16
func MatVec(y, a, x []stage.Float64, n int) {
	xv := load(x, n)
	for i := 0; i < n; i++ {
		s := a[i*n] * xv[0]
		for k := 1; k < n; k++ {
			s += a[i*n+k] * xv[k]
		}
		y[i] = s
	}
}

// load returns the first m elements of the dynamic slice s as a static slice
// of Reps: m loads, each of which becomes a local of the generated code.
func load(s []stage.Float64, m int) []stage.Float64 {
	v := make([]stage.Float64, m)
	for i := range v {
		v[i] = s[i]
	}
	return v
}
