package pipeline

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
)

// TestObserve checks that Config.Observe sees each specialization's
// graph as evaluated and after every graph pass, in the table's order,
// the graph that pass returned.
func TestObserve(t *testing.T) {
	cfg := graphs()
	var seen []string
	var last *ir.Graph
	cfg.Observe = func(s *frontend.Spec, pass string, g *ir.Graph) {
		seen = append(seen, s.Name+":"+pass)
		last = g
	}
	st, err := Run(*cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"F:evaluate"}
	for _, ps := range passes {
		if ps.ifChanged {
			continue // skipped: the graph of F does not change after the first dce
		}
		want = append(want, "F:"+ps.name)
	}
	if strings.Join(seen, " ") != strings.Join(want, " ") {
		t.Errorf("observed %q, want %q", seen, want)
	}
	if last != st.Packages[0].Specs[0].Graph {
		t.Error("the last graph observed is not the graph scheduled")
	}
}

// TestExplainStage checks the explain stage: the page is an output of
// the package, after the Go file, with the graph after each pass (dce
// removes the dead node) and the same bytes on a second run; the Go
// output is the same as without it.
func TestExplainStage(t *testing.T) {
	run := func(explain bool) []Output {
		cfg := graphs()
		cfg.Explain = explain
		cfg.C = true
		st, err := Run(*cfg)
		if err != nil {
			t.Fatal(err)
		}
		return st.Outputs()
	}
	plain, outs, again := run(false), run(true), run(true)
	if len(outs) != len(plain)+1 || outs[len(outs)-1].Path != "p_lms_explain.html" {
		t.Fatalf("outputs %v", paths(outs))
	}
	for i := range plain {
		if !bytes.Equal(plain[i].Data, outs[i].Data) {
			t.Errorf("%s differs with Explain", plain[i].Path)
		}
	}
	page := string(outs[len(outs)-1].Data)
	for _, want := range []string{"<h3>evaluate: 2 nodes</h3>", "<h3>dce: 1 nodes (+0 −1 ~0)</h3>", "class=\"ln n rem\"", "<h3>Go: p_lms.go</h3>", "<h3>C: lmsc/p_lms.c</h3>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if !bytes.Equal(again[len(again)-1].Data, outs[len(outs)-1].Data) {
		t.Error("two runs wrote different pages")
	}
}

func paths(outs []Output) []string {
	var ps []string
	for _, o := range outs {
		ps = append(ps, o.Path)
	}
	return ps
}
