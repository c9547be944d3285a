package frontend

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestEvaluateParallelSame evaluates packages of many specializations
// (some of which fail) one at a time and four at a time: the graphs and
// the errors, in their order, are the same. Run with -race (CI does, with
// -short: one package of 31 specializations), it also checks that
// evaluations running at once share nothing they write.
func TestEvaluateParallelSame(t *testing.T) {
	files := []string{"erreval", "errdirectives", "control", "data", "memory"}
	if testing.Short() {
		files = files[:1]
	}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			a := extract(t, "testdata/eval/"+file+".txtar")
			evaluate := func(procs int) string {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				res, err := openEvaluate(Config{Dir: a.dir})
				var b strings.Builder
				fmt.Fprintf(&b, "errors: %v\n", err)
				if res != nil {
					for _, p := range res.Packages {
						for _, s := range p.Specs {
							fmt.Fprintf(&b, "%s.%s:\n%s\n", p.PkgPath, s.Name, s.Graph)
						}
					}
				}
				return b.String()
			}
			one, four := evaluate(1), evaluate(4)
			if !strings.Contains(one, ".") || one != four {
				t.Errorf("one at a time:\n%s\nfour at a time:\n%s", one, four)
			}
			if file == "erreval" && !strings.Contains(one, "a go statement under staged control") {
				t.Errorf("erreval: the errors are missing:\n%s", one)
			}
		})
	}
}
