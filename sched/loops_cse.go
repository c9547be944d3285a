package sched

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file is CSE of whole collections: two Collect generators of one
// loop that yield the same values in the same order build equal slices
// (two identical Fills or Maps, fused horizontally into one loop, whose
// bodies the builder's CSE made one). The loop is rebuilt with the first
// of them only, and the second's result is the first's slice, when that
// sharing cannot be seen: neither slice is written, returned, stored,
// appended to, sub-sliced or passed anywhere; each is only read (its
// elements, its length and capacity, a loop over it). A Reduce's or a
// Bucket's results are left alone: they are combined in blocks of their
// own.

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
		if l.Gens[k].Kind != ir.Collect || !onlyRead(t.old, n.Sym, l.Result(k)) {
			continue
		}
		for j := range k {
			if keep[j] == j && l.Gens[j].Kind == ir.Collect && l.Gens[j].Elem == l.Gens[k].Elem &&
				onlyRead(t.old, n.Sym, l.Result(j)) && alternate(t.s, n.Blocks[0], n.Sym, j, k, true) {
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
