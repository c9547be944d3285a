//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package bf

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/bf/lmsc"
)

var genC = []compiled{{Reverse, lmsc.BFReverse}, {Checksum, lmsc.BFChecksum}, {Squares, lmsc.BFSquares}}

func TestGeneratedC(t *testing.T) { checkCompiled(t, "C", genC) }

func BenchmarkGenCBFReverse(b *testing.B)  { benchCompiled(b, genC[0]) }
func BenchmarkGenCBFChecksum(b *testing.B) { benchCompiled(b, genC[1]) }
func BenchmarkGenCBFSquares(b *testing.B)  { benchCompiled(b, genC[2]) }
