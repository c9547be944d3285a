package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// TestDepsGoC generates Go and C for the forwarding and dead-array cases
// of frontend/testdata/eval/deps.txtar (sorting networks, sub-slices,
// overlapping copy, slices written by staged functions, dead arrays) with
// -test, and runs the generated differential tests: Go against the
// staging functions, C against Go.
func TestDepsGoC(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	ar, err := txtar.ParseFile(filepath.Join(repoRoot(t), "frontend", "testdata", "eval", "deps.txtar"))
	require.NoError(t, err)
	var src string
	for _, f := range ar.Files {
		if f.Name == "deps.go" {
			src = string(f.Data)
		}
	}
	require.NotEmpty(t, src)
	dir := module(t, map[string]string{"deps/deps.go": src})
	kdir := filepath.Join(dir, "deps")
	r := lmsgen(t, kdir, "-lang=go,c", "-test")
	require.Equal(t, 0, r.status, r.stderr)
	// The sorting networks load each element once and never reload it.
	gen := read(t, filepath.Join(kdir, "deps_lms.go"))
	for _, fn := range []string{"SortInPlace", "SortMade"} {
		body := regexp.MustCompile(`(?s)\nfunc ` + fn + `\(.*?\n}\n`).FindString(gen)
		require.NotEmpty(t, body, fn)
		loads := map[string]int{}
		for _, m := range regexp.MustCompile(`\b(xs|a)\[(\d+)\]( = )?`).FindAllStringSubmatch(body, -1) {
			if m[3] == "" {
				loads[m[2]]++
			}
		}
		require.Len(t, loads, 16, "%s loads\n%s", fn, body)
		for i, n := range loads {
			require.Equal(t, 1, n, "%s loads element %s %d times", fn, i, n)
		}
	}
	require.Regexp(t, `func Dead4\(arg int\) {}`, gen)
	checkFusion(t, gen)
	checkDump(t, kdir)
	checkBounds(t, kdir, gen)
	goCmd(t, kdir, "vet", "./...")
	out := goCmd(t, kdir, "test", "-v", "-run", "TestLMS", "./...")
	specs := regexp.MustCompile(`(?m)^//lms:gen (\w+)`).FindAllStringSubmatch(src, -1)
	require.NotEmpty(t, specs)
	for _, s := range specs {
		// Once for Go against the staging function, once for C against Go.
		re := regexp.MustCompile(`lms: ` + s[1] + ` tried=\d+ mismatches=0`)
		require.Len(t, re.FindAllString(out, -1), 2, "%s:\n%s", s[1], out)
	}
}

// checkDump: -dump=deps prints FuseShift's accesses of x through its
// sub-slices x[:m] and x[1:m+1] relative to x, in one alias set: the
// read at k, the write at k + 1.
func checkDump(t *testing.T, kdir string) {
	t.Helper()
	r := lmsgen(t, kdir, "-dump=deps", "-run", "FuseShift")
	require.Equal(t, 0, r.status, r.stderr)
	read := regexp.MustCompile(`R slice_get x1\[k\d+\]  set (x\d+)`).FindStringSubmatch(r.stdout)
	write := regexp.MustCompile(`W slice_set x1\[k\d+ \+ 1\]  set (x\d+)`).FindStringSubmatch(r.stdout)
	require.NotNil(t, read, r.stdout)
	require.NotNil(t, write, r.stdout)
	require.Equal(t, read[1], write[1], "one alias set\n%s", r.stdout)
	require.Contains(t, r.stdout, "4 slice accesses, 2 loops", r.stdout)
}

// declBody returns the text of function fn in Go or C source src.
func declBody(t *testing.T, src, fn string) string {
	t.Helper()
	body := regexp.MustCompile(`(?s)\n(?:func|static \w+) ` + fn + `\([^;{]*\)[^;{\n]* \{\n.*?\n}\n`).FindString(src)
	require.NotEmpty(t, body, fn)
	return body
}

// checkFusion: the producer/consumer pairs sched.FusePlain may fuse are
// one loop without the temporary (FusePanicSum keeps it: its make may
// panic); those it must not fuse (a read ahead or backwards, outputs that
// may alias the input, a producer that may panic before a consumer that
// writes the caller's memory, a sub-slice written one element ahead of
// the one read, a copy between the loops, a staged function) keep two
// loops and the temporary.
func checkFusion(t *testing.T, gen string) {
	t.Helper()
	loops := regexp.MustCompile(`\bfor\b`)
	for fn, want := range map[string]struct{ loops, makes int }{
		"FuseLen": {1, 0}, "FuseInPlace": {1, 0}, "FusePanicSum": {1, 1}, "FuseSubLen": {1, 0},
		"FuseAhead": {2, 1}, "FuseReverse": {2, 1}, "FuseAlias": {2, 1}, "FuseMayPanic": {2, 1},
		"FuseShift": {2, 1}, "FuseCopy": {2, 1}, "FuseStaged": {2, 1},
	} {
		body := declBody(t, gen, fn)
		require.Len(t, loops.FindAllString(body, -1), want.loops, "%s loops\n%s", fn, body)
		require.Equal(t, want.makes, strings.Count(body, "make("), "%s temporaries\n%s", fn, body)
	}
}

// checkBounds: in C, the accesses sched.BoundsChecks proves in range
// (x[i] for i < len(x), the fused loops' inputs) are written without a
// check, the others (x[i-1] from 0, x[i+1] to len(x)-1, and the outputs)
// keep theirs; in Go, gc's prove pass removes the checks of the loops
// over len(x), and over a made slice's or a sub-slice's length, which
// the Go output writes len(t) (counted with -d=ssa/check_bce): the fused
// FuseLen keeps only y[i]'s, FusePanicSum only x[i]'s, BoundsMade only
// t[k]'s after its loop, BoundsSub none.
func checkBounds(t *testing.T, kdir, gen string) {
	t.Helper()
	c := read(t, filepath.Join(kdir, "lmsc", "deps_lms.c"))
	body := declBody(t, c, "Bounds")
	require.Equal(t, 1, strings.Count(body, "x.p["), "Bounds in C\n%s", body)
	require.Equal(t, 2, strings.Count(body, "lms_slice_int64_get(x, "), "Bounds in C\n%s", body)
	body = declBody(t, c, "FuseLen")
	require.Contains(t, body, "x.p[", "FuseLen in C\n%s", body)
	require.Contains(t, body, "lms_slice_float64_set(y, ", "FuseLen in C\n%s", body)

	out := goCmd(t, kdir, "build", "-gcflags=-d=ssa/check_bce/debug=1", ".")
	found := regexp.MustCompile(`deps_lms\.go:(\d+):\d+: Found IsInBounds`).FindAllStringSubmatch(out, -1)
	for fn, want := range map[string]int{"FuseLen": 1, "FusePanicSum": 1, "BoundsMade": 1, "BoundsSub": 0} {
		start := strings.Count(gen[:strings.Index(gen, "\nfunc "+fn+"(")], "\n") + 2
		end := start + strings.Count(declBody(t, gen, fn), "\n")
		checks := 0
		for _, m := range found {
			if l, _ := strconv.Atoi(m[1]); l >= start && l < end {
				checks++
			}
		}
		require.Equal(t, want, checks, "%s's bounds checks after gc (lines %d-%d):\n%s\n%s", fn, start, end, declBody(t, gen, fn), out)
	}
}
