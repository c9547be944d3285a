package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/internal/cputime"
)

// The examples, copied into a temporary module, are the workload of the
// tests and benchmarks of generating many packages at once: seven
// packages, 30 specializations, Go and C.

var exampleDirs = []string{"bf", "conv", "fft", "matmul", "power", "regex", "spmv"}

// examplesModule copies the staging code of the examples (their sources
// but tests and generated files) into a fresh module that depends on this
// repository, and returns its directory.
func examplesModule(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module example.com/m\n\ngo 1.26\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\nreplace github.com/lmsgen/lmsgen => "+root+"\n"))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", sum)
	for _, ex := range exampleDirs {
		files, err := filepath.Glob(filepath.Join(root, "examples", ex, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_lms.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			write(filepath.Join(ex, filepath.Base(f)), src)
		}
	}
	cmd := exec.Command("go", "mod", "tidy")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	return dir
}

// generateIn runs lmsgen -lang=go,c ./... in dir with at most procs
// packages generated at once (the command uses GOMAXPROCS goroutines).
func generateIn(t testing.TB, dir string, procs int) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	var stderr bytes.Buffer
	if status := run([]string{"-lang=go,c", "./..."}, io.Discard, &stderr); status != exitOK {
		t.Fatalf("lmsgen ./...: exit %d\n%s", status, stderr.String())
	}
}

// generated returns the files lmsgen wrote in dir, by path relative to
// dir.
func generated(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.Contains(d.Name(), "_lms") {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[rel] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestParallelSameOutput generates the examples one package (and one
// specialization) at a time and eight at a time, and compares every file
// written.
func TestParallelSameOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("generates seven packages twice")
	}
	one, many := examplesModule(t), examplesModule(t)
	generateIn(t, one, 1)
	generateIn(t, many, 8)
	a, b := generated(t, one), generated(t, many)
	if len(a) < 4*len(exampleDirs) {
		t.Fatalf("%d files generated, want at least %d (Go, C, header and bridge per package)", len(a), 4*len(exampleDirs))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s: generated one package at a time and in parallel, the files differ", name)
		}
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s: generated only in parallel", name)
		}
	}
}

// BenchmarkGenerateExamples runs lmsgen -lang=go,c ./... on the seven
// examples: loading (once, go list and SSA), then the evaluation of the
// specializations and the scheduling and emission of each package,
// GOMAXPROCS of them at a time. Run it with -cpu 1,2 for the speedup on
// two cores; it reports the CPU time of the process beside the
// wall-clock time.
func BenchmarkGenerateExamples(b *testing.B) {
	dir := examplesModule(b)
	procs := runtime.GOMAXPROCS(0)
	cpu0 := cputime.Used()
	for b.Loop() {
		generateIn(b, dir, procs)
	}
	b.ReportMetric(float64(cputime.Used()-cpu0)/float64(b.N), "cpu-ns/op")
}
