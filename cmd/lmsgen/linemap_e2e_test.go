package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const atSrc = `package kernels

import "github.com/lmsgen/lmsgen/stage"

// At returns the sum of xs[i] for every i below n, doubled.
//
//lms:gen Sum
func At(xs []stage.Float64, n stage.Int) stage.Float64 {
	var s stage.Float64
	for i := stage.Int(0); i < n; i++ {
		s += xs[i] // index
	}
	return s * 2
}
`

const atMain = `package main

import (
	"fmt"

	"example.com/m/kernels"
)

func main() {
	fmt.Println(kernels.Sum([]float64{1, 2, 3}, 2))
	fmt.Println(kernels.Sum([]float64{1, 2, 3}, 5))
}
`

// lineOf returns the line of src that contains marker.
func lineOf(t *testing.T, src, marker string) int {
	t.Helper()
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, marker) {
			return i + 1
		}
	}
	t.Fatalf("no %q in the source", marker)
	return 0
}

// TestLineMap generates with -linemap: the panic of an index out of
// range in the generated Go is reported, in its stack trace, at the line
// of the staging source that indexes; the C output has #line directives
// and builds; both outputs without their directives are byte for byte
// the outputs written without -linemap.
func TestLineMap(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": atSrc, "main.go": atMain})
	kdir := filepath.Join(dir, "kernels")
	langs := "-lang=go"
	if hasGCC() {
		langs = "-lang=go,c"
	}
	r := lmsgen(t, kdir, langs)
	require.Equal(t, 0, r.status, r.stderr)
	plain := map[string]string{"go": read(t, filepath.Join(kdir, "kernels_lms.go"))}
	if langs != "-lang=go" {
		plain["c"] = read(t, filepath.Join(kdir, "lmsc", "kernels_lms.c"))
	}
	r = lmsgen(t, kdir, langs, "-linemap")
	require.Equal(t, 0, r.status, r.stderr)
	out := filepath.Join(kdir, "kernels_lms.go")
	checkGenerated(t, out)
	goSrc := read(t, out)
	line := lineOf(t, atSrc, "// index")
	require.Contains(t, goSrc, "//line kernels.go:"+strconv.Itoa(line)+"\n")
	require.Equal(t, plain["go"], regexp.MustCompile(`(?m)^//line .*\n`).ReplaceAllString(goSrc, ""))
	if c, ok := plain["c"]; ok {
		cSrc := read(t, filepath.Join(kdir, "lmsc", "kernels_lms.c"))
		require.Contains(t, cSrc, `#line `+strconv.Itoa(line)+` "../kernels.go"`+"\n")
		require.Equal(t, c, regexp.MustCompile(`(?m)^#line .*\n`).ReplaceAllString(cSrc, ""))
	}
	goCmd(t, dir, "vet", "./...")

	run := runIn(t, dir, []string{"GOFLAGS=-mod=mod"}, "go", "run", ".")
	require.Equal(t, 1, run.status, "the index out of range must panic: %s%s", run.stdout, run.stderr)
	require.Equal(t, "6\n", run.stdout)
	require.Contains(t, run.stderr, "index out of range")
	trace := regexp.MustCompile(`kernels\.Sum\(.*\)\n\t(.*):(\d+)`).FindStringSubmatch(run.stderr)
	require.NotNil(t, trace, "no frame of kernels.Sum in:\n%s", run.stderr)
	require.Equal(t, "kernels.go", filepath.Base(trace[1]), run.stderr)
	require.Equal(t, strconv.Itoa(line), trace[2], "the frame of kernels.Sum must name the staging line of xs[i]:\n%s", run.stderr)
}

// hasGCC reports whether a C compiler for cgo is on PATH.
func hasGCC() bool {
	_, err := os.Stat("/usr/bin/gcc")
	return err == nil
}
