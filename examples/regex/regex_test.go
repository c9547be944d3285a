package regex

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lmsgen/lmsgen/stage"
)

// patterns exercise every construct of the subset; each is also valid Go
// syntax with the same meaning.
var patterns = []string{
	``, `a`, `abc`, `a|b`, `ab|cd|e`, `a|`, `|a`, `()`, `(a)`, `(?:ab)c`,
	`a*`, `a+`, `a?`, `ab*c`, `ab+c`, `ab?c`, `(ab)*`, `(ab)+c`, `(a|b)*c`,
	`(a*)*`, `(a*|b)+`, `a*?b`, `a+?`, `(a|b)*abb`, `x*y*z*`,
	`a{3}`, `a{2,}`, `a{1,3}`, `(ab){2}`, `a{0}`, `a{0,2}b`, `(a|bc){2,3}$`, `a{`, `a{x}`, `a{1,x}`,
	`.`, `a.c`, `.*`, `^.*$`, `^.$`, `^..$`, `a.*b`, `.+x`,
	`[abc]`, `[a-c]x`, `[^abc]`, `^[^a]*$`, `[a-]`, `[-a]`, `[]a]`, `[^]a]`, `[\]]`, `[\d.]+`, `[^\d]`, `[\w-]+@`,
	`\d`, `\D`, `\w+`, `\W`, `\s`, `\S+`, `\.`, `a\.b`, `\\`, `\*\+\?`, `\n`, `\t`,
	`^a`, `a$`, `^a$`, `^$`, `^`, `$`, `$^`, `a^b`, `a$b`, `^a|b$`, `(^a|b)c`, `\Aab\z`, `(a$)*`, `(^)*a`, `^*a`, `a$+`, `a{,3}`,
	`é`, `[é-ü]`, `^[^é]$`, `€+`, `😀.`, `[α-ω]+`, `^\W$`,
	IPv4, Email, LogLine, APIPath,
}

// alphabet is what random texts are made of: the bytes of the patterns'
// literals and some others, including multi-byte characters.
var alphabet = []string{"a", "b", "c", "x", "y", "z", "A", "Z", "0", "1", "2", "5", "9", ".", "-", "_", "@", "]",
	" ", "\n", "\t", "é", "ü", "ö", "€", "😀", "α", "ω", "*", "+", "?", "\\"}

