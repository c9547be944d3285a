package fft

import "github.com/lmsgen/lmsgen/stage"

// Complex is a complex number as a record of two Reps: FFTAoS's slices
// are of it. Its layout is complex128's (two float64, real part first).
type Complex struct{ Re, Im stage.Float64 }

// FFTAoS is FFT written over slices of structs: dst and src are arrays of
// records {Re, Im} (AoS) that the caller passes. They cross the generated
// function's boundary as they are (docs/soa.md): the generated code reads
// src[i].Re and writes dst[k].Im in the caller's memory, with no copy in or
// out, in Go and in C. Only the twiddle factors, a static []cplx indexed by
// a Rep, are split per field (two tables of float64).
//
//lms:gen FFTAoS64 n=64 leaf=16
//lms:gen FFTAoS1024 n=1024 leaf=16
func FFTAoS(dst, src []Complex, n, leaf int) {
	if n < 1 || n&(n-1) != 0 || leaf < 2 || leaf&(leaf-1) != 0 {
		panic("fft: n must be a power of two, leaf a power of two ≥ 2")
	}
	transformAoS(dst, 0, src, 0, 1, n, leaf)
}

// transformAoS is transform over slices of records.
func transformAoS(dst []Complex, out stage.Int, src []Complex, in stage.Int, stride, n, leaf int) {
	if n <= leaf {
		s, d := spanAoS(src, in, n, stride), spanAoS(dst, out, n, 1)
		dft(n,
			func(j int) cplx { return fromRecord(s[j*stride]) },
			func(k int, v cplx) { d[k] = toRecord(v) })
		return
	}
	n1, n2 := split(n, leaf)
	for j2 := stage.Int(0); j2 < stage.Int(n2); j2++ {
		transformAoS(dst, out+j2*stage.Int(n1), src, in+j2*stage.Int(stride), stride*n2, n1, leaf)
	}
	tw := twiddlesAoS(n1, n2)
	for k1 := stage.Int(0); k1 < stage.Int(n1); k1++ {
		d := spanAoS(dst, out+k1, n2, n1)
		row := k1 * stage.Int(n2)
		dft(n2,
			func(j2 int) cplx {
				x := fromRecord(d[j2*n1])
				if j2 == 0 {
					return x
				}
				return mul(x, tw[row+stage.Int(j2)])
			},
			func(k2 int, v cplx) { d[k2*n1] = toRecord(v) })
	}
}

func fromRecord(c Complex) cplx { return cplx{c.Re, c.Im} }

func toRecord(v cplx) Complex { return Complex{v.re, v.im} }

// spanAoS is span over a slice of records.
func spanAoS(s []Complex, i stage.Int, n, stride int) []Complex {
	return s[i : i+stage.Int((n-1)*stride+1)]
}

// twiddlesAoS is twiddles as a static slice of records: indexed by a
// Rep, it is one table per field in the generated code.
func twiddlesAoS(n1, n2 int) []cplx {
	tw := make([]cplx, n1*n2)
	for i, w := range twiddles(n1, n2, 1) {
		tw[i] = cplx{stage.Float64(real(w)), stage.Float64(imag(w))}
	}
	return tw
}
