package fft

// The tests of the generated C code (genc_test.go, aosc_test.go) are in
// package fft_test: the cgo bridge lmsc imports fft (FFTAoS's []Complex),
// so a test of package fft cannot import it.

// Kernel is kernel for package fft_test.
type Kernel = kernel

// NewKernel returns the kernel fn of size n and leaf.
func NewKernel(n, leaf int, fn func(dst, src []complex128)) Kernel {
	return kernel{n, leaf, fn}
}

// AoSKernel is aosKernel.
var AoSKernel = aosKernel

// CheckKernels is checkKernels.
var CheckKernels = checkKernels

// BenchKernel is benchKernel.
var BenchKernel = benchKernel
