package ir

// DCE removes the nodes a graph does not need, as lms-backend.md describes:
//
//  1. reach: the nodes reachable from the top-level block's used symbols
//     through hard dependencies (data arguments, blocks' results and hard
//     dependencies, nodes' hard dependencies), found in one reverse pass
//     over the nodes; live: the symbols whose values are needed. A
//     conditional that is reached but not live loses its blocks' results.
//  2. used: a reached node is kept if its value is used, if it has a
//     simple effect (writes CTRL or STORE), or if it writes an object that
//     is used (heap alias classes always are: that memory outlives the
//     function); again one reverse pass, where a write to an object not
//     yet known to be used waits until the object is.
//  3. the graph is rebuilt from the kept nodes, with soft and hard
//     dependencies on removed nodes filtered out of every summary.
//
// It runs in time linear in the size of the graph. It needs a graph built
// by a Builder (nodes after their arguments); it returns a new graph and
// leaves g unchanged.
func DCE(g *Graph) *Graph {
	n := g.NumSyms()
	reach := make([]bool, n)
	live := make([]bool, n)
	used := make([]bool, n)

	// Pass 1: reach and live, in reverse node order. Arguments precede
	// their uses except the λ named by a λforward, so a mark on a node the
	// pass has already gone by is handled at once through a work list.
	pos := make([]int32, n) // index+1 of each node in g.Nodes
	for i, d := range g.Nodes {
		pos[d.Sym] = int32(i + 1)
	}
	nodes := make([]*Node, len(g.Nodes)) // reached nodes (possibly rewritten), by index
	cursor := len(g.Nodes)
	var work []int32
	markReach := func(s Sym) {
		if reach[s] {
			return
		}
		reach[s] = true
		if p := pos[s]; p > 0 && int(p-1) >= cursor {
			work = append(work, p-1)
		}
	}
	markLive := func(s Sym) { live[s] = true }
	visit := func(i int) {
		d := g.Nodes[i]
		if d.Op == OpIf && !live[d.Sym] {
			d = dropResults(d)
		}
		nodes[i] = d
		valueSyms(d, markLive)
		hardSyms(d, markReach)
	}
	g.Block.Used(markReach)
	if g.Block.Res.IsSym() {
		live[g.Block.Res.s] = true
	}
	for cursor = len(g.Nodes) - 1; cursor >= 0; cursor-- {
		if reach[g.Nodes[cursor].Sym] {
			visit(cursor)
		}
		for len(work) > 0 {
			i := work[len(work)-1]
			work = work[:len(work)-1]
			visit(int(i))
		}
	}

	// Pass 2: used. A reached node is kept if its value is used, if it has
	// a simple effect, or if it writes an object that is used. Writes to
	// an object not yet known to be used wait on the object.
	waiting := map[Sym][]*Node{}
	var stack []*Node
	// setUsed marks s used and releases the writes waiting on it.
	setUsed := func(s Sym) {
		used[s] = true
		stack = append(stack, waiting[s]...)
		delete(waiting, s)
	}
	visited := make([]bool, n)
	kept := make([]bool, n)
	keep := func(d *Node) {
		if kept[d.Sym] {
			return
		}
		kept[d.Sym] = true
		setUsed(d.Sym)
		valueSyms(d, func(s Sym) {
			if used[s] {
				return
			}
			setUsed(s)
			if p := pos[s]; p > 0 && visited[s] && nodes[p-1] != nil {
				stack = append(stack, nodes[p-1]) // passed already: keep it now
			}
		})
	}
	for _, s := range g.Block.Bound() {
		used[s] = true
	}
	// Heap memory outlives the function: writes to it are always needed.
	for _, s := range g.Heaps() {
		used[s] = true
	}
	if g.Block.Res.IsSym() {
		setUsed(g.Block.Res.s)
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		d := nodes[i]
		if d == nil {
			continue
		}
		visited[d.Sym] = true
		switch {
		case used[d.Sym] || d.Eff.HasSimpleEffect() || writesUsed(d.Eff, used):
			keep(d)
		case d.Eff != nil:
			for _, k := range d.Eff.Wkeys {
				if k.IsSym() {
					waiting[Sym(k)] = append(waiting[Sym(k)], d)
				}
			}
		}
		for len(stack) > 0 {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			keep(w)
		}
	}

	// Pass 3: rebuild.
	out := make([]*Node, 0, len(nodes))
	for _, d := range nodes {
		if d != nil && used[d.Sym] {
			out = append(out, filterNode(d, used))
		}
	}
	blk := *g.Block
	blk.Eff = filterEff(blk.Eff, used)
	return g.WithNodes(out, &blk)
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

func writesUsed(e *EffectSummary, used []bool) bool {
	if e == nil {
		return false
	}
	for _, k := range e.Wkeys {
		if k.IsSym() && used[k] {
			return true
		}
	}
	return false
}

// valueSyms calls f for the symbols whose values the node uses: its
// symbol arguments and its blocks' results and inputs.
func valueSyms(n *Node, f func(Sym)) {
	for _, a := range n.Args {
		if a.IsSym() {
			f(a.s)
		}
	}
	for _, b := range n.Blocks {
		if b.Res.IsSym() {
			f(b.Res.s)
		}
		for _, s := range b.In {
			f(s)
		}
		f(b.Ein)
	}
}

// hardSyms calls f for the symbols the node needs scheduled before it:
// its symbol arguments, its blocks' used symbols, and its hard
// dependencies.
func hardSyms(n *Node, f func(Sym)) {
	for _, a := range n.Args {
		if a.IsSym() {
			f(a.s)
		}
	}
	for _, b := range n.Blocks {
		b.Used(f)
	}
	if n.Eff != nil {
		for _, s := range n.Eff.Hdeps {
			f(s)
		}
	}
}

func filterNode(d *Node, used []bool) *Node {
	if d.Eff == nil && len(d.Blocks) == 0 || !needsFilter(d, used) {
		return d
	}
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

// needsFilter reports whether a dependency of d or of its blocks names a
// removed node (most nodes keep all theirs: they are not copied).
func needsFilter(d *Node, used []bool) bool {
	dead := func(ss []Sym) bool {
		for _, s := range ss {
			if !used[s] {
				return true
			}
		}
		return false
	}
	if d.Eff != nil && (dead(d.Eff.Sdeps) || dead(d.Eff.Hdeps)) {
		return true
	}
	for _, b := range d.Blocks {
		if dead(b.Eff.Sdeps) || dead(b.Eff.Hdeps) {
			return true
		}
	}
	return false
}
