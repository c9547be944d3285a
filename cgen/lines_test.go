package cgen_test

import (
	"bytes"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

// TestLines checks Options.Lines on the corpus: without directives the C
// file is unchanged and every node named is one of its function's; with
// directives, each #line names the source line of the node of the line
// after it (or the C file's own line), and the file compiles.
func TestLines(t *testing.T) {
	var funcs []cgen.Func
	for _, f := range generate(t, "corpus", corpus.Cases(), pipeline.Config{}).funcs {
		funcs = append(funcs, *f)
	}
	want := emit(t, "corpus", funcs, cgen.Options{})
	m := &ir.LineMap{}
	got := emit(t, "corpus", funcs, cgen.Options{Lines: m})
	if !bytes.Equal(got.c, want.c) || !bytes.Equal(got.h, want.h) || !bytes.Equal(got.bridge, want.bridge) {
		t.Fatal("the C output written with Lines differs from the output written without")
	}
	if n := bytes.Count(got.c, []byte("\n")); len(m.Lines) != n {
		t.Fatalf("%d origins for %d lines", len(m.Lines), n)
	}
	marked := 0
	for i, o := range m.Lines {
		if o.HasNode() {
			marked++
			if funcs[o.Func].Schedule.Graph().Def(o.Sym) == nil {
				t.Errorf("line %d: %v is not a node of %s", i+1, o.Sym, funcs[o.Func].Name)
			}
		}
	}
	if marked < len(funcs) {
		t.Errorf("only %d lines of %d functions have a node", marked, len(funcs))
	}

	pos := func(fn int, s ir.Sym) token.Position {
		return token.Position{Filename: "/src/p/stage.go", Line: 1000*fn + int(s)}
	}
	m = &ir.LineMap{Directives: true, Dir: "/src/p/lmsc", File: "corpus_lms.c", Pos: pos}
	out := emit(t, "corpus", funcs, cgen.Options{Lines: m})
	lines := strings.Split(string(out.c), "\n")
	directives := 0
	for i, line := range lines[:len(m.Lines)] {
		if !strings.HasPrefix(line, "#line ") {
			continue
		}
		directives++
		next := m.Lines[i+1]
		want := ir.CDirective("corpus_lms.c", i+2)
		if next.HasNode() {
			want = ir.CDirective("../stage.go", pos(int(next.Func), next.Sym).Line)
		}
		if line != want {
			t.Errorf("line %d: %q, want %q", i+1, line, want)
		}
	}
	if directives < 2*len(funcs) {
		t.Errorf("%d directives for %d functions", directives, len(funcs))
	}
	dir := t.TempDir()
	writeC(t, dir, "lmsc", "corpus", out)
	if err := compileC("gcc", filepath.Join(dir, "lmsc", "corpus_lms.c")); err != nil {
		t.Error(err)
	}
}
