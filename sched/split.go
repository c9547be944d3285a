package sched

import (
	"github.com/lmsgen/lmsgen/ir"
)

// SplitConditionals is statement splitting, as the compiler tutorial's
// "Splitting and Combining Statements" states it: a conditional with
// several results (the variables its branches assign) is split into one
// conditional per result, optimistically assuming that only some are
// needed; DCE then removes the ones nothing needs (with what only they
// used: a staged variable assigned only from its own value is dead once
// its conditional is), and the survivors are merged back into one
// conditional.
//
//   - split: a result of a conditional whose value in each branch is a
//     constant, a value of the enclosing code or a read of one of its
//     variables that the branch does not write (nothing moves across an
//     effect or a trap) becomes a conditional of its own, c ? then :
//     else, which its projections use;
//   - DCE: a split conditional that is gone marks its result dead;
//   - merge: the original conditional is rebuilt without its dead
//     results (their projections, used only by dead code, become zero
//     constants), which is the merge of its surviving parts: they stay
//     one conditional, in its place, with what could not be split.
//
// Needs: a graph built by a Builder. Must run after: DCE (the results of
// conditionals that nothing uses are gone, so fewer are split). Must run
// before: DCE (the code only the dead results used is left to it).
func SplitConditionals(g *ir.Graph) *ir.Graph {
	whole := usedWhole(g)
	if !hasSplittable(g, whole) {
		return g
	}
	h, split := splitIfs(g, whole)
	if len(split) == 0 {
		return g
	}
	h = ir.DCE(h)
	keep := map[ir.Sym][]bool{} // conditional of g -> its live results
	for _, x := range split {
		if h.Def(x.sym) != nil {
			continue
		}
		k := keep[x.orig]
		if k == nil {
			k = make([]bool, len(g.TypeOf(x.orig.E()).Elems))
			for i := range k {
				k[i] = true
			}
			keep[x.orig] = k
		}
		k[x.k] = false
	}
	if len(keep) == 0 {
		return g
	}
	keepUsed(g, keep)
	return pruneIfs(g, keep, true)
}

// keepUsed keeps the results of g's conditionals that g still uses:
// DCE found a split result dead in the split graph, where the builder may
// have folded a use away (a conditional on c inside the branch of one on
// c takes that branch's value), but the results are pruned from g, where
// the use is still there (a conditional keeps every result it does not
// split). A result's projections may be used only by the results of
// branches that are pruned too; otherwise it is kept, to a fixpoint.
func keepUsed(g *ir.Graph, keep map[ir.Sym][]bool) {
	// Where each projection of a pruned result is used: the results of
	// branches (conditional, index) or anything else (a nil entry).
	type use struct {
		cond ir.Sym
		k    int
	}
	projOf := map[ir.Sym]use{} // projection -> its conditional and index
	for _, n := range g.Nodes {
		if n.Op == ir.OpProj && n.Args[0].IsSym() {
			if k, ok := keep[n.Args[0].Sym()]; ok && !k[n.Aux.(int)] {
				projOf[n.Sym] = use{n.Args[0].Sym(), n.Aux.(int)}
			}
		}
	}
	if len(projOf) == 0 {
		return
	}
	// branchRes maps a tuple that a conditional's branch results in to
	// that conditional.
	branchRes := map[ir.Sym]ir.Sym{}
	for _, n := range g.Nodes {
		if n.Op != ir.OpIf || n.Type.Kind != ir.KTuple {
			continue
		}
		for _, b := range n.Blocks {
			if r := tupleRes(g, b); r != nil {
				branchRes[r.Sym] = n.Sym
			}
		}
	}
	users := map[use][]*use{} // a pruned result -> the results using it (nil: other)
	note := func(x ir.Exp, by *use) {
		if x.IsSym() {
			if u, ok := projOf[x.Sym()]; ok {
				users[u] = append(users[u], by)
			}
		}
	}
	for _, n := range g.Nodes {
		c, isRes := branchRes[n.Sym]
		for j, a := range n.Args {
			if isRes {
				note(a, &use{c, j})
			} else {
				note(a, nil)
			}
		}
	}
	g.Blocks(func(b *ir.Block) { note(b.Res, nil) })
	for changed := true; changed; {
		changed = false
		for u, bys := range users {
			if keep[u.cond][u.k] {
				continue
			}
			for _, by := range bys {
				if by == nil || keep[by.cond] == nil || keep[by.cond][by.k] {
					keep[u.cond][u.k] = true
					changed = true
					break
				}
			}
		}
	}
}

// hasSplittable reports whether g has a splittable conditional.
func hasSplittable(g *ir.Graph, whole map[ir.Sym]bool) bool {
	for _, n := range g.Nodes {
		if splittable(g, n, whole) {
			return true
		}
	}
	return false
}

// splittable reports whether n is a conditional with several results,
// built as a tuple in both branches, used only through its projections
// (not whole: whole holds the symbols used otherwise, see usedWhole).
func splittable(g *ir.Graph, n *ir.Node, whole map[ir.Sym]bool) bool {
	return n.Op == ir.OpIf && n.Type.Kind == ir.KTuple && n.Args[0].IsSym() && !whole[n.Sym] &&
		tupleRes(g, n.Blocks[0]) != nil && tupleRes(g, n.Blocks[1]) != nil
}

// tupleRes returns the node of the tuple a block results in, or nil.
func tupleRes(g *ir.Graph, b *ir.Block) *ir.Node {
	if !b.Res.IsSym() {
		return nil
	}
	if n := g.Def(b.Res.Sym()); n != nil && n.Op == ir.OpTuple {
		return n
	}
	return nil
}

