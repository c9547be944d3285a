package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is loop fusion, the compiler tutorial's rules ("Loop Fusion
// and Deforestation") on loop nodes (ir/loop.go):
//
//   - vertical, consuming a Bucket's keys: loops_fuse_bucket.go.
//   - vertical, consuming a Collect: a loop over the result x1 of a
//     Collect of loop P becomes a loop of P's size whose body is P's body
//     with each yield x1 <- v replaced by the consumer's body on v (and
//     P's other yields dropped). Substituting v for x1(i) removes the
//     consumer's reference to x1; P, if nothing else uses it, dies. The
//     consumer may be any loop over x1 (a Collect, a Reduce, a Bucket:
//     Map, Filter, Sum, Reduce, GroupBy); if it uses its index, the
//     Collect must yield exactly once per iteration, at the top of P's
//     body, so that the indices agree.
//   - horizontal: two loops of the same size (over the same slice, or
//     over none) in one block become one loop computing the results of
//     both, their bodies one after the other; CSE, as the builder rebuilds
//     the bodies together, shares what both compute.
//   - DCE of generators: a loop some of whose results are unused is
//     rebuilt without their generators (the intermediate collections that
//     horizontal fusion would otherwise keep building).
//   - CSE of generators: two Collects of one loop that build equal slices,
//     only read, are one (loops_cse.go).
//   - a consumer over a staged slice of structs reads the other fields at
//     its index: in the fused loop they are the values just yielded to
//     their Collects (loops_fuse_siblings.go).
//
// Fusion never changes what the program observably does: a loop that is
// moved or run again has no effect but its yields (no output, no trap, no
// variable), and nothing between the two writes what it reads. One more
// case keeps the first panic: a producer that may trap (and does nothing
// else) is replaced by the fused loop when its consumer has no effect, is
// its only user, is in the same block, and nothing between them prints or
// may trap. A cutoff on the size of the fused body prevents code explosion
// (a consumer is copied once per yield of the producer: FlatMap's
// fixed-size arrays).
//
// Each round is one Transformer pass; rounds alternate vertical and
// horizontal fusion until neither changes anything (the rebuilt bodies
// are re-optimized by the builder in the next round: nested fusion).

// fuseCutoff bounds the number of nodes a fused loop's body may have,
// against code explosion. Vertical fusion copies the consumer's body at
// each yield of the producer, so it fuses only when the producer's nodes
// plus (its yields to the consumed generator) × (the consumer's nodes)
// are at most fuseCutoff; horizontal fusion, when the two loops' nodes
// add up to at most fuseCutoff. Nodes count nested blocks' (a combining
// block's too). testdata/fusion/rules.txtar in package frontend has a
// kernel on each side of it: CutUnder (9 copies, 396 nodes, fused) and
// CutOver (10 copies, 440, two loops).
const fuseCutoff = 400

// maxFuseRounds bounds the rounds of FuseLoops.
const maxFuseRounds = 12

// FuseLoops is the loop fusion phase.
//
// Needs: a graph built by ir.Builder, with loop nodes. Must run before:
// LowerLoops (it matches loop nodes), after the frontend's smart
// constructors (which have already rewritten len of an exact Collect).
func FuseLoops(g *ir.Graph) *ir.Graph {
	quiet := 0 // rounds in a row that changed nothing
	for round := 0; round < maxFuseRounds && quiet < 2 && HasLoops(g); round++ {
		fu := &fuser{vertical: round%2 == 0}
		h := (&Transformer{Rewrite: fu.rewrite}).Transform(g)
		if !fu.changed {
			quiet++
			continue
		}
		g, quiet = h, 0
	}
	return g
}

// fuser is the state of one round of fusion.
type fuser struct {
	vertical bool // this round fuses vertically (else horizontally)
	planned  bool
	changed  bool
	pos      map[ir.Sym]int // node -> index in the old graph's Nodes

	consumers map[ir.Sym]vplan     // vertical: consumer -> its producer
	absorbed  map[ir.Sym]bool      // vertical: producers the fused loop replaces
	blockOf   map[ir.Sym]*ir.Block // the block each node is scheduled in
	active    map[ir.Sym]*vactive  // vertical: producer -> the consumer fused into it, while its body is rebuilt
	partners  map[ir.Sym][]ir.Sym  // horizontal: first loop -> later loops of the same size in its block
	done      map[ir.Sym]ir.Exp    // horizontal: a later loop fused into an earlier one -> its results
	remap     map[ir.Sym]remapping // horizontal: old loop -> new loop and generator offset
	keyed     map[ir.Sym]ir.Exp    // vertical: a consumer fused into a Bucket's keys -> the key of the yield being consumed
	consuming []*vactive           // vertical: the consumers whose bodies are being rebuilt, innermost last
}

