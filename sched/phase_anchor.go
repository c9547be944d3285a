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
	g := st.g
	const none, inf = -1, math.MaxInt32
	risk := make([]int32, len(g.Nodes))
	st.anchored = make([]bool, len(g.Nodes))
	for i, n := range g.Nodes {
		r := int32(none)
		anchored := false
		here := st.sdepth[st.early[i]] // where a pinned node runs
		hit := func() {                // a trap runs when n runs
			if st.pinned[i] {
				r = max(r, here)
			} else {
				anchored = true
			}
		}
		if n.CanTrap() {
			hit()
		}
		operand := func(s ir.Sym) {
			if j := st.nodeOf(s); j >= 0 {
				if risk[j] == inf {
					hit()
				} else {
					r = max(r, risk[j])
				}
			}
		}
		for _, a := range n.Args {
			if a.IsSym() && !(n.Op == ir.OpForward) {
				operand(a.Sym())
			}
		}
		if n.Eff != nil {
			for _, s := range n.Eff.Hdeps {
				operand(s)
			}
		}
		for k, b := range n.Blocks {
			d := st.sdepth[st.firstBlock[i]+int32(k)]
			lambda := n.Op == ir.OpLambda
			b.Used(func(s ir.Sym) {
				j := st.nodeOf(s)
				if j < 0 {
					return
				}
				switch {
				case risk[j] == inf || risk[j] >= d:
					if !lambda {
						hit()
					}
				default:
					r = max(r, risk[j])
				}
			})
		}
		if anchored {
			st.anchored[i] = true
			risk[i] = inf
		} else {
			risk[i] = r
		}
	}
}
