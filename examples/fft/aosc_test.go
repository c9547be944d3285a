//go:build cgo

package fft_test

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/fft"
	"github.com/lmsgen/lmsgen/examples/fft/lmsc"
)

var genCAoS = []fft.Kernel{fft.NewKernel(64, 16, fft.AoSKernel(lmsc.FFTAoS64)), fft.NewKernel(1024, 16, fft.AoSKernel(lmsc.FFTAoS1024))}

func TestGeneratedCAoS(t *testing.T) { fft.CheckKernels(t, "C AoS", genCAoS) }

func BenchmarkGenCFFTAoS64(b *testing.B)   { fft.BenchKernel(b, genCAoS[0]) }
func BenchmarkGenCFFTAoS1024(b *testing.B) { fft.BenchKernel(b, genCAoS[1]) }
