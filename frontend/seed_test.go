package frontend

import (
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/internal/golden"
)

// The traversal seed's snippet, exactly as ir's seed test builds it with
// the builder directly (ir/seed_test.go): the same program written in Go
// must give the same graph.
const seedSnippetGolden = `================ Block(List(x1),x10,x0,[CTRL*: _ | x10]) ==============
x2 = (printf hello, world1)  [CTRL*: _ | x0]
x3 = (printf hello, world2)  [CTRL*: _ | x2]
x4 = (> x1 0)  
x6 = (printf hello, world3)  [CTRL*: _ | x5]
x7 = (+ x1 1)  
x9 = (+ x1 2)  
x10 = (? x4 Block(List(),x7,x5,[CTRL*: _ | x6]) Block(List(),x9,x8,[: _ | x8])) [CTRL*: _ | x3]
`

func TestSeedSnippet(t *testing.T) {
	a := extract(t, "testdata/eval/first.txtar")
	res, _, err := RunPipeline(Config{Dir: a.dir, Run: "Snippet"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Packages) != 1 || len(res.Packages[0].Specs) != 1 {
		t.Fatalf("want one specialization, got %+v", res.Packages)
	}
	got := string(irText(res.Packages[0].Specs[0].Graph))
	if got != seedSnippetGolden {
		t.Errorf("the snippet's graph differs from the seed's:\n%s", golden.Diff(seedSnippetGolden, got))
	}
	if !strings.Contains(string(a.section("Snippet.ir")), "printf hello, world3") {
		t.Error("the golden of the test package lacks the snippet")
	}
}
