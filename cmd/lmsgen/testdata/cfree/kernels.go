// Package kernels makes slices that do not escape and leaves by several
// returns: the C output frees them on every way out (cgen/free.go).
package kernels

import "github.com/lmsgen/lmsgen/stage"

// FreeLoopReturn returns from inside its loop (an early return) or after
// it.
//
//lms:gen FreeLoopReturn
//lms:test n=1..2000 k=0..9
func freeLoopReturn(n, k stage.Int) stage.Int {
	buf := make([]stage.Int, n)
	for i := range buf {
		buf[i] = stage.Int(i) * k
	}
	for i := stage.Int(0); i < n; i++ {
		if buf[i] > 100 {
			return buf[i] + i
		}
	}
	return -1
}

// FreeBranchReturn returns from both branches of a conditional.
//
//lms:gen FreeBranchReturn
//lms:test n=1..2000
func freeBranchReturn(n stage.Int, c stage.Bool) stage.Int {
	buf := make([]stage.Int, n)
	buf[0] = n
	buf[n-1] += 2
	if c {
		return buf[0] + 1
	}
	return buf[n-1] * 3
}
