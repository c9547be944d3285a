package sched

import (
	"math"

	"github.com/lmsgen/lmsgen/ir"
)

// anchor decides which nodes must not be hoisted, for speculation safety.
//
// A pinned node (see early) is never placed above its source block, so it
// runs only where the source ran it; nothing more is needed for it. An
// unpinned node is anchored when moving it up could run a trap where the
// source would not have run one:
//
//   - it can trap itself (a graph whose trapping nodes do not read CTRL);
//   - an argument or hard dependency is anchored (hoisting the node would
//     hoist that operand too);
//   - one of its blocks (not a λ body: defining a function runs nothing)
//     contains a trap: a trapping node bound inside the block, or an
//     anchored node the block uses.
//
// An anchored node is placed only where it is used (never moved up across
// a loop, function or branch boundary), in several exclusive blocks if
// needed, whatever its cost.
//
// To decide the third rule in one pass, each node carries risk: the
// static depth of the deepest block whose execution runs a trap the node
// depends on (-1 for none, infinite for anchored nodes, which run wherever
// they are used). A block b contains a trap if some symbol it uses has risk
// at least b's depth.
//
// Needs: early. Must run after: place.
func anchor(st *state) {
	f := &st.flat
	n := len(f.op)
	const none, inf = -1, math.MaxInt32
	risk := st.scratch.int32s(n)
	defer st.scratch.release(risk)
	st.anchored = st.scratch.bools.take(n, true)
	for i := range n {
		r := int32(none)
		anchored := false
		here := st.sdepth[st.early[i]] // where a pinned node runs
		pinned := st.pinned[i]
		hit := func() { // a trap runs when the node runs
			if pinned {
				r = max(r, here)
			} else {
				anchored = true
			}
		}
		if f.props[i]&propTrap != 0 {
			hit()
		}
		lambda, forward := f.op[i] == ir.OpLambda, f.op[i] == ir.OpForward
		for e := f.estart[i]; e < f.estart[i+1]; e++ {
			k := f.ekind[e]
			j := f.etgt[e]
			if j < 0 || k == eSdep || forward {
				continue
			}
			switch {
			case k < eBlock:
				if risk[j] == inf {
					hit()
				} else {
					r = max(r, risk[j])
				}
			case (k-eBlock)%3 == 2: // a block's soft dependency
			case risk[j] == inf || risk[j] >= st.sdepth[st.firstBlock[i]+int32(k-eBlock)/3]:
				// The block runs a trap: unless it is a function body
				// (defining a function runs nothing).
				if !lambda {
					hit()
				}
			default:
				r = max(r, risk[j])
			}
		}
		if anchored {
			st.anchored[i] = true
			risk[i] = inf
		} else {
			risk[i] = r
		}
	}
}
