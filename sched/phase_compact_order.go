package sched

import "github.com/lmsgen/lmsgen/ir"

// This file is compact's part for Go's order of evaluation (see
// phase_compact.go): the inlined nodes Go might evaluate in another
// order than the source's become statements.

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
	// Room for all the positions' edges (the local ones are most of
	// them): the lists are not grown by doubling in a big block.
	room := int32(0)
	for k := range n {
		j := s.list[lo+k]
		room += f.estart[j+1] - f.estart[j]
	}
	to := make([]int32, 0, room)
	arg := make([]bool, 0, room)
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
