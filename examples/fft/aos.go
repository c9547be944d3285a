package fft

import "github.com/lmsgen/lmsgen/stage"

// Complex is a complex number as a record of two Reps: FFTAoS's slices
// are of it. Its layout is complex128's (two float64, real part first).
type Complex struct{ Re, Im stage.Float64 }

// FFTAoS is FFT written over slices of structs: dst and src are arrays of
// records {Re, Im} (AoS) that the caller passes. They cross the generated
// function's boundary as they are (docs/soa.md): the generated code reads
// src[i].Re and writes dst[k].Im in the caller's memory, with no copy in or
// out, in Go and in C. With -simd, the fields of four records are vectors
// as the parts of four complex128 are in FFT (a record of two float64 has
// complex128's layout: sched/vector_fields.go). The twiddle factors are
// FFT's table of complex128, read through sub-slices as FFT reads it.
//
//lms:gen FFTAoS64 n=64 leaf=16 -simd
//lms:gen FFTAoS1024 n=1024 leaf=16 -simd
func FFTAoS(dst, src []Complex, n, leaf int) {
	if n < 1 || n&(n-1) != 0 || leaf < 2 || leaf&(leaf-1) != 0 {
		panic("fft: n must be a power of two, leaf a power of two ≥ 2")
	}
	transformAoS(dst, 0, src, 0, 1, n, leaf)
}

// transformAoS is transform over slices of records: the same codelets,
// lanes and twiddles, loading and storing records.
func transformAoS(dst []Complex, out stage.Int, src []Complex, in stage.Int, stride, n, leaf int) {
	lanes := laneCount()
	if n <= leaf {
		s, d := spanAoS(src, in, n, stride), spanAoS(dst, out, n, 1)
		dft(n,
			func(j int) cplx { return fromRecord(s[j*stride]) },
			func(k int, v cplx) { d[k] = toRecord(v) })
		return
	}
	n1, n2 := split(n, leaf)
	if n1 <= leaf && n2%lanes == 0 {
		for j2 := stage.Int(0); j2 < stage.Int(n2); j2 += stage.Int(lanes) {
			s := spanAoS(src, in+j2*stage.Int(stride), lanes+(n1-1)*n2, stride)
			d := spanAoS(dst, out+j2*stage.Int(n1), lanes*n1, 1)
			dftLanes(n1, lanes,
				func(j, l int) cplx { return fromRecord(s[(l+j*n2)*stride]) },
				func(k, l int, v cplx) { d[l*n1+k] = toRecord(v) })
		}
	} else {
		for j2 := stage.Int(0); j2 < stage.Int(n2); j2++ {
			transformAoS(dst, out+j2*stage.Int(n1), src, in+j2*stage.Int(stride), stride*n2, n1, leaf)
		}
	}
	l1 := lanes
	if n1%lanes != 0 {
		l1 = 1
	}
	tw := twiddles(n1, n2, l1)
	for k1 := stage.Int(0); k1 < stage.Int(n1); k1 += stage.Int(l1) {
		d := spanAoS(dst, out+k1, l1+(n2-1)*n1, 1)
		t := lanesTwiddles(tw, k1, n2, l1)
		dftLanes(n2, l1,
			func(j2, l int) cplx {
				x := fromRecord(d[j2*n1+l])
				if j2 == 0 {
					return x
				}
				return mul(x, twiddle(t, j2, l, l1))
			},
			func(k2, l int, v cplx) { d[k2*n1+l] = toRecord(v) })
	}
}

func fromRecord(c Complex) cplx { return cplx{c.Re, c.Im} }

func toRecord(v cplx) Complex { return Complex{v.re, v.im} }

// spanAoS is span over a slice of records.
func spanAoS(s []Complex, i stage.Int, n, stride int) []Complex {
	return s[i : i+stage.Int((n-1)*stride+1)]
}
