// Package frontend loads Go packages that hold staging code, reads their
// directives, and evaluates every specialization over go/ssa into an
// ir.Graph. It is the only package of lmsgen that imports go/packages and
// go/ssa.
//
// # API
//
//	prog, err := frontend.Open(frontend.Config{Dir: dir, Patterns: []string{"."}})
//	res, err := prog.Evaluate()
//
// These are the first two stages of the pipeline (package pipeline runs
// them, then the graph passes, ir.DCE first, on every graph). Open loads
// the packages, builds their SSA and reads their directives; Evaluate
// returns a Result with one Package per loaded package that has
// //lms:gen directives, each with its Specs: the graph of the function a
// directive asks for (as built: dead code is the graph passes' to
// remove), its parameters and results (graph
// types and Go types), and the bound static arguments as Go source, for
// generated differential tests. err is an ErrorList: every error has the
// user's position and, inside inlined calls, the chain of call sites.
// Config.Run restricts evaluation to one specialization (for -dump);
// Config.Budgets bounds the work (steps, unrolled iterations, inlining
// depth, graph size) and the memory (see Budgets, and mem.go for what
// the memory budget counts); a directive option such as -unroll=N
// overrides one budget for one specialization.
//
// # Directives
//
//	//lms:gen NAME [PARAM=EXPR ...] [-steps=N] [-unroll=N] [-calldepth=N] [-nodes=N]
//	//lms:fun
//
// in the doc comment of a function or method. Arguments are separated by
// blanks outside brackets and literals (n=f(1, 2) is one argument, n=a + b
// is not). Each EXPR is a Go expression of the package scope (the staging
// function's file's imports included), type-checked against the
// parameter's type and evaluated at generation time. A parameter of a
// Rep type (a stage type or a slice of one) may be left unbound: it is a
// parameter of the generated function; so may a parameter of a struct
// type whose fields are all Reps (see Signatures); any other parameter
// must be bound.
//
// # Signatures
//
// The generated function's parameters are the unbound parameters of the
// staging function, in order, and its results the staging function's;
// stage types become their underlying types. A struct of Reps — a named,
// non-generic struct type of the staging function's package whose fields
// are stage types, slices of them, or such structs — is a static record of
// Reps: a parameter of that type is one graph input per field (its leaves,
// depth first; Param.LeafNames names them pX for p.X), and a result one
// graph result per field. The generated function takes and returns the
// struct type itself (func Norm(p Point) float64), converting the fields
// (ir.GoValue describes this to the emitters). A struct that holds
// anything else, or a pointer to a struct, must be bound.
//
// On a method, the receiver is the first parameter: bound by its name
// (//lms:gen DotE v=E) or, if it is a Rep or a struct of Reps, the first
// parameter of the generated function, which is always a plain function.
// A pointer receiver must be bound; methods of generic types are not
// supported. On a generic function every type parameter is bound to a
// type, a Go type expression of the package scope (//lms:gen SumF64
// T=stage.Float64); go/types checks it against the constraint. The
// overlay (see Loading) holds, for a generic staging function, a function
// that refers to the instance, so that SSA builds it, with the type
// arguments //line-mapped to the directive; Spec.Origin is then the
// instantiated name (Sum[stage.Float64]), which a generated test calls.
//
// # Loading
//
// Loading does not depend on the generated file, which may be missing or
// stale while other files of the package already call the functions it
// declares. A first, cheap listing finds the packages and their files;
// their directives are parsed; then the real load runs with an overlay
// that (1) empties the existing <pkg>_lms.go, (2) declares a stub of every
// generated function (its signature derived from the staging function's
// syntax), and (3) appends to each staging file one function per static
// argument, returning the expression as the parameter's type. Both are
// //line-mapped to the directive, so that a clash with a declaration or a
// type error in an expression is reported at the directive. The build tag
// lmsgen is always set: staging code may sit in files tagged
// //go:build lmsgen (Package.StagingTagged says so, and the generated file
// then gets //go:build !lmsgen). The target packages and the packages of
// their module that they import are loaded from source, as are the
// standard packages they reach other than those the evaluator implements,
// calls natively or refuses, and the runtime's (load.go's sourceStd: cmp,
// slices, sort, bytes, container/..., encoding/..., ...); everything else
// comes from export data. SSA is built with ssa.InstantiateGenerics (every generic
// call has a body) and ssa.GlobalDebug (source names for the graph).
//
// # Values and binding times
//
// The evaluator is an interpreter of SSA (see value.go for the
// representation). A static value is an ordinary Go value computed now:
// basic values are held as the Go value of their kind, so arithmetic wraps,
// rounds and panics exactly as Go's does; composites (structs, arrays,
// slices, maps, pointers, closures, interfaces) are the evaluator's own.
// A Rep (*rep) is an ir.Exp with the reason it is a Rep, used in "why is
// this a Rep" messages. Static composites may hold Reps: a struct of Reps
// is split per field, a static slice of Reps is scalar-replaced (its
// elements are cells holding Reps), and a slice of structs of Reps with a
// Rep length is one dynamic slice per field (soa.go). An operation with a
// Rep operand calls the ir.Builder; a static operand is lifted into a
// constant. Every stage-typed constant is a Rep. A Rep and its why are
// never changed once made (a merge fills only the Reps it creates), so
// they are shared: the zero values made at one position are one Rep
// (zeroRep), the whys of one position, description and root one
// (derivedWhy). A cell owns its struct or array: a load copies it,
// except the last load of a composite literal's cell, which takes it
// (complit.go).
//
// # Staged control
//
// Static branches are followed; loops whose condition is static unroll.
// A branch on a Rep is staged (control.go, merge.go): both successors are
// evaluated, each inside a block (ir.Builder.Reify), until control reaches
// the join point — the immediate post-dominator of the branch, computed on
// the SSA control-flow graph ignoring paths that panic (cfg.go) — or
// leaves the current region: a staged loop's back edge or exit, or a
// return. Static state is journaled while a branch runs and undone after
// it, so both branches start from the same state. The state the branches
// leave (the registers live after the join, the cells of static memory
// they wrote) is merged: values identical in both stay static, the others
// become results of the conditional (a tuple of ir.OpIf, projected). When
// the branches leave in different ways (break and continue, return and
// fall-through), the conditional also yields a label, and the code after it
// dispatches on the label with further staged conditionals. A branch that
// always panics is a conditional with an empty other branch, and control
// continues after it outside.
//
// A loop whose exit test is a Rep (even one the builder folded to a
// constant: binding time decides) is staged (loop.go). It is built by
// speculative rewriting (speculate.go): each of the header's phis, and
// each static cell the body assigns, is first assumed to keep its value
// from one iteration to the next, and stays what it is (a static value
// keeps running at generation time); a back edge or exit that
// contradicts an assumption restarts the loop with a staged variable for
// that phi or cell, until nothing is contradicted (a region restarts with
// what it learned). A loop is built in one of three
// forms: header-tested (for c { ... }), bottom-tested (range over an
// integer, do-while: the condition block is the whole iteration) or general
// (break and return: the condition block is the whole iteration; each exit
// saves the values live after the loop in staged variables and sets a
// label). A loop tested elsewhere than at its header is tried for one
// iteration first, to learn whether its exit depends on a Rep. A loop that
// starts static and whose test becomes a Rep is peeled: the iterations so
// far stay unrolled and the rest is a staged loop. A header phi that every
// back edge sets to phi+c computed in the header (the index of a range
// over a slice, which go/ssa starts at -1) is shifted: its variable holds
// phi+c, starts at its entry value plus c and, in a header-tested loop, is
// incremented once at the end of the body, so that the loop reads
// for i := 0; i < len(s); i++. A range over a Rep string is a staged loop
// whose position is a staged variable, decoded as Go does (see
// frame.nextRune).
//
// Static memory written under staged control is handled by the regions
// that started after the cell was allocated (its birth, read on a clock
// that ticks at every region) and before the write: a staged conditional
// merges it, a staged loop makes it a staged variable, a staged function
// makes it a staged variable declared before the function if it is the
// outermost of these regions and the cell is a local variable of this call
// (callCells), and rejects the write otherwise; a trial iteration undoes
// it. A change of the keys of
// a static map cannot be merged: it is an error under staged control. A static slice used where a Rep slice is needed is
// materialized (mat.go): a slice of the generated code is allocated and
// filled, and the cells of the storage then live in it, so that the
// static handle and the dynamic slice alias as Go says; a read with a Rep
// index only needs a snapshot (static data when every element is static).
// Package variables are initialized once per specialization; a value of
// the generated code left in one when the function returns is refused
// where a later call could see it (pkgstore.go), since Go keeps it from
// call to call and the generated code starts from the generation-time
// contents.
//
// # Calls
//
// A call of a function with Go source is inlined: its body is evaluated
// with the call's arguments, so it is specialized to the static ones. A
// function marked //lms:fun, or a function value made by stage.Fun, is a
// staged function instead (call.go): it is built once per function, static
// arguments and binding-time pattern, with ir.Builder.Forward and
// DefineForward so that it may call itself, and reused while the static
// state its body read is unchanged. Its dynamic parameters and its
// results that are structs of Reps are split into their leaves as a
// generated function's are (funsig.go, sig.go): the backends only see
// functions of basic values and slices. The stage package's functions are
// recognized by their full names (intrinsic.go); fmt.Print, Println and
// Printf and the builtins print and println are output of the generated
// code (print.go), and fmt.Sprint, Sprintln and Sprintf with a Rep
// argument are pure calls returning a string; stage.Let binds a Rep to a
// local (ir.Builder.Bind); an allow-list of pure library functions (natives.go) is
// computed by reflection when its arguments are static and emitted as an
// ir.Callee call when one is a Rep. slices.Sort on a static slice of
// more than 12 Reps is a sorting network (sortnet.go); a lookup in a
// static map with a Rep key is a chain or a tree of comparisons
// (mapswitch.go). A staged function may return a staged function of
// Reps: its λ's result is a value of function type, and calling a Rep of
// function type applies it (funvalue.go). Any other call without source,
// and unsafe, are errors. The functions handled by name all belong to
// the standard library, to stage or to go/ssa's synthetic wrappers, so a
// call of a function of the loaded modules' own packages (the staging
// code's helpers, its closures) is inlined after one lookup per function
// (evaluator.plainFunc), not a test of its name against every table.
//
// # Go's run-time semantics, statically
//
// Defer statements, recover and panics unwind through static frames as in
// Go (defer.go): deferred calls run at returns and while a panic unwinds,
// a deferred function that calls recover stops the panic, and a recovered
// run-time panic is a runtime.Error. Goroutines, channels, select, package
// sync and sync/atomic run under a deterministic scheduler (goroutine.go,
// chan.go, sync.go): one goroutine runs at a time until it blocks, yields
// or ends; select chooses among ready cases with a generator of fixed
// seed; time.Sleep waits on a virtual clock, which a yield also advances
// (a goroutine spinning in a loop that cannot end is preempted at the
// unroll budget); a deadlock is an error naming every blocked goroutine
// and where it waits; goroutines still running when the staging function
// returns are abandoned. All of this changes state
// that no journal undoes, so it runs under static control only: inside a
// loop's trial iteration the trial ends first (the loop unrolls), and
// under a staged conditional, loop or function it is an error.
// runtime.Goexit unwinds the goroutine through its deferred calls
// (recover does not stop it); on the main goroutine the others run on
// until one exits or they deadlock. reflect.DeepEqual compares static
// values (reflect.go); reflect.TypeOf and ValueOf and the reading methods
// of their results work on static values (reflectvalue.go). Calls that
// set or read the running program's runtime (runtime.GOMAXPROCS,
// runtime/debug.SetGCPercent, ...) and os.Exit are calls of the
// generated code (runtimecalls.go); os.Exit also ends static evaluation.
//
// # Errors and budgets
//
// A user mistake is an *Error with the user's position and, inside inlined
// calls, the chain of call sites; evaluation of a specialization stops at
// its first error. A panic during static evaluation at the top level is an
// error carrying the panic's message; under staged control it is a panic
// of the generated code. The budgets count work and memory, never time;
// an allocation is charged before it is made, so that no staging code can
// exhaust lmsgen's memory (a fatal error no recover catches). A broken
// invariant of the evaluator panics with a message starting with BUG;
// Evaluate reports it as an internal error of the specialization, without
// a stack trace (Config.Stacks, lmsgen -d=stacks, adds one to the message).
//
// # Invariants
//
//   - Every value a register or cell holds after a staged construct is
//     valid where evaluation continues: a Rep built inside a block never
//     leaks out of it except through the block's results or a staged
//     variable.
//   - The journal records, while a region is being built, every write to a
//     register or cell that existed before the region; rolling it back
//     restores the state exactly.
//   - Regions restart only by unwinding to the region's own ir.Reify
//     boundary, so a discarded attempt leaves only unreachable nodes (which
//     ir.DCE removes) and never a node in an enclosing block.
//   - Evaluation is deterministic: no map is iterated to decide anything
//     (static maps iterate in insertion order).
//
// # Files
//
// Each file holds one concern and says so in a comment after its imports.
//
// API and entry points:
//
//	api.go           Config, Budgets, Result, Package, Spec, Param
//	spec.go          Open, Evaluate; one specialization's signature and top block
//	errors.go        the positioned error type (ir.Error)
//
// Loading and directives:
//
//	load.go          the two loads with go/packages, SSA, package errors
//	overlay.go       the overlay of the second load: stubs, static arguments
//	directive.go     //lms:gen and //lms:fun
//	testdirective.go //lms:test
//
// The static interpreter:
//
//	value.go         the evaluator's representation of values
//	eval.go          the evaluator and its frames: registers, constants, errors
//	regions.go       regions (staged constructs being built) and unwinding
//	cells.go         static memory: cells, births, the journal, outer writes
//	interp.go        dispatch of the non-control instructions, type assertions
//	interparith.go   operators and conversions, static or staged
//	interpmem.go     pointers, slices, fields and indexing
//	rangederef.go    a range over *p not evaluated (a nil p, a constant length)
//	interpmap.go     maps and range iteration
//	ops.go           static operators with Go's semantics
//	compare.go       static == and map keys
//	convert.go       static conversions between basic kinds, constants
//	types.go         Go types to graph types, lifting static values
//	mat.go           static slices materialized as slices of the generated code
//	pkgstore.go      package variables: run-time writes where a later call sees them
//	soa.go           staged slices of structs, one dynamic slice per field (SoA)
//	soaappend.go     append on them, with the growth of the []T
//	aos.go           []T parameters and results: arrays of structs (AoS)
//	aosconv.go       where a []T parameter meets a split or static slice
//	aosmerge.go      a []T parameter merged with a split slice (converted)
//	mem.go           the memory budget: allocations, what stays reachable, static data, large files
//
// Calls:
//
//	call.go          inlined calls and staged functions (λ)
//	funsig.go        the signature of a staged function's λ
//	sig.go           the parameters and results of a generated function (ir.GoValue)
//	lamname.go       names of λs built from function literals
//	builtin.go       the builtin functions
//	intrinsic.go     functions recognized by name (stage markers, math companions, fmt)
//	natives.go       the allow-list of library functions without source
//	sortnet.go       slices.Sort on static slices of Reps: sorting networks
//	mapswitch.go     lookups in static maps with Rep keys
//	funvalue.go      staged functions as values: currying
//	print.go         fmt.Print, Println, Printf and the Sprint family
//	fmtstatic.go     fmt.Sprintf and Errorf of named types at generation time
//	reflect.go       reflect.DeepEqual on static values
//	reflectvalue.go  reflect.TypeOf, ValueOf and their methods on static values
//	reflectmake.go   reflect.MakeFunc, TypeAssert, and sort.Slice's reflectlite swapper
//	runtimecalls.go  runtime settings, os.Exit and os.Getenv as calls of the generated code
//	opaque.go        errors (ir.KOpaque) of the generated code, static errors written as code
//	worldcall.go     the calls that touch the world, made by the generated code
//
// Go's run-time semantics:
//
//	defer.go         defer, recover, and panics unwound through static frames
//	goroutine.go     goroutines under the deterministic scheduler, deadlocks
//	chan.go          channels and select
//	sync.go          sync, sync/atomic, runtime.Gosched, time.Sleep (virtual clock)
//	syncpool.go      sync.Pool, with gc's victim cache at runtime.GC
//	timers.go        time.After, Tick, NewTimer, NewTicker on the virtual clock
//
// Staged control:
//
//	cfg.go           the control-flow analysis: post-dominators, natural loops, liveness
//	control.go       branches, static and staged
//	evalorder.go     a block's instructions in gc's order of evaluation
//	merge.go         staged conditionals and the merge of their branches' state
//	shortcircuit.go  c1 || c2 and c1 && c2 as one condition
//	loop.go          the staged-loop driver and its three forms
//	looptrial.go     trial evaluation: is a loop's exit test a Rep?
//	loopvars.go      loop-carried variables
//	speculate.go     speculative rewriting: loop-carried values assumed unchanged
//	loopexit.go      exits of a staged loop and the code after it
//	rangeint.go      range over a Rep integer, tested at the top
//	loops.go         the collection API of package stage (Map, Filter, ...)
//
// # Example
//
// The staging function
//
//	//lms:gen Cube n=3
//	func Power(b stage.Float64, n int) stage.Float64 {
//		if n == 0 {
//			return 1
//		}
//		return b * Power(b, n-1)
//	}
//
// yields, printed by ir.Fprint (what lmsgen -dump=ir shows):
//
//	================ Block(List(x1),x3,x0,[: _ | x0]) ==============
//	x2 = (* x1 x1)
//	x3 = (* x1 x2)
package frontend
