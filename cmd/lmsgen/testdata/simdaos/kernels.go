// Package kernels reads and writes the fields of arrays of structs of
// two float64 (complex128's layout) four elements at a time: with -simd
// the fields of four elements are vectors (sched/vector_fields.go).
package kernels

import "github.com/lmsgen/lmsgen/stage"

type Complex struct{ Re, Im stage.Float64 }

// Nest is a pair of float64 whose second leaf is nested.
type Nest struct {
	Re stage.Float64
	In Inner
}

type Inner struct{ Im stage.Float64 }

// Triple has three leaves: not a pair, its fields stay scalar.
type Triple struct{ A, B, C stage.Float64 }

// Rotate sets out[j*stride] to {re+im, im-re}·f of x[j*stride], j < 8,
// all loads before the stores.
//
//lms:gen Rotate1 stride=1
//lms:gen Rotate3 stride=3
//lms:test out.len=22..24 x.len=22..24
func rotate(out, x []Complex, f stage.Float64, stride int) {
	n := 7*stride + 1
	o, xs := out[0:n], x[0:n]
	var vs [8]Complex
	for j := range vs {
		c := xs[j*stride]
		vs[j] = Complex{(c.Re + c.Im) * f, (c.Im - c.Re) * f}
	}
	for j, v := range vs {
		o[j*stride] = v
	}
}

// Mul sets out[j] = a[j]·b[j] (complex product), j < 8, on nested pairs.
//
//lms:gen Mul8
//lms:test out.len=8..9 a.len=8..9 b.len=8
func mul(out, a, b []Nest) {
	o, as, bs := out[0:8], a[0:8], b[0:8]
	var vs [8]Nest
	for j := range vs {
		x, y := as[j], bs[j]
		vs[j] = Nest{x.Re*y.Re - x.In.Im*y.In.Im, Inner{x.Re*y.In.Im + x.In.Im*y.Re}}
	}
	for j, v := range vs {
		o[j] = v
	}
}

// Shift sets out[j] = x[j] + 1 element by element, each stored before
// the next is loaded: out may alias x, so it stays scalar.
//
//lms:gen Shift4
//lms:test out.len=4 x.len=4..5
func shift(out, x []Complex) {
	o, xs := out[0:4], x[0:4]
	for j := range 4 {
		c := xs[j]
		o[j] = Complex{c.Re + 1, c.Im + 1}
	}
}

// Scale3 scales structs of three fields: not pairs, scalar code.
//
//lms:gen Scale3
//lms:test out.len=4 x.len=4
func scale3(out, x []Triple, f stage.Float64) {
	o, xs := out[0:4], x[0:4]
	var vs [4]Triple
	for j := range vs {
		c := xs[j]
		vs[j] = Triple{c.A * f, c.B * f, c.C * f}
	}
	for j, v := range vs {
		o[j] = v
	}
}
