package sched

// tree is the nesting tree of the blocks, grown downwards while placing:
// when a node with blocks is placed in block p, its blocks become children
// of p. Ancestor queries use skew-binary jump pointers (Myers 1983): each
// block keeps its parent and one jump pointer, chosen from the parent's so
// that any ancestor is reached in O(log depth) steps, with O(1) space and
// time per inserted block.
//
// Hot blocks (loop conditions and bodies, function bodies) form a second
// tree with pointers of the same kind, so that the highest hot block
// between two blocks of a chain is also found in O(log depth).
type tree struct {
	n []tnode // block id -> its node in the tree
}

// tnode is one block of the tree, its fields together in memory, since
// queries read several fields of each block they visit.
type tnode struct {
	parent int32 // -1 for the root and for blocks not inserted yet
	depth  int32 // -1 for blocks not inserted yet
	jump   int32
	hotAnc int32 // nearest hot ancestor-or-self, -1 if none
	hpar   int32 // for hot blocks: nearest hot strict ancestor, -1 if none
	hjump  int32 // for hot blocks: jump pointer in the hot tree
	hdepth int32 // for hot blocks: number of hot ancestors-or-self
	hot    bool  // the block runs more often than its parent (loop, function)
}

// newTree returns the tree of the blocks before any is inserted, in
// nodes (zeros, one per block).
func newTree(nodes []tnode) tree {
	t := tree{n: nodes}
	for i := range t.n {
		t.n[i].parent = -1
		t.n[i].depth = -1
	}
	t.n[0].depth = 0
	t.n[0].hotAnc = -1
	return t
}

// parent returns b's parent (-1 for the root).
func (t *tree) parent(b int32) int32 { return t.n[b].parent }

// depth returns b's depth (-1 if it is not inserted).
func (t *tree) depth(b int32) int32 { return t.n[b].depth }

// hot reports whether b is hot.
func (t *tree) hot(b int32) bool { return t.n[b].hot }

// inserted reports whether block b is in the tree.
func (t *tree) inserted(b int32) bool { return t.n[b].depth >= 0 }

// insert makes b a child of p; hot says whether b is hot.
func (t *tree) insert(b, p int32, hot bool) {
	n, np := &t.n[b], &t.n[p]
	n.parent = p
	n.depth = np.depth + 1
	if j := np.jump; np.depth-t.n[j].depth == t.n[j].depth-t.n[t.n[j].jump].depth {
		n.jump = t.n[j].jump
	} else {
		n.jump = p
	}
	n.hot = hot
	if !hot {
		n.hotAnc = np.hotAnc
		return
	}
	n.hotAnc = b
	hp := np.hotAnc
	n.hpar = hp
	if hp < 0 {
		n.hjump, n.hdepth = -1, 1
		return
	}
	h := &t.n[hp]
	n.hdepth = h.hdepth + 1
	j := h.hjump
	if j >= 0 && h.hdepth-t.n[j].hdepth == t.n[j].hdepth-t.hd(t.n[j].hjump) {
		n.hjump = t.n[j].hjump
	} else {
		n.hjump = hp
	}
}

func (t *tree) hd(b int32) int32 {
	if b < 0 {
		return 0
	}
	return t.n[b].hdepth
}

// ancestor returns the ancestor of b at depth d <= depth(b).
func (t *tree) ancestor(b, d int32) int32 {
	for {
		n := &t.n[b]
		if n.depth <= d {
			return b
		}
		if j := n.jump; t.n[j].depth >= d {
			b = j
		} else {
			b = n.parent
		}
	}
}

// encloses reports whether a is b or an ancestor of b.
func (t *tree) encloses(a, b int32) bool {
	if a == 0 { // the root: the common case
		return t.n[b].depth >= 0
	}
	da := t.n[a].depth
	return da <= t.n[b].depth && t.ancestor(b, da) == a
}

// lca returns the deepest block enclosing both a and b.
func (t *tree) lca(a, b int32) int32 {
	if t.n[a].depth < t.n[b].depth {
		a, b = b, a
	}
	a = t.ancestor(a, t.n[b].depth)
	for a != b {
		if ja, jb := t.n[a].jump, t.n[b].jump; ja != jb {
			a, b = ja, jb
		} else {
			a, b = t.n[a].parent, t.n[b].parent
		}
	}
	return a
}

// highestHot returns the highest hot block on the chain from b up to, but
// not including, its ancestor e; -1 if there is none.
func (t *tree) highestHot(b, e int32) int32 {
	h := t.n[b].hotAnc
	de := t.n[e].depth
	if h < 0 || t.n[h].depth <= de {
		return -1
	}
	for {
		n := &t.n[h]
		hp := n.hpar
		if hp < 0 || t.n[hp].depth <= de {
			return h
		}
		if j := n.hjump; j >= 0 && t.n[j].depth > de {
			h = j
		} else {
			h = hp
		}
	}
}

// depths returns every block's depth (-1 if it is not inserted).
func (t *tree) depths() []int32 {
	d := make([]int32, len(t.n))
	for i := range t.n {
		d[i] = t.n[i].depth
	}
	return d
}
