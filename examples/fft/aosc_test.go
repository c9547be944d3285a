//go:build cgo

package fft

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/fft/lmsc"
)

var genCAoS = []kernel{{64, 16, lmsc.FFTAoS64}, {1024, 16, lmsc.FFTAoS1024}}

func TestGeneratedCAoS(t *testing.T) { checkKernels(t, "C AoS", genCAoS) }

func BenchmarkGenCFFTAoS64(b *testing.B)   { benchKernel(b, genCAoS[0]) }
func BenchmarkGenCFFTAoS1024(b *testing.B) { benchKernel(b, genCAoS[1]) }
