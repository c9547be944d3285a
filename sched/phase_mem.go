package sched

// The per-element memory passes (ir.Deps) are graph passes of the
// pipeline's table (package pipeline), in this order: FusePlain
// (fuseplain.go: a producer loop and a consumer loop with the same
// iterations fused when the dependence test allows), Forward
// (forward.go: store-to-load forwarding, with the φs it adds to
// conditionals pruned to those used; in a fused loop, the scalar
// replacement of the temporary), DeadArrays (deadarrays.go: slices
// made and never read, with their stores), DeadStores (deadstores.go:
// stores to a local element overwritten before it is read),
// BoundsChecks (bce.go: accesses proved in range rebuilt without their
// check, last, since the passes before rebuild accesses with theirs).
//
// Needs: a graph free of dead code (ir.DCE). Must run after them: ir.DCE,
// which removes what they leave unused.
