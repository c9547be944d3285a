package cgen_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

// TestCorpus emits the gogen corpus and the C-specific cases of this
// package as one C file, compiles it with gcc and clang and the strict
// flags, builds one program per compiler that runs the cases through the
// cgo bridge, and one with the Go output (gogen), runs every case with
// each and compares standard output, exit status and the beginning of
// standard error with the expected ones and with Go's.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	t.Parallel()
	ccs := compilers(t)
	all := append(corpus.Cases(), extraCases()...)
	cfg := pipeline.Config{Go: true, C: true}
	gen := generate(t, "main", all, cfg)
	out, cases := gen.c, all

	// The same graphs, built and run through the pipeline again, give
	// the same bytes.
	if again := generate(t, "main", all, cfg); !bytes.Equal(out.c, again.c.c) ||
		!bytes.Equal(out.h, again.c.h) || !bytes.Equal(out.bridge, again.c.bridge) || !bytes.Equal(gen.goSrc, again.goSrc) {
		t.Errorf("two emissions of the corpus differ")
	}

	sigs, generated := signatures(t, out.bridge)
	if !generated {
		t.Errorf("the bridge is not recognized as generated")
	}
	if !strings.HasPrefix(string(out.c), ir.Header()+"\n") || !strings.HasPrefix(string(out.h), ir.Header()+"\n") {
		t.Errorf("the C file or the header does not start with the header line")
	}
	for _, c := range cases {
		if got, want := sigs[c.Name], sigTypes(t, c.Sig); got != want {
			t.Errorf("%s: bridge signature %s, want %s", c.Name, got, want)
		}
	}

	dir := t.TempDir()
	mainSrc := []byte(corpus.MainFile(cases))
	var shim strings.Builder
	shim.WriteString("package main\n\nimport \"corpusrun/lmsc\"\n\nvar (\n")
	for _, c := range cases {
		fmt.Fprintf(&shim, "\t%s = lmsc.%s\n", c.Name, c.Name)
	}
	shim.WriteString(")\n")
	writeFiles(t, dir, map[string][]byte{
		"c/go.mod": []byte("module corpusrun\n\ngo 1.26\n"), "c/main.go": mainSrc, "c/shim.go": []byte(shim.String()),
		"go/go.mod": []byte("module corpusrun\n\ngo 1.26\n"), "go/main.go": mainSrc,
	})
	writeC(t, filepath.Join(dir, "c"), "lmsc", "main", out)
	cFile, _, _ := cgen.FileNames("main")

	// Compile with the strict flags and build the programs, in parallel.
	bins := map[string]string{}
	var jobs []func() error
	for _, cc := range ccs {
		bin := filepath.Join(dir, "prog-"+cc)
		bins[cc] = bin
		jobs = append(jobs,
			func() error { return compileC(cc, filepath.Join(dir, "c", "lmsc", cFile)) },
			func() error { return goCmd(filepath.Join(dir, "c"), cc, "build", "-o", bin, ".") })
	}
	bins["go"] = filepath.Join(dir, "prog-go")
	writeFiles(t, dir, map[string][]byte{"go/gen.go": gen.goSrc})
	jobs = append(jobs, func() error { return goCmd(filepath.Join(dir, "go"), "", "build", "-o", bins["go"], ".") })
	if errs := parallel(jobs...); len(errs) > 0 {
		for _, err := range errs {
			t.Error(err)
		}
		t.FailNow()
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			var goRes *result
			if bin, ok := bins["go"]; ok {
				r := runProg(t, bin, c.Name)
				goRes = &r
			}
			for _, cc := range ccs {
				bin, ok := bins[cc]
				if !ok {
					continue
				}
				r := runProg(t, bin, c.Name)
				checkResult(t, cc, c, r)
				if why := goDiffers[c.Name]; why != "" && goRes != nil {
					t.Logf("not compared with Go: %s", why)
				} else if goRes != nil {
					compareWithGo(t, cc, r, *goRes)
				}
			}
		})
	}
}

// checkResult compares a run of case c with its expected result.
func checkResult(t *testing.T, who string, c corpus.Case, r result) {
	t.Helper()
	if r.stdout != c.Stdout {
		t.Errorf("%s: stdout:\n%s\nwant:\n%s", who, r.stdout, c.Stdout)
	}
	if !strings.HasPrefix(r.stderr, c.Stderr) || c.Stderr == "" && r.stderr != "" {
		t.Errorf("%s: stderr:\n%s\nwant it to start with:\n%s", who, r.stderr, c.Stderr)
	}
	if r.code != c.Exit {
		t.Errorf("%s: exit status %d, want %d", who, r.code, c.Exit)
	}
}

// compareWithGo compares a run of the C version with a run of the Go
// version: standard output, exit status, and standard error up to the end
// of the panic's first line.
func compareWithGo(t *testing.T, who string, r, g result) {
	t.Helper()
	if r.stdout != g.stdout {
		t.Errorf("%s: stdout differs from Go's:\n%s\nGo:\n%s", who, r.stdout, g.stdout)
	}
	if a, b := panicPrefix(r.stderr), panicPrefix(g.stderr); a != b {
		t.Errorf("%s: stderr differs from Go's:\n%s\nGo:\n%s", who, a, b)
	}
	if r.code != g.code {
		t.Errorf("%s: exit status %d, Go's %d", who, r.code, g.code)
	}
}

// panicPrefix returns stderr up to the end of the first line that starts
// a panic (all of it if there is none).
func panicPrefix(s string) string {
	i := strings.Index(s, "panic: ")
	if i < 0 || i > 0 && s[i-1] != '\n' {
		return s
	}
	return s[:i] + firstLine(s[i:])
}
