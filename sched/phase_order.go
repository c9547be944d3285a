package sched

import "slices"

// order builds the schedule: the nodes of each block in node order. Node
// order is a topological order of arguments, hard and soft dependencies
// (the builder appends a node after everything it depends on), so within
// a block it keeps every dependency and the order of effects, and it is
// the order of the source; ties never arise.
//
// Needs: place. Must run after: compact marks nodes of these lists.
func order(st *state) {
	nb := len(st.blocks)
	start := make([]int32, nb+1)
	var buf [1]int32
	for i := range st.g.Nodes {
		for _, b := range st.placements(int32(i), &buf) {
			start[b+1]++
		}
	}
	for b := 1; b <= nb; b++ {
		start[b] += start[b-1]
	}
	list := make([]int32, start[nb])
	next := st.scratch.int32s(nb)
	defer st.scratch.release(next)
	copy(next, start[:nb])
	for i := range st.g.Nodes {
		for _, b := range st.placements(int32(i), &buf) {
			list[next[b]] = int32(i)
			next[b]++
		}
	}
	slices.Reverse(st.decisions) // place decided in reverse node order
	st.sched = &Schedule{
		g: st.g, blocks: st.blocks, placed: st.tree.depths(), owner: st.owner, slot: st.slot, index: st.idx, binder: st.binder, firstBlock: st.firstBlock,
		start: start, list: list, inl: make([]bool, len(list)), decisions: st.decisions,
	}
}
