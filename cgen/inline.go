package cgen

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file decides which nodes of a block are written inline at their
// single use. The schedule's compact traverser proposes them for Go, which
// evaluates the calls of an expression from left to right. C does not: the
// operands of an operator and the arguments of a call are unsequenced, so
// two calls with effects, or a call with effects and a read or a trap, or
// two traps (whose order decides which panic is reported), must not be
// operands of one expression unless one contains the other (an operand is
// evaluated before its operator). Where they would be, the earlier of the
// two in the schedule's order is written as a statement instead, which is
// always correct: it only moves its evaluation back to its place in the
// schedule.

// frame is a block being written.
type frame struct {
	nodes []*ir.Node
	id    int32
	saved []savedInline
}

type savedInline struct {
	s     ir.Sym
	frame int32
	done  bool
}

// enter starts writing block b and decides which of its nodes are inline.
func (fn *fnGen) enter(b *ir.Block) *frame {
	sg := fn.sg
	nodes := sg.s.Nodes(b)
	sg.frames++
	fr := &frame{nodes: nodes, id: sg.frames}
	n := len(nodes)
	pos := make(map[ir.Sym]int32, n)
	inl := make([]bool, n)
	for i, nd := range nodes {
		pos[nd.Sym] = int32(i)
		inl[i] = sg.s.Inlined(b, nd.Sym) && fn.canInline(nd)
	}
	// parent[i] is the node whose argument node i is (-1: the block's
	// result; -2: none, or more than one use).
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = -2
	}
	use := func(s ir.Sym, user int32) {
		if j, ok := pos[s]; ok {
			if parent[j] == -2 {
				parent[j] = user
			} else {
				inl[j] = false
			}
		}
	}
	for i, nd := range nodes {
		if nd.Op == ir.OpForward {
			continue
		}
		for _, x := range nd.Args {
			if x.IsSym() {
				use(x.Sym(), int32(i))
			}
		}
	}
	if b.Res.IsSym() {
		use(b.Res.Sym(), -1)
	}
	for i := range inl {
		if parent[i] == -2 {
			inl[i] = false
		}
	}
	limitSize(inl, parent) // first: it bounds the walks of orderForC
	orderForC(nodes, inl, parent)
	for i, nd := range nodes {
		if inl[i] {
			fr.saved = append(fr.saved, savedInline{nd.Sym, sg.inline[nd.Sym], sg.done[nd.Sym]})
			sg.inline[nd.Sym] = fr.id
			sg.done[nd.Sym] = false
		}
	}
	fn.frame = append(fn.frame, fr.id)
	return fr
}

// leave ends the block of fr.
func (fn *fnGen) leave(fr *frame) {
	for i := len(fr.saved) - 1; i >= 0; i-- {
		sv := fr.saved[i]
		fn.sg.inline[sv.s], fn.sg.done[sv.s] = sv.frame, sv.done
	}
	fn.frame = fn.frame[:len(fn.frame)-1]
}

// isInline reports whether s is written inline in the block being written.
func (fn *fnGen) isInline(s ir.Sym) bool {
	return len(fn.frame) > 0 && fn.sg.inline[s] == fn.frame[len(fn.frame)-1]
}

// canInline reports whether n may be written as an expression at its use.
func (fn *fnGen) canInline(n *ir.Node) bool {
	sg := fn.sg
	if len(n.Blocks) > 0 || n.Type == ir.Void || sg.uses[n.Sym] != 1 || sg.captured[n.Sym] || sg.packed(n) {
		return false
	}
	if n.Type.Kind == ir.KTuple && n.Op != ir.OpTuple {
		return false
	}
	switch n.Op {
	case ir.OpVarNew, ir.OpForward, ir.OpStatic, ir.OpSliceNew, ir.OpLambda:
		return false
	}
	return true
}

// effect classes, for the bool operators (see fnGen.safe).
const (
	effWrite = 1 << iota // a call with effects, or a node that writes
	effRead              // reads memory
	effTrap              // may panic
)

