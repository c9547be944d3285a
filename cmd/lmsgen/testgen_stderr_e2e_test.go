package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// stderrSrc prints with the builtin println, which writes to standard
// error.
const stderrSrc = `package warn

import "github.com/lmsgen/lmsgen/stage"

//lms:gen Warn
func warn(x stage.Int) stage.Int {
	if x > 3 {
		println("big", x)
	}
	return x * 2
}
`

// TestTestStderr: the generated tests, Go and C, capture standard error
// (where print and println write) and compare it: they pass on the
// generated code, keep it out of the test log, and fail when the
// generated code prints something else there.
func TestTestStderr(t *testing.T) {
	dir := module(t, map[string]string{"warn/warn.go": stderrSrc})
	wdir := filepath.Join(dir, "warn")
	args, hasC := testFlags()
	r := lmsgen(t, wdir, args...)
	require.Equal(t, 0, r.status, r.stderr)
	dirs := []string{wdir}
	if hasC {
		dirs = append(dirs, filepath.Join(wdir, "lmsc"))
	} else {
		t.Log("no C compiler: the C comparison is not tested")
	}
	for _, d := range dirs {
		res := runIn(t, d, []string{"GOFLAGS=-mod=mod"}, "go", "test", "-v", "-run", "TestLMSWarn", ".")
		require.Equal(t, 0, res.status, res.stdout+res.stderr)
		require.Contains(t, res.stdout, "lms: Warn tried=500 mismatches=0")
		require.NotContains(t, res.stdout+res.stderr, "big", "standard error is captured, not leaked into the log")
	}

	// The generated Go and C print something else: the tests say so.
	goFile := filepath.Join(wdir, "warn_lms.go")
	src := read(t, goFile)
	require.Contains(t, src, `println("big", x)`)
	require.NoError(t, os.WriteFile(goFile, []byte(strings.Replace(src, `println("big", x)`, `println("large", x)`, 1)), 0o644))
	res := runIn(t, wdir, []string{"GOFLAGS=-mod=mod"}, "go", "test", "-v", "-run", "TestLMSWarn", ".")
	require.Equal(t, 1, res.status, res.stdout+res.stderr)
	require.Contains(t, res.stdout, `standard error "large`)
	if !hasC {
		return
	}
	// The C test's reference is the generated Go: put it back.
	require.NoError(t, os.WriteFile(goFile, []byte(src), 0o644))
	cFile := filepath.Join(wdir, "lmsc", "warn_lms.c")
	csrc := read(t, cFile)
	require.Contains(t, csrc, `"big"`)
	require.NoError(t, os.WriteFile(cFile, []byte(strings.Replace(csrc, `"big"`, `"large"`, 1)), 0o644))
	res = runIn(t, filepath.Join(wdir, "lmsc"), []string{"GOFLAGS=-mod=mod"}, "go", "test", "-v", "-run", "TestLMSWarn", ".")
	require.Equal(t, 1, res.status, res.stdout+res.stderr)
	require.Contains(t, res.stdout, `standard error "large`)
}
