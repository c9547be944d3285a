package sched

import "github.com/lmsgen/lmsgen/ir"

// BoundsChecks rebuilds the slice accesses whose index ir.Deps.InRange
// proves inside the slice (an induction variable of a counted loop below
// the slice's length, plus a constant that keeps it there; or a subscript
// whose range, from constant trip counts, is inside a constant length)
// with ir.Builder.IndexInRange and SetIndexInRange, and the slicings
// s[0:hi] whose hi ir.Deps.SliceInRange proves at most len(s) with
// ir.Builder.SliceInRange: they cannot trap, so the C output writes them
// without a bounds check, and an unused one dies. An access not proved
// keeps its check, so an input that panicked still panics the same way.
//
// Needs: a graph built by an ir.Builder. Must run after: the passes
// that rebuild graphs through a Transformer (which would build the
// accesses with their checks again); DCE then removes the reads left
// unused, which are no longer effects.
func BoundsChecks(g *ir.Graph) *ir.Graph {
	var d *ir.Deps
	proved := map[ir.Sym]bool{}
	for _, n := range g.Nodes {
		if !n.CanTrap() {
			continue
		}
		switch n.Op {
		case ir.OpSliceGet, ir.OpSliceSet, ir.OpSliceSub, ir.OpStrSlice, ir.OpFieldGet, ir.OpFieldSet:
		default:
			continue
		}
		if d == nil {
			d = ir.NewDeps(g)
		}
		if d.InRange(n) || d.SliceInRange(n) {
			proved[n.Sym] = true
		}
	}
	if len(proved) == 0 {
		return g
	}
	t := &Transformer{Rewrite: func(t *Transformer, n *ir.Node) (ir.Exp, bool) {
		if !proved[n.Sym] {
			return ir.Exp{}, false
		}
		b := t.Builder()
		switch n.Op {
		case ir.OpSliceGet:
			return b.IndexInRange(t.Exp(n.Args[0]), t.Exp(n.Args[1])), true
		case ir.OpSliceSub, ir.OpStrSlice:
			return b.SliceInRange(t.Exp(n.Args[0]), t.Exp(n.Args[1]), t.Exp(n.Args[2])), true
		case ir.OpFieldGet:
			return b.FieldGetInRange(t.Exp(n.Args[0]), t.Exp(n.Args[1]), n.Aux.(ir.FieldSel)), true
		case ir.OpFieldSet:
			b.FieldSetInRange(t.Exp(n.Args[0]), t.Exp(n.Args[1]), n.Aux.(ir.FieldSel), t.Exp(n.Args[2]))
			return b.Unit(), true
		}
		b.SetIndexInRange(t.Exp(n.Args[0]), t.Exp(n.Args[1]), t.Exp(n.Args[2]))
		return b.Unit(), true
	}}
	return t.Transform(g)
}
