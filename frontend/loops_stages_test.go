package frontend

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFusionRules holds the golden tests of loop fusion: in
// testdata/fusion, one specialization per fusion rule and per example of
// the compiler tutorial's section "Loop Fusion and Deforestation" (and
// per smart constructor), each with its graph as built (Name.built: the
// loop nodes the collection functions make, after the smart
// constructors), after fusion (Name.fused), in the seeds' textual
// format, and the generated Go and C (lms.go, lms.c), which are compiled
// and run against the staging functions (the differential tests of Go
// and of C).
func TestFusionRules(t *testing.T) {
	paths, err := filepath.Glob("testdata/fusion/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatal("no test packages")
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			t.Parallel()
			a := extract(t, path)
			graphs, outs, err := LoopStages(Config{Dir: a.dir})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for name := range graphs {
				names = append(names, name)
			}
			slices.Sort(names)
			for _, name := range names {
				a.golden(t, name+".built", graphs[name][0], *update)
				a.golden(t, name+".fused", graphs[name][1], *update)
			}
			for _, o := range outs {
				if err := os.MkdirAll(filepath.Dir(o.Path), 0o755); err != nil {
					t.Fatal(err)
				}
				write(t, o.Path, o.Data)
				switch {
				case strings.HasSuffix(o.Path, "_lms.go") && filepath.Base(filepath.Dir(o.Path)) != "lmsc": // not the cgo bridge
					a.golden(t, "lms.go", o.Data, *update)
				case strings.HasSuffix(o.Path, ".c"):
					a.golden(t, "lms.c", o.Data, *update)
				}
			}
			if *update {
				a.save(t)
			}
			out, err := runGo(t, a.dir, "test", "-count=1", "-v", "-run", "TestLMS", "./...")
			if err != nil {
				t.Fatalf("differential tests: %v\n%s", err, limit(out, 6000))
			}
			if got := strings.Count(out, "mismatches=0"); got != 2*len(names) {
				t.Errorf("%d specializations passed their differential tests in Go and C, want %d\n%s", got, 2*len(names), limit(out, 6000))
			}
		})
	}
}
