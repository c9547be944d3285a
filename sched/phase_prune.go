package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// prune removes every node that no path of hard dependencies reaches from
// the top-level block, and the soft dependencies on them, then indexes
// the graph again if it removed any.
//
// ir.DCE keeps a node that writes an object used elsewhere even when no
// hard dependency reaches it: a write that a later assignment overwrites
// before anything reads it (overwriting makes write-after-write soft), or
// one that only dead nodes read. Its effect is unobservable. LMS's
// traversal never schedules such a node in an inner block (it is in no
// reach set) but does at the top level (through extraThroughSoft, since
// the top-level block starts with every node); removing it makes the
// placement uniform. Afterwards every node has a hard use (a node, block
// or the top-level block depending on it) and soft dependencies name only
// live nodes.
//
// prune also records, for each node left with effects but no hard
// dependency, the soft dependencies that dce or prune removed from it
// (st.lost): what tied it to its block (see early).
//
// prune is a second removal of dead code, after ir.DCE, and stays in the
// scheduler rather than in the pipeline's graph passes: the soft
// dependencies it removes are what tie an effect left without hard
// dependencies to its block, and early needs them (st.lost, found by
// comparing with the graph given to Run). Done as a graph pass, they
// would be gone from the graph the scheduler is given, and such an
// effect could float out of its loop body. ir.DCE keeps these writes
// (the used rule of lms-backend.md); prune is the scheduler's stronger
// rule.
//
// Needs: dce, index. Must run after: early and every later phase.
func prune(st *state) {
	f := &st.flat
	n := int32(len(f.op))
	r := st.reach.wait()
	reach, kept := r.reach, r.kept
	if kept < n {
		g := st.g
		live := make([]bool, g.NumSyms())
		for i := range n {
			live[f.sym[i]] = reach[i]
		}
		nodes := make([]*ir.Node, 0, kept)
		for i, d := range g.Nodes {
			if reach[i] {
				nodes = append(nodes, dropSoft(d, live))
			}
		}
		blk := *g.Block
		blk.Eff.Sdeps = keepSyms(blk.Eff.Sdeps, live)
		st.uses.wait() // reads the tables being replaced
		*st = state{opts: st.opts, orig: st.orig, g: g.WithNodes(nodes, &blk), reindexed: true}
		index(st)
		f = &st.flat
		n = int32(len(f.op))
	}
	// Nodes with effects but no hard dependency: hard dependencies from
	// effects are within the node's block and keep it there; without any,
	// what kept it there was a soft dependency, which may be gone.
	for i := range n {
		if f.props[i]&propEff == 0 || slices.Contains(f.ekind[f.estart[i]:f.estart[i+1]], eHdep) {
			continue
		}
		d := st.g.Nodes[i]
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

// reachSet is what reachable finds.
type reachSet struct {
	reach []bool // node index -> reached
	kept  int32  // the number of nodes reached
}

// reachable finds the nodes that a path of hard dependencies reaches from
// the top-level block. It reads only the flat arrays, so index starts it
// on its own goroutine in a large graph.
func reachable(g *ir.Graph, f *flat) reachSet {
	n := int32(len(f.op))
	reach := make([]bool, n)
	g.Block.Used(func(s ir.Sym) {
		if int(s) < len(f.index) && f.index[s] > 0 {
			reach[f.index[s]-1] = true
		}
	})
	// Reverse node order: a node's uses come after it, except a λforward
	// naming its λ, whose body lies between them; a node reached after
	// the pass went by it is visited at once through a work list.
	kept := int32(0)
	var work []int32
	cursor := n - 1
	visit := func(i int32) {
		kept++
		for e := f.estart[i]; e < f.estart[i+1]; e++ {
			k := f.ekind[e]
			if k == eSdep || k >= eBlock && (k-eBlock)%3 == 2 {
				continue // soft
			}
			if t := f.etgt[e]; t >= 0 && !reach[t] {
				reach[t] = true
				if t > cursor {
					work = append(work, t)
				}
			}
		}
	}
	for ; cursor >= 0; cursor-- {
		if reach[cursor] {
			visit(cursor)
		}
		for len(work) > 0 {
			t := work[len(work)-1]
			work = work[:len(work)-1]
			visit(t)
		}
	}
	return reachSet{reach, kept}
}

// dropSoft returns n, or a copy of it whose soft dependencies (and its
// blocks') on dead nodes are removed.
func dropSoft(n *ir.Node, live []bool) *ir.Node {
	stale := func(ss []ir.Sym) bool { return slices.ContainsFunc(ss, func(s ir.Sym) bool { return !live[s] }) }
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
		e.Sdeps = keepSyms(e.Sdeps, live)
		c.Eff = &e
	}
	c.Blocks = make([]*ir.Block, len(n.Blocks))
	for k, b := range n.Blocks {
		nb := *b
		nb.Eff.Sdeps = keepSyms(b.Eff.Sdeps, live)
		c.Blocks[k] = &nb
	}
	return &c
}

func keepSyms(ss []ir.Sym, live []bool) []ir.Sym {
	var out []ir.Sym
	for _, s := range ss {
		if live[s] {
			out = append(out, s)
		}
	}
	return out
}
