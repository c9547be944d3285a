package gogen_test

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

// emitCorpus writes the cases as functions of one file of package main,
// through the pipeline's table from the graph passes on (with every
// checker on); noCompact names every value (Config.NoCompact).
func emitCorpus(t *testing.T, cases []corpus.Case, noCompact bool) []byte {
	t.Helper()
	names := make([]string, len(cases))
	graphs := make([]*ir.Graph, len(cases))
	for i, c := range cases {
		names[i], graphs[i] = c.Name, c.Build()
	}
	st, err := pipeline.Run(pipeline.Config{Result: pipeline.FromGraphs("main", names, graphs), Go: true, NoCompact: noCompact, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	return st.Packages[0].Outputs[0].Data
}

// TestCorpus emits the whole corpus as one program, checks the
// signatures, builds and vets it, runs every case and compares its output
// and exit status with the expected ones.
func TestCorpus(t *testing.T) {
	if len(corpus.Cases()) < 30 {
		t.Fatalf("the corpus has %d cases, want at least 30", len(corpus.Cases()))
	}
	runCorpus(t, false)
}

// TestCorpusStatements does the same with no node inlined by the
// schedule: every value gets a name, which must still compile, pass vet
// and compute the same.
func TestCorpusStatements(t *testing.T) {
	runCorpus(t, true)
}

func runCorpus(t *testing.T, noCompact bool) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	runProgram(t, emitCorpus(t, corpus.Cases(), noCompact), corpus.Cases())
}

// runProgram checks the signatures in src, builds and vets it with the
// corpus's main, runs every case and compares its output and exit status
// with the expected ones.
func runProgram(t *testing.T, src []byte, cases []corpus.Case) {
	t.Helper()
	checkSignatures(t, src, cases)

	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module corpusrun\n\ngo 1.26\n")
	write("gen.go", string(src))
	write("main.go", corpus.MainFile(cases))
	goCmd(t, dir, src, "build", "-o", "prog", ".")
	goCmd(t, dir, src, "vet", ".")

	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			cmd := exec.Command(filepath.Join(dir, "prog"), c.Name)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if stdout.String() != c.Stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), c.Stdout)
			}
			if !strings.HasPrefix(stderr.String(), c.Stderr) || c.Stderr == "" && stderr.Len() > 0 {
				t.Errorf("stderr:\n%s\nwant it to start with:\n%s", stderr.String(), c.Stderr)
			}
			if code != c.Exit {
				t.Errorf("exit status %d, want %d", code, c.Exit)
			}
			if t.Failed() {
				t.Logf("generated:\n%s", funcSource(src, c.Name))
			}
		})
	}
}

// goCmd runs the go command in dir and fails with its errors, each shown
// with the generated lines around it.
func goCmd(t *testing.T, dir string, src []byte, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err == nil {
		return
	}
	lines := strings.Split(string(src), "\n")
	var sb strings.Builder
	re := regexp.MustCompile(`gen\.go:(\d+):`)
	for _, m := range re.FindAllStringSubmatch(string(out), 20) {
		n, _ := strconv.Atoi(m[1])
		fmt.Fprintf(&sb, "--- gen.go:%d\n", n)
		for i := max(n-4, 1); i <= min(n+2, len(lines)); i++ {
			fmt.Fprintf(&sb, "%5d  %s\n", i, lines[i-1])
		}
	}
	t.Fatalf("go %s: %v\n%s\n%s", strings.Join(args, " "), err, out, sb.String())
}

// funcSource returns the declaration of the named function in src.
func funcSource(src []byte, name string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen.go", src, 0)
	if err != nil {
		return err.Error()
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return string(src[fset.Position(fd.Pos()).Offset:fset.Position(fd.End()).Offset])
		}
	}
	return "(not found)"
}

// checkSignatures compares the signature of every generated function with
// the case's.
func checkSignatures(t *testing.T, src []byte, cases []corpus.Case) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if !ast.IsGenerated(f) {
		t.Errorf("the file is not recognized as generated")
	}
	sigs := map[string]string{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			var sb strings.Builder
			printer.Fprint(&sb, fset, fd.Type)
			sigs[fd.Name.Name] = sb.String()
		}
	}
	for _, c := range cases {
		if got := sigs[c.Name]; got != c.Sig {
			t.Errorf("%s: signature %q, want %q", c.Name, got, c.Sig)
		}
	}
}

// TestDeterministic emits the corpus twice, from graphs built twice, and
// compares the bytes.
func TestDeterministic(t *testing.T) {
	cases := corpus.Cases()
	a := emitCorpus(t, cases, false)
	b := emitCorpus(t, cases, false)
	if !bytes.Equal(a, b) {
		t.Fatalf("two emissions differ")
	}
}
