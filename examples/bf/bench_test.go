package bf

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// Benchmark names follow examples/README.md: Benchmark{Anchor,Alt,Native,
// GenGo,GenC}<kernel>. Anchor is the bytecode Interpreter; Native is Run,
// the staging function, which walks the op tree (a tree-walking
// interpreter). Every benchmark runs its program on the same 1000 random
// input bytes; the programs clear the cells they use, so the tape is reused.

const benchInput = 1000

type machineIO struct {
	tape, in, out    []byte
	rtape, rin, rout []stage.Byte
}

func newIO() *machineIO {
	in := randInput(rand.New(rand.NewPCG(5, 6)), benchInput)
	return &machineIO{
		tape: make([]byte, benchInput+8), in: in, out: make([]byte, benchInput),
		rtape: make([]stage.Byte, benchInput+8), rin: reps(in), rout: make([]stage.Byte, benchInput),
	}
}

var sinkInt int

func benchInterp(b *testing.B, prog string) {
	it, err := NewInterpreter(prog)
	if err != nil {
		b.Fatal(err)
	}
	m := newIO()
	defer cputime.Report(b)()
	for b.Loop() {
		sinkInt = it.Run(m.tape, m.in, m.out)
	}
}

func benchNative(b *testing.B, prog string) {
	m := newIO()
	defer cputime.Report(b)()
	for b.Loop() {
		sinkInt = int(Run(prog, m.rtape, m.rin, m.rout))
	}
}

func BenchmarkAnchorBFReverse(b *testing.B)  { benchInterp(b, Reverse) }
func BenchmarkAnchorBFChecksum(b *testing.B) { benchInterp(b, Checksum) }
func BenchmarkAnchorBFSquares(b *testing.B)  { benchInterp(b, Squares) }
func BenchmarkNativeBFReverse(b *testing.B)  { benchNative(b, Reverse) }
func BenchmarkNativeBFChecksum(b *testing.B) { benchNative(b, Checksum) }
func BenchmarkNativeBFSquares(b *testing.B)  { benchNative(b, Squares) }
