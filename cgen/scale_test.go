package cgen_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// TestOpCoverage checks that the cases the emitter is tested on use every
// operator of the ir table, so that an operator added to the table without
// a test (or a C translation) is noticed.
func TestOpCoverage(t *testing.T) {
	seen := map[ir.Op]bool{}
	for _, c := range append(append(corpus.Cases(), extraCases()...), bridgeCases()...) {
		for _, n := range c.Build().Nodes {
			seen[n.Op] = true
		}
	}
	for _, n := range aosGraph().Nodes { // TestBridgeAoS
		seen[n.Op] = true
	}
	for _, op := range ir.Ops() {
		if !seen[op] && !op.Info().Lowered {
			t.Errorf("no test case uses the operator %s", op)
		}
	}
}

// deepGraph returns a function with a loop around conditionals nested
// depth deep, each printing and accumulating into a variable, and an
// unrolled sum of width terms.
func deepGraph(depth, width int) *ir.Graph {
	b := nb()
	return b.Build(ts(ir.Int, ints), func(p []ir.Exp) ir.Exp {
		acc := b.NewVar(b.i(0))
		i := b.NewVar(b.i(0))
		b.While(func() ir.Exp { return b.cmp(ir.OpLt, b.ReadVar(i), p[0]) }, func() {
			var nest func(k int) ir.Exp
			nest = func(k int) ir.Exp {
				if k == depth {
					b.println(b.ReadVar(acc))
					return b.Unit()
				}
				return b.If(b.cmp(ir.OpLt, b.i(k), b.ReadVar(i)), ir.Void, func() ir.Exp {
					b.WriteVar(acc, b.add(b.ReadVar(acc), b.i(k)))
					return nest(k + 1)
				}, func() ir.Exp { return b.Unit() })
			}
			nest(0)
			b.WriteVar(i, b.add(b.ReadVar(i), b.i(1)))
		})
		sum := b.ReadVar(acc)
		for k := 0; k < width; k++ {
			sum = b.add(sum, b.mul(b.Index(p[1], b.i(k%8)), b.i(k)))
		}
		return sum
	})
}

// TestDeepGraph emits a function nested several hundred blocks deep with
// thousands of nodes, twice (the bytes must agree), and compiles it with
// the strict flags.
func TestDeepGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a large C file")
	}
	t.Parallel()
	emitDeep := func() output {
		s := sched.Run(deepGraph(200, 1000), sched.Options{})
		return emit(t, "deep", []cgen.Func{{Name: "Deep", Schedule: s}}, cgen.Options{})
	}
	out := emitDeep()
	if again := emitDeep(); !bytes.Equal(out.c, again.c) {
		t.Fatal("two emissions differ")
	}
	if n := strings.Count(string(out.c), "if ("); n < 200 {
		t.Errorf("%d conditionals written, want at least 200", n)
	}
	dir := t.TempDir()
	writeC(t, dir, ".", "deep", out)
	cFile, _, _ := cgen.FileNames("deep")
	if err := compileC("gcc", filepath.Join(dir, cFile)); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkFile measures the emission of a function of about 10^5 nodes
// nested 1000 deep (scheduling excluded).
func BenchmarkFile(b *testing.B) {
	s := sched.Run(deepGraph(1000, 30000), sched.Options{})
	funcs := []cgen.Func{{Name: "Deep", Schedule: s}}
	b.ResetTimer()
	for range b.N {
		if _, _, err := cgen.File("deep", funcs, cgen.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
