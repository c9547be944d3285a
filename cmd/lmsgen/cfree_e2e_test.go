package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCFreeExits generates Go and C for testdata/cfree (a make that does
// not escape, then returns from inside a loop, after it, and from both
// branches of a conditional; a make in a loop's body and one in a branch
// that returns), runs the differential tests of both, checks that every
// return of the C functions frees the make first and the loop's body
// frees its own, and calls the C functions 20,000 times on slices of
// 32 KiB: without the frees the process would grow by 320 MB (160 MB for
// the branch, 320 MB for the loop's body, two iterations a call).
func TestCFreeExits(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/proc/self/statm"); err != nil {
		t.Skip("no /proc/self/statm")
	}
	kdir, _ := generateDiffTested(t, "cfree")
	c := read(t, filepath.Join(kdir, "lmsc", "kernels_lms.c"))
	for _, name := range []string{"FreeLoopReturn", "FreeBranchReturn"} {
		body := funcBodyC(t, c, name)
		require.Equal(t, 2, strings.Count(body, "return"), "%s: two returns:\n%s", name, body)
		require.Equal(t, 2, strings.Count(body, "lms_free(buf.p); return lms_result;"), "%s: every return frees:\n%s", name, body)
	}
	// A make in a loop's body is freed at the body's end, one in a
	// branch before the branch's return.
	require.Contains(t, funcBodyC(t, c, "FreeLoopBody"), "\t\tlms_free(tmp.p);\n\t}\n\treturn s;")
	require.Contains(t, funcBodyC(t, c, "FreeBranch"), "lms_free(tmp.p); return lms_result; }")
	require.NoError(t, os.WriteFile(filepath.Join(kdir, "lmsc", "leak_test.go"), []byte(cfreeLeakTest), 0o644))
	out := goCmd(t, filepath.Join(kdir, "lmsc"), "test", "-v", "-run", "TestLeak", ".")
	require.Contains(t, out, "--- PASS: TestLeak", out)
}

const cfreeLeakTest = `package lmsc

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

func rss(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.ParseInt(strings.Fields(string(b))[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n * int64(os.Getpagesize())
}

func TestLeak(t *testing.T) {
	FreeLoopReturn(4000, 1)
	before := rss(t)
	for i := range 5000 {
		FreeLoopReturn(4000, i%3) // k = 0: the return after the loop; else from inside it
		FreeBranchReturn(4000, i%2 == 0)
		FreeLoopBody(4000, 2)
		FreeBranch(4000, true)
	}
	if d := rss(t) - before; d > 64<<20 {
		t.Fatalf("the resident set grew by %d MB over 20,000 calls", d>>20)
	}
}
`
