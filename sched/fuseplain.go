package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// FusePlain fuses two plain staged loops (W nodes, the for loops of the
// staging code) that run one after the other in a block with the same
// iterations: the second loop's body runs in the first's, after the first
// body, in the same iteration, and the second loop's induction variable
// reads become reads of the first's. A producer loop writing a
// temporary and a consumer loop reading it become one loop, in which
// Forward then replaces the reads of the temporary by the values stored
// (scalar replacement), and DeadArrays removes the temporary when nothing
// else reads it.
//
// Two loops L1 then L2 (the next loop of L1's block in the schedule)
// are fused when:
//
//   - both are counted with the same shape (ir.LoopInfo.Header: the same
//     entry, step and comparison, and bounds ir.Deps.SameBound proves
//     equal, such as len(u) for u := x[:n] and n), so they run the same
//     number of iterations; each body ends with the set of its induction
//     variable, and L2's variable is used only in L2, whose condition
//     writes nothing;
//   - a panic shows what Go shows: either L1 is hidden (it cannot panic,
//     every operation in it that may is an access ir.Deps.InRange proves
//     in range, and it is unobservable: it writes nothing but its own
//     variable, slices made in the graph with no other alias (local alias
//     sets) and local variables, prints nothing and allocates nothing), so
//     when L2 panics, the iterations of L1 the fused loop has not run could
//     not be seen, and L1 never panics first (nor hangs: the loops in it
//     are counted, and it calls no function); or L2 is hidden, so when L1
//     panics, the iterations of L2 the fused loop has already run (which
//     write only memory nobody sees after the panic) could not be seen,
//     and L2 never panics first (a consumer summing a temporary after a
//     producer reading x[i] for i < n with a staged n);
//   - the dependence test allows it (ir.Deps.FusionSafe): every element
//     both loops may touch, one of them writing it, is touched by L1 in
//     an iteration no later than L2's; variables written by one loop are
//     not used by the other; L1 and L2 touch the alias sets both use only
//     through element accesses directly in their bodies;
//   - no node scheduled between them depends on L1 (the fused loop runs
//     where L2 was).
//
// Each fusion is found on the schedule of the graph; a chain of loops is
// fused pairwise over at most maxPlainRounds rounds.
//
// Needs: a graph built by an ir.Builder, without loop nodes (after
// LowerLoops). Must run after: nothing; before Forward and DeadArrays,
// which remove the temporary, and DCE, which removes L2's variable.
func FusePlain(g *ir.Graph) *ir.Graph {
	for range maxPlainRounds {
		h := fusePlainOnce(g)
		if h == g {
			break
		}
		g = ir.DCE(h)
	}
	return g
}

// maxPlainRounds bounds the rounds of FusePlain, and maxPlainChecks the
// pairs of loops per round whose nodes it examines (each a walk over the
// graph).
const (
	maxPlainRounds = 4
	maxPlainChecks = 64
)

// sameShapes reports whether two counted loops of one block have the
// same shape: otherwise FusePlain has nothing to fuse and does not
// schedule the graph.
func sameShapes(g *ir.Graph) bool {
	d := ir.NewDeps(g)
	type shape struct {
		block      ir.Sym
		entry, bnd ir.Exp
		step       int64
		le         bool
	}
	var seen []shape
	for _, n := range g.Nodes {
		l := d.Loop(n.Sym)
		if l == nil {
			continue
		}
		h, ok := l.Header()
		if !ok {
			continue
		}
		x := shape{d.BlockOf(n.Sym), h.Entry, h.Bound, h.Step, h.Le}
		if slices.ContainsFunc(seen, func(y shape) bool {
			return y.block == x.block && ir.SameExp(y.entry, x.entry) && d.SameBound(y.bnd, x.bnd) && y.step == x.step && y.le == x.le
		}) {
			return true
		}
		seen = append(seen, x)
	}
	return false
}

// plainFusion is one pair of loops to fuse, by symbol.
type plainFusion struct {
	l1, l2     ir.Sym // the W nodes
	set1, set2 ir.Sym // the var_set of each induction variable
	v1, v2     ir.Sym // the induction variables
}

