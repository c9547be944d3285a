package fft

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
	"gonum.org/v1/gonum/dsp/fourier"
)

// Benchmark names follow examples/README.md: Benchmark{Anchor,Alt,Native,
// GenGo,GenC}<kernel>. Anchor is gonum's CoefficientsRadix4 (Radix2 for
// sizes that are not powers of 4), which transforms in place: each
// iteration first copies the input into its buffer, as a caller that keeps
// its input must (n*16 bytes; about n/4 ns). Alt is gonum's CmplxFFT
// (FFTPACK), out of place with a precomputed plan.

type signal struct {
	x, buf, dst []complex128
	rx, rdst    []stage.Complex128
}

func newSignal(n int) *signal {
	x := randSignal(rand.New(rand.NewPCG(uint64(n), 3)), n)
	return &signal{x: x, buf: make([]complex128, n), dst: make([]complex128, n),
		rx: reps(x), rdst: make([]stage.Complex128, n)}
}

func benchRadix(b *testing.B, n int) {
	s := newSignal(n)
	f := fourier.CoefficientsRadix2
	if isPow4(n) {
		f = fourier.CoefficientsRadix4
	}
	defer cputime.Report(b)()
	for b.Loop() {
		copy(s.buf, s.x)
		f(s.buf)
	}
}

func benchCmplxFFT(b *testing.B, n int) {
	s := newSignal(n)
	plan := fourier.NewCmplxFFT(n)
	defer cputime.Report(b)()
	for b.Loop() {
		plan.Coefficients(s.dst, s.x)
	}
}

func benchNative(b *testing.B, n, leaf int) {
	s := newSignal(n)
	defer cputime.Report(b)()
	for b.Loop() {
		FFT(s.rdst, s.rx, n, leaf)
	}
}

func BenchmarkAnchorFFT16(b *testing.B)   { benchRadix(b, 16) }
func BenchmarkAnchorFFT32(b *testing.B)   { benchRadix(b, 32) }
func BenchmarkAnchorFFT64(b *testing.B)   { benchRadix(b, 64) }
func BenchmarkAnchorFFT128(b *testing.B)  { benchRadix(b, 128) }
func BenchmarkAnchorFFT256(b *testing.B)  { benchRadix(b, 256) }
func BenchmarkAnchorFFT512(b *testing.B)  { benchRadix(b, 512) }
func BenchmarkAnchorFFT1024(b *testing.B) { benchRadix(b, 1024) }

func BenchmarkAltFFT16(b *testing.B)   { benchCmplxFFT(b, 16) }
func BenchmarkAltFFT32(b *testing.B)   { benchCmplxFFT(b, 32) }
func BenchmarkAltFFT64(b *testing.B)   { benchCmplxFFT(b, 64) }
func BenchmarkAltFFT128(b *testing.B)  { benchCmplxFFT(b, 128) }
func BenchmarkAltFFT256(b *testing.B)  { benchCmplxFFT(b, 256) }
func BenchmarkAltFFT512(b *testing.B)  { benchCmplxFFT(b, 512) }
func BenchmarkAltFFT1024(b *testing.B) { benchCmplxFFT(b, 1024) }

func BenchmarkNativeFFT16(b *testing.B)   { benchNative(b, 16, 16) }
func BenchmarkNativeFFT32(b *testing.B)   { benchNative(b, 32, 16) }
func BenchmarkNativeFFT64(b *testing.B)   { benchNative(b, 64, 16) }
func BenchmarkNativeFFT128(b *testing.B)  { benchNative(b, 128, 16) }
func BenchmarkNativeFFT256(b *testing.B)  { benchNative(b, 256, 16) }
func BenchmarkNativeFFT512(b *testing.B)  { benchNative(b, 512, 16) }
func BenchmarkNativeFFT1024(b *testing.B) { benchNative(b, 1024, 16) }
