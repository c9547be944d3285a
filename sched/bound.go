package sched

import "github.com/lmsgen/lmsgen/ir"

// bound is the bound-variable analysis of lms-traversal.md (ir.Bound)
// reduced to what scheduling needs, in near-linear time. For every symbol
// it keeps the blocks whose bound symbols (inputs, effect input) the symbol
// depends on, through arguments, dependencies and blocks, minus the blocks
// of the node itself; and, for each, whether the dependence reaches the
// block's effect input.
//
// The blocks a symbol depends on lie on one chain of nested blocks, and
// along a chain a deeper block was opened later, so its effect input has a
// larger symbol (ir.Builder.Reify allocates it first). Each set is a
// persistent list sorted by that key, deepest first; a union merges two
// lists only until one runs out or both reach a shared cell, so values
// flowing through nested blocks share their tails instead of copying sets
// as deep as the nesting. Each cell also has a skew-binary jump pointer
// down its list, so that a union where one list already holds the other
// (the common case: a value joins with a small list of outer variables)
// costs a logarithmic search, not a walk down the longer list. The head
// of a node's list is its earliest block.
type bound struct {
	mem    []int32 // the cells, four words each (see cell), lent by st.scratch
	head   []int32 // symbol -> first cell of its list, -1 for the empty list
	binder []int32 // symbol -> id of the block binding it (st.binder)
}

// bvCell is one cell of a list, in 16 bytes (the lists are the hottest
// data of early): its block is the one binding key (bound.block). The
// cells are kept as four int32 words each in an array lent by st.scratch
// (early gives it back, and place and compact use it), not as an array
// of their own.
type bvCell struct {
	key  ir.Sym // the block's effect input, the list's sort key
	next int32  // -1 at the end
	jump int32  // a cell further down the list (-1: the end)
	nein int32  // length of the list from this cell << 1 | whether the dependence reaches the block's effect input
}

// cell returns cell a.
func (bv *bound) cell(a int32) bvCell {
	m := bv.mem[4*a : 4*a+4 : 4*a+4]
	return bvCell{key: ir.Sym(m[0]), next: m[1], jump: m[2], nein: m[3]}
}

func (c bvCell) n() int32  { return c.nein >> 1 }
func (c bvCell) ein() bool { return c.nein&1 != 0 }

// einBit is the low bit of nein.
func einBit(ein bool) int32 {
	if ein {
		return 1
	}
	return 0
}

// newBound computes the lists for the nodes of the graph from the flat
// arrays of index, and sets every node's st.early and st.pinned from the
// head of its list. Nodes that lost soft dependencies in dce (st.lost)
// also get the lists their dropped soft dependencies had (see early).
func newBound(st *state) *bound {
	g, f := st.g, &st.flat
	bv := &bound{head: st.scratch.int32s(g.NumSyms()), binder: st.binder,
		mem: st.scratch.int32s(4 * (len(st.blocks) + len(g.Nodes)/2))[:0]} // the lists share most cells
	for i := range bv.head {
		bv.head[i] = -1
	}
	for id := range int32(len(st.blocks)) {
		bound := st.fl.Binders(id) // the effect input, then the inputs
		bv.head[bound[0]] = bv.cons(bound[0], true, -1)
		for _, s := range bound[1:] {
			bv.head[s] = bv.cons(bound[0], false, -1)
		}
	}
	hasForward := false
	for _, op := range f.op {
		hasForward = hasForward || op == ir.OpForward
	}
	var memo map[ir.Sym]int32
	for {
		changed := false
		for i, sym := range f.sym {
			var l int32
			if f.op[i] == ir.OpForward {
				l = bv.head[f.symOf(f.estart[i])]
				if !bv.equal(l, bv.head[sym]) {
					changed = true
				}
			} else {
				l = bv.compute(st, int32(i))
			}
			if lost := st.lost[sym]; lost != nil {
				if memo == nil {
					memo = map[ir.Sym]int32{}
				}
				for _, t := range lost {
					l = bv.merge(l, bv.origList(st, t, memo))
				}
			}
			bv.head[sym] = l
			st.early[i], st.pinned[i] = bv.first(l)
		}
		if !changed || !hasForward {
			return bv
		}
	}
}

// compute returns the list of node i from those of its edges.
func (bv *bound) compute(st *state, i int32) int32 {
	f := &st.flat
	l, lb := int32(-1), int32(-1)
	blk := -1 // the block whose edges lb gathers
	flush := func() {
		if blk < 0 {
			return
		}
		// The block's own bound symbols are the deepest of its list.
		own := st.ein[st.firstBlock[i]+int32(blk)]
		for lb >= 0 && bv.cell(lb).key == own {
			lb = bv.cell(lb).next
		}
		l = bv.merge(l, lb)
		lb, blk = -1, -1
	}
	for e := f.estart[i]; e < f.estart[i+1]; e++ {
		h := bv.head[f.symOf(e)]
		k := f.ekind[e]
		if k < eBlock {
			l = bv.merge(l, h)
			continue
		}
		if b := int(k-eBlock) / 3; b != blk {
			flush()
			blk = b
		}
		lb = bv.merge(lb, h)
	}
	flush()
	return l
}

