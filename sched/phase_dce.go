package sched

import "github.com/lmsgen/lmsgen/ir"

// dce removes the nodes the graph does not need (ir.DCE: reach, live,
// used, as in lms-backend.md), so that every remaining node is reachable
// from the top-level block through hard dependencies, and soft
// dependencies name only nodes that will be scheduled.
//
// Needs: a graph built by an ir.Builder (nodes after their arguments).
// Must run after: index and every later phase work on the result.
func dce(st *state) {
	st.g = ir.DCE(st.g)
}
