package gogen_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/gogen/corpus"
	"github.com/lmsgen/lmsgen/sched"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCases are the corpus cases whose Go text is reviewed in
// testdata/<name>.txtar: the graph (after the scheduler's DCE) and the
// emitted file.
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
			s := schedule(t, c, sched.Options{})
			if s == nil {
				return
			}
			src, err := gogen.File("golden", []gogen.Func{{Name: c.Name, Schedule: s}}, gogen.Options{})
			if err != nil {
				t.Fatal(err)
			}
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
				t.Errorf("%s differs from the emitted code (run with -update to accept):\n%s", path, diff(string(want), string(got)))
			}
		})
	}
}

// diff returns the lines that differ between want and got, each marked -
// or +, in order (a plain line diff, enough for short files).
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	// Longest common subsequence, by dynamic programming.
	lcs := make([][]int, len(w)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(g)+1)
	}
	for i := len(w) - 1; i >= 0; i-- {
		for j := len(g) - 1; j >= 0; j-- {
			if w[i] == g[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var sb strings.Builder
	i, j := 0, 0
	for i < len(w) || j < len(g) {
		switch {
		case i < len(w) && j < len(g) && w[i] == g[j]:
			i++
			j++
		case j < len(g) && (i == len(w) || lcs[i][j+1] >= lcs[i+1][j]):
			sb.WriteString("+ " + g[j] + "\n")
			j++
		default:
			sb.WriteString("- " + w[i] + "\n")
			i++
		}
	}
	return sb.String()
}
