package regex

import (
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
)

// The parser turns a pattern into a tree of nodes. It accepts this subset
// of Go's regexp syntax, with Go's meaning:
//
//	x y       concatenation          x|y       alternation
//	(x) (?:x) group                  x* x+ x?  repetition (a trailing ? for
//	x{n} x{n,} x{n,m}                          non-greedy is accepted; it
//	                                           does not change whether a
//	                                           match exists)
//	.         any character but \n   [abc] [^a-z] [\d_] character classes
//	^ \A      beginning of text      $ \z      end of text
//	\d \D \w \W \s \S  Perl classes  \n \t \r \f \v \\ \. ...  escapes
//
// Flags ((?i), (?s), ...), word boundaries, named classes ([[:alpha:]]) and
// Unicode classes (\pL) are not supported: Compile reports an error.

// maxRepeat is the largest count of x{n,m}, as in Go's regexp.
const maxRepeat = 1000

type nodeOp uint8

const (
	opEmpty  nodeOp = iota // matches the empty string
	opClass                // one character among ranges
	opConcat               // subs in sequence
	opAlt                  // one of subs
	opRepeat               // subs[0] between min and max times (max < 0: unbounded)
	opBegin                // beginning of text
	opEnd                  // end of text
)

// node is a node of the parsed pattern.
type node struct {
	op       nodeOp
	ranges   []rune // opClass: sorted, disjoint, non-adjacent pairs lo, hi
	subs     []*node
	min, max int
}

type parser struct {
	src string
	pos int
}

// parse returns the tree of pattern.
func parse(pattern string) (*node, error) {
	if !utf8.ValidString(pattern) {
		return nil, fmt.Errorf("regex: invalid UTF-8 in pattern %q", pattern)
	}
	p := &parser{src: pattern}
	n, err := p.alt()
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) {
		return nil, p.errorf("unexpected )")
	}
	return n, nil
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("regex: %s at offset %d of %q", fmt.Sprintf(format, args...), p.pos, p.src)
}

func (p *parser) more() bool { return p.pos < len(p.src) }

func (p *parser) peek() rune {
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r
}

func (p *parser) next() rune {
	r, w := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += w
	return r
}

// alt parses concat ('|' concat)*.
func (p *parser) alt() (*node, error) {
	var subs []*node
	for {
		n, err := p.concat()
		if err != nil {
			return nil, err
		}
		subs = append(subs, n)
		if !p.more() || p.peek() != '|' {
			break
		}
		p.pos++
	}
	if len(subs) == 1 {
		return subs[0], nil
	}
	return &node{op: opAlt, subs: subs}, nil
}

// concat parses a sequence of repeated atoms, up to | or ) or the end.
func (p *parser) concat() (*node, error) {
	var subs []*node
	for p.more() && p.peek() != '|' && p.peek() != ')' {
		n, err := p.repeat()
		if err != nil {
			return nil, err
		}
		subs = append(subs, n)
	}
	switch len(subs) {
	case 0:
		return &node{op: opEmpty}, nil
	case 1:
		return subs[0], nil
	}
	return &node{op: opConcat, subs: subs}, nil
}

// repeat parses an atom and at most one repetition operator.
func (p *parser) repeat() (*node, error) {
	n, err := p.atom()
	if err != nil {
		return nil, err
	}
	if !p.more() {
		return n, nil
	}
	min, max, ok := 0, 0, true
	switch p.peek() {
	case '*':
		p.pos++
		min, max = 0, -1
	case '+':
		p.pos++
		min, max = 1, -1
	case '?':
		p.pos++
		min, max = 0, 1
	case '{':
		min, max, ok, err = p.counts()
		if err != nil {
			return nil, err
		}
	default:
		ok = false
	}
	if !ok {
		return n, nil
	}
	if p.more() && p.peek() == '?' { // non-greedy
		p.pos++
	}
	if p.more() && isRepeatOp(p.src[p.pos:]) {
		return nil, p.errorf("invalid nested repetition operator")
	}
	return &node{op: opRepeat, subs: []*node{n}, min: min, max: max}, nil
}

// isRepeatOp reports whether s starts with a repetition operator.
func isRepeatOp(s string) bool {
	if s[0] == '*' || s[0] == '+' || s[0] == '?' {
		return true
	}
	_, _, n := scanCounts(s)
	return n > 0
}

// counts parses {n}, {n,} or {n,m} at p.pos. A { that does not start such a
// form is a literal, as in Go: ok is false and nothing is consumed.
func (p *parser) counts() (min, max int, ok bool, err error) {
	min, max, n := scanCounts(p.src[p.pos:])
	if n == 0 {
		return 0, 0, false, nil
	}
	if min > maxRepeat || max > maxRepeat || max >= 0 && max < min {
		return 0, 0, false, p.errorf("invalid repeat count")
	}
	p.pos += n
	return min, max, true, nil
}

// scanCounts scans {n}, {n,} or {n,m} at the start of s and returns the
// counts (max < 0: unbounded) and its length, or length 0.
func scanCounts(s string) (min, max, n int) {
	if len(s) == 0 || s[0] != '{' {
		return 0, 0, 0
	}
	i := 1
	num := func() (int, bool) {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j || i-j > 8 {
			return 0, false
		}
		v, err := strconv.Atoi(s[j:i])
		return v, err == nil
	}
	min, ok := num()
	if !ok {
		return 0, 0, 0
	}
	max = min
	if i < len(s) && s[i] == ',' {
		i++
		max = -1
		if i < len(s) && s[i] != '}' {
			if max, ok = num(); !ok {
				return 0, 0, 0
			}
		}
	}
	if i >= len(s) || s[i] != '}' {
		return 0, 0, 0
	}
	return min, max, i + 1
}

