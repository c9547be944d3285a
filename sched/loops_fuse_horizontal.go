package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is horizontal loop fusion (see loops_fuse.go): two loops
// over the same range, neither reading what the other writes, become one
// loop, and the conditions under which they may.

// fuseHorizontal builds loops l1 and l2 (of the same size, l2 later in
// the same block) as one loop, here, where l1 was; l2 is replaced by its
// results when the transformer reaches it.
func (fu *fuser) fuseHorizontal(t *Transformer, l1, l2 *ir.Node) ir.Exp {
	fu.changed = true
	b := t.Builder()
	a1, a2 := l1.Aux.(*ir.Loop), l2.Aux.(*ir.Loop)
	var src *ir.Exp
	if a1.Src {
		s := t.Exp(l1.Args[1])
		src = &s
	}
	gens := append(t.LoopGens(l1), t.LoopGens(l2)...)
	loop := b.Loop(t.Exp(l1.Args[0]), src, gens, func(s ir.Sym, in []ir.Exp) {
		fu.remap[l1.Sym] = remapping{loop: s, gens: offsetGens(len(a1.Gens), 0)}
		fu.remap[l2.Sym] = remapping{loop: s, gens: offsetGens(len(a2.Gens), len(a1.Gens))}
		t.Body(l1.Blocks[0])(in)
		t.Body(l2.Blocks[0])(in)
	})
	n1 := len(a1.Results())
	results := func(lo, hi int) ir.Exp {
		var rs []ir.Exp
		for r := lo; r < hi; r++ {
			rs = append(rs, b.LoopResult(loop, r))
		}
		if len(rs) == 0 {
			return b.Unit()
		}
		return b.Tuple(rs...)
	}
	fu.done[l2.Sym] = results(n1, n1+len(a2.Results()))
	return results(0, n1)
}

// effectFree reports whether loop n writes nothing but its yields (no
// output, trap or variable).
func effectFree(n *ir.Node) bool { return n.Eff == nil || len(n.Eff.Wkeys) == 0 }

func intersects(a, b []ir.Key) bool {
	return slices.ContainsFunc(a, func(k ir.Key) bool { return slices.Contains(b, k) })
}

// sameRange reports whether loops l1 and l2 run over the same range
// (the same size, over the same slice or over none).
func sameRange(l1, l2 *ir.Node) bool {
	a1, a2 := l1.Aux.(*ir.Loop), l2.Aux.(*ir.Loop)
	if a1.Src != a2.Src || !sameExp(l1.Args[0], l2.Args[0]) {
		return false
	}
	return !a1.Src || sameExp(l1.Args[1], l2.Args[1])
}

func sameExp(x, y ir.Exp) bool {
	if x.IsSym() || y.IsSym() {
		return x.IsSym() && y.IsSym() && x.Sym() == y.Sym()
	}
	return x.Const() == y.Const() // constants are interned
}

// blocked reports whether horizontal fusion of l1 with the later l2 is
// blocked: l2 uses l1's results (directly or through a projection), or a
// node between them writes what l2 reads (l2 moves up to l1).
func (fu *fuser) blocked(t *Transformer, l1, l2 *ir.Node) bool {
	g := t.old
	results := []ir.Sym{l1.Sym}
	for _, n := range g.Nodes[fu.pos[l1.Sym]+1:] {
		if isProjOf(g, n.Sym, l1.Sym) {
			results = append(results, n.Sym)
		}
	}
	for _, r := range results {
		for _, a := range l2.Args {
			if a.IsSym() && a.Sym() == r {
				return true
			}
		}
		for _, b := range l2.Blocks {
			if uses(t.s, b, r) {
				return true
			}
		}
	}
	return fu.writesBetween(g, l1, l2, l2.Eff)
}

func isProjOf(g *ir.Graph, s, loop ir.Sym) bool {
	d := g.Def(s)
	return d != nil && d.Op == ir.OpProj && d.Args[0].IsSym() && d.Args[0].Sym() == loop
}

// writesBetween reports whether a node after a and before b (in node
// order, which keeps the order of effects) writes a key eff reads.
func (fu *fuser) writesBetween(g *ir.Graph, a, b *ir.Node, eff *ir.EffectSummary) bool {
	if eff == nil || len(eff.Rkeys) == 0 {
		return false
	}
	lo, hi := fu.pos[a.Sym], fu.pos[b.Sym]
	if lo > hi {
		lo, hi = hi, lo
	}
	for _, n := range g.Nodes[lo+1 : hi] {
		if n.Eff == nil {
			continue
		}
		for _, k := range n.Eff.Wkeys {
			if slices.Contains(eff.Rkeys, k) {
				return true
			}
		}
	}
	return false
}
