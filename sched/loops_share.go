package sched

import "github.com/lmsgen/lmsgen/ir"

// This file finds the Bucket generators of a loop that can share their
// keys when the loop is lowered (loops_lower.go): several GroupBys of one
// collection by one key, fused into one loop, search the key once per
// element instead of once per GroupBy; and, when their combines cannot
// fail, update all their values under one test of whether the key is new
// (joinBuckets).

// shareBuckets returns, for each generator of loop n, the generator
// whose keys it uses: itself, or, for a Bucket that has a single yield,
// the first Bucket whose single yield is in the same block with a key
// of the same value. Two such Buckets see the same keys in the same order on every
// run, so one search and one slice of keys serve both.
func shareBuckets(s *Schedule, n *ir.Node) []int {
	l := n.Aux.(*ir.Loop)
	lead := make([]int, len(l.Gens))
	at := yieldsAt(s, n)
	// The loop writes nothing but its yields: a read in its body gives
	// the same value wherever it is.
	quiet := effectFree(n)
	for k := range lead {
		lead[k] = k
		if at[k].count != 1 {
			continue
		}
		for j := range k {
			if lead[j] == j && at[j].count == 1 && samePath(s.Graph(), at[j].path, at[k].path, quiet) &&
				sameValue(s.Graph(), at[j].key, at[k].key, quiet, 8) && l.Gens[j].Key == l.Gens[k].Key {
				lead[k] = j
				break
			}
		}
	}
	return lead
}

// yieldAt is where the yields to a generator of a loop are: the count of
// them and, for the last one in schedule order, the path from the loop's
// body to its block, its key and its position among the body's yields to
// Buckets in schedule order.
type yieldAt struct {
	path  []branch
	key   ir.Exp
	count int
	pos   int
}

// yieldsAt returns where the yields to each Bucket of loop n are.
func yieldsAt(s *Schedule, n *ir.Node) []yieldAt {
	l := n.Aux.(*ir.Loop)
	at := make([]yieldAt, len(l.Gens))
	pos := 0
	var walk func(b *ir.Block, path []branch)
	walk = func(b *ir.Block, path []branch) {
		for _, m := range s.Nodes(b) {
			if m.Op == ir.OpYield {
				if y := m.Aux.(ir.Yield); y.Loop == n.Sym && l.Gens[y.Gen].Kind == ir.Bucket {
					at[y.Gen] = yieldAt{path: path, key: m.Args[0], count: at[y.Gen].count + 1, pos: pos}
					pos++
				}
			}
			for k, bb := range m.Blocks {
				if m.Op == ir.OpIf {
					walk(bb, append(path[:len(path):len(path)], branch{m.Args[0], k}))
				} else {
					walk(bb, append(path[:len(path):len(path)], branch{k: -1}))
				}
			}
		}
	}
	walk(n.Blocks[0], nil)
	return at
}

// joinBuckets returns, for each leading Bucket of loop n that shares its
// keys with others (lead as shareBuckets gives it), the generator whose
// yield is the group's last in schedule order if the group can be lowered
// as one update, else -1 (also for the other generators). A group can
// when its values are of basic types and no combine of it can fail or
// has an effect: the earlier yields of the group then keep their values
// in variables, and the last one searches the key once and folds them
// all under one test of whether the key is new. Their yields run on the
// same iterations (shareBuckets: conditionals on the same values), and
// moving a fold that cannot fail to a later point of the same iteration
// changes nothing the program sees (the values are read after the loop).
func joinBuckets(s *Schedule, n *ir.Node, lead []int) []int {
	l := n.Aux.(*ir.Loop)
	at := yieldsAt(s, n)
	last := make([]int, len(lead))
	for k := range last {
		last[k] = -1
	}
	for k, j := range lead {
		if l.Gens[k].Kind != ir.Bucket || groupSize(lead, j) < 2 {
			continue
		}
		if k == j {
			last[j] = k
			if !basic(l.Gens[k].Elem) || !safeCombine(s, n.Blocks[l.CombineBlock(k)]) {
				last[j] = -2
			}
			continue
		}
		if last[j] < 0 {
			continue // refused already
		}
		if !basic(l.Gens[k].Elem) || !safeCombine(s, n.Blocks[l.CombineBlock(k)]) {
			last[j] = -2 // refused: the group keeps one test per yield
			continue
		}
		if at[k].pos > at[last[j]].pos {
			last[j] = k
		}
	}
	for k := range last {
		if last[k] < 0 {
			last[k] = -1
		}
	}
	return last
}

// safeCombine reports whether a combining block cannot fail and has no
// effect: pure operators that cannot panic, no nested blocks.
func safeCombine(s *Schedule, b *ir.Block) bool {
	for _, m := range s.Nodes(b) {
		info := m.Op.Info()
		if info.Effect != ir.Pure || info.CanTrap || len(m.Blocks) > 0 {
			return false
		}
	}
	return true
}

// resultUsed reports whether result r of loop loop is used in g (through
// its projection; a loop with one result is its result).
func resultUsed(g *ir.Graph, loop ir.Sym, r int) bool {
	if len(g.Def(loop).Aux.(*ir.Loop).Results()) == 1 {
		return true
	}
	for _, m := range g.Nodes {
		if m.Op == ir.OpProj && m.Aux.(int) == r && m.Args[0].IsSym() && m.Args[0].Sym() == loop {
			return true
		}
	}
	return false
}

// sameValue reports whether expressions x and y of g have the same value
// wherever both are computed in one block: the same symbol or constant,
// or nodes of one pure operator (or, if reads is true, one that reads
// memory nothing writes) on arguments of the same values, up to depth.
func sameValue(g *ir.Graph, x, y ir.Exp, reads bool, depth int) bool {
	if sameExp(x, y) {
		return true
	}
	if !x.IsSym() || !y.IsSym() || depth == 0 {
		return false
	}
	a, b := g.Def(x.Sym()), g.Def(y.Sym())
	if a == nil || b == nil || a.Op != b.Op || a.Type != b.Type || a.Aux != b.Aux ||
		len(a.Blocks)+len(b.Blocks) > 0 || len(a.Args) != len(b.Args) {
		return false
	}
	switch info := a.Op.Info(); {
	case info.Effect == ir.Pure:
	case info.Effect == ir.Read && reads && a.Op != ir.OpVarGet:
	default:
		return false
	}
	for i := range a.Args {
		if !sameValue(g, a.Args[i], b.Args[i], reads, depth-1) {
			return false
		}
	}
	return true
}

// branch is a step from a block into a nested one: branch k of a
// conditional on cond, or (k < 0) the block of any other node.
type branch struct {
	cond ir.Exp
	k    int
}

// samePath reports whether the blocks at the ends of paths p and q (from
// one block) run on the same executions: both through branches of
// conditionals on the same values.
func samePath(g *ir.Graph, p, q []branch, reads bool) bool {
	if len(p) != len(q) {
		return false
	}
	for i := range p {
		if p[i].k < 0 || p[i].k != q[i].k || !sameValue(g, p[i].cond, q[i].cond, reads, 8) {
			return false
		}
	}
	return true
}

// basic reports whether t is a basic type (zero has its zero constant).
func basic(t *ir.Type) bool { return t.Kind >= ir.KBool && t.Kind <= ir.KString }
