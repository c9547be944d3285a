package gogen

import "strings"

// This file holds the text of composite raw expressions (expr.go) as a
// tree of pieces, flattened once where a statement takes the expression:
// an expression of 64 nested operations (depth.go) whose text were
// copied at each operation would cost the square of its length.

// A rope is the text l op r end: each operand a rope or a text (lt, rt),
// in parentheses when lp, rp; n is the length of the whole.
type rope struct {
	l, r    *rope
	lt, rt  string
	lp, rp  bool
	op, end string
	n       int
}

// operand is the length of an operand and its pieces.
func operand(e expr, paren bool) (*rope, string, int) {
	n := e.textLen()
	if paren {
		n += 2
	}
	return e.rope, e.raw, n
}

// composed returns the raw expression l op r end of precedence prec,
// the operands in parentheses where lp, rp (an absent operand is the zero
// expr): a rope, or its text when that is shorter than a rope's node.
func composed(l expr, lp bool, op string, r expr, rp bool, end string, prec int, class opClass) expr {
	x := rope{lp: lp, rp: rp, op: op, end: end}
	var ln, rn int
	x.l, x.lt, ln = operand(l, lp)
	x.r, x.rt, rn = operand(r, rp)
	x.n = ln + len(op) + rn + len(end)
	if x.n <= flatMax {
		var b strings.Builder
		b.Grow(x.n)
		x.write(&b)
		return expr{raw: b.String(), prec: prec, class: class}
	}
	h := new(rope)
	*h = x
	return expr{rope: h, prec: prec, class: class}
}

// flatMax is the longest text composed copies: a rope's node is 96 bytes.
const flatMax = 64

// textLen returns the length of raw e's text.
func (e expr) textLen() int {
	if e.rope != nil {
		return e.rope.n
	}
	return len(e.raw)
}

// text returns raw e's text.
func (e expr) text() string {
	if e.rope == nil {
		return e.raw
	}
	var b strings.Builder
	b.Grow(e.rope.n)
	e.rope.write(&b)
	return b.String()
}

// textAfter returns p, q and raw e's text.
func (e expr) textAfter(p, q string) string {
	var b strings.Builder
	b.Grow(len(p) + len(q) + e.textLen())
	b.WriteString(p)
	b.WriteString(q)
	if e.rope == nil {
		b.WriteString(e.raw)
	} else {
		e.rope.write(&b)
	}
	return b.String()
}

// write appends x's text to b (recursion as deep as the expression,
// which depth.go bounds).
func (x *rope) write(b *strings.Builder) {
	piece := func(r *rope, t string, paren bool) {
		if paren {
			b.WriteByte('(')
		}
		if r != nil {
			r.write(b)
		} else {
			b.WriteString(t)
		}
		if paren {
			b.WriteByte(')')
		}
	}
	piece(x.l, x.lt, x.lp)
	b.WriteString(x.op)
	piece(x.r, x.rt, x.rp)
	b.WriteString(x.end)
}

// appendText appends raw e's text to b.
func (e expr) appendText(b []byte) []byte {
	if e.rope == nil {
		return append(b, e.raw...)
	}
	return e.rope.appendTo(b)
}

// appendTo appends x's text to b, as write does.
func (x *rope) appendTo(b []byte) []byte {
	piece := func(b []byte, r *rope, t string, paren bool) []byte {
		if paren {
			b = append(b, '(')
		}
		if r != nil {
			b = r.appendTo(b)
		} else {
			b = append(b, t...)
		}
		if paren {
			b = append(b, ')')
		}
		return b
	}
	b = piece(b, x.l, x.lt, x.lp)
	b = append(b, x.op...)
	b = piece(b, x.r, x.rt, x.rp)
	return append(b, x.end...)
}
