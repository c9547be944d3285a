package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStructLoops generates Go and C for testdata/structloops (stage's
// collection functions over structs of Reps: Map to structs, Filter and
// Fill of nested structs, Reduce with a struct accumulator, GroupBy with
// struct values, FlatMap to structs, a static table of structs filtered
// on a Rep), runs the differential tests of both against the staging
// functions, checks that no slice of structs is left in the output (one
// slice per field), and counts the loops and allocations of the fused
// code.
func TestStructLoops(t *testing.T) {
	t.Parallel()
	kdir, gen := generateDiffTested(t, "structloops")
	r := lmsgen(t, kdir, "-lang=go,c", "-test")
	require.Equal(t, 0, r.status, r.stderr)
	require.Equal(t, gen, read(t, filepath.Join(kdir, "kernels_lms.go")))
	for _, name := range []string{"MapPairs", "FilterPoints", "ReducePair", "GroupStats", "GroupOfPairs", "FlatPairs", "FilterTable"} {
		body := funcBody(t, gen, name)
		require.NotRegexp(t, `\[\](Pair|Point|Complex|Stats)`, body, name)
		require.NotRegexp(t, `\]\.`, body, "%s selects a field of an element:\n%s", name, body)
	}
	// Loops over slices of structs compose with the Map or Fill that
	// collects them (MapPairs, ReducePair), or fuse with the loop that
	// does: the fields other than the first, read at the consumer's
	// index, are the values just collected (FilterPoints, a Filter of
	// structs: sched/loops_fuse_siblings.go).
	shape := map[string][2]int{
		"MapPairs":     {1, 1},
		"FilterPoints": {1, 1},
		"ReducePair":   {1, 0},
		"FlatPairs":    {3, 1},
		"GroupOfPairs": {1, 3},
	}
	checkShape(t, gen, shape)
	// GroupStats, before its loop: one slice of keys, their index, one
	// slice of values per field of Stats.
	body := funcBody(t, gen, "GroupStats")
	head := body[:strings.Index(body, "for ")]
	require.Equal(t, 1+3, strings.Count(head, "make([]"), body)
	require.Equal(t, 1, strings.Count(head, "make(map["), body)
}