func fusePlainOnce(g *ir.Graph) *ir.Graph {
	if count(g, ir.OpWhile) < 2 || !sameShapes(g) {
		return g
	}
	s := Run(g, Options{NoCompact: true})
	og := s.Graph()
	d := ir.NewDeps(og)
	var plan []*plainFusion
	budget := maxPlainChecks
	og.Blocks(func(b *ir.Block) {
		nodes := s.Nodes(b)
		prev := -1
		for i, n := range nodes {
			if n.Op != ir.OpWhile {
				continue
			}
			if prev >= 0 && budget > 0 {
				if f := fusable(s, d, og, nodes, prev, i, &budget); f != nil {
					plan = append(plan, f)
					prev = -1
					continue
				}
			}
			prev = i
		}
	})
	if len(plan) == 0 {
		return g
	}
	first := map[ir.Sym]*plainFusion{}
	second := map[ir.Sym]*plainFusion{}
	v2 := map[ir.Sym]ir.Exp{} // L2's variable -> L1's at the start of the iteration
	skip := map[ir.Sym]bool{}
	for _, f := range plan {
		first[f.l1], second[f.l2] = f, f
		skip[f.set2] = true
	}
	t := &Transformer{}
	t.Rewrite = func(t *Transformer, n *ir.Node) (ir.Exp, bool) {
		b := t.b
		switch {
		case first[n.Sym] != nil || skip[n.Sym]:
			return b.Unit(), true
		case n.Op == ir.OpVarGet && n.Args[0].IsSym() && v2[n.Args[0].Sym()] != (ir.Exp{}):
			return v2[n.Args[0].Sym()], true
		case second[n.Sym] != nil:
			f := second[n.Sym]
			l1, l2 := t.old.Def(f.l1), t.old.Def(f.l2)
			b.While(func() ir.Exp { return t.Body(l1.Blocks[0])(nil) }, func() {
				for _, m := range t.s.Nodes(l1.Blocks[1]) {
					if m.Sym != f.set1 {
						t.node(m)
					}
				}
				// The read of L1's variable its set adds the step to (the
				// value at the start of the iteration) stands for every
				// read of L2's: the set runs last.
				v2[f.v2] = t.Exp(ivRead(t.old, f.set1))
				for _, m := range t.s.Nodes(l2.Blocks[1]) {
					t.node(m)
				}
				t.node(t.old.Def(f.set1))
			})
			return b.Unit(), true
		}
		return ir.Exp{}, false
	}
	return t.Transform(g)
}

// ivRead returns the read of an induction variable that its set, set,
// adds the step to (see ir/loops.go).
func ivRead(g *ir.Graph, set ir.Sym) ir.Exp {
	v := g.Def(set).Args[0]
	add := g.Def(g.Def(set).Args[1].Sym())
	for _, a := range add.Args {
		if !a.IsSym() {
			continue
		}
		if r := g.Def(a.Sym()); r != nil && r.Op == ir.OpVarGet && r.Args[0] == v {
			return a
		}
	}
	panic("BUG: sched: fuseplain: an induction variable's set reads no variable")
}

// count returns the number of nodes of op in g.
func count(g *ir.Graph, op ir.Op) int {
	k := 0
	for _, n := range g.Nodes {
		if n.Op == op {
			k++
		}
	}
	return k
}

// fusable returns the fusion of the loops nodes[i] and nodes[j] of one
// block, or nil if they may not be fused (see FusePlain).
func fusable(s *Schedule, d *ir.Deps, g *ir.Graph, nodes []*ir.Node, i, j int, budget *int) *plainFusion {
	w1, w2 := nodes[i], nodes[j]
	l1, l2 := d.Loop(w1.Sym), d.Loop(w2.Sym)
	if l1 == nil || l2 == nil {
		return nil
	}
	h1, ok1 := l1.Header()
	h2, ok2 := l2.Header()
	if !ok1 || !ok2 || !ir.SameExp(h1.Entry, h2.Entry) || h1.Step != h2.Step || !d.SameBound(h1.Bound, h2.Bound) || h1.Le != h2.Le {
		return nil
	}
	f := &plainFusion{l1: w1.Sym, l2: w2.Sym, set1: h1.Set, set2: h2.Set, v1: h1.Var, v2: h2.Var}
	if !endsWith(s.Nodes(w1.Blocks[1]), h1.Set) || !endsWith(s.Nodes(w2.Blocks[1]), h2.Set) {
		return nil
	}
	if len(w2.Blocks[0].Eff.Wkeys) > 0 {
		return nil
	}
	*budget--
	panics1, panics2 := false, false
	for _, n := range g.Nodes {
		if slices.Contains(n.Args, h2.Var.E()) && !d.Inside(n.Sym, l2) {
			return nil // L2's variable is used after it
		}
		if n.CanTrap() && !d.InRange(n) {
			panics1 = panics1 || d.Inside(n.Sym, l1)
			panics2 = panics2 || d.Inside(n.Sym, l2)
		}
	}
	// Either L1's iterations the fused loop has not run yet when L2
	// panics cannot be seen, and L1 never panics first; or L2's
	// iterations the fused loop has run when L1 panics cannot be seen,
	// and L2 never panics first.
	hidden := !panics1 && unobservable(g, w1, h1.Var) && ends(d, g, l1) ||
		!panics2 && unobservable(g, w2, h2.Var) && ends(d, g, l2)
	if !hidden || !accessesAllow(d, g, w1, w2, l1, l2) {
		return nil
	}
	after := map[ir.Sym]bool{w1.Sym: true}
	for _, n := range nodes[i+1 : j] {
		if dependsOn(n, after) {
			return nil
		}
	}
	return f
}

