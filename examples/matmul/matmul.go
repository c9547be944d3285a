// Package matmul stages dense matrix-matrix and matrix-vector products of a
// size known at build time.
//
// Matrices are row-major slices: element (i, j) of an n×n matrix a is
// a[i*n+j]. The size n is static, so every loop unrolls and every index is a
// constant of the generated code; the matrices themselves are dynamic.
package matmul

import "github.com/lmsgen/lmsgen/stage"

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// MatMul sets c = a·b for n×n matrices.
//
// It first loads all of a and b into static slices of Reps (locals of the
// generated code, never a slice), then computes every element of c and
// stores it. All loads come before the first store, so c may alias a or b:
// MatMul(a, a, b) squares in place. Each element is summed over k in
// increasing order.
//
//lms:gen MatMul4 n=4
//lms:gen MatMul8 n=8
//lms:gen MatMul16 n=16
func MatMul(c, a, b []stage.Float64, n int) {
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
