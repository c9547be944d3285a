package frontend

import (
	"fmt"
	"go/token"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the package's API: the configuration (Config, Budgets) and
// what evaluation returns (Result, Package, Spec, Param, StaticArg).

// Config says what to load and how to evaluate it.
type Config struct {
	// Dir is the directory in which to run the build system (the
	// current directory if empty).
	Dir string
	// Patterns are the package patterns to load ("." if empty).
	Patterns []string
	// Tags are extra build tags. The tag lmsgen is always set, so that
	// staging code in files tagged //go:build lmsgen is loaded.
	Tags []string
	// Budgets bound the evaluation of every specialization; zero fields
	// take the defaults (see Budgets). A directive option overrides a
	// field for one specialization.
	Budgets Budgets
	// Output, if not empty, is the path of the Go output file (absolute,
	// or relative to the package directory), instead of <pkg>_lms.go.
	// Whatever it holds now is left out of the load, as the default
	// output's is: it is replaced by the run.
	Output string
	// Run, if not empty, restricts evaluation to the specialization of
	// that NAME (for -dump); the others are still checked for directive
	// errors but not evaluated.
	Run string
	// Stacks adds the Go stack to the message of an internal error
	// (lmsgen -d=stacks).
	Stacks bool
	// SIMD gives every specialization a vector build (lmsgen -simd), as
	// the directive option -simd does one: a staging function that calls
	// stage.SIMD() is then evaluated twice (see Spec.SIMDGraph).
	SIMD bool
}

// Budgets bound the work of evaluating one specialization. They count
// work, never time, so a specialization that fits its budgets on one
// machine fits them everywhere. Exceeding one is an error at the position
// where it happened that names the budget and how to raise it.
type Budgets struct {
	// Steps bounds the SSA instructions executed (static and staged).
	// Flag -steps, directive option -steps=N. Default DefaultSteps.
	Steps int
	// Unroll bounds the iterations one execution of a static loop may run
	// at generation time (a loop whose condition is static unrolls).
	// Flag -unroll, directive option -unroll=N. Default DefaultUnroll.
	Unroll int
	// CallDepth bounds the depth of inlined calls. Flag -calldepth,
	// directive option -calldepth=N. Default DefaultCallDepth.
	CallDepth int
	// Nodes bounds the size of the graph. Flag -nodes, directive option
	// -nodes=N. Default DefaultNodes.
	Nodes int
	// Mem bounds, in bytes, the memory static evaluation allocates
	// (slices, arrays, maps, strings, composite values, also inside the
	// library functions it calls) and the static data the generated code
	// holds. Allocations are counted until they reach it; then what the
	// program still reaches is measured, and counting continues from
	// there if it is within half of Mem (mem.go). Flag -mem, directive
	// option -mem=N. Default DefaultMem.
	Mem int
}

// The default budgets.
const (
	DefaultSteps     = 20_000_000
	DefaultUnroll    = 100_000
	DefaultCallDepth = 256
	DefaultNodes     = 2_000_000
	DefaultMem       = 256 << 20
)

// maxBudget is the largest value a budget accepts.
const maxBudget = 1 << 40

// budgetFlags lists the budgets with the name of their flag and option.
func (b *Budgets) budgetFlags() []struct {
	name string
	v    *int
} {
	return []struct {
		name string
		v    *int
	}{{"steps", &b.Steps}, {"unroll", &b.Unroll}, {"calldepth", &b.CallDepth}, {"nodes", &b.Nodes}, {"mem", &b.Mem}}
}

// Validate reports a budget set to a negative value or beyond 1<<40, as
// the flag that sets it (-steps=-1): zero means the default.
func (b Budgets) Validate() error {
	for _, f := range b.budgetFlags() {
		if *f.v < 0 || *f.v > maxBudget {
			return fmt.Errorf("-%s needs a positive integer at most %d (or 0 for the default), found %d", f.name, maxBudget, *f.v)
		}
	}
	return nil
}

// withDefaults returns b with zero fields replaced by the defaults.
func (b Budgets) withDefaults() Budgets {
	if b.Steps <= 0 {
		b.Steps = DefaultSteps
	}
	if b.Unroll <= 0 {
		b.Unroll = DefaultUnroll
	}
	if b.CallDepth <= 0 {
		b.CallDepth = DefaultCallDepth
	}
	if b.Nodes <= 0 {
		b.Nodes = DefaultNodes
	}
	if b.Mem <= 0 {
		b.Mem = DefaultMem
	}
	return b
}

// override returns b with the fields set in o (non-zero) replacing its own.
func (b Budgets) override(o Budgets) Budgets {
	if o.Steps > 0 {
		b.Steps = o.Steps
	}
	if o.Unroll > 0 {
		b.Unroll = o.Unroll
	}
	if o.CallDepth > 0 {
		b.CallDepth = o.CallDepth
	}
	if o.Nodes > 0 {
		b.Nodes = o.Nodes
	}
	if o.Mem > 0 {
		b.Mem = o.Mem
	}
	return b
}

// Result is what Load found and built.
type Result struct {
	Packages []*Package
}

// Package is one loaded package that holds staging code.
type Package struct {
	Name    string // package name
	Dir     string // directory of its sources
	PkgPath string // import path
	// StagingTagged reports whether the package's staging code sits in
	// files tagged //go:build lmsgen; the generated file then gets
	// //go:build !lmsgen so that production builds never link it.
	StagingTagged bool
	// Reserved lists the package-level names declared by the package's
	// own files (not by a generated file), sorted: generated helpers must
	// avoid them.
	Reserved []string
	// Shadowed lists the package-level declarations of Go's predeclared
	// names (func min(a, b int) int, var len int), sorted by name: the
	// generated files must not use those names (pipeline shadow.go).
	Shadowed []Shadow
	// Specs are the specializations, in source order of their directives.
	Specs []*Spec
	// Literals records how the package's files wrote their integer
	// literals (literals.go).
	Literals *ir.Literals
}

// Shadow is a package-level declaration of a predeclared name.
type Shadow struct {
	Name string
	Pos  token.Position
}

// Spec is one specialization: the graph of the function NAME that a
// //lms:gen directive asks for.
type Spec struct {
	// Name is the generated function's name (the directive's NAME).
	Name string
	// Pos is the position of the directive.
	Pos token.Position
	// Origin is the staging function as a call names it: its name, with
	// the directive's type arguments for a generic function
	// (Sum[stage.Float64]); for a method, the method's name.
	Origin string
	// Method reports whether the staging function is a method: its
	// receiver is the first parameter (Index 0 in Static), and a call is
	// written recv.Origin(args).
	Method bool
	// Tagged reports whether the staging function is in a file built only
	// with the lmsgen build tag: then only lmsgen sees it, and code built
	// beside the generated file (its differential test) cannot call it.
	Tagged bool
	// Graph is the specialization, after dead-code elimination. Its
	// top-level block has one input per leaf of Params (see
	// ir.GoValue.Leaves) and one result per leaf of Results.
	Graph *ir.Graph
	// Params are the parameters of the generated function: the unbound
	// parameters of the staging function, in order (a receiver left
	// unbound first).
	Params []Param
	// Results are the generated function's results (without names).
	Results []Param
	// Static lists the bound parameters with the Go source of their
	// static argument, in the staging function's parameter order. A
	// generated differential test calls Origin with these expressions in
	// the bound positions and the generated function's arguments in the
	// others (for Rep parameters converted to the stage type).
	Static []StaticArg
	// Budgets are the budgets the specialization was evaluated with.
	Budgets Budgets
	// SIMD reports whether the directive asks for vector code (-simd).
	SIMD bool
	// SIMDGraph, if not nil, is the graph of the vector build: the
	// staging function called stage.SIMD() while it was evaluated for a
	// specialization with a vector build (SIMD or Config.SIMD), so it was
	// evaluated again with stage.SIMD() true. The vector Go file
	// (<pkg>_lms_simd.go) is written from it, every other output from
	// Graph. Nil: Graph serves both builds.
	SIMDGraph *ir.Graph
	// RelaxedFP reports whether the directive opts into relaxed
	// floating-point arithmetic (-fp=relaxed): reassociation, x*0 → 0,
	// x+0 → x, fused multiply-adds (sched.RelaxFP). The default, exact,
	// keeps Go's arithmetic bit for bit.
	RelaxedFP bool
	// TestInputs is the number of inputs a generated differential test
	// draws, set by //lms:test inputs=N; 0 for the default.
	TestInputs int
	// MapRanges are the positions where the evaluation ranged over a
	// static map of more than one entry: the generated code has one
	// order, while the staging function run natively takes Go's random
	// order each time, so a test cannot expect them to agree where the
	// order shows.
	MapRanges []token.Position
	// Imports are the packages the directive's static arguments and type
	// arguments name (by the name the staging file gives them): a file
	// that writes them again, as Static's expressions or in Origin (a
	// generated test), imports these.
	Imports []Import

	// pkgState is what the specialization does with package-level
	// variables at run time (pkgstore.go), checked against the package's
	// other specializations.
	pkgState pkgState
}

// Import is a package, imported by the name Name.
type Import struct {
	Name, Path string
}

// Param is a parameter or a result of a generated function: a leaf (a
// stage type or a slice of one as a parameter; any basic type or slice of
// one as a result), or a struct of Reps, whose leaves are its fields (see
// ir.GoValue).
type Param struct {
	ir.GoValue
	// GoType is the type in the generated function, in Go syntax
	// ("[]float64", "Point"), and StageType the type in the staging
	// function as the package's own code writes it ("[]stage.Float64",
	// "Vec" for a type of the package).
	GoType    string
	StageType string
	// LeafNames name the graph inputs of a parameter, one per leaf: the
	// parameter's name, or for a struct its name followed by the path of
	// each field (pX for p.X).
	LeafNames []string
	// Test is what the staging function's //lms:test directive sets for
	// each leaf (parallel to LeafNames); nil when it sets nothing here.
	Test []LeafTest
}

// StaticArg is a bound parameter of a staging function.
type StaticArg struct {
	Param string // parameter name
	Index int    // parameter index in the staging function
	Expr  string // the Go expression of the directive
}

// Signature returns what an emitter needs of the generated function's
// signature: the names of the graph's inputs (one per leaf of a struct
// parameter), and the Go-level parameters and results.
func (s *Spec) Signature() (names []string, params, results []ir.GoValue) {
	for _, p := range s.Params {
		names = append(names, p.LeafNames...)
		params = append(params, p.GoValue)
	}
	for _, r := range s.Results {
		results = append(results, r.GoValue)
	}
	return names, params, results
}
