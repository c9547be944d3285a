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

// TestNamerHas checks the namer's set of names (names fresh numbered
// held by next, names x<N> as bits of a numSet) against a map: reserved
// and fresh names, x<N> or not, with leading zeros, past numMax and
// across pages, numbered names taken in the parent or predeclared (int8)
// that fresh skips, in a namer and its parent.
func TestNamerHas(t *testing.T) {
	pkg := newNamer(nil)
	fn := newNamer(pkg)
	want := map[*namer]map[string]bool{pkg: {}, fn: {}}
	names := []string{"x", "x0", "x00", "x01", "x1", "x9", "x10", "xa1", "y12", "X12", "x1_2",
		"x4095", "x4096", "x16777215", "x16777216", "x99999999", "x123456789", "t", "t1",
		"t01", "v0_", "v0__1", "int7", "int8", "int9", "vRe12345678901234567890"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		names = append(names, "x"+strconv.Itoa(r.IntN(20000)))
	}
	for _, base := range []string{"t", "vRe", "v0", "v0_", "int", "x1"} {
		sep := ""
		if base == "v0" || base == "x1" {
			sep = "_"
		}
		for range 100 {
			names = append(names, base+sep+strconv.Itoa(r.IntN(60)))
		}
	}
	bases := []string{"x", "x1", "x409", "t", "vRe", "v0", "v0_", "int", "len"}
	for k := range 20000 {
		n := fn
		if r.IntN(3) == 0 {
			n = pkg
		}
		name := names[r.IntN(len(names))]
		switch r.IntN(3) {
		case 0:
			n.reserve(name)
			want[n][name] = true
		case 1:
			name = bases[r.IntN(len(bases))]
			got := n.fresh(name)
			if want[n][got] || (n == fn && want[pkg][got]) {
				t.Fatalf("step %d: fresh(%q) = %q, already used", k, name, got)
			}
			want[n][got] = true
		}
		for _, q := range []string{name, names[r.IntN(len(names))]} {
			for _, m := range []*namer{pkg, fn} {
				if got := m.has(q); got != want[m][q] {
					t.Fatalf("step %d: has(%q) = %v, want %v", k, q, got, want[m][q])
				}
			}
			if got, w := fn.taken(q), want[fn][q] || want[pkg][q] || predeclared[q]; got != w {
				t.Fatalf("step %d: taken(%q) = %v, want %v", k, q, got, w)
			}
		}
	}
	for _, tc := range []struct {
		name string
		x    int
	}{{"x0", 0}, {"x00", -1}, {"x01", -1}, {"x12", 12}, {"x", -1}, {"y1", -1}, {"x1a", -1},
		{"x16777215", 16777215}, {"x16777216", -1}, {"x123456789", -1}, {"x-1", -1}} {
		if got := xNumber(tc.name); got != tc.x {
			t.Errorf("xNumber(%q) = %d, want %d", tc.name, got, tc.x)
		}
	}
}
