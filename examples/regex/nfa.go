package regex

import (
	"unicode/utf8"
)

// The parsed pattern compiles to a Thompson NFA over bytes: a character
// class becomes the alternatives of its UTF-8 encodings, so the DFA built
// from the NFA reads a string byte by byte, as the generated code does.

type instOp uint8

const (
	instByte  instOp = iota // consume one byte in lo..hi, go to out
	instSplit               // go to out and to out1
	instBegin               // at the beginning of the text, go to out
	instEnd                 // at the end of the text, go to out
	instMatch               // a match ends here
)

type inst struct {
	op      instOp
	lo, hi  byte
	out     int
	out1    int
	utf8Seq bool // part of a multi-byte UTF-8 sequence (for statistics)
}

// nfa is a compiled pattern: its instructions and its start.
type nfa struct {
	insts []inst
	start int
}

// compile returns the NFA of the tree n.
func compile(n *node) *nfa {
	c := &nfa{}
	match := c.add(inst{op: instMatch})
	c.start = c.node(n, match)
	return c
}

func (c *nfa) add(i inst) int {
	c.insts = append(c.insts, i)
	return len(c.insts) - 1
}

// node compiles n so that it continues at next, and returns its entry.
func (c *nfa) node(n *node, next int) int {
	switch n.op {
	case opEmpty:
		return next
	case opBegin:
		return c.add(inst{op: instBegin, out: next})
	case opEnd:
		return c.add(inst{op: instEnd, out: next})
	case opClass:
		return c.class(n.ranges, next)
	case opConcat:
		for i := len(n.subs) - 1; i >= 0; i-- {
			next = c.node(n.subs[i], next)
		}
		return next
	case opAlt:
		entry := c.node(n.subs[len(n.subs)-1], next)
		for i := len(n.subs) - 2; i >= 0; i-- {
			entry = c.add(inst{op: instSplit, out: c.node(n.subs[i], next), out1: entry})
		}
		return entry
	case opRepeat:
		return c.repeat(n.subs[0], n.min, n.max, next)
	}
	panic("regex: unknown node")
}

// repeat compiles sub{min,max} (max < 0: unbounded) as min copies of sub
// followed by a loop, or by max-min nested optional copies.
func (c *nfa) repeat(sub *node, min, max, next int) int {
	if max < 0 {
		// A loop: split to sub (which comes back to the split) or to next.
		loop := c.add(inst{op: instSplit, out1: next})
		body := c.node(sub, loop) // may grow c.insts: index after the call
		c.insts[loop].out = body
		next = loop
		if min > 0 { // x{n,} is x{n-1} then x+: the loop is entered through sub
			next = c.node(sub, loop)
			min--
		}
	} else {
		for range max - min {
			next = c.add(inst{op: instSplit, out: c.node(sub, next), out1: next})
		}
	}
	for range min {
		next = c.node(sub, next)
	}
	return next
}

// class compiles a class: one chain of byte instructions per UTF-8
// sequence, joined by splits.
func (c *nfa) class(ranges []rune, next int) int {
	var entries []int
	for i := 0; i < len(ranges); i += 2 {
		utf8Sequences(ranges[i], ranges[i+1], func(seq []byteRange) {
			e := next
			for j := len(seq) - 1; j >= 0; j-- {
				e = c.add(inst{op: instByte, lo: seq[j].lo, hi: seq[j].hi, out: e, utf8Seq: len(seq) > 1})
			}
			entries = append(entries, e)
		})
	}
	if len(entries) == 0 { // an empty class never matches
		return c.add(inst{op: instByte, lo: 1, hi: 0})
	}
	entry := entries[len(entries)-1]
	for i := len(entries) - 2; i >= 0; i-- {
		entry = c.add(inst{op: instSplit, out: entries[i], out1: entry})
	}
	return entry
}

// byteRange is the bytes lo..hi.
type byteRange struct{ lo, hi byte }

// utf8Sequences calls emit with sequences of byte ranges whose
// concatenations are exactly the UTF-8 encodings of the runes lo..hi
// (surrogates excluded, as they have no valid encoding).
func utf8Sequences(lo, hi rune, emit func([]byteRange)) {
	if lo > hi {
		return
	}
	const surrLo, surrHi = 0xD800, 0xDFFF
	if lo <= surrHi && hi >= surrLo {
		utf8Sequences(lo, surrLo-1, emit)
		utf8Sequences(surrHi+1, hi, emit)
		return
	}
	// Split where the encoded length changes.
	for _, b := range []rune{0x7F, 0x7FF, 0xFFFF} {
		if lo <= b && b < hi {
			utf8Sequences(lo, b, emit)
			utf8Sequences(b+1, hi, emit)
			return
		}
	}
	if hi < utf8.RuneSelf {
		emit([]byteRange{{byte(lo), byte(hi)}})
		return
	}
	// Split until every continuation byte spans a whole aligned block,
	// so that each byte position is one range.
	for i := 1; i < utf8.RuneLen(lo); i++ {
		m := rune(1)<<(6*i) - 1
		if lo&^m != hi&^m {
			if lo&m != 0 {
				utf8Sequences(lo, lo|m, emit)
				utf8Sequences((lo|m)+1, hi, emit)
				return
			}
			if hi&m != m {
				utf8Sequences(lo, hi&^m-1, emit)
				utf8Sequences(hi&^m, hi, emit)
				return
			}
		}
	}
	a, b := []byte(string(lo)), []byte(string(hi)) // UTF-8 encodings
	seq := make([]byteRange, len(a))
	for i := range a {
		seq[i] = byteRange{a[i], b[i]}
	}
	emit(seq)
}
