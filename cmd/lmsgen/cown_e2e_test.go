package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCOwner generates Go and C for testdata/cown (a make of a loop's
// body kept after it, appends past a capacity, makes passed to a staged
// function, a result that is a sub-slice of a make, split slices of
// structs that grow, a string built by concatenation and returned), runs
// the differential tests of both, and checks the runtime's owner list:
// every entry point ends its call with lms_call_end, keeping only what its
// results point into, which the bridge releases once it has copied them.
// Through the cgo bridge, 2,000 more calls of each kernel must leave the
// C heap (glibc's mallinfo2, bytes in use) where it was: main's cgen,
// which freed none of these, grows it by megabytes per kernel. The C
// alone, under AddressSanitizer and LeakSanitizer, calls every entry point
// over a range of arguments, reads every result before releasing it (a
// result freed too early is a use after free), and must end with nothing
// allocated.
func TestCOwner(t *testing.T) {
	t.Parallel()
	kdir, _ := generateDiffTested(t, "cown")
	lmsc := filepath.Join(kdir, "lmsc")
	c := read(t, filepath.Join(lmsc, "kernels_lms.c"))
	require.Contains(t, c, "void kernels_lms_release(void) {\n\tlms_release();\n}")
	require.Contains(t, c, "\t\tconst void *lms_keep[1] = {out.r0};\n\t\tlms_call_end(lms_keep, 1);\n")
	require.Equal(t, 6, strings.Count(c, "\tlms_call_end("), "one per entry point")
	require.Regexp(t, `/\* Freed when the call returns, not before: w, made in a loop's body or a branch and kept after it\. \*/\n(/\*[^\n]*\*/\n)*static int64_t OwnNestedKept\(`, c)
	require.Regexp(t, `/\* Freed when the call returns, not before: the arrays of 1 append or grow [^\n]*\*/\nstatic int64_t OwnAppendGrow\(`, c)
	bridge := read(t, filepath.Join(lmsc, "kernels_lms.go"))
	require.Equal(t, 2, strings.Count(bridge, "\tdefer C.kernels_lms_release()\n"), "OwnSubResult and OwnString: %s", bridge)
	cownSanitize(t, lmsc)
	require.NoError(t, os.WriteFile(filepath.Join(lmsc, "heap.go"), []byte(cownHeap), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(lmsc, "heap_test.go"), []byte(cownHeapTest), 0o644))
	// glibc's per-thread cache holds freed chunks that mallinfo2 counts
	// in use (up to 7 per size class and thread): off, and the test's
	// calls on one thread, so that only what is not freed counts.
	r := runIn(t, lmsc, []string{"GOFLAGS=-mod=mod", "GLIBC_TUNABLES=glibc.malloc.tcache_count=0"}, "go", "test", "-v", "-run", "TestOwnHeap", ".")
	out := r.stdout + r.stderr
	require.Equal(t, 0, r.status, out)
	require.Contains(t, out, "--- PASS: TestOwnHeap", out)
	require.Equal(t, 6, strings.Count(out, "heap: "), out)
	for _, ln := range strings.Split(out, "\n") {
		if strings.Contains(ln, "heap: ") {
			t.Log(strings.TrimSpace(ln))
		}
	}
}

// cownHeap gives the test of the C sub-package the bytes glibc's malloc
// has in use (cgo is not allowed in a _test.go file).
const cownHeap = `package lmsc

/*
#include <malloc.h>
*/
import "C"

// heapInUse returns the bytes of the C heap in use (malloc'd, not freed).
func heapInUse() int64 { return int64(C.mallinfo2().uordblks) }
`

const cownHeapTest = `package lmsc

import (
	"runtime"
	"testing"
)

var sink float64

func TestOwnHeap(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	kernels := []struct {
		name string
		call func(i int)
	}{
		{"OwnNestedKept", func(i int) { sink += float64(OwnNestedKept(300, 6-i%2)) }},
		{"OwnAppendGrow", func(i int) { sink += float64(OwnAppendGrow(2000 - i%3)) }},
		{"OwnPassMake", func(i int) { sink += float64(OwnPassMake(400, 5)) }},
		{"OwnSubResult", func(i int) { sink += float64(len(OwnSubResult(600, i%4))) }},
		{"OwnSoA", func(i int) { sink += OwnSoA(300, 3) }},
		{"OwnString", func(i int) { sink += float64(len(OwnString(200, "xyz"))) }},
	}
	for _, k := range kernels {
		for i := range 50 {
			k.call(i)
		}
		before := heapInUse()
		for i := range 2000 {
			k.call(i)
		}
		d := heapInUse() - before
		t.Logf("heap: %s grew by %d bytes over 2000 calls", k.name, d)
		if d > 64<<10 {
			t.Errorf("%s: the C heap grew by %d bytes over 2000 calls", k.name, d)
		}
	}
}
`

// cownSanitize compiles the C of testdata/cown in dir with a main that
// calls every entry point, reads its results, releases them, and runs it
// under AddressSanitizer and LeakSanitizer. It is skipped if gcc cannot
// build with -fsanitize=address.
func cownSanitize(t *testing.T, dir string) {
	t.Helper()
	if out := runSanitized(t, dir, cownMain); out != "" {
		require.Contains(t, out, "sum ", "%s", out)
	}
}

const cownMain = `#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include "kernels_lms.h"

int main(void) {
	uint64_t s = 0; /* wraps */
	double f = 0;
	for (int64_t n = 1; n < 60; n += 7) {
		for (int64_t k = 0; k < 6; k++) {
			s += (uint64_t)kernels_OwnNestedKept(n, k);
			s += (uint64_t)kernels_OwnAppendGrow(n * k);
			s += (uint64_t)kernels_OwnPassMake(n, k);
			f += kernels_OwnSoA(n, k % 3 + 1);
			/* Two calls before a release: both results stay valid. */
			kernels_OwnSubResult_result a = kernels_OwnSubResult(n, k % 4);
			kernels_OwnString_result b = kernels_OwnString(n, (const uint8_t *)"xy", 2);
			for (int64_t i = 0; i < a.r0_len; i++) s += (uint64_t)a.r0[i];
			for (int64_t i = 0; i < b.r0_len; i++) s += b.r0[i];
			s += (uint64_t)(a.r0_cap + b.r0_len);
			kernels_lms_release();
		}
	}
	printf("sum %llu %g\n", (unsigned long long)s, f);
	return 0;
}
`
