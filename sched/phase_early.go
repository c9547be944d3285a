package sched

import (
	"fmt"
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// early computes, for every node, the earliest block it may be placed in:
// the deepest block that binds one of its bound variables (ir.Bound, with
// the λforward fixpoint), or the top-level block when it has none. A node
// is available in that block and every block nested in it, and nowhere
// else.
//
// Depth here is the static nesting: a block's parent is the early block of
// the node that owns it. Placement may later sink an owner into a branch,
// which only inserts blocks between a block and its static parent, so the
// static order of the blocks on one chain is also their final order.
//
// early also records whether a node is pinned: whether it depends on the
// effect input of its early block. Effect dependencies are made only
// within the block being built, so a pinned node's early block is the
// block it was built in (its source block); every node that carries effect
// dependencies, and every trapping node the builder makes, is pinned.
//
// The bound variables are those of the graph before dce: removing dead
// nodes removes dependencies, and can leave an effect without any: an
// assignment that overwrites a dead one depends on it only softly, and
// after dce on nothing, though it belongs to its loop body. Its bound
// variables before dce still tie it to its block.
//
// Needs: index. Must run after: anchor and place.
func early(st *state) {
	g := st.g
	st.bv = ir.Bound(st.orig)
	st.early = make([]int32, len(g.Nodes))
	st.pinned = make([]bool, len(g.Nodes))
	st.sdepth = make([]int32, len(st.blocks))
	for i := range st.sdepth {
		st.sdepth[i] = -1
	}
	st.sdepth[0] = 0
	// Reverse node order: the owner of a block binding a variable that a
	// node depends on was built after that node.
	for i := len(g.Nodes) - 1; i >= 0; i-- {
		n := g.Nodes[i]
		bound := st.bv.Of(n.Sym)
		e := int32(0)
		for _, v := range bound {
			b := st.binder[v]
			if b < 0 {
				if g.Def(v) != nil {
					panic(fmt.Sprintf("BUG: sched: %v depends on %v, which no block binds", n.Sym, v))
				}
				continue // bound by a block dce removed
			}
			d := st.sdepth[b]
			if d < 0 {
				panic(fmt.Sprintf("BUG: sched: %v depends on %v, bound by a block whose owner comes earlier", n.Sym, v))
			}
			switch {
			case d > st.sdepth[e]:
				e = b
			case d == st.sdepth[e] && b != e:
				panic(fmt.Sprintf("BUG: sched: %v depends on variables of two unrelated blocks", n.Sym))
			}
		}
		st.early[i] = e
		_, st.pinned[i] = slices.BinarySearch(bound, st.blocks[e].Ein)
		if n.Op == ir.OpForward {
			// A forward declaration depends on the effect input only
			// through its λ; it is placed with the λ (see place).
			st.pinned[i] = false
		}
		for k := range n.Blocks {
			st.sdepth[st.firstBlock[i]+int32(k)] = st.sdepth[e] + 1
		}
	}
}
