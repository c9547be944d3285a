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
	for b := int32(0); b < int32(len(st.blocks)); b++ {
		c.block(b)
	}
	for b := int32(0); b < int32(len(st.blocks)); b++ {
		c.goOrder(b)
	}
}

// compactor holds, per position of the schedule's lists (a node's copy in
// a block), the counts the compact traverser needs. A position's local
// edges are its node's edges (arguments, hard and soft dependencies) to
// nodes placed in the same block.
type compactor struct {
	st     *state
	s      *Schedule
	single []int32 // node index -> its position, for a single placement

	at       []posCount // position -> its counts
	inner    []bool     // node index -> used from a block where no copy serves the use
	innerPos []bool     // position -> the copy there is used from an inner block
	parent   []int32    // position of the user an inlined node is inlined into, -1: the block result
}

// posCount holds what the compact traverser counts for one position, in
// one record: it reads them together.
type posCount struct {
	hm       int32 // direct local uses
	succ     int32 // local successors (edges)
	seenSucc int32 // local successors passed by the reverse walk
	seen     bool  // passed by the reverse walk
	off      bool  // inlining disabled
}

func newCompactor(st *state) *compactor {
	s := st.sched
	g, f := st.g, &st.flat
	np := len(s.list)
	c := &compactor{st: st, s: s, single: make([]int32, len(g.Nodes)),
		at: make([]posCount, np), inner: make([]bool, len(g.Nodes)), innerPos: make([]bool, np), parent: make([]int32, np)}
	for p, j := range s.list {
		c.single[j] = int32(p)
	}
	// One walk in node order: count each copy's local uses; what is used
	// from a block where it is not placed is used from an inner block.
	var buf [1]int32
	for j := int32(0); j < int32(len(g.Nodes)); j++ {
		for _, b := range st.placements(j, &buf) {
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
				c.at[q].succ++
				if k == eArg {
					c.at[q].hm++
				}
			}
		}
		// What a node's blocks use (their edges come last): the result
		// counts as a use in the block if it is placed there.
		for e := f.estart[j+1] - 1; e >= f.estart[j] && f.ekind[e] >= eBlock; e-- {
			k := f.ekind[e]
			c.blockUse(st.firstBlock[j]+int32(k-eBlock)/3, f.etgt[e], (k-eBlock)%3 == 0)
		}
	}
	if r := g.Block.Res; r.IsSym() {
		c.blockUse(0, st.nodeOf(r.Sym()), true)
	}
	return c
}

