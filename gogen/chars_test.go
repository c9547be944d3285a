package gogen_test

import (
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// stageLeaf describes a top-level parameter of a stage type (name: Byte,
// Rune, Int32...), a slice of one if slice is set.
func stageLeaf(param string, t *ir.Type, name string, slice bool) ir.GoValue {
	return ir.GoValue{Name: param, Type: t, Named: ir.GoName{Path: "github.com/lmsgen/lmsgen/stage", Name: name}, Slice: slice}
}

// TestCharParams emits comparisons of constants with parameters whose
// stage type says they hold characters (stage.Byte, []stage.Rune) and
// with parameters of the same Go types that hold numbers (stage.Int32,
// stage.Uint8), then compiles and runs the function.
func TestCharParams(t *testing.T) {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.Uint8, ir.SliceOf(ir.Int32), ir.Int32, ir.Uint8}, func(p []ir.Exp) ir.Exp {
		c, rs, n, u := p[0], p[1], p[2], p[3]
		k8 := func(v uint8) ir.Exp { return b.Const(ir.Uint8, v) }
		k32 := func(v int32) ir.Exp { return b.Const(ir.Int32, v) }
		r := b.Index(rs, b.Const(ir.Int, 0))
		b.Name(r, "r")
		lower := b.Binary(ir.OpAnd, b.Compare(ir.OpGe, r, k32('a')), b.Compare(ir.OpLe, r, k32('z')))
		return b.Tuple(
			b.Compare(ir.OpEq, c, k8('0')),
			lower,
			b.Compare(ir.OpEq, r, k32('é')),
			b.Compare(ir.OpNe, c, k8('\n')), // not printable: a number
			b.Compare(ir.OpEq, n, k32('a')), // stage.Int32: a number
			b.Compare(ir.OpEq, u, k8('0')),  // stage.Uint8: a number
		)
	})
	f := gogen.Func{Name: "Classify", Schedule: sched.Run(g, sched.Options{}), ParamNames: []string{"c", "rs", "n", "u"},
		Params: []ir.GoValue{
			stageLeaf("c", ir.Uint8, "Byte", false), stageLeaf("rs", ir.SliceOf(ir.Int32), "Rune", true),
			stageLeaf("n", ir.Int32, "Int32", false), stageLeaf("u", ir.Uint8, "Uint8", false)}}
	src, err := gogen.File("main", []gogen.Func{f}, gogen.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for _, want := range []string{"c == '0'", "r := rs[0]", "r >= 'a' && r <= 'z'", "r == 'é'", "c != '\\n'", "n == 97", "u == 48"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("missing %q in:\n%s", want, src)
		}
	}
	out := runMain(t, "charrun", string(src), `package main

import "fmt"

func main() {
	fmt.Println(Classify('0', []int32{'q'}, 'a', '0'))
	fmt.Println(Classify('\n', []int32{'é'}, 'b', '1'))
}
`)
	if want := "true true false true true true\nfalse false true false false false\n"; out != want {
		t.Errorf("Classify printed %q, want %q", out, want)
	}
}
