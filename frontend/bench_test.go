package frontend

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// BenchmarkUnroll evaluates a specialization that unrolls into 10^5
// graph nodes (loading excluded). The goal: at most 1 s per
// evaluation.
func BenchmarkUnroll(b *testing.B) {
	ev := loadBenchSpec(b, "testdata/bench/unroll.txtar")
	nodes := 0
	for b.Loop() {
		nodes = len(ev().Graph.Nodes)
	}
	if nodes < 100_000 {
		b.Fatalf("the graph has %d nodes, want at least 10^5", nodes)
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}

// BenchmarkSteps evaluates a specialization whose evaluation is all
// static (a recursion of closures, testdata/bench/steps.txtar): the
// evaluator's cost per interpreted step, which bounds the programs the
// steps budget lets through (internal/gotests). It reports the CPU time
// per evaluation beside the wall clock (see meter).
func BenchmarkSteps(b *testing.B) {
	ev := loadBenchSpec(b, "testdata/bench/steps.txtar")
	var spec *Spec
	m := startMeter()
	for b.Loop() {
		spec = ev()
	}
	m.report(b, 0)
	src, err := gogen.File("steps", []gogen.Func{{Name: spec.Name, Schedule: sched.Run(ir.DCE(spec.Graph), sched.Options{NoDCE: true})}}, gogen.Options{})
	if err != nil {
		b.Fatal(err)
	}
	if want := fmt.Sprintf("return %d\n", fibish(24)); !strings.Contains(string(src), want) {
		b.Fatalf("the generated code does not %q:\n%s", want, src)
	}
}

// fibish is steps.txtar's function, run natively.
func fibish(x int) int {
	var f func(int) (int, int)
	f = func(x int) (int, int) {
		if x < 3 {
			return 0, x
		}
		a, b := f(x - 2)
		c, d := f(x - 1)
		return a + d, b + c
	}
	a, b := f(x)
	return a + b
}

// loadBenchSpec loads the package of the archive file and returns a
// function that evaluates its first specialization (loading excluded
// from the benchmarks).
func loadBenchSpec(b *testing.B, file string) func() *Spec {
	b.Helper()
	a := extract(b, file)
	l, errs := load(Config{Dir: a.dir})
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	lp := l.pkgs[0]
	d := lp.dirs.gens[0]
	funs := l.lmsFuns()
	budgets := Budgets{}.withDefaults().override(d.budgets)
	return func() *Spec {
		spec, err := l.evaluate(lp, d, budgets, funs, false)
		if err != nil {
			b.Fatal(err)
		}
		return spec
	}
}
