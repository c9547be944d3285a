// Package kernels holds staged slices of structs of Reps: each is split
// into one slice per field (struct of arrays) in the generated Go and C.
package kernels

import "github.com/lmsgen/lmsgen/stage"

type Complex struct{ Re, Im stage.Float64 }

type Point struct {
	X, Y stage.Float64
	C    Complex
	N    stage.Int
}

var pts = []Point{{1, 2, Complex{3, 4}, 5}, {6, 7, Complex{8, 9}, 10}, {11, 12, Complex{13, 14}, 15}}

// SoAPick reads a static slice of structs (a nested one) with a Rep
// index: one table per field.
//
//lms:gen SoAPick
func soaPick(i stage.Int, k stage.Float64) stage.Float64 {
	return pts[i].X + pts[i].C.Im*k + stage.Float64(pts[i].N)
}

// SoAMade makes a slice of structs with a Rep length, writes it whole
// and by field, swaps two elements and ranges over it.
//
//lms:gen SoAMade
func soaMade(n, j stage.Int, x stage.Float64) stage.Float64 {
	cs := make([]Complex, n)
	for i := stage.Int(0); i < n; i++ {
		cs[i] = Complex{x * stage.Float64(i), x - stage.Float64(i)}
	}
	cs[j].Im = 7
	cs[0], cs[j] = cs[j], cs[0]
	s := stage.Float64(0)
	for _, c := range cs {
		s += c.Re*2 + c.Im
	}
	return s + stage.Float64(len(cs)+cap(cs))
}

// SoASlice slices a slice of nested structs with Rep bounds (Go's
// panics when they are out of range) and writes through the sub-slice.
//
//lms:gen SoASlice
//lms:test n=3..8 lo=-1..3 hi=1..8 j=-1..2
func soaSlice(n, lo, hi, j stage.Int) stage.Float64 {
	ps := make([]Point, n, n+2)
	for i := range ps {
		ps[i].C.Re = stage.Float64(i)
		ps[i].N = stage.Int(i) * 3
	}
	qs := ps[lo:hi]
	qs[j].X = 1.5
	s := stage.Float64(0)
	for i := range qs {
		s += qs[i].C.Re + stage.Float64(qs[i].N) + ps[i].X
	}
	return s + stage.Float64(cap(qs))
}

// SoAMerge merges two slices of structs across a staged conditional.
//
//lms:gen SoAMerge
func soaMerge(c stage.Bool, n stage.Int) stage.Float64 {
	a := make([]Complex, n)
	b := make([]Complex, n+1)
	for i := range b {
		b[i] = Complex{1, stage.Float64(i)}
	}
	cs := a
	if c {
		cs = b[1:]
	}
	s := stage.Float64(0)
	for i := range cs {
		s += cs[i].Im + cs[i].Re
	}
	return s
}

// SoALoop carries a slice of structs, resliced, through a staged loop.
//
//lms:gen SoALoop
func soaLoop(n stage.Int) stage.Float64 {
	cs := make([]Complex, n)
	for i := range cs {
		cs[i].Re = stage.Float64(i) * 0.5
	}
	s := stage.Float64(0)
	for len(cs) > 0 {
		s = s*2 + cs[0].Re
		cs = cs[1:]
	}
	return s
}

// SoACopy copies between slices of structs.
//
//lms:gen SoACopy
func soaCopy(n, m stage.Int) stage.Float64 {
	a := make([]Complex, n)
	b := make([]Complex, m)
	for i := range b {
		b[i] = Complex{stage.Float64(i), 1}
	}
	k := copy(a, b)
	s := stage.Float64(k)
	for _, c := range a {
		s += c.Re + c.Im
	}
	return s
}

// sumC is a staged function over a slice of structs.
//
//lms:fun
func sumC(cs []Complex, k stage.Float64) (Complex, []Complex) {
	var s Complex
	for i := range cs {
		s.Re += cs[i].Re * k
		s.Im += cs[i].Im
	}
	return s, cs[1:]
}

// SoAFun passes a slice of structs to a staged function, which returns
// a sub-slice of it.
//
//lms:gen SoAFun
func soaFun(n stage.Int) stage.Float64 {
	cs := make([]Complex, n)
	for i := range cs {
		cs[i] = Complex{stage.Float64(i), 2}
	}
	s, rest := sumC(cs, 3)
	t, _ := sumC(rest, 2)
	return s.Re + s.Im + t.Re + t.Im
}

// SoAClosure writes a slice of structs from a closure and compares it
// with nil.
//
//lms:gen SoAClosure
//lms:test n=0..8 j=-1..6
func soaClosure(n, j stage.Int) stage.Float64 {
	cs := make([]Complex, n)
	set := func(i stage.Int, x stage.Float64) { cs[i].Im = x }
	set(j, 2)
	s := cs[j].Im
	if cs != nil {
		s++
	}
	if cs[:0] == nil {
		s += 10
	}
	return s
}
