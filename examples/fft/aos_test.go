// Tests and benchmarks of FFTAoS, the transform written over a slice of
// records, split per field by lmsgen.

package fft

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/stage"
)

var genGoAoS = []kernel{{64, 16, FFTAoS64}, {1024, 16, FFTAoS1024}}

// TestFFTAoSNative: run natively, FFTAoS computes FFT's result bit for
// bit (the same operations on the same values), so that the generated
// FFTAoS kernels are checked against fftNative.
func TestFFTAoSNative(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, n := range []int{16, 64, 256, 1024} {
		x := reps(randSignal(r, n))
		want, got := make([]stage.Complex128, n), make([]stage.Complex128, n)
		FFT(want, x, n, 16)
		FFTAoS(got, x, n, 16)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("FFTAoS %d: dst[%d] = %v, FFT's %v", n, i, got[i], want[i])
			}
		}
	}
}

func TestGeneratedGoAoS(t *testing.T) { checkKernels(t, "Go AoS", genGoAoS) }

func BenchmarkGenGoFFTAoS64(b *testing.B)   { benchKernel(b, genGoAoS[0]) }
func BenchmarkGenGoFFTAoS1024(b *testing.B) { benchKernel(b, genGoAoS[1]) }
