package sched

// The per-element memory passes (ir.Deps) are graph passes of the
// pipeline's table (package pipeline), in this order: Forward
// (forward.go: store-to-load forwarding, with the φs it adds to
// conditionals pruned to those used), DeadArrays (deadarrays.go: slices
// made and never read, with their stores), DeadStores (deadstores.go:
// stores to a local element overwritten before it is read).
//
// Needs: a graph free of dead code (ir.DCE). Must run after them: ir.DCE,
// which removes what they leave unused.
