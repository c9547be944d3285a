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
}

// compactor holds, per position of the schedule's lists (a node's copy in
// a block), the counts the compact traverser needs. A position's local
// edges are its node's edges (arguments, hard and soft dependencies) to
// nodes placed in the same block.
type compactor struct {
	st  *state
	s   *Schedule
	loc []location // node index -> where it is placed

	at       []posCount // position -> its counts
	inner    bitset     // node index -> used from a block where no copy serves the use
	innerPos bitset     // position -> the copy there is used from an inner block
	parent   []int32    // position of the user an inlined node is inlined into, -1: the block result
}

// location is where a node is placed: st.place, and its position when
// that is one block (in one record, read together by posIn).
type location struct {
	place, pos int32
}

// posCount holds what the compact traverser counts for one position, in
// one record: it reads them together.
type posCount struct {
	rem  int32 // local successors (edges) not yet passed by the reverse walk
	hm   uint8 // direct local uses, up to 2 (more count as 2)
	seen bool  // passed by the reverse walk
	off  bool  // inlining disabled
}

// newCompactor counts, for every copy of a node, its local uses and
// successors, and marks the copies used from inner blocks. Each block's
// counts come from its own positions and its own result and
// dependencies, so halves of the blocks are counted in parallel; a use
// from an inner block marks a copy elsewhere, in a bit set written
// atomically.
func newCompactor(st *state) *compactor {
	s := st.sched
	nn, np, nb := len(st.g.Nodes), len(s.list), int32(len(st.blocks))
	c := &compactor{st: st, s: s, loc: make([]location, nn),
		at: make([]posCount, np), inner: newBitset(nn), innerPos: newBitset(np), parent: make([]int32, np)}
	split(nil, int32(nn), func(lo, hi int32) {
		for j := lo; j < hi; j++ {
			c.loc[j].place = st.place[j]
		}
	})
	split(s.start, nb, func(lo, hi int32) {
		for p := s.start[lo]; p < s.start[hi]; p++ {
			if j := s.list[p]; st.place[j] >= 0 {
				c.loc[j].pos = p
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
			c.at[q].rem++
			if k == eArg {
				c.at[q].use()
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

// use counts a direct local use.
func (a *posCount) use() {
	if a.hm < 2 {
		a.hm++
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
			c.at[q].use()
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
		c.innerPos.set(c.loc[k].pos)
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
	switch l := c.loc[j]; {
	case l.place == b:
		return l.pos
	case l.place <= -2:
		if k, ok := c.s.find(b, j); ok {
			return int32(k)
		}
	}
	return -1
}

func (c *compactor) should(p int32) bool {
	a := &c.at[p]
	return !a.off && a.hm == 1 && !c.innerPos.has(p) && !c.inner.has(c.s.list[p])
}

// check decides whether the node at p, in block b, is inlined into the
// node at user (-1: the block result).
func (c *compactor) check(b, p, user int32) {
	if !c.should(p) {
		return
	}
	if c.st.flat.props[c.s.list[p]]&propInline != 0 && c.at[p].rem == 0 {
		c.s.inl[p] = true
		c.parent[p] = user
		c.process(b, p)
	} else {
		c.at[p].off = true
	}
}

// process marks the node at p, in block b, as placed (in reverse) and
// checks its arguments, last first.
func (c *compactor) process(b, p int32) {
	f := &c.st.flat
	c.at[p].seen = true
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
			c.at[q].rem--
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
		if (!c.should(p) || !s.inl[p]) && !c.at[p].seen {
			c.process(b, p)
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
//
// One count over the block finds the expressions that have such a node;
// each of those is then settled on its own, in rounds that recount only
// its nodes: the first offending node of each expression becomes a
// statement (the others may then be ordered), until none is left. Making
// a node a statement only splits its expression, so the other
// expressions are not affected.
//
// w and t are the counts of writers and traps, whose arrays are reused.
func (c *compactor) goOrder(b int32, w, t *counts) {
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
	o := &orderer{c: c, lo: lo, inl: inl[lo:hi], parent: c.parent[lo:hi], w: w, t: t}
	n := hi - lo
	o.w.init(n)
	o.t.init(n)
	for k := range n {
		p := f.props[s.list[lo+k]]
		if p&propWrite != 0 {
			o.w.own[k] = 1
		}
		if p&propTrap != 0 {
			o.t.own[k] = 1
		}
	}
	o.w.count(nil, o.inl, o.parent, lo)
	o.t.count(nil, o.inl, o.parent, lo)
	// The expressions with an offending node, by root (n: the block
	// result's), and their nodes in block order.
	var roots []int32
	member := make(map[int32][]int32)
	for k := range n {
		if o.offends(k) {
			r := o.root(k)
			if _, ok := member[r]; !ok {
				roots = append(roots, r)
				member[r] = nil
			}
		}
	}
	if len(roots) == 0 {
		return
	}
	for k := range n {
		if ks, ok := member[o.root(k)]; ok {
			member[o.root(k)] = append(ks, k)
		}
	}
	done := make([]int32, n+1) // root -> round that made a statement in its expression
	for _, r := range roots {
		o.settle(member[r], done)
	}
	c.reorder(b)
}

// orderer is goOrder's state for one block; positions k are relative to
// the block's first, lo.
type orderer struct {
	c      *compactor
	lo     int32
	inl    []bool
	parent []int32 // absolute positions, -1 for the block result
	w, t   *counts // writers, traps
}

// root returns the root of k's expression (the block's length n for the
// block result's).
func (o *orderer) root(k int32) int32 {
	if r := o.w.root[k]; r >= 0 {
		return r
	}
	return int32(len(o.inl))
}

// offends reports whether the inlined node k is unordered with a node of
// its expression that it must be ordered with.
func (o *orderer) offends(k int32) bool {
	if !o.inl[k] {
		return false
	}
	s, f := o.c.s, &o.c.st.flat
	p := f.props[s.list[o.lo+k]]
	if p&propCall != 0 {
		return false // calls are ordered among themselves; the other side moves
	}
	return p&(propRead|propTrap) != 0 && o.w.unordered(k) > 0 || p&propTrap != 0 && o.t.unordered(k) > 0
}

// settle un-inlines offending nodes of one expression, whose nodes are
// ks (in block order), until none is left: in each round, the first of
// each of its (sub)expressions. Each round recounts the expression, and
// an expression with many unordered reads would need as many rounds
// (quadratic): after 16 rounds, or as many as orderBudget allows for an
// expression of this size, all of them at once.
func (o *orderer) settle(ks []int32, done []int32) {
	maxOrderRounds := int32(16)
	if n := int32(len(ks)); n*maxOrderRounds > orderBudget {
		maxOrderRounds = max(1, orderBudget/n)
	}
	for iter := int32(1); ; iter++ {
		o.w.count(ks, o.inl, o.parent, o.lo)
		o.t.count(ks, o.inl, o.parent, o.lo)
		changed := false
		for _, k := range ks {
			if !o.offends(k) {
				continue
			}
			r := o.root(k)
			if done[r] == iter && iter <= maxOrderRounds {
				continue
			}
			done[r] = iter
			o.inl[k] = false
			changed = true
		}
		if !changed {
			return
		}
	}
}

// orderBudget bounds the nodes settle recounts in the rounds that
// un-inline one node per expression: expressions of up to 4,096 nodes get
// 16 rounds, larger ones (generated, unrolled code) fewer.
const orderBudget = 1 << 16

// counts counts the nodes of one class in the expressions of a block.
type counts struct {
	own, anc, desc, root []int32 // per position in the block
	res                  int32   // in the block result's expression
}

// init makes the arrays hold n positions, own cleared (the others are set
// by count).
func (c *counts) init(n int32) {
	if int(n) > cap(c.own) {
		c.own, c.anc, c.desc, c.root = make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
		return
	}
	c.own, c.anc, c.desc, c.root = c.own[:n], c.anc[:n], c.desc[:n], c.root[:n]
	clear(c.own)
}

// count computes, for each node of ks (positions in block order, nil for
// all of the block; with each inlined node, its user), the class's nodes
// among its strict ancestors and descendants in its expression, and its
// expression's root (-1 for the block result). parent holds absolute
// positions (lo is the block's first).
func (c *counts) count(ks []int32, inl []bool, parent []int32, lo int32) {
	m := int32(len(ks))
	if ks == nil {
		m = int32(len(inl))
	}
	at := func(i int32) int32 {
		if ks == nil {
			return i
		}
		return ks[i]
	}
	for i := range m {
		c.desc[at(i)] = 0
	}
	for i := range m { // operands before their users
		if k := at(i); inl[k] && parent[k] >= 0 {
			c.desc[parent[k]-lo] += c.desc[k] + c.own[k]
		}
	}
	c.res = 0
	for i := m - 1; i >= 0; i-- { // users before their operands
		k := at(i)
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
	n := hi - lo
	inl := s.inl[lo:hi]
	parent := c.parent[lo:hi]
	// The local edges of each position, found once: edges [at[k],
	// at[k+1]) of position k go to the positions to[...] (block-relative),
	// with arg[...] saying whether the edge is an argument.
	at := make([]int32, n+1)
	var to []int32
	var arg []bool
	for k := range n {
		at[k] = int32(len(to))
		j := s.list[lo+k]
		for e := f.estart[j]; e < f.estart[j+1] && f.ekind[e] < eBlock; e++ {
			if t := f.etgt[e]; t >= 0 {
				if q := c.posIn(b, t); q >= 0 {
					to = append(to, q-lo)
					arg = append(arg, f.ekind[e] == eArg)
				}
			}
		}
	}
	at[n] = int32(len(to))
	rank := make([]int32, n)
	var next int32
	// visit ranks the expression rooted at k in evaluation order: its
	// inlined operands first, in order (depth first, with a stack of
	// positions and the edge each resumes at: expressions can be deep).
	type frame struct{ k, x int32 }
	var stack []frame
	visit := func(k int32) {
		stack = append(stack[:0], frame{k, at[k]})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			k, x := top.k, top.x
			for ; x < at[k+1]; x++ {
				if q := to[x]; arg[x] && inl[q] && parent[q] == lo+k {
					break
				}
			}
			if x < at[k+1] {
				top.x = x + 1
				q := to[x]
				stack = append(stack, frame{q, at[q]})
				continue
			}
			rank[k] = next
			next++
			stack = stack[:len(stack)-1]
		}
	}
	for changed := true; changed; {
		changed = false
		next = 0
		for k := range n {
			if !inl[k] {
				visit(k)
			}
		}
		for k := range n {
			if inl[k] && parent[k] < 0 {
				visit(k) // the block result
			}
		}
		for k := range n {
			if f.op[s.list[lo+k]] == ir.OpForward {
				continue // it names its λ, which follows it
			}
			for x := at[k]; x < at[k+1]; x++ {
				if q := to[x]; inl[q] && rank[q] >= rank[k] {
					inl[q] = false
					changed = true
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
