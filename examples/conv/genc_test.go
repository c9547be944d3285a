//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package conv

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/conv/lmsc"
)

var genC = []filter{{"Blur3", Conv, Gauss3, lmsc.Blur3}, {"Sobel3", Conv, SobelX, lmsc.Sobel3}, {"Blur5", Conv, Gauss5, lmsc.Blur5},
	{"Sharpen3", Conv, Sharpen, lmsc.Sharpen3}, {"Blur3Exact", ConvExact, Gauss3, lmsc.Blur3Exact}}

func TestGeneratedC(t *testing.T) { checkFilters(t, "C", genC) }

func BenchmarkGenCBlur3(b *testing.B)      { benchFilter(b, genC[0]) }
func BenchmarkGenCSobel3(b *testing.B)     { benchFilter(b, genC[1]) }
func BenchmarkGenCBlur5(b *testing.B)      { benchFilter(b, genC[2]) }
func BenchmarkGenCSharpen3(b *testing.B)   { benchFilter(b, genC[3]) }
func BenchmarkGenCBlur3Exact(b *testing.B) { benchFilter(b, genC[4]) }