// blockUse records that block b uses node k (as its result if res; k < 0
// for a symbol that is not a node).
func (c *compactor) blockUse(b, k int32, res bool) {
	if k < 0 {
		return
	}
	if q := c.posIn(b, k); q >= 0 {
		if res {
			c.at[q].hm++
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
		c.innerPos[c.single[k]] = true
		return
	case p <= -2:
		for x := st.tree.parent(b); x >= 0; x = st.tree.parent(x) {
			if q := c.posIn(x, k); q >= 0 {
				c.innerPos[q] = true
				return
			}
		}
	}
	c.inner[k] = true // no copy found: none is inlined
}

// posIn returns the position of node j's copy in block b, or -1.
func (c *compactor) posIn(b, j int32) int32 {
	st := c.st
	switch p := st.place[j]; {
	case p == b:
		return c.single[j]
	case p <= -2:
		if k, ok := c.s.find(b, j); ok {
			return int32(k)
		}
	}
	return -1
}

func (c *compactor) should(p int32) bool {
	a := &c.at[p]
	return !a.off && a.hm == 1 && !c.innerPos[p] && !c.inner[c.s.list[p]]
}

// check decides whether the node at p is inlined into the node at user
// (-1: the block result).
func (c *compactor) check(p, user int32) {
	if !c.should(p) {
		return
	}
	if c.st.flat.props[c.s.list[p]]&propInline != 0 && c.at[p].seenSucc == c.at[p].succ {
		c.s.inl[p] = true
		c.parent[p] = user
		c.process(p)
	} else {
		c.at[p].off = true
	}
}

// process marks the node at p as placed (in reverse) and checks its
// arguments, last first.
func (c *compactor) process(p int32) {
	st, f := c.st, &c.st.flat
	c.at[p].seen = true
	j, b := c.s.list[p], st.posBlock[p]
	lo, hi := f.estart[j], f.estart[j+1]
	local := func(e int32) int32 {
		if t := f.etgt[e]; t >= 0 {
			return c.posIn(b, t)
		}
		return -1
	}
	for e := lo; e < hi && f.ekind[e] < eBlock; e++ {
		if q := local(e); q >= 0 {
			c.at[q].seenSucc++
		}
	}
	for e := hi - 1; e >= lo; e-- {
		if f.ekind[e] == eArg {
			if q := local(e); q >= 0 {
				c.check(q, p)
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
			c.check(p, -1)
		}
	}
	for p := hi - 1; p >= lo; p-- {
		if (!c.should(p) || !s.inl[p]) && !c.at[p].seen {
			c.process(p)
		}
	}
}

// goOrder un-inlines, in block b, every inlined node that Go might
// evaluate out of order with another node of its expression, until there
// is none. Go evaluates an expression's operands before its operator and
// its calls in order, nothing more: so two nodes of one expression, one
// neither an ancestor nor a descendant of the other, are unordered unless
// both are calls. That matters for a memory read (not a call) beside a
// node that writes, and for a trapping node (not a call) beside a node
// that writes or traps (the first panic must be the source's). The read or
// trap becomes a statement (see orderClass).
func (c *compactor) goOrder(b int32) {
	const maxOrderRounds = 16
	s, f := c.s, &c.st.flat
	lo, hi := s.start[b], s.start[b+1]
	inl := s.inl
	some := false
	for p := lo; p < hi; p++ {
		some = some || inl[p] && f.props[s.list[p]]&(propWrite|propTrap) != 0
	}
	if !some {
		return // the common case: nothing to order
	}
	n := hi - lo
	var w, t counts // writers, traps
	w.init(n)
	t.init(n)
	for k := range n {
		p := f.props[s.list[lo+k]]
		if p&propWrite != 0 {
			w.own[k] = 1
		}
		if p&propTrap != 0 {
			t.own[k] = 1
		}
	}
	parent := c.parent[lo:hi]
	done := make([]int32, n+1) // root -> iteration that made a statement in its expression
	uninlined := false
	for iter := int32(1); ; iter++ {
		changed := false
		w.count(inl[lo:hi], parent, lo)
		t.count(inl[lo:hi], parent, lo)
		for k := range n {
			if !inl[lo+k] {
				continue
			}
			p := f.props[s.list[lo+k]]
			if p&propCall != 0 {
				continue // calls are ordered among themselves; the other side moves
			}
			if p&(propRead|propTrap) != 0 && w.unordered(k) > 0 || p&propTrap != 0 && t.unordered(k) > 0 {
				// Only the first such node of each expression: once it
				// is a statement, the others may be ordered. After a few
				// rounds, all of them at once: each round recounts the
				// whole block, and an expression with many unordered
				// reads would need as many rounds (quadratic).
				r := w.root[k]
				if r < 0 {
					r = n
				}
				if done[r] == iter && iter <= maxOrderRounds {
					continue
				}
				done[r] = iter
				inl[lo+k] = false
				changed = true
				uninlined = true
			}
		}
		if !changed {
			break
		}
	}
	if uninlined {
		c.reorder(b)
	}
}

// counts counts the nodes of one class in the expressions of a block.
type counts struct {
	own, anc, desc, root []int32 // per position in the block
	res                  int32   // in the block result's expression
}

func (c *counts) init(n int32) {
	c.own, c.anc, c.desc, c.root = make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
}

// count computes, for each node, the class's nodes among its strict
// ancestors and descendants in its expression, and its expression's root
// (-1 for the block result). parent holds absolute positions (lo is the
// block's first).
func (c *counts) count(inl []bool, parent []int32, lo int32) {
	n := int32(len(inl))
	clear(c.desc)
	for k := range n { // operands before their users
		if inl[k] && parent[k] >= 0 {
			c.desc[parent[k]-lo] += c.desc[k] + c.own[k]
		}
	}
	c.res = 0
	for k := n - 1; k >= 0; k-- { // users before their operands
		switch u := parent[k]; {
		case !inl[k]:
			c.root[k], c.anc[k] = k, 0
		case u < 0:
			c.root[k], c.anc[k] = -1, 0
			c.res += c.desc[k] + c.own[k]
		default:
			c.root[k], c.anc[k] = c.root[u-lo], c.anc[u-lo]+c.own[u-lo]
		}
	}
}

// unordered returns the class's nodes in k's expression that are neither
// k, nor its ancestors, nor its descendants.
func (c *counts) unordered(k int32) int32 {
	total := c.res
	if r := c.root[k]; r >= 0 {
		total = c.desc[r] + c.own[r]
	}
	return total - c.anc[k] - c.desc[k] - c.own[k]
}

// reorder restores evaluation order in block b after goOrder made some
// nodes statements: such a node now runs at its own place, earlier than
// the expression it left, and may depend on a node still inlined in that
// expression. Every inlined node that is evaluated after a node depending
// on it becomes a statement too (it moves earlier, to its own place, which
// is before all that depends on it), until the order is right.
func (c *compactor) reorder(b int32) {
	s, f := c.s, &c.st.flat
	lo, hi := s.start[b], s.start[b+1]
	inl := s.inl
	rank := make([]int32, hi-lo)
	for changed := true; changed; {
		changed = false
		next := int32(0)
		var visit func(p int32)
		visit = func(p int32) {
			j := s.list[p]
			for e := f.estart[j]; e < f.estart[j+1] && f.ekind[e] < eBlock; e++ {
				if f.ekind[e] != eArg {
					continue
				}
				if t := f.etgt[e]; t >= 0 {
					if q := c.posIn(b, t); q >= 0 && inl[q] && c.parent[q] == p {
						visit(q)
					}
				}
			}
			rank[p-lo] = next
			next++
		}
		for p := lo; p < hi; p++ {
			if !inl[p] {
				visit(p)
			}
		}
		for p := lo; p < hi; p++ {
			if inl[p] && c.parent[p] < 0 {
				visit(p) // the block result
			}
		}
		for p := lo; p < hi; p++ {
			j := s.list[p]
			for e := f.estart[j]; e < f.estart[j+1] && f.ekind[e] < eBlock; e++ {
				if f.op[j] == ir.OpForward {
					break // it names its λ, which follows it
				}
				if t := f.etgt[e]; t >= 0 {
					if q := c.posIn(b, t); q >= 0 && inl[q] && rank[q-lo] >= rank[p-lo] {
						inl[q] = false
						changed = true
					}
				}
			}
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
	case ir.OpApply, ir.OpCall, ir.OpAppend, ir.OpAppendSlice, ir.OpCopy:
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
