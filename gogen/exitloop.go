package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a loop that the frontend stages with an exit code. A
// loop with a break, or a condition that short-circuits over memory
// reads, becomes a while loop whose body is empty and whose condition
// block computes a code by a tree of conditionals, every leaf a constant:
// one constant runs the loop again, the others leave it.
//
//	x84 = (W Block(..., x82 = (== x81 5)) Block(()))
//	x81 = (? (< n max) Block(x79) Block(0))
//	x79 = (? (> z 4) Block(0) Block(...; 5))
//
// Written as the graph says, that is a variable and a test:
//
//	for { x81 := 0; if n < max { if z > 4 { x81 = 0 } else { ...; x81 = 5 } }; if x81 != 5 { break } }
//
// exitStmt writes what a Go programmer writes instead: each leaf that
// leaves is a break, each leaf that goes round again is the end of the
// loop body, an arm that only breaks is a guard (if c { break }), and a
// guard the loop body starts with is the loop's condition:
//
//	for n < max { if z > 4 { break }; ... }
//
// An exit that returns is a return in place (exitreturn.go); an exit of
// an inner loop that the outer loop's exit code dispatches on is written
// in place too, as break L, continue L or a return (exitdispatch.go).

// exitLoop is a loop written with exits.
type exitLoop struct {
	cont   int64         // the code that runs the loop again
	code   ir.Sym        // the conditional computing the code, last in the condition block
	cmp    ir.Sym        // the comparison of the code with cont, the condition block's result
	cond   *expr         // set when the loop body starts with its only guard: for cond { ... }
	breaks int           // the breaks written
	ret    *exitReturn   // set when its exits return (exitreturn.go)
	leaf   *ir.Block     // the block whose result is being sent
	disp   *exitDispatch // set when its exits dispatch in place (exitdispatch.go)
	label  string        // set when a nested loop's exit breaks or continues it
}

// exitLoopOf returns the exit code of while loop n if it has that shape:
// no statement in its body; its condition block's result compares (==) a
// constant with the block's last statement, a conditional used only
// there, whose every branch ends in a constant or in such a conditional.
func (fg *funcGen) exitLoopOf(n *ir.Node) *exitLoop {
	condB, bodyB := n.Blocks[0], n.Blocks[1]
	if p := fg.plans[bodyB]; len(p.nodes) > 0 || !condB.Res.IsSym() {
		return nil
	}
	cmp := fg.g.Def(condB.Res.Sym())
	if cmp == nil || cmp.Op != ir.OpEq || !fg.inlineIn(condB, cmp) {
		return nil
	}
	k, c := cmp.Args[0], cmp.Args[1]
	if k.IsSym() {
		k, c = c, k
	}
	if !k.IsConst() || !c.IsSym() || !fg.g.TypeOf(k).IsInteger() {
		return nil
	}
	code := fg.g.Def(c.Sym())
	if code == nil || fg.uses[code.Sym] != 1 || fg.lastStmt(condB) != code || !fg.exitTree(code) {
		return nil
	}
	return &exitLoop{cont: constInt(k.Const()), code: code.Sym, cmp: cmp.Sym}
}

