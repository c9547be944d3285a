// Package kernels appends to staged slices of structs of Reps, split into
// one slice per field: the capacities and the aliasing after append must
// be Go's, for structs of several sizes, with and without pointers.
package kernels

import "github.com/lmsgen/lmsgen/stage"

type Complex struct{ Re, Im stage.Float64 }

// Vec3 is 24 bytes: not a power of two.
type Vec3 struct{ X, Y, Z stage.Float64 }

// Small is 16 bytes with padding.
type Small struct {
	A stage.Int8
	B stage.Float64
}

// Named holds a string: its slices are allocated with pointers.
type Named struct {
	Name stage.String
	N    stage.Int
}

// SoAAppendCaps appends m elements one at a time to a slice made with
// length n and capacity c, hashing every capacity on the way. (n is at
// least 1: gc gives the first append to an empty slice that does not
// escape a 32-byte stack array, whose cap() the split slices do not
// reproduce; see docs/soa.md.)
//
//lms:gen SoAAppendCaps
//lms:test n=1..4 c=0..6 m=0..700
func soaAppendCaps(n, c, m stage.Int) stage.Int {
	if c < n {
		c = n
	}
	cs := make([]Complex, n, c)
	h := stage.Int(0)
	for i := stage.Int(0); i < m; i++ {
		cs = append(cs, Complex{stage.Float64(i), 1})
		h = h*31 + stage.Int(cap(cs))
	}
	s := stage.Float64(0)
	for _, x := range cs {
		s += x.Re + x.Im
	}
	return h + stage.Int(s) + stage.Int(len(cs))
}

// SoAAppendVec3 appends two at a time to a slice of 24-byte structs.
//
//lms:gen SoAAppendVec3
//lms:test n=0..3 m=0..300
func soaAppendVec3(n, m stage.Int) stage.Int {
	vs := make([]Vec3, n)
	h := stage.Int(0)
	for i := stage.Int(0); i < m; i++ {
		x := stage.Float64(i)
		vs = append(vs, Vec3{x, x + 1, x + 2}, Vec3{Z: x})
		h = h*7 + stage.Int(cap(vs))
	}
	s := stage.Float64(0)
	for _, v := range vs {
		s += v.X - v.Y + v.Z
	}
	return h + stage.Int(s)
}

// SoAAppendSmall appends to a slice of padded 16-byte structs.
//
//lms:gen SoAAppendSmall
//lms:test m=0..300
func soaAppendSmall(m stage.Int) stage.Int {
	var h stage.Int
	ss := make([]Small, stage.Dyn(1))
	for i := stage.Int(0); i < m; i++ {
		ss = append(ss, Small{stage.Int8(i), stage.Float64(i) / 2})
		h = h*5 + stage.Int(cap(ss))
	}
	return h + stage.Int(len(ss))
}

// SoAAppendNamed appends to a slice of structs holding strings: above
// 512 bytes Go's capacities differ from those of pointer-free structs of
// the same size.
//
//lms:gen SoAAppendNamed
//lms:test n=1..3 m=0..200
func soaAppendNamed(n, m stage.Int, name stage.String) stage.Int {
	ns := make([]Named, n)
	h := stage.Int(0)
	for i := stage.Int(0); i < m; i++ {
		ns = append(ns, Named{name, i})
		h = h*3 + stage.Int(cap(ns))
	}
	return h + stage.Int(len(ns[len(ns)-1].Name))
}

// SoAAppendAlias appends to a slice with spare capacity (in place: the
// write through the result is seen through the old slice) or without
// (a new array: it is not).
//
//lms:gen SoAAppendAlias
//lms:test n=1..5 c=0..8 k=0..3
func soaAppendAlias(n, c, k stage.Int) stage.Float64 {
	if c < n {
		c = n
	}
	a := make([]Complex, n, c)
	b := a
	for i := stage.Int(0); i < k; i++ {
		b = append(b, Complex{1, 1})
	}
	b[0].Re = 5
	b[len(b)-1].Im = 3
	a = a[:cap(a)]
	s := stage.Float64(0)
	for _, x := range a {
		s = s*2 + x.Re + x.Im
	}
	return s + stage.Float64(cap(b))
}

// SoAAppendSlice appends a slice of structs to another and to a nil one.
//
//lms:gen SoAAppendSlice
//lms:test n=0..20 m=0..20
func soaAppendSlice(n, m stage.Int) stage.Float64 {
	a := make([]Complex, n)
	b := make([]Complex, m)
	for i := range b {
		b[i] = Complex{stage.Float64(i), -1}
	}
	a = append(a, b...)
	var z []Complex
	z = append(z, b...)
	z = append(z, a[:1]...)
	s := stage.Float64(cap(a)*100 + cap(z))
	for _, x := range a {
		s += x.Re
	}
	for _, x := range z {
		s = s*1.5 + x.Im
	}
	return s
}
