package ir

// DCE removes the nodes a graph does not need, as lms-backend.md describes:
//
//  1. reach: the nodes reachable from the top-level block's used symbols
//     through hard dependencies (data arguments, blocks' results and hard
//     dependencies, nodes' hard dependencies), found in a reverse pass
//     over the nodes; live: the symbols whose values are needed. A
//     conditional that is reached but not live loses its blocks' results.
//  2. used: a reached node is kept if its value is used, if it has a
//     simple effect (writes CTRL or STORE), or if it writes an object that
//     is used (heap alias classes always are: that memory outlives the
//     function); a reverse pass too, where a write to an object not yet
//     known to be used waits until the object is. Both run in one sweep:
//     a node's users come after it, so when the sweep reaches a node,
//     both are known.
//     The results of a conditional with several results (a tuple per
//     block) are used component by component: a component whose
//     projection is not used is not needed, so a staged variable whose
//     reads only feed writes back to itself (x, v = -x, 6 in one branch,
//     x, v = x, v in the other, v never read after) is dead with its
//     writes (partial.go).
//  3. the graph is rebuilt from the kept nodes, with soft and hard
//     dependencies on removed nodes filtered out of every summary (a node
//     is copied only if that changes it).
//
// The passes run on the graph's Flat (NewFlat: one walk over the nodes),
// in time linear in the size of the graph. It needs a graph built by a
// Builder (nodes after their arguments); it returns a new graph and
// leaves g unchanged.
func DCE(g *Graph) *Graph {
	h, f := flatOf(g).dce(true)
	h.flat.Store(f) // for the scheduler (TakeFlat), which needs no other walk
	return h
}

// DCE is DCE on the graph f describes: it returns the graph without dead
// code and, made without walking the graph again, its Flat. The new Flat
// is made in f's arrays when it fits (the common case): f is consumed
// and must not be used afterwards.
func (f *Flat) DCE() (*Graph, *Flat) { return f.dce(true) }

func (f *Flat) dce(flat bool) (*Graph, *Flat) {
	g := f.Graph
	n := g.NumSyms()
	m := newMarks(n, len(f.Sym))
	defer marksPool.Put(m) // nothing DCE returns holds the marks
	d := &deadCode{f: f, sym: m.sym, used: m.used, node: m.node}
	d.parts = newPartials(f)
	d.sweep()
	h, sz := d.rebuild()
	if !flat {
		return h, nil
	}
	return h, d.flatOf(h, sz)
}

// sweep runs passes 1 and 2, in one sweep in reverse node order: when
// the sweep reaches a node, every node that uses it has been swept
// (arguments precede their uses), so whether it is reached and whether
// its value is used are known: pass 1 visits it (reach and live), then
// pass 2 decides whether it is kept. The λ named by a λforward follows
// the λforward: a mark on a node the sweep has gone by is handled at
// once, through a work list (pass 1) and a stack (pass 2).
//
// Pass 2: a reached node is kept if its value is used, if it has a
// simple effect, or if it writes an object that is used. Writes to an
// object not yet known to be used wait on the object.
func (d *deadCode) sweep() {
	f := d.f
	g := f.Graph
	nn := int32(len(f.Sym))
	used := d.used
	for _, s := range f.Binders(0) {
		used[s] = true
	}
	// Heap memory outlives the function: writes to it are always needed.
	for _, s := range g.Heaps() {
		used[s] = true
	}
	d.cursor = nn
	g.Block.Used(func(s Sym) { d.markReach(s, f.NodeOf(s)) })
	if g.Block.Res.IsSym() {
		d.sym[g.Block.Res.s] |= symLive
		d.use(g.Block.Res.s, f.NodeOf(g.Block.Res.s))
	}
	d.w = len(f.writes) - 1
	for d.cursor = nn - 1; d.cursor >= 0; d.cursor-- {
		if i := d.cursor; d.sym[f.Sym[i]]&symReach != 0 {
			d.visit(i)
			d.decide(i, d.keysOf(i, true))
		}
		for len(d.work) > 0 {
			t := d.work[len(d.work)-1]
			d.work = d.work[:len(d.work)-1]
			d.visit(t)
			d.decide(t, d.keysOf(t, false))
		}
		for len(d.stack) > 0 {
			k := d.stack[len(d.stack)-1]
			d.stack = d.stack[:len(d.stack)-1]
			d.keep(k)
		}
	}
}

// keysOf returns the keys node i writes if it writes objects: from
// NewFlat's table for the node at the cursor, from the node for one
// reached late or in a Flat not made by NewFlat.
func (d *deadCode) keysOf(i int32, atCursor bool) []Key {
	f := d.f
	if f.Bits[i]&BitWriteSym == 0 {
		return nil
	}
	if atCursor {
		for d.w >= 0 && f.writes[d.w] > i {
			d.w--
		}
		if d.w >= 0 && f.writes[d.w] == i {
			return f.wkeys[f.wstart[d.w]:f.wstart[d.w+1]]
		}
	}
	return f.Graph.Nodes[i].Eff.Wkeys
}

