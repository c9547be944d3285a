package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lmsgen/lmsgen/explain"
)

// TestStaleExplain switches a package's explanation between one page and
// a directory of pages: writing one form removes the other one lmsgen
// wrote, and a directory's pages of a specialization gone, but never a
// file of the user's, a link or a directory that still holds something.
func TestStaleExplain(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, explain.FileName("kernels"))
	pages := filepath.Join(dir, explain.DirName("kernels"))
	ours := []byte(explain.Header() + "\n<!DOCTYPE html>\n")
	write := func(path string, data []byte) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, data, 0o644))
	}
	exists := func(path string) bool {
		_, err := os.Lstat(path)
		return err == nil
	}
	index := filepath.Join(pages, explain.IndexName)
	a, b := filepath.Join(pages, "A.html"), filepath.Join(pages, "B.html")

	// A directory, then one page: the directory's pages go, and the
	// directory with them.
	for _, p := range []string{index, a, b} {
		write(p, ours)
	}
	outs := []output{{page, ours}}
	require.Equal(t, []string{a, b, index}, staleExplain(outs))
	require.NoError(t, writeAll(outs))
	require.NoError(t, removeStale(staleExplain(outs)))
	require.False(t, exists(pages), "the directory is left behind")
	require.True(t, exists(page))

	// One page, then a directory without B: the page goes, and B.
	write(index, ours)
	write(b, ours)
	outs = []output{{index, ours}, {a, ours}}
	require.Equal(t, []string{page, b}, staleExplain(outs))
	require.NoError(t, writeAll(outs))
	require.NoError(t, removeStale(staleExplain(outs)))
	require.False(t, exists(page) || exists(b))
	require.True(t, exists(index) && exists(a))

	// A file of the user's, a link and a sub-directory stay, and the
	// directory that holds them.
	mine := filepath.Join(pages, "mine.html")
	write(mine, []byte("<html>mine</html>\n"))
	link := filepath.Join(pages, "link.html")
	require.NoError(t, os.Symlink(a, link))
	write(filepath.Join(pages, "sub", "C.html"), ours)
	write(page, []byte("<html>my page</html>\n"))
	require.Empty(t, staleExplain([]output{{index, ours}, {a, ours}}), "a page of the user's")
	outs = []output{{page, ours}}
	require.Equal(t, []string{a, index}, staleExplain(outs))
	require.NoError(t, removeStale(staleExplain(outs)))
	require.True(t, exists(mine) && exists(link) && exists(filepath.Join(pages, "sub", "C.html")))
	require.False(t, exists(a) || exists(index))
}
