package sched

import "github.com/lmsgen/lmsgen/ir"

// dce flattens the graph (ir.NewFlat: the one walk over the nodes' pointers
// of Run) and removes the nodes the graph does not need with ir.DCE
// (reach, live, used, as in lms-backend.md) on the flat arrays, which also
// gives the flat arrays of the result; prune then removes what ir.DCE
// keeps but nothing depends on.
//
// Needs: a graph built by an ir.Builder (nodes after their arguments).
// Must run after: index and every later phase work on the result.
func dce(st *state) {
	st.orig = st.g
	fl := st.g.TakeFlat() // the graph came from ir.DCE: its Flat
	if fl == nil {
		fl = ir.NewFlat(st.g)
	}
	st.g, st.fl = fl.DCE()
}
