package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// DeadStores removes a store to an element of a local slice that a later
// store in the same block overwrites before anything may read it. The
// slice is one made in the graph with a constant length (slice_new), and
// the store is into it directly at a constant index in range, so the
// store cannot panic; its alias set is the slice's own (it has not
// escaped), so nothing outside the graph sees the element, even after a
// panic. Between the two stores (in schedule order in their block), no
// node reads the set except loads of other constant elements, and no
// node writes it other than by element stores (an escape, a copy or a
// call ends the search).
//
// Needs: Forward's graph (its loads are gone, so fewer stores are read).
// Must run after: DeadArrays (a slice left with stores only is removed)
// and DCE.
func DeadStores(g *ir.Graph) *ir.Graph {
	if !slices.ContainsFunc(g.Nodes, func(n *ir.Node) bool { return n.Op == ir.OpSliceNew }) {
		return g
	}
	var dead map[ir.Sym]bool
	t := &Transformer{}
	t.Rewrite = func(t *Transformer, n *ir.Node) (ir.Exp, bool) {
		if dead == nil {
			dead = deadStores(t.s)
		}
		if dead[n.Sym] {
			return t.b.Unit(), true
		}
		return ir.Exp{}, false
	}
	h := t.Transform(g)
	if len(dead) == 0 {
		return g // keep the graph and its symbols
	}
	return h
}

// deadStores finds the stores DeadStores removes, block by block.
func deadStores(s *Schedule) map[ir.Sym]bool {
	g := s.Graph()
	dead := map[ir.Sym]bool{}
	// local returns the key and index of a store that cannot panic into
	// a slice_new of constant length, or false.
	local := func(n *ir.Node) (ir.Key, int, bool) {
		if n.Op != ir.OpSliceSet || n.Eff == nil || n.Args[0].IsConst() {
			return 0, 0, false
		}
		m := g.Def(n.Args[0].Sym())
		k, ok := ir.ObjectKey(n.Eff.Wkeys)
		if m == nil || m.Op != ir.OpSliceNew || !ok || k != ir.SymKey(m.Sym) {
			return 0, 0, false
		}
		l, i := m.Args[0].Const(), n.Args[1].Const()
		if l == nil || i == nil || l.Type != ir.Int || i.Type != ir.Int {
			return 0, 0, false
		}
		if iv := i.Val.(int); iv >= 0 && iv < l.Val.(int) {
			return k, iv, true
		}
		return 0, 0, false
	}
	type elem struct {
		k ir.Key
		i int
	}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		open := map[elem]ir.Sym{} // element -> last store, not read since
		closeKey := func(k ir.Key) {
			for e := range open {
				if e.k == k {
					delete(open, e)
				}
			}
		}
		for _, n := range s.Nodes(b) {
			for _, c := range n.Blocks {
				walk(c)
			}
			if k, i, ok := local(n); ok {
				if prev, found := open[elem{k, i}]; found {
					dead[prev] = true
				}
				open[elem{k, i}] = n.Sym
				continue
			}
			if n.Eff == nil || len(open) == 0 {
				continue
			}
			if n.Op == ir.OpSliceGet && n.Args[1].IsConst() && n.Args[1].Const().Type == ir.Int && n.Args[0].IsSym() && g.Def(n.Args[0].Sym()) != nil && g.Def(n.Args[0].Sym()).Op == ir.OpSliceNew {
				if k, ok := ir.ObjectKey(n.Eff.Rkeys); ok {
					delete(open, elem{k, n.Args[1].Const().Val.(int)})
					continue
				}
			}
			if n.Op == ir.OpSliceSet {
				// A store elsewhere reads nothing; its own set is all it
				// writes (unless the value escapes: then it writes more).
				if _, ok := ir.ObjectKey(n.Eff.Wkeys); ok && !slices.ContainsFunc(n.Eff.Rkeys, ir.Key.IsSym) {
					continue
				}
			}
			for _, k := range n.Eff.Rkeys {
				closeKey(k)
			}
			for _, k := range n.Eff.Wkeys {
				closeKey(k)
			}
		}
	}
	walk(g.Block)
	return dead
}