// flatSize is the size of the Flat of DCE's result, found by rebuild.
type flatSize struct {
	count      int   // nodes
	ne, nb, nv int32 // edges, blocks, bound symbols
	inPlace    bool  // the Flat fits in the arrays of the old one
}

// rebuild runs pass 3: it rebuilds the graph from the kept nodes,
// filtering the dependencies on removed nodes out of every summary; most
// nodes keep all theirs and are not copied.
func (d *deadCode) rebuild() (*Graph, flatSize) {
	f, used := d.f, d.used
	g := f.Graph
	nn := int32(len(f.Sym))
	blk := *g.Block
	blk.Eff = filterEff(blk.Eff, used)
	h := g.withNodes(nil, &blk)
	count := 0
	for i := range nn {
		if d.node[i]&nodeReached != 0 && used[f.Sym[i]] {
			count++
		}
	}
	h.Nodes = make([]*Node, 0, count)
	// The new Flat is made in f's arrays (nodes and edges only move to
	// lower positions) unless a copied node has more edges than its
	// original and would overwrite edges not yet moved.
	sz := flatSize{count: count, nb: 1, nv: int32(len(f.Binders(0))), inPlace: dceInPlace}
	for i := range nn {
		if d.node[i]&nodeReached == 0 || !used[f.Sym[i]] {
			continue
		}
		n := g.Nodes[i]
		filter := f.needsFilter(i, used)
		dropped := d.node[i]&nodeDropped != 0 || f.Op[i] == OpIf && d.node[i]&nodeValue == 0 && hasResults(n)
		if dropped {
			n = dropResults(n)
		}
		if filter {
			n = filterNode(n, used)
		}
		zeroed := false
		if d.parts != nil && d.parts.tuple[i] {
			n, zeroed = zeroUnused(g, n, d.valueNeeded)
		}
		h.Nodes = append(h.Nodes, n)
		h.defs.set(f.Sym[i], n)
		if dropped || filter || zeroed {
			d.node[i] |= nodeChanged
			sz.ne += int32(edgeCount(n))
		} else {
			sz.ne += f.Start[i+1] - f.Start[i]
		}
		sz.inPlace = sz.inPlace && sz.ne <= f.Start[i+1]
		b0, b1 := f.First[i], f.First[i+1]
		sz.nb += b1 - b0
		sz.nv += f.Binds[b1] - f.Binds[b0]
	}
	return h, sz
}

// flatOf returns the Flat of h, DCE's result, made from f's without
// walking the graph again: unchanged nodes are copied in runs, changed
// ones indexed anew.
func (d *deadCode) flatOf(h *Graph, sz flatSize) *Flat {
	f, used := d.f, d.used
	nn := int32(len(f.Sym))
	nf := &Flat{Graph: h}
	if sz.inPlace {
		nf.reuse(f)
	} else {
		nf.alloc(sz.count, int(sz.ne), int(sz.nb), int(sz.nv), nil)
		nf.Index = make([]int32, h.NumSyms())
	}
	nf.block(h.Block)
	run := int32(-1) // first of the unchanged nodes not yet copied to nf
	j := 0           // index in h.Nodes
	for i := range nn {
		kept, changed := d.node[i]&nodeReached != 0 && used[f.Sym[i]], d.node[i]&nodeChanged != 0
		if run >= 0 && (!kept || changed) {
			nf.copyNodes(f, run, i)
			run = -1
		}
		switch {
		case !kept:
			continue
		case changed:
			nf.add(h.Nodes[j])
			nf.indexNodes(int32(len(nf.Sym) - 1))
		case run < 0:
			run = i
		}
		j++
	}
	if run >= 0 {
		nf.copyNodes(f, run, nn)
	}
	nf.finish()
	if sz.inPlace {
		*f = Flat{} // its arrays are nf's
	}
	return nf
}

// dceInPlace lets Flat.DCE make its Flat in place (tests turn it off to
// cover the other way).
var dceInPlace = true

// deadCode is the state of DCE's passes.
type deadCode struct {
	f           *Flat
	sym         []uint8 // symbol -> symReach, symLive
	used        []bool  // symbol -> used
	node        []uint8 // node index -> nodeReached, ...
	cursor      int32   // pass 1's node
	work, stack []int32
	waiting     map[Sym][]int32 // object -> writes waiting on it to be used
	parts       *partials       // the conditionals whose results are used by component
	w           int             // f.writes[w] is the last node at most the cursor that writes objects
}

