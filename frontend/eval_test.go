package frontend

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden sections of testdata/*.txtar")

// TestEval evaluates every test package of testdata/eval: golden graphs
// and generated Go, expected errors, and a differential test of every
// specialization against its staging function, compiled and run.
func TestEval(t *testing.T) {
	paths, err := filepath.Glob("testdata/eval/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatal("no test packages")
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runArchive(t, path)
		})
	}
}

func runArchive(t *testing.T, path string) {
	a := extract(t, path)
	res, gen, err := RunPipeline(Config{Dir: a.dir}, true)
	a.checkErrors(t, err)
	if err != nil {
		// No output is written for a package with errors.
		if *update {
			a.save(t)
		}
		return
	}
	for _, p := range res.Packages {
		for _, s := range p.Specs {
			a.golden(t, s.Name+".ir", irText(s.Graph), *update)
		}
		if len(p.Specs) == 0 {
			continue
		}
		src := gen[p].Go
		a.golden(t, "lms.go", src, *update)
		write(t, filepath.Join(a.dir, p.Name+"_lms.go"), src)
		write(t, filepath.Join(a.dir, p.Name+"_lms_test.go"), gen[p].Test)
		if out, err := runGo(t, a.dir, "vet", "."); err != nil && vetComplaints(out) != "" {
			t.Errorf("go vet: %v\n%s", err, vetComplaints(out))
		}
		if out, err := runGo(t, a.dir, "test", "-count=1", "-timeout=60s", "."); err != nil {
			t.Errorf("differential test: %v\n%s", err, limit(out, 6000))
			if keep := os.Getenv("LMSGEN_KEEP"); keep != "" {
				dst := filepath.Join(keep, a.name)
				os.RemoveAll(dst)
				os.CopyFS(dst, os.DirFS(a.dir))
				t.Logf("kept in %s", dst)
			}
		}
	}
	if *update {
		a.save(t)
	}
}

// vetComplaints returns vet's complaints from its output.
func vetComplaints(out string) string {
	var keep []string
	for _, line := range strings.Split(out, "\n") {
		if !vetLine.MatchString(line) {
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}

var vetLine = regexp.MustCompile(`^(vet: )?\S+\.go:\d+(:\d+)?: `)

func limit(s string, n int) string {
	if len(s) > n {
		return s[:n] + "\n..."
	}
	return s
}
