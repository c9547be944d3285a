package difftest

import (
	"go/format"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFormatFileUnstable: a generated test that gofmt would change again
// after formatting it once (as the inline slice generators of two slice
// parameters once were) is reported, not written unformatted.
func TestFormatFileUnstable(t *testing.T) {
	src := []byte("package p\n\nfunc f() ([]int, []int) {\n\treturn func() []int { if true { return nil }; return nil }(), func() []int { if true { return nil }; return nil }()\n}\n")
	once, err := format.Source(src)
	require.NoError(t, err)
	twice, err := format.Source(once)
	require.NoError(t, err)
	require.NotEqual(t, string(once), string(twice), "the input must be one gofmt does not settle in one pass")
	_, err = formatFile(src)
	require.ErrorContains(t, err, "not stable under gofmt")

	stable := []byte("package p\n\nfunc f() int { return 1 }\n")
	out, err := formatFile(stable)
	require.NoError(t, err)
	require.Equal(t, string(stable), string(out))
}
