package golden

import "testing"

func TestDiff(t *testing.T) {
	for _, tc := range []struct{ want, got, diff string }{
		{"a\nb\nc", "a\nb\nc", ""},
		{"a\nb\nc", "a\nx\nc", "+ x\n- b\n"},
		{"a\nc", "a\nb\nc", "+ b\n"},
		{"a\nb\nc", "a\nc", "- b\n"},
	} {
		if d := Diff(tc.want, tc.got); d != tc.diff {
			t.Errorf("Diff(%q, %q) = %q, want %q", tc.want, tc.got, d, tc.diff)
		}
	}
}