type vplan struct {
	p      *ir.Node
	gen    int
	absorb bool  // p may trap: the fused loop replaces it (see producer)
	sibs   []int // the siblings of gen (loops_fuse_siblings.go)
	keyed  bool  // gen is a Bucket whose keys c runs over (loops_fuse_bucket.go)
}

type vactive struct {
	c, p  *ir.Node
	gen   int
	index ir.Exp // the fused loop's index
	sibs  []int
	vals  map[sibKey]ir.Exp // the last value yielded to each sibling, by block
	block *ir.Block         // the block of the yield to gen being consumed
	keyed bool              // gen is a Bucket: c runs on its key (loops_fuse_bucket.go)
	key   ir.Exp            // keyed: the key of the yield being consumed
}

// remapping sends the yields of an old loop to a new one: gens[k] is the
// new generator of old generator k (-1: dropped).
type remapping struct {
	loop ir.Sym
	gens []int
}

func offsetGens(n, off int) []int {
	gens := make([]int, n)
	for k := range gens {
		gens[k] = off + k
	}
	return gens
}

func (fu *fuser) rewrite(t *Transformer, n *ir.Node) (ir.Exp, bool) {
	if !fu.planned {
		fu.plan(t)
	}
	switch n.Op {
	case ir.OpYield:
		y := n.Aux.(ir.Yield)
		if a := fu.active[y.Loop]; a != nil {
			switch {
			case y.Gen == a.gen && a.keyed:
				a.key = t.Exp(n.Args[0])
				fu.keyed[a.c.Sym] = a.key
				fu.consume(t, a, a.key)
				delete(fu.keyed, a.c.Sym)
			case y.Gen == a.gen:
				a.block = fu.blockOf[n.Sym]
				fu.consume(t, a, t.Exp(n.Args[0]))
			case slices.Contains(a.sibs, y.Gen):
				fu.yieldSibling(a, n, y.Gen, t.Exp(n.Args[0]))
			}
			return t.Builder().Unit(), true
		}
		if key, ok := fu.keyed[y.Loop]; ok {
			// The consumer's yield, in a keyed fusion: by the key.
			t.Builder().Yield(t.LoopSym(y.Loop), 0, key, t.Exp(n.Args[0]))
			return t.Builder().Unit(), true
		}
		if r, ok := fu.remap[y.Loop]; ok {
			if k := r.gens[y.Gen]; k >= 0 {
				t.Builder().Yield(r.loop, k, t.Exps(n.Args)...)
			}
			return t.Builder().Unit(), true
		}
	case ir.OpSliceGet:
		if len(fu.consuming) > 0 {
			if x, ok := fu.readSibling(t, n); ok {
				return x, true
			}
		}
	case ir.OpLoop:
		if fu.absorbed[n.Sym] {
			return fu.absorb(t, n), true
		}
		if vp, ok := fu.consumers[n.Sym]; ok && vp.keyed {
			return fu.fuseBucket(t, vp, n), true
		}
		if vp, ok := fu.consumers[n.Sym]; ok {
			return fu.fuseVertical(t, vp, n), true
		}
		if e, ok := fu.done[n.Sym]; ok {
			return e, true
		}
		for _, l2 := range fu.partners[n.Sym] {
			if _, fused := fu.done[l2]; !fused && fu.available(t, t.old.Def(l2)) {
				return fu.fuseHorizontal(t, n, t.old.Def(l2)), true
			}
		}
		if live := fu.liveGens(t, n); live != nil {
			keep := make([]int, len(live))
			for k, ok := range live {
				keep[k] = -1
				if ok {
					keep[k] = k
				}
			}
			return fu.dropGens(t, n, keep), true
		}
		if keep := fu.sameGens(t, n); keep != nil {
			return fu.dropGens(t, n, keep), true
		}
	}
	return ir.Exp{}, false
}

