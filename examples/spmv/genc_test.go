//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package spmv

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/spmv/lmsc"
)

var genC = []kernel{
	{"SpMVBand", Band(2000, 2), SpMV, lmsc.SpMVBand},
	{"SpMVRandom", Random(1000, 8, 1), SpMV, lmsc.SpMVRandom},
	{"SpMVBandUnrolled", Band(200, 2), SpMVUnrolled, lmsc.SpMVBandUnrolled},
	{"SpMVRandomUnrolled", Random(250, 4, 1), SpMVUnrolled, lmsc.SpMVRandomUnrolled},
}

func TestGeneratedC(t *testing.T) { checkKernels(t, "C", genC) }

func BenchmarkGenCSpMVBand(b *testing.B)           { benchKernel(b, genC[0]) }
func BenchmarkGenCSpMVRandom(b *testing.B)         { benchKernel(b, genC[1]) }
func BenchmarkGenCSpMVBandUnrolled(b *testing.B)   { benchKernel(b, genC[2]) }
func BenchmarkGenCSpMVRandomUnrolled(b *testing.B) { benchKernel(b, genC[3]) }
