package sched

import (
	"sort"

	"github.com/lmsgen/lmsgen/ir"
)

// Options tunes the phases. The zero value is the normal configuration.
type Options struct {
	// NoCompact disables the compact traverser: no node is marked for
	// inlining, every node is emitted as a statement.
	NoCompact bool
	// NoDuplicate disables bounded duplication: a node used only from
	// several exclusive blocks is always placed once, in their closest
	// common enclosing block (nodes that can trap excepted, see the
	// package doc).
	NoDuplicate bool
	// Verbose records the code-motion decisions (see Schedule.Decisions).
	Verbose bool
	// NoDCE skips the dce phase, for a graph that is already free of dead
	// code: the pipeline's graph passes end with ir.DCE's result (and
	// the benchmarks time the scheduler apart from ir.DCE). The graph is
	// then flattened by index.
	NoDCE bool

	// lmsDuplicate duplicates every node without blocks that LMS would
	// duplicate, cheap or not (tests only, to compare with the reference).
	lmsDuplicate bool
}

// Schedule is the result of Run: for every block of the scheduled graph,
// the nodes placed in it in emission order, and which of them are to be
// inlined into their single use.
type Schedule struct {
	g      *ir.Graph
	blocks []*ir.Block // block id -> block (0 is the top-level block)
	placed []int32     // block id -> depth in the schedule, -1 if its owner is not placed
	owner  []int32     // block id -> index of the owning node (-1 for the top block)
	slot   []int32     // block id -> index of the block among its owner's blocks
	index  []int32     // symbol -> node index + 1 (0: not a node)
	binder []int32     // symbol -> id of the block binding it (-1: none)

	firstBlock []int32 // node index -> id of its first block

	start []int32 // block id -> offset into list (CSR)
	list  []int32 // node indices, by block, in node order
	inl   []bool  // parallel to list: inlined at its use

	decisions []Decision
	timings   []Timing
}

// Graph returns the graph after the phases (dead code eliminated): emit
// from this graph, not from the one given to Run.
func (s *Schedule) Graph() *ir.Graph { return s.g }

// Nodes returns the nodes placed in block b, in emission order. b is the
// top-level block of Graph() or a block of one of its nodes. A node may be
// placed in several mutually exclusive blocks (bounded duplication).
func (s *Schedule) Nodes(b *ir.Block) []*ir.Node {
	id, ok := s.blockID(b)
	if !ok {
		panic("BUG: sched: Nodes of a block that is not in the scheduled graph")
	}
	idx := s.list[s.start[id]:s.start[id+1]]
	out := make([]*ir.Node, len(idx))
	for i, j := range idx {
		out[i] = s.g.Nodes[j]
	}
	return out
}

// Inlined reports whether node sym, placed in block b, is used exactly
// once in b and must be emitted inline at that use rather than as a
// statement (the compact traverser).
func (s *Schedule) Inlined(b *ir.Block, sym ir.Sym) bool {
	id, ok := s.blockID(b)
	if !ok || int(sym) < 0 || int(sym) >= len(s.index) || s.index[sym] == 0 {
		return false
	}
	k, found := s.find(id, s.index[sym]-1)
	return found && s.inl[k]
}

// blockID returns the id of block b: the block binding its effect input,
// if that is b and it is placed.
func (s *Schedule) blockID(b *ir.Block) (int32, bool) {
	id, ok := s.binderOf(b.Ein)
	return id, ok && s.blocks[id] == b && s.placed[id] >= 0
}

// find returns the position of node index i in the list of block id.
func (s *Schedule) find(id, i int32) (int, bool) {
	lo, hi := int(s.start[id]), int(s.start[id+1])
	k := lo + sort.Search(hi-lo, func(k int) bool { return s.list[lo+k] >= i })
	return k, k < hi && s.list[k] == i
}

// Decisions returns the code-motion decisions, in node order, when
// Options.Verbose was set (nil otherwise).
func (s *Schedule) Decisions() []Decision { return s.decisions }

// Timings returns the time each phase of Run took, in order (for
// `lmsgen -v`; never part of any output that must be deterministic).
func (s *Schedule) Timings() []Timing { return s.timings }

// blockName names a block for messages: "top", or the owner and the role
// of the block ("x10.then", "x12.body").
func (s *Schedule) blockName(id int32) string {
	if id == 0 {
		return "top"
	}
	n := s.g.Nodes[s.owner[id]]
	return n.Sym.String() + "." + BlockRole(n.Op, int(s.slot[id]))
}

// BlockRole names block k of a node of op (then, else, cond, body, or
// blockK), as schedules and their explanations print it.
func BlockRole(op ir.Op, k int) string {
	switch op {
	case ir.OpIf:
		if k == 0 {
			return "then"
		}
		return "else"
	case ir.OpWhile:
		if k == 0 {
			return "cond"
		}
		return "body"
	case ir.OpLambda:
		return "body"
	}
	return "block" + string(rune('0'+k))
}

// nodeIndex returns the index of the node defining x, or -1.
func (s *Schedule) nodeIndex(x ir.Sym) int32 {
	if int(x) < 0 || int(x) >= len(s.index) {
		return -1
	}
	return s.index[x] - 1
}

// firstBlockOf returns the id of the first block of node j.
func (s *Schedule) firstBlockOf(j int32) int32 { return s.firstBlock[j] }

// binderOf returns the id of the block binding x.
func (s *Schedule) binderOf(x ir.Sym) (int32, bool) {
	if int(x) < 0 || int(x) >= len(s.binder) || s.binder[x] < 0 {
		return 0, false
	}
	return s.binder[x], true
}
