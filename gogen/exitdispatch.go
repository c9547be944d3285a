package gogen

import (
	"maps"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the exits of a loop nested in a loop written with
// exits (exitloop.go) as the source writes them: break outer, continue
// outer, or a return in place. The frontend stages a labeled break or
// continue out of an inner loop as an exit code of the inner loop, read
// right after it by a conditional of the outer loop's exit code:
//
//	for { if i*w < len(m) { j := 0; x182 := 0
//	    for { ...; if m[i*w+j] == x { x182 = 9; break }; ...; x182 = 5; break }
//	    if x182 == 5 { i++ } else { return i, j } } else { break } }
//
// When nothing is computed between the inner loop and that conditional
// (the dispatch), the code variable is read only by the dispatch and set
// only by the inner loop's exits, and each arm of the dispatch ends the
// outer loop's exit code (a constant: leave or go round again), the code
// is not needed: one arm, the fall, is written after the inner loop and
// the inner exits that choose it are plain breaks; each exit that chooses
// the other arm writes that arm in place, its end a return (exitreturn.go),
// break L or continue L with L the outer loop's label (outer, outer2,
// ... in the order given):
//
//	for i*w < len(m) { j := 0
//	    for j < w { if m[i*w+j] == x { return i, j }; if m[i*w+j] < 0 { break }; j++ }
//	    i++ }
//
// An arm is written in place by one exit only (never twice); the fall is
// the arm that more exits choose, on a tie the one that goes round again.

// exitDispatch is the plan of an inner loop whose exits dispatch in
// place.
type exitDispatch struct {
	d     *ir.Node            // the dispatch conditional
	leafs map[*ir.Block]int64 // the inner exits and the code each sets
	fall  int                 // the arm written after the loop (0 then, 1 else)
	arms  [2]int              // the exits choosing each arm
	outer dest                // where the arms' results go: the outer loop's exits
	v     ir.Sym              // the code variable
	cond  []ir.Sym            // the dispatch's condition: its comparison and the read of v
}

// dispatchArm returns the arm of dispatch x that code k chooses.
func (fg *funcGen) dispatchArm(x *exitDispatch, k int64) int {
	c, ok := fg.decideEq(x.d.Args[0], k, func(a ir.Exp) bool {
		g := fg.defOf(a)
		return g != nil && g.Op == ir.OpVarGet && g.Args[0].Sym() == x.v
	})
	if !ok {
		panic("BUG: gogen: the dispatch of an inner exit is not decided")
	}
	if c {
		return 0
	}
	return 1
}

// planDispatch plans the inner loop of block fr (of an outer loop's exit
// code, sent to d) whose exits dispatch in place, if one qualifies.
func (fg *funcGen) planDispatch(fr *frame, d dest) {
	if d.kind != destExit || !fr.b.Res.IsSym() {
		return
	}
	// The last two statements: the inner loop and the dispatch.
	var stmtsIdx []int
	for i, n := range fr.nodes {
		if !fg.skip(n) {
			stmtsIdx = append(stmtsIdx, i)
		}
	}
	if len(stmtsIdx) < 2 {
		return
	}
	disp := fr.nodes[stmtsIdx[len(stmtsIdx)-1]]
	loop := fr.nodes[stmtsIdx[len(stmtsIdx)-2]]
	if disp.Op != ir.OpIf || disp.Sym != fr.b.Res.Sym() || fg.uses[disp.Sym] != 1 || fg.projs[disp.Sym] != nil || loop.Op != ir.OpWhile {
		return
	}
	if fg.exitDisp[loop.Sym] != nil {
		return
	}
	for _, b := range disp.Blocks {
		if !b.Res.IsConst() {
			return
		}
	}
	x := fg.exitLoopOf(loop)
	if x == nil || !disp.Args[0].IsSym() {
		return
	}
	// The code variable: read by the dispatch's condition only.
	cmp := fg.defOf(disp.Args[0])
	if cmp == nil || (cmp.Op != ir.OpEq && cmp.Op != ir.OpNe) || !fg.inlineIn(fr.b, cmp) {
		return
	}
	var v ir.Sym
	cond := []ir.Sym{cmp.Sym}
	for _, a := range cmp.Args {
		if g := fg.defOf(a); g != nil && g.Op == ir.OpVarGet && fg.inlineIn(fr.b, g) {
			v = g.Args[0].Sym()
			cond = append(cond, g.Sym)
		}
	}
	if v == 0 {
		return
	}
	if def := fg.g.Def(v); def == nil || def.Op != ir.OpVarNew {
		return
	}
	r := &exitReturn{code: v, leafs: map[*ir.Block]exitLeaf{}}
	sets := 0
	if !fg.exitLeaves(fg.g.Def(x.code), x.cont, r, &sets) {
		return
	}
	for _, u := range fg.varOps[v] {
		switch u.Op {
		case ir.OpVarGet:
			if u.Args[0].Sym() != v || !slicesContainsExp(cmp.Args, u.Sym.E()) {
				return
			}
		case ir.OpVarSet:
			sets--
		}
	}
	if sets != 0 {
		return
	}
	p := &exitDispatch{d: disp, leafs: map[*ir.Block]int64{}, outer: d, v: v, cond: cond}
	for b, l := range r.leafs {
		if _, ok := fg.decide(r, disp.Args[0], l.code); !ok {
			return
		}
		p.leafs[b] = l.code
		p.arms[fg.dispatchArm(p, l.code)]++
	}
	switch {
	case p.arms[0] > p.arms[1]:
		p.fall = 0
	case p.arms[1] > p.arms[0]:
		p.fall = 1
	case constInt(disp.Blocks[0].Res.Const()) == d.exit.cont:
		p.fall = 0
	default:
		p.fall = 1
	}
	if p.arms[p.fall] == 0 || p.arms[1-p.fall] > 1 {
		return // no exit falls, or the other arm would be written twice
	}
	if fg.exitDisp == nil {
		fg.exitDisp = map[ir.Sym]*exitDispatch{}
	}
	fg.exitDisp[loop.Sym] = p
	if fg.unwritten == nil {
		fg.unwritten = map[ir.Sym]bool{}
	} else {
		fg.unwritten = maps.Clone(fg.unwritten)
	}
	fg.unwritten[v] = true
	for _, u := range fg.varOps[v] {
		if u.Op == ir.OpVarSet {
			fg.unwritten[u.Sym] = true
		}
	}
}

func slicesContainsExp(l []ir.Exp, e ir.Exp) bool {
	for _, a := range l {
		if a == e {
			return true
		}
	}
	return false
}

// dispatchStmt writes inner loop n, whose exits dispatch in place, and
// the fall arm after it.
func (fg *funcGen) dispatchStmt(out *stmts, fr *frame, n *ir.Node, p *exitDispatch) {
	if _, ok := fr.loop(n); ok {
		panic("BUG: gogen: a loop written with exits has a for clause") // its body is empty
	}
	for _, s := range p.cond {
		fg.consumed[s] = true // decided by each exit
	}
	fg.stmt(out, n)
	fall := fg.block(p.d.Blocks[p.fall], p.outer)
	out.list = append(out.list, fall.list...)
	out.term = fall.term
}

// dispatchExit writes the exit of inner loop x with result res, whose
// block sets code k: a
// break when k chooses the fall arm, the other arm in place otherwise.
// It reports false when x does not dispatch in place.
func (fg *funcGen) dispatchExit(out *stmts, x *exitLoop, res ir.Exp) bool {
	p := x.disp
	if p == nil || constInt(res.Const()) == x.cont {
		return false
	}
	k, ok := p.leafs[x.leaf]
	if !ok {
		panic("BUG: gogen: an exit of a dispatching loop sets no code")
	}
	a := fg.dispatchArm(p, k)
	if a == p.fall {
		return false
	}
	arm := fg.block(p.d.Blocks[a], p.outer)
	out.list = append(out.list, arm.list...)
	out.term = arm.term
	return true
}

// exitLabel returns the label of loop x, for a break or continue from a
// loop nested in it.
func (fg *funcGen) exitLabel(x *exitLoop) string {
	if x.label == "" {
		fg.labels++
		x.label = "outer"
		if fg.labels > 1 {
			x.label += strconv.Itoa(fg.labels)
		}
	}
	return x.label
}

// nested reports whether the exit being written of loop x is inside
// another loop written with exits.
func (fg *funcGen) nested(x *exitLoop) bool {
	return len(fg.exitStack) > 0 && fg.exitStack[len(fg.exitStack)-1] != x
}

// labeled writes loop code s with x's label, if an exit used it.
func labeled(x *exitLoop, s jen.Code) jen.Code {
	if x.label == "" {
		return s
	}
	return jen.Id(x.label).Op(":").Line().Add(s)
}
