package gogen_test

import (
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/sched"
)

// TestChainKeepsReadNames checks that a condition goes only when no local
// name would be left unread: with every value named (no inlining, or the
// early schedule that computes every condition up front), the names of
// the conditions are read nowhere else, so the ifs stay. The corpus
// tests compile and run the same code; this test says why it looks so.
func TestChainKeepsReadNames(t *testing.T) {
	for _, tc := range []struct {
		name     string
		early    bool
		opts     sched.Options
		want     []string
		dontWant []string
	}{
		// Inline conditions: the last arm, then the whole if, go.
		{name: "ChainTail", want: []string{"if x == 1 {", "} else {"}, dontWant: []string{"x > 5"}},
		{name: "SameBranches", want: []string{"\tfmt.Println(\"same\")\n\tif x%y < 2 {"}},
		// Named conditions, read only by the if: it stays.
		{name: "ChainTail", early: true, want: []string{"if x2 {", "} else if x6 {"}},
		{name: "SameBranches", opts: sched.Options{NoCompact: true}, want: []string{"if x3 {", "if x10 {"}},
		// Named conditions still merge.
		{name: "ChainRuns", early: true, want: []string{"if x2 || x6 || x10 {", "} else if x14 {", "} else if x18 || x22 {"}},
		// A body that declares a name is not taken out of its if.
		{name: "SameDeclares", want: []string{"if x < y {\n\t\tx5 := x * 3"}},
	} {
		c, ok := corpus.Lookup(tc.name)
		if !ok {
			t.Fatalf("no corpus case %s", tc.name)
		}
		var s gogen.Schedule
		if tc.early {
			s = newEarlySchedule(c.Build())
		} else {
			s = sched.Run(c.Build(), tc.opts) // the schedule under test, its options chosen
		}
		src, err := gogen.File("p", []gogen.Func{{Name: c.Name, Schedule: s}}, gogen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(string(src), w) {
				t.Errorf("%s (early %v, %+v): no %q in\n%s", tc.name, tc.early, tc.opts, w, src)
			}
		}
		for _, w := range tc.dontWant {
			if strings.Contains(string(src), w) {
				t.Errorf("%s (early %v, %+v): %q in\n%s", tc.name, tc.early, tc.opts, w, src)
			}
		}
	}
}