// The marks of a symbol.
const (
	symReach uint8 = 1 << iota // reached by hard dependencies
	symLive                    // its value is needed
)

// The marks of a node.
const (
	nodeReached uint8 = 1 << iota // reached (and visited by pass 1)
	nodeDropped                   // a conditional whose value is dead: its blocks' results are dropped
	nodeVisited                   // visited by pass 2
	nodeKept                      // kept by pass 2
	nodeChanged                   // copied by pass 3: its edges differ
	nodeValue                     // a conditional whose value a kept node uses
)

// markReach marks s reached; t is the index of the node defining it (-1:
// none).
func (d *deadCode) markReach(s Sym, t int32) {
	if d.sym[s]&symReach != 0 {
		return
	}
	d.sym[s] |= symReach
	if t >= d.cursor {
		d.work = append(d.work, t)
	}
}

// visit is pass 1 on reached node i: the symbols whose values it uses
// (its symbol arguments and its blocks' results and bound symbols) are
// live, and those it needs scheduled before it (its symbol arguments, its
// blocks' results and hard dependencies, and its hard dependencies) are
// reached. A conditional whose value is dead drops its blocks' results,
// so that DCE does not keep the computation of the results.
func (d *deadCode) visit(i int32) {
	f := d.f
	d.node[i] |= nodeReached
	drop := f.Op[i] == OpIf && d.sym[f.Sym[i]]&symLive == 0
	if drop {
		d.node[i] |= nodeDropped
	}
	lo, hi := f.Start[i], f.Start[i+1]
	for e := lo; e < hi; e++ {
		s := f.Dep[e]
		switch k := f.Kind[e]; {
		case k == EdgeArg:
			d.sym[s] |= symLive
		case k < EdgeBlock: // the node's own dependencies: below
			continue
		case (k-EdgeBlock)%3 == 0:
			if drop {
				continue
			}
			d.sym[s] |= symLive
		case (k-EdgeBlock)%3 == 2:
			continue
		}
		d.markReach(s, f.Target[e])
	}
	for e := lo; e < hi && f.Kind[e] < EdgeBlock; e++ {
		if f.Kind[e] == EdgeHdep {
			d.markReach(f.Dep[e], f.Target[e])
		}
	}
	for _, s := range f.Bound[f.Binds[f.First[i]]:f.Binds[f.First[i+1]]] {
		d.sym[s] |= symLive
	}
}

// decide is pass 2 on reached node i, visited by pass 1; wkeys are the
// keys it writes if it writes objects.
func (d *deadCode) decide(i int32, wkeys []Key) {
	d.node[i] |= nodeVisited
	switch b := d.f.Bits[i]; {
	case d.used[d.f.Sym[i]] || b&BitSimple != 0:
		d.keep(i)
	case b&BitWriteSym != 0:
		d.write(i, wkeys)
	}
}

// setUsed marks s used and releases the writes waiting on it.
func (d *deadCode) setUsed(s Sym) {
	d.used[s] = true
	if len(d.waiting) > 0 {
		if w, ok := d.waiting[s]; ok {
			d.stack = append(d.stack, w...)
			delete(d.waiting, s)
		}
	}
}

// keep keeps node i: it and the symbols whose values it uses are used,
// and a node already passed whose value is now used is kept too.
func (d *deadCode) keep(i int32) {
	f := d.f
	if d.node[i]&nodeKept != 0 {
		return
	}
	d.node[i] |= nodeKept
	d.setUsed(f.Sym[i])
	if d.parts != nil {
		d.parts.projected(d, i)
	}
	for e := f.Start[i]; e < f.Start[i+1]; e++ {
		k := f.Kind[e]
		switch {
		case k >= EdgeBlock && (k-EdgeBlock)%3 == 0 && d.node[i]&nodeDropped == 0:
			if f.Op[i] == OpIf && d.node[i]&nodeValue == 0 {
				continue // kept for its effects: see valueUsed
			}
			d.useResult(i, e)
		case k == EdgeArg:
			d.use(f.Dep[e], f.Target[e])
		}
	}
	for _, s := range f.Bound[f.Binds[f.First[i]]:f.Binds[f.First[i+1]]] {
		d.use(s, -1)
	}
}

// useResult uses the block result that edge e of kept node i names.
func (d *deadCode) useResult(i, e int32) {
	f := d.f
	if d.parts == nil || !d.parts.result(d, i, f.Target[e]) {
		d.use(f.Dep[e], f.Target[e])
	}
}

