//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package conv

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/conv/lmsc"
)

var genC = []filter{{"Blur3", Gauss3, lmsc.Blur3}, {"Sobel3", SobelX, lmsc.Sobel3}, {"Blur5", Gauss5, lmsc.Blur5}}

func TestGeneratedC(t *testing.T) { checkFilters(t, "C", genC) }

func BenchmarkGenCBlur3(b *testing.B)  { benchFilter(b, genC[0]) }
func BenchmarkGenCSobel3(b *testing.B) { benchFilter(b, genC[1]) }
func BenchmarkGenCBlur5(b *testing.B)  { benchFilter(b, genC[2]) }