func randText(r *rand.Rand, maxLen int) string {
	var b strings.Builder
	for range r.IntN(maxLen + 1) {
		b.WriteString(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

// check compares Match (the staging function run natively) with
// regexp.MatchString on s.
func check(t *testing.T, p *Program, re *regexp.Regexp, s string) {
	t.Helper()
	if got, want := bool(p.Match(stage.String(s))), re.MatchString(s); got != want {
		t.Errorf("Match(%q, %q) = %v, regexp = %v", s, re, got, want)
	}
}

func TestMatchVsRegexp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, pat := range patterns {
		re := regexp.MustCompile(pat)
		p, err := Compile(pat)
		if err != nil {
			t.Errorf("Compile(%q): %v", pat, err)
			continue
		}
		for _, s := range []string{"", "a", "ab", "abb", "aab", "abc", "aaa", "é", "\n", "x\n"} {
			check(t, p, re, s)
		}
		for range 300 {
			check(t, p, re, randText(r, 12))
		}
	}
}

// Texts built from pieces of the texts a pattern is about, so that the
// random ones come close to matching.
func TestNamedPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	cases := map[string]struct {
		crafted []string
		pieces  []string
	}{
		IPv4: {
			crafted: []string{"0.0.0.0", "255.255.255.255", "192.168.1.1", "10.0.0.254", "1.2.3.4",
				"256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.04", "249.250.199.100", "1..2.3",
				" 1.2.3.4", "1.2.3.4 ", "1.2.3.4\n", "", "300.300.300.300", "25.25.25.25", "199.99.9.0"},
			pieces: []string{"0", "1", "2", "5", "9", "25", "19", "255", "249", ".", ".", "a", " "},
		},
		Email: {
			crafted: []string{"a@b.cd", "first.last+tag@mail.example.org", "x@y.z", "@b.cd", "a@.cd", "a@b.c1",
				"a@b..cd", "a@b-c.de", "a_b%c@d.ef", "a@b@c.de", "a@b.cd ", "A@B.CD", "é@b.cd", "a@b.cdé"},
			pieces: []string{"a", "b", "Z", "0", ".", "-", "_", "%", "+", "@", "cd", "org", " ", "é"},
		},
		LogLine: {
			crafted: []string{
				"2024-01-02T03:04:05Z ERROR [db] connection refused",
				"2024-01-02T03:04:05.123Z WARN [http] upstream timeout after 3s",
				"2024-01-02T03:04:05Z INFO [db] connection refused",
				"2024-01-02T03:04:05Z ERROR [DB] connection refused",
				"2024-01-02 03:04:05Z ERROR [db] connection refused",
				"2024-01-02T03:04:05Z ERROR [db] all good",
				"2024-01-02T03:04:05.Z ERROR [db] timeout",
				"2024-01-02T03:04:05Z ERROR [db] ünïcödé timeout €",
				"2024-01-02T03:04:05Z ERROR [db] line\nbreak timeout",
				"x2024-01-02T03:04:05Z ERROR [db] timeout",
			},
			pieces: []string{"2024-01-02T03:04:05", ".5", "Z", " ", "ERROR", "WARN", " [db] ", "[", "]",
				"time", "out", "timeout", "refused", "re", "é", "\n", "x"},
		},
		APIPath: {
			crafted: []string{"GET /api/v1/users", "x POST /api/v22/order_items?id=3", "get /api/v1/users",
				"GET /api/v/users", "GET /api/v1/", "PUT /api/v1/Users", "DELETE  /api/v1/x", "GGET /api/v9/a"},
			pieces: []string{"GET", "POST", "PUT", "DELETE", " ", "/api", "/v", "1", "2", "/", "users", "_", "A", "é"},
		},
	}
	for pat, c := range cases {
		re := regexp.MustCompile(pat)
		p := MustCompile(pat)
		for _, s := range c.crafted {
			check(t, p, re, s)
			if got, want := bool(Match(stage.String(s), pat)), re.MatchString(s); got != want {
				t.Errorf("Match(%q, %q) = %v, regexp = %v", s, pat, got, want)
			}
		}
		for range 2000 {
			var b strings.Builder
			for range r.IntN(12) {
				b.WriteString(c.pieces[r.IntN(len(c.pieces))])
			}
			check(t, p, re, b.String())
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for _, pat := range []string{`(`, `)`, `a)`, `(a`, `[a`, `[]`, `[z-a]`, `*`, `+a`, `a**`, `a+*`, `a{2}{3}`, `a*??`,
		`\`, `\b`, `\pL`, `(?i)a`, `(?P<x>a)`, `[[:alpha:]]`, `a{2,1}`, `a{1001}`, "\xff"} {
		if _, err := Compile(pat); err == nil {
			t.Errorf("Compile(%q) succeeded", pat)
		} else if !strings.HasPrefix(err.Error(), "regex: ") {
			t.Errorf("Compile(%q): error %q lacks the package prefix", pat, err)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("MustCompile of a bad pattern did not panic")
		}
	}()
	MustCompile(`(`)
}

// A pattern whose DFA is exponential is rejected, not built.
func TestTooManyStates(t *testing.T) {
	if _, err := Compile(`(a|b)*a(a|b){14}`); err == nil {
		t.Error("Compile of an exponential pattern succeeded")
	}
}

// Every rune (but the surrogates) of a range encodes to exactly one
// sequence, and nothing else does.
func TestUTF8Sequences(t *testing.T) {
	for _, rg := range [][2]rune{{0, utf8.MaxRune}, {0x80, 0x7FF}, {'a', 'é'}, {0x7FF, 0x800}, {0xD000, 0xE100},
		{0xFFFF, 0x10000}, {0x1F600, 0x1F64F}, {0x10FF00, utf8.MaxRune}, {0x3A9, 0x3C9}} {
		var seqs [][]byteRange
		utf8Sequences(rg[0], rg[1], func(s []byteRange) { seqs = append(seqs, s) })
		in := func(b []byte) int {
			n := 0
			for _, s := range seqs {
				if len(s) != len(b) {
					continue
				}
				ok := true
				for i := range s {
					ok = ok && s[i].lo <= b[i] && b[i] <= s[i].hi
				}
				if ok {
					n++
				}
			}
			return n
		}
		for c := max(0, rg[0]-300); c <= min(utf8.MaxRune, rg[1]+300); c++ {
			if c >= 0xD800 && c <= 0xDFFF {
				continue
			}
			want := 0
			if rg[0] <= c && c <= rg[1] {
				want = 1
			}
			if got := in(utf8.AppendRune(nil, c)); got != want {
				t.Fatalf("range %U-%U: rune %U is in %d sequences, want %d", rg[0], rg[1], c, got, want)
			}
			if c-rg[0] > 70000 && rg[1]-c > 300 { // sample the middle of huge ranges
				c += 997
			}
		}
		// Sequences spell only valid encodings.
		for _, s := range seqs {
			b := make([]byte, len(s))
			for i := range s {
				b[i] = s[i].lo
			}
			if r, w := utf8.DecodeRune(b); r == utf8.RuneError || w != len(b) {
				t.Errorf("range %U-%U: sequence %v starts with the invalid %x", rg[0], rg[1], s, b)
			}
		}
	}
}

// The layout leaves no cycle of inlined states, so the staged code is
// finite, and states inlined in several places stay small.
func TestLayout(t *testing.T) {
	for _, pat := range patterns {
		p := MustCompile(pat)
		state := make([]int, len(p.states)) // 0 new, 1 on the path, 2 done
		var walk func(q int)
		walk = func(q int) {
			state[q] = 1
			for _, e := range p.states[q].edges {
				if p.states[e.to].fn {
					continue
				}
				switch state[e.to] {
				case 0:
					walk(e.to)
				case 1:
					t.Errorf("%q: inlined states form a cycle through state %d", pat, e.to)
				}
			}
			state[q] = 2
		}
		walk(p.start)
		for q := range p.states {
			if p.states[q].fn && state[q] == 0 {
				walk(q)
			}
		}
	}
	for pat, want := range map[string][2]int{IPv4: {32, 6}, APIPath: {24, 5}} {
		if s, f := MustCompile(pat).Stats(); s != want[0] || f != want[1] {
			t.Errorf("%q: %d states, %d functions; want %v", pat, s, f, want)
		}
	}
}

// randPattern returns a random pattern of the subset, of nesting depth at
// most d.
func randPattern(r *rand.Rand, d int) string {
	atoms := []string{"a", "b", "c", ".", "[ab]", "[^a]", "[a-c]", `\d`, `\w`, "é", "^", "$", "ab", "()"}
	if d == 0 || r.IntN(3) == 0 {
		return atoms[r.IntN(len(atoms))]
	}
	switch r.IntN(4) {
	case 0:
		return randPattern(r, d-1) + randPattern(r, d-1)
	case 1:
		return randPattern(r, d-1) + "|" + randPattern(r, d-1)
	case 2:
		ops := []string{"*", "+", "?", "{2}", "{0,2}", "{1,}", "*?"}
		return "(" + randPattern(r, d-1) + ")" + ops[r.IntN(len(ops))]
	}
	return "(?:" + randPattern(r, d-1) + ")"
}

func TestRandomPatterns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 400 {
		pat := randPattern(r, 4)
		re := regexp.MustCompile(pat)
		p, err := Compile(pat)
		if err != nil {
			t.Errorf("Compile(%q): %v", pat, err)
			continue
		}
		for range 60 {
			check(t, p, re, randText(r, 8))
		}
	}
}

// Every function state is created once, and after the functions it calls
// unless they are on a cycle with it.
func TestFuncOrder(t *testing.T) {
	for _, pat := range patterns {
		p := MustCompile(pat)
		_, nf := p.Stats()
		if len(p.funcs) != nf {
			t.Errorf("%q: %d functions in order, %d marked", pat, len(p.funcs), nf)
		}
	}
	p := MustCompile(IPv4) // acyclic: strictly callees first
	pos := map[int]int{}
	for i, q := range p.funcs {
		pos[q] = i
	}
	var calls func(q int, from int)
	calls = func(q int, from int) {
		for _, e := range p.states[q].edges {
			if p.states[e.to].fn {
				if pos[e.to] > pos[from] {
					t.Errorf("IPv4: function %d calls %d, created later", from, e.to)
				}
				continue
			}
			calls(e.to, from)
		}
	}
	for _, q := range p.funcs {
		calls(q, q)
	}
}
