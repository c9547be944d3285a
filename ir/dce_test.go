package ir

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDCEReference compares DCE with refDCE, a plain transcription of the
// passes on the nodes' pointers, on random graphs: the same nodes, the
// same copies, the same printed graph; and checks that the Flat that
// Flat.DCE returns is the one NewFlat makes of its graph.
func TestDCEReference(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		g := randomGraph(rand.New(rand.NewPCG(seed, 1)), 10+int(seed%30), int(seed%4))
		compareDCE(t, seed, g)
		compareDCE(t, seed, DCE(g))
	}
}

func compareDCE(t *testing.T, seed uint64, g *Graph) {
	t.Helper()
	want := refDCE(g)
	got, fl := NewFlat(g).DCE()
	if a, b := got.String(), want.String(); a != b {
		t.Fatalf("seed %d: DCE printed\n%s\nreference printed\n%s", seed, a, b)
	}
	if a, b := DCE(g).String(), want.String(); a != b {
		t.Fatalf("seed %d: DCE and Flat.DCE differ", seed)
	}
	for k, d := range got.Nodes {
		if (d == g.Def(d.Sym)) != (want.Nodes[k] == g.Def(d.Sym)) || got.Def(d.Sym) != d {
			t.Fatalf("seed %d: %v copied by one DCE only, or not its definition", seed, d.Sym)
		}
	}
	sameFlat(t, seed, fl, NewFlat(got))
	// DCE again on the Flat DCE made (which reads write keys from the
	// nodes).
	if again, _ := fl.DCE(); again.String() != refDCE(got).String() {
		t.Fatalf("seed %d: DCE of DCE's Flat differs from the reference", seed)
	}
	dceInPlace = false
	defer func() { dceInPlace = true }()
	got2, fl2 := NewFlat(g).DCE()
	if got2.String() != got.String() {
		t.Fatalf("seed %d: DCE in place and not differ", seed)
	}
	sameFlat(t, seed, fl2, NewFlat(got2))
}

// sameFlat fails unless a and b describe the same graph identically.
func sameFlat(t *testing.T, seed uint64, a, b *Flat) {
	t.Helper()
	switch {
	case a.Graph != b.Graph, !slices.Equal(a.Sym, b.Sym), !slices.Equal(a.Op, b.Op), !slices.Equal(a.Bits, b.Bits),
		!slices.Equal(a.Index, b.Index), !slices.Equal(a.Start, b.Start), !slices.Equal(a.Dep, b.Dep), !slices.Equal(a.Target, b.Target),
		!slices.Equal(a.Kind, b.Kind), !slices.Equal(a.First, b.First), !slices.Equal(a.Blocks, b.Blocks),
		!slices.Equal(a.Binds, b.Binds), !slices.Equal(a.Bound, b.Bound):
		t.Fatalf("seed %d: the Flats differ (DCE's is not NewFlat of its graph, or two walks disagree)", seed)
	}
}

