package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lmsgen/lmsgen/internal/difftest"
)

// slowSrc exercises the helpers of a generated test on a function under
// test slower than its reference, with the work budget shrunk to 100ms
// (lmsSlack 100ms, lmsPatience 500ms for a reference that takes no time).
const slowSrc = `package p

import (
	"strings"
	"testing"
	"time"
)

// block never returns (until the test process ends).
var block = make(chan struct{})

func quick() []any { return []any{1} }

func late() []any { time.Sleep(300 * time.Millisecond); return []any{1} }

func never() []any { <-block; return []any{1} }

var want = lmsOutcome{results: []any{1}}

// A C call late beyond the slack is waited for and compared; its size
// makes the inputs at least as large over the budget.
func TestLate(t *testing.T) {
	s := &lmsSummary{name: "K", c: true, abandonedAt: lmsAbandoned}
	got, ok := s.runTested(t, []float64{64}, want, late)
	if !ok || lmsDiff(got, want) != "" || s.slow != 0 || lmsAbandoned != s.abandonedAt {
		t.Fatalf("late: ok=%v diff=%q slow=%d abandoned=%d", ok, lmsDiff(got, want), s.slow, lmsAbandoned-s.abandonedAt)
	}
	if !s.dominated([]float64{100}) || s.dominated([]float64{8}) {
		t.Fatalf("late: the late input's size does not bound the inputs over the budget: %v", s.over)
	}
	got, ok = s.runTested(t, []float64{8}, want, quick)
	if !ok || lmsDiff(got, want) != "" || len(s.over) != 1 {
		t.Fatalf("quick: ok=%v diff=%q over=%v", ok, lmsDiff(got, want), s.over)
	}
}

// A C call that does not return within the patience is not compared:
// counted slow, not a mismatch.
func TestNeverC(t *testing.T) {
	s := &lmsSummary{name: "K", c: true, abandonedAt: lmsAbandoned}
	_, ok := s.runTested(t, []float64{64}, want, never)
	if ok || s.slow != 1 || lmsAbandoned-s.abandonedAt != 1 {
		t.Fatalf("never (C): ok=%v slow=%d abandoned=%d", ok, s.slow, lmsAbandoned-s.abandonedAt)
	}
}

// A generated Go function that does not return within the patience,
// where the staging function returned, is a mismatch.
func TestNeverGo(t *testing.T) {
	s := &lmsSummary{name: "K", abandonedAt: lmsAbandoned}
	got, ok := s.runTested(t, []float64{64}, want, never)
	if !ok || !strings.Contains(lmsDiff(got, want), "did not return within") || s.slow != 0 {
		t.Fatalf("never (Go): ok=%v diff=%q slow=%d", ok, lmsDiff(got, want), s.slow)
	}
}
`

// TestTestSlowTested: the function under test may be slower than its
// reference beyond the slack (a C kernel that allocates on the heap what
// Go keeps on the stack was 100 to 700 times slower than Go on rpg seed
// 5670 F62a, and the C test reported four false mismatches): a late call
// is waited for and compared; in C, one that does not return even then is
// counted slow, not a mismatch; in Go it stays a mismatch.
func TestTestSlowTested(t *testing.T) {
	helpers, err := difftest.File("p", "", "", nil)
	require.NoError(t, err)
	const budget = "lmsBudget       = 2 * time.Second"
	require.Contains(t, string(helpers), budget)
	helpers = []byte(strings.Replace(string(helpers), budget, "lmsBudget       = 100 * time.Millisecond", 1))
	dir := module(t, map[string]string{"p/helpers_test.go": string(helpers), "p/slow_test.go": slowSrc, "p/p.go": "package p\n"})
	res := runIn(t, filepath.Join(dir, "p"), []string{"GOFLAGS=-mod=mod"}, "go", "test", "-count=1", ".")
	require.Equal(t, 0, res.status, res.stdout+res.stderr)
}
