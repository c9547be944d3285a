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
// A size up to leaf (a power of two) is one straight-line codelet: a radix-2
// decimation in time whose recursion on the static size unrolls, with every
// twiddle factor a constant and the trivial ones (1, -i, (±1-i)/√2) costing
// fewer operations. A larger n = n1·n2 is split in the Cooley-Tukey way
// (the "four-step" algorithm): a staged loop runs n2 transforms of size n1
// on strides of src, each into a block of dst, then a second staged loop
// runs n1 codelets of size n2 across the blocks, in place, their inputs
// first multiplied by twiddle factors read from a static table. A transform
// of size n1 > leaf splits again. So the generated code holds one codelet
// per level of splits (two up to leaf², three up to leaf³), whatever n is.
//
// leaf=16 is the fastest generated Go on amd64 for every n: a codelet of 32
// points keeps more values alive than there are registers, and costs more
// per point than a pass more of smaller ones.
//
//lms:gen FFT16 n=16 leaf=16
//lms:gen FFT32 n=32 leaf=16 -simd
//lms:gen FFT64 n=64 leaf=16 -simd
//lms:gen FFT128 n=128 leaf=16 -simd
//lms:gen FFT256 n=256 leaf=16 -simd
//lms:gen FFT512 n=512 leaf=16 -simd
//lms:gen FFT1024 n=1024 leaf=16 -simd
func FFT(dst, src []stage.Complex128, n, leaf int) {
	if n < 1 || n&(n-1) != 0 || leaf < 2 || leaf&(leaf-1) != 0 {
		panic("fft: n must be a power of two, leaf a power of two ≥ 2")
	}
	transform(dst, 0, src, 0, 1, n, leaf)
}

// transform sets dst[out+k], k < n, to the DFT of src[in+j·stride], j < n.
func transform(dst []stage.Complex128, out stage.Int, src []stage.Complex128, in stage.Int, stride, n, leaf int) {
	lanes := laneCount()
	if n <= leaf {
		s, d := span(src, in, n, stride), span(dst, out, n, 1)
		dft(n,
			func(j int) cplx { return load(s, stage.Int(j*stride)) },
			func(k int, v cplx) { store(d, stage.Int(k), v) })
		return
	}
	n1, n2 := split(n, leaf)
	// With j = n2·j1 + j2 and k = k1 + n1·k2:
	//   X[k] = Σ_j2 ω_n2^(j2·k2) · ω_n^(j2·k1) · Σ_j1 x[j] ω_n1^(j1·k1).
	// Block j2 of dst receives the inner sums (transforms of size n1):
	// lanes of them at a time, side by side, when they are codelets.
	if n1 <= leaf && n2%lanes == 0 {
		for j2 := stage.Int(0); j2 < stage.Int(n2); j2 += stage.Int(lanes) {
			s := span(src, in+j2*stage.Int(stride), lanes+(n1-1)*n2, stride)
			d := span(dst, out+j2*stage.Int(n1), lanes*n1, 1)
			dftLanes(n1, lanes,
				func(j, l int) cplx { return load(s, stage.Int((l+j*n2)*stride)) },
				func(k, l int, v cplx) { store(d, stage.Int(l*n1+k), v) })
		}
	} else {
		for j2 := stage.Int(0); j2 < stage.Int(n2); j2++ {
			transform(dst, out+j2*stage.Int(n1), src, in+j2*stage.Int(stride), stride*n2, n1, leaf)
		}
	}
	// Element k1 of every block, times ω_n^(j2·k1), transforms (size n2)
	// into X[k1 + n1·k2], the places it was read from: lanes codelets at a
	// time (k1 to k1+lanes-1), each lane on its own elements, side by
	// side, so that the vectorizer (lmsgen -simd) makes one vector
	// operation of each operation of the codelet.
	l1 := lanes
	if n1%lanes != 0 {
		l1 = 1
	}
	tw := twiddles(n1, n2, l1)
	for k1 := stage.Int(0); k1 < stage.Int(n1); k1 += stage.Int(l1) {
		d := span(dst, out+k1, l1+(n2-1)*n1, 1)
		t := lanesTwiddles(tw, k1, n2, l1)
		dftLanes(n2, l1,
			func(j2, l int) cplx {
				x := load(d, stage.Int(j2*n1+l))
				if j2 == 0 {
					return x
				}
				return mul(x, twiddle(t, j2, l, l1))
			},
			func(k2, l int, v cplx) { store(d, stage.Int(k2*n1+l), v) })
	}
}

// laneCount is the number of codelets transform computes side by side:
// in the vector build four, as four float64 are one vector of 256 bits
// (the real or the imaginary parts of four points); in the plain build
// one, as four scalar codelets side by side spill registers (FFT1024's
// plain Go took 8.0-11.9 µs with four, 5.2-7.5 µs with one).
func laneCount() int {
	if stage.SIMD() {
		return 4
	}
	return 1
}

// span returns the part of s from i that holds the n elements i, i+stride,
// …: the codelets index it with constants below its length, which the Go
// compiler then knows, so that one bounds check (of the sub-slice) replaces
// one per element.
func span(s []stage.Complex128, i stage.Int, n, stride int) []stage.Complex128 {
	return s[i : i+stage.Int((n-1)*stride+1)]
}

// split returns n1·n2 = n for n > leaf. The transform takes
// ⌈log2 n / log2 leaf⌉ passes over the data, one per level of splits; the
// sizes of the codelets are as equal as those levels allow, which costs
// less than full-size codelets with a small remainder (a large codelet keeps
// more values alive than there are registers). n2, the size of the codelets
// of the second step, is the largest.
func split(n, leaf int) (n1, n2 int) {
	bits, leafBits := log2(n), log2(leaf)
	levels := (bits + leafBits - 1) / leafBits
	b2 := (bits + levels - 1) / levels
	return n >> b2, 1 << b2
}

