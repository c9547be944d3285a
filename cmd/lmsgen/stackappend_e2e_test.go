package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStackAppend: an append to an empty slice whose result does not
// escape has gc's stack-array capacity (32/size) in the generated Go and
// C, as in the staging function: byte, int16, int32, uintptr, int, string
// and complex128 elements, in staged and unrolled loops, once per call,
// the first append of an expression only, and growslice's capacity when
// the slice escapes (printed with fmt, after a loop, returned). Elements
// of 17-32 bytes (structs, split or kept as arrays of structs, not
// appended with OpAppend) get a stack array of 1, growslice's capacity
// too; over 32 bytes, none.
func TestStackAppend(t *testing.T) {
	t.Parallel()
	kdir, _ := generateDiffTested(t, "stackappend")
	c := read(t, filepath.Join(kdir, "lmsc", "kernels_lms.c"))
	for _, name := range []string{"StkBytes", "StkInt16", "StkFull", "StkLoop", "StkReset", "StkUnrolled", "StkBranches"} {
		require.Contains(t, funcBodyC(t, c, name), "lmsg_append_stk_", name)
	}
	for _, name := range []string{"StkEscapes", "StkResult", "StkLoopEscapes"} {
		require.NotContains(t, funcBodyC(t, c, name), "lmsg_append_stk_", name)
	}
}