// refDCE is DCE as first written, on the nodes' pointers (see DCE).
func refDCE(g *Graph) *Graph {
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
		refValueSyms(d, markLive)
		refHardSyms(d, markReach)
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
	// A conditional's blocks' results are used once a kept node uses its
	// value, not when it is kept (for its effects).
	valueUsed := make([]bool, n)
	var use func(s Sym)
	useResults := func(d *Node) {
		for _, b := range d.Blocks {
			if b.Res.IsSym() {
				use(b.Res.s)
			}
		}
	}
	use = func(s Sym) {
		if p := pos[s]; p > 0 && nodes[p-1] != nil && nodes[p-1].Op == OpIf && !valueUsed[s] {
			valueUsed[s] = true
			if kept[s] {
				useResults(nodes[p-1])
			}
		}
		if used[s] {
			return
		}
		setUsed(s)
		if p := pos[s]; p > 0 && visited[s] && nodes[p-1] != nil {
			stack = append(stack, nodes[p-1]) // passed already: keep it now
		}
	}
	keep := func(d *Node) {
		if kept[d.Sym] {
			return
		}
		kept[d.Sym] = true
		setUsed(d.Sym)
		if d.Op != OpIf || valueUsed[d.Sym] {
			refValueSyms(d, use)
			return
		}
		for _, a := range d.Args {
			if a.IsSym() {
				use(a.s)
			}
		}
		for _, b := range d.Blocks {
			for _, s := range b.In {
				use(s)
			}
			use(b.Ein)
		}
	}
	for _, s := range g.Block.Bound() {
		used[s] = true
	}
	// Heap memory outlives the function: writes to it are always needed.
	for _, s := range g.Heaps() {
		used[s] = true
	}
	if g.Block.Res.IsSym() {
		use(g.Block.Res.s)
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		d := nodes[i]
		if d == nil {
			continue
		}
		visited[d.Sym] = true
		switch {
		case used[d.Sym] || d.Eff.HasSimpleEffect() || refWritesUsed(d.Eff, used):
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
			if d.Op == OpIf && !valueUsed[d.Sym] && hasResults(d) {
				d = dropResults(d)
			}
			if (d.Eff != nil || len(d.Blocks) > 0) && refNeedsFilter(d, used) {
				d = filterNode(d, used)
			}
			out = append(out, d)
		}
	}
	blk := *g.Block
	blk.Eff = filterEff(blk.Eff, used)
	return g.WithNodes(out, &blk)
}

// refValueSyms calls f for the symbols whose values the node uses: its
// symbol arguments and its blocks' results and inputs.
func refValueSyms(n *Node, f func(Sym)) {
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

// refHardSyms calls f for the symbols the node needs scheduled before it:
// its symbol arguments, its blocks' used symbols, and its hard
// dependencies.
func refHardSyms(n *Node, f func(Sym)) {
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

// refNeedsFilter reports whether a dependency of d or of its blocks names a
// removed node (most nodes keep all theirs: they are not copied).
func refNeedsFilter(d *Node, used []bool) bool {
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

func refWritesUsed(e *EffectSummary, used []bool) bool {
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

// TestNewFlatParallel compares NewFlat walking the nodes in two halves on
// two goroutines with one walk, on random graphs, and DCE on either.
func TestNewFlatParallel(t *testing.T) {
	defer func(p int) { parallelFlat = p }(parallelFlat)
	for seed := uint64(0); seed < 200; seed++ {
		g := randomGraph(rand.New(rand.NewPCG(seed, 3)), 10+int(seed%30), int(seed%4))
		parallelFlat = 1 << 30
		want := NewFlat(g)
		parallelFlat = 1
		got := NewFlat(g)
		sameFlat(t, seed, got, want)
		if !slices.Equal(got.writes, want.writes) || !slices.Equal(got.wstart, want.wstart) || !slices.Equal(got.wkeys, want.wkeys) {
			t.Fatalf("seed %d: write keys differ", seed)
		}
		a, _ := got.DCE()
		b, _ := want.DCE()
		if a.String() != b.String() {
			t.Fatalf("seed %d: DCE differs", seed)
		}
	}
}

// TestDCETakeFlat: the graph DCE returns gives, once, the Flat NewFlat
// would make of it; DCE of that graph (which takes the Flat) is DCE of
// its nodes.
func TestDCETakeFlat(t *testing.T) {
	for seed := uint64(0); seed < 100; seed++ {
		g := randomGraph(rand.New(rand.NewPCG(seed, 2)), 10+int(seed%30), int(seed%4))
		if g.TakeFlat() != nil {
			t.Fatalf("seed %d: a built graph holds a Flat", seed)
		}
		h := DCE(g)
		fl := h.TakeFlat()
		if fl == nil {
			t.Fatalf("seed %d: DCE's graph holds no Flat", seed)
		}
		sameFlat(t, seed, fl, NewFlat(h))
		if h.TakeFlat() != nil {
			t.Fatalf("seed %d: a Flat taken twice", seed)
		}
		h2 := DCE(g)
		if a, b := DCE(h2).String(), refDCE(h2).String(); a != b {
			t.Fatalf("seed %d: DCE of DCE's graph with its Flat printed\n%s\nreference printed\n%s", seed, a, b)
		}
	}
}
