package fft

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/approx"
	"github.com/lmsgen/lmsgen/examples/internal/rep"
	"github.com/lmsgen/lmsgen/stage"
	"gonum.org/v1/gonum/dsp/fourier"
)

// sizes are the sizes of the //lms:gen directives, with their leaf.
var sizes = []struct{ n, leaf int }{
	{16, 16}, {32, 16}, {64, 16}, {128, 16}, {256, 16}, {512, 16}, {1024, 16},
}

func randSignal(r *rand.Rand, n int) []complex128 {
	x := make([]complex128, n)
	for i := range x {
		x[i] = complex(2*r.Float64()-1, 2*r.Float64()-1)
	}
	return x
}

func reps(x []complex128) []stage.Complex128      { return rep.ConvertComplex[stage.Complex128](x) }
func complexes(s []stage.Complex128) []complex128 { return rep.ConvertComplex[complex128](s) }

// fftNative runs the staging function natively.
func fftNative(x []complex128, n, leaf int) []complex128 {
	dst := make([]stage.Complex128, n)
	FFT(dst, reps(x), n, leaf)
	return complexes(dst)
}

// radix runs gonum's in-place radix-4 transform, or radix-2 for sizes
// that are not powers of 4.
func radix(x []complex128) []complex128 {
	y := append([]complex128(nil), x...)
	if isPow4(len(y)) {
		return fourier.CoefficientsRadix4(y)
	}
	return fourier.CoefficientsRadix2(y)
}

func isPow4(n int) bool { return n&(n-1) == 0 && n&0x5555555555555555 != 0 }

func TestFFTNativeVsGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, s := range sizes {
		plan := fourier.NewCmplxFFT(s.n)
		for range 5 {
			x := randSignal(r, s.n)
			got := fftNative(x, s.n, s.leaf)
			if e := approx.RelErrComplex(got, plan.Coefficients(nil, x)); e > 1e-9 {
				t.Errorf("n=%d: FFT differs from CmplxFFT by %g", s.n, e)
			}
			if e := approx.RelErrComplex(got, radix(x)); e > 1e-9 {
				t.Errorf("n=%d: FFT differs from CoefficientsRadix2/4 by %g", s.n, e)
			}
		}
	}
}

// dftDirect is the O(n²) definition.
func dftDirect(x []complex128) []complex128 {
	n := len(x)
	y := make([]complex128, n)
	for k := range y {
		var s complex128
		for j, v := range x {
			s += v * cmplx.Rect(1, -2*math.Pi*float64(j*k%n)/float64(n))
		}
		y[k] = s
	}
	return y
}

// Every leaf size takes the same result through a different split into
// codelets (several levels of splits when n > leaf²).
func TestFFTLeaves(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for _, n := range []int{1, 2, 4, 8, 32, 128, 512} {
		x := randSignal(r, n)
		want := dftDirect(x)
		for leaf := 2; leaf <= 2*n; leaf *= 2 {
			if e := approx.RelErrComplex(fftNative(x, n, leaf), want); e > 1e-13 {
				t.Errorf("n=%d leaf=%d: FFT differs from the definition by %g", n, leaf, e)
			}
		}
	}
}

// Special inputs: an impulse transforms to all ones, a constant to an
// impulse, a pure tone to one spike.
func TestFFTSpecialInputs(t *testing.T) {
	const n = 64
	impulse := make([]complex128, n)
	impulse[0] = 1
	ones := make([]complex128, n)
	for i := range ones {
		ones[i] = 1
	}
	tone := make([]complex128, n)
	for j := range tone {
		tone[j] = cmplx.Rect(1, 2*math.Pi*5*float64(j)/n)
	}
	spike := make([]complex128, n)
	spike[5] = n
	nImpulse := make([]complex128, n)
	nImpulse[0] = n
	for _, tt := range []struct {
		name    string
		in, out []complex128
	}{{"impulse", impulse, ones}, {"constant", ones, nImpulse}, {"tone", tone, spike}} {
		for _, leaf := range []int{4, 8, 64} {
			if e := approx.RelErrComplex(fftNative(tt.in, n, leaf), tt.out); e > 1e-13 {
				t.Errorf("%s, leaf=%d: error %g", tt.name, leaf, e)
			}
		}
	}
}

func TestFFTBadSize(t *testing.T) {
	for _, s := range []struct{ n, leaf int }{{0, 2}, {12, 4}, {16, 3}, {16, 0}, {16, 1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("FFT(n=%d, leaf=%d) did not panic", s.n, s.leaf)
				}
			}()
			FFT(make([]stage.Complex128, 16), make([]stage.Complex128, 16), s.n, s.leaf)
		}()
	}
}
