package gogen_test

import (
	"bytes"
	"go/format"
	"go/token"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

// corpusFuncs schedules the whole corpus as the Funcs of one file,
// through the pipeline's table (emitting nothing).
func corpusFuncs(t *testing.T) []gogen.Func {
	t.Helper()
	cases := corpus.Cases()
	names := make([]string, len(cases))
	graphs := make([]*ir.Graph, len(cases))
	for i, c := range cases {
		names[i], graphs[i] = c.Name, c.Build()
	}
	st, err := pipeline.Run(pipeline.Config{Result: pipeline.FromGraphs("main", names, graphs), Check: true})
	if err != nil {
		t.Fatal(err)
	}
	var funcs []gogen.Func
	for _, f := range st.Packages[0].Funcs {
		funcs = append(funcs, *f)
	}
	return funcs
}

// TestLinesSameCode checks that asking for the lines' nodes does not
// change the file, that every line gets an origin and that the nodes
// named are nodes of their function's graph.
func TestLinesSameCode(t *testing.T) {
	funcs := corpusFuncs(t)
	want, err := gogen.File("main", funcs, gogen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := &ir.LineMap{}
	got, err := gogen.File("main", funcs, gogen.Options{Lines: m})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the file written with Lines differs from the file written without:\n%s", got)
	}
	if n := bytes.Count(got, []byte("\n")); len(m.Lines) != n {
		t.Fatalf("%d origins for %d lines", len(m.Lines), n)
	}
	marked := 0
	for i, o := range m.Lines {
		if !o.HasNode() {
			continue
		}
		marked++
		if g := funcs[o.Func].Schedule.Graph(); g.Def(o.Sym) == nil {
			t.Errorf("line %d: %v is not a node of %s", i+1, o.Sym, funcs[o.Func].Name)
		}
	}
	if marked < len(funcs) {
		t.Errorf("only %d lines of %d functions have a node", marked, len(funcs))
	}
}

// TestLineDirectives checks the //line comments: in column 1 where gofmt
// keeps them, each naming the source line of the node of the statement
// after it, and the file's own lines after each function.
func TestLineDirectives(t *testing.T) {
	funcs := corpusFuncs(t)
	pos := func(fn int, s ir.Sym) token.Position {
		return token.Position{Filename: "/src/p/stage.go", Line: 1000*fn + int(s)}
	}
	m := &ir.LineMap{Directives: true, Dir: "/src/p", File: "p_lms.go", Pos: pos}
	src, err := gogen.File("main", funcs, gogen.Options{Lines: m})
	if err != nil {
		t.Fatal(err)
	}
	if f, err := format.Source(src); err != nil || !bytes.Equal(f, src) {
		t.Fatalf("the file with //line comments is not gofmt'd (%v)", err)
	}
	lines := strings.Split(string(src), "\n")
	directives := 0
	for i, line := range lines[:len(m.Lines)] {
		if !strings.HasPrefix(line, "//line ") {
			if strings.Contains(line, "//line") || strings.Contains(line, "lms:node") {
				t.Errorf("line %d: a misplaced directive or mark: %q", i+1, line)
			}
			continue
		}
		directives++
		next := m.Lines[i+1]
		var want string
		if next.HasNode() {
			want = ir.GoDirective("stage.go", pos(int(next.Func), next.Sym).Line)
		} else {
			want = ir.GoDirective("p_lms.go", i+2)
		}
		if line != want {
			t.Errorf("line %d: %q, want %q", i+1, line, want)
		}
	}
	if directives < 2*len(funcs) {
		t.Errorf("%d directives for %d functions", directives, len(funcs))
	}
}
