package gogen

import (
	"go/token"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// This file chooses identifiers: source names where the graph has them,
// x<N> otherwise, never a keyword, a predeclared identifier, an import's
// name or a name already taken in the enclosing scope.

// predeclared lists Go's predeclared identifiers, and the two function
// names with a special meaning at package level.
var predeclared = map[string]bool{
	"any": true, "append": true, "bool": true, "byte": true, "cap": true,
	"clear": true, "close": true, "comparable": true, "complex": true,
	"complex64": true, "complex128": true, "copy": true, "delete": true,
	"error": true, "false": true, "float32": true, "float64": true,
	"imag": true, "int": true, "int8": true, "int16": true, "int32": true,
	"int64": true, "iota": true, "len": true, "make": true, "max": true,
	"min": true, "new": true, "nil": true, "panic": true, "print": true,
	"println": true, "real": true, "recover": true, "rune": true,
	"string": true, "true": true, "uint": true, "uint8": true,
	"uint16": true, "uint32": true, "uint64": true, "uintptr": true,
	"init": true, "main": true, "_": true,
}

// namer hands out identifiers unique in one scope. A function's namer has
// the package's namer as parent: local names avoid package-level names too,
// so a local never shadows a table, a function or an import it refers to.
//
// Names are only ever added, in a namer and in its parents, so the
// smallest number that makes base<N> free never decreases: next keeps,
// for each base fresh found taken, the number to try first, and fresh
// costs O(1) amortized however many names share a base (an unrolled loop
// names every copy of its variable t: t, t1, t2, ...).
//
// The names a namer has handed out or reserved are held in three ways,
// so that a big function's names cost no map entry each: a name fresh
// numbers (vRe1, vRe2, ... of an unrolled loop) is held by next alone,
// as base<N> with N below next[base], except the few such names fresh
// found taken outside the namer (skipped); a name x<N> (N in decimal
// without a leading zero, below numMax; x<symbol> is the name of a node
// the graph does not name) is a bit of xs; any other is a key of used.
type namer struct {
	parent  *namer
	used    map[string]bool // the names reserved but those xs holds
	xs      numSet          // N for each name x<N> reserved
	next    map[string]int  // for a base fresh found taken: base and base<N>, 1 <= N < next[base], are taken
	skipped map[string]bool // the names base<N> below next[base] taken outside the namer when fresh tried them
}

func newNamer(parent *namer) *namer {
	return &namer{parent: parent, used: map[string]bool{}, next: map[string]int{}}
}

// taken reports whether name is unavailable in the namer's scope.
func (n *namer) taken(name string) bool {
	if predeclared[name] || token.IsKeyword(name) {
		return true
	}
	for s := n; s != nil; s = s.parent {
		if s.has(name) {
			return true
		}
	}
	return false
}

// has reports whether name is used in the namer itself (not in its
// parents).
func (n *namer) has(name string) bool {
	if x := xNumber(name); x >= 0 {
		if n.xs.has(x) {
			return true
		}
	} else if n.used[name] {
		return true
	}
	return n.numbered(name) && !n.skipped[name]
}

// numbered reports whether name is base<N>, or base_<N> for a base that
// ends in a digit, with 1 <= N < next[base]: a name fresh handed out or
// found taken.
func (n *namer) numbered(name string) bool {
	if len(n.next) == 0 {
		return false
	}
	d := len(name)
	for d > 0 && name[d-1] >= '0' && name[d-1] <= '9' {
		d--
	}
	if d == 0 || d == len(name) || name[d] == '0' || len(name)-d > 18 {
		return false
	}
	num, err := strconv.Atoi(name[d:])
	if err != nil {
		panic("BUG: " + err.Error())
	}
	prefix := name[:d] // its last byte is not a digit: a base numbered without _
	if num < n.next[prefix] {
		return true
	}
	if d >= 2 && prefix[d-1] == '_' && prefix[d-2] >= '0' && prefix[d-2] <= '9' {
		return num < n.next[prefix[:d-1]]
	}
	return false
}

// reserve marks name as used, whether or not it was free.
func (n *namer) reserve(name string) {
	if x := xNumber(name); x >= 0 {
		n.xs.add(x)
		return
	}
	n.used[name] = true
}

// xNumber returns N if name is x<N> (N in decimal without a leading zero,
// below numMax), else -1.
func xNumber(name string) int {
	if len(name) < 2 || len(name) > 9 || name[0] != 'x' || (name[1] == '0' && len(name) > 2) {
		return -1
	}
	x := 0
	for i := 1; i < len(name); i++ {
		c := name[i]
		if c < '0' || c > '9' {
			return -1
		}
		x = x*10 + int(c-'0')
	}
	if x >= numMax {
		return -1
	}
	return x
}

// fresh returns base if it is free, else base followed by the smallest
// number that makes it free, and reserves the result. The number follows
// an underscore when base ends in a digit: the second v0 is v0_1, not v01
// (v[0] and v[1] named v0 and v1 read as elements; v01 would too).
func (n *namer) fresh(base string) string {
	name := base
	if i, seen := n.next[base]; seen || n.taken(name) {
		if !seen {
			i = 1
		}
		sep := ""
		if last := base[len(base)-1]; last >= '0' && last <= '9' {
			sep = "_"
		}
		for name = base + sep + strconv.Itoa(i); n.taken(name); {
			if !n.has(name) {
				if n.skipped == nil {
					n.skipped = map[string]bool{}
				}
				n.skipped[name] = true
			}
			i++
			name = base + sep + strconv.Itoa(i)
		}
		n.next[base] = i + 1 // holds name
		return name
	}
	n.reserve(name)
	return name
}

// sanitize turns a source name into a Go identifier: characters that
// cannot appear in one become underscores, and a leading digit gets an x
// in front. It returns "" for a name with no usable character.
func sanitize(s string) string {
	b := make([]rune, 0, len(s))
	useful := false
	for _, r := range s {
		switch {
		case r == '_':
			b = append(b, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b = append(b, r)
			useful = true
		default:
			b = append(b, '_')
		}
	}
	if !useful {
		return ""
	}
	if unicode.IsDigit(b[0]) {
		b = append([]rune{'x'}, b...)
	}
	return string(b)
}

// localName returns the name a Go programmer gives a local variable named
// after s (a struct field, most often): its leading capitals in lower case,
// but for the last of several when a lower-case letter follows (Sum ->
// sum, ID -> id, URLPath -> urlPath).
func localName(s string) string {
	if s != "" && s[0] < utf8.RuneSelf && (s[0] < 'A' || s[0] > 'Z') {
		return s // no leading capital: nothing to lower
	}
	rs := []rune(s)
	n := 0
	for n < len(rs) && unicode.IsUpper(rs[n]) {
		n++
	}
	if n > 1 && n < len(rs) && unicode.IsLower(rs[n]) {
		n--
	}
	for i := range n {
		rs[i] = unicode.ToLower(rs[i])
	}
	return string(rs)
}

// upperFirst returns s with its first letter in upper case.
func upperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
