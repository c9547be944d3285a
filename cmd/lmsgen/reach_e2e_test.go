package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReach generates Go and C for testdata/reach (SHA-256 with
// bits.RotateLeft32, slices.Sort on static slices of Reps, static maps
// indexed by Reps, and the library calls the C output translates), runs
// the differential tests of both against the staging functions, compiles
// the C file with warnings as errors, and checks the shape of the code:
// a sorting network has no loop and no call of slices.Sort, a lookup in
// a map is a chain of tests or a tree of comparisons.
func TestReach(t *testing.T) {
	t.Parallel()
	kdir, gen := generateDiffTested(t, "reach")

	cfile := filepath.Join(kdir, "lmsc", "kernels_lms.c")
	for _, cc := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(cc); err != nil {
			continue
		}
		out, err := exec.Command(cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-c", cfile, "-o", filepath.Join(t.TempDir(), "k.o")).CombinedOutput()
		require.NoError(t, err, "%s:\n%s", cc, out)
	}
	c := read(t, cfile)
	require.Contains(t, funcBodyC(t, c, "SHA256Block"), "lmsg_math_bits_RotateLeft32(")
	for _, f := range []string{"Cut", "CutPrefix", "CutSuffix", "ToValidUTF8"} {
		require.Contains(t, funcBodyC(t, c, "Cuts"), "lmsg_strings_"+f+"(")
	}

	for _, name := range []string{"SortNet", "SortStrings"} {
		body := funcBody(t, gen, name)
		require.NotContains(t, body, "for ", "%s is a network", name)
		require.NotContains(t, body, "slices.", "%s is a network", name)
	}
	// Batcher's network of 16 has 63 comparators, each a min and a max
	// (gogen writes a conditional that picks the smaller or larger of the
	// two ints it compares as the builtin).
	net := funcBody(t, gen, "SortNet")
	require.Equal(t, 63, strings.Count(net, "min("), "63 comparators:\n%s", net)
	require.Equal(t, 63, strings.Count(net, "max("), "63 comparators:\n%s", net)
	look := funcBody(t, gen, "Look")
	// two lookups of four keys, each a switch (gogen writes a chain of
	// comparisons of one value with constants as a switch)
	require.Equal(t, 2, strings.Count(look, "switch "), "two switches of four keys:\n%s", look)
	require.Equal(t, 8, strings.Count(look, "\tcase "), "two switches of four keys:\n%s", look)
	big := funcBody(t, gen, "LookBig")
	require.Contains(t, big, ` < "`, "a tree of comparisons of strings:\n%s", big)
}

// generateDiffTested generates Go and C with -test for the package
// testdata/name/kernels.go in a temporary module, checks the Go file,
// and runs the differential tests of both, which must all pass. It
// returns the package's directory and the generated Go.
func generateDiffTested(t *testing.T, name string) (kdir, gen string) {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	src := read(t, filepath.Join("testdata", name, "kernels.go"))
	dir := module(t, map[string]string{"kernels/kernels.go": src})
	kdir = filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-lang=go,c", "-test")
	require.Equal(t, 0, r.status, r.stderr)
	checkGenerated(t, filepath.Join(kdir, "kernels_lms.go"))
	specs := len(regexp.MustCompile(`(?m)^//lms:gen `).FindAllString(src, -1))
	for _, sub := range []string{kdir, filepath.Join(kdir, "lmsc")} {
		out := goCmd(t, sub, "test", "-v", "-run", "TestLMS", ".")
		require.Equal(t, specs, strings.Count(out, "mismatches=0"), out)
	}
	return kdir, read(t, filepath.Join(kdir, "kernels_lms.go"))
}

// funcBodyC returns the text of the definition of the C function name.
func funcBodyC(t *testing.T, src, name string) string {
	t.Helper()
	loc := regexp.MustCompile(`(?m)^static .*\b` + name + `\(.*\) \{$`).FindStringIndex(src)
	require.NotNil(t, loc, "no function %s", name)
	i := loc[0]
	j := strings.Index(src[i:], "\n}\n")
	require.GreaterOrEqual(t, j, 0)
	return src[i : i+j+3]
}

// refusedCSrc holds kernels whose Go the C output cannot express: a
// closure that captures a Rep, and a library call without a C
// translation.
const refusedCSrc = `package kernels

import (
	"strings"

	"github.com/lmsgen/lmsgen/stage"
)

//lms:fun
func adder(a stage.Int) func(stage.Int) stage.Int {
	return stage.Fun(func(b stage.Int) stage.Int { return a + b })
}

//lms:gen Curry
func curry(x, y stage.Int) stage.Int {
	return adder(x)(y)
}

//lms:gen Replace
func replace(s stage.String) stage.String {
	return stage.String(strings.ReplaceAll(string(s), "a", "b"))
}
`

// TestReachRefusedC: what C cannot express is an error at its position,
// once per call site, and nothing is written; the Go output alone works.
func TestReachRefusedC(t *testing.T) {
	t.Parallel()
	dir := module(t, map[string]string{"kernels/kernels.go": refusedCSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-lang=go,c")
	require.Equal(t, 1, r.status, r.stderr)
	require.Equal(t, "kernels.go:11:58: cgen: Curry: the staged function x7 is used as a value and captures dynamic values [a]: "+
		"a C function pointer cannot capture; call the function directly, or pass the values as arguments\n"+
		"\tkernels.go:16:14: called from curry\n"+
		"\tkernels.go:14:1: called from specialization Curry\n"+
		"kernels.go:21:40: cgen: Replace: no C translation of strings.ReplaceAll (the README lists the library functions the C output translates)\n",
		r.stderr)
	r = lmsgen(t, kdir, "-lang=go")
	require.Equal(t, 0, r.status, r.stderr)
}
