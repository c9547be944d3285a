package frontend

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/lmsgen/lmsgen/internal/golden"
	"github.com/lmsgen/lmsgen/ir"
)

// This file is the test harness. A test package is a txtar archive in
// testdata/: its .go files form a package of a module that requires
// lmsgen (through a replace to this checkout), so the stage package comes
// from outside the module, as it does for users. The other sections are
// golden outputs: NAME.ir, the graph of specialization NAME as -dump=ir
// prints it, and lms.go, the generated Go file. go test -update rewrites
// them. Expected errors are written in the Go files:
//
//	x := m[k] // ERROR "map key must be static"
//	// ERROR-NEXT "unknown parameter"
//	//lms:gen Foo bad=1
//
// The harness then writes the generated file and its differential test
// (package internal/difftest, as lmsgen -test writes it) into the package,
// and runs go vet and go test there: each generated function is compared
// with its staging function called natively, on deterministic random
// inputs with edge values, results, slices after the call, panics and
// output included.

// archive is an extracted test package.
type archive struct {
	name  string
	path  string
	ar    *txtar.Archive
	dir   string
	files map[string][]byte
}

func moduleRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// extract writes the archive's Go files into a fresh module.
func extract(t testing.TB, path string) *archive {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSuffix(filepath.Base(path), ".txtar")
	dir := t.TempDir()
	a := &archive{name: name, path: path, ar: ar, dir: dir, files: map[string][]byte{}}
	root := moduleRoot(t)
	gomod := fmt.Sprintf("module example.com/%s\n\ngo 1.26.0\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\nreplace github.com/lmsgen/lmsgen => %s\n", name, root)
	write(t, filepath.Join(dir, "go.mod"), []byte(gomod))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "go.sum"), sum)
	for _, f := range ar.Files {
		if strings.HasSuffix(f.Name, ".go") && f.Name != "lms.go" {
			write(t, filepath.Join(dir, f.Name), f.Data)
			a.files[f.Name] = f.Data
		}
	}
	return a
}

func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// section returns a golden section, or nil.
func (a *archive) section(name string) []byte {
	for _, f := range a.ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

func (a *archive) setSection(name string, data []byte) {
	for i, f := range a.ar.Files {
		if f.Name == name {
			a.ar.Files[i].Data = data
			return
		}
	}
	a.ar.Files = append(a.ar.Files, txtar.File{Name: name, Data: data})
}

// expectation is an expected error.
type expectation struct {
	file string
	line int
	re   *regexp.Regexp
	seen bool
}

var errorComment = regexp.MustCompile(`// ERROR(-NEXT)? "((?:[^"\\]|\\.)*)"`)

func (a *archive) expectations(t testing.TB) []*expectation {
	var exps []*expectation
	names := make([]string, 0, len(a.files))
	for n := range a.files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for i, line := range strings.Split(string(a.files[n]), "\n") {
			for _, m := range errorComment.FindAllStringSubmatch(line, -1) {
				pat := strings.ReplaceAll(m[2], `\"`, `"`)
				if _, err := regexp.Compile(pat); err != nil {
					t.Fatalf("%s:%d: bad ERROR pattern: %v", n, i+1, err)
				}
				l := i + 1
				if m[1] != "" {
					l++
				}
				exps = append(exps, &expectation{file: n, line: l, re: regexp.MustCompile(pat)})
			}
		}
	}
	return exps
}

// checkErrors matches the errors of a load with the expectations.
func (a *archive) checkErrors(t testing.TB, err error) {
	t.Helper()
	exps := a.expectations(t)
	var list ErrorList
	if err != nil {
		var ok bool
		list, ok = err.(ErrorList)
		if !ok {
			t.Fatalf("Load returned %T, not an ErrorList: %v", err, err)
		}
	}
	for _, e := range list {
		if strings.Contains(e.Msg, "BUG") || strings.Contains(e.Msg, "goroutine ") {
			t.Errorf("internal error: %v", e)
		}
		file := filepath.Base(e.Pos.Filename)
		text := e.Msg
		for _, c := range e.Chain {
			text += "\n\tcalled from " + c.Caller
		}
		matched := false
		for _, x := range exps {
			if x.file == file && x.line == e.Pos.Line && x.re.MatchString(text) {
				x.seen, matched = true, true
			}
		}
		if !matched {
			t.Errorf("unexpected error: %v", e)
		}
	}
	for _, x := range exps {
		if !x.seen {
			t.Errorf("%s:%d: missing error matching %q", x.file, x.line, x.re)
		}
	}
}

// golden compares a section with got, or rewrites it.
func (a *archive) golden(t testing.TB, name string, got []byte, update bool) {
	t.Helper()
	want := a.section(name)
	if update {
		a.setSection(name, got)
		return
	}
	if want == nil {
		t.Errorf("no golden section %s; run go test -update", name)
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden section (run go test -update to accept):\n%s", name, golden.Diff(string(want), string(got)))
	}
}

func (a *archive) save(t testing.TB) {
	// Keep the Go files first, then the goldens in name order.
	var src, gold []txtar.File
	for _, f := range a.ar.Files {
		if strings.HasSuffix(f.Name, ".go") && f.Name != "lms.go" {
			src = append(src, f)
		} else {
			gold = append(gold, f)
		}
	}
	sort.SliceStable(gold, func(i, j int) bool { return gold[i].Name < gold[j].Name })
	a.ar.Files = append(src, gold...)
	if err := os.WriteFile(a.path, txtar.Format(a.ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

func irText(g *ir.Graph) []byte {
	var buf bytes.Buffer
	ir.Fprint(&buf, g)
	return buf.Bytes()
}

// runGo runs the go command in dir.
func runGo(t testing.TB, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	return string(out), err
}
