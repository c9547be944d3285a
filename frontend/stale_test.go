package frontend

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadCorruptOutput loads a package whose output holds anything at
// all: it is left out of the load, whatever it holds.
func TestLoadCorruptOutput(t *testing.T) {
	for _, tc := range []struct{ output, junk string }{
		{"", "\xff\xfe not Go at all"},
		{"", "package other\n\nfunc Scale2() {}\n"},
		{"", "junk {{{"},
		{"custom.go", "package tagged\n\nfunc Scale2(x string) string { return x }\n"},
		{"custom.go", "\xff\xfe"},
	} {
		a := extract(t, "testdata/load/tagged.txtar")
		name := tc.output
		if name == "" {
			name = "tagged_lms.go"
		}
		write(t, filepath.Join(a.dir, name), []byte(tc.junk))
		res, err := openEvaluate(Config{Dir: a.dir, Output: tc.output})
		if err != nil {
			t.Errorf("%s holding %q: %v", name, tc.junk, err)
			continue
		}
		if n := len(res.Packages[0].Specs); n != 3 {
			t.Errorf("%s holding %q: %d specializations, want 3", name, tc.junk, n)
		}
	}
}

// TestLoadOutputIsStaging names a staging file as the output: an error at
// its first directive, not an empty load.
func TestLoadOutputIsStaging(t *testing.T) {
	a := extract(t, "testdata/load/tagged.txtar")
	_, err := openEvaluate(Config{Dir: a.dir, Output: "staging.go"})
	if err == nil || !strings.Contains(err.Error(), "staging.go holds staging code") || !strings.Contains(err.Error(), "staging.go:") {
		t.Errorf("Output staging.go: %v, want an error at the file's directive", err)
	}
}

// openEvaluate runs the frontend's two stages, load and evaluate.
func openEvaluate(cfg Config) (*Result, error) {
	prog, err := Open(cfg)
	if err != nil {
		return nil, err
	}
	return prog.Evaluate()
}
