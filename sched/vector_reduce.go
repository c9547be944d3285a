package sched

import "github.com/lmsgen/lmsgen/ir"

// This file finds the reduce packs of Vectorize: a pairwise tree of + of
// depth log2(W) over W values that pack into one vector (lane j the j-th
// leaf, left to right) is written as that vector and the sum of its
// lanes in the same tree. The sums of a reassociated reduction (RelaxFP,
// -fp=relaxed) have this shape; the vector code adds the same numbers in
// the same order as the scalar code, so a reduce pack is bit-exact.

// reductions tries every + of block b as the root of a reduction tree.
func (v *vec) reductions(b *ir.Block) {
	for _, n := range v.nodes[b] {
		w := Width(n.Type)
		if n.Op != ir.OpAdd || w == 0 || v.out.of[n.Sym] != nil || v.place[n.Sym].count != 1 {
			continue
		}
		inner, leaves := v.tree(n, w)
		if inner == nil {
			continue
		}
		v.growReduce(inner, leaves)
	}
}

// tree returns the + nodes of the pairwise tree of w leaves rooted at
// root, in post-order, and its leaves left to right, or nil: every inner
// node is a + of root's type placed once in root's block, used only by
// its parent, and not packed yet.
func (v *vec) tree(root *ir.Node, w int) (inner []*ir.Node, leaves []ir.Exp) {
	b := v.place[root.Sym].block
	var walk func(e ir.Exp, width int) bool
	walk = func(e ir.Exp, width int) bool {
		if width == 1 {
			leaves = append(leaves, e)
			return true
		}
		if !e.IsSym() {
			return false
		}
		d := v.g.Def(e.Sym())
		if d == nil || d.Op != ir.OpAdd || d.Type != root.Type || d != root && v.uses[d.Sym] != 1 ||
			v.place[d.Sym].block != b || v.place[d.Sym].count != 1 || v.out.of[d.Sym] != nil {
			return false
		}
		if !walk(d.Args[0], width/2) || !walk(d.Args[1], width/2) {
			return false
		}
		inner = append(inner, d)
		return true
	}
	if !walk(root.Sym.E(), w) {
		return nil, nil
	}
	return inner, leaves
}

// growReduce builds the packs of the leaves of a reduction tree and its
// reduce pack, and keeps them if they are valid.
func (v *vec) growReduce(inner []*ir.Node, leaves []ir.Exp) bool {
	v.tent, v.tentOf, v.tentLn, v.failed = nil, map[ir.Sym]*Pack{}, map[ir.Sym]int32{}, false
	a, ok := v.operand(leaves)
	if !ok || a.Pack == nil {
		return false
	}
	p := v.newPack(PackReduce, inner, inner[len(inner)-1].Type)
	p.Args = []PackArg{a}
	return v.keep()
}
