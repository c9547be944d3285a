package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSoAMat runs the differential tests (Go and C) of static slices of
// structs that become split slices (frontend/soamat.go): carried by
// staged loops, sliced with dynamic bounds, written with a Rep index,
// merged with a made slice, and static slices made in a branch and merged
// (frontend/matbranch.go).
func TestSoAMat(t *testing.T) {
	t.Parallel()
	_, gen := generateDiffTested(t, "soamat")
	for _, name := range []string{"StructLoop", "SubDyn", "WriteDyn", "MergeStatic", "AppendDyn", "CopyMixed", "PrintSplit"} {
		body := funcBody(t, gen, name)
		require.NotRegexp(t, `\[\]Complex`, body, name)
	}
}
