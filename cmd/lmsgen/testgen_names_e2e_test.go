package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// namesSrc holds staging functions named like the generated test's own
// variables (b is the benchmark's *testing.B, r its random source, s0
// a staged argument): the test calls them through a variable of the file.
const namesSrc = `package names

import "github.com/lmsgen/lmsgen/stage"

//lms:gen B
func b(t, s, r stage.Int, ok []stage.Int) stage.Int { return t + s*r + stage.Int(len(ok)) }

//lms:gen R
func r(b, want, got stage.Int) stage.Int { return b - want + got }

//lms:gen S0
func s0(size, n0, try stage.Int) stage.Int { return size ^ n0 ^ try }
`

// TestTestNames: the test and benchmark -test writes for staging
// functions named b, r and s0 compile, pass vet, and run, in Go and C.
func TestTestNames(t *testing.T) {
	t.Parallel()
	dir := module(t, map[string]string{"names/names.go": namesSrc})
	ndir := filepath.Join(dir, "names")
	args, hasC := testFlags()
	r := lmsgen(t, ndir, args...)
	require.Equal(t, 0, r.status, r.stderr)
	require.Contains(t, read(t, filepath.Join(ndir, "names_lms_test.go")), "var lmsOriginB = b")
	dirs := []string{ndir}
	if hasC {
		dirs = append(dirs, filepath.Join(ndir, "lmsc"))
	}
	for _, d := range dirs {
		goCmd(t, d, "vet", ".")
		res := runIn(t, d, []string{"GOFLAGS=-mod=mod"}, "go", "test", "-count=1", "-bench", ".", "-benchtime", "1x", ".")
		require.Equal(t, 0, res.status, res.stdout+res.stderr)
	}
}
