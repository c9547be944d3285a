package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lmsgen/lmsgen/explain"
)

// TestExplain generates with -explain: the page is written beside the Go
// output, owned like it, the same on every run, with one section per
// specialization (only the one named with -run), no absolute path, and
// the Go output is the one written without -explain.
func TestExplain(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	page := filepath.Join(kdir, "kernels_lms_explain.html")
	r := lmsgen(t, kdir)
	require.Equal(t, 0, r.status, r.stderr)
	plain := read(t, filepath.Join(kdir, "kernels_lms.go"))
	_, err := os.Stat(page)
	require.True(t, os.IsNotExist(err), "no page without -explain")

	r = lmsgen(t, kdir, "-explain")
	require.Equal(t, 0, r.status, r.stderr)
	require.Equal(t, plain, read(t, filepath.Join(kdir, "kernels_lms.go")), "-explain must not change the Go output")
	first := read(t, page)
	require.True(t, strings.HasPrefix(first, explain.Header()+"\n<!DOCTYPE html>"), "the page starts with lmsgen's header")
	for _, name := range []string{"Cube", "Pow10", "SumAll"} {
		require.Contains(t, first, "<h2>"+name+" ")
	}
	require.False(t, strings.Contains(first, dir), "no absolute path on the page")
	require.False(t, strings.Contains(first, "http:") || strings.Contains(first, "https:"), "nothing loaded from the network")

	// Again: the page is lmsgen's to replace, and the same.
	r = lmsgen(t, kdir, "-explain")
	require.Equal(t, 0, r.status, r.stderr)
	require.Equal(t, first, read(t, page))

	// -run NAME: the page of one specialization only, and no other output.
	require.NoError(t, os.Remove(filepath.Join(kdir, "kernels_lms.go")))
	r = lmsgen(t, kdir, "-explain", "-run", "Cube")
	require.Equal(t, 0, r.status, r.stderr)
	one := read(t, page)
	require.Contains(t, one, "<h2>Cube ")
	require.NotContains(t, one, "<h2>SumAll ")
	_, err = os.Stat(filepath.Join(kdir, "kernels_lms.go"))
	require.True(t, os.IsNotExist(err), "-explain -run writes only the page")

	// A file of the user's at the page's path is left alone.
	require.NoError(t, os.WriteFile(page, []byte("<html>mine</html>\n"), 0o644))
	r = lmsgen(t, kdir, "-explain")
	require.Equal(t, 1, r.status)
	require.Contains(t, r.stderr, "will not overwrite kernels_lms_explain.html")
	require.Equal(t, "<html>mine</html>\n", read(t, page))
}
