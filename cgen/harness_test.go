package cgen_test

import (
	"bytes"
	"context"
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
	"sync"
	"testing"
	"time"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
	"github.com/lmsgen/lmsgen/sched"
)

// This file holds the harness of the emitter's tests: scheduling cases,
// compiling generated C with the strict flags, building Go programs that
// call it through the bridge, and running them.

// strict are the flags DESIGN.md requires generated C to compile with.
var strict = []string{"-std=c11", "-O2", "-Wall", "-Wextra", "-Werror"}

// compilers returns the C compilers to test with; gcc is required, clang
// is skipped (with a log) when missing.
func compilers(t *testing.T) []string {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Fatal("gcc not found on PATH")
	}
	ccs := []string{"gcc"}
	if _, err := exec.LookPath("clang"); err == nil {
		ccs = append(ccs, "clang")
	} else {
		t.Log("clang not found on PATH: testing with gcc only (.ci/run installs clang)")
	}
	return ccs
}

// pipelineOut is what the pipeline made of a set of cases: the Go file
// (nil without Config.Go), the C output, and the specializations.
type pipelineOut struct {
	goSrc []byte
	c     output
	funcs []*sched.Func
}

// generate runs the pipeline's table from the graph passes on, with
// every checker on, over the cases as the specializations of package pkg,
// with cfg's outputs and options (Go, C, NoBounds, CDir).
func generate(t *testing.T, pkg string, cases []corpus.Case, cfg pipeline.Config) pipelineOut {
	t.Helper()
	names := make([]string, len(cases))
	graphs := make([]*ir.Graph, len(cases))
	for i, c := range cases {
		names[i], graphs[i] = c.Name, c.Build()
	}
	cfg.Result, cfg.Check = pipeline.FromGraphs(pkg, names, graphs), true
	st, err := pipeline.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := st.Packages[0]
	gen := pipelineOut{funcs: p.Funcs}
	outs := p.Outputs
	if cfg.Go {
		gen.goSrc, outs = outs[0].Data, outs[1:]
	}
	if cfg.C {
		gen.c = output{outs[0].Data, outs[1].Data, outs[2].Data}
	}
	return gen
}

// output holds the C output of a package.
type output struct {
	c, h, bridge []byte
}

// emit emits the C file, the header and the bridge of funcs, scheduled
// by the test (the unit tests of the emitter; the corpus runs through
// generate).
func emit(t *testing.T, pkg string, funcs []cgen.Func, opts cgen.Options) output {
	t.Helper()
	c, h, err := cgen.File(pkg, funcs, opts)
	if err != nil {
		t.Fatalf("File: %v", err)
	}
	br, err := cgen.Bridge(pkg, funcs, opts)
	if err != nil {
		t.Fatalf("Bridge: %v\n%s", err, br)
	}
	return output{c, h, br}
}

// writeFiles writes files (name -> contents) under dir.
func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// writeC writes a package's C output into dir/sub, named as lmsgen names
// it.
func writeC(t *testing.T, dir, sub, pkg string, out output) {
	t.Helper()
	cName, hName, goName := cgen.FileNames(pkg)
	writeFiles(t, dir, map[string][]byte{
		filepath.Join(sub, cName): out.c, filepath.Join(sub, hName): out.h, filepath.Join(sub, goName): out.bridge})
}

// compileC compiles the C file path with cc and the strict flags (no
// linking), and returns an error with the diagnostics and the lines they
// point at.
func compileC(cc, path string, extra ...string) error {
	args := append(append(append([]string{}, strict...), extra...), "-c", "-o", os.DevNull, path)
	out, err := exec.Command(cc, args...).CombinedOutput()
	if err != nil {
		src, _ := os.ReadFile(path)
		return fmt.Errorf("%s %s: %v\n%s%s", cc, strings.Join(args, " "), err, out, around(src, out, filepath.Base(path)))
	}
	return nil
}

// around returns the source lines that compiler or go diagnostics point at.
func around(src, diag []byte, file string) string {
	lines := strings.Split(string(src), "\n")
	var sb strings.Builder
	re := regexp.MustCompile(regexp.QuoteMeta(file) + `:(\d+):`)
	seen := map[int]bool{}
	for _, m := range re.FindAllStringSubmatch(string(diag), 10) {
		n, _ := strconv.Atoi(m[1])
		if seen[n] {
			continue
		}
		seen[n] = true
		fmt.Fprintf(&sb, "--- %s:%d\n", file, n)
		for i := max(n-5, 1); i <= min(n+2, len(lines)); i++ {
			fmt.Fprintf(&sb, "%5d  %s\n", i, lines[i-1])
		}
	}
	return sb.String()
}

// goEnv is the environment of the go commands the tests run.
func goEnv(cc string) []string {
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "CGO_ENABLED=1")
	if cc != "" {
		env = append(env, "CC="+cc)
	}
	return env
}

// goCmd runs the go command in dir, with the C compiler cc if not empty,
// and returns an error with its output.
func goCmd(dir, cc string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = goEnv(cc)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("CC=%s go %s: %v\n%s", cc, strings.Join(args, " "), err, out)
	}
	return nil
}

// result is what a program wrote and its exit status.
type result struct {
	stdout, stderr string
	code           int
}

// runProg runs bin with args, for at most a minute.
func runProg(t *testing.T, bin string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s: %v", bin, err)
	}
	return result{out.String(), errOut.String(), code}
}

// firstLine returns the first line of s, with its newline.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i+1]
	}
	return s
}

// parallel runs the functions concurrently, waits for them and returns
// their errors.
func parallel(fs ...func() error) []error {
	errs := make([]error, len(fs))
	var wg sync.WaitGroup
	for i, f := range fs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = f()
		}()
	}
	wg.Wait()
	var out []error
	for _, err := range errs {
		if err != nil {
			out = append(out, err)
		}
	}
	return out
}

// signatures returns the signatures of the functions declared in the Go
// source src, as lists of parameter and result types ("(int8, int8)
// (int8)"), and whether the file is recognized as generated.
func signatures(t *testing.T, src []byte) (map[string]string, bool) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "bridge.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	sigs := map[string]string{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			sigs[fd.Name.Name] = typesOf(fset, fd.Type)
		}
	}
	return sigs, ast.IsGenerated(f)
}

// sigTypes returns the types of a signature written as Go source.
func sigTypes(t *testing.T, sig string) string {
	t.Helper()
	fset := token.NewFileSet()
	e, err := parser.ParseExprFrom(fset, "sig", sig, 0)
	if err != nil {
		t.Fatalf("signature %q: %v", sig, err)
	}
	return typesOf(fset, e.(*ast.FuncType))
}

func typesOf(fset *token.FileSet, ft *ast.FuncType) string {
	list := func(fl *ast.FieldList) string {
		var ts []string
		if fl != nil {
			for _, f := range fl.List {
				var sb strings.Builder
				printer.Fprint(&sb, fset, f.Type)
				for range max(len(f.Names), 1) {
					ts = append(ts, sb.String())
				}
			}
		}
		return "(" + strings.Join(ts, ", ") + ")"
	}
	return list(ft.Params) + " " + list(ft.Results)
}
