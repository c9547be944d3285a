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
//   - for Go, the expression it joins contains no call with effects (an
//     application, or a node that writes) unless that call is an ancestor
//     or a descendant of it in the expression, when it is a variable or
//     memory read or can trap: Go orders calls among themselves, and an
//     operand before its operator, but leaves plain reads and panics
//     unordered with respect to other calls of the same expression. Such
//     a node is emitted as a statement instead (which is always correct:
//     it only moves its evaluation earlier, to its place in node order).
//
// Needs: order. Must run after: nothing (the schedule is complete).
func compact(st *state) {
	s := st.sched
	g := st.g
	np := len(s.list)
	// pos returns the position of node j's copy in block c, or -1.
	single := make([]int32, len(g.Nodes))
	for b := range st.blocks {
		for k := s.start[b]; k < s.start[b+1]; k++ {
			single[s.list[k]] = k
		}
	}
	pos := func(c, j int32) int32 {
		if st.place[j] == c {
			return single[j]
		}
		if st.place[j] <= -2 {
			if k, ok := s.find(c, j); ok {
				return int32(k)
			}
		}
		return -1
	}
	hm := make([]int32, np)             // direct local uses
	inner := make([]bool, len(g.Nodes)) // used from an inner block
	succ := make([]int32, np)           // local successors (edges)
	for b := int32(0); b < int32(len(st.blocks)); b++ {
		for k := s.start[b]; k < s.start[b+1]; k++ {
			d := g.Nodes[s.list[k]]
			forEdge(d, func(x ir.Sym, direct bool, blk int) {
				j := st.nodeOf(x)
				if j < 0 {
					return
				}
				c := b
				if blk >= 0 {
					c = st.firstBlock[s.list[k]] + int32(blk)
				}
				p := pos(c, j)
				switch {
				case p < 0:
					inner[j] = true
				case blk < 0:
					succ[p]++
					if direct {
						hm[p]++
					}
				}
			})
		}
		if res := st.blocks[b].Res; res.IsSym() && (b == 0 || st.tree.inserted(b)) {
			if j := st.nodeOf(res.Sym()); j >= 0 {
				if p := pos(b, j); p >= 0 {
					hm[p]++
				}
			}
		}
	}

	seen := make([]bool, np)
	seenSucc := make([]int32, np)
	off := make([]bool, np) // inlining disabled
	parent := make([]int32, np)
	inl := s.inl
	should := func(p int32) bool {
		return !off[p] && hm[p] == 1 && !inner[s.list[p]]
	}
	var process func(b, p int32)
	check := func(b, p, user int32) {
		if !should(p) {
			return
		}
		if mayInline(g.Nodes[s.list[p]]) && seenSucc[p] == succ[p] {
			inl[p] = true
			parent[p] = user
			process(b, p)
		} else {
			off[p] = true
		}
	}
	process = func(b, p int32) {
		seen[p] = true
		d := g.Nodes[s.list[p]]
		forEdge(d, func(x ir.Sym, _ bool, blk int) {
			if j := st.nodeOf(x); j >= 0 && blk < 0 {
				if q := pos(b, j); q >= 0 {
					seenSucc[q]++
				}
			}
		})
		for a := len(d.Args) - 1; a >= 0; a-- {
			if x := d.Args[a]; x.IsSym() {
				if j := st.nodeOf(x.Sym()); j >= 0 {
					if q := pos(b, j); q >= 0 {
						check(b, q, p)
					}
				}
			}
		}
	}
	for b := int32(0); b < int32(len(st.blocks)); b++ {
		lo, hi := s.start[b], s.start[b+1]
		if lo == hi {
			continue
		}
		if res := st.blocks[b].Res; res.IsSym() {
			if j := st.nodeOf(res.Sym()); j >= 0 {
				if p := pos(b, j); p >= 0 {
					check(b, p, -1)
				}
			}
		}
		for p := hi - 1; p >= lo; p-- {
			if !should(p) || !inl[p] {
				if !seen[p] {
					process(b, p)
				}
			}
		}
		goOrder(g, s.list[lo:hi], inl[lo:hi], parent[lo:hi], lo)
	}
}

// goOrder un-inlines, in one block, every inlined read or trapping node
// whose expression also contains a call with effects that is neither an
// ancestor nor a descendant of it, until there is none. list, inl and
// parent are the block's slices; parent holds absolute positions (lo is
// the block's first), -1 for the block's result.
func goOrder(g *ir.Graph, list []int32, inl []bool, parent []int32, lo int32) {
	n := len(list)
	anc := make([]int32, n)  // effectful strict ancestors
	desc := make([]int32, n) // effectful strict descendants
	root := make([]int32, n) // root of the expression (-1: the block result)
	eff := make([]int32, n)
	for k, j := range list {
		if effectfulCall(g.Nodes[j]) {
			eff[k] = 1
		}
	}
	for changed := true; changed; {
		changed = false
		clear(desc)
		for k := 0; k < n; k++ { // operands before their users
			if inl[k] && parent[k] >= 0 {
				desc[parent[k]-lo] += desc[k] + eff[k]
			}
		}
		var resTotal int32
		for k := n - 1; k >= 0; k-- { // users before their operands
			switch {
			case !inl[k]:
				root[k], anc[k] = int32(k), 0
			case parent[k] < 0:
				root[k], anc[k] = -1, 0
				resTotal += desc[k] + eff[k]
			default:
				u := parent[k] - lo
				root[k], anc[k] = root[u], anc[u]+eff[u]
			}
		}
		for k := 0; k < n; k++ {
			if !inl[k] || !orderSensitive(g.Nodes[list[k]]) {
				continue
			}
			total := resTotal
			if r := root[k]; r >= 0 {
				total = desc[r] + eff[r]
			}
			if total-anc[k]-desc[k]-eff[k] > 0 {
				inl[k] = false
				changed = true
			}
		}
	}
}

// effectfulCall reports whether n is a call with effects for Go's
// evaluation order: an application, or any node that writes.
func effectfulCall(n *ir.Node) bool {
	return n.Op == ir.OpApply || n.Eff != nil && len(n.Eff.Wkeys) > 0
}

// orderSensitive reports whether n, not being a call, reads memory or can
// trap: Go does not order it with the calls of the same expression.
func orderSensitive(n *ir.Node) bool {
	switch n.Op {
	case ir.OpApply, ir.OpCall, ir.OpAppend, ir.OpAppendSlice, ir.OpCopy, ir.OpSliceNew:
		return false
	}
	return n.CanTrap() || n.Eff != nil && len(n.Eff.Rkeys) > 0
}

// mayInline reports whether n can be emitted as an expression.
func mayInline(n *ir.Node) bool {
	if len(n.Blocks) > 0 || n.Type == ir.Void || n.Type.Kind == ir.KTuple && n.Op != ir.OpTuple {
		return false
	}
	switch n.Op {
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
