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

// FreeLoopBody makes a slice in each iteration of a staged loop: it is
// freed at the end of the loop's body.
//
//lms:gen FreeLoopBody
//lms:test n=1..2000 k=0..4
func freeLoopBody(n, k stage.Int) stage.Int {
	s := stage.Int(0)
	for j := stage.Int(0); j < k; j++ {
		tmp := make([]stage.Int, n)
		for i := range tmp {
			tmp[i] = stage.Int(i) + j
		}
		s += tmp[n-1] + tmp[0]
	}
	return s
}

// FreeBranch makes a slice in a branch of a staged conditional: it is
// freed at the end of the branch.
//
//lms:gen FreeBranch
//lms:test n=1..2000
func freeBranch(n stage.Int, c stage.Bool) stage.Int {
	s := n
	if c {
		tmp := make([]stage.Int, n)
		tmp[n-1] = n * 2
		s += tmp[n-1] + tmp[0]
	}
	return s
}

// FreeBreak makes a slice in each iteration of a staged loop that a
// break leaves: it is freed before the break, and at the body's end.
//
//lms:gen FreeBreak
//lms:test n=1..2000 k=0..6 m=0..8
func freeBreak(n, k, m stage.Int) stage.Int {
	s := stage.Int(0)
	for j := stage.Int(0); j < m; j++ {
		tmp := make([]stage.Int, n)
		tmp[n-1] = j * k
		s += tmp[n-1] + tmp[0]
		if s > 10 {
			break
		}
	}
	return s
}

// FreeExits has a loop with several exits (two breaks and a return),
// with a make in its body and one in a branch: each is freed on every
// way out of its block.
//
//lms:gen FreeExits
//lms:test n=1..2000 k=0..6 m=0..8
func freeExits(n, k, m stage.Int) stage.Int {
	s := stage.Int(0)
	for j := stage.Int(0); j < m; j++ {
		tmp := make([]stage.Int, n)
		tmp[0] = j + k
		if tmp[0] == 7 {
			break
		}
		if j == k {
			w := make([]stage.Int, n)
			w[n-1] = s + 1
			s += w[n-1] * 2
			if s > 4 {
				break
			}
		}
		if s > 100 {
			return s * 2
		}
		s += tmp[0]
	}
	return s
}

// FreeVars holds its makes in variables: swapped by a staged loop and
// merged by a conditional. They live no longer than the function, so
// they are freed at its end (the escape analysis used to count a make
// stored in a variable as escaping, and leaked it).
//
//lms:gen FreeVars
//lms:test n=1..2000 k=0..6 m=0..8
func freeVars(n, k, m stage.Int) stage.Int {
	a := make([]stage.Int, n+1)
	b := make([]stage.Int, n+2)
	for i := stage.Int(0); i < k; i++ {
		a[0] += i + 1
		a, b = b, a
	}
	c := a
	if m%2 == 0 {
		c = b
	}
	c[0] += m
	return a[0] + b[0]*3 + c[0]*7 + stage.Int(len(c))
}

// FreeVarsResult returns one of two makes held in a variable: the one it
// may return is not freed (the C says so), the other is.
//
//lms:gen FreeVarsResult
//lms:test n=1..2000 m=0..8
func freeVarsResult(n, m stage.Int) []stage.Int {
	keep := make([]stage.Int, n)
	tmp := make([]stage.Int, n)
	tmp[0] = m
	s := keep
	if m > 3 {
		s = s[1:]
	}
	s[0] = tmp[0] * 2
	return s
}

// FreeNestedKept makes a slice in a loop's body and keeps the last one
// after the loop, and appends past a capacity: neither is freed (cgen has
// no liveness analysis of slices), and the C says so before the function.
//
//lms:gen FreeNestedKept
//lms:test n=1..40 m=0..8
func freeNestedKept(n, m stage.Int) stage.Int {
	var last []stage.Int
	for i := stage.Int(0); i < m; i++ {
		w := make([]stage.Int, n)
		w[0] = i
		last = w
	}
	grown := make([]stage.Int, 0, 1)
	for i := stage.Int(0); i < n; i++ {
		grown = append(grown, i)
	}
	r := stage.Int(len(grown))
	if len(last) > 0 {
		r += last[0] * 100
	}
	return r
}
