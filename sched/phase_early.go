package sched

import (
	"fmt"

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
// Removing dead nodes removes dependencies, and can leave an effect with
// none: an assignment that overwrites a dead one depends on it only
// softly, and after dce on nothing, though it belongs to its loop body. So
// a node whose soft dependencies dce removed keeps the bound variables
// they had (st.lost), which tie it to its block.
//
// Needs: index. Must run after: anchor and place.
func early(st *state) {
	g := st.g
	st.early = st.scratch.int32s(len(g.Nodes)) // given back by place
	st.pinned = st.scratch.bools.take(len(g.Nodes), true)
	bv := newBound(st) // sets early and pinned
	st.scratch.release(bv.head, bv.mem)
	st.sdepth = make([]int32, len(st.blocks))
	for i := range st.sdepth {
		st.sdepth[i] = -1
	}
	st.sdepth[0] = 0
	// Reverse node order: the owner of a block binding a variable that a
	// node depends on was built after that node.
	f := &st.flat
	for i := len(g.Nodes) - 1; i >= 0; i-- {
		e := st.early[i]
		if int(e) >= len(st.blocks) || st.sdepth[e] < 0 {
			panic(fmt.Sprintf("BUG: sched: %v depends on a variable of a block that is dead or whose owner comes earlier", f.sym[i]))
		}
		// A forward declaration depends on the effect input only through
		// its λ; it is placed with the λ (see place).
		if f.op[i] == ir.OpForward {
			st.pinned[i] = false
		}
		for b := st.firstBlock[i]; b < st.firstBlock[i+1]; b++ {
			st.sdepth[b] = st.sdepth[e] + 1
		}
	}
}
