package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file extends vertical fusion (loops_fuse.go) to a consumer that
// reads, at its own index, other Collects of its producer that grow in
// step with the one it runs over: a loop over a staged slice of structs
// runs over the slice of the first field and reads the others at its
// index (frontend/loops_struct.go). In the fused loop each such read is
// the value the producer has just yielded to that field's Collect, so
// the producer's results are no longer used and it dies; and the
// consumer's index, which it used only for those reads, need not be the
// producer's (a Filter of structs fuses too).
//
// Collect j is a sibling of Collect k, the one consumed, when in every
// block of the producer's body the yields to j and k alternate, j first
// and ending with k: ( j k )*, with no nested block yielding to either
// between a j and its k. Then the two collections have one length
// at every yield to k, and the element of j at the consumer's index is
// the last value yielded to j in the block of that yield to k.

// siblings returns the Collect generators of loop p that are siblings of
// Collect k.
func siblings(s *Schedule, p *ir.Node, k int) []int {
	l := p.Aux.(*ir.Loop)
	var sibs []int
	for j, g := range l.Gens {
		if j != k && g.Kind == ir.Collect && alternate(s, p.Blocks[0], p.Sym, j, k, false) {
			sibs = append(sibs, j)
		}
	}
	return sibs
}

// alternate reports whether, in block b and every block nested in it,
// the yields of loop to generators j and k follow the pattern ( j k )*,
// with no nested block yielding to either between a j and its k. With
// same, each k must yield what the j before it yielded.
func alternate(s *Schedule, b *ir.Block, loop ir.Sym, j, k int, same bool) bool {
	wantJ := true
	var last []ir.Exp
	for _, n := range s.Nodes(b) {
		for _, bb := range n.Blocks {
			if !alternate(s, bb, loop, j, k, same) {
				return false
			}
			if !wantJ && (yields(s, bb, loop, j) > 0 || yields(s, bb, loop, k) > 0) {
				return false
			}
		}
		if n.Op != ir.OpYield {
			continue
		}
		switch y := n.Aux.(ir.Yield); {
		case y.Loop != loop:
		case y.Gen == j:
			if !wantJ {
				return false
			}
			wantJ, last = false, n.Args
		case y.Gen == k:
			if wantJ || same && !slices.Equal(last, n.Args) {
				return false
			}
			wantJ = true
		}
	}
	return wantJ
}

// siblingRead returns the sibling generator of the consumer a whose
// result n reads at a's index, if n is such a read.
func siblingRead(g *ir.Graph, n *ir.Node, p ir.Sym, index ir.Sym, sibs []int) (int, bool) {
	if n.Op != ir.OpSliceGet || !n.Args[1].IsSym() || n.Args[1].Sym() != index || !n.Args[0].IsSym() {
		return 0, false
	}
	d := g.Def(n.Args[0].Sym())
	if d == nil || d.Op != ir.OpProj || !d.Args[0].IsSym() || d.Args[0].Sym() != p {
		return 0, false
	}
	l := g.Def(p).Aux.(*ir.Loop)
	for _, j := range sibs {
		if l.Result(j) == d.Aux.(int) {
			return j, true
		}
	}
	return 0, false
}

// usesIndex reports whether consumer c uses its index other than to read
// the results of the sibling generators sibs of its producer p.
func usesIndex(s *Schedule, g *ir.Graph, c *ir.Node, p ir.Sym, sibs []int) bool {
	index := c.Blocks[0].In[0]
	var used func(b *ir.Block) bool
	used = func(b *ir.Block) bool {
		if b.Res.IsSym() && b.Res.Sym() == index {
			return true
		}
		for _, n := range s.Nodes(b) {
			if _, ok := siblingRead(g, n, p, index, sibs); !ok &&
				slices.ContainsFunc(n.Args, func(a ir.Exp) bool { return a.IsSym() && a.Sym() == index }) {
				return true
			}
			if slices.ContainsFunc(n.Blocks, used) {
				return true
			}
		}
		return false
	}
	return used(c.Blocks[0])
}

// sibKey names the last value yielded to a sibling generator in a block.
type sibKey struct {
	block *ir.Block
	gen   int
}

// yieldSibling records the value x yielded to sibling generator gen of
// the producer of a by yield n.
func (fu *fuser) yieldSibling(a *vactive, n *ir.Node, gen int, x ir.Exp) {
	if a.vals == nil {
		a.vals = map[sibKey]ir.Exp{}
	}
	a.vals[sibKey{fu.blockOf[n.Sym], gen}] = x
}

// readSibling returns the value a read n of a sibling's result at the
// index of a consumer being fused stands for: the value just yielded to
// it.
func (fu *fuser) readSibling(t *Transformer, n *ir.Node) (ir.Exp, bool) {
	for i := len(fu.consuming) - 1; i >= 0; i-- {
		a := fu.consuming[i]
		j, ok := siblingRead(t.old, n, a.p.Sym, a.c.Blocks[0].In[0], a.sibs)
		if !ok {
			continue
		}
		x, ok := a.vals[sibKey{a.block, j}]
		if !ok {
			panic("BUG: sched: a sibling read with no value yielded before it in its block")
		}
		return x, true
	}
	return ir.Exp{}, false
}