// liveGens returns which generators of loop n have a used result, or nil
// if all have (the common case). The old graph has been through DCE, so
// a projection of a result is in it only if it is used.
func (fu *fuser) liveGens(t *Transformer, n *ir.Node) []bool {
	l := n.Aux.(*ir.Loop)
	if len(l.Results()) < 2 {
		return nil
	}
	live := make([]bool, len(l.Gens))
	used := make([]bool, len(l.Results()))
	for _, m := range t.old.Nodes[fu.pos[n.Sym]+1:] {
		if isProjOf(t.old, m.Sym, n.Sym) {
			used[m.Aux.(int)] = true
		} else if slices.ContainsFunc(m.Args, func(a ir.Exp) bool { return a.IsSym() && a.Sym() == n.Sym }) {
			return nil // the tuple itself is used
		}
	}
	var sub ir.Exp
	if t.old.Block.Res.IsSym() {
		sub = t.old.Block.Res
	}
	if sub.IsSym() && sub.Sym() == n.Sym {
		return nil
	}
	all := true
	for k, g := range l.Gens {
		r := l.Result(k)
		live[k] = used[r] || g.Kind == ir.Bucket && used[r+1]
		all = all && live[k]
	}
	if all {
		return nil
	}
	return live
}

// dropGens rebuilds loop n with only the generators k that keep[k] is k
// (DCE of the generators of a loop whose other results are used: the
// intermediate collections fusion leaves behind; CSE of generators,
// loops_cse.go). A dropped result that nothing uses (keep[k] is -1) is
// replaced by a nil slice (a Reduce's: its initial value), one that is
// the same as generator j's (keep[k] is j) by j's.
func (fu *fuser) dropGens(t *Transformer, n *ir.Node, keep []int) ir.Exp {
	fu.changed = true
	b := t.Builder()
	l := n.Aux.(*ir.Loop)
	all := t.LoopGens(n)
	var gens []ir.LoopGen
	newGen := make([]int, len(l.Gens))
	for k, g := range all {
		newGen[k] = -1
		if keep[k] == k {
			newGen[k] = len(gens)
			gens = append(gens, g)
		}
	}
	var src *ir.Exp
	if l.Src {
		s := t.Exp(n.Args[1])
		src = &s
	}
	loop := b.Loop(t.Exp(n.Args[0]), src, gens, func(s ir.Sym, in []ir.Exp) {
		fu.remap[n.Sym] = remapping{loop: s, gens: newGen}
		t.Body(n.Blocks[0])(in)
	})
	nl := b.Graph().Def(loop.Sym()).Aux.(*ir.Loop)
	var rs []ir.Exp
	for k, g := range l.Gens {
		width := 1
		if g.Kind == ir.Bucket {
			width = 2
		}
		for j := range width {
			if keep[k] >= 0 {
				rs = append(rs, b.LoopResult(loop, nl.Result(newGen[keep[k]])+j))
				continue
			}
			if g.Kind == ir.Reduce {
				rs = append(rs, t.Exp(n.Args[l.ZeroArg(k)]))
			} else {
				rs = append(rs, b.NilSlice(l.Results()[l.Result(k)+j]))
			}
		}
	}
	return b.Tuple(rs...)
}

// plan finds the fusions of this round on the scheduled old graph.
func (fu *fuser) plan(t *Transformer) {
	fu.planned = true
	g := t.old
	fu.pos = make(map[ir.Sym]int, len(g.Nodes))
	for i, n := range g.Nodes {
		fu.pos[n.Sym] = i
	}
	fu.consumers, fu.active = map[ir.Sym]vplan{}, map[ir.Sym]*vactive{}
	fu.partners, fu.done, fu.remap = map[ir.Sym][]ir.Sym{}, map[ir.Sym]ir.Exp{}, map[ir.Sym]remapping{}
	fu.keyed = map[ir.Sym]ir.Exp{}
	if fu.vertical {
		fu.absorbed, fu.blockOf = map[ir.Sym]bool{}, map[ir.Sym]*ir.Block{}
		var place func(b *ir.Block)
		place = func(b *ir.Block) {
			for _, n := range t.s.Nodes(b) {
				fu.blockOf[n.Sym] = b
				for _, bb := range n.Blocks {
					place(bb)
				}
			}
		}
		place(g.Block)
		for _, c := range g.Nodes {
			if c.Op != ir.OpLoop || !c.Aux.(*ir.Loop).Src {
				continue
			}
			vp, ok := fu.producer(t, c)
			if !ok || fu.absorbed[vp.p.Sym] {
				continue
			}
			if pp, ok := fu.consumers[vp.p.Sym]; ok && pp.absorb {
				// The producer absorbs its own producer this round: the
				// slice it runs over is gone, so c waits a round.
				continue
			}
			fu.consumers[c.Sym] = vp
			if vp.absorb {
				fu.absorbed[vp.p.Sym] = true
			}
		}
		return
	}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		nodes := t.s.Nodes(b)
		for i, l1 := range nodes {
			for _, blk := range l1.Blocks {
				walk(blk)
			}
			if l1.Op != ir.OpLoop || !effectFree(l1) {
				continue
			}
			for _, l2 := range nodes[i+1:] {
				if l2.Op == ir.OpLoop && effectFree(l2) && sameRange(l1, l2) && !fu.blocked(t, l1, l2) &&
					len(l1.Aux.(*ir.Loop).Gens)+len(l2.Aux.(*ir.Loop).Gens) > 0 &&
					deepSize(t.s, l1)+deepSize(t.s, l2) <= fuseCutoff {
					fu.partners[l1.Sym] = append(fu.partners[l1.Sym], l2.Sym)
				}
			}
		}
	}
	walk(g.Block)
}