// log2 returns the base-2 logarithm of n, a power of two.
func log2(n int) int {
	b := 0
	for ; n > 1; n >>= 1 {
		b++
	}
	return b
}

// cplx is a complex number as two Reps: a static record, split into its
// fields by lmsgen.
type cplx struct{ re, im stage.Float64 }

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

// dft computes the DFT of the n inputs get(0), ..., get(n-1) (n a power of
// two) by radix-2 decimation in time and passes output k to put(k, ·). Its
// recursion is on the static n: it unrolls into straight-line code. It is
// depth first, and asks for an input only when it needs it and hands out an
// output as soon as it has it, so that the generated code keeps few values
// alive at a time.
func dft(n int, get func(j int) cplx, put func(k int, v cplx)) {
	dftLanes(n, 1,
		func(j, _ int) cplx { return get(j) },
		func(k, _ int, v cplx) { put(k, v) })
}

// dftLanes is dft of lanes transforms side by side: get(j, l) is input j
// of transform l, put(k, l, v) its output k. Each step of the recursion
// does its operation for every lane, one after the other, so that the
// operations of the lanes are next to each other in the generated code
// (and a vector operation with -simd); each lane's operations are dft's.
func dftLanes(n, lanes int, get func(j, l int) cplx, put func(k, l int, v cplx)) {
	if n == 1 {
		for l := range lanes {
			put(0, l, get(0, l))
		}
		return
	}
	h := n / 2
	e, o := make([]cplx, h*lanes), make([]cplx, h*lanes)
	dftLanes(h, lanes, func(j, l int) cplx { return get(2*j, l) }, func(k, l int, v cplx) { e[k*lanes+l] = v })
	dftLanes(h, lanes, func(j, l int) cplx { return get(2*j+1, l) }, func(k, l int, v cplx) { o[k*lanes+l] = v })
	for k := range h {
		for l := range lanes {
			p, m := butterfly(e[k*lanes+l], o[k*lanes+l], k, n)
			put(k, l, p)
			put(k+h, l, m)
		}
	}
}

// butterfly returns e ± o·exp(-2πi·k/n) for static k and n. The factors 1,
// -i and (±1-i)/√2 need fewer operations than the general product with a
// constant cosine and sine; a negation they call for becomes a subtraction
// in the sums.
func butterfly(e, o cplx, k, n int) (p, m cplx) {
	const h = math.Sqrt2 / 2
	switch {
	case k == 0:
		return cplx{e.re + o.re, e.im + o.im}, cplx{e.re - o.re, e.im - o.im}
	case 4*k == n: // o·(-i) = (o.im, -o.re)
		return cplx{e.re + o.im, e.im - o.re}, cplx{e.re - o.im, e.im + o.re}
	case 8*k == n: // o·(1-i)/√2 = (tr, ti)
		tr, ti := (o.re+o.im)*h, (o.im-o.re)*h
		return cplx{e.re + tr, e.im + ti}, cplx{e.re - tr, e.im - ti}
	case 8*k == 3*n: // o·(-1-i)/√2 = (tr, -ti)
		tr, ti := (o.im-o.re)*h, (o.re+o.im)*h
		return cplx{e.re + tr, e.im - ti}, cplx{e.re - tr, e.im + ti}
	}
	s, c := math.Sincos(-2 * math.Pi * float64(k) / float64(n))
	t := mul(o, cplx{stage.Float64(c), stage.Float64(s)})
	return cplx{e.re + t.re, e.im + t.im}, cplx{e.re - t.re, e.im - t.im}
}

// twiddles returns the twiddle factors of the codelets of the second step
// in the order they read them, their real and imaginary parts apart: for
// k1 < n1 a multiple of lanes, j2 < n2 and l < lanes, the real part of
// ω^(j2·(k1+l)) at 2·(k1·n2 + j2·lanes) + l and its imaginary part lanes
// further, where ω = exp(-2πi/(n1·n2)). So the factors of the lanes of one
// input are two runs of lanes float64, one vector each in the vector
// build (with the parts interleaved, as complex numbers, the C took two
// shuffles per vector to separate them), and the factors of one group of
// codelets are contiguous, in the order the codelets read them.
func twiddles(n1, n2, lanes int) []stage.Float64 {
	n := n1 * n2
	tw := make([]stage.Float64, 2*n)
	for k1 := 0; k1 < n1; k1 += lanes {
		for j2 := range n2 {
			for l := range lanes {
				s, c := math.Sincos(-2 * math.Pi * float64(j2*(k1+l)%n) / float64(n))
				at := 2*(k1*n2+j2*lanes) + l
				tw[at], tw[at+lanes] = stage.Float64(c), stage.Float64(s)
			}
		}
	}
	return tw
}

// lanesTwiddles returns the part of twiddles' table that the group of
// codelets from k1 reads: one bounds check for the group.
func lanesTwiddles(tw []stage.Float64, k1 stage.Int, n2, lanes int) []stage.Float64 {
	at := k1 * stage.Int(2*n2)
	return tw[at : at+stage.Int(2*n2*lanes)]
}

// twiddle returns the factor of input j2 of lane l from lanesTwiddles' part.
func twiddle(t []stage.Float64, j2, l, lanes int) cplx {
	at := 2*j2*lanes + l
	return cplx{t[at], t[at+lanes]}
}
