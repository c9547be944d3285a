// Tests and benchmarks of the generated Go code (bf_lms.go).

package bf

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
)

// compiled is a generated program and its source.
type compiled struct {
	prog string
	fn   func(tape, in, out []byte) int
}

var genGo = []compiled{{Reverse, BFReverse}, {Checksum, BFChecksum}, {Squares, BFSquares}}

// checkCompiled compares each compiled program with the staging function
// run natively, on random inputs.
func checkCompiled(t *testing.T, lang string, cs []compiled) {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range cs {
		for range 50 {
			in := randInput(r, r.IntN(100))
			out := make([]byte, len(in)+1)
			n := c.fn(make([]byte, len(in)+8), in, out)
			if want := runNative(c.prog, in); !bytes.Equal(out[:n], want) {
				t.Errorf("%s %.12q on %v: %v, staging function: %v", lang, c.prog, in, out[:n], want)
			}
		}
	}
}

func TestGeneratedGo(t *testing.T) { checkCompiled(t, "Go", genGo) }

func benchCompiled(b *testing.B, c compiled) {
	m := newIO()
	defer cputime.Report(b)()
	for b.Loop() {
		sinkInt = c.fn(m.tape, m.in, m.out)
	}
}

func BenchmarkGenGoBFReverse(b *testing.B)  { benchCompiled(b, genGo[0]) }
func BenchmarkGenGoBFChecksum(b *testing.B) { benchCompiled(b, genGo[1]) }
func BenchmarkGenGoBFSquares(b *testing.B)  { benchCompiled(b, genGo[2]) }