// producer returns the loop and Collect generator whose result consumer
// c runs over, if c can be fused into it.
//
// A producer with no effect stays where it is (DCE removes it if nothing
// else uses it). A producer that may trap, and does nothing else, is
// replaced by the fused loop (absorbed) when that cannot change which
// panic comes first: c has no effect at all, c is the producer's only
// user, both are in the same block, and nothing between them writes
// output or may trap.
func (fu *fuser) producer(t *Transformer, c *ir.Node) (vplan, bool) {
	g := t.old
	src := c.Args[1]
	if !src.IsSym() {
		return vplan{}, false
	}
	p := g.Def(src.Sym())
	r := 0
	if p != nil && p.Op == ir.OpProj {
		r = p.Aux.(int)
		p = g.Def(p.Args[0].Sym())
	}
	if p == nil || p.Op != ir.OpLoop {
		return vplan{}, false
	}
	// P's body will run interleaved with c's: c must write nothing P
	// reads, and P must have no effect, or be absorbed.
	absorb := false
	if !effectFree(p) {
		if !trapOnly(p) || !effectFree(c) || fu.blockOf[p.Sym] != fu.blockOf[c.Sym] ||
			fu.observableBetween(g, p, c) || !onlyUser(g, p, c) {
			return vplan{}, false
		}
		absorb = true
	}
	if c.Eff != nil && p.Eff != nil && intersects(c.Eff.Wkeys, p.Eff.Rkeys) {
		return vplan{}, false
	}
	l := p.Aux.(*ir.Loop)
	k := -1
	for j, gen := range l.Gens {
		if l.Result(j) == r && gen.Kind == ir.Collect {
			k = j
		}
	}
	keyed := false
	if k < 0 {
		if k, keyed = bucketConsumer(t, p, c, r); !keyed {
			return vplan{}, false
		}
	}
	var sibs []int
	if !keyed {
		sibs = siblings(t.s, p, k)
	}
	if !keyed && !l.Gens[k].Exact && usesIndex(t.s, g, c, p.Sym, sibs) {
		return vplan{}, false // the consumer's index is not the producer's
	}
	if deepSize(t.s, p)+yields(t.s, p.Blocks[0], p.Sym, k)*deepSize(t.s, c) > fuseCutoff {
		return vplan{}, false
	}
	// P's body runs again where c is: nothing in between may write what
	// it reads.
	if fu.writesBetween(g, p, c, p.Eff) {
		return vplan{}, false
	}
	return vplan{p: p, gen: k, absorb: absorb, sibs: sibs, keyed: keyed}, true
}

// trapOnly reports whether loop n's only effect is that it may trap.
func trapOnly(n *ir.Node) bool {
	return n.Eff != nil && len(n.Eff.Wkeys) == 1 && n.Eff.Wkeys[0] == ir.TRAP
}

// observableBetween reports whether a node after a and before b (in node
// order) writes output or may trap.
func (fu *fuser) observableBetween(g *ir.Graph, a, b *ir.Node) bool {
	for _, n := range g.Nodes[fu.pos[a.Sym]+1 : fu.pos[b.Sym]] {
		if n.Eff.Writes(ir.CTRL) || n.Eff.Writes(ir.TRAP) {
			return true
		}
	}
	return false
}

// onlyUser reports whether c is the only user of loop p's results
// (directly, or through projections only c uses).
func onlyUser(g *ir.Graph, p, c *ir.Node) bool {
	results := map[ir.Sym]bool{p.Sym: true}
	for _, n := range g.Nodes {
		if isProjOf(g, n.Sym, p.Sym) {
			results[n.Sym] = true
		}
	}
	ok := true
	for _, n := range g.Nodes {
		if n == c || results[n.Sym] {
			continue
		}
		for _, a := range n.Args {
			if a.IsSym() && results[a.Sym()] {
				ok = false
			}
		}
	}
	g.Blocks(func(b *ir.Block) {
		if b.Res.IsSym() && results[b.Res.Sym()] {
			ok = false
		}
	})
	return ok
}

