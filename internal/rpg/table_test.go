package rpg

import (
	"strings"
	"testing"
)

// TestTable reads a campaign log as lmsrpg prints it.
func TestTable(t *testing.T) {
	log := `seed 7 F1a: ok
seed 7 F1b: refused: p.go:3:4: not supported
seed 7 F2a: mismatch: RPG MISMATCH F2a go input 3: results [1], want [2]
seed 7 F2a: reduced into /tmp/x
seed 3 F10a: unbuildable: # rpgt/s3 | s3/s3_lms.go:1:1: declared and not used: x
seed 3 F11a: ok
specializations: 5
  ok             2
wall time per step:
`
	rows, err := ParseLog(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	got := Table(rows)
	want := `| seed | functions | specs | ok | refused | untested | invalid | unbuildable | testbuild | vet | mismatch | crash | timeout | lmstest-fail | skipped |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| 3 | 2 | 2 | 1 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |
| 7 | 2 | 3 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |
| total | 4 | 5 | 2 | 1 | 0 | 0 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |
`
	if got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
	if _, err := ParseLog(strings.NewReader("seed 7 F1a: ok\nseed 7 F1a: ok\n")); err == nil {
		t.Error("a specialization classified twice was accepted")
	}
}