// valueUsed records that a kept node uses the value of conditional t.
// A conditional is kept for its effects (a print in a branch) before
// its users are decided, and its blocks' results are needed only once
// its value is: a staged variable carried through a branch by a read of
// itself (v = v in one branch, v = e in the other, the other printing)
// and never read after the loop is dead with its read and its writes,
// where keeping the results would have kept the read, so the variable,
// so the write of the conditional's value to it (gc rejects such a
// variable as declared and not used: rpg seed 5614). A kept conditional
// whose value no kept node uses loses its results in pass 3.
func (d *deadCode) valueUsed(t int32) {
	f := d.f
	if d.node[t]&nodeValue != 0 {
		return
	}
	d.node[t] |= nodeValue
	if d.node[t]&(nodeKept|nodeDropped) != nodeKept {
		return
	}
	for e := f.Start[t]; e < f.Start[t+1]; e++ {
		if k := f.Kind[e]; k >= EdgeBlock && (k-EdgeBlock)%3 == 0 {
			d.useResult(t, e)
		}
	}
}

// write is pass 2 on node i, which is not used and writes objects (the
// symbol keys of wkeys): it is kept if one of them is used, and waits on
// each otherwise.
func (d *deadCode) write(i int32, wkeys []Key) {
	if writesUsed(wkeys, d.used) {
		d.keep(i)
		return
	}
	for _, k := range wkeys {
		if k.IsSym() {
			if d.waiting == nil {
				d.waiting = map[Sym][]int32{}
			}
			d.waiting[Sym(k)] = append(d.waiting[Sym(k)], i)
		}
	}
}

// use marks s, whose value a kept node uses, used; t is the index of the
// node defining it (-1: none).
func (d *deadCode) use(s Sym, t int32) {
	if t >= 0 && d.f.Op[t] == OpIf {
		d.valueUsed(t)
	}
	if d.used[s] {
		return
	}
	d.setUsed(s)
	if t >= 0 && d.node[t]&(nodeVisited|nodeReached) == nodeVisited|nodeReached {
		d.stack = append(d.stack, t) // passed already: keep it now
	}
}

// needsFilter reports whether a dependency of node i or of its blocks
// names a removed symbol.
func (f *Flat) needsFilter(i int32, used []bool) bool {
	for e := f.Start[i]; e < f.Start[i+1]; e++ {
		if k := f.Kind[e]; (k == EdgeHdep || k == EdgeSdep || k >= EdgeBlock && (k-EdgeBlock)%3 != 0) && !used[f.Dep[e]] {
			return true
		}
	}
	return false
}

// dropResults returns a copy of a conditional whose value is dead, with
// its blocks' results replaced by unit, so that DCE does not keep the
// computation of the results.
func dropResults(d *Node) *Node {
	c := *d
	c.Blocks = make([]*Block, len(d.Blocks))
	for i, b := range d.Blocks {
		nb := *b
		nb.Res = Exp{c: unitConst}
		c.Blocks[i] = &nb
	}
	return &c
}

var unitConst = &Const{Type: Void}

// valueNeeded reports whether a kept node uses the value of s: s is
// used, and is not a conditional kept only for its effects.
func (d *deadCode) valueNeeded(s Sym) bool {
	if !d.used[s] {
		return false
	}
	t := d.f.NodeOf(s)
	return t < 0 || d.f.Op[t] != OpIf || d.node[t]&nodeValue != 0
}

// hasResults reports whether a block of conditional n has a result other
// than unit.
func hasResults(n *Node) bool {
	for _, b := range n.Blocks {
		if b.Res.IsSym() || b.Res.c != unitConst {
			return true
		}
	}
	return false
}

// writesUsed reports whether a key of wkeys is a used symbol.
func writesUsed(wkeys []Key, used []bool) bool {
	for _, k := range wkeys {
		if k.IsSym() && used[k] {
			return true
		}
	}
	return false
}

// filterNode returns a copy of d without its dependencies (and its
// blocks') on unused symbols.
func filterNode(d *Node, used []bool) *Node {
	c := *d
	if d.Eff != nil {
		e := filterEff(*d.Eff, used)
		c.Eff = &e
	}
	if len(d.Blocks) > 0 {
		c.Blocks = make([]*Block, len(d.Blocks))
		for i, b := range d.Blocks {
			nb := *b
			nb.Eff = filterEff(b.Eff, used)
			if len(nb.Eff.Hdeps) == 0 {
				nb.Eff.Hdeps = []Sym{nb.Ein}
			}
			c.Blocks[i] = &nb
		}
	}
	return &c
}

func filterEff(e EffectSummary, used []bool) EffectSummary {
	keep := func(ss []Sym) []Sym {
		var r []Sym
		for _, s := range ss {
			if used[s] {
				r = append(r, s)
			}
		}
		return r
	}
	e.Sdeps, e.Hdeps = keep(e.Sdeps), keep(e.Hdeps)
	return e
}
