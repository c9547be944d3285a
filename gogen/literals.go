package gogen

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file writes an integer constant as the source wrote it: in a node
// from a line where the source wrote a literal of the constant's value
// (sched.Func.Literals), the constant is that literal, in its base and
// spelling (x&0xFF, mode|0o644, n%1_000). A constant without one, folded
// from others, is written as consts.go decides (a mask in hex).

// literal writes c as the source wrote it on the line of the node being
// written, and reports whether the source wrote it there.
func (fg *funcGen) literal(c *ir.Const, ctx constCtx) (expr, bool) {
	text, neg, ok := fg.sourceLit(c)
	if !ok {
		return expr{}, false
	}
	prec := precPrimary
	if neg {
		text, prec = "-"+text, precUnary
	}
	if ctx == ctxExplicit || ctx == ctxTyped && !isDefaultType(c.Type) {
		return rawExpr(c.Type.String()+"("+text+")", precPrimary), true
	}
	return rawExpr(text, prec), true
}

// sourceLit returns the literal the source wrote for c's magnitude on the
// line of the node being written, and whether c is negative.
func (fg *funcGen) sourceLit(c *ir.Const) (text string, neg, ok bool) {
	if fg.lits == nil || fg.at == nil || c == nil || !c.Type.IsInteger() {
		return "", false, false
	}
	v := constUint(c)
	if !c.Type.IsUnsigned() && constInt(c) < 0 {
		v, neg = -v, true
	}
	text, ok = fg.lits.Literal(fg.g.Position(fg.at), v)
	return text, neg, ok
}

// writing makes n the node being written until the returned function
// runs.
func (fg *funcGen) writing(n *ir.Node) func() {
	old := fg.at
	fg.at = n
	return func() { fg.at = old }
}
