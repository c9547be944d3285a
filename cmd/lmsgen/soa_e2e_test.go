package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSoA generates Go and C for testdata/soa (staged slices of structs of
// Reps), runs the differential tests of both against the staging functions
// (panicking indices included: the Go test compares the panics), and
// checks that the slices of structs are split into one slice per field:
// the generated Go makes no slice of a struct type and indexes no struct.
func TestSoA(t *testing.T) {
	t.Parallel()
	kdir, gen := generateDiffTested(t, "soa")
	// Generating again gives the same bytes.
	r := lmsgen(t, kdir, "-lang=go,c", "-test")
	require.Equal(t, 0, r.status, r.stderr)
	require.Equal(t, gen, read(t, filepath.Join(kdir, "kernels_lms.go")))
	for _, name := range []string{"SoAPick", "SoAMade", "SoASlice", "SoAMerge", "SoALoop", "SoACopy", "SoAFun", "SoAClosure"} {
		body := funcBody(t, gen, name)
		require.NotRegexp(t, `\[\](Complex|Point)`, body, name)
		require.NotRegexp(t, `\]\.`, body, "%s selects a field of an element:\n%s", name, body)
	}
	// One slice per field: SoAMade's two fields are two slices made with
	// the length n.
	require.Equal(t, 2, strings.Count(funcBody(t, gen, "SoAMade"), "make([]float64, n)"))
	// SoASlice's Point has five leaves, of two types.
	require.Len(t, regexp.MustCompile(`make\(\[\](float64|int), n, `).FindAllString(funcBody(t, gen, "SoASlice"), -1), 5)
	// Both loops are bounded by the len of a field slice they index (gc
	// proves the indexing), and the bound the second one had, used only
	// there, is not left behind.
	require.Len(t, regexp.MustCompile(`; i\d* < len\(\w+\); i\d*\+\+ \{`).FindAllString(funcBody(t, gen, "SoASlice"), -1), 2)
	require.NotContains(t, funcBody(t, gen, "SoASlice"), "_ = len(")
	// The staged function takes one slice per field, named by the field.
	require.Regexp(t, `func \w+\(csRe, csIm \[\]float64, k float64\)`, gen)
}
