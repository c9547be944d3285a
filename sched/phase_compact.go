package sched

import "github.com/lmsgen/lmsgen/ir"

// compact marks the nodes to emit inline at their use rather than as
// statements (lms-traversal.md's CompactTraverser). In each block, a node
// is inlined when
//
//   - it is used exactly once in the block, as an argument of a node of
//     the block or as the block's result, and from no inner block;
//   - it may be an expression at all (not a node with blocks, a variable
//     declaration, an allocation, static data, a forward declaration, a
//     statement without value, or a multi-result call);
//   - inlining does not move it across a conflicting effect: walking the
//     block backwards from its result and its statements, a node is
//     inlined only if every node of the block that depends on it (through
//     any edge, effects included) comes after the point of inlining;
//   - for Go, it is not evaluated in an order Go leaves open with a node
//     it must be ordered with (see goOrder): a memory read beside a node
//     that writes, a trap beside a node that writes or traps, in one
//     expression, neither an operand of the other, not both calls. Such
//     a node is emitted as a statement instead, and whatever it depends
//     on in its former expression too (see reorder).
//
// Needs: order. Must run after: nothing (the schedule is complete).
func compact(st *state) {
	c := newCompactor(st)
	// Each block reads the counts of newCompactor and writes only its own
	// positions: halves of the blocks run in parallel.
	split(c.s.start, int32(len(st.blocks)), func(lo, hi int32) {
		var w, t counts // goOrder's, reused from block to block
		for b := lo; b < hi; b++ {
			c.block(b)
			c.goOrder(b, &w, &t)
		}
	})
	st.scratch.release(c.loc, c.at, c.parent)
}

// compactor holds, per position of the schedule's lists (a node's copy in
// a block), the counts the compact traverser needs. A position's local
// edges are its node's edges (arguments, hard and soft dependencies) to
// nodes placed in the same block.
type compactor struct {
	st *state
	s  *Schedule
	// loc is where each node is placed: loc[2j] is st.place[j], loc[2j+1]
	// its position when that is one block (side by side: posIn reads
	// both).
	loc []int32

	at       []posCount // position -> its counts
	inner    bitset     // node index -> used from a block where no copy serves the use
	innerPos bitset     // position -> the copy there is used from an inner block
	parent   []int32    // position of the user an inlined node is inlined into, -1: the block result
}

// posCount holds what the compact traverser counts for one position, in
// one word: the local successors (edges) not yet passed by the reverse
// walk (rem, the high bits), whether the reverse walk passed it
// (posSeen), whether inlining is disabled (posOff), and its direct local
// uses, up to 2 (more count as 2; the low two bits).
//
// loc, at and parent are int32 arrays lent by st.scratch: after place,
// the arrays of the uses and of early are free, and compact needs no
// fresh memory for them.
type posCount = int32

const (
	posHm   posCount = 3 // the direct local uses
	posOff  posCount = 1 << 2
	posSeen posCount = 1 << 3
	posRem  posCount = 1 << 4 // one local successor
)

// newCompactor counts, for every copy of a node, its local uses and
// successors, and marks the copies used from inner blocks. Each block's
// counts come from its own positions and its own result and
// dependencies, so halves of the blocks are counted in parallel; a use
// from an inner block marks a copy elsewhere, in a bit set written
// atomically.
func newCompactor(st *state) *compactor {
	s := st.sched
	nn, np, nb := len(st.g.Nodes), len(s.list), int32(len(st.blocks))
	c := &compactor{st: st, s: s, loc: st.scratch.int32s(2 * nn),
		at: st.scratch.int32s(np), inner: newBitset(nn), innerPos: newBitset(np), parent: st.scratch.int32s(np)}
	split(nil, int32(nn), func(lo, hi int32) {
		for j := lo; j < hi; j++ {
			c.loc[2*j] = st.place[j]
		}
	})
	split(s.start, nb, func(lo, hi int32) {
		for p := s.start[lo]; p < s.start[hi]; p++ {
			if j := s.list[p]; st.place[j] >= 0 {
				c.loc[2*j+1] = p
			}
		}
	})
	split(s.start, nb, func(lo, hi int32) {
		for b := lo; b < hi; b++ {
			c.countBlock(b)
		}
	})
	return c
}

