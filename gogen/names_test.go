package gogen

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestLocalName(t *testing.T) {
	for in, want := range map[string]string{
		"Sum": "sum", "A": "a", "ID": "id", "URLPath": "urlPath", "x": "x",
		"re1": "re1", "aRe": "aRe", "HTTP2": "http2", "Ü": "ü",
		"_X": "_X", "zRe": "zRe", "éA": "éA", "ÉTÉ": "été",
	} {
		if got := localName(in); got != want {
			t.Errorf("localName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFreshSmallest checks that fresh gives the name the plain search
// gives (base, else base followed by the smallest number that makes it
// free, after an underscore if base ends in a digit), whatever was
// reserved, in the namer or its parent, between calls.
func TestFreshSmallest(t *testing.T) {
	plain := func(n *namer, base string) string {
		name := base
		sep := ""
		if strings.IndexAny(base[len(base)-1:], "0123456789") == 0 {
			sep = "_"
		}
		for i := 1; n.taken(name); i++ {
			name = base + sep + strconv.Itoa(i)
		}
		return name
	}
	pkg := newNamer(nil)
	fn := newNamer(pkg)
	bases := []string{"x", "x1", "t", "len", "s", "v0"}
	r := rand.New(rand.NewPCG(1, 2))
	for k := range 5000 {
		base := bases[r.IntN(len(bases))]
		switch r.IntN(4) {
		case 0:
			pkg.reserve(base + strconv.Itoa(r.IntN(40)))
		case 1:
			fn.reserve(base + strconv.Itoa(r.IntN(40)))
		default:
			want := plain(fn, base)
			if got := fn.fresh(base); got != want {
				t.Fatalf("call %d: fresh(%q) = %q, want %q", k, base, got, want)
			}
		}
	}
}