// endsWith reports whether the last node of a block's schedule is s.
func endsWith(nodes []*ir.Node, s ir.Sym) bool {
	return len(nodes) > 0 && nodes[len(nodes)-1].Sym == s
}

// unobservable reports whether loop w writes nothing but its variable v,
// slices made in g (local alias sets) and, in a graph without staged
// functions (which could capture them), variables made in g, and neither
// prints nor allocates: when the function panics, what w wrote cannot be
// seen.
func unobservable(g *ir.Graph, w *ir.Node, v ir.Sym) bool {
	for _, k := range w.Eff.Wkeys {
		switch {
		case k == ir.TRAP: // the caller checks whether w may panic
		case !k.IsSym():
			return false // CTRL, STORE
		case ir.Sym(k) == v:
		default:
			n := g.Def(ir.Sym(k))
			switch {
			case n != nil && n.Op == ir.OpSliceNew:
			case n != nil && n.Op == ir.OpVarNew && count(g, ir.OpLambda) == 0:
			default:
				return false // a heap class, or a variable a function may capture
			}
		}
	}
	return true
}

// ends reports whether every iteration of loop l ends: the loops nested
// in it are counted, and it calls no function (a hidden loop that hangs
// would hang where Go panics, or the reverse).
func ends(d *ir.Deps, g *ir.Graph, l *ir.LoopInfo) bool {
	for _, n := range g.Nodes {
		if !d.Inside(n.Sym, l) {
			continue
		}
		switch n.Op {
		case ir.OpApply, ir.OpCall:
			return false
		case ir.OpWhile:
			if x := d.Loop(n.Sym); x == nil || !x.Counted {
				return false
			}
		}
	}
	return true
}

// accessesAllow reports whether the keys both loops use (one of them
// writing) are alias sets both touch only through element accesses whose
// order fusion keeps.
func accessesAllow(d *ir.Deps, g *ir.Graph, w1, w2 *ir.Node, l1, l2 *ir.LoopInfo) bool {
	e1, e2 := w1.Eff, w2.Eff
	var shared []ir.Key
	for _, k := range e1.Wkeys {
		if k.IsSym() && (e2.Reads(k) || e2.Writes(k)) {
			shared = append(shared, k)
		}
	}
	for _, k := range e1.Rkeys {
		if k.IsSym() && e2.Writes(k) && !slices.Contains(shared, k) {
			shared = append(shared, k)
		}
	}
	if len(shared) == 0 {
		return true
	}
	var a1, a2 []*ir.Access
	for _, n := range g.Nodes {
		if len(n.Blocks) > 0 || n.Eff == nil {
			continue
		}
		in1, in2 := d.Inside(n.Sym, l1), d.Inside(n.Sym, l2)
		if !in1 && !in2 {
			continue
		}
		touches := slices.ContainsFunc(shared, func(k ir.Key) bool { return n.Eff.Reads(k) || n.Eff.Writes(k) })
		if !touches {
			continue
		}
		a := d.Of(n.Sym)
		if a == nil || a.Whole || (n.Op != ir.OpSliceGet && n.Op != ir.OpSliceSet) {
			return false // a variable, a copy, a call
		}
		if in1 {
			a1 = append(a1, a)
		} else {
			a2 = append(a2, a)
		}
	}
	for _, a := range a1 {
		for _, b := range a2 {
			if (a.Write || b.Write) && !d.FusionSafe(a, b, l1, l2) {
				return false
			}
		}
	}
	return true
}

// dependsOn reports whether n uses or depends on a symbol of set, and
// adds n to set if so.
func dependsOn(n *ir.Node, set map[ir.Sym]bool) bool {
	dep := slices.ContainsFunc(n.Args, func(e ir.Exp) bool { return e.IsSym() && set[e.Sym()] })
	if n.Eff != nil {
		dep = dep || slices.ContainsFunc(n.Eff.Hdeps, func(s ir.Sym) bool { return set[s] }) ||
			slices.ContainsFunc(n.Eff.Sdeps, func(s ir.Sym) bool { return set[s] })
	}
	if dep {
		set[n.Sym] = true
	}
	return dep
}