// splitRef is a result split off a conditional: result k of orig (a
// symbol of g), now the conditional sym of the new graph.
type splitRef struct {
	sym, orig ir.Sym
	k         int
}

// splitIfs splits the conditionals of g (whole: see usedWhole).
func splitIfs(g *ir.Graph, whole map[ir.Sym]bool) (*ir.Graph, []splitRef) {
	var refs []splitRef
	split := map[ir.Sym][]ir.Exp{} // conditional of g -> per result, its replacement (or the zero Exp)
	t := &Transformer{}
	t.Rewrite = func(t *Transformer, n *ir.Node) (ir.Exp, bool) {
		switch n.Op {
		case ir.OpIf:
			if !splittable(t.old, n, whole) {
				return ir.Exp{}, false
			}
			return t.splitIf(n, split, &refs)
		case ir.OpProj:
			if rs, ok := split[n.Args[0].Sym()]; ok && rs[n.Aux.(int)] != (ir.Exp{}) {
				return rs[n.Aux.(int)], true
			}
		}
		return ir.Exp{}, false
	}
	h := t.Transform(g)
	return h, refs
}

// splitIf rebuilds conditional n and splits off the results it can.
func (t *Transformer) splitIf(n *ir.Node, split map[ir.Sym][]ir.Exp, refs *[]splitRef) (ir.Exp, bool) {
	tt, te := tupleRes(t.old, n.Blocks[0]), tupleRes(t.old, n.Blocks[1])
	inThen, inElse := t.bound(n.Blocks[0]), t.bound(n.Blocks[1])
	var movable []int
	for k, et := range n.Type.Elems {
		if prunable(et) && t.movable(tt.Args[k], inThen) && t.movable(te.Args[k], inElse) {
			movable = append(movable, k)
		}
	}
	if len(movable) == 0 {
		return ir.Exp{}, false
	}
	r := t.rebuild(n)
	b := t.b
	c := t.Exp(n.Args[0])
	rs := make([]ir.Exp, len(n.Type.Elems))
	for _, k := range movable {
		x, y := tt.Args[k], te.Args[k]
		tb := b.Reify(nil, func([]ir.Exp) ir.Exp { return t.moved(x) })
		eb := b.Reify(nil, func([]ir.Exp) ir.Exp { return t.moved(y) })
		rs[k] = b.IfBlocks(c, n.Type.Elems[k], tb, eb)
		if rs[k].IsSym() {
			*refs = append(*refs, splitRef{sym: rs[k].Sym(), orig: n.Sym, k: k})
		}
		// Else the builder folded it (both branches give the same
		// constant, or the condition is one): the result is that
		// constant, live wherever its projections are, never pruned.
	}
	split[n.Sym] = rs
	return r, true
}

// prunable reports whether a dead result of type t can be removed: its
// projections are replaced by the zero constant of t.
func prunable(t *ir.Type) bool {
	switch t.Kind {
	case ir.KSlice, ir.KTuple, ir.KFunc, ir.KVoid:
		return false
	}
	return t.Kind != ir.KComplex64 && t.Kind != ir.KComplex128
}

// movable reports whether the value e of a result of a branch (whose
// symbols are in) can be computed by a conditional of its own, at the
// same place: it is a constant, a value of the enclosing code, or a read
// of a variable of the enclosing code that the branch does not write
// (read again there, with nothing in between).
func (t *Transformer) movable(e ir.Exp, in map[ir.Sym]bool) bool {
	if e.IsConst() || !in[e.Sym()] {
		return true
	}
	if !t.reads(e) {
		return false
	}
	v := t.old.Def(e.Sym()).Args[0]
	return v.IsSym() && !in[v.Sym()] && !in[writer(v.Sym())]
}

// writer names, in the set bound, the variable v written in a block: see
// bound.
func writer(v ir.Sym) ir.Sym { return -1 - v }

// reads reports whether e is a read of a variable.
func (t *Transformer) reads(e ir.Exp) bool {
	if !e.IsSym() {
		return false
	}
	n := t.old.Def(e.Sym())
	return n != nil && n.Op == ir.OpVarGet
}

// moved returns the new value of a movable e: a read of a variable is
// made again.
func (t *Transformer) moved(e ir.Exp) ir.Exp {
	if t.reads(e) {
		return t.b.ReadVar(t.Exp(t.old.Def(e.Sym()).Args[0]))
	}
	return t.Exp(e)
}

// bound returns the symbols defined inside block b of the old graph (its
// nodes and theirs, its inputs), in its schedule.
func (t *Transformer) bound(b *ir.Block) map[ir.Sym]bool {
	in := map[ir.Sym]bool{}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for _, s := range b.Bound() {
			in[s] = true
		}
		for _, n := range t.s.Nodes(b) {
			in[n.Sym] = true
			if n.Op == ir.OpVarSet && n.Args[0].IsSym() {
				in[writer(n.Args[0].Sym())] = true
			}
			if n.Op != ir.OpVarSet && !n.IsPure() {
				// A call or a loop may write any variable it
				// names: nothing read here moves.
				for _, k := range n.Eff.Wkeys {
					if k.IsSym() {
						in[writer(ir.Sym(k))] = true
					}
				}
			}
			for _, nb := range n.Blocks {
				walk(nb)
			}
		}
	}
	walk(b)
	return in
}
