package gogen

import "testing"

func TestLocalName(t *testing.T) {
	for in, want := range map[string]string{
		"Sum": "sum", "A": "a", "ID": "id", "URLPath": "urlPath", "x": "x",
		"re1": "re1", "aRe": "aRe", "HTTP2": "http2", "Ü": "ü",
	} {
		if got := localName(in); got != want {
			t.Errorf("localName(%q) = %q, want %q", in, got, want)
		}
	}
}
