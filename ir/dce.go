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
	h, _ := NewFlat(g).dce(false)
	return h
}

// DCE is DCE on the graph f describes: it returns the graph without dead
// code and, made without walking the graph again, its Flat.
func (f *Flat) DCE() (*Graph, *Flat) { return f.dce(true) }

func (f *Flat) dce(flat bool) (*Graph, *Flat) {
	g := f.Graph
	n := g.NumSyms()
	nn := int32(len(f.Sym))
	reach := make([]bool, n)
	live := make([]bool, n)
	used := make([]bool, n)

	// Pass 1: reach and live, in reverse node order. Arguments precede
	// their uses except the λ named by a λforward, so a mark on a node the
	// pass has already gone by is handled at once through a work list.
	reached := make([]bool, nn) // node index -> reached (and visited)
	dropped := make([]bool, nn) // node index -> a conditional whose value is dead: its blocks' results are dropped
	cursor := nn
	var work []int32
	markReach := func(s Sym) {
		if reach[s] {
			return
		}
		reach[s] = true
		if p := f.Index[s]; p > 0 && p-1 >= cursor {
			work = append(work, p-1)
		}
	}
	visit := func(i int32) {
		reached[i] = true
		dropped[i] = f.Op[i] == OpIf && !live[f.Sym[i]]
		f.valueSyms(i, dropped[i], func(s Sym) { live[s] = true })
		f.hardSyms(i, dropped[i], markReach)
	}
	g.Block.Used(markReach)
	if g.Block.Res.IsSym() {
		live[g.Block.Res.s] = true
	}
	for cursor = nn - 1; cursor >= 0; cursor-- {
		if reach[f.Sym[cursor]] {
			visit(cursor)
		}
		for len(work) > 0 {
			i := work[len(work)-1]
			work = work[:len(work)-1]
			visit(i)
		}
	}

	// Pass 2: used. A reached node is kept if its value is used, if it has
	// a simple effect, or if it writes an object that is used. Writes to
	// an object not yet known to be used wait on the object.
	waiting := map[Sym][]int32{}
	var stack []int32
	// setUsed marks s used and releases the writes waiting on it.
	setUsed := func(s Sym) {
		used[s] = true
		if len(waiting) > 0 {
			if w, ok := waiting[s]; ok {
				stack = append(stack, w...)
				delete(waiting, s)
			}
		}
	}
	visited := make([]bool, nn)
	kept := make([]bool, nn)
	keep := func(i int32) {
		if kept[i] {
			return
		}
		kept[i] = true
		setUsed(f.Sym[i])
		f.valueSyms(i, dropped[i], func(s Sym) {
			if used[s] {
				return
			}
			setUsed(s)
			if p := f.Index[s]; p > 0 && visited[p-1] && reached[p-1] {
				stack = append(stack, p-1) // passed already: keep it now
			}
		})
	}
	used[g.Block.Ein] = true
	for _, s := range g.Block.In {
		used[s] = true
	}
	// Heap memory outlives the function: writes to it are always needed.
	for _, s := range g.Heaps() {
		used[s] = true
	}
	if g.Block.Res.IsSym() {
		setUsed(g.Block.Res.s)
	}
	for i := nn - 1; i >= 0; i-- {
		if !reached[i] {
			continue
		}
		visited[i] = true
		b := f.Bits[i]
		var wkeys []Key
		if b&BitWriteSym != 0 {
			wkeys = g.Nodes[i].Eff.Wkeys
		}
		switch {
		case used[f.Sym[i]] || b&BitSimple != 0 || writesUsed(wkeys, used):
			keep(i)
		default:
			for _, k := range wkeys {
				if k.IsSym() {
					waiting[Sym(k)] = append(waiting[Sym(k)], i)
				}
			}
		}
		for len(stack) > 0 {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			keep(w)
		}
	}

	// Pass 3: rebuild from the kept nodes, filtering the dependencies on
	// removed nodes out of every summary; most nodes keep all theirs and
	// are not copied.
	count := 0
	for i := range nn {
		if reached[i] && used[f.Sym[i]] {
			count++
		}
	}
	out := make([]*Node, 0, count)
	blk := *g.Block
	blk.Eff = filterEff(blk.Eff, used)
	h := g.withNodes(nil, &blk)
	var nf *Flat
	if flat {
		nf = &Flat{Graph: h}
		nf.alloc(count, len(f.Dep), len(f.Blocks))
		nf.Blocks = append(nf.Blocks, h.Block)
	}
	for i := range nn {
		if !reached[i] || !used[f.Sym[i]] {
			continue
		}
		d := g.Nodes[i]
		filter := f.needsFilter(i, used)
		if dropped[i] {
			d = dropResults(d)
		}
		if filter {
			d = filterNode(d, used)
		}
		out = append(out, d)
		h.defs[f.Sym[i]] = d
		if nf == nil {
			continue
		}
		if dropped[i] || filter {
			nf.add(d)
		} else {
			nf.copyNode(f, i)
		}
	}
	h.Nodes = out
	if nf == nil {
		return h, nil
	}
	nf.finish()
	return h, nf
}

// valueSyms calls fn for the symbols whose values node i uses: its symbol
// arguments and its blocks' results (unless dropped) and bound symbols.
func (f *Flat) valueSyms(i int32, dropped bool, fn func(Sym)) {
	for e := f.Start[i]; e < f.Start[i+1]; e++ {
		switch k := f.Kind[e]; {
		case k == EdgeArg:
			fn(f.Dep[e])
		case k >= EdgeBlock && (k-EdgeBlock)%3 == 0 && !dropped:
			fn(f.Dep[e])
		}
	}
	for _, b := range f.Blocks[f.First[i]:f.First[i+1]] {
		for _, s := range b.In {
			fn(s)
		}
		fn(b.Ein)
	}
}

// hardSyms calls fn for the symbols node i needs scheduled before it: its
// symbol arguments, its blocks' results (unless dropped) and hard
// dependencies, and its hard dependencies.
func (f *Flat) hardSyms(i int32, dropped bool, fn func(Sym)) {
	for e := f.Start[i]; e < f.Start[i+1]; e++ {
		switch k := f.Kind[e]; {
		case k == EdgeArg || k == EdgeHdep:
			fn(f.Dep[e])
		case k >= EdgeBlock && (k-EdgeBlock)%3 == 1:
			fn(f.Dep[e])
		case k >= EdgeBlock && !dropped && (k-EdgeBlock)%3 == 0:
			fn(f.Dep[e])
		}
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
