package cgen

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes an integer constant in the base the source wrote it
// (sched.Func.Literals): in a node from a line where the source wrote a
// hexadecimal literal of the constant's value, the constant is written in
// hex (x & 0xFF, as in the Go). C before C23 has no binary literal and
// reads 0o17 as an error, so a binary or octal literal (flag bits, file
// modes) is written in hex too, which keeps the bits visible; a decimal
// one stays decimal. A hex literal has the C type its decimal would have:
// a signed value above INT32_MAX (whose hex would be unsigned int) gets
// the suffix L, like the long its decimal is; unsigned ones of 32 bits and
// more get u, like their decimal.

// constant writes c, in hex where the source wrote it in another base
// than decimal on the line of the node being written.
func (fn *fnGen) constant(c *ir.Const) cx {
	if x, ok := fn.hexLiteral(c); ok {
		return x
	}
	return fn.fl.constant(c)
}

// hexLiteral writes c in hex if the source wrote it in hex, binary or
// octal on the line of the node being written.
func (fn *fnGen) hexLiteral(c *ir.Const) (cx, bool) {
	if fn.at == nil || !c.Type.IsInteger() {
		return cx{}, false
	}
	return hexLit(fn.sg.fn.Literals, fn.g.Position(fn.at), c)
}

// hexLit is hexLiteral at a position.
func hexLit(lits *ir.Literals, pos token.Position, c *ir.Const) (cx, bool) {
	v, signed := constBits(c)
	neg := signed && int64(v) < 0
	if neg {
		v = -v
	}
	text, ok := lits.Literal(pos, v)
	if !ok || ir.LiteralBase(text) == 10 || neg && v == 1<<63 {
		return cx{}, false
	}
	if ir.LiteralBase(text) == 16 {
		text = strings.ReplaceAll(text, "_", "")
		text = "0x" + text[2:] // 0X -> 0x; the digits keep their case
	} else {
		text = "0x" + strconv.FormatUint(v, 16)
	}
	switch {
	case c.Type.IsUnsigned() && c.Type.Bits() >= 32:
		text += "u"
	case signed && v > 1<<31-1:
		text += "L"
	}
	if neg {
		return cx{s: "-" + text}, true
	}
	return cx{s: text, prim: true}, true
}

// atNode makes n the node being written until the returned function
// runs.
func (fn *fnGen) atNode(n *ir.Node) func() {
	old := fn.at
	fn.at = n
	return func() { fn.at = old }
}

// caseConst writes the constant k of case c, in hex if the source wrote
// the comparison with k in hex.
func (fn *fnGen) caseConst(c swCase, k *ir.Const) cx {
	for _, s := range c.nodes {
		if n := fn.g.Def(s); n != nil && len(n.Args) == 2 && n.Args[1].Const() == k {
			defer fn.atNode(n)()
			break
		}
	}
	return fn.constant(k)
}
