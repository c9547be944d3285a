package gogen_test

import (
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// point describes a parameter or result of type Point{X, Y stage.Float64}
// of package sigrun.
func point(name string) ir.GoValue {
	f64 := ir.GoName{Path: "github.com/lmsgen/lmsgen/stage", Name: "Float64"}
	return ir.GoValue{Name: name, Named: ir.GoName{Path: "sigrun", Name: "Point"}, Fields: []ir.GoValue{
		{Name: "X", Type: ir.Float64, Named: f64}, {Name: "Y", Type: ir.Float64, Named: f64}}}
}

// TestSignatureStructs emits a function whose struct parameter covers two
// graph inputs and whose struct result is the two results of a staged
// function's call, then compiles and runs it.
func TestSignatureStructs(t *testing.T) {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.Float64, ir.Float64, ir.Float64}, func(p []ir.Exp) ir.Exp {
		swap := b.Lambda([]*ir.Type{ir.Float64, ir.Float64}, []*ir.Type{ir.Float64, ir.Float64}, func(a []ir.Exp) ir.Exp {
			return b.Tuple(b.Binary(ir.OpMul, a[1], b.Const(ir.Float64, 2.0)), b.Binary(ir.OpAdd, a[0], b.Const(ir.Float64, 1.0)))
		})
		b.Name(swap, "swap")
		return b.Apply(swap, b.Binary(ir.OpMul, p[0], p[2]), p[1])
	})
	f := gogen.Func{Name: "Swap", Schedule: sched.Run(g, sched.Options{}), ParamNames: []string{"pX", "pY", "k"},
		Params: []ir.GoValue{point("p"), {Name: "k", Type: ir.Float64}}, Results: []ir.GoValue{point("")}}
	src, err := gogen.File("main", []gogen.Func{f}, gogen.Options{PkgPath: "sigrun"})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for _, want := range []string{"func Swap(p Point, k float64) Point {", "pX := float64(p.X)",
		":= swap(pX*k, pY)", "return Point{X: stage.Float64(r0), Y: stage.Float64(r1)}"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("missing %q in:\n%s", want, src)
		}
	}
	out := runMain(t, "sigrun", string(src), `package main

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

type Point struct{ X, Y stage.Float64 }

func main() { fmt.Println(Swap(Point{X: 1.5, Y: -4}, 3)) }
`)
	if got, want := out, "{-8 5.5}\n"; got != want {
		t.Errorf("Swap(Point{1.5, -4}, 3) printed %q, want %q", got, want)
	}
}

func TestSignatureErrors(t *testing.T) {
	f := caseFunc(t, "SumSquares") // (a, b float64) float64
	for _, tc := range []struct {
		params, results []ir.GoValue
		want            string
	}{
		{[]ir.GoValue{point("p"), {Name: "k", Type: ir.Float64}}, nil, "cover the graph inputs"},
		{nil, []ir.GoValue{point("")}, "cover the graph results"},
	} {
		g := f
		g.Params, g.Results = tc.params, tc.results
		_, err := gogen.File("main", []gogen.Func{g}, gogen.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("File: error %v, want %q", err, tc.want)
		}
	}
}
