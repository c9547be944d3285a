package frontend

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGodebugValue: html/template reads a GODEBUG setting for a URL in a
// meta refresh's content; the evaluator refuses it, positioned in the
// standard package and chained to the staging code (an archive's ERROR
// comments cannot name a line of the standard library).
func TestGodebugValue(t *testing.T) {
	a := extract(t, "testdata/godebug/errgodebug.txtar")
	_, _, err := RunPipeline(Config{Dir: a.dir}, true)
	list, _ := err.(ErrorList)
	if len(list) != 1 {
		t.Fatalf("want one error, got %v", err)
	}
	e := list[0]
	if filepath.Base(e.Pos.Filename) != "escape.go" || !strings.Contains(e.Msg, "call of internal/godebug.Setting.Value: it reads the running program's GODEBUG settings") {
		t.Errorf("error %v, want a refusal of internal/godebug.Setting.Value in html/template's escape.go", e)
	}
	found := false
	for _, c := range e.Chain {
		found = found || filepath.Base(c.Pos.Filename) == "e.go" && c.Pos.Line == 16 && c.Caller == "meta"
	}
	if !found {
		t.Errorf("error %v: its chain does not reach e.go:16, called from meta", e)
	}
}
