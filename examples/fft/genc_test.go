//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package fft

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/fft/lmsc"
)

var genC = []kernel{
	{16, 16, lmsc.FFT16}, {32, 16, lmsc.FFT32}, {64, 16, lmsc.FFT64}, {128, 16, lmsc.FFT128},
	{256, 16, lmsc.FFT256}, {512, 16, lmsc.FFT512}, {1024, 16, lmsc.FFT1024},
}

func TestGeneratedC(t *testing.T) { checkKernels(t, "C", genC) }

func BenchmarkGenCFFT16(b *testing.B)   { benchKernel(b, genC[0]) }
func BenchmarkGenCFFT32(b *testing.B)   { benchKernel(b, genC[1]) }
func BenchmarkGenCFFT64(b *testing.B)   { benchKernel(b, genC[2]) }
func BenchmarkGenCFFT128(b *testing.B)  { benchKernel(b, genC[3]) }
func BenchmarkGenCFFT256(b *testing.B)  { benchKernel(b, genC[4]) }
func BenchmarkGenCFFT512(b *testing.B)  { benchKernel(b, genC[5]) }
func BenchmarkGenCFFT1024(b *testing.B) { benchKernel(b, genC[6]) }
