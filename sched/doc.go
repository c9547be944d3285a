// Package sched turns an ir.Graph back into nested blocks of ordered
// statements. A block of the graph lists no nodes; the scheduler decides
// which nodes run in which block and in which order (code motion), and
// which nodes are emitted inline at their single use.
//
// # Use
//
//	s := sched.Run(g, sched.Options{})
//	g = s.Graph() // dead code removed: emit from this graph
//	emit(s.Nodes(g.Block))
//
// Emitters walk s.Nodes of the top-level block and, for each node with
// blocks, recurse into s.Nodes of those blocks. A node for which
// s.Inlined(block, sym) holds is not a statement: it is written inside the
// expression of its only use. Verify checks a schedule; Fprint prints one.
// FactsOf computes, once for both emitters, what they need to know of a
// schedule (uses, variable reads, written static tables, the staged
// functions); Func is a specialization to emit, the input of both.
// A Transformer rebuilds a graph through an ir.Builder in schedule order,
// with a substitution, for lowering passes.
//
// # Phases
//
// Run runs the phases listed once, in order, in the table of run.go; each
// is a file phase_*.go whose doc comment says what it needs and what must
// follow:
//
//	dce      ir.NewFlat (the graph as flat arrays), then ir.DCE on them (skipped with Options.NoDCE: the pipeline's graph passes ran ir.DCE)
//	index    the tables of the later phases from the flat arrays (the uses of each node, and prune's reach pass, as jobs)
//	prune    removal of the nodes no hard dependency reaches
//	early    each node's earliest block, from its bound variables
//	anchor   which nodes must not be hoisted (speculation safety)
//	place    global code motion on the block tree
//	order    each block's nodes in node order
//	compact  inlining marks
//
// # Placement
//
// The placements are those of lms-traversal.md's scheduleBlock_ (reach,
// reachInner, available, symsFreq, extraThroughSoft), computed as global
// code motion on the block tree instead of by rescanning the pending nodes
// in every block.
//
// Early: a node is available in the deepest block binding one of its
// bound variables (the inputs and effect inputs it depends on, through
// arguments, dependencies and blocks, minus its own blocks'), and in every
// block nested in it. The sets are kept as persistent lists that share
// their tails (bound.go), so values that flow through deep nesting cost
// near-constant time each, not time proportional to the depth.
//
// Late: nodes are placed in reverse node order, so every use is placed
// first. Each use gives a block: the user's block for an argument or a
// dependency; the user's own block when the node is the result or a
// dependency of that block; the top-level block for its own result. Each
// block u is lifted to the coldest block between the early block and u.
// Frequencies are estimated as in LMS: a function body, loop condition or
// loop body is hot (runs more often than its parent), each branch of a
// conditional is cold (runs less often), and one loop level outweighs any
// number of branches. The coldest block is therefore the parent of the
// highest hot block strictly between the early block and u, or u itself
// when there is none: work leaves loops and functions, even through
// branches inside them, but never leaves a branch of a conditional that
// runs in the block where it would land. A tuple is not lifted: it
// computes nothing (its operands are lifted on their own), and lifted out
// of a function body it would only make the function capture it. This is where LMS puts a node:
// in the outermost block where it is available and reachable without a
// cold edge of a node of that block.
//
// The node goes in the lifted blocks that no other lifted block encloses.
// When that is one block, it is the lowest common ancestor of the uses'
// blocks; otherwise the uses are in exclusive blocks (see Duplication).
// Soft dependencies (anti-dependencies) are uses that are not lifted: a
// node that is scheduled at all must come before its soft users. A node
// placed only because of soft users is "pulled", and pulls what its own
// blocks use into its block, as LMS's extraThroughSoft does. A λ that has
// a forward declaration goes to its earliest block, where every call
// through the declaration can see it (recursion, and mutual recursion
// from functions placed later; defining a function runs nothing, so this
// is always safe), and its λforward goes with it, before it by node order.
//
// When a node with blocks is placed, its blocks join the tree below its
// block. Ancestor, lowest-common-ancestor and highest-hot-block queries
// use skew-binary jump pointers (tree.go), so placing costs
// O(edges * log depth), and building the tree O(1) per block.
//
// Order: within a block, nodes keep node order, which is a topological
// order of arguments and of hard and soft dependencies (the builder
// appends a node after what it depends on) and the order of the source:
// effects keep their order, and every decision is deterministic. Nothing
// that decides a placement iterates over a map; ties cannot arise.
//
// # Speculation safety
//
// A node that can trap never runs where the source would not have run it.
// A pinned node, one that depends on the effect input of its earliest
// block, is never placed above that block, which is the block it was built
// in (effect dependencies exist only within one block); every trapping
// node the builder makes reads CTRL and is pinned, and so is every node
// with effects. A node that is not pinned is anchored when it can trap,
// when an argument or dependency is anchored, or when one of its blocks
// (not a function body: defining a function runs nothing) contains a trap.
// An anchored node is not lifted at all: it is placed where it is used,
// once above its uses only when every execution of that block runs one of
// them (one is there, or a loop condition or both branches of a
// conditional cover them), and otherwise in each of the blocks that use it,
// whatever its cost. The one case left unsafe is an anchored node with
// blocks used from exclusive blocks that do not cover every path: it
// cannot be duplicated, so it is placed once and the decision says so
// (only hand-built graphs that ir.Check rejects can produce it).
//
// Removing dead code can leave an effect with no dependency at all: an
// assignment that overwrites a dead one depends on it only softly. Such a
// node keeps the bound variables its removed soft dependencies had, which
// keep it in its block (see early).
//
// # Duplication
//
// A node used only from several exclusive blocks (the thesis'
// pathological case: z = foo; if (x) z; if (y) z) is duplicated into each
// of them, as LMS does, only if it is cheap: a single machine operation
// (pure, unable to trap, without blocks: an arithmetic, bitwise,
// comparison or conversion operator, real, imag, complex, a length, or a
// projection), and at most maxCopies (4) copies. Each copy then costs one
// operation even on an execution that runs several of them. Otherwise it
// is placed once, in the lowest block enclosing its uses: it may run when
// none of its uses does (it is pure and cannot trap, or it is pinned
// there), but never twice. Nodes with blocks and nodes with effects are
// never duplicated.
//
// # Compact emission
//
// In each block, a node is inlined into its single use (the
// CompactTraverser of lms-traversal.md) when it is used exactly once there,
// as an argument of a node of the block or as the block's result, and from
// no inner block; when it may be an expression (not a node with blocks, a
// variable, an allocation, static data, a forward declaration, a
// statement, or a multi-result call); and when, walking the block
// backwards, every node of the block that depends on it comes after the
// point of inlining, so that no effect is crossed (y := x; x += 1;
// printf(y) keeps y a statement). For Go, whose expressions evaluate
// operands before their operator and calls in order but nothing else, two
// nodes of one expression that are not operands of one another and not
// both calls are unordered: a memory read is not inlined beside a node
// that writes, nor a node that can trap beside one that writes or traps
// (the first panic must be the source's). Such a node is a statement.
//
// # Cost
//
// Run reads the graph's nodes once: dce flattens the graph (ir.NewFlat:
// operators, node facts, edges, blocks and the symbols they bind, as
// arrays), ir.DCE runs on those arrays and makes the Flat of its result
// in the same arrays, and every later phase reads arrays indexed by node,
// edge, block or position, allocated once per phase (no object per node).
// Placing costs O(edges * log depth) (see Placement); the other phases
// are linear.
//
// Measured on a 2-core AMD EPYC with nothing else running (Go 1.26;
// go test -bench, -benchtime 3x, test binaries of the two versions run
// alternately, 12 runs each, benchstat medians): a random graph of 10^6
// nodes (171k blocks, nesting 8) in 395 ms ± 7% (571 ms of CPU; 544 ms
// before the work was split and the allocations cut; 420-430 ms in a
// later, busier hour, for both), 10^5 nodes in 36.3 ms ± 3% (10.9x
// fewer); loops nested 1,000 deep with 10^4 nodes in 5.0 ms, 10^5 nodes
// in 27.8 ms. The machine is a VM whose host steals time now and then:
// compare two versions by running their test binaries alternately. The phases are memory-bound: the 10^6 run
// allocates 168 MiB of arrays (docs/scale.md), and the page faults of fresh memory
// (about 1.8 us each on that machine) and the collector marking the input
// graph are a good part of it (the first runs after the graph is built,
// while the heap grows, are the slowest).
//
// The collector's share is proportional to the bytes a Run allocates (a
// collection marks the whole input graph, and comes once per heap's worth
// of allocation): about 37% of the CPU time per Run at 10^6 nodes when a
// Run allocated 135 MiB (GOGC=off against the default, Go 1.26, a loaded
// machine; 9% in session 14's measurement, docs/scale.md). So the phases
// lend each other their temporary arrays (scratch.go) rather than
// allocate them, and a Run keeps them, with its Flat's arrays
// (ir.Flat.Release), for the next Run: a Run allocates about 80 MiB at
// 10^6 nodes, most of it the Schedule and the graph after DCE, and its
// CPU time per Run fell 16% (docs/scale.md, session 16).
//
// # Parallel work
//
// Placement and the bound-variable lists are sequential (each node needs
// its users' placements, or its operands' lists), but several steps are
// not, and a large graph (parallelWork: 32,768 positions, nodes or edges)
// gives them a second goroutine when there is a second processor; what
// they compute does not depend on it, and TestParallelSame checks it (with
// -race in CI):
//
//   - ir.NewFlat walks two halves of the nodes at once, into two parts
//     of the same arrays (the walk over the nodes' scattered objects is
//     what costs);
//   - index starts two jobs (parallel.go): the table of each node's uses,
//     which only place reads, and prune's reach pass, which reads only
//     the flat arrays; they run beside index, prune, early and anchor;
//   - compact counts and marks halves of the blocks at once (split): a
//     block's inlining reads the counts of its own positions, and a use
//     from an inner block marks a copy elsewhere in a bit set written
//     atomically.
//
// # Invariants
//
// Verify checks, independently of the algorithm: every node of the graph
// is placed; a node with effects or blocks exactly once; every argument,
// dependency and block result is visible where it is used (bound by an
// enclosing block, or placed before in the block or in an enclosing block
// before the node that encloses the use); every scheduled soft dependency
// comes before its user; no trapping node runs on a new path; every
// inlined node has exactly one use in its block and none from elsewhere.
// The tests cross-check the placements with a plain transcription of
// scheduleBlock_ on random graphs: every difference is speculation safety,
// duplication of a node with blocks (which LMS does and a block tree
// cannot express), or follows from one of those.
//
// # Example
//
// The traversal seed's snippet (two printfs, then if (arg > 0) { printf;
// arg + 1 } else { arg + 2 }) schedules and prints (Fprint) as:
//
//	================ Block(List(x1),x10,x0,[CTRL*: _ | x10]) ==============
//	x2 = (printf hello, world1)  [CTRL*: _ | x0]
//	x3 = (printf hello, world2)  [CTRL*: _ | x2]
//	x4 = (> x1 0)  inline
//	x10 = (? x4 Block(List(),x7,x5,[CTRL*: _ | x6]) Block(List(),x9,x8,[: _ | x8])) [CTRL*: _ | x3]
//	  x10.then:
//	    x6 = (printf hello, world3)  [CTRL*: _ | x5]
//	    x7 = (+ x1 1)  inline
//	  x10.else:
//	    x9 = (+ x1 2)  inline
//
// x7 and x9 are sunk into the branches that use them; x4, x7 and x9 are
// expressions of their single uses.
package sched
