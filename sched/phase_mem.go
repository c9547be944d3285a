package sched

// mem runs the passes that work on slice elements (ir.Deps): Forward
// (forward.go: store-to-load forwarding, with the φs it adds to
// conditionals pruned to those used), then DeadArrays (deadarrays.go:
// slices made and never read, with their stores), then DeadStores
// (deadstores.go: stores to a local element overwritten before it is
// read).
//
// Needs: a graph built by an ir.Builder. Must run after: dce, which
// removes what they leave unused.
func mem(st *state) {
	st.g = DeadStores(DeadArrays(Forward(st.g)))
}

// memRun is mem, set by init: mem transforms graphs with a Transformer,
// which schedules with Run, whose phase table names mem.
var memRun func(*state)

func init() { memRun = mem }