// exitTree reports whether n is a conditional whose branches each end in
// a constant, or in a conditional of the same kind that is the branch's
// last statement and is used only as its result.
func (fg *funcGen) exitTree(n *ir.Node) bool {
	if n.Op != ir.OpIf || fg.projs[n.Sym] != nil {
		return false
	}
	for _, b := range n.Blocks {
		switch r := b.Res; {
		case r.IsConst():
		case r.IsSym():
			m := fg.g.Def(r.Sym())
			if m == nil || fg.uses[m.Sym] != 1 || fg.lastStmt(b) != m || !fg.exitTree(m) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// inlineIn reports whether the schedule writes n inline in block b.
func (fg *funcGen) inlineIn(b *ir.Block, n *ir.Node) bool {
	p := fg.plans[b]
	for j, m := range p.nodes {
		if m == n {
			return p.inline[j]
		}
	}
	return false
}

// lastStmt returns the last node of block b written as a statement.
func (fg *funcGen) lastStmt(b *ir.Block) *ir.Node {
	p := fg.plans[b]
	for j := len(p.nodes) - 1; j >= 0; j-- {
		if m := p.nodes[j]; !p.inline[j] && !fg.forwarded[m.Sym] && !fg.silent(m) {
			return m
		}
	}
	return nil
}

// exitStmt writes while loop n, whose exit code x describes.
func (fg *funcGen) exitStmt(out *stmts, n *ir.Node, x *exitLoop) {
	x.ret = fg.exitRets[n.Sym]
	x.disp = fg.exitDisp[n.Sym]
	fg.exitStack = append(fg.exitStack, x)
	fr := fg.enter(n.Blocks[0])
	fg.consumed[x.cmp] = true // the comparison is the leaves' breaks
	body, sent := fg.nodes(fr, dest{kind: destExit, exit: x})
	if !sent && !body.term {
		panic("BUG: gogen: the exit code of " + ir.FormatNode(n) + " was not written as exits")
	}
	fg.leave(fr, body.term)
	fg.exitStack = fg.exitStack[:len(fg.exitStack)-1]
	if x.cond != nil {
		out.add(labeled(x, jen.For(x.cond.code()).Block(body.list...)))
	} else {
		out.add(labeled(x, jen.For().Block(body.list...)))
	}
	switch {
	case x.breaks == 0:
		out.term = x.cond == nil // no break: the loop never ends
	case x.ret != nil && x.ret.tail:
		// Every exit but the breaks returns; the breaks go on to the code
		// after the loop, decided for their code (exittail.go).
	case x.ret != nil:
		// Every exit but the breaks returns: after the loop, the breaks' return.
		fg.exitReturnStmt(out, x.ret, x.ret.brk, nil)
	}
}

// exitIf writes conditional n of a loop's exit code: its branches end in
// break or in nothing (round again); an arm that only breaks is a guard
// (if c { break }), and a guard the loop body starts with is the loop's
// condition (for !c { ... }).
func (fg *funcGen) exitIf(out *stmts, n *ir.Node, d dest) {
	c := n.Args[0]
	th := fg.block(n.Blocks[0], d)
	el := fg.block(n.Blocks[1], d)
	if el.brk == th.brk {
		if th.term && len(el.list) > 0 {
			// The then branch returns (exitreturn.go): no else.
			fg.ifThen(out, c, th, el)
			return
		}
		fg.ifElse(out, c, th, el)
		return
	}
	if n.Sym == d.exit.code && len(out.list) == 0 {
		// The loop body starts here: the guard is the loop's condition,
		// and so are the guards the rest starts with (for n > 1 &&
		// steps < 1000, not for n > 1 { if steps >= 1000 { break } }):
		// each is evaluated exactly when the ones before it hold, as
		// with &&.
		var cond expr
		if th.brk {
			cond, th = fg.negate(c), el
		} else {
			cond = fg.ref(c, ctxConverted)
		}
		k := 0
		for k < len(th.guards) && fg.vetAnd(cond, th.guards[k]) {
			cond = join(cond, "&&", precAnd, th.guards[k])
			k++
		}
		d.exit.cond = &cond
		out.list = append(out.list, th.list[k:]...)
		return
	}
	// A guard first in its block may join the loop's condition: its
	// negation is written too (bothWays).
	first := len(out.list) == 0
	var brk, goOn expr
	switch {
	case th.brk && first:
		brk, goOn = fg.bothWays(c)
	case th.brk:
		brk = fg.ref(c, ctxConverted)
	case first:
		goOn, brk = fg.bothWays(c)
	default:
		brk = fg.negate(c)
	}
	if th.brk {
		th = el
	}
	out.add(jen.If(brk.code()).Block(jen.Break()))
	if first {
		out.guards = append([]expr{goOn}, th.guards...)
	}
	out.list = append(out.list, th.list...)
}

// bothWays writes condition c, and !c, once each (the inline nodes of c
// written twice, consumed once both are).
func (fg *funcGen) bothWays(c ir.Exp) (yes, no expr) {
	var inline []ir.Sym
	var walk func(e ir.Exp)
	walk = func(e ir.Exp) {
		if e.IsConst() {
			return
		}
		if m := fg.inlineNode(e.Sym()); m != nil {
			inline = append(inline, m.Sym)
			for _, a := range m.Args {
				walk(a)
			}
		}
	}
	walk(c)
	yes = fg.ref(c, ctxConverted)
	for _, s := range inline {
		fg.consumed[s] = false
	}
	return yes, fg.negate(c)
}
