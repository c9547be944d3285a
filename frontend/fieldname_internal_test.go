package frontend

import (
	"strings"
	"testing"
)

// TestFieldName checks fieldName's one-allocation path for ASCII fields
// against the plain formula (base, the first letter in upper case, the
// rest), and the non-ASCII fields that take the plain path.
func TestFieldName(t *testing.T) {
	for _, c := range []struct{ base, f string }{
		{"z", "Re"}, {"z", "re"}, {"p", "x"}, {"", "a"}, {"acc", "_n"}, {"v", "Z9"},
		{"v", "9a"}, {"pt", "été"}, {"s", "Über"}, {"longBase", "field"},
	} {
		want := c.base + strings.ToUpper(c.f[:1]) + c.f[1:]
		if got := fieldName(c.base, c.f); got != want {
			t.Errorf("fieldName(%q, %q) = %q, want %q", c.base, c.f, got, want)
		}
	}
}
