package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// dce removes the nodes the graph does not need: first ir.DCE (reach,
// live, used, as in lms-backend.md), then every node that no path of hard
// dependencies reaches from the top-level block, and the soft dependencies
// on them.
//
// ir.DCE keeps a node that writes an object used elsewhere even when no
// hard dependency reaches it: a write that a later assignment overwrites
// before anything reads it (overwriting makes write-after-write soft), or
// one that only dead nodes read. Its effect is unobservable. LMS's
// traversal never schedules such a node in an inner block (it is in no
// reach set) but does at the top level (through extraThroughSoft, since
// the top-level block starts with every node); removing it makes the
// placement uniform.
//
// Afterwards every node has a hard use (a node, block or the top-level
// block depending on it) and soft dependencies name only live nodes.
//
// Needs: a graph built by an ir.Builder (nodes after their arguments).
// Must run after: index and every later phase work on the result.
func dce(st *state) {
	st.orig = st.g
	g := ir.DCE(st.g)
	reach := make([]bool, g.NumSyms())
	// Arguments precede their uses in node order except the λ named by a
	// λforward: a mark on a node the reverse pass has gone by is visited
	// at once through a work list.
	pos := make([]int32, g.NumSyms()) // index+1 in g.Nodes
	for i, d := range g.Nodes {
		pos[d.Sym] = int32(i + 1)
	}
	cursor := len(g.Nodes)
	var work []int
	mark := func(s ir.Sym) {
		if reach[s] {
			return
		}
		reach[s] = true
		if p := int(pos[s]) - 1; p >= cursor {
			work = append(work, p)
		}
	}
	g.Block.Used(mark)
	kept := 0
	var floating []ir.Sym // nodes with effects but no hard dependency
	visit := func(d *ir.Node) {
		kept++
		if d.Eff != nil && len(d.Eff.Hdeps) == 0 {
			floating = append(floating, d.Sym)
		}
		for _, a := range d.Args {
			if a.IsSym() {
				mark(a.Sym())
			}
		}
		if d.Eff != nil {
			for _, s := range d.Eff.Hdeps {
				mark(s)
			}
		}
		for _, b := range d.Blocks {
			if b.Res.IsSym() {
				mark(b.Res.Sym())
			}
			for _, s := range b.Eff.Hdeps {
				mark(s)
			}
		}
	}
	for cursor = len(g.Nodes) - 1; cursor >= 0; cursor-- {
		if d := g.Nodes[cursor]; reach[d.Sym] {
			visit(d)
		}
		for len(work) > 0 {
			p := work[len(work)-1]
			work = work[:len(work)-1]
			visit(g.Nodes[p])
		}
	}
	if kept < len(g.Nodes) {
		nodes := make([]*ir.Node, 0, kept)
		for _, d := range g.Nodes {
			if reach[d.Sym] {
				nodes = append(nodes, dropSoft(d, reach))
			}
		}
		blk := *g.Block
		blk.Eff.Sdeps = keepSyms(blk.Eff.Sdeps, reach)
		g = g.WithNodes(nodes, &blk)
	}
	st.g = g
	// The soft dependencies removed from each node, by either pass, when
	// the node has no hard dependency left: hard dependencies from effects
	// are within the node's block and keep it there; without any, what
	// kept it there was a soft dependency.
	for _, x := range floating {
		d := g.Def(x)
		if d == nil {
			continue
		}
		o := st.orig.Def(d.Sym)
		if o == nil || o == d || o.Eff == nil || len(o.Eff.Sdeps) == len(d.Eff.Sdeps) {
			continue
		}
		var lost []ir.Sym
		for _, x := range o.Eff.Sdeps {
			if !slices.Contains(d.Eff.Sdeps, x) {
				lost = append(lost, x)
			}
		}
		if st.lost == nil {
			st.lost = map[ir.Sym][]ir.Sym{}
		}
		st.lost[d.Sym] = lost
	}
}

// dropSoft returns n, or a copy of it whose soft dependencies (and its
// blocks') on unreached nodes are removed.
func dropSoft(n *ir.Node, reach []bool) *ir.Node {
	stale := func(ss []ir.Sym) bool { return slices.ContainsFunc(ss, func(s ir.Sym) bool { return !reach[s] }) }
	dirty := n.Eff != nil && stale(n.Eff.Sdeps)
	for _, b := range n.Blocks {
		dirty = dirty || stale(b.Eff.Sdeps)
	}
	if !dirty {
		return n
	}
	c := *n
	if n.Eff != nil {
		e := *n.Eff
		e.Sdeps = keepSyms(e.Sdeps, reach)
		c.Eff = &e
	}
	c.Blocks = make([]*ir.Block, len(n.Blocks))
	for k, b := range n.Blocks {
		nb := *b
		nb.Eff.Sdeps = keepSyms(b.Eff.Sdeps, reach)
		c.Blocks[k] = &nb
	}
	return &c
}

func keepSyms(ss []ir.Sym, reach []bool) []ir.Sym {
	var out []ir.Sym
	for _, s := range ss {
		if reach[s] {
			out = append(out, s)
		}
	}
	return out
}
