package gogen_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/internal/golden"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCases are the corpus cases whose Go text is reviewed in
// testdata/<name>.txtar: the graph (after the pipeline's graph passes and
// scheduling) and the emitted file, made by the pipeline's table from
// the graph passes on, with every checker on.
var goldenCases = []string{
	"ChainApart", "ChainRuns", "ChainTail", "ChainTailTrap", "Clamp", "Collatz",
	"Counter", "DivMod", "EvenOdd", "Fib", "Find", "Grade", "IsVowel",
	"NestedLoops", "PrintAll", "SameBranches", "SameDeclares", "ShiftInt8", "StaticWrite",
	"Strings", "SumSquares", "Vowels",
}

func TestGolden(t *testing.T) {
	for _, name := range goldenCases {
		t.Run(name, func(t *testing.T) {
			c, ok := corpus.Lookup(name)
			if !ok {
				t.Fatalf("no corpus case %s", name)
			}
			st, err := pipeline.Run(pipeline.Config{Result: pipeline.FromGraphs("golden", []string{c.Name}, []*ir.Graph{c.Build()}), Go: true, Check: true})
			if err != nil {
				t.Fatal(err)
			}
			s, src := st.Packages[0].Funcs[0].Schedule, st.Packages[0].Outputs[0].Data
			ar := &txtar.Archive{
				Comment: []byte("Corpus case " + name + ": its graph and the Go emitted for it.\n" +
					"Regenerate with: go test ./gogen -run Golden -update\n"),
				Files: []txtar.File{
					{Name: "graph.ir", Data: []byte(s.Graph().String())},
					{Name: "out.go", Data: src},
				},
			}
			got := txtar.Format(ar)
			path := filepath.Join("testdata", name+".txtar")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the emitted code (run with -update to accept):\n%s", path, golden.Diff(string(want), string(got)))
			}
		})
	}
}
