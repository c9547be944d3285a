package corpus

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

// TestCases checks that the corpus is well formed: enough cases, unique
// identifier names, valid graphs, signatures that parse, a main file that
// parses, panics expected exactly where the exit status says so.
func TestCases(t *testing.T) {
	cases := Cases()
	if len(cases) < 30 {
		t.Fatalf("%d cases, want at least 30", len(cases))
	}
	seen := map[string]bool{}
	for _, c := range cases {
		if !token.IsIdentifier(c.Name) || !token.IsExported(c.Name) || seen[c.Name] {
			t.Errorf("bad or duplicate name %q", c.Name)
		}
		seen[c.Name] = true
		if err := ir.Check(c.Build()); err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
		if _, err := parser.ParseExpr(c.Sig); err != nil || !strings.HasPrefix(c.Sig, "func(") {
			t.Errorf("%s: signature %q: %v", c.Name, c.Sig, err)
		}
		if panics := strings.Contains(c.Stderr, "panic: "); panics != (c.Exit == 2) || c.Exit != 0 && c.Exit != 2 {
			t.Errorf("%s: stderr %q with exit status %d", c.Name, c.Stderr, c.Exit)
		}
		if !strings.Contains(c.Main, c.Name+"(") {
			t.Errorf("%s: Main does not call it", c.Name)
		}
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "main.go", MainFile(cases), 0); err != nil {
		t.Errorf("MainFile: %v", err)
	}
}
