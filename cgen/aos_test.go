package cgen_test

import (
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// aosType is kern.Pt{X float64; N int8; In kern.In{A int32; B float32}}:
// padded, nested, for TestBridgeAoS.
func aosType() *ir.Type {
	stage := func(n string) ir.GoName { return ir.GoName{Path: "github.com/lmsgen/lmsgen/stage", Name: n} }
	in := ir.StructOf(ir.GoName{Path: "bridgesig/kern", Name: "In"}, []ir.StructField{
		{Name: "A", Type: ir.Int32, Named: stage("Int32")},
		{Name: "B", Type: ir.Float32, Named: stage("Float32")},
	})
	return ir.StructOf(ir.GoName{Path: "bridgesig/kern", Name: "Pt"}, []ir.StructField{
		{Name: "X", Type: ir.Float64, Named: stage("Float64")},
		{Name: "N", Type: ir.Int8, Named: stage("Int8")},
		{Name: "In", Type: in},
	})
}

// aosGraph is func(ps, qs []Pt, k int) ([]Pt, float64): it writes ps[k]
// from qs[0] field by field (so a write through ps is read through qs when
// they overlap), sums a field of every element of qs, and returns
// ps[1:k+1] (k in range).
func aosGraph() *ir.Graph {
	pt := ir.SliceOf(aosType())
	leaf := map[string]ir.FieldSel{}
	for _, l := range aosType().Leaves() {
		leaf[l.Sel] = l
	}
	b := nb()
	return b.Build(ts(pt, pt, ir.Int), func(p []ir.Exp) ir.Exp {
		ps, qs, k := p[0], p[1], p[2]
		b.FieldSet(ps, k, leaf["X"], b.add(b.FieldGet(qs, b.i(0), leaf["X"]), b.k(ir.Float64, 0.5)))
		b.FieldSet(ps, k, leaf["N"], b.Binary(ir.OpAdd, b.FieldGet(qs, b.i(0), leaf["N"]), b.k(ir.Int8, int8(1))))
		b.FieldSet(ps, k, leaf["In.A"], b.FieldGet(qs, b.i(0), leaf["In.A"]))
		b.FieldSet(ps, k, leaf["In.B"], b.Convert(ir.Float32, b.FieldGet(qs, b.i(1), leaf["X"])))
		sum := b.NewVar(b.k(ir.Float64, 0.0))
		i := b.NewVar(b.i(0))
		b.While(func() ir.Exp { return b.cmp(ir.OpLt, b.ReadVar(i), b.Len(qs)) }, func() {
			x := b.FieldGet(qs, b.ReadVar(i), leaf["In.B"])
			b.WriteVar(sum, b.add(b.ReadVar(sum), b.Convert(ir.Float64, x)))
			b.WriteVar(i, b.add(b.ReadVar(i), b.i(1)))
		})
		return b.Tuple(b.SubSlice(ps, b.i(1), b.add(k, b.i(1))), b.ReadVar(sum))
	})
}

// TestBridgeAoS emits a specialization taking and returning slices of
// structs (ir/aos.go) in Go (gogen) and in C with its bridge, and runs a
// program that calls both on the same inputs, including two overlapping
// slices of one array: the results and the arrays after the call must
// agree, and the returned slice must share the argument's array.
func TestBridgeAoS(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	t.Parallel()
	pt := ir.SliceOf(aosType())
	params := []ir.GoValue{{Name: "ps", Type: pt}, {Name: "qs", Type: pt}, {Name: "k", Type: ir.Int}}
	results := []ir.GoValue{{Type: pt}, {Type: ir.Float64}}
	s := sched.Run(aosGraph(), sched.Options{})
	names := []string{"ps", "qs", "k"}
	goSrc, err := gogen.File("kern", []gogen.Func{{Name: "Move", Schedule: s, ParamNames: names, Params: params, Results: results}},
		gogen.Options{PkgPath: "bridgesig/kern"})
	if err != nil {
		t.Fatalf("gogen: %v\n%s", err, goSrc)
	}
	for _, want := range []string{"func Move(ps, qs []Pt, k int) ([]Pt, float64) {", ".In.A = stage.Int32("} {
		if !strings.Contains(string(goSrc), want) {
			t.Errorf("the Go output lacks %q:\n%s", want, goSrc)
		}
	}
	funcs := []cgen.Func{{Name: "Move", Schedule: s, ParamNames: names, Params: params, Results: results}}
	out := emit(t, "kern", funcs, cgen.Options{PkgPath: "bridgesig/kern"})
	for _, want := range []string{"func Move(ps []kern.Pt, qs []kern.Pt, k int) ([]kern.Pt, float64) {", "unsafe.Pointer(unsafe.SliceData(ps))"} {
		if !strings.Contains(string(out.bridge), want) {
			t.Errorf("the bridge lacks %q:\n%s", want, out.bridge)
		}
	}
	if !strings.Contains(string(out.c), "typedef struct { double f0; /* X */ int8_t f1; /* N */ lmsg_struct_In f2; /* In */ } lmsg_struct_Pt;") {
		t.Errorf("the C output lacks Pt's declaration:\n%s", out.c)
	}
	dir := bridgeModule(t, map[string][]byte{
		"kern/pt.go":       []byte("package kern\n\nimport \"github.com/lmsgen/lmsgen/stage\"\n\ntype In struct {\n\tA stage.Int32\n\tB stage.Float32\n}\n\ntype Pt struct {\n\tX  stage.Float64\n\tN  stage.Int8\n\tIn In\n}\n"),
		"kern/kern_lms.go": goSrc,
		"main.go":          []byte(aosMain),
	}, out)
	vetAndRun(t, dir)
}

const aosMain = `package main

import (
	"fmt"
	"math/rand/v2"
	"os"

	"bridgesig/kern"
	"bridgesig/kern/lmsc"
	"github.com/lmsgen/lmsgen/stage"
)

func array(r *rand.Rand) []kern.Pt {
	n := 3 + r.IntN(6)
	a := make([]kern.Pt, n, n+r.IntN(3))
	for i := range a {
		a[i] = kern.Pt{X: stage.Float64(r.NormFloat64()), N: stage.Int8(r.IntN(256) - 128), In: kern.In{A: stage.Int32(r.Int32()), B: stage.Float32(r.IntN(7))}}
	}
	return a
}

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	bad := 0
	for range 300 {
		a := array(r)
		k := r.IntN(len(a) - 1)
		// qs is a itself, a sub-slice of it (overlapping ps), or another array.
		mode := r.IntN(3)
		run := func(f func(ps, qs []kern.Pt, k int) ([]kern.Pt, float64)) string {
			ps := append([]kern.Pt(nil), a...)
			qs := ps
			switch mode {
			case 1:
				qs = ps[1:]
			case 2:
				qs = append([]kern.Pt(nil), a...)
				qs[0].X++
			}
			res, sum := f(ps, qs, k)
			shares := &res[:cap(res)][cap(res)-1] == &ps[:cap(ps)][cap(ps)-1]
			return fmt.Sprint(res, len(res), cap(res), sum, ps, qs, shares)
		}
		want, got := run(kern.Move), run(lmsc.Move)
		if got != want {
			bad++
			fmt.Printf("mode %d k %d: C %s\nGo %s\n", mode, k, got, want)
		}
	}
	if bad > 0 {
		os.Exit(1)
	}
	fmt.Println("ok")
}
`
