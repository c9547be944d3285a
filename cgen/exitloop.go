package cgen

import (
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a loop that the frontend stages with an exit code, as
// gogen's exitloop.go does for Go. A loop with a break, or a condition
// that short-circuits over memory reads, is a while loop whose body is
// empty and whose condition block ends in a tree of conditionals, every
// leaf a constant: one constant runs the loop again, the others leave it.
// Written as the graph says, that is a variable and a test:
//
//	for (;;) { int64_t x81; if (n < max) { if (z > 4) { x81 = 0; } else { ...; x81 = 5; } } else { x81 = 0; } if (x81 != 5) break; }
//
// exitStmt writes what a C programmer writes instead: each leaf that
// leaves is a break (or a return, exitreturn.go), each leaf that goes
// round again is the end of the loop body, an arm that only leaves ends
// the if (if (z > 4) { break; } ...), and such an arm the loop body
// starts with is the loop's condition:
//
//	while (n < max) { if (z > 4) { break; } ... }

// exitLoop is a loop written with exits.
type exitLoop struct {
	cont   int64    // the code that runs the loop again
	code   *ir.Node // the conditional computing the code, last in the condition block
	cmp    ir.Sym   // the comparison of the code with cont, the condition block's result
	ret    *exitRet // set when its exits return (exitreturn.go)
	breaks int      // the breaks written
}

// exitLoopOf returns the exit code of while loop n if it has that shape:
// no node in its body; its condition block's result compares (==) a
// constant with the block's last statement, a conditional used only
// there, whose every branch ends in a constant or in such a conditional.
func (fn *fnGen) exitLoopOf(n *ir.Node) *exitLoop {
	condB, bodyB := n.Blocks[0], n.Blocks[1]
	if len(fn.sg.s.Nodes(bodyB)) > 0 || !condB.Res.IsSym() {
		return nil
	}
	cmp := fn.g.Def(condB.Res.Sym())
	if cmp == nil || cmp.Op != ir.OpEq || fn.sg.uses[cmp.Sym] != 1 || fn.sg.packed(cmp) {
		return nil
	}
	k, c := cmp.Args[0], cmp.Args[1]
	if k.IsSym() {
		k, c = c, k
	}
	if !k.IsConst() || !c.IsSym() || !fn.g.TypeOf(k).IsInteger() {
		return nil
	}
	code := fn.g.Def(c.Sym())
	if code == nil || fn.sg.uses[code.Sym] != 1 || fn.lastNode(condB, cmp) != code || !fn.exitTree(code) {
		return nil
	}
	return &exitLoop{cont: exitCode(k.Const()), code: code, cmp: cmp.Sym}
}

// exitCode returns an integer constant's value.
func exitCode(c *ir.Const) int64 {
	v, _ := constBits(c)
	return int64(v)
}

// exitTree reports whether n is a conditional whose branches each end in
// an integer constant, or in a conditional of the same kind that is the
// branch's last node and is used only as its result.
func (fn *fnGen) exitTree(n *ir.Node) bool {
	if n.Op != ir.OpIf || !n.Type.IsInteger() || fn.sg.packed(n) {
		return false
	}
	for _, b := range n.Blocks {
		switch r := b.Res; {
		case r.IsConst():
		case r.IsSym():
			m := fn.g.Def(r.Sym())
			if m == nil || fn.sg.uses[m.Sym] != 1 || fn.lastNode(b, nil) != m || !fn.exitTree(m) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// lastNode returns the last node the schedule places in block b, other
// than but.
func (fn *fnGen) lastNode(b *ir.Block, but *ir.Node) *ir.Node {
	nodes := fn.sg.s.Nodes(b)
	for j := len(nodes) - 1; j >= 0; j-- {
		if nodes[j] != but {
			return nodes[j]
		}
	}
	return nil
}

// bareExit reports whether branch b of an exit tree of x leaves the loop
// and has nothing to write before, and returns the code it leaves with:
// the loop's, or when its exits return, the one it sets.
func (x *exitLoop) bareExit(fn *fnGen, b *ir.Block) (int64, bool) {
	if !b.Res.IsConst() || exitCode(b.Res.Const()) == x.cont {
		return 0, false
	}
	nodes := fn.sg.s.Nodes(b)
	switch {
	case x.ret == nil && len(nodes) == 0:
		return exitCode(b.Res.Const()), true
	case x.ret != nil && len(nodes) == 1 && nodes[0].Op == ir.OpVarSet && nodes[0].Args[0].Sym() == x.ret.v:
		return exitCode(nodes[0].Args[1].Const()), true
	}
	return 0, false
}

// exitStmt writes while loop n, whose exit code x describes, and reports
// whether the statements after it are unreachable.
func (fn *fnGen) exitStmt(n *ir.Node, x *exitLoop) bool {
	x.ret = fn.rets[n.Sym]
	condB := n.Blocks[0]
	head := len(fn.lines)
	fn.line("for (;;) {")
	fn.depth++
	fr := fn.enter(condB)
	fn.exits = append(fn.exits, x)
	defer func() { fn.exits = fn.exits[:len(fn.exits)-1] }()
	d := dest{kind: destExit}
	for _, m := range fr.nodes {
		if m == x.code || m.Sym == x.cmp || fn.skip(m) {
			continue
		}
		if fn.stmt(m) {
			// The condition always panics: the loop runs it once.
			fn.leave(fr)
			fn.depth--
			fn.line("}")
			return true
		}
	}
	code := x.code
	guard := -1     // the branch of the loop's condition that leaves
	var after int64 // the code it leaves with
	if len(fn.lines) == head+1 {
		for i, b := range code.Blocks {
			k, ok := x.bareExit(fn, b)
			if _, other := x.bareExit(fn, code.Blocks[1-i]); ok && !other {
				guard, after = i, k
				break
			}
		}
	}
	if guard >= 0 {
		c := fn.ref(code.Args[0])
		cond := c.s
		if guard == 0 {
			cond = c.not()
		}
		fn.lines[head] = fn.remark(fn.lines[head], indent(fn.depth-1)+"while ("+cond+") {")
		fn.depth--
		func() {
			defer fn.writing(code)()
			fn.block(code.Blocks[1-guard], d)
		}()
		fn.depth++
	} else {
		func() {
			defer fn.writing(code)()
			fn.exitIf(code, d)
		}()
	}
	fn.leave(fr)
	fn.depth--
	fn.line("}")
	switch {
	case guard < 0 && x.breaks == 0:
		return true // no break: the loop never ends
	case x.ret != nil:
		// Every exit but the loop's condition returns: after the loop, its return.
		fn.returnEarly(fn.exitValue(x.ret, after).s)
		return true
	}
	return false
}

// exitIf writes conditional n of a loop's exit code, whose branches end in
// exits or in nothing (round again). A then branch that leaves needs no
// else: the else branch follows the if.
func (fn *fnGen) exitIf(n *ir.Node, d dest) bool {
	if ok, term := fn.switchStmt(n, d); ok {
		return term
	}
	return fn.ifElse(n, d, true)
}

// elseIf makes the else block starting after line mid, one if statement,
// an else if: its lines move one level up, and the closing brace of its
// if closes the enclosing one.
func (fn *fnGen) elseIf(mid int) {
	fn.lines[mid] = indent(fn.depth) + "} else " + strings.TrimLeft(fn.lines[mid+1], "\t")
	fn.lines[mid+1] = removed
	fn.dedent(mid + 2)
}

// dedent moves the lines from index k on one level up.
func (fn *fnGen) dedent(k int) {
	for ; k < len(fn.lines); k++ {
		fn.lines[k] = fn.dedentLine(fn.lines[k])
	}
}

// dedentLine returns a line one level deeper than the current depth one
// level up.
func (fn *fnGen) dedentLine(ln string) string {
	if fn.depth < maxIndent && ln != removed && len(ln) > fn.depth && ln[fn.depth] == '\t' {
		return ln[1:]
	}
	return ln
}
