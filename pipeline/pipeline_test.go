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
// prints: every stage that runs, in order, and each graph pass.
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
	want = append(want, "stage graph ", "stage loopbound ", "stage schedule ", "stage facts ", "stage vectorize ", "stage emit go ")
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
