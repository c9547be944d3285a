package fft

import "github.com/lmsgen/lmsgen/stage"

// FFTAoS is FFT written over a slice of structs: the transform reads and
// writes []cplx, an array of records {re, im} (AoS), made with a Rep
// length (stage.Dyn(n): a constant of the generated code, so that Go keeps
// the slices on the stack). lmsgen splits such a slice into one slice per
// field (SoA): the generated code works on a slice of real parts and a
// slice of imaginary parts. The signature is FFT's, so that both are
// measured alike: src is copied into a []cplx first, and the result out of
// one (two passes over the data that FFT does not make).
//
//lms:gen FFTAoS64 n=64 leaf=16
//lms:gen FFTAoS1024 n=1024 leaf=16
func FFTAoS(dst, src []stage.Complex128, n, leaf int) {
	if n < 1 || n&(n-1) != 0 || leaf < 2 || leaf&(leaf-1) != 0 {
		panic("fft: n must be a power of two, leaf a power of two ≥ 2")
	}
	x, y := make([]cplx, stage.Dyn(n)), make([]cplx, stage.Dyn(n))
	for i := range x {
		x[i] = load(src, stage.Int(i))
	}
	transformAoS(y, 0, x, 0, 1, n, leaf)
	for k := range y {
		store(dst, stage.Int(k), y[k])
	}
}

// transformAoS is transform over slices of records.
func transformAoS(dst []cplx, out stage.Int, src []cplx, in stage.Int, stride, n, leaf int) {
	if n <= leaf {
		s, d := spanAoS(src, in, n, stride), spanAoS(dst, out, n, 1)
		dft(n,
			func(j int) cplx { return s[j*stride] },
			func(k int, v cplx) { d[k] = v })
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
				x := d[j2*n1]
				if j2 == 0 {
					return x
				}
				return mul(x, tw[row+stage.Int(j2)])
			},
			func(k2 int, v cplx) { d[k2*n1] = v })
	}
}

// spanAoS is span over a slice of records.
func spanAoS(s []cplx, i stage.Int, n, stride int) []cplx {
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
