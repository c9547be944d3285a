// Tests and benchmarks of the generated Go code (fft_lms.go).

package fft

import (
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/approx"
	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"gonum.org/v1/gonum/dsp/fourier"
)

// kernel is a generated transform of size n, with the leaf of its directive.
type kernel struct {
	n, leaf int
	fn      func(dst, src []complex128)
}

var genGo = []kernel{
	{16, 16, FFT16}, {32, 16, FFT32}, {64, 16, FFT64}, {128, 16, FFT128},
	{256, 16, FFT256}, {512, 16, FFT512}, {1024, 16, FFT1024},
}

// checkKernels compares each kernel with its staging function run natively
// (the same operations: the same bits) and with gonum (within 1e-9).
func checkKernels(t *testing.T, lang string, ks []kernel) {
	t.Helper()
	r := rand.New(rand.NewPCG(21, 22))
	for _, k := range ks {
		plan := fourier.NewCmplxFFT(k.n)
		for range 5 {
			x := randSignal(r, k.n)
			got := make([]complex128, k.n)
			k.fn(got, x)
			want := fftNative(x, k.n, k.leaf)
			for i := range want {
				if got[i] != want[i] && !(cmplx.IsNaN(got[i]) && cmplx.IsNaN(want[i])) {
					t.Fatalf("%s FFT%d: dst[%d] = %v, staging function = %v", lang, k.n, i, got[i], want[i])
				}
			}
			if e := approx.RelErrComplex(got, plan.Coefficients(nil, x)); e > 1e-9 {
				t.Errorf("%s FFT%d differs from CmplxFFT by %g", lang, k.n, e)
			}
		}
	}
}

func TestGeneratedGo(t *testing.T) { checkKernels(t, "Go", genGo) }

func benchKernel(b *testing.B, k kernel) {
	s := newSignal(k.n)
	defer cputime.Report(b)()
	for b.Loop() {
		k.fn(s.dst, s.x)
	}
}

func BenchmarkGenGoFFT16(b *testing.B)   { benchKernel(b, genGo[0]) }
func BenchmarkGenGoFFT32(b *testing.B)   { benchKernel(b, genGo[1]) }
func BenchmarkGenGoFFT64(b *testing.B)   { benchKernel(b, genGo[2]) }
func BenchmarkGenGoFFT128(b *testing.B)  { benchKernel(b, genGo[3]) }
func BenchmarkGenGoFFT256(b *testing.B)  { benchKernel(b, genGo[4]) }
func BenchmarkGenGoFFT512(b *testing.B)  { benchKernel(b, genGo[5]) }
func BenchmarkGenGoFFT1024(b *testing.B) { benchKernel(b, genGo[6]) }
