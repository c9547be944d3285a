package cgen_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lmsgen/lmsgen/cgen"
)

// TestLibCallsREADME: the README's table of the library calls the C
// output translates lists exactly cgen.LibCalls.
func TestLibCallsREADME(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	s := string(b)
	i := strings.Index(s, "<!-- lmsgen:libcalls -->")
	j := strings.Index(s, "<!-- end lmsgen:libcalls -->")
	require.True(t, i >= 0 && j > i, "the README has no table of library calls")
	var listed []string
	for _, line := range strings.Split(s[i:j], "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		pkg := strings.Trim(strings.TrimSpace(cells[1]), "`")
		for _, name := range strings.Split(cells[2], ",") {
			listed = append(listed, pkg+"."+strings.TrimSpace(name))
		}
	}
	require.Equal(t, cgen.LibCalls(), listed)
}
