package pipeline

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

func graphs() *Config {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.Int}, func(p []ir.Exp) ir.Exp {
		b.Reflect(ir.OpMul, ir.Int, nil, p[0], p[0]) // dead: dce removes it
		return b.Reflect(ir.OpAdd, ir.Int, nil, p[0], p[0])
	})
	return &Config{Result: FromGraphs("p", []string{"F"}, []*ir.Graph{g}), Go: true, Check: true}
}

// TestRunPasses runs the table on a graph and checks what -d=passes
// prints: every stage that runs, in order, and each graph pass (the last
// dce skipped: nothing changes the graph after the first).
func TestRunPasses(t *testing.T) {
	cfg := graphs()
	var log bytes.Buffer
	cfg.Passes = &log
	st, err := Run(*cfg)
	if err != nil {
		t.Fatal(err)
	}
	if outs := st.Outputs(); len(outs) != 1 || outs[0].Path != "p_lms.go" || !bytes.Contains(outs[0].Data, []byte("func F(")) {
		t.Fatalf("outputs %v", outs)
	}
	want := []string{"stage evaluate "}
	for _, ps := range passes {
		want = append(want, "pass  "+ps.name+" ")
	}
	want = append(want, "stage graph ", "stage schedule ", "stage facts ", "stage vectorize ", "stage emit go ")
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	ok := len(lines) == len(want)
	for i := range lines {
		ok = ok && strings.HasPrefix(lines[i], want[i])
	}
	if !ok {
		t.Errorf("-d=passes printed\n%s\nwant the lines %q", log.String(), want)
	}
	if !strings.Contains(log.String(), "2 -> 1 nodes") {
		t.Errorf("dce's line lacks the node counts:\n%s", log.String())
	}
	if !strings.Contains(log.String(), "1 nodes, skipped: no pass changed the graph  F") {
		t.Errorf("the last dce's line does not say it was skipped:\n%s", log.String())
	}
}

// TestRunUntil stops after a stage, as -dump does.
func TestRunUntil(t *testing.T) {
	cfg := graphs()
	cfg.Until = "graph"
	st, err := Run(*cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := st.Packages[0]
	if len(p.Funcs) != 0 || len(p.Outputs) != 0 || len(p.Specs[0].Graph.Nodes) != 1 {
		t.Errorf("after graph: %d funcs, %d outputs, graph\n%s", len(p.Funcs), len(p.Outputs), p.Specs[0].Graph)
	}
}

// TestRunLastDCE: when a pass after the first dce changes the graph (here
// deadarrays removes the stores into a local array never read), the last
// dce runs and removes what they left: the loop that filled the array.
func TestRunLastDCE(t *testing.T) {
	b := ir.NewBuilder()
	c := func(x int) ir.Exp { return b.Const(ir.Int, int64(x)) }
	g := b.Build([]*ir.Type{ir.Int}, func(a []ir.Exp) ir.Exp {
		s := b.MakeSlice(ir.Int, c(10), c(10))
		v := b.NewVar(c(0))
		b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), c(10)) }, func() {
			i := b.ReadVar(v)
			b.SetIndex(s, i, i)
			b.WriteVar(v, b.Binary(ir.OpAdd, i, c(1)))
		})
		return a[0]
	})
	var log bytes.Buffer
	st, err := Run(Config{Result: FromGraphs("p", []string{"F"}, []*ir.Graph{g}), Until: "graph", Check: true, Passes: &log})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(st.Packages[0].Specs[0].Graph.Nodes); n != 0 {
		t.Errorf("%d nodes left, want none:\n%s", n, st.Packages[0].Specs[0].Graph)
	}
	if got := strings.Count(log.String(), "skipped"); got != 0 {
		t.Errorf("the last dce was skipped:\n%s", log.String())
	}
}
