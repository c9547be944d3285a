// Package fft stages the complex discrete Fourier transform of a size known
// at build time.
//
// The transform is the unnormalized forward DFT, as gonum's dsp/fourier
// computes it:
//
//	dst[k] = Σ_j src[j]·exp(-2πi·jk/n)
//
// The staged kernel works on the real and imaginary parts as separate Reps
// (a static record cplx of two stage.Float64): the only complex operations
// it stages are real, imag and complex, to load and store.
package fft

import (
	"math"

	"github.com/lmsgen/lmsgen/stage"
)

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// FFT sets dst to the DFT of src; both have length n, a power of two, and
// must not overlap.
//
// Sizes up to leaf (a power of two) are one straight-line codelet: a
// radix-2 decimation in time whose recursion on the static size unrolls,
// with every twiddle factor a constant and the trivial ones (1, -i,
// (±1-i)/√2) costing fewer multiplications. A larger n runs n/leaf codelets
// in a staged loop, each on a stride of src chosen through a static
// bit-reversal table, then log2(n/leaf) radix-2 passes as staged loops over
// twiddle tables (static data of the generated code). So the generated code
// grows with leaf, not with n.
//
//lms:gen FFT16 n=16 leaf=16
//lms:gen FFT32 n=32 leaf=32
//lms:gen FFT64 n=64 leaf=64
//lms:gen FFT128 n=128 leaf=64
//lms:gen FFT256 n=256 leaf=64
//lms:gen FFT512 n=512 leaf=64
//lms:gen FFT1024 n=1024 leaf=64
func FFT(dst, src []stage.Complex128, n, leaf int) {
	if n < 1 || n&(n-1) != 0 || leaf < 1 || leaf&(leaf-1) != 0 {
		panic("fft: n and leaf must be powers of two")
	}
	leaf = min(leaf, n)
	blocks := n / leaf
	if blocks == 1 {
		codelet(dst, src, 0, 1, 0, n)
		return
	}
	// Block b of dst receives the DFT of the subsequence
	// src[rev[b]], src[rev[b]+blocks], ...: the first log2(leaf) passes of
	// an iterative decimation in time, done by one codelet.
	rev := bitReversal(blocks)
	for b := stage.Int(0); b < stage.Int(blocks); b++ {
		codelet(dst, src, stage.Int(rev[b]), blocks, b*stage.Int(leaf), leaf)
	}
	// The remaining passes combine pairs of blocks of size m/2.
	for m := 2 * leaf; m <= n; m *= 2 {
		half := m / 2
		wr, wi := twiddles(m)
		for s := stage.Int(0); s < stage.Int(n); s += stage.Int(m) {
			for k := stage.Int(0); k < stage.Int(half); k++ {
				w := cplx{stage.Float64(wr[k]), stage.Float64(wi[k])}
				u := load(dst, s+k)
				v := mul(load(dst, s+k+stage.Int(half)), w)
				store(dst, s+k, add(u, v))
				store(dst, s+k+stage.Int(half), sub(u, v))
			}
		}
	}
}

// cplx is a complex number as two Reps: a static record, split into its
// fields by lmsgen.
type cplx struct{ re, im stage.Float64 }

func add(a, b cplx) cplx { return cplx{a.re + b.re, a.im + b.im} }
func sub(a, b cplx) cplx { return cplx{a.re - b.re, a.im - b.im} }

// mul returns a·w for a dynamic w.
func mul(a, w cplx) cplx {
	return cplx{a.re*w.re - a.im*w.im, a.re*w.im + a.im*w.re}
}

func load(s []stage.Complex128, i stage.Int) cplx {
	v := s[i]
	return cplx{stage.Float64(real(v)), stage.Float64(imag(v))}
}

func store(s []stage.Complex128, i stage.Int, v cplx) {
	s[i] = stage.Complex128(complex(v.re, v.im))
}

// codelet sets dst[out+k], k < size, to the DFT of the size inputs
// src[in+j*stride], j < size, as straight-line code.
func codelet(dst, src []stage.Complex128, in stage.Int, stride int, out stage.Int, size int) {
	x := make([]cplx, size)
	for j := range x {
		x[j] = load(src, in+stage.Int(j*stride))
	}
	y := dft(x)
	for k := range y {
		store(dst, out+stage.Int(k), y[k])
	}
}

// dft returns the DFT of x, whose length is a power of two, by radix-2
// decimation in time. Its recursion is on the static length: it unrolls.
func dft(x []cplx) []cplx {
	n := len(x)
	if n == 1 {
		return x
	}
	even := make([]cplx, n/2)
	odd := make([]cplx, n/2)
	for i := range even {
		even[i], odd[i] = x[2*i], x[2*i+1]
	}
	e, o := dft(even), dft(odd)
	y := make([]cplx, n)
	for k := 0; k < n/2; k++ {
		t := twiddle(o[k], k, n)
		y[k], y[k+n/2] = add(e[k], t), sub(e[k], t)
	}
	return y
}

// twiddle returns a·exp(-2πi·k/n) for static k and n. The factors 1, -i
// and (±1-i)/√2 need fewer multiplications than the general product with
// constant cos and sin.
func twiddle(a cplx, k, n int) cplx {
	const h = math.Sqrt2 / 2
	switch {
	case k == 0:
		return a
	case 4*k == n: // -i
		return cplx{a.im, -a.re}
	case 8*k == n: // (1-i)/√2
		return cplx{(a.re + a.im) * h, (a.im - a.re) * h}
	case 8*k == 3*n: // (-1-i)/√2
		return cplx{(a.im - a.re) * h, -(a.re + a.im) * h}
	}
	s, c := math.Sincos(-2 * math.Pi * float64(k) / float64(n))
	return cplx{a.re*stage.Float64(c) - a.im*stage.Float64(s), a.re*stage.Float64(s) + a.im*stage.Float64(c)}
}

// twiddles returns the real and imaginary parts of exp(-2πi·k/m), k < m/2.
func twiddles(m int) (re, im []float64) {
	re, im = make([]float64, m/2), make([]float64, m/2)
	for k := range re {
		im[k], re[k] = math.Sincos(-2 * math.Pi * float64(k) / float64(m))
	}
	return re, im
}

// bitReversal returns the permutation of 0..n-1 (n a power of two) that
// reverses the log2(n) bits of each index.
func bitReversal(n int) []int {
	rev := make([]int, n)
	for i := 1; i < n; i++ {
		rev[i] = rev[i>>1] >> 1
		if i&1 == 1 {
			rev[i] |= n >> 1
		}
	}
	return rev
}
