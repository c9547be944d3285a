package sched

import (
	"time"

	"github.com/lmsgen/lmsgen/ir"
)

// A phase is one step of Run. Each lives in a file of its own, whose doc
// comment says what the phase needs before it and what must run after.
type phase struct {
	name string
	run  func(*state)
	skip func(Options) bool // nil: always runs
}

// phases is the order of the phases, written once.
var phases = []phase{
	{name: "dce", run: dce, skip: func(o Options) bool { return o.NoDCE }}, // phase_dce.go
	{name: "index", run: index},   // phase_index.go
	{name: "prune", run: prune},   // phase_prune.go
	{name: "early", run: early},   // phase_early.go
	{name: "anchor", run: anchor}, // phase_anchor.go
	{name: "place", run: place},   // phase_place.go
	{name: "order", run: order},   // phase_order.go
	{name: "compact", run: compact, skip: func(o Options) bool { return o.NoCompact }}, // phase_compact.go, phase_compact_order.go
}

// Run runs the phase table (DCE, then scheduling, then compact-inlining
// marks) on g and returns the schedule. g is not modified. It panics with
// "BUG: ..." on an invalid graph.
func Run(g *ir.Graph, opts Options) *Schedule {
	st := &state{opts: opts, g: g, orig: g}
	st.scratch.borrow()
	var timings []Timing
	for _, p := range phases {
		if p.skip != nil && p.skip(opts) {
			continue
		}
		start := time.Now()
		p.run(st)
		timings = append(timings, Timing{Phase: p.name, Elapsed: time.Since(start)})
	}
	st.sched.timings = timings
	st.giveBack()
	return st.sched
}

// giveBack gives the arrays of the Run that the Schedule does not hold
// to the next Run: the scratch arrays (with those the phases used until
// the end: place's placements, the node properties, the top-level uses,
// the pinned and anchored marks, the block tree) and the Flat's (but its Index, First and Blocks, which are the
// Schedule's index, firstBlock and blocks).
func (st *state) giveBack() {
	s := &st.scratch
	s.release(st.place)
	s.bytes.give(st.flat.props)
	s.bools.give(st.topUse, st.pinned, st.anchored)
	s.nodes.give(st.tree.n)
	st.place, st.flat.props, st.topUse, st.pinned, st.anchored, st.tree = nil, nil, nil, nil, nil, tree{}
	s.giveBack()
	if st.fl != nil {
		st.fl.Release()
		st.fl = nil
	}
}

// Timing is the time one phase of Run took.
type Timing struct {
	Phase   string
	Elapsed time.Duration
}

// state is what the phases share. Nodes are named by their index in
// g.Nodes, blocks by a dense id (0 is the top-level block, then the
// blocks of each node in node order), so that every table is a slice.
type state struct {
	opts Options
	g    *ir.Graph
	orig *ir.Graph // the graph given to Run, before dce
	fl   *ir.Flat  // g as flat arrays

	// prune
	reach     job[reachSet]       // started by index
	reindexed bool                // index runs again, after prune removed nodes
	lost      map[ir.Sym][]ir.Sym // node -> the soft dependencies dce or prune removed from it

	// index
	idx        []int32        // symbol -> node index + 1 (0: not a node)
	blocks     []*ir.Block    // block id -> block
	owner      []int32        // block id -> owner node index (-1: top)
	slot       []int32        // block id -> position among the owner's blocks
	firstBlock []int32        // node index -> id of its first block (one more entry: the number of blocks)
	bres       []int32        // block id -> index of the node that is its result (-1: none)
	ein        []ir.Sym       // block id -> its effect input
	flat       flat           // the nodes as arrays
	binder     []int32        // symbol -> id of the block binding it (-1: none)
	uses       job[usesTable] // made beside prune, early and anchor

	scratch scratch // arrays lent to one phase at a time

	// early
	early  []int32 // node index -> earliest block (deepest block binding one of its bound variables); until place
	sdepth []int32 // block id -> depth in the static nesting (parent = owner's early block)
	pinned []bool  // node index -> depends on the effect input of its early block

	// anchor
	anchored []bool // node index -> must not be hoisted (speculation safety)

	// place
	users  csr    // node index -> uses of it (see use); while place runs
	topUse []bool // node index -> used by the top-level block
	tree   tree
	place  []int32   // node index -> block id; -1 unplaced; <= -2: copies in multi[-2-place]
	multi  [][]int32 // blocks of the duplicated nodes
	// pulled: the node (copy) is placed only to come before a soft user
	// (or a pulled user), not because it is reached there; see place. For
	// a single placement it is the low bit of place while place runs.
	multiPulled [][]bool // parallel to multi

	decisions []Decision

	// order
	sched *Schedule
}

// placements returns the blocks node i is placed in, using buf for a
// single placement.
func (st *state) placements(i int32, buf *[1]int32) []int32 {
	switch p := st.place[i]; {
	case p >= 0:
		buf[0] = p
		return buf[:]
	case p <= -2:
		return st.multi[-2-p]
	}
	return nil
}

// nodeOf returns the index of the node defining s, or -1.
func (st *state) nodeOf(s ir.Sym) int32 {
	if int(s) < len(st.idx) {
		return st.idx[s] - 1
	}
	return -1
}
