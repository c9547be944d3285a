// Package matmul stages dense matrix-matrix and matrix-vector products of a
// size known at build time.
//
// Matrices are row-major slices: element (i, j) of an n×n matrix a is
// a[i*n+j]. The size n is static, so every loop unrolls and every index is a
// constant of the generated code; the matrices themselves are dynamic.
package matmul

import (
	"math"

	"github.com/lmsgen/lmsgen/stage"
)

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// MatMul sets c = a·b for n×n matrices. c may alias a (MatMul(a, a, b)
// multiplies a by b in place), but not b. Each element of c is summed over
// k in increasing order.
//
// How much unrolls is decided from n: for a product of at most maxUnrolled
// multiply-adds (n ≤ 8) everything unrolls (unrolled); a larger one keeps
// a staged loop over the rows of c (rows) and unrolls each row's n² work.
// MatMul16 also has vector code (-simd: matmul_lms_simd.go and vector C):
// in Go each block of sums is one vector of eight float64 on a CPU with
// AVX-512, of four with AVX2 only (run-time check, scalar fallback), in
// C of four; its build has its own register blocking (blocking,
// stage.SIMD).
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

// blocking returns the register block of rows: the rows of c and the
// elements of each that rows sums at a time. Each build has its own
// (stage.SIMD reports the vector build): the plain build keeps 1×4 (four
// scalar sums; its Go beats gonum, 1.1 µs of CPU against 1.66 µs at
// 16×16), where 32 scalar sums would spill (2.1 µs, slower than gonum);
// the vector build keeps 2×bc with eight or fewer Float64x4 sums. The
// blocking changes which sums are alive at once, never the order of any
// sum's terms, so both builds compute the same bits.
func blocking() (br, bc int) {
	if stage.SIMD() {
		return simdRows, simdCols
	}
	return 1, 4
}

// simdRows and simdCols are the vector build's register block.
const (
	simdRows = 2
	simdCols = 16
)

// negZero is −0, the identity of floating-point addition: −0 + x is x
// for every x (+0 + −0 is +0), so a sum started at −0 has the bits of one
// started at its first term.
var negZero = stage.Float64(math.Copysign(0, -1))

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

// rows is a staged loop over the rows of c, br at a time (blocking); each
// block is rowBlock's. For MatMul16's vector build (-simd) the register
// block is 2×16: two rows of two vectors of eight float64 with AVX-512 (of
// four vectors of four with AVX2 only: eight of the sixteen AVX
// registers), each b vector loaded once for two rows and each a[i+r,k]
// broadcast once per row; the plain build's is 1×4. The rows of c are
// stored after the block's last sum, when its rows of a have been read
// for the last time, and later rows of c need later rows of a only, so c
// may alias a; every row of c needs all of b.
//
// a, b and c are read and written through sub-slices: the rows of the
// block of a and of c, and row k of b (the part of the block), each of a
// static length, so every index is a constant below a length the Go
// compiler knows, or a mask of k (inRange).
func rows(c, a, b []stage.Float64, n int) {
	// Every access below is a slice expression, checked against the
	// capacity: cutting the three slices to n·n first changes no result
	// and gives them a length the Go compiler knows, so their lengths
	// take no register across the loops (the vector build's k loop kept
	// its index on the stack without this).
	a, b, c = a[:n*n], b[:n*n], c[:n*n]
	N := stage.Int(n)
	br, bc := blocking()
	if n%br != 0 {
		br = 1
	}
	for i := stage.Int(0); i < N; i += stage.Int(br) {
		rowBlock(c, a, b, n, i, br, bc)
	}
}

// rowBlock sets rows i … i+br-1 of c. The rows of the block are summed in
// blocks of bc elements: for each block, a staged loop over k adds
// a[i+r,k]·b[k,j] to the block's sums, which are variables of that loop
// (in registers), started at −0 (negZero; the frontend folds the first
// turn's −0 + p to p). Row k of the block of b is loaded once per k for
// all rows of the block.
//
// The k loop stays a loop so that the sums are the only values alive
// across it: unrolled, the generated code would load every a[i,k] and
// b[k,j] of the block first and keep them all alive (spilled) until the
// sums are formed. In the vector build it is a range over N (kLoop),
// which the frontend writes bottom-tested (for { ...; if k >= n { break
// } }): then the sums' phis are in the block of their adds, and gc's
// scheduler, which puts the values used in their own block first, keeps
// each add next to its multiply. In a loop tested at its header (for k := 1; k < n; k++) the
// adds' only use is the header's phi, another block, so gc put all eight
// multiplies of a k step before the eight adds of MatMul16's vector
// build: 16 vector values alive, where amd64 Go has 15 registers, and two
// sums went through the stack every turn (docs/simd.md, Session 14).
func rowBlock(c, a, b []stage.Float64, n int, i stage.Int, br, bc int) {
	N := stage.Int(n)
	// The rows of the block are one sub-slice of a and one of c: one
	// pointer each for the generated code to keep, where a sub-slice per
	// row kept br (the general registers are few across the k loops).
	ab := a[i*N : (i+stage.Int(br))*N]
	cb := c[i*N : (i+stage.Int(br))*N]
	out := make([][]stage.Float64, br)
	for r := range out {
		out[r] = make([]stage.Float64, 0, n)
	}
	for j0 := 0; j0 < n; j0 += bc {
		m := min(bc, n-j0)
		acc := make([][]stage.Float64, br)
		for r := range acc {
			acc[r] = make([]stage.Float64, m)
			for j := range acc[r] {
				acc[r][j] = negZero
			}
		}
		kLoop(n, func(k stage.Int) {
			bv := load(b[k*N+stage.Int(j0):k*N+stage.Int(j0+m)], m)
			for r := range acc {
				ark := ab[stage.Int(r*n)+k]
				for j := range acc[r] {
					acc[r][j] += ark * bv[j]
				}
			}
		})
		for r := range acc {
			out[r] = append(out[r], acc[r]...)
		}
	}
	for r := range out {
		for j := range out[r] {
			cb[stage.Int(r*n+j)] = out[r][j]
		}
	}
}

// kLoop calls step for k = 0 … n-1 in a staged loop of the generated
// code. In the vector build the loop is a range over N, which the
// frontend writes bottom-tested (its first turn peeled), with k masked
// (inRange); in the plain build k = 0 is peeled by hand and the rest is a
// loop tested at its header (for k := 1; k < n; k++), whose four scalar
// sums never spilled: the bottom-tested form made the plain MatMul16
// slower (2.33 → 2.88 µs of CPU, benchstat n = 10, p = 0.015; session 14).
func kLoop(n int, step func(k stage.Int)) {
	N := stage.Int(n)
	if stage.SIMD() {
		for k := range N {
			step(inRange(k, n))
		}
		return
	}
	step(0)
	for k := stage.Int(1); k < N; k++ {
		step(k)
	}
}

// inRange returns k, an index below n, as k&(n-1) when n is a power of
// two: the same value, which the Go compiler knows is below n. gc proves
// the index of a loop in bounds only in a loop tested at its header, and
// the vector build's k loop is tested at its bottom: the mask lets it
// prove every access of the body (a bounds check would also split the
// body's block, and the sums' adds would again be in a block of their
// own). n = 16 is the only size MatMul's rows takes; for another, k is
// returned as it is.
func inRange(k stage.Int, n int) stage.Int {
	if n&(n-1) == 0 {
		return k & stage.Int(n-1)
	}
	return k
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
