package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
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