// countBlock counts the uses of block b: those of the copies placed in
// it, then its own (its result, and its dependencies).
func (c *compactor) countBlock(b int32) {
	st, s, f := c.st, c.s, &c.st.flat
	for p := s.start[b]; p < s.start[b+1]; p++ {
		j := s.list[p]
		for e := f.estart[j]; e < f.estart[j+1]; e++ {
			k := f.ekind[e]
			if k >= eBlock {
				break
			}
			t := f.etgt[e]
			if t < 0 {
				continue
			}
			q := c.posIn(b, t)
			if q < 0 {
				c.innerUse(b, t)
				continue
			}
			c.at[q] += posRem
			if k == eArg {
				c.use(q)
			}
		}
	}
	if b == 0 {
		if r := st.g.Block.Res; r.IsSym() {
			c.blockUse(0, st.nodeOf(r.Sym()), true)
		}
		return
	}
	// The owner's edges for its blocks come last, block by block.
	j, first := st.owner[b], eBlock+3*ir.EdgeKind(st.slot[b])
	for e := f.estart[j+1] - 1; e >= f.estart[j] && f.ekind[e] >= first; e-- {
		if k := f.ekind[e]; k < first+3 {
			c.blockUse(b, f.etgt[e], k == first)
		}
	}
}

// use counts a direct local use of position p.
func (c *compactor) use(p int32) {
	if c.at[p]&posHm < 2 {
		c.at[p]++
	}
}

// blockUse records that block b uses node k (as its result if res; k < 0
// for a symbol that is not a node).
func (c *compactor) blockUse(b, k int32, res bool) {
	if k < 0 {
		return
	}
	if q := c.posIn(b, k); q >= 0 {
		if res {
			c.use(q)
		}
		return
	}
	c.innerUse(b, k)
}

// innerUse records that block b uses node k, which has no copy in b: the
// copy serving the use, in the nearest enclosing block that has one, is
// used from an inner block and stays a statement. Only a duplicated node
// has several copies to choose from: the others of a cheap node used once
// beside each of its copies are still inlined (if x <= 1 {, not
// x1254 := x <= 1; if x1254 {).
func (c *compactor) innerUse(b, k int32) {
	st := c.st
	switch p := st.place[k]; {
	case p >= 0:
		c.innerPos.set(c.loc[2*k+1])
		return
	case p <= -2:
		for x := st.tree.parent(b); x >= 0; x = st.tree.parent(x) {
			if q := c.posIn(x, k); q >= 0 {
				c.innerPos.set(q)
				return
			}
		}
	}
	c.inner.set(k) // no copy found: none is inlined
}

// posIn returns the position of node j's copy in block b, or -1.
func (c *compactor) posIn(b, j int32) int32 {
	switch place := c.loc[2*j]; {
	case place == b:
		return c.loc[2*j+1]
	case place <= -2:
		if k, ok := c.s.find(b, j); ok {
			return int32(k)
		}
	}
	return -1
}

func (c *compactor) should(p int32) bool {
	a := c.at[p]
	return a&posOff == 0 && a&posHm == 1 && !c.innerPos.has(p) && !c.inner.has(c.s.list[p])
}

// check decides whether the node at p, in block b, is inlined into the
// node at user (-1: the block result).
func (c *compactor) check(b, p, user int32) {
	if !c.should(p) {
		return
	}
	if c.st.flat.props[c.s.list[p]]&propInline != 0 && c.at[p]>>4 == 0 { // no local successor left
		c.s.inl[p] = true
		c.parent[p] = user
		c.process(b, p)
	} else {
		c.at[p] |= posOff
	}
}

