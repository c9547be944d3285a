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
	parent []int32 // -1 for the root and for blocks not inserted yet
	depth  []int32
	jump   []int32
	hot    []bool  // the block runs more often than its parent (loop, function)
	hotAnc []int32 // nearest hot ancestor-or-self, -1 if none
	hpar   []int32 // for hot blocks: nearest hot strict ancestor, -1 if none
	hjump  []int32 // for hot blocks: jump pointer in the hot tree
	hdepth []int32 // for hot blocks: number of hot ancestors-or-self
}

func newTree(n int) tree {
	t := tree{
		parent: make([]int32, n), depth: make([]int32, n), jump: make([]int32, n),
		hot: make([]bool, n), hotAnc: make([]int32, n), hpar: make([]int32, n),
		hjump: make([]int32, n), hdepth: make([]int32, n),
	}
	for i := range t.parent {
		t.parent[i] = -1
		t.depth[i] = -1
	}
	t.depth[0] = 0
	t.hotAnc[0] = -1
	return t
}

// inserted reports whether block b is in the tree.
func (t *tree) inserted(b int32) bool { return t.depth[b] >= 0 }

// insert makes b a child of p; hot says whether b is hot.
func (t *tree) insert(b, p int32, hot bool) {
	t.parent[b] = p
	t.depth[b] = t.depth[p] + 1
	if j := t.jump[p]; t.depth[p]-t.depth[j] == t.depth[j]-t.depth[t.jump[j]] {
		t.jump[b] = t.jump[j]
	} else {
		t.jump[b] = p
	}
	t.hot[b] = hot
	if !hot {
		t.hotAnc[b] = t.hotAnc[p]
		return
	}
	t.hotAnc[b] = b
	hp := t.hotAnc[p]
	t.hpar[b] = hp
	if hp < 0 {
		t.hjump[b], t.hdepth[b] = -1, 1
		return
	}
	t.hdepth[b] = t.hdepth[hp] + 1
	j := t.hjump[hp]
	if j >= 0 && t.hdepth[hp]-t.hdepth[j] == t.hdepth[j]-t.hd(t.hjump[j]) {
		t.hjump[b] = t.hjump[j]
	} else {
		t.hjump[b] = hp
	}
}

func (t *tree) hd(b int32) int32 {
	if b < 0 {
		return 0
	}
	return t.hdepth[b]
}

// ancestor returns the ancestor of b at depth d <= depth(b).
func (t *tree) ancestor(b, d int32) int32 {
	for t.depth[b] > d {
		if j := t.jump[b]; t.depth[j] >= d {
			b = j
		} else {
			b = t.parent[b]
		}
	}
	return b
}

// encloses reports whether a is b or an ancestor of b.
func (t *tree) encloses(a, b int32) bool {
	return t.depth[a] <= t.depth[b] && t.ancestor(b, t.depth[a]) == a
}

// lca returns the deepest block enclosing both a and b.
func (t *tree) lca(a, b int32) int32 {
	if t.depth[a] < t.depth[b] {
		a, b = b, a
	}
	a = t.ancestor(a, t.depth[b])
	for a != b {
		if ja, jb := t.jump[a], t.jump[b]; ja != jb {
			a, b = ja, jb
		} else {
			a, b = t.parent[a], t.parent[b]
		}
	}
	return a
}

// highestHot returns the highest hot block on the chain from b up to, but
// not including, its ancestor e; -1 if there is none.
func (t *tree) highestHot(b, e int32) int32 {
	h := t.hotAnc[b]
	de := t.depth[e]
	if h < 0 || t.depth[h] <= de {
		return -1
	}
	for {
		hp := t.hpar[h]
		if hp < 0 || t.depth[hp] <= de {
			return h
		}
		if j := t.hjump[h]; j >= 0 && t.depth[j] > de {
			h = j
		} else {
			h = hp
		}
	}
}
