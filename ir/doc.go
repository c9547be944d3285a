// Package ir is lmsgen's graph IR: the sea-of-nodes graph of Lightweight
// Modular Staging (lms-clean's backend), made sound where LMS is not.
//
// # Model
//
// An expression (Exp) is a symbol (Sym, printed x3) or a constant (Const).
// A Node binds a symbol to an operator (Op), expression arguments, block
// arguments, a type, a source position and an effect summary. A Block has
// inputs, a result, an effect input and an effect summary, but no list of
// nodes: which nodes run in which block is decided later, by the
// scheduler (package sched), from the dependencies alone.
//
// Operators have a table of properties (Op.Info): arity, typing rule,
// commutativity, effect class, and whether they can trap (panic at run
// time). Types (Type) are interned: the basic types of Go, slices,
// functions, and tuples of results.
//
// # Building
//
// A Builder records the operations of a staged function:
//
//   - pure nodes are hash-consed, so equal computations share one symbol
//     (CSE); commutative arguments are put in a canonical order;
//   - effectful nodes carry read and write keys: CTRL (output, panics:
//     program order), STORE (allocation), or an object (a variable, or
//     the alias class of a slice). Keys become dependencies as in the
//     seeds: read-after-write hard, write-after-read soft,
//     write-after-write hard (soft when a variable is overwritten
//     entirely, so the earlier write can die);
//   - blocks are built by Reify, which runs a Go function in a fresh
//     effect scope and summarizes it: the keys that outlive the block, and
//     hard dependencies on their last writes (or on the effect input);
//   - a node with blocks (?, W) and a function application (@) take the
//     latent effects of the blocks or of the function's body; a call
//     through a forward declaration (recursion) or through an unknown
//     function value reads and writes everything.
//
// Constructors rewrite before they build: constants fold with Go's own
// semantics (the values are held as Go values of their type, so
// wrap-around, shift counts and float32 rounding are Go's); an operation
// that would trap is never folded; identities are applied only where they
// are exact for the type (x*0 is 0 for integers, never for floats); a
// conditional on a constant runs one branch; a variable read after a write
// in the same block is the written value.
//
// # Soundness beyond LMS
//
// Aliasing: a slice's effects use the key of its alias class. A slice made
// in the graph has a class of its own; sub-slices, appends and grows
// (grow.go) share their base's class; every other slice (parameters,
// slices read from variables or returned by functions) belongs to the heap
// class of its element type.
// When a locally made slice escapes, its class joins the heap class (the
// escaping node writes both). So a write through one slice is always
// ordered with, and keeps alive, the reads through any slice that may
// share its memory.
//
// Trapping operations (integer division by a non-constant, indexing,
// slicing, calls that may panic) carry FlagTrap, read CTRL and write TRAP:
// they stay after the output that precedes them in the source and before
// the output that follows, in source order among themselves (so the first
// panic is the source's, with its message), inside the block they were
// built in (code motion cannot make them run where the source would not),
// and they are kept when their value is unused, since the panic is
// observable. Integer division by a non-zero constant cannot trap and is
// pure. A panic writes CTRL and TRAP. The writes that cannot trap (append,
// copy, stores proved in range) read TRAP instead of CTRL, so they stay
// between the traps and panics around them: memory the caller sees holds,
// after a panic, exactly the writes made before it in the source.
//
// Not ending is observable too: a loop that the builder cannot prove to
// end (terminate.go: a counted loop stepping toward an invariant bound
// without wrapping around) reads CTRL and writes TRAP as a trapping
// operation does, so that DCE keeps it though nothing uses it.
//
// A check already made is not made again (guard.go): a read of s[i] after
// an access to the same s[i] (or to s[c] with a larger constant c) in the
// same block or an enclosing one is not trapping, depends on the access
// that made the check, and dies when unused; in the same block with no
// write in between it is the value read or stored before.
//
// # Symbol order
//
// Symbols are allocated in construction order, and a block's effect input
// before anything built inside it: along a chain of nested blocks, the
// deeper block has the larger effect input. Nodes come after their
// arguments in Graph.Nodes, except the λ named by a λforward. Passes rely
// on both.
//
// # Loops with generators
//
// The loop node of the compiler tutorial (loop.go): OpLoop runs its body
// for i in [0, size), over a slice or none, and computes one result per
// generator (Collect, Reduce, Bucket), to which the body yields, under
// conditionals and in nested loops too. A yield writes its loop's key,
// which the loop node hides: a loop whose body has no other effect has no
// effect itself, so DCE removes it when its results are unused and fusion
// may move it. Loops are fused and lowered into
// staged while loops by package sched (FuseLoops, LowerLoops) before
// scheduling; the code generators never see them.
//
// # Passes
//
// DCE removes what the result does not need (reach, live, used, as in
// lms-backend.md); Bound computes the bound variables of every symbol (as
// in lms-traversal.md, with the λforward fixpoint); Check verifies the
// invariants. Fprint prints the seeds' textual format and FprintDot a
// Graphviz graph.
//
// Deps (deps.go, loops.go, subscript.go) is the dependence analysis of
// slice accesses, after hir-ddrefs.rst: every slice_get and slice_set with
// its alias set and, when its index is affine in the counters of the
// enclosing loops (induction variables found from their single var_set)
// and in values invariant in them, its canonical subscript relative to
// the slice it is sub-sliced from; Test says whether two accesses touch
// the same element (same, never, may) and, per common loop, in which
// direction and at which distance. The arithmetic is int's, modulo 2^64,
// so "never" is proved either modulo 2^64 or with loop trip counts that
// rule out wrapping. FprintDeps prints it (lmsgen -dump=deps). InRange
// (deps_range.go) proves an access inside its slice (an induction
// variable of a counted loop below the slice's length); FusionSafe
// (deps_fuse.go) says whether two loops with the same iterations may run
// as one. The passes that use them (plain loop fusion, forwarding, dead
// arrays, dead stores, bounds checks) are in package sched, which can
// rebuild graphs; the accesses proved in range are built by
// IndexInRange and SetIndexInRange, without FlagTrap.
//
// # Example
//
// The traversal seed's snippet (two printfs, then an if on arg > 0 with a
// printf in one branch) prints as:
//
//	================ Block(List(x1),x10,x0,[CTRL*: _ | x10]) ==============
//	x2 = (printf hello, world1)  [CTRL*: _ | x0]
//	x3 = (printf hello, world2)  [CTRL*: _ | x2]
//	x4 = (> x1 0)
//	x6 = (printf hello, world3)  [CTRL*: _ | x5]
//	x7 = (+ x1 1)
//	x9 = (+ x1 2)
//	x10 = (? x4 Block(List(),x7,x5,[CTRL*: _ | x6]) Block(List(),x9,x8,[: _ | x8])) [CTRL*: _ | x3]
package ir
