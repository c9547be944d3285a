package cgen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// TestBridgeStructs emits a specialization with a struct parameter and a
// struct result (ir.GoValue) in Go (gogen) and in C with its bridge, and
// runs a program that calls both on the same inputs: the results, the
// struct's slice field after the call, and whether the result's slice
// aliases the argument's array must agree.
func TestBridgeStructs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	t.Parallel()
	f64 := ir.SliceOf(ir.Float64)
	b := nb()
	g := b.Build(ts(ir.Float64, ir.Float64, f64, ir.String, ir.Int), func(p []ir.Exp) ir.Exp {
		x, y, v, s, k := p[0], p[1], p[2], p[3], p[4]
		sum := b.add(x, y)
		v2 := b.Append(v, sum)
		b.SetIndex(v2, b.i(0), b.mul(x, y))
		return b.Tuple(sum, b.mul(x, y), v2, b.Concat(s, b.s("!")), b.add(b.StrLen(s), k))
	})
	rec := func(name string) ir.GoValue {
		stage := func(n string) ir.GoName { return ir.GoName{Path: "github.com/lmsgen/lmsgen/stage", Name: n} }
		return ir.GoValue{Name: name, Named: ir.GoName{Path: "bridgesig/kern", Name: "Rec"}, Fields: []ir.GoValue{
			{Name: "X", Type: ir.Float64, Named: stage("Float64")},
			{Name: "Y", Type: ir.Float64, Named: stage("Float64")},
			{Name: "V", Type: f64, Named: stage("Float64"), Slice: true},
			{Name: "S", Type: ir.String, Named: stage("String")},
		}}
	}
	params := []ir.GoValue{rec("p"), {Name: "k", Type: ir.Int}}
	results := []ir.GoValue{rec(""), {Type: ir.Int}}
	s := sched.Run(g, sched.Options{})
	names := []string{"pX", "pY", "pV", "pS", "k"}
	goSrc, err := gogen.File("kern", []gogen.Func{{Name: "Move", Schedule: s, ParamNames: names, Params: params, Results: results}},
		gogen.Options{PkgPath: "bridgesig/kern"})
	if err != nil {
		t.Fatalf("gogen: %v\n%s", err, goSrc)
	}
	for _, want := range []string{"func Move(p Rec, k int) (Rec, int) {", "pX := float64(p.X)", "pV := sliceAs[float64](p.V)", "Rec{X: stage.Float64("} {
		if !strings.Contains(string(goSrc), want) {
			t.Errorf("the Go output lacks %q:\n%s", want, goSrc)
		}
	}
	funcs := []cgen.Func{{Name: "Move", Schedule: s, ParamNames: names, Params: params, Results: results}}
	out := emit(t, "kern", funcs, cgen.Options{PkgPath: "bridgesig/kern"})
	for _, want := range []string{"func Move(p kern.Rec, k int) (kern.Rec, int) {", "pV := lmsgSliceAs[float64](p.V)", "C.double(p.X)", "kern.Rec{X: stage.Float64("} {
		if !strings.Contains(string(out.bridge), want) {
			t.Errorf("the bridge lacks %q:\n%s", want, out.bridge)
		}
	}
	dir := bridgeModule(t, map[string][]byte{
		"kern/rec.go":      []byte("package kern\n\nimport \"github.com/lmsgen/lmsgen/stage\"\n\ntype Rec struct {\n\tX, Y stage.Float64\n\tV    []stage.Float64\n\tS    stage.String\n}\n"),
		"kern/kern_lms.go": goSrc,
		"main.go":          []byte(structMain),
	}, out)
	vetAndRun(t, dir)
}

const structMain = `package main

import (
	"fmt"
	"math/rand/v2"
	"os"

	"bridgesig/kern"
	"bridgesig/kern/lmsc"
	"github.com/lmsgen/lmsgen/stage"
)

func input(r *rand.Rand) (kern.Rec, int) {
	n := r.IntN(4)
	v := make([]stage.Float64, n, n+r.IntN(3))
	for i := range v {
		v[i] = stage.Float64(r.IntN(100) - 50)
	}
	return kern.Rec{X: stage.Float64(r.NormFloat64()), Y: stage.Float64(r.IntN(9)), V: v, S: stage.String("ab"[:r.IntN(3)])}, r.IntN(20) - 10
}

func clone(p kern.Rec) kern.Rec {
	c := p
	c.V = make([]stage.Float64, len(p.V), cap(p.V))
	copy(c.V, p.V)
	return c
}

func aliases(a, b []stage.Float64) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:cap(a)][cap(a)-1] == &b[:cap(b)][cap(b)-1]
}

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	bad := 0
	for range 500 {
		p, k := input(r)
		pg, pc := clone(p), clone(p)
		gr, gn := kern.Move(pg, k)
		cr, cn := lmsc.Move(pc, k)
		got := fmt.Sprint(cr, cn, pc, aliases(cr.V, pc.V))
		want := fmt.Sprint(gr, gn, pg, aliases(gr.V, pg.V))
		if got != want {
			bad++
			fmt.Printf("Move(%v, %d): C %s, Go %s\n", p, k, got, want)
		}
	}
	if bad > 0 {
		os.Exit(1)
	}
	fmt.Println("ok")
}
`

