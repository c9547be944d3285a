//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package matmul

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/matmul/lmsc"
)

var genC = []kernel{
	{"MatMul4", 4, false, lmsc.MatMul4}, {"MatMul8", 8, false, lmsc.MatMul8}, {"MatMul16", 16, false, lmsc.MatMul16},
	{"MatVec4", 4, true, lmsc.MatVec4}, {"MatVec8", 8, true, lmsc.MatVec8}, {"MatVec16", 16, true, lmsc.MatVec16},
}

func TestGeneratedC(t *testing.T) { checkKernels(t, "C", genC) }

func TestGeneratedCSpecial(t *testing.T) { checkSpecial(t, "C", genC) }

func TestGeneratedCAliased(t *testing.T) { checkAliased(t, "C", genC) }

func BenchmarkGenCMatMul4(b *testing.B)  { benchKernel(b, genC[0]) }
func BenchmarkGenCMatMul8(b *testing.B)  { benchKernel(b, genC[1]) }
func BenchmarkGenCMatMul16(b *testing.B) { benchKernel(b, genC[2]) }
func BenchmarkGenCMatVec4(b *testing.B)  { benchKernel(b, genC[3]) }
func BenchmarkGenCMatVec8(b *testing.B)  { benchKernel(b, genC[4]) }
func BenchmarkGenCMatVec16(b *testing.B) { benchKernel(b, genC[5]) }
