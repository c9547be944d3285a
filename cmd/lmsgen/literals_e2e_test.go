package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLiterals generates Go and C for testdata/literals, runs the
// differential tests of both against the staging functions, and checks
// that each constant is written in the base the source wrote it: hex,
// binary and octal as written in Go (hex in C), decimal as decimal even
// where it is a mask, a named constant declared in hex in hex.
func TestLiterals(t *testing.T) {
	t.Parallel()
	kdir, gen := generateDiffTested(t, "literals")
	c := read(t, filepath.Join(kdir, "lmsc", "kernels_lms.c"))

	hash, hashC := funcBody(t, gen, "Hash"), funcBodyC(t, c, "Hash")
	for _, lit := range []string{"0x811C9DC5", "0x01000193", "h&0xFF", "&255", "&0x0F", "&0b1010_0000", "% 1000"} {
		require.Contains(t, hash, lit)
	}
	for _, lit := range []string{"0x811C9DC5u", "0x01000193u", "& 0xFFu", "& 255u", "& 0x0Fu", "& 0xa0u", "1000u"} {
		require.Contains(t, hashC, lit)
	}

	perm, permC := funcBody(t, gen, "Perm"), funcBodyC(t, c, "Perm")
	for _, lit := range []string{"(mode & 0o777) == 0o644", "(flags & 0b0001_0000) != 0", "mode + 0x10"} {
		require.Contains(t, perm, lit)
	}
	for _, lit := range []string{"& 0x1ff) == 0x1a4", "(flags & 0x10)) != 0", "mode), 0x10)"} {
		require.Contains(t, permC, lit)
	}
	require.NotContains(t, perm+permC, "511")

	kind, kindC := funcBody(t, gen, "Kind"), funcBodyC(t, c, "Kind")
	require.Contains(t, kind, "switch tag {")
	require.Contains(t, kindC, "switch (tag) {")
	for _, k := range []string{"0x1A", "0x2B", "0x3C"} {
		require.Contains(t, kind, "case "+k)
		require.Contains(t, kindC, "case "+k+":")
	}
}
