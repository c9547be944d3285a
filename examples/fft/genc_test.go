//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package fft_test

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/fft"
	"github.com/lmsgen/lmsgen/examples/fft/lmsc"
)

var genC = []fft.Kernel{
	fft.NewKernel(16, 16, lmsc.FFT16), fft.NewKernel(32, 16, lmsc.FFT32), fft.NewKernel(64, 16, lmsc.FFT64), fft.NewKernel(128, 16, lmsc.FFT128),
	fft.NewKernel(256, 16, lmsc.FFT256), fft.NewKernel(512, 16, lmsc.FFT512), fft.NewKernel(1024, 16, lmsc.FFT1024),
}

func TestGeneratedC(t *testing.T) { fft.CheckKernels(t, "C", genC) }

func BenchmarkGenCFFT16(b *testing.B)   { fft.BenchKernel(b, genC[0]) }
func BenchmarkGenCFFT32(b *testing.B)   { fft.BenchKernel(b, genC[1]) }
func BenchmarkGenCFFT64(b *testing.B)   { fft.BenchKernel(b, genC[2]) }
func BenchmarkGenCFFT128(b *testing.B)  { fft.BenchKernel(b, genC[3]) }
func BenchmarkGenCFFT256(b *testing.B)  { fft.BenchKernel(b, genC[4]) }
func BenchmarkGenCFFT512(b *testing.B)  { fft.BenchKernel(b, genC[5]) }
func BenchmarkGenCFFT1024(b *testing.B) { fft.BenchKernel(b, genC[6]) }