func cEffect(n *ir.Node) int {
	e := 0
	if n.Op == ir.OpApply && !n.Eff.IsEmpty() || n.Eff != nil && len(n.Eff.Wkeys) > 0 {
		e |= effWrite
	}
	if n.Eff != nil && len(n.Eff.Rkeys) > 0 {
		e |= effRead
	}
	if n.CanTrap() {
		e |= effTrap
	}
	return e
}

// sensitive reports whether the order of n with other operands of its
// expression may matter: it reads, writes or may panic.
func sensitive(n *ir.Node) bool {
	return n.CanTrap() || !n.Eff.IsEmpty() && len(n.Eff.Rkeys)+len(n.Eff.Wkeys) > 0
}

// conflict reports whether x and y may not be evaluated in either order:
// one writes what the other reads or writes (output and panics are the
// effects on CTRL, which a node that may panic reads), or both may panic
// (the first decides the message).
func conflict(x, y *ir.Node) bool {
	if x.CanTrap() && y.CanTrap() {
		return true
	}
	var xr, xw, yr, yw []ir.Key
	if x.Eff != nil {
		xr, xw = x.Eff.Rkeys, x.Eff.Wkeys
	}
	if y.Eff != nil {
		yr, yw = y.Eff.Rkeys, y.Eff.Wkeys
	}
	if x.CanTrap() {
		xr = append(xr[:len(xr):len(xr)], ir.CTRL)
	}
	if y.CanTrap() {
		yr = append(yr[:len(yr):len(yr)], ir.CTRL)
	}
	return meet(xw, yr) || meet(xw, yw) || meet(yw, xr)
}

// meet reports whether two lists of keys have one in common.
func meet(a, b []ir.Key) bool {
	for _, k := range a {
		for _, l := range b {
			if k == l {
				return true
			}
		}
	}
	return false
}

// orderForC un-inlines, in one block, every inline node that would be
// unsequenced with a conflicting inline node of the same expression (one
// that is neither its ancestor nor its descendant). It walks the block
// backwards, so that every kept node is checked against the kept nodes
// after it (its ancestors among them are exempt); the earlier node of a
// conflicting pair is the one written as a statement. Expressions are
// bounded (limitSize), so the pairs of one expression are few.
func orderForC(nodes []*ir.Node, inl []bool, parent []int32) {
	n := len(nodes)
	kept := make([][]int32, n+1) // per root (n: the block's result), the kept sensitive nodes
	var anc []int32
	for i := n - 1; i >= 0; i-- {
		if !inl[i] || !sensitive(nodes[i]) {
			continue
		}
		anc = anc[:0]
		p := parent[i]
		for p >= 0 && inl[p] {
			anc = append(anc, p)
			p = parent[p]
		}
		root := p
		if root < 0 {
			root = int32(n)
		}
		ok := true
		for _, j := range kept[root] {
			if !slices.Contains(anc, j) && conflict(nodes[i], nodes[j]) {
				ok = false
				break
			}
		}
		if !ok {
			inl[i] = false
			continue
		}
		kept[root] = append(kept[root], int32(i))
	}
}

// maxExpr bounds the number of nodes written as one expression: a chain of
// single uses (an unrolled sum) would otherwise become one expression as
// deep as the chain, which is unreadable, costs quadratic time to write,
// and strains C compilers.
const maxExpr = 64

// limitSize un-inlines nodes so that no expression has more than maxExpr
// nodes: walking the block in order (operands before their users), an
// operand that would make its user's expression too large is written as a
// statement instead.
func limitSize(inl []bool, parent []int32) {
	acc := make([]int32, len(inl)) // sizes of the inline operands so far
	for i := range inl {
		size := 1 + acc[i]
		if p := parent[i]; inl[i] && p >= 0 {
			if acc[p]+size+1 > maxExpr {
				inl[i] = false
			} else {
				acc[p] += size
			}
		}
	}
}
