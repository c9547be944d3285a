package frontend

import (
	"testing"
)

// BenchmarkUnroll evaluates a specialization that unrolls into 10^5
// graph nodes (loading excluded). The goal: at most 1 s per
// evaluation.
func BenchmarkUnroll(b *testing.B) {
	a := extract(b, "testdata/bench/unroll.txtar")
	l, errs := load(Config{Dir: a.dir})
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	lp := l.pkgs[0]
	d := lp.dirs.gens[0]
	funs := l.lmsFuns()
	budgets := Budgets{}.withDefaults().override(d.budgets)
	nodes := 0
	for b.Loop() {
		spec, err := l.evaluate(lp, d, budgets, funs, false)
		if err != nil {
			b.Fatal(err)
		}
		nodes = len(spec.Graph.Nodes)
	}
	if nodes < 100_000 {
		b.Fatalf("the graph has %d nodes, want at least 10^5", nodes)
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}
