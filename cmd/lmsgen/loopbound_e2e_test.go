package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const loopsSrc = `package kernels

import (
	"math"

	"github.com/lmsgen/lmsgen/stage"
)

// SumTo returns 0 + 1 + ... + n-1: a loop of n iterations.
//
//lms:gen SumTo
func Sum(n stage.Int) stage.Int {
	s := stage.Int(0)
	for i := stage.Int(0); i < n; i++ {
		s += i
	}
	return s
}

// Repeat adds k n times, counting down a staged variable set from n.
//
//lms:gen Repeat
func repeat(n stage.Int32, k stage.Int) stage.Int {
	left := n
	s := stage.Int(0)
	for left > 0 {
		s += k
		left--
	}
	return s
}

// Window selects the elements Lo to Hi-1 of Xs.
type Window struct {
	Lo, Hi stage.Uint16
	Xs     []stage.Float64
}

// WindowSum sums a window, skipping indices out of range.
//
//lms:gen WindowSum
func windowSum(w Window) stage.Float64 {
	s := stage.Float64(0)
	for i := w.Lo; i < w.Hi; i++ {
		if int(i) < len(w.Xs) {
			s += w.Xs[i]
		}
	}
	return s
}

// SkipNegative returns w with Lo moved past the negative elements it
// starts at.
//
//lms:gen SkipNegative
func skipNegative(w Window) Window {
	for w.Lo < w.Hi && int(w.Lo) < len(w.Xs) && w.Xs[w.Lo] < 0 {
		w.Lo++
	}
	return w
}

// Halvings counts the steps from 0 up to x by steps growing from
// 0.25: a loop bounded by a float.
//
//lms:gen Halvings
func halvings(x, y stage.Float64) stage.Float64 {
	n, step := stage.Float64(0), stage.Float64(0.25)
	for v := stage.Float64(0); v < x; v += step {
		n += y
		step *= 1.5
	}
	return n
}

// Bessel is J_n(x): math.Jn runs about n steps.
//
//lms:gen Bessel
func bessel(n stage.Int, x stage.Float64) stage.Float64 {
	return stage.Float64(math.Jn(int(n), float64(x)))
}
`

// testFlags returns the flags that generate the tests of Go and, if a C
// compiler is present (hasC), of C.
func testFlags() (args []string, hasC bool) {
	args = []string{"-test"}
	if _, err := exec.LookPath("gcc"); err == nil {
		return append(args, "-lang=go,c"), true
	}
	return args, false
}

// TestTestLoopBounds: a generated test of kernels whose loops run as many
// times as an integer parameter says draws those parameters small, says so,
// and finishes (with any integer, SumTo could loop 2⁶³ times), in Go and C.
// The other integers are drawn as before, edge values included.
func TestTestLoopBounds(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": loopsSrc})
	kdir := filepath.Join(dir, "kernels")
	args, hasC := testFlags()
	r := lmsgen(t, kdir, args...)
	require.Equal(t, 0, r.status, r.stderr)
	checkGenerated(t, filepath.Join(kdir, "kernels_lms_test.go"))
	src := read(t, filepath.Join(kdir, "kernels_lms_test.go"))
	for _, want := range []string{
		"// lmsInputsSumTo draws arguments for SumTo. n may bound a staged loop",
		"return int(lmsSmallInt(r, false))",
		"return int32(lmsSmallInt(r, false)), int(lmsInt(r, 64, false))",
		"// lmsInputsWindowSum draws arguments for WindowSum. w.Lo and w.Hi may bound",
		"Lo: stage.Uint16(uint16(lmsSmallInt(r, true))), Hi: stage.Uint16(uint16(lmsSmallInt(r, true)))",
		"return int(lmsSmallInt(r, false)), float64(lmsFloat(r))",
		"return float64(lmsSmallFloat(r)), float64(lmsFloat(r))",
	} {
		require.True(t, strings.Contains(src, want), "the generated test lacks %q", want)
	}
	goCmd(t, dir, "vet", "./...")
	names := []string{"SumTo", "Repeat", "WindowSum", "SkipNegative", "Halvings", "Bessel"}
	// A timeout, so that a test that loops fails instead of hanging.
	out := goCmd(t, kdir, "test", "-v", "-timeout=120s", "-run", "TestLMS", ".")
	for _, name := range names {
		require.Contains(t, out, "lms: "+name+" tried=500 mismatches=0")
	}
	if !hasC {
		t.Log("no C compiler: the C bridge is not tested")
		return
	}
	csrc := read(t, filepath.Join(kdir, "lmsc", "kernels_lms_test.go"))
	want := "return go_.Window{Lo: stage.Uint16(uint16(lmsSmallInt(r, true)))"
	require.True(t, strings.Contains(csrc, want), "the generated C test lacks %q", want)
	out = goCmd(t, filepath.Join(kdir, "lmsc"), "test", "-v", "-timeout=120s", "-run", "TestLMS", ".")
	for _, name := range names {
		require.Regexp(t, "lms: "+name+" tried=[0-9]+ mismatches=0", out)
	}
}