// process marks the node at p, in block b, as placed (in reverse) and
// checks its arguments, last first.
func (c *compactor) process(b, p int32) {
	f := &c.st.flat
	c.at[p] |= posSeen
	j := c.s.list[p]
	lo, hi := f.estart[j], f.estart[j+1]
	local := func(e int32) int32 {
		if t := f.etgt[e]; t >= 0 {
			return c.posIn(b, t)
		}
		return -1
	}
	for e := lo; e < hi && f.ekind[e] < eBlock; e++ {
		if q := local(e); q >= 0 {
			c.at[q] -= posRem
		}
	}
	for e := hi - 1; e >= lo; e-- {
		if f.ekind[e] == eArg {
			if q := local(e); q >= 0 {
				c.check(b, q, p)
			}
		}
	}
}

// block runs the compact traverser's reverse pass on block b.
func (c *compactor) block(b int32) {
	s, st := c.s, c.st
	lo, hi := s.start[b], s.start[b+1]
	if lo == hi {
		return
	}
	if j := st.bres[b]; j >= 0 {
		if p := c.posIn(b, j); p >= 0 {
			c.check(b, p, -1)
		}
	}
	for p := hi - 1; p >= lo; p-- {
		if (!c.should(p) || !s.inl[p]) && c.at[p]&posSeen == 0 {
			c.process(b, p)
		}
	}
}

// Go's order of evaluation (see goOrder) sorts nodes into: calls
// (applications, library calls, and the built-ins append and copy, which
// Go evaluates in order among themselves); writers (nodes that write
// memory or output: anything but TRAP, which an operation that may panic
// writes only to keep panics in order); memory reads (a variable or a
// slice element); and traps.

// isCall reports whether n is a call for Go's order of evaluation.
func isCall(n *ir.Node) bool { return isCallOp(n.Op) }

func isCallOp(op ir.Op) bool {
	switch op {
	case ir.OpApply, ir.OpCall, ir.OpAppend, ir.OpAppendSlice, ir.OpGrow, ir.OpCopy:
		return true
	}
	return false
}

// writes reports whether n writes memory or output.
func writes(n *ir.Node) bool { return ir.BitsOf(n)&ir.BitWrite != 0 }

// readsMemory reports whether n reads a variable or memory.
func readsMemory(n *ir.Node) bool { return ir.BitsOf(n)&ir.BitReadSym != 0 }

// mayInline reports whether n can be emitted as an expression.
func mayInline(n *ir.Node) bool { return mayInlineOp(n.Op, ir.BitsOf(n), len(n.Blocks)) }

// mayInlineOp is mayInline of a node with operator op, facts bits and
// nblocks blocks.
func mayInlineOp(op ir.Op, bits ir.NodeBits, nblocks int) bool {
	if nblocks > 0 || bits&ir.BitVoid != 0 || bits&ir.BitTuple != 0 && op != ir.OpTuple {
		return false
	}
	switch op {
	case ir.OpVarNew, ir.OpForward, ir.OpStatic, ir.OpSliceNew:
		return false
	}
	return true
}

// forEdge calls f for every symbol n depends on: arguments (direct), hard
// and soft dependencies, with blk -1; and the used symbols and soft
// dependencies of its blocks, with blk the block's position (direct for
// the result).
func forEdge(n *ir.Node, f func(s ir.Sym, direct bool, blk int)) {
	for _, a := range n.Args {
		if a.IsSym() {
			f(a.Sym(), true, -1)
		}
	}
	if n.Eff != nil {
		for _, s := range n.Eff.Hdeps {
			f(s, false, -1)
		}
		for _, s := range n.Eff.Sdeps {
			f(s, false, -1)
		}
	}
	for k, b := range n.Blocks {
		if b.Res.IsSym() {
			f(b.Res.Sym(), true, k)
		}
		for _, s := range b.Eff.Hdeps {
			f(s, false, k)
		}
		for _, s := range b.Eff.Sdeps {
			f(s, false, k)
		}
	}
}
