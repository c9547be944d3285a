package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCollections generates Go and C for testdata/collections (stage's
// collection API, one specialization per rule of loop fusion), runs the
// differential tests of both against the staging functions, and checks
// the shape of the fused Go code: how many loops and allocations each
// function has.
func TestCollections(t *testing.T) {
	t.Parallel()
	kdir, gen := generateDiffTested(t, "collections")

	// Generating again gives the same bytes.
	r := lmsgen(t, kdir, "-lang=go,c", "-test")
	require.Equal(t, 0, r.status, r.stderr)
	require.Equal(t, gen, read(t, filepath.Join(kdir, "kernels_lms.go")))

	// loops and makes per generated function.
	shape := map[string][2]int{
		"SumSq":           {1, 0},
		"SumFill":         {1, 0},
		"MapMap":          {1, 1},
		"Two":             {1, 0},
		"Both":            {1, 1},
		"Rep":             {2, 1},
		"GroupQ":          {1, 3}, // keys, their index (a map) and values
		"Group3":          {2, 7}, // one index of the keys for three Buckets, one slice of their values, copied out in a second loop; a copy of the keys
		"GroupJoinF":      {2, 5}, // keys, their index, one slice of values, copied out into two
		"LenMap":          {0, 0},
		"Static":          {0, 0},
		"Write":           {2, 1}, // not fused: the write in between
		"Print":           {3, 2}, // not fused: output
		"Div":             {2, 1}, // the Sum absorbs the second Map; the first, which may trap too, stays
		"Lookup":          {1, 0},
		"LookupPrint":     {2, 1},
		"LookupTwice":     {2, 1},
		"Q6":              {1, 0},
		"Q6Ragged":        {2, 1},
		"Chain":           {1, 0},
		"SameMaps":        {2, 2}, // one slice per pair of identical collections
		"SameMapsWritten": {1, 2},
	}
	checkShape(t, gen, shape)
}

// checkShape checks the number of loops and makes, shape[name], of each
// generated function name in src.
func checkShape(t *testing.T, src string, shape map[string][2]int) {
	t.Helper()
	for name, want := range shape {
		body := funcBody(t, src, name)
		require.Equal(t, want[0], strings.Count(body, "for "), "loops of %s:\n%s", name, body)
		require.Equal(t, want[1], strings.Count(body, "make("), "makes of %s:\n%s", name, body)
	}
}

// funcBody returns the text of the generated function name.
func funcBody(t *testing.T, src, name string) string {
	t.Helper()
	i := strings.Index(src, "\nfunc "+name+"(")
	require.GreaterOrEqual(t, i, 0, "no function %s", name)
	j := strings.Index(src[i:], "\n}\n")
	require.GreaterOrEqual(t, j, 0)
	return src[i : i+j+3]
}
