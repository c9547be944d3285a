// Tests and benchmarks of FFTAoS, the transform written over slices of
// records passed by the caller.

package fft

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/lmsgen/lmsgen/stage"
)

// records views a []complex128 as a []Complex, the same memory (the
// layouts are the same): the AoS kernels are run and measured on FFT's
// data, with no copy.
func records[E complex128 | stage.Complex128](s []E) []Complex {
	return unsafe.Slice((*Complex)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// aosKernel adapts an FFTAoS kernel to FFT's signature.
func aosKernel(f func(dst, src []Complex)) func(dst, src []complex128) {
	return func(dst, src []complex128) { f(records(dst), records(src)) }
}

var genGoAoS = []kernel{{64, 16, aosKernel(FFTAoS64)}, {1024, 16, aosKernel(FFTAoS1024)}}

// TestFFTAoSNative: run natively, FFTAoS computes FFT's result bit for
// bit (the same operations on the same values), so that the generated
// FFTAoS kernels are checked against fftNative.
func TestFFTAoSNative(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, n := range []int{16, 64, 256, 1024} {
		x := reps(randSignal(r, n))
		want, got := make([]stage.Complex128, n), make([]stage.Complex128, n)
		FFT(want, x, n, 16)
		FFTAoS(records(got), records(x), n, 16)
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
