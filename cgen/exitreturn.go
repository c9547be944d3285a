package cgen

import (
	"strconv"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a return from inside a loop written with exits
// (exitloop.go) as a plain return, as gogen's exitreturn.go does for Go.
// The frontend stages a return inside a staged loop as an exit: before
// leaving, the loop sets a code variable, and the statements after the
// loop choose what to return by that code:
//
//	for (;;) { ...; if (m == 0) { x8 = 6; x9 = 0; } ...; if (x9 != 5) break; }
//	if (x8 == 4) { r = (T){sum, skipped}; } else { r = (T){0, -1}; }
//	return r;
//
// When everything after the loop only reads variables and chooses by the
// code, each exit knows what the function returns, and returns it there:
//
//	while (i < n) { ...; if (m == 0) { return (T){0, -1}; } ... }
//	return (T){sum, skipped};
//
// It qualifies when the loop is the last loop of a function body and the
// nodes after it are variable reads, comparisons, conditionals, tuples and
// projections; the code variable is read only there and set to a constant
// in every block that leaves the loop, once, and nowhere else; and the
// code each exit sets decides every conditional after the loop, down to a
// result made of constants, variables and values named before the loop.
// A variable read after the loop holds at the exit the value it has after
// the loop: nothing runs between the exit and the end of the loop.

// exitRet is how the exits of a loop return.
type exitRet struct {
	v       ir.Sym          // the code variable (its var_new)
	tail    map[ir.Sym]bool // the nodes after the loop, in its blocks too: not written
	before  map[ir.Sym]bool // the values named before the loop that the tail may read
	res     ir.Exp          // the function's result
	cur     int64           // the code the exit being written set
	haveCur bool
}

// tailOps are the operations the nodes after a loop whose exits return
// may have.
var tailOps = map[ir.Op]bool{ir.OpVarGet: true, ir.OpEq: true, ir.OpNe: true, ir.OpIf: true, ir.OpTuple: true, ir.OpProj: true}

// planReturns finds whether the last loop of function body b (whose
// scheduled nodes are nodes) returns from its exits, and if so records it
// in fn.rets and drops its code variable.
func (fn *fnGen) planReturns(b *ir.Block, nodes []*ir.Node) {
	j := -1
	for i := len(nodes) - 1; i >= 0; i-- {
		if nodes[i].Op == ir.OpWhile && !fn.skip(nodes[i]) {
			j = i
			break
		}
	}
	if j < 0 || !b.Res.IsSym() {
		return
	}
	x := fn.exitLoopOf(nodes[j])
	if x == nil {
		return
	}
	r := &exitRet{tail: map[ir.Sym]bool{}, before: map[ir.Sym]bool{}, res: b.Res}
	reads := map[ir.Sym]int{} // variable -> its reads in the tail
	if !fn.tailNodes(nodes[j+1:], r, reads) {
		return
	}
	for _, s := range b.In {
		r.before[s] = true
	}
	for _, m := range nodes[:j] {
		if m.Op == ir.OpVarNew || !fn.skip(m) && len(m.Blocks) == 0 {
			r.before[m.Sym] = true
		}
	}
	// The exits and the code each sets.
	var leaves []*ir.Block
	fn.exitLeaves(x, x.code, &leaves)
	if len(leaves) == 0 {
		return
	}
	v := ir.Sym(0)
	for _, m := range fn.sg.s.Nodes(leaves[0]) {
		if m.Op == ir.OpVarSet && m.Args[1].IsConst() && fn.g.TypeOf(m.Args[1]).IsInteger() && reads[m.Args[0].Sym()] > 0 {
			if v != 0 {
				return
			}
			v = m.Args[0].Sym()
		}
	}
	if v == 0 || !r.before[v] || fn.sg.captured[v] || int(fn.sg.varReads[v]) != reads[v] {
		return
	}
	r.v = v
	sets := 0
	codes := make([]int64, len(leaves))
	for i, l := range leaves {
		k := 0
		for _, m := range fn.sg.s.Nodes(l) {
			if m.Op == ir.OpVarSet && m.Args[0].Sym() == v {
				if !m.Args[1].IsConst() {
					return
				}
				codes[i] = exitCode(m.Args[1].Const())
				k++
			}
		}
		if k != 1 {
			return
		}
		sets += k
	}
	if sets != fn.sg.varSets(v) {
		return
	}
	for _, c := range codes {
		if _, ok := fn.tailValue(r, r.res, c, false); !ok {
			return
		}
	}
	if fn.rets == nil {
		fn.rets, fn.dropped = map[ir.Sym]*exitRet{}, map[ir.Sym]bool{}
	}
	fn.rets[nodes[j].Sym] = r
	fn.dropped[v] = true
}

// tailNodes checks the nodes after the loop, and those of their blocks,
// records them in r.tail and counts their reads of variables.
func (fn *fnGen) tailNodes(nodes []*ir.Node, r *exitRet, reads map[ir.Sym]int) bool {
	for _, m := range nodes {
		if !tailOps[m.Op] || fn.sg.packed(m) || fn.sg.captured[m.Sym] {
			return false
		}
		r.tail[m.Sym] = true
		if m.Op == ir.OpVarGet {
			reads[m.Args[0].Sym()]++
		}
		for _, b := range m.Blocks {
			if !fn.tailNodes(fn.sg.s.Nodes(b), r, reads) {
				return false
			}
		}
	}
	return true
}

// exitLeaves appends the branches of exit tree n of x that leave the loop.
func (fn *fnGen) exitLeaves(x *exitLoop, n *ir.Node, out *[]*ir.Block) {
	for _, b := range n.Blocks {
		if b.Res.IsConst() {
			if exitCode(b.Res.Const()) != x.cont {
				*out = append(*out, b)
			}
			continue
		}
		fn.exitLeaves(x, fn.g.Def(b.Res.Sym()), out)
	}
}

// varSets returns the number of var_set nodes of variable v.
func (sg *specGen) varSets(v ir.Sym) int {
	k := 0
	for _, m := range sg.g.Nodes {
		if m != nil && m.Op == ir.OpVarSet && m.Args[0].IsSym() && m.Args[0].Sym() == v {
			k++
		}
	}
	return k
}

// exitSet writes nothing for var_set n when it sets the code variable of
// the innermost loop whose exits return, and records the code.
func (fn *fnGen) exitSet(n *ir.Node) bool {
	if len(fn.exits) == 0 {
		return false
	}
	r := fn.exits[len(fn.exits)-1].ret
	if r == nil || n.Args[0].Sym() != r.v {
		return false
	}
	r.cur, r.haveCur = exitCode(n.Args[1].Const()), true
	return true
}

// exitResult writes the exit code res of the innermost loop with exits:
// nothing when it runs the loop again, a break or a return when it leaves.
// It reports whether the code leaves.
func (fn *fnGen) exitResult(res ir.Exp) bool {
	x := fn.exits[len(fn.exits)-1]
	if !res.IsConst() {
		panic("BUG: cgen: the exit code " + res.String() + " is not a constant")
	}
	if exitCode(res.Const()) == x.cont {
		return false
	}
	if r := x.ret; r != nil {
		if !r.haveCur {
			panic("BUG: cgen: an exit of a loop whose exits return sets no code")
		}
		r.haveCur = false
		fn.returnEarly(fn.exitValue(r, r.cur).s)
		return true
	}
	x.breaks++
	fn.line("break;")
	return true
}

// exitValue writes what the function returns when its loop leaves with
// code c.
func (fn *fnGen) exitValue(r *exitRet, c int64) cx {
	v, ok := fn.tailValue(r, r.res, c, true)
	if !ok {
		panic("BUG: cgen: the result after a loop is not decided by its exit code")
	}
	return v.cx(fn)
}

// tval is a value computed after a loop, for one exit code: a constant
// known here (known), a tuple of values (parts), or a C expression.
type tval struct {
	x      cx
	known  bool
	k      uint64
	parts  []tval
	typ    *ir.Type
	isPart bool
}

// cx returns the C expression of v.
func (v tval) cx(fn *fnGen) cx {
	if !v.isPart {
		return v.x
	}
	ps := make([]string, len(v.parts))
	for i, p := range v.parts {
		ps[i] = p.cx(fn).s
	}
	return cx{s: "(" + fn.fl.ctype(v.typ) + "){" + strings.Join(ps, ", ") + "}", prim: true}
}

// tailValue computes e after the loop of r when its code variable holds
// c; write says to write the C expressions (else it only checks).
func (fn *fnGen) tailValue(r *exitRet, e ir.Exp, c int64, write bool) (tval, bool) {
	if k := e.Const(); k != nil {
		v := tval{}
		if t := k.Type; t.IsInteger() {
			v.known, v.k = true, func() uint64 { b, _ := constBits(k); return b }()
		} else if t.Kind == ir.KBool {
			v.known = true
			if k.Val.(bool) {
				v.k = 1
			}
		}
		if write {
			v.x = fn.fl.constant(k)
		}
		return v, true
	}
	s := e.Sym()
	if !r.tail[s] {
		if !r.before[s] || fn.sg.isVar(s) {
			return tval{}, false
		}
		if write {
			return tval{x: fn.ref(e)}, true
		}
		return tval{}, true
	}
	n := fn.g.Def(s)
	a := n.Args
	switch n.Op {
	case ir.OpVarGet:
		v := a[0].Sym()
		if v == r.v {
			return tval{known: true, k: uint64(c), x: cx{s: strconv.FormatInt(c, 10), prim: c >= 0}}, true
		}
		if !r.before[v] && fn.capName[v] == "" {
			return tval{}, false
		}
		if write {
			return tval{x: cx{s: fn.varLvalue(v), prim: true}}, true
		}
		return tval{}, true
	case ir.OpEq, ir.OpNe:
		x, ok1 := fn.tailValue(r, a[0], c, write)
		y, ok2 := fn.tailValue(r, a[1], c, write)
		if !ok1 || !ok2 || !x.known || !y.known {
			return tval{}, false
		}
		eq := x.k == y.k
		if n.Op == ir.OpNe {
			eq = !eq
		}
		v := tval{known: true, x: cx{s: "false", prim: true}}
		if eq {
			v.k, v.x.s = 1, "true"
		}
		return v, true
	case ir.OpIf:
		cond, ok := fn.tailValue(r, a[0], c, write)
		if !ok || !cond.known {
			return tval{}, false
		}
		b := n.Blocks[1]
		if cond.k != 0 {
			b = n.Blocks[0]
		}
		return fn.tailValue(r, b.Res, c, write)
	case ir.OpTuple:
		v := tval{isPart: true, typ: n.Type, parts: make([]tval, len(a))}
		for i, x := range a {
			p, ok := fn.tailValue(r, x, c, write)
			if !ok {
				return tval{}, false
			}
			v.parts[i] = p
		}
		return v, true
	case ir.OpProj:
		t, ok := fn.tailValue(r, a[0], c, write)
		if !ok {
			return tval{}, false
		}
		i := n.Aux.(int)
		if t.isPart {
			return t.parts[i], true
		}
		if write {
			return tval{x: cx{s: t.x.paren() + ".r" + strconv.Itoa(i), prim: true}}, true
		}
		return tval{}, true
	}
	return tval{}, false
}
