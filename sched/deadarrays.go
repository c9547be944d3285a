package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// DeadArrays removes the slices made in the graph that are never read:
// a slice_new that cannot panic (constant length and capacity, or
// capacity equal to a length that is the len of another slice) whose
// only uses are stores into it, len and cap, is removed with its stores
// when every store provably stays in bounds (a constant index, or an
// index affine in the counters of loops with known trip counts, by
// ir.Deps.Range; or ir.Deps.InRange) and runs only inside counted loops
// (ir.Loop.Counted: loops that end). len and cap become the made
// length and capacity. A loop left with no
// effect but on its own variables is then removed by DCE; a loop that may
// not end keeps its stores, and so its slice.
//
// Needs: a graph built by an ir.Builder (after Forward, which removes the
// loads it can). Must run after: dce, which removes the loops and values
// the stores leave unused.
func DeadArrays(g *ir.Graph) *ir.Graph {
	dead := deadArrays(g)
	if len(dead) == 0 {
		return g
	}
	t := &Transformer{}
	t.Rewrite = func(t *Transformer, n *ir.Node) (ir.Exp, bool) {
		b := t.b
		if n.Op == ir.OpSliceNew && dead[n.Sym] {
			return b.NilSlice(n.Type), true // no use is left
		}
		if len(n.Args) == 0 || !n.Args[0].IsSym() || !dead[n.Args[0].Sym()] {
			return ir.Exp{}, false
		}
		s := n.Args[0].Sym()
		switch n.Op {
		case ir.OpSliceSet:
			return b.Unit(), true
		case ir.OpSliceLen, ir.OpSliceCap:
			k := 0
			if n.Op == ir.OpSliceCap {
				k = 1
			}
			return t.old.Def(s).Args[k], true
		}
		panic("BUG: sched: a dead array is used by " + n.Op.String())
	}
	return t.Transform(g)
}

// deadArrays returns the slice_new nodes DeadArrays removes.
func deadArrays(g *ir.Graph) map[ir.Sym]bool {
	cand := map[ir.Sym]bool{}
	for _, n := range g.Nodes {
		if n.Op != ir.OpSliceNew {
			continue
		}
		if cannotPanicMake(g, n) {
			cand[n.Sym] = true
		}
	}
	if len(cand) == 0 {
		return nil
	}
	var d *ir.Deps
	stores := map[ir.Sym][]*ir.Node{}
	use := func(e ir.Exp, ok bool) {
		if e.IsSym() && !ok {
			delete(cand, e.Sym())
		}
	}
	for _, n := range g.Nodes {
		for i, a := range n.Args {
			switch {
			case n.Op == ir.OpSliceSet && i == 0, n.Op == ir.OpSliceLen, n.Op == ir.OpSliceCap:
				if a.IsSym() && cand[a.Sym()] {
					stores[a.Sym()] = append(stores[a.Sym()], n)
				}
				use(a, true)
			default:
				use(a, false)
			}
		}
	}
	g.Blocks(func(b *ir.Block) { use(b.Res, false) })
	var out []ir.Sym
	for s := range cand {
		out = append(out, s)
	}
	slices.Sort(out)
	dead := map[ir.Sym]bool{}
	for _, s := range out {
		if d == nil {
			d = ir.NewDeps(g)
		}
		if inBounds(d, g, s, stores[s]) {
			dead[s] = true
		}
	}
	return dead
}

// inBounds reports whether every store into the slice s stays in bounds
// and runs only in counted loops.
func inBounds(d *ir.Deps, g *ir.Graph, s ir.Sym, uses []*ir.Node) bool {
	n := int64(-1)
	if c := g.Def(s).Args[0].Const(); c != nil {
		n = int64(c.Val.(int))
	}
	for _, u := range uses {
		if u.Op != ir.OpSliceSet {
			continue
		}
		a := d.Of(u.Sym)
		if a == nil || !a.Affine || a.Root != s.E() {
			return false
		}
		for _, l := range a.Loops {
			if !l.Counted {
				return false
			}
		}
		if u.Args[0] == s.E() && d.InRange(u) {
			continue
		}
		lo, hi, ok := d.Range(a.Sub)
		if !ok || lo < 0 || hi >= n {
			return false
		}
	}
	return true
}

// cannotPanicMake reports whether the slice_new n cannot panic: its
// length and capacity are constants with 0 ≤ length ≤ capacity, or its
// capacity is its length and that is the len of a slice (never negative;
// the elements are taken to fit in memory as the other slice's do).
func cannotPanicMake(g *ir.Graph, n *ir.Node) bool {
	l, c := n.Args[0].Const(), n.Args[1].Const()
	if l != nil && c != nil && l.Type == ir.Int && c.Type == ir.Int {
		lv, cv := l.Val.(int), c.Val.(int)
		return lv >= 0 && lv <= cv
	}
	if !n.Args[0].IsSym() || n.Args[0] != n.Args[1] {
		return false
	}
	m := g.Def(n.Args[0].Sym())
	return m != nil && m.Op == ir.OpSliceLen
}
