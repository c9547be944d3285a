package ir

import (
	"go/token"
	"strings"
)

// Literals records how the source wrote its integer literals, so that the
// emitters write a constant in the base the user chose (0xFF where the
// source wrote 0xFF, 255 where it wrote 255). A literal is keyed by its
// line and its value: a node that uses the constant v and comes from a
// line where the source wrote a literal of value v writes that literal.
// A constant no literal of its line has (a folded one) has no entry. A
// nil *Literals records nothing.
type Literals struct {
	m map[literalKey]string
}

type literalKey struct {
	file string
	line int
	val  uint64
}

// Add records that the source wrote text, an integer literal of value
// val, on the line of pos. The first literal of a value on a line wins.
func (l *Literals) Add(pos token.Position, val uint64, text string) {
	if l.m == nil {
		l.m = map[literalKey]string{}
	}
	k := literalKey{pos.Filename, pos.Line, val}
	if _, ok := l.m[k]; !ok {
		l.m[k] = text
	}
}

// Literal returns the literal the source wrote for the non-negative value
// val on the line of pos, as the source spelled it (0xFF, 0b1010, 0o17,
// 1_000), and whether there is one.
func (l *Literals) Literal(pos token.Position, val uint64) (string, bool) {
	if l == nil || !pos.IsValid() {
		return "", false
	}
	text, ok := l.m[literalKey{pos.Filename, pos.Line, val}]
	return text, ok
}

// LiteralBase returns the base of an integer literal's text: 16, 8, 2 or
// 10.
func LiteralBase(text string) int {
	if len(text) < 2 || text[0] != '0' {
		return 10
	}
	switch strings.ToLower(text[:2]) {
	case "0x":
		return 16
	case "0b":
		return 2
	}
	return 8 // 0o17, or 017
}