// origList returns the list of a node that dce removed, computed from the
// graph given to Run.
func (bv *bound) origList(st *state, s ir.Sym, memo map[ir.Sym]int32) int32 {
	if j := st.nodeOf(s); j >= 0 || st.binder[s] >= 0 {
		return bv.head[s]
	}
	if l, ok := memo[s]; ok {
		return l
	}
	memo[s] = -1 // cut cycles through λforward
	n := st.orig.Def(s)
	if n == nil {
		return -1
	}
	l := int32(-1)
	for _, a := range n.Args {
		if a.IsSym() && n.Op != ir.OpForward {
			l = bv.merge(l, bv.origList(st, a.Sym(), memo))
		}
	}
	if n.Eff != nil {
		for _, x := range append(append([]ir.Sym(nil), n.Eff.Hdeps...), n.Eff.Sdeps...) {
			l = bv.merge(l, bv.origList(st, x, memo))
		}
	}
	for _, b := range n.Blocks {
		lb := int32(-1)
		b.Used(func(x ir.Sym) { lb = bv.merge(lb, bv.origList(st, x, memo)) })
		for lb >= 0 && bv.cell(lb).key == b.Ein {
			lb = bv.cell(lb).next
		}
		l = bv.merge(l, lb)
	}
	memo[s] = l
	return l
}

// cons returns a new cell for the block whose effect input is key,
// before list next.
func (bv *bound) cons(key ir.Sym, ein bool, next int32) int32 {
	c := bvCell{key: key, next: next, jump: -1, nein: 1<<1 | einBit(ein)}
	if next >= 0 {
		p := bv.cell(next)
		c.nein = (p.n()+1)<<1 | einBit(ein)
		c.jump = next
		if j := p.jump; j >= 0 && p.n()-bv.cell(j).n() == bv.cell(j).n()-bv.length(bv.cell(j).jump) {
			c.jump = bv.cell(j).jump
		}
	}
	bv.mem = append(bv.mem, int32(c.key), c.next, c.jump, c.nein)
	return int32(len(bv.mem)/4 - 1)
}

func (bv *bound) length(a int32) int32 {
	if a < 0 {
		return 0
	}
	return bv.cell(a).n()
}

// find returns the first cell of list a whose key is at most k, or -1.
func (bv *bound) find(a int32, k ir.Sym) int32 {
	for a >= 0 && bv.cell(a).key > k {
		c := bv.cell(a)
		if c.jump >= 0 && bv.cell(c.jump).key > k {
			a = c.jump
		} else {
			a = c.next
		}
	}
	return a
}

// holds reports whether list a holds every block of list b, each with the
// effect input if b has it.
func (bv *bound) holds(a, b int32) bool {
	for b >= 0 {
		x := bv.cell(b)
		y := bv.find(a, x.key)
		switch {
		case y == b:
			return true // the rest is shared
		case y < 0 || bv.cell(y).key != x.key || x.ein() && !bv.cell(y).ein():
			return false
		}
		a, b = y, x.next
	}
	return true
}

// merge returns the union of two lists, sharing what it can.
func (bv *bound) merge(a, b int32) int32 {
	switch {
	case a < 0 || a == b:
		return b
	case b < 0:
		return a
	}
	if bv.length(a) < bv.length(b) {
		a, b = b, a
	}
	if bv.length(a) > 16 && bv.holds(a, b) { // short lists: just walk them
		return a
	}
	return bv.union(a, b)
}

// union merges two lists cell by cell.
func (bv *bound) union(a, b int32) int32 {
	switch {
	case a < 0 || a == b:
		return b
	case b < 0:
		return a
	}
	ca, cb := bv.cell(a), bv.cell(b)
	ka, kb := ca.key, cb.key
	if ka < kb {
		a, b, ca, cb, ka, kb = b, a, cb, ca, kb, ka
	}
	if ka > kb { // a's head comes first
		rest := bv.union(ca.next, b)
		if rest == ca.next {
			return a
		}
		return bv.cons(ca.key, ca.ein(), rest)
	}
	ein := ca.ein() || cb.ein()
	rest := bv.union(ca.next, cb.next)
	switch {
	case rest == ca.next && ein == ca.ein():
		return a
	case rest == cb.next && ein == cb.ein():
		return b
	}
	return bv.cons(ca.key, ein, rest)
}

func (bv *bound) equal(a, b int32) bool {
	for a != b {
		if a < 0 || b < 0 {
			return false
		}
		ca, cb := bv.cell(a), bv.cell(b)
		if ca.key != cb.key || ca.ein() != cb.ein() {
			return false
		}
		a, b = ca.next, cb.next
	}
	return true
}

// first returns the deepest block of list l (0, the top-level block, for
// the empty list) and whether the dependence reaches its effect input.
func (bv *bound) first(l int32) (int32, bool) {
	if l >= 0 {
		c := bv.cell(l)
		return bv.block(c), c.ein()
	}
	return 0, false
}

// block returns the id of the block of cell c.
func (bv *bound) block(c bvCell) int32 { return bv.binder[c.key] }
