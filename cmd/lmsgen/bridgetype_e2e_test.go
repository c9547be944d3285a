package main

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUnexportedStructC: a struct type that is not exported, even with
// exported fields, cannot be named by the cgo bridge (another package):
// -lang=c refuses it at the directive, and writes nothing; Go output
// alone works.
func TestUnexportedStructC(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	t.Parallel()
	dir := module(t, map[string]string{"geom/geom.go": `package geom

import "github.com/lmsgen/lmsgen/stage"

type point struct{ X, Y stage.Float64 }

// Pair is exported; its field P is not of an exported type.
type Pair struct{ P, Q point }

//lms:gen Norm
func norm(p point) stage.Float64 { return p.X*p.X + p.Y*p.Y }

//lms:gen Mk
func mk(x stage.Float64) Pair { return Pair{point{x, 1}, point{2, x}} }
`})
	gdir := filepath.Join(dir, "geom")
	r := lmsgen(t, gdir, "-lang=go,c")
	require.Equal(t, 1, r.status, r.stderr)
	require.Equal(t, "geom.go:10:1: Norm: struct type point is not exported: the cgo bridge of -lang=c, in another package, cannot name it (export it, or generate Go only)\n"+
		"geom.go:13:1: Mk: struct type point is not exported: the cgo bridge of -lang=c, in another package, cannot name it (export it, or generate Go only)\n", r.stderr)
	require.NoFileExists(t, filepath.Join(gdir, "geom_lms.go"))
	r = lmsgen(t, gdir, "-test")
	require.Equal(t, 0, r.status, r.stderr)
	require.Contains(t, goCmd(t, gdir, "test", "-v", "-run", "TestLMS", "."), "lms: Norm tried=500 mismatches=0")
}
