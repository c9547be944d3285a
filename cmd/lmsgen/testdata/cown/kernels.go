// Package kernels allocates in every way whose C memory cgen/free.go
// cannot free where it dies: a make of a loop's body kept after it, the
// arrays of appends that reallocate, a make passed to a staged function,
// a result that is a sub-slice of a make, split slices of structs that
// grow, strings built by concatenation. The owner list of the C runtime
// frees all of it when the call of the entry point returns (and the
// memory of the results once the bridge has copied them): the C heap must
// not grow over many calls.
package kernels

import "github.com/lmsgen/lmsgen/stage"

type Complex struct{ Re, Im stage.Float64 }

// OwnNestedKept makes a slice in each iteration of a loop and keeps the
// last one after the loop.
//
//lms:gen OwnNestedKept
//lms:test n=1..300 m=0..6
func ownNestedKept(n, m stage.Int) stage.Int {
	var last []stage.Int
	for i := stage.Int(0); i < m; i++ {
		w := make([]stage.Int, n)
		w[n-1] = i * 3
		if len(last) > 0 {
			w[0] = last[n-1] + 1
		}
		last = w
	}
	if len(last) == 0 {
		return -1
	}
	return last[0]*1000 + last[n-1]
}

// OwnAppendGrow appends past the capacity in a loop: every reallocation
// leaves an array behind.
//
//lms:gen OwnAppendGrow
//lms:test n=0..2000
func ownAppendGrow(n stage.Int) stage.Int {
	grown := make([]stage.Int, 0, 1)
	for i := stage.Int(0); i < n; i++ {
		grown = append(grown, i*i)
	}
	s := stage.Int(cap(grown))
	for _, x := range grown {
		s = s*7 + x
	}
	return s
}

// OwnPassMake passes makes to a staged function that reads them and does
// not keep them.
//
//lms:gen OwnPassMake
//lms:test n=1..400 k=0..5
func ownPassMake(n, k stage.Int) stage.Int {
	var sum func(xs []stage.Int, k stage.Int) stage.Int
	sum = stage.Fun(func(xs []stage.Int, k stage.Int) stage.Int {
		s := stage.Int(0)
		for i := range xs {
			s += xs[i] * k
		}
		return s
	})
	t := stage.Int(0)
	for j := stage.Int(0); j < k; j++ {
		buf := make([]stage.Int, n)
		buf[j%n] = j + 1
		t += sum(buf, j+2)
	}
	a := make([]stage.Int, n)
	a[n-1] = 5
	return t + sum(a, k)
}

// OwnSubResult returns a sub-slice of a make: its array is the caller's
// until the bridge has copied it; another make is freed with the call.
//
//lms:gen OwnSubResult
//lms:test n=1..600 k=0..3
func ownSubResult(n, k stage.Int) []stage.Int {
	buf := make([]stage.Int, n+4)
	tmp := make([]stage.Int, n)
	for i := range buf {
		buf[i] = stage.Int(i) * k
	}
	for i := range tmp {
		tmp[i] = buf[i] + 1
	}
	buf[k] += tmp[n-1]
	return buf[k : k+n]
}

// OwnSoA appends to a slice of structs, split per field (one slice per
// field, each reallocating), made in a loop's body and kept after it.
//
//lms:gen OwnSoA
//lms:test n=0..300 m=1..3
func ownSoA(n, m stage.Int) stage.Float64 {
	var last []Complex
	for j := stage.Int(0); j < m; j++ {
		cs := make([]Complex, 0, 2)
		for i := stage.Int(0); i < n; i++ {
			cs = append(cs, Complex{stage.Float64(i), stage.Float64(j)})
		}
		last = cs
	}
	s := stage.Float64(len(last))
	for _, c := range last {
		s += c.Re*2 + c.Im
	}
	return s
}

// OwnString builds a string by concatenation and returns it: the
// intermediate strings die with the call, the result once it is copied.
//
//lms:gen OwnString
//lms:test n=0..200
func ownString(n stage.Int, sep stage.String) stage.String {
	s := stage.String("<")
	for i := stage.Int(0); i < n; i++ {
		s += sep + "ab"
	}
	return s + ">"
}
