package sched

import (
	"fmt"
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// maxCopies bounds duplication: a cheap node is emitted in at most this
// many exclusive blocks; used from more, it is placed once.
const maxCopies = 4

// place is global code motion on the block tree. Nodes are placed in
// reverse node order, so every use of a node is placed before the node
// (a λforward comes before its λ: it is placed with its λ, and a λ that
// has one goes to its earliest block, see below). For a node n with early
// block E:
//
//  1. Each use gives a block u: the block of the user (each copy of it)
//     for an argument or a dependency; the user's block b itself when n
//     is b's result or one of its dependencies; the top-level block when
//     n is used by it.
//  2. Each u is lifted to the coldest block between E and u, the LMS
//     frequency estimate: a loop body, loop condition or function body
//     runs more often than its parent, a branch of a conditional less
//     often, and one loop level outweighs any number of branches. So the
//     chosen block is the parent of the highest hot block strictly
//     between E and u, or u itself if there is none. Soft uses are not
//     lifted (the node must just come before its soft user), anchored
//     nodes are not lifted at all (speculation safety, see anchor), nor
//     are tuples (they compute nothing; their operands move on their own).
//  3. The node goes in the lifted blocks that no other lifted block
//     encloses. If that is one block, done. Otherwise the uses are in
//     exclusive blocks: the node is duplicated into each if it is cheap
//     (and at most maxCopies), and placed once in the lowest common
//     ancestor of the blocks otherwise. An anchored node is placed once
//     there only if every execution of that block runs one of the blocks
//     (see covers), and duplicated otherwise.
//
// A node that lands in a block only because of soft uses (no hard use is
// lifted to that block) is pulled: like LMS's extraThroughSoft, it pulls
// what its own blocks use into its block (those uses count in its block
// rather than in its blocks).
//
// A λ that has a forward declaration is placed in its earliest block:
// calls through the declaration may come from anywhere its bound
// variables are in scope (mutual recursion from functions placed later),
// and defining a function runs nothing. Its λforward goes with it.
//
// When a node with blocks is placed, its blocks join the tree below its
// block. This reproduces the placements of lms-traversal.md's
// scheduleBlock_ (a node lands in the outermost block where it is
// available and reachable without crossing a branch of a node of that
// block), in O(edges * log depth) time.
//
// Needs: early, anchor. Must run after: order. It consumes the uses and
// the early blocks: their arrays go to st.scratch, for compact.
func place(st *state) {
	g := st.g
	u := st.uses.wait()
	st.users, st.topUse = u.users, u.topUse
	st.tree = newTree(st.scratch.nodes.take(len(st.blocks), true))
	t := &st.tree
	// While place runs, a single placement in block l is l<<1|pulled
	// (see pulled): the loop over a node's users reads the placement of
	// each user, at scattered indices, and with the bit in the same word
	// that is one read instead of two from two arrays. The bit is
	// shifted out when all nodes are placed. (The array is lent by
	// st.scratch: early's bound-variable lists are done with theirs; the
	// Schedule does not keep it.)
	st.place = st.scratch.int32s(len(g.Nodes))
	p := &placer{st: st, t: t, mark: st.scratch.int32s(len(st.blocks)), reached: st.scratch.int32s(len(st.blocks))}
	defer st.scratch.release(p.mark, p.reached)
	var top []int32
	f := &st.flat
	for i := int32(len(g.Nodes)) - 1; i >= 0; i-- {
		op := f.op[i]
		nblocks := st.firstBlock[i+1] - st.firstBlock[i]
		st.place[i] = -1
		e := st.early[i]
		if !t.inserted(e) {
			panic(fmt.Sprintf("BUG: sched: %v is bound in a block whose owner is not scheduled", f.sym[i]))
		}
		p.start(i)
		anch := p.anch
		if st.topUse[i] {
			p.visit(0, false, false)
		}
		lo, hi := st.users.of(i)
		for k := lo; k < hi; k++ {
			from, kind := st.users.from[k], int32(st.users.kind[k])
			switch {
			case kind == useForward:
				// A λ with a forward declaration may be called through
				// it from anywhere its bound variables are in scope,
				// including from functions placed later (mutual
				// recursion): it goes to its earliest block, where
				// every such call can see it. Defining a function has
				// no effect and cannot trap, so this is always safe.
				p.visit(e, false, false)
			case kind == useArg || kind == useSoft:
				soft := kind == useSoft
				if c := st.place[from]; c >= 0 {
					p.visit(c>>1, soft, soft || c&1 != 0)
				} else if c <= -2 {
					for k, b := range st.multi[-2-c] {
						p.visit(b, soft, soft || st.multiPulled[-2-c][k])
					}
				}
			default:
				b := st.firstBlock[from] + (kind-useBlock)/2
				soft := (kind-useBlock)%2 == 1
				if !t.inserted(b) {
					break
				}
				if c := st.place[from]; c >= 0 && c&1 != 0 && !anch && t.encloses(e, c>>1) {
					// A node placed only to come before a soft user pulls
					// what its blocks use into its own block, as LMS's
					// extraThroughSoft does.
					p.visit(c>>1, soft, true)
				} else {
					p.visit(b, soft, false)
				}
			}
		}
		if op == ir.OpForward {
			// A forward declaration goes with its λ (before it, by node
			// order), or above it if it is used outside the λ.
			if c := st.place[f.etgt[f.estart[i]]]; c >= 0 {
				p.visit(c>>1, true, true)
			}
		}
		qs, stamp, mark, reached, raw := p.qs, p.stamp, p.mark, p.reached, p.raw
		if len(qs) == 0 {
			continue // not used: not scheduled (cannot happen after dce)
		}
		l := qs[0]
		for _, q := range qs[1:] {
			l = t.lca(l, q)
		}
		single := true
		spread := mark[l] != stamp // the uses are in exclusive blocks
		if spread && anch && p.covers(l) {
			// Every execution of l runs one of the uses: running the node
			// once in l runs it on no new path.
			spread = false
		}
		if spread && op != ir.OpForward && nblocks == 0 {
			switch {
			case anch:
				top = st.topmost(qs, top[:0])
				single = false
			case st.duplicable(i) && (len(qs) <= 4*maxCopies || st.opts.lmsDuplicate):
				top = st.topmost(qs, top[:0])
				single = len(top) > maxCopies && !st.opts.lmsDuplicate
			}
		}
		var where []int32 // for decisions: where it went
		if single {
			st.place[i] = l << 1
			if reached[l] != stamp {
				st.place[i] |= 1 // pulled
			}
			for b := st.firstBlock[i]; b < st.firstBlock[i+1]; b++ {
				t.insert(b, l, op != ir.OpIf)
			}
		} else {
			slices.Sort(top)
			where = slices.Clone(top)
			st.place[i] = -2 - int32(len(st.multi))
			st.multi = append(st.multi, where)
			pulled := make([]bool, len(where))
			for k, b := range where {
				pulled[k] = reached[b] != stamp
			}
			st.multiPulled = append(st.multiPulled, pulled)
		}
		if st.opts.Verbose {
			if single {
				where = []int32{l}
			}
			st.decide(i, e, raw, l, where, single && spread)
		}
	}
	for i, c := range st.place {
		if c >= 0 {
			st.place[i] = c >> 1
		}
	}
	// The uses and the early blocks are read only up to here: their
	// int32 arrays serve compact.
	st.scratch.release(st.users.from, st.users.start, st.early)
	st.scratch.bytes.give(st.users.kind)
	st.users, st.uses.v.users, st.early = csr{}, csr{}, nil
}

// placer gathers the lifted blocks of the uses of one node.
type placer struct {
	st      *state
	t       *tree
	i       int32 // the node
	e       int32 // its early block
	anch    bool
	free    bool // a tuple: it computes nothing, so it is not lifted
	stamp   int32
	qs      []int32 // the lifted blocks
	mark    []int32 // block -> stamp: among qs
	reached []int32 // block -> stamp: a hard use, not a pull
	raw     int32   // lowest common ancestor of the uses, for decisions
	onPath  map[int32][]int32
}

func (p *placer) start(i int32) {
	p.i, p.e, p.anch, p.stamp = i, p.st.early[i], p.st.anchored[i], i+1
	p.free = p.st.flat.op[i] == ir.OpTuple
	p.qs = p.qs[:0]
	p.raw = -1
}

// visit records a use in block u. A hard use is lifted to the coldest
// block between the early block and u; a soft use is not; a use that only
// pulls (see pulled) does not mark its block as reached.
func (p *placer) visit(u int32, soft, pull bool) {
	t, e := p.t, p.e
	if u == e && !p.st.opts.Verbose { // the common case: used where it is available first
		p.add(u, pull)
		return
	}
	if !t.encloses(e, u) {
		if soft || pull {
			return
		}
		panic(fmt.Sprintf("BUG: sched: %v is used in %s, where it is not available", p.st.flat.sym[p.i], p.st.name(u)))
	}
	if p.st.opts.Verbose {
		if p.raw < 0 {
			p.raw = u
		} else {
			p.raw = t.lca(p.raw, u)
		}
	}
	q := u
	if !soft && !p.anch && !p.free {
		if h := t.highestHot(u, e); h >= 0 {
			q = t.parent(h)
			pull = false
		}
	}
	p.add(q, pull)
}

// add gathers block q.
func (p *placer) add(q int32, pull bool) {
	if p.mark[q] != p.stamp {
		p.mark[q] = p.stamp
		p.qs = append(p.qs, q)
	}
	if !pull {
		p.reached[q] = p.stamp
	}
}

// covers reports whether every execution of block l runs one of the
// blocks gathered (p.qs): l is one of them, or it runs a conditional whose
// branches are both covered, or a loop whose condition is.
func (p *placer) covers(l int32) bool {
	st, t := p.st, p.t
	if p.onPath == nil {
		p.onPath = map[int32][]int32{}
	}
	clear(p.onPath)
	// The subtree spanned by the gathered blocks below l: children lists.
	for _, q := range p.qs {
		for b := q; b != l; b = t.parent(b) {
			par := t.parent(b)
			if slices.Contains(p.onPath[par], b) {
				break
			}
			p.onPath[par] = append(p.onPath[par], b)
		}
	}
	var cov func(b int32) bool
	cov = func(b int32) bool {
		if p.mark[b] == p.stamp {
			return true
		}
		for _, c := range p.onPath[b] {
			m := st.owner[c]
			first := st.firstBlock[m]
			switch st.flat.op[m] {
			case ir.OpIf:
				if cov(first) && cov(first+1) {
					return true
				}
			case ir.OpWhile:
				if cov(first) {
					return true
				}
			}
		}
		return false
	}
	return cov(l)
}

// topmost appends to out the blocks of qs that no other block of qs
// encloses.
func (st *state) topmost(qs, out []int32) []int32 {
	t := &st.tree
	sorted := slices.Clone(qs)
	slices.SortFunc(sorted, func(a, b int32) int {
		if d := t.depth(a) - t.depth(b); d != 0 {
			return int(d)
		}
		return int(a - b)
	})
next:
	for _, q := range sorted {
		for _, p := range out {
			if t.encloses(p, q) {
				continue next
			}
		}
		out = append(out, q)
	}
	return out
}

// duplicable reports whether n is cheap enough to be emitted in several
// exclusive blocks rather than once in their common ancestor (see the
// package doc).
func (st *state) duplicable(i int32) bool {
	if st.opts.NoDuplicate {
		return false
	}
	if st.opts.lmsDuplicate {
		return true
	}
	return st.flat.props[i]&propCheap != 0
}

// cheapOp reports whether a node with operator op, facts bits and nblocks
// blocks is a single machine operation: pure, unable to trap, without
// blocks, and one of the arithmetic, bitwise, comparison or conversion
// operators, or a length or projection.
func cheapOp(op ir.Op, bits ir.NodeBits, nblocks int) bool {
	if bits&(ir.BitEffect|ir.BitTrap) != 0 || nblocks > 0 {
		return false
	}
	switch op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpNeg,
		ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot, ir.OpShl, ir.OpShr, ir.OpCom, ir.OpNot,
		ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe,
		ir.OpConv, ir.OpReal, ir.OpImag, ir.OpComplex,
		ir.OpSliceLen, ir.OpSliceCap, ir.OpStrLen, ir.OpProj:
		return true
	}
	return false
}

// name names block id for messages.
func (st *state) name(id int32) string {
	if id == 0 {
		return "top"
	}
	n := st.g.Nodes[st.owner[id]]
	return n.Sym.String() + "." + BlockRole(n.Op, int(st.slot[id]))
}
