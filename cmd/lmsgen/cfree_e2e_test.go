package main

import (
	"os"
	"os/exec"
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
// the branch, 320 MB for the loop's body, two iterations a call). A make
// in a loop's body that a break leaves (FreeBreak), and makes in the
// body and a branch of a loop with several exits (FreeExits), are freed
// before each break: checked in the C, by the resident set, and by
// LeakSanitizer on the C alone (gcc -fsanitize=address, when gcc has
// it), which also checks that nothing is freed twice or used after.
// Makes held in variables (FreeVars, FreeVarsResult) are freed at the
// function's end unless the result may share their arrays.
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
	require.Contains(t, funcBodyC(t, c, "FreeBreak"), "{ lms_free(tmp.p); break; }")
	exits := funcBodyC(t, c, "FreeExits")
	require.Equal(t, 4, strings.Count(exits, "lms_free(tmp.p); break; }"), exits)
	require.Equal(t, 2, strings.Count(exits, "{ lms_free(w.p); { lms_free(tmp.p); break; } }"), exits)
	// Makes held in variables are freed at the end; a make that may be
	// returned is not, and the C says so.
	vars := funcBodyC(t, c, "FreeVars")
	require.Equal(t, 2, strings.Count(vars, "lms_free("), vars)
	vr := funcBodyC(t, c, "FreeVarsResult")
	require.Equal(t, 1, strings.Count(vr, "lms_free(tmp.p);"), vr)
	require.Equal(t, 1, strings.Count(vr, "lms_free("), vr)
	require.Contains(t, c, "/* Freed when the call returns unless the results point into it: keep, returned (the result may share its array). */\nstatic lms_slice_int64 FreeVarsResult(")
	// A make of a loop's body kept after it, and the arrays of an append
	// that reallocates, are freed only when the call returns (the
	// runtime's owner list, TestCOwner): the C says so.
	require.Regexp(t, `/\* Freed when the call returns, not before: w, made in a loop's body or a branch and kept after it\. \*/\n/\* Freed when the call returns, not before: the arrays of 1 append or grow that reallocate\. \*/\nstatic int64_t FreeNestedKept\(`, c)
	cfreeSanitize(t, filepath.Join(kdir, "lmsc"))
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
		FreeBreak(4000, 1, 8) // breaks in the fifth iteration
		FreeExits(4000, i%7, 8)
		FreeVars(4000, i%4, i%3)
	}
	if d := rss(t) - before; d > 64<<20 {
		t.Fatalf("the resident set grew by %d MB over 30,000 calls", d>>20)
	}
}
`

// cfreeSanitize compiles the C of testdata/cfree in dir with a main that
// calls every function over a range of arguments, under AddressSanitizer
// (with LeakSanitizer), and runs it: a make not freed on some way out is
// a leak it reports, a free too many a double free. It is skipped if gcc
// cannot build with -fsanitize=address.
func cfreeSanitize(t *testing.T, dir string) {
	t.Helper()
	runSanitized(t, dir, cfreeMain)
}

// runSanitized compiles kernels_lms.c in dir with the C program main
// under AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer,
// runs it, requires that no sanitizer reports, and returns its output
// ("" and a log line when gcc cannot build or run such a program here).
func runSanitized(t *testing.T, dir, mainSrc string) string {
	t.Helper()
	tmp := t.TempDir()
	probe := filepath.Join(tmp, "probe.c")
	require.NoError(t, os.WriteFile(probe, []byte("int main(void) { return 0; }\n"), 0o644))
	if out, err := exec.Command("gcc", "-fsanitize=address", probe, "-o", filepath.Join(tmp, "probe")).CombinedOutput(); err != nil {
		t.Logf("no -fsanitize=address: %v %s", err, out)
		return ""
	}
	if out, err := exec.Command(filepath.Join(tmp, "probe")).CombinedOutput(); err != nil {
		t.Logf("a program built with -fsanitize=address does not run here: %v %s", err, out)
		return ""
	}
	main := filepath.Join(tmp, "main.c")
	require.NoError(t, os.WriteFile(main, []byte(mainSrc), 0o644))
	bin := filepath.Join(tmp, "sanitized")
	out, err := exec.Command("gcc", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g", "-I", dir,
		filepath.Join(dir, "kernels_lms.c"), main, "-o", bin, "-lm").CombinedOutput()
	require.NoError(t, err, "%s", out)
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "ASAN_OPTIONS=detect_leaks=1")
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.NotContains(t, string(out), "Sanitizer", "%s", out)
	return string(out)
}

const cfreeMain = `#include <stdint.h>
#include <stdbool.h>
#include "kernels_lms.h"

static volatile int64_t sink;

int main(void) {
	int64_t s = 0;
	for (int64_t n = 1; n < 40; n += 7) {
		for (int64_t k = 0; k < 10; k++) {
			for (int64_t m = 0; m < 9; m++) {
				s += kernels_FreeBreak(n, k, m);
				s += kernels_FreeExits(n, k, m);
				s += kernels_FreeLoopBody(n, k % 5);
				s += kernels_FreeBranch(n, m & 1);
				s += kernels_FreeLoopReturn(n, k);
				s += kernels_FreeBranchReturn(n, m & 1);
				s += kernels_FreeVars(n, k % 4, m);
			}
		}
	}
	sink = s;
	return 0;
}
`
