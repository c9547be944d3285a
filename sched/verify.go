package sched

import (
	"errors"
	"fmt"
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// Verify checks that a schedule is valid for its graph, independently of
// how it was computed, and returns an error listing the violations (nil if
// there is none):
//
//   - every node of the graph is placed; a node with effects or blocks is
//     placed exactly once, so each effect happens once and each block has
//     one place in the tree;
//   - every argument, hard dependency and block result is visible where it
//     is used: bound by an enclosing block, or placed earlier in the same
//     block or in an enclosing block before the node that encloses the use
//     (so every node is inside every block binding its inputs, and after
//     its dependencies);
//   - every soft dependency that is placed is visible the same way: it
//     does not come after the node that depends on it;
//   - a trapping node runs on no new path: it is not inside a block that
//     runs speculatively (a block of a conditional or loop that nothing
//     needs where it is placed), and it is pinned (it depends on the
//     effect input of its block, which places it in its source block or
//     below) or needed: used, directly or through other needed nodes, by
//     the block's result or dependencies or by a pinned node of the block;
//   - an inlined node is used exactly once in its block, by a node of the
//     block or as its result, from no other block, and may be an
//     expression.
func Verify(s *Schedule) error {
	v := verifier{s: s, g: s.g}
	v.run()
	return errors.Join(v.errs...)
}

type verifier struct {
	s    *Schedule
	g    *ir.Graph
	errs []error

	count   []int32 // node index -> placements
	parent  []int32 // block id -> enclosing block id
	depth   []int32
	visible []int32 // symbol -> definitions in scope
	needed  []bool  // list position -> needed in its block
	spec    []bool  // block id -> runs speculatively
	bv      *ir.BoundVars
}

func (v *verifier) errorf(format string, args ...any) {
	if len(v.errs) < 20 {
		v.errs = append(v.errs, fmt.Errorf(format, args...))
	}
}

func (v *verifier) name(id int32) string { return v.s.blockName(id) }

func (v *verifier) run() {
	s, g := v.s, v.g
	nb := len(s.blocks)
	v.count = make([]int32, len(g.Nodes))
	v.parent = make([]int32, nb)
	v.depth = make([]int32, nb)
	for i := range v.parent {
		v.parent[i] = -1
		v.depth[i] = -1
	}
	v.depth[0] = 0
	for id := 0; id < nb; id++ {
		for _, j := range s.list[s.start[id]:s.start[id+1]] {
			v.count[j]++
			for k := range g.Nodes[j].Blocks {
				c := s.firstBlockOf(j) + int32(k)
				v.parent[c] = int32(id)
			}
		}
	}
	for i, n := range g.Nodes {
		switch c := v.count[i]; {
		case c == 0:
			v.errorf("%v is not placed", n.Sym)
		case c > 1 && (!n.Eff.IsEmpty() || len(n.Blocks) > 0):
			v.errorf("%v has effects or blocks but is placed %d times", n.Sym, c)
		}
	}
	if len(v.errs) > 0 {
		return
	}
	// Depths, from the top down: a block's parent is placed above it.
	var depthOf func(b int32) int32
	depthOf = func(b int32) int32 {
		if v.depth[b] < 0 {
			if v.parent[b] < 0 {
				return -1
			}
			if d := depthOf(v.parent[b]); d >= 0 {
				v.depth[b] = d + 1
			}
		}
		return v.depth[b]
	}
	for b := range nb {
		depthOf(int32(b))
	}
	v.bv = ir.Bound(g)
	v.need()
	v.visible = make([]int32, g.NumSyms())
	v.spec = make([]bool, nb)
	v.block(0)
	v.inlined()
}

// pinned reports whether node j depends on the effect input of the deepest
// block binding one of its bound variables.
func (v *verifier) pinned(j int32) bool {
	n := v.g.Nodes[j]
	bound := v.bv.Of(n.Sym)
	e, de := int32(0), int32(0)
	for _, x := range bound {
		if b, ok := v.s.binderOf(x); ok && v.depth[b] > de {
			e, de = b, v.depth[b]
		}
	}
	_, ok := slices.BinarySearch(bound, v.s.blocks[e].Ein)
	return ok
}

// need marks, in every block, the needed nodes: those the block runs on
// every execution that the source would also have run. Going backwards
// through the block, a node is needed if it is pinned, or if the block's
// result or dependencies, or a needed node, demand it: through its
// arguments and dependencies, through the condition of a needed loop
// (which runs at least once), or through both branches of a needed
// conditional.
func (v *verifier) need() {
	s := v.s
	v.needed = make([]bool, len(s.list))
	memo := map[int32]map[ir.Sym]bool{}
	for id := int32(0); id < int32(len(s.blocks)); id++ {
		if id == 0 || v.depth[id] >= 0 {
			v.demand(id, memo)
		}
	}
}

// demand returns the symbols block id demands (placed in it or outside),
// marking its needed nodes.
func (v *verifier) demand(id int32, memo map[int32]map[ir.Sym]bool) map[ir.Sym]bool {
	if d, ok := memo[id]; ok {
		return d
	}
	s, g := v.s, v.g
	d := map[ir.Sym]bool{}
	memo[id] = d
	b := s.blocks[id]
	b.Used(func(x ir.Sym) { d[x] = true })
	for _, x := range b.Eff.Sdeps {
		d[x] = true
	}
	for k := s.start[id+1] - 1; k >= s.start[id]; k-- {
		j := s.list[k]
		n := g.Nodes[j]
		if !d[n.Sym] && !v.pinned(j) {
			continue
		}
		v.needed[k] = true
		for _, a := range n.Args {
			if a.IsSym() && n.Op != ir.OpForward {
				d[a.Sym()] = true
			}
		}
		if n.Eff != nil {
			for _, x := range n.Eff.Hdeps {
				d[x] = true
			}
			for _, x := range n.Eff.Sdeps {
				d[x] = true
			}
		}
		first := s.firstBlockOf(j)
		switch n.Op {
		case ir.OpWhile:
			for x := range v.demand(first, memo) {
				d[x] = true
			}
		case ir.OpIf:
			other := v.demand(first+1, memo)
			for x := range v.demand(first, memo) {
				if other[x] {
					d[x] = true
				}
			}
		}
	}
	return d
}

// block checks the nodes of block id, with its bound symbols in scope.
func (v *verifier) block(id int32) {
	s, g := v.s, v.g
	b := s.blocks[id]
	for _, x := range b.Bound() {
		v.visible[x]++
	}
	see := func(what string, x ir.Sym, soft bool) {
		if v.visible[x] > 0 {
			return
		}
		if soft {
			if j := s.nodeIndex(x); j < 0 || v.count[j] == 0 {
				return // a soft dependency that is not scheduled
			}
			v.errorf("%s: soft dependency %v comes after it or out of scope", what, x)
			return
		}
		v.errorf("%s: %v is not visible", what, x)
	}
	for k := s.start[id]; k < s.start[id+1]; k++ {
		j := s.list[k]
		n := g.Nodes[j]
		where := fmt.Sprintf("%v in %s", n.Sym, v.name(id))
		for a, x := range n.Args {
			if x.IsSym() && !(n.Op == ir.OpForward && a == 0) {
				see(where, x.Sym(), false)
			}
		}
		if n.Eff != nil {
			for _, x := range n.Eff.Hdeps {
				see(where, x, false)
			}
			for _, x := range n.Eff.Sdeps {
				see(where, x, true)
			}
		}
		if n.CanTrap() {
			switch {
			case v.spec[id]:
				v.errorf("%s: can trap, in a block that runs speculatively", where)
			case !v.needed[k] && !v.pinned(j):
				v.errorf("%s: can trap, but is neither needed there nor pinned (speculative)", where)
			}
		}
		for c := range n.Blocks {
			cb := s.firstBlockOf(j) + int32(c)
			v.spec[cb] = v.spec[id] || n.Op != ir.OpLambda && !v.needed[k] && !v.pinned(j)
			v.block(cb)
		}
		v.visible[n.Sym]++
	}
	b.Used(func(x ir.Sym) { see(fmt.Sprintf("result or dependency of %s", v.name(id)), x, false) })
	for _, x := range b.Eff.Sdeps {
		see(fmt.Sprintf("soft dependency of %s", v.name(id)), x, true)
	}
	for k := s.start[id]; k < s.start[id+1]; k++ {
		v.visible[g.Nodes[s.list[k]].Sym]--
	}
	for _, x := range b.Bound() {
		v.visible[x]--
	}
}

// inlined checks the inlining marks.
func (v *verifier) inlined() {
	s, g := v.s, v.g
	uses := make([]int32, len(s.list)) // direct uses in the block
	for id := int32(0); id < int32(len(s.blocks)); id++ {
		count := func(x ir.Sym) {
			if j := s.nodeIndex(x); j >= 0 {
				if k, ok := s.find(id, j); ok {
					uses[k]++
				}
			}
		}
		if r := s.blocks[id].Res; r.IsSym() {
			count(r.Sym())
		}
		for k := s.start[id]; k < s.start[id+1]; k++ {
			for _, a := range g.Nodes[s.list[k]].Args {
				if a.IsSym() {
					count(a.Sym())
				}
			}
		}
	}
	// A node used from a block where it is not placed is used from an
	// inner block: the copy in the nearest enclosing block that has one
	// serves the use (all copies, if none does).
	blockOf := make([]int32, len(g.Nodes)) // a node with blocks is placed once
	for id := int32(0); id < int32(len(s.blocks)); id++ {
		for k := s.start[id]; k < s.start[id+1]; k++ {
			blockOf[s.list[k]] = id
		}
	}
	parentOf := func(id int32) int32 {
		if s.owner[id] < 0 {
			return -1
		}
		return blockOf[s.owner[id]]
	}
	outside := make([]bool, len(g.Nodes))
	outsidePos := make([]bool, len(s.list))
	for id := int32(0); id < int32(len(s.blocks)); id++ {
		use := func(x ir.Sym, in int32) {
			j := s.nodeIndex(x)
			if j < 0 {
				return
			}
			if _, ok := s.find(in, j); ok {
				return
			}
			for p := parentOf(in); p >= 0; p = parentOf(p) {
				if k, ok := s.find(p, j); ok {
					outsidePos[k] = true
					return
				}
			}
			outside[j] = true
		}
		for k := s.start[id]; k < s.start[id+1]; k++ {
			j := s.list[k]
			forEdge(g.Nodes[j], func(x ir.Sym, _ bool, blk int) {
				if blk < 0 {
					use(x, id)
				} else {
					use(x, s.firstBlockOf(j)+int32(blk))
				}
			})
		}
	}
	for id := int32(0); id < int32(len(s.blocks)); id++ {
		for k := s.start[id]; k < s.start[id+1]; k++ {
			if !s.inl[k] {
				continue
			}
			n := g.Nodes[s.list[k]]
			switch {
			case uses[k] != 1:
				v.errorf("%v in %s: inlined but used %d times there", n.Sym, v.name(id), uses[k])
			case outside[s.list[k]] || outsidePos[k]:
				v.errorf("%v in %s: inlined but used from another block", n.Sym, v.name(id))
			case !mayInline(n):
				v.errorf("%v in %s: inlined but cannot be an expression", n.Sym, v.name(id))
			}
		}
		if len(v.errs) == 0 {
			v.evaluation(id)
		}
	}
}

// evaluation checks the order in which block id evaluates its nodes once
// inlined nodes are part of their users' expressions: statements in order,
// each expression operands first, left to right. Every node must be
// evaluated after what it depends on in the block; and no two nodes of
// one expression that Go leaves unordered (neither is an operand, however
// deep, of the other, and they are not both calls) may be a memory read
// and a write, or a trap and a write or another trap.
func (v *verifier) evaluation(id int32) {
	s, g := v.s, v.g
	lo, hi := s.start[id], s.start[id+1]
	local := func(x ir.Sym) int32 { // position in the block, or -1
		if j := s.nodeIndex(x); j >= 0 {
			if k, ok := s.find(id, j); ok {
				return int32(k)
			}
		}
		return -1
	}
	n := hi - lo
	rank := make([]int, n) // -1: not evaluated
	exprs := map[int32][]int32{}
	for k := range rank {
		rank[k] = -1
	}
	enter := make([]int, n) // preorder number: with rank, a is below b iff b's interval holds a's
	next, entered := 0, 0
	var visit func(k, r int32) // r: position of the statement, hi: the block result
	visit = func(k, r int32) {
		enter[k-lo] = entered
		entered++
		exprs[r] = append(exprs[r], k)
		for _, x := range g.Nodes[s.list[k]].Args {
			if x.IsSym() {
				if q := local(x.Sym()); q >= 0 && s.inl[q] && rank[q-lo] < 0 {
					visit(q, r)
				}
			}
		}
		rank[k-lo] = next
		next++
	}
	for k := lo; k < hi; k++ {
		if !s.inl[k] {
			visit(k, k)
		}
	}
	if r := s.blocks[id].Res; r.IsSym() {
		if q := local(r.Sym()); q >= 0 && s.inl[q] {
			visit(q, hi)
		}
	}
	for k := lo; k < hi; k++ {
		n := g.Nodes[s.list[k]]
		if rank[k-lo] < 0 {
			v.errorf("%v in %s: inlined but in no expression", n.Sym, v.name(id))
			continue
		}
		forEdge(n, func(x ir.Sym, _ bool, blk int) {
			if n.Op == ir.OpForward {
				return // it names its λ, which follows it
			}
			if q := local(x); blk < 0 && q >= 0 && rank[q-lo] >= rank[k-lo] {
				v.errorf("%v in %s: evaluated after %v, which depends on it", x, v.name(id), n.Sym)
			}
		})
	}
	below := func(a, b int32) bool { // a is an operand, however deep, of b
		return enter[b-lo] <= enter[a-lo] && rank[a-lo] <= rank[b-lo]
	}
	sensitive := func(a, b *ir.Node) bool { // a must be ordered with b
		switch {
		case isCall(a):
			return false
		case readsMemory(a) && writes(b):
			return true
		}
		return a.CanTrap() && (writes(b) || b.CanTrap())
	}
	roots := make([]int32, 0, len(exprs))
	for r := range exprs {
		roots = append(roots, r)
	}
	slices.Sort(roots)
	for _, r := range roots {
		// Only nodes that read memory, write or trap can be sensitive:
		// the pairs are those of the few such nodes of an expression,
		// not of all its nodes (a sum of 10^5 terms is one expression).
		var e []int32
		for _, k := range exprs[r] {
			if n := g.Nodes[s.list[k]]; readsMemory(n) || writes(n) || n.CanTrap() {
				e = append(e, k)
			}
		}
		for i, a := range e {
			for _, b := range e[i+1:] {
				na, nb := g.Nodes[s.list[a]], g.Nodes[s.list[b]]
				if below(a, b) || below(b, a) || isCall(na) && isCall(nb) {
					continue
				}
				if sensitive(na, nb) || sensitive(nb, na) {
					v.errorf("%v and %v in %s: one expression, in no order Go guarantees", na.Sym, nb.Sym, v.name(id))
				}
			}
		}
	}
}
