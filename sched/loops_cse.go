package sched

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file is CSE of generators: two generators of one loop, of one
// kind and type, that are given the same values in the same order and
// combine them the same way compute the same results (two identical
// Fills, Maps, Reduces or GroupBys, fused horizontally into one loop,
// whose bodies the builder's CSE made one). The loop is rebuilt with the
// first of them only, and the second's results are the first's:
//
//   - Collect: the yields alternate, with the same value; the sharing of
//     the slice cannot be seen: neither slice is written, returned,
//     stored, appended to, sub-sliced or passed anywhere; each is only
//     read (its elements, its length and capacity, a loop over it).
//   - Reduce: the same initial value, the yields alternate with the same
//     value, and the combining blocks are the same up to their inputs
//     (sameBlock: one pure operator at each step, on the same operands;
//     an operator that may panic panics in the first one first, so
//     dropping the second changes no panic). The result is a value: no
//     aliasing.
//   - Bucket: the yields alternate with the same key and value, the
//     combining blocks are the same, and both keys and values are only
//     read, as a Collect's slice.

// sameGens returns, for loop n, keep[k] = the earlier generator whose
// slice generator k's is the same as (k itself if none), or nil if there
// is no such pair.
func (fu *fuser) sameGens(t *Transformer, n *ir.Node) []int {
	l := n.Aux.(*ir.Loop)
	if len(l.Gens) < 2 {
		return nil
	}
	keep := make([]int, len(l.Gens))
	found := false
	for k := range keep {
		keep[k] = k
		if !fu.shareable(t, n, k) {
			continue
		}
		for j := range k {
			if keep[j] == j && fu.sameGen(t, n, j, k) {
				keep[k], found = j, true
				break
			}
		}
	}
	if !found {
		return nil
	}
	fu.changed = true
	return keep
}

// shareable reports whether generator k of loop n may give its results
// to another generator's: a Reduce always, a Collect or a Bucket if its
// slices are only read.
func (fu *fuser) shareable(t *Transformer, n *ir.Node, k int) bool {
	l := n.Aux.(*ir.Loop)
	switch l.Gens[k].Kind {
	case ir.Collect:
		return onlyRead(t.old, n.Sym, l.Result(k))
	case ir.Bucket:
		return onlyRead(t.old, n.Sym, l.Result(k)) && onlyRead(t.old, n.Sym, l.Result(k)+1)
	}
	return true
}

// sameGen reports whether generators j < k of loop n, both shareable,
// compute the same results (see the file comment).
func (fu *fuser) sameGen(t *Transformer, n *ir.Node, j, k int) bool {
	l := n.Aux.(*ir.Loop)
	gj, gk := l.Gens[j], l.Gens[k]
	if gj.Kind != gk.Kind || gj.Elem != gk.Elem || gj.Key != gk.Key || !fu.shareable(t, n, j) {
		return false
	}
	if gj.Kind == ir.Reduce && !sameExp(n.Args[l.ZeroArg(j)], n.Args[l.ZeroArg(k)]) {
		return false
	}
	if gj.Combines() && !sameBlock(t.s, n.Blocks[l.CombineBlock(j)], n.Blocks[l.CombineBlock(k)]) {
		return false
	}
	return alternate(t.s, n.Blocks[0], n.Sym, j, k, true)
}

// sameBlock reports whether blocks a and b compute the same result from
// the same inputs: the same number of nodes in schedule order, each of
// one pure operator (it may panic), type and aux on the same operands
// (a's own symbols standing for b's), nested blocks alike, and the same
// result.
func sameBlock(s *Schedule, a, b *ir.Block) bool {
	return sameBlockIn(s, a, b, map[ir.Sym]ir.Sym{})
}

func sameBlockIn(s *Schedule, a, b *ir.Block, m map[ir.Sym]ir.Sym) bool {
	if len(a.In) != len(b.In) {
		return false
	}
	m[a.Ein] = b.Ein
	for i, x := range a.In {
		m[x] = b.In[i]
	}
	same := func(x, y ir.Exp) bool {
		if x.IsSym() {
			if z, ok := m[x.Sym()]; ok {
				return y.IsSym() && y.Sym() == z
			}
		}
		return sameExp(x, y)
	}
	na, nb := s.Nodes(a), s.Nodes(b)
	if len(na) != len(nb) {
		return false
	}
	for i, x := range na {
		y := nb[i]
		if x.Op != y.Op || x.Type != y.Type || x.Aux != y.Aux || x.Op.Info().Effect != ir.Pure ||
			x.Eff != nil && !trapOnly(x) || y.Eff != nil && !trapOnly(y) ||
			len(x.Args) != len(y.Args) || len(x.Blocks) != len(y.Blocks) {
			return false
		}
		for j := range x.Args {
			if !same(x.Args[j], y.Args[j]) {
				return false
			}
		}
		for j := range x.Blocks {
			if !sameBlockIn(s, x.Blocks[j], y.Blocks[j], m) {
				return false
			}
		}
		m[x.Sym] = y.Sym
	}
	return same(a.Res, b.Res)
}

// onlyRead reports whether result r of loop is only read: each use of
// its projections is an element read, len, cap, or the slice a loop runs
// over.
func onlyRead(g *ir.Graph, loop ir.Sym, r int) bool {
	proj := map[ir.Sym]bool{}
	for _, m := range g.Nodes {
		if isProjOf(g, m.Sym, loop) && m.Aux.(int) == r {
			proj[m.Sym] = true
		}
	}
	if len(proj) == 0 {
		return false
	}
	ok := true
	for _, m := range g.Nodes {
		for i, a := range m.Args {
			if !a.IsSym() || !proj[a.Sym()] {
				continue
			}
			switch {
			case m.Op == ir.OpSliceGet && i == 0, m.Op == ir.OpSliceLen, m.Op == ir.OpSliceCap:
			case m.Op == ir.OpLoop && i == 1 && m.Aux.(*ir.Loop).Src:
			default:
				ok = false
			}
		}
	}
	g.Blocks(func(b *ir.Block) {
		if b.Res.IsSym() && proj[b.Res.Sym()] {
			ok = false
		}
	})
	return ok
}
