package cgen_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/internal/golden"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCases are the cases whose C text is reviewed in
// testdata/<name>.txtar: the generated part of the C file (the runtime
// prelude left out), the header and the bridge. A name with the suffix
// ".nobounds" is emitted with Options.NoBounds.
var goldenCases = []string{
	"Clamp", "Collatz", "Counter", "DivMod", "Fib", "EvenOdd", "Find", "Grade", "StaticTable", "Slices",
	"Strings", "Complex", "CClosures", "CFuncValue", "CPrintSlices", "CUnsignedIndex", "CRangeCompare",
	"BubbleSort.nobounds", "CDeadComponent", "CFree",
}

// generatedMarker starts the generated code, after the runtime prelude.
const generatedMarker = "/* ------------------------------------------------ generated code */\n"

func lookup(name string) (corpus.Case, bool) {
	if c, ok := corpus.Lookup(name); ok {
		return c, true
	}
	for _, c := range extraCases() {
		if c.Name == name {
			return c, true
		}
	}
	return corpus.Case{}, false
}

func TestGolden(t *testing.T) {
	for _, name := range goldenCases {
		t.Run(name, func(t *testing.T) {
			base, variant, _ := strings.Cut(name, ".")
			c, ok := lookup(base)
			if !ok {
				t.Fatalf("no case %s", base)
			}
			st, err := pipeline.Run(pipeline.Config{Result: pipeline.FromGraphs("golden", []string{c.Name}, []*ir.Graph{c.Build()}),
				C: true, NoBounds: variant == "nobounds", Check: true})
			if err != nil {
				t.Fatal(err)
			}
			outs := st.Packages[0].Outputs // the C file, the header, the bridge
			out := output{outs[0].Data, outs[1].Data, outs[2].Data}
			prelude := ir.Header() + "\n\n/* The lmsgen runtime prelude (see the comments below). */\n\n" + cgen.Runtime() + "\n" + generatedMarker
			gen, ok := strings.CutPrefix(string(out.c), prelude)
			if !ok {
				t.Fatalf("the C file does not start with the header and the runtime prelude")
			}
			ar := &txtar.Archive{
				Comment: []byte(fmt.Sprintf("Case %s: the C emitted for it (after the runtime prelude), the header and the bridge.\n"+
					"Regenerate with: go test ./cgen -run Golden -update\n", name)),
				Files: []txtar.File{
					{Name: "golden_lms.c", Data: []byte(gen)},
					{Name: "golden_lms.h", Data: out.h},
					{Name: "golden_lms.go", Data: out.bridge},
				},
			}
			got := txtar.Format(ar)
			path := filepath.Join("testdata", name+".txtar")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
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