// TestBridgeStructParamOnly: a struct parameter whose fields have stage
// types, and no struct result: the bridge reads the fields and names only
// the struct type, so it must not import stage (an unused import would
// not compile); the bridge is compiled and called.
func TestBridgeStructParamOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	t.Parallel()
	b := nb()
	g := b.Build(ts(ir.Float64, ir.Float64), func(p []ir.Exp) ir.Exp {
		return b.add(b.mul(p[0], p[0]), b.mul(p[1], p[1]))
	})
	stage := func(n string) ir.GoName { return ir.GoName{Path: "github.com/lmsgen/lmsgen/stage", Name: n} }
	params := []ir.GoValue{{Name: "p", Named: ir.GoName{Path: "bridgesig/kern", Name: "Pt"}, Fields: []ir.GoValue{
		{Name: "X", Type: ir.Float64, Named: stage("Float64")},
		{Name: "Y", Type: ir.Float64, Named: stage("Float64")},
	}}}
	results := []ir.GoValue{{Type: ir.Float64}}
	s := sched.Run(g, sched.Options{})
	names := []string{"pX", "pY"}
	goSrc, err := gogen.File("kern", []gogen.Func{{Name: "Norm", Schedule: s, ParamNames: names, Params: params, Results: results}},
		gogen.Options{PkgPath: "bridgesig/kern"})
	if err != nil {
		t.Fatalf("gogen: %v\n%s", err, goSrc)
	}
	out := emit(t, "kern", []cgen.Func{{Name: "Norm", Schedule: s, ParamNames: names, Params: params, Results: results}}, cgen.Options{PkgPath: "bridgesig/kern"})
	if strings.Contains(string(out.bridge), "lmsgen/stage") {
		t.Errorf("the bridge imports stage, which it does not use:\n%s", out.bridge)
	}
	dir := bridgeModule(t, map[string][]byte{
		"kern/pt.go":       []byte("package kern\n\nimport \"github.com/lmsgen/lmsgen/stage\"\n\ntype Pt struct{ X, Y stage.Float64 }\n"),
		"kern/kern_lms.go": goSrc,
		"main.go": []byte(`package main

import (
	"fmt"

	"bridgesig/kern"
	"bridgesig/kern/lmsc"
)

func main() {
	p := kern.Pt{X: 3, Y: 4}
	if g, c := kern.Norm(p), lmsc.Norm(p); g != c || g != 25 {
		fmt.Println("mismatch", g, c)
		return
	}
	fmt.Println("ok")
}
`),
	}, out)
	r := runProg(t, filepath.Join(dir, "prog"))
	if r.code != 0 || r.stdout != "ok\n" {
		t.Errorf("exit status %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// bridgeModule writes a module "bridgesig" with files, that depends on
// this repository, and the C package of out in kern/lmsc, and builds its
// main package into prog.
func bridgeModule(t *testing.T, files map[string][]byte, out output) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files["go.mod"] = []byte("module bridgesig\n\ngo 1.26\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\n" +
		"replace github.com/lmsgen/lmsgen => " + root + "\n")
	writeFiles(t, dir, files)
	writeC(t, dir, "kern/lmsc", "kern", out)
	if err := goCmd(dir, "", "build", "-o", "prog", "."); err != nil {
		t.Fatal(err)
	}
	return dir
}

// vetAndRun vets the kernel package of the bridge module in dir, then
// runs its program, which must end printing ok.
func vetAndRun(t *testing.T, dir string) {
	t.Helper()
	if err := goCmd(dir, "", "vet", "./kern/..."); err != nil {
		t.Error(err)
	}
	r := runProg(t, filepath.Join(dir, "prog"))
	if r.code != 0 || !strings.HasSuffix(r.stdout, "ok\n") {
		t.Errorf("exit status %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}