// atom parses a group, a class, an anchor, an escape or a literal.
func (p *parser) atom() (*node, error) {
	switch c := p.next(); c {
	case '(':
		if len(p.src)-p.pos >= 2 && p.src[p.pos:p.pos+2] == "?:" {
			p.pos += 2
		} else if p.more() && p.peek() == '?' {
			return nil, p.errorf("flags and named groups are not supported")
		}
		n, err := p.alt()
		if err != nil {
			return nil, err
		}
		if !p.more() || p.next() != ')' {
			return nil, p.errorf("missing )")
		}
		return n, nil
	case '[':
		return p.class()
	case '.':
		return class('\n'+1, utf8.MaxRune, 0, '\n'-1), nil
	case '^':
		return &node{op: opBegin}, nil
	case '$':
		return &node{op: opEnd}, nil
	case '*', '+', '?':
		return nil, p.errorf("missing argument to repetition operator")
	case '\\':
		if p.more() {
			switch p.peek() {
			case 'A':
				p.pos++
				return &node{op: opBegin}, nil
			case 'z':
				p.pos++
				return &node{op: opEnd}, nil
			}
		}
		ranges, err := p.escape()
		if err != nil {
			return nil, err
		}
		return class(ranges...), nil
	default:
		return class(c, c), nil
	}
}

// Perl classes, as Go's regexp defines them.
var (
	digit = []rune{'0', '9'}
	word  = []rune{'0', '9', 'A', 'Z', '_', '_', 'a', 'z'}
	space = []rune{'\t', '\n', '\f', '\r', ' ', ' '}
)

// escape parses the escape after a backslash and returns its ranges.
func (p *parser) escape() ([]rune, error) {
	if !p.more() {
		return nil, p.errorf("trailing backslash")
	}
	c := p.next()
	switch c {
	case 'd':
		return digit, nil
	case 'D':
		return negate(digit), nil
	case 'w':
		return word, nil
	case 'W':
		return negate(word), nil
	case 's':
		return space, nil
	case 'S':
		return negate(space), nil
	case 'n':
		return []rune{'\n', '\n'}, nil
	case 't':
		return []rune{'\t', '\t'}, nil
	case 'r':
		return []rune{'\r', '\r'}, nil
	case 'f':
		return []rune{'\f', '\f'}, nil
	case 'v':
		return []rune{'\v', '\v'}, nil
	}
	if c < utf8.RuneSelf && !isAlnum(c) {
		return []rune{c, c}, nil
	}
	return nil, p.errorf("unsupported escape \\%c", c)
}

func isAlnum(c rune) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// class parses a character class after its [.
func (p *parser) class() (*node, error) {
	neg := false
	if p.more() && p.peek() == '^' {
		p.pos++
		neg = true
	}
	var ranges []rune
	first := true
	for {
		if !p.more() {
			return nil, p.errorf("missing ]")
		}
		c := p.next()
		if c == ']' && !first {
			break
		}
		first = false
		if c == '[' && p.more() && p.peek() == ':' {
			return nil, p.errorf("named classes are not supported")
		}
		lo := c
		if c == '\\' {
			rs, err := p.escape()
			if err != nil {
				return nil, err
			}
			if len(rs) != 2 || rs[0] != rs[1] { // a Perl class: no range
				ranges = append(ranges, rs...)
				continue
			}
			lo = rs[0]
		}
		hi := lo
		if len(p.src)-p.pos >= 2 && p.src[p.pos] == '-' && p.src[p.pos+1] != ']' {
			p.pos++
			hi = p.next()
			if hi == '\\' {
				rs, err := p.escape()
				if err != nil {
					return nil, err
				}
				if len(rs) != 2 || rs[0] != rs[1] {
					return nil, p.errorf("invalid character class range")
				}
				hi = rs[0]
			}
			if hi < lo {
				return nil, p.errorf("invalid character class range")
			}
		}
		ranges = append(ranges, lo, hi)
	}
	n := class(ranges...)
	if neg {
		n.ranges = negate(n.ranges)
	}
	return n, nil
}

// class returns a class node of the union of the ranges (pairs lo, hi).
func class(ranges ...rune) *node {
	return &node{op: opClass, ranges: normalize(ranges)}
}

// normalize sorts and merges the ranges (pairs lo, hi) into disjoint,
// non-adjacent ones.
func normalize(ranges []rune) []rune {
	type span struct{ lo, hi rune }
	spans := make([]span, 0, len(ranges)/2)
	for i := 0; i < len(ranges); i += 2 {
		spans = append(spans, span{ranges[i], ranges[i+1]})
	}
	slices.SortFunc(spans, func(a, b span) int { return int(a.lo) - int(b.lo) })
	var out []rune
	for _, s := range spans {
		if k := len(out); k > 0 && s.lo <= out[k-1]+1 {
			out[k-1] = max(out[k-1], s.hi)
			continue
		}
		out = append(out, s.lo, s.hi)
	}
	return out
}

// negate returns the complement of the normalized ranges in 0..MaxRune.
func negate(ranges []rune) []rune {
	ranges = normalize(ranges)
	var out []rune
	next := rune(0)
	for i := 0; i < len(ranges); i += 2 {
		if ranges[i] > next {
			out = append(out, next, ranges[i]-1)
		}
		next = ranges[i+1] + 1
	}
	if next <= utf8.MaxRune {
		out = append(out, next, utf8.MaxRune)
	}
	return out
}