// absorb replaces producer p, which the loop fused with its consumer
// replaces: its results, which only the consumer used, become nil slices
// (a Reduce's: its initial value).
func (fu *fuser) absorb(t *Transformer, p *ir.Node) ir.Exp {
	b := t.Builder()
	l := p.Aux.(*ir.Loop)
	var rs []ir.Exp
	for k, g := range l.Gens {
		if g.Kind == ir.Reduce {
			rs = append(rs, t.Exp(p.Args[l.ZeroArg(k)]))
			continue
		}
		for range 1 + btoi(g.Kind == ir.Bucket) {
			rs = append(rs, b.NilSlice(l.Results()[len(rs)]))
		}
	}
	if len(rs) == 0 {
		return b.Unit()
	}
	return b.Tuple(rs...)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fuseVertical builds consumer c fused into its producer.
func (fu *fuser) fuseVertical(t *Transformer, vp vplan, c *ir.Node) ir.Exp {
	fu.changed = true
	b := t.Builder()
	p := vp.p
	var src *ir.Exp
	if p.Aux.(*ir.Loop).Src {
		s := t.Exp(p.Args[1])
		src = &s
	}
	return b.Loop(t.Exp(p.Args[0]), src, t.LoopGens(c), func(s ir.Sym, in []ir.Exp) {
		t.BeginLoop(c.Sym, s)
		prev := fu.active[p.Sym]
		fu.active[p.Sym] = &vactive{c: c, p: p, gen: vp.gen, index: in[0], sibs: vp.sibs}
		t.Body(p.Blocks[0])(in)
		fu.active[p.Sym] = prev
	})
}

// consume runs the body of the consumer fused into a producer on the
// value x the producer yields.
func (fu *fuser) consume(t *Transformer, a *vactive, x ir.Exp) {
	fu.consuming = append(fu.consuming, a)
	t.Body(a.c.Blocks[0])([]ir.Exp{a.index, x})
	fu.consuming = fu.consuming[:len(fu.consuming)-1]
}

// available reports whether every symbol loop l uses from outside has
// its new expression already: l can be built here.
func (fu *fuser) available(t *Transformer, l *ir.Node) bool {
	inside := map[ir.Sym]bool{}
	var defs func(b *ir.Block)
	defs = func(b *ir.Block) {
		for _, s := range b.Bound() {
			inside[s] = true
		}
		for _, n := range t.s.Nodes(b) {
			inside[n.Sym] = true
			for _, bb := range n.Blocks {
				defs(bb)
			}
		}
	}
	for _, b := range l.Blocks {
		defs(b)
	}
	ok := true
	check := func(e ir.Exp) {
		if e.IsSym() && !inside[e.Sym()] && !t.has[e.Sym()] {
			ok = false
		}
	}
	for _, a := range l.Args {
		check(a)
	}
	var scan func(b *ir.Block)
	scan = func(b *ir.Block) {
		check(b.Res)
		for _, n := range t.s.Nodes(b) {
			for _, a := range n.Args {
				check(a)
			}
			for _, bb := range n.Blocks {
				scan(bb)
			}
		}
	}
	for _, b := range l.Blocks {
		scan(b)
	}
	return ok
}

// deepSize returns the number of nodes scheduled in n's blocks, nested
// ones included.
func deepSize(s *Schedule, n *ir.Node) int {
	c := 0
	for _, b := range n.Blocks {
		for _, m := range s.Nodes(b) {
			c += 1 + deepSize(s, m)
		}
	}
	return c
}

// uses reports whether symbol x is used in block b.
func uses(s *Schedule, b *ir.Block, x ir.Sym) bool {
	if b.Res.IsSym() && b.Res.Sym() == x {
		return true
	}
	for _, n := range s.Nodes(b) {
		for _, a := range n.Args {
			if a.IsSym() && a.Sym() == x {
				return true
			}
		}
		for _, bb := range n.Blocks {
			if uses(s, bb, x) {
				return true
			}
		}
	}
	return false
}

// yields returns the number of yields to generator k of loop in block b.
func yields(s *Schedule, b *ir.Block, loop ir.Sym, k int) int {
	c := 0
	for _, n := range s.Nodes(b) {
		if n.Op == ir.OpYield && n.Aux.(ir.Yield) == (ir.Yield{Loop: loop, Gen: k}) {
			c++
		}
		for _, bb := range n.Blocks {
			c += yields(s, bb, loop, k)
		}
	}
	return c
}
