package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSoAAppend generates Go and C for testdata/soaappend (append to
// staged slices of structs split per field) and runs the differential
// tests of both against the staging functions: the results hash every
// cap() after append and the writes seen through the old slice, for
// structs of 16 (padded), 24 and 32 bytes, with and without pointers.
func TestSoAAppend(t *testing.T) {
	t.Parallel()
	_, gen := generateDiffTested(t, "soaappend")
	for _, name := range []string{"SoAAppendCaps", "SoAAppendVec3", "SoAAppendSmall", "SoAAppendNamed", "SoAAppendAlias", "SoAAppendSlice"} {
		body := funcBody(t, gen, name)
		require.NotRegexp(t, `\[\](Complex|Vec3|Small|Named)`, body, name)
		require.Regexp(t, `growSlice\(`, body, name)
	}
}
