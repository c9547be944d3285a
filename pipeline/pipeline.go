// Package pipeline runs lmsgen from loading packages to writing files.
//
// The stages are written once, in order, in the table stages below (and
// the graph passes in the table passes); cmd/lmsgen, its -dump modes and
// the test harnesses run these tables, and nothing else glues the
// packages together:
//
//	load       frontend.Open: go/packages, SSA, directives
//	evaluate   frontend.Evaluate: one ir.Graph per //lms:gen directive
//	graph      the graph passes (table passes: dce, ...), ir.Check after each with Config.Check
//	schedule   sched.Run (without its dce: the graph is clean), sched.Verify with Config.Check
//	facts      sched.FactsOf: what both emitters need to know of a schedule, computed once
//	vectorize  sched.Vectorize with Config.SIMD: the packs of lanes the vector code writes
//	emit go    gogen.File: <pkg>_lms.go (and <pkg>_lms_simd.go with Config.SIMD)
//	emit c     cgen.Files: <pkg>_lms.c, .h and the cgo bridge, from one emission
//	emit tests difftest.File: <pkg>_lms_test.go (and the C sub-package's)
//	explain    explain.Files: <pkg>_lms_explain.html or a directory of pages, with Config.Explain
//	write      Config.Write: every output, or none if any stage failed
//
// Adding a graph pass is one entry in passes and a small file with one
// entry function whose doc says what it needs before it and what must run
// after it.
package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/lmsgen/lmsgen/explain"
	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// A stage is one step of Run, from loading to writing.
type stage struct {
	name string
	run  func(*State) error
	skip func(*Config) bool // nil: always runs
}

// stages is the order of the stages, written once.
var stages = []stage{
	{name: "load", run: load, skip: func(c *Config) bool { return c.Result != nil }},      // frontend.Open
	{name: "evaluate", run: evaluate},                                                     // frontend.Evaluate
	{name: "graph", run: graph},                                                           // passes, below
	{name: "schedule", run: schedule},                                                     // sched.Run
	{name: "facts", run: facts},                                                           // sched/facts.go
	{name: "vectorize", run: vectorize},                                                   // sched/vector.go
	{name: "emit go", run: emitGo, skip: func(c *Config) bool { return !c.Go }},           // gogen.File
	{name: "emit c", run: emitC, skip: func(c *Config) bool { return !c.C }},              // cgen.Files
	{name: "emit tests", run: emitTests, skip: func(c *Config) bool { return !c.Tests }},  // internal/difftest
	{name: "explain", run: explainPage, skip: func(c *Config) bool { return !c.Explain }}, // explain.go
	{name: "write", run: write, skip: func(c *Config) bool { return c.Write == nil }},
}

// A pass is a graph-to-graph pass of the graph stage. Each lives in a file
// of its own whose doc says what it needs before it and what must run
// after it.
type pass struct {
	name string
	run  func(*ir.Graph) *ir.Graph
	// ifChanged: the pass runs only when a pass since the previous run
	// of it changed the graph (returned another graph than it was
	// given; every pass returns its input when it does nothing).
	ifChanged bool
	// relaxed: the pass runs only on specializations with relaxed
	// floating point (Config.RelaxedFP or the directive's -fp=relaxed).
	relaxed bool
}

// passes is the order of the graph passes, written once. The first one
// is dce: the evaluated graph may still depend on nodes of a discarded
// attempt at a region (ir.Check rejects it), which dce filters out. The
// scheduler takes the result of the last pass as free of dead code (it
// skips its own dce phase): a pass that leaves dead nodes must remove
// them itself. The last dce runs only when a pass after the first dce
// changed the graph.
var passes = []pass{
	{name: "dce", run: ir.DCE},                           // ir/dce.go
	{name: "split", run: sched.SplitConditionals},        // sched/split.go: statement splitting
	{name: "fuse", run: sched.FuseLoops},                 // sched/loops_fuse.go (graphs with loop nodes)
	{name: "lower", run: sched.LowerLoops},               // sched/loops_lower.go: loop nodes into staged loops
	{name: "fuseplain", run: sched.FusePlain},            // sched/fuseplain.go
	{name: "forward", run: sched.Forward},                // sched/forward.go
	{name: "deadarrays", run: sched.DeadArrays},          // sched/deadarrays.go
	{name: "deadstores", run: sched.DeadStores},          // sched/deadstores.go
	{name: "bce", run: sched.BoundsChecks},               // sched/bce.go
	{name: "relaxfp", run: sched.RelaxFP, relaxed: true}, // sched/vector_relax.go (-fp=relaxed only)
	{name: "dce", run: ir.DCE, ifChanged: true},          // what the passes above left unused
}

// Config says what Run does.
type Config struct {
	// Load says what to load and how to evaluate it.
	Load frontend.Config
	// Result, if not nil, stands for what load and evaluate would
	// return: the table starts at the graph passes with its packages (the
	// tests of the emitters, whose graphs are built with an ir.Builder).
	Result *frontend.Result
	// Go and C select the outputs: <pkg>_lms.go; the C sub-package (C
	// file, header and cgo bridge).
	Go, C bool
	// Output, if not empty, names the Go output file instead of
	// <pkg>_lms.go, relative to the package's directory (one package
	// only).
	Output string
	// CDir is the directory of the C sub-package, relative to each
	// package ("lmsc" if empty).
	CDir string
	// NoBounds drops C's bounds checks (lmsgen -bounds=off).
	NoBounds bool
	// NoCompact schedules with no node inlined into its use: every value
	// is a statement of its own (sched.Options.NoCompact; a test of the
	// emitters).
	NoCompact bool
	// Tests writes the differential tests (lmsgen -test, package
	// difftest): with Go output <pkg>_lms_test.go, with C output the C
	// sub-package's test too, and beside it, when needed, a copy of the
	// Go specializations it cannot reach (unexported names).
	Tests bool
	// SIMD vectorizes every specialization (lmsgen -simd), as the
	// directive option -simd does one: the Go output of a package with a
	// specialization to vectorize is then two files, <pkg>_lms.go for
	// builds without GOEXPERIMENT=simd on amd64 and <pkg>_lms_simd.go,
	// with vector code, for those with it.
	SIMD bool
	// RelaxedFP relaxes the floating-point arithmetic of every
	// specialization (lmsgen -fp=relaxed), as the directive option
	// -fp=relaxed does one's: the pass relaxfp reassociates and contracts
	// it, and the generated tests compare floats within a bound.
	RelaxedFP bool
	// Until, if not empty, is the name of the last stage to run (-dump
	// stops after graph or schedule).
	Until string
	// Check runs ir.Check after every graph pass and sched.Verify after
	// scheduling (lmsgen -d=check); a failure is a bug of lmsgen.
	Check bool
	// Passes, if not nil, receives one line per stage and per graph pass
	// with its time and node counts (lmsgen -d=passes).
	Passes io.Writer
	// Verbose, if not nil, receives the stage timings and the scheduler's
	// decisions (lmsgen -v).
	Verbose io.Writer
	// LineMap writes line directives in the Go and C outputs, mapping
	// each statement to its staging source line (lmsgen -linemap).
	LineMap bool
	// Explain writes <pkg>_lms_explain.html, the page that shows what
	// lmsgen did (lmsgen -explain): it records the graph after every
	// pass and the scheduler's decisions.
	Explain bool
	// Observe, if not nil, is called with each specialization's graph as
	// evaluated (pass "evaluate") and after each graph pass (named as in
	// the table passes). Calls for different packages run concurrently.
	// The graph must not be changed.
	Observe func(s *frontend.Spec, pass string, g *ir.Graph)
	// Write writes the outputs (the write stage); nil: Run only returns
	// them.
	Write func([]Output) error
}

// ErrUsage marks an error of the command line found by a stage (-o with
// several packages).
var ErrUsage = errors.New("bad usage")

// Output is a file to write.
type Output struct {
	Path string
	Data []byte
	// Dir is the directory of the package the file belongs to: lmsgen
	// writes nowhere outside it.
	Dir string
}

// BrokenOutput is the error of an emitter that could not finish a file (a
// bug of lmsgen): Data is what it made, for the bug report.
type BrokenOutput struct {
	Pkg  *frontend.Package // the package whose output it is
	Path string
	Data []byte
	Err  error
}

func (e *BrokenOutput) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *BrokenOutput) Unwrap() error { return e.Err }

// State is what the stages share, and what Run returns.
type State struct {
	cfg  *Config
	prog *frontend.Program
	// Packages are the evaluated packages, in load order.
	Packages []*Package
}

// Package is one package through the pipeline.
type Package struct {
	*frontend.Package
	// Funcs are the specializations to emit, parallel to Specs (after
	// the schedule stage; with their facts after the facts stage).
	Funcs []*sched.Func
	// SIMDFuncs, parallel to Funcs, are the vector builds scheduled
	// from their own graphs (Spec.SIMDGraph), nil where Funcs' serve:
	// <pkg>_lms_simd.go is written from them.
	SIMDFuncs []*sched.Func
	// Outputs are the files made for the package, in the order of the
	// stages that made them.
	Outputs []Output
	log     bytes.Buffer // Passes and Verbose lines, printed in package order
	// passes holds, with Config.Explain, each specialization's graph
	// after evaluation and after each graph pass, parallel to Specs.
	passes [][]explain.Snapshot
}

// Outputs returns the files of every package, in package order.
func (st *State) Outputs() []Output {
	var all []Output
	for _, p := range st.Packages {
		all = append(all, p.Outputs...)
	}
	return all
}

// Run runs the stages in order (up to cfg.Until) and returns their state.
// The environment variable LMSGEN_CHECK=1 sets cfg.Check (for tests).
// A stage with errors ends the run: its errors are returned (positioned
// errors of the user's input as *ir.Error in an ir.ErrorList, joined
// with the errors of other packages); the state holds what was built.
func Run(cfg Config) (*State, error) {
	if os.Getenv("LMSGEN_CHECK") == "1" {
		cfg.Check = true // the tests' way to ask for -d=check
	}
	st := &State{cfg: &cfg}
	for _, s := range stages {
		if s.skip != nil && s.skip(&cfg) {
			continue
		}
		start := time.Now()
		err := s.run(st)
		st.logStage(s.name, time.Since(start))
		if err != nil {
			return st, err
		}
		if s.name == cfg.Until {
			break
		}
	}
	return st, nil
}

// FromGraphs returns a Result for Config.Result: one package pkg whose
// specializations are the graphs given, named by names (the emitters'
// tests, whose graphs are built with an ir.Builder).
func FromGraphs(pkg string, names []string, graphs []*ir.Graph) *frontend.Result {
	p := &frontend.Package{Name: pkg}
	for i, g := range graphs {
		p.Specs = append(p.Specs, &frontend.Spec{Name: names[i], Graph: g})
	}
	return &frontend.Result{Packages: []*frontend.Package{p}}
}

// logStage prints a stage's time (and node count, with Passes), after the
// lines each package logged during it, in package order.
func (st *State) logStage(name string, d time.Duration) {
	for _, p := range st.Packages {
		st.print(p.log.Bytes())
		p.log.Reset()
	}
	if w := st.cfg.Verbose; w != nil {
		fmt.Fprintf(w, "lmsgen: %-40s %v\n", name, d.Round(time.Microsecond))
	}
	if w := st.cfg.Passes; w != nil {
		nodes := 0
		for _, p := range st.Packages {
			for _, s := range p.Specs {
				nodes += len(s.Graph.Nodes)
			}
		}
		fmt.Fprintf(w, "stage %-12s %12v %10d nodes\n", name, d.Round(time.Microsecond), nodes)
	}
}

func (st *State) print(b []byte) {
	for _, w := range []io.Writer{st.cfg.Passes, st.cfg.Verbose} {
		if w != nil {
			w.Write(b)
			return
		}
	}
}

// eachPackage runs f on every package, in parallel (at most GOMAXPROCS at
// once), and joins their errors in package order.
func (st *State) eachPackage(f func(p *Package) error) error {
	errs := make([]error, len(st.Packages))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range st.Packages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = f(p)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// load loads the packages, builds their SSA and reads their directives.
func load(st *State) error {
	lc := st.cfg.Load
	lc.SIMD = lc.SIMD || st.cfg.SIMD
	prog, err := frontend.Open(lc)
	st.prog = prog
	return err
}

// evaluate evaluates every specialization into a graph.
func evaluate(st *State) error {
	res, err := st.cfg.Result, error(nil)
	if res == nil {
		res, err = st.prog.Evaluate()
	}
	if res != nil {
		for _, p := range res.Packages {
			st.Packages = append(st.Packages, &Package{Package: p})
			for _, s := range p.Specs {
				s.RelaxedFP = s.RelaxedFP || st.cfg.RelaxedFP
			}
		}
	}
	if err == nil && st.cfg.Output != "" && len(st.Packages) > 1 {
		err = fmt.Errorf("%w: -o names one output file: give one package", ErrUsage)
	}
	return err
}

// graph runs the graph passes on every specialization (and on its vector
// build's own graph, Spec.SIMDGraph), with ir.Check after each when
// cfg.Check is set.
func graph(st *State) error {
	return st.eachPackage(func(p *Package) error {
		if st.cfg.Explain {
			p.passes = make([][]explain.Snapshot, len(p.Specs))
		}
		for i, s := range p.Specs {
			st.observe(p, i, "evaluate")
			if err := st.runPasses(p, i, &s.Graph, ""); err != nil {
				return err
			}
			if s.SIMDGraph != nil {
				if err := st.runPasses(p, i, &s.SIMDGraph, " (simd)"); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// runPasses runs the graph passes on *g, a graph of specialization i of
// p: its Graph (build "", observed) or its SIMDGraph (build " (simd)",
// named so in the -d=passes lines).
func (st *State) runPasses(p *Package, i int, g **ir.Graph, build string) error {
	s := p.Specs[i]
	name := s.Name + build
	changed := map[string]bool{} // pass name -> the graph changed since it ran
	for _, ps := range passes {
		if ps.relaxed && !s.RelaxedFP {
			if st.cfg.Passes != nil {
				fmt.Fprintf(&p.log, "pass  %-12s %12s %10d nodes, skipped: exact floating point  %s\n", ps.name, "", len((*g).Nodes), name)
			}
			continue
		}
		if ps.ifChanged && !changed[ps.name] {
			if st.cfg.Passes != nil {
				fmt.Fprintf(&p.log, "pass  %-12s %12s %10d nodes, skipped: no pass changed the graph  %s\n", ps.name, "", len((*g).Nodes), name)
			}
			continue
		}
		start, before, in := time.Now(), len((*g).Nodes), *g
		*g = ps.run(*g)
		if build == "" {
			st.observe(p, i, ps.name)
		}
		changed[ps.name] = false
		if *g != in {
			for _, q := range passes {
				changed[q.name] = changed[q.name] || q.name != ps.name
			}
		}
		if st.cfg.Passes != nil {
			fmt.Fprintf(&p.log, "pass  %-12s %12v %10d -> %d nodes  %s\n", ps.name, time.Since(start).Round(time.Microsecond), before, len((*g).Nodes), name)
		}
		if err := st.check(s, *g, ps.name); err != nil {
			return err
		}
	}
	return nil
}

// observe hands specialization i's graph after pass to Config.Observe,
// and records it for the explain stage.
func (st *State) observe(p *Package, i int, pass string) {
	s := p.Specs[i]
	if st.cfg.Observe != nil {
		st.cfg.Observe(s, pass, s.Graph)
	}
	if st.cfg.Explain {
		p.passes[i] = append(p.passes[i], explain.Snap(pass, s.Graph))
	}
}

// check runs ir.Check on a graph g of a specialization, with cfg.Check.
func (st *State) check(s *frontend.Spec, g *ir.Graph, after string) error {
	if !st.cfg.Check {
		return nil
	}
	if err := ir.Check(g); err != nil {
		return fmt.Errorf("%s: BUG: the graph of %s is invalid after %s:\n%v", s.Pos, s.Name, after, err)
	}
	return nil
}

// schedule schedules every specialization (and its vector build's own
// graph), with sched.Verify when cfg.Check is set.
func schedule(st *State) error {
	return st.eachPackage(func(p *Package) error {
		for _, s := range p.Specs {
			f, err := st.scheduleGraph(p, s, s.Graph, "")
			if err != nil {
				return err
			}
			p.Funcs = append(p.Funcs, f)
			var vf *sched.Func
			if s.SIMDGraph != nil {
				if vf, err = st.scheduleGraph(p, s, s.SIMDGraph, " (simd)"); err != nil {
					return err
				}
			}
			p.SIMDFuncs = append(p.SIMDFuncs, vf)
		}
		return nil
	})
}

// scheduleGraph schedules g, a graph of specialization s (its Graph,
// build "", or its SIMDGraph, build " (simd)").
func (st *State) scheduleGraph(p *Package, s *frontend.Spec, g *ir.Graph, build string) (*sched.Func, error) {
	start := time.Now()
	sc := sched.Run(g, sched.Options{NoDCE: true, NoCompact: st.cfg.NoCompact, Verbose: st.cfg.Verbose != nil || st.cfg.Explain})
	if st.cfg.Verbose != nil {
		fmt.Fprintf(&p.log, "lmsgen: %-40s %v\n", "schedule "+s.Name+build, time.Since(start).Round(time.Microsecond))
		for _, d := range sc.Decisions() {
			fmt.Fprintf(&p.log, "%s: %s%s: %v\n", s.Pos, s.Name, build, d)
		}
	}
	if st.cfg.Check {
		if err := sched.Verify(sc); err != nil {
			return nil, fmt.Errorf("%s: BUG: the schedule of %s%s is invalid:\n%v", s.Pos, s.Name, build, err)
		}
	}
	names, params, results := s.Signature()
	return &sched.Func{Name: s.Name, Schedule: sc, ParamNames: names, Params: params, Results: results, Doc: specDoc(s), RelaxedFP: s.RelaxedFP, Literals: p.Literals, Pos: s.Pos}, nil
}

// facts computes, once per specialization (and vector build), what both
// emitters need to know of its schedule.
func facts(st *State) error {
	return st.eachPackage(func(p *Package) error {
		for i, f := range p.Funcs {
			f.Facts = sched.FactsOf(f.Schedule)
			if vf := p.SIMDFuncs[i]; vf != nil {
				vf.Facts = sched.FactsOf(vf.Schedule)
			}
		}
		return nil
	})
}

// vectorize finds the packs of lanes of the schedule of every
// specialization to vectorize (sched/vector.go), for the vector code:
// of its vector build's own schedule too, when it has one.
func vectorize(st *State) error {
	return st.eachPackage(func(p *Package) error {
		for i, f := range p.Funcs {
			if !st.cfg.SIMD && !p.Specs[i].SIMD {
				continue
			}
			goFunc := f // the Go vector file's
			if p.SIMDFuncs[i] != nil {
				goFunc = p.SIMDFuncs[i]
			}
			for _, f := range []*sched.Func{f, p.SIMDFuncs[i]} {
				if f == nil {
					continue
				}
				start := time.Now()
				f.Vectors = sched.Vectorize(f.Schedule, f.RelaxedFP)
				if f == goFunc {
					if w := sched.VectorizeWide(f.Schedule, f.RelaxedFP); w.Wide() {
						f.Wide = w
					}
				}
				if st.cfg.Verbose != nil {
					fmt.Fprintf(&p.log, "lmsgen: %-40s %v (%d packs)\n", "vectorize "+f.Name, time.Since(start).Round(time.Microsecond), len(f.Vectors.Packs))
				}
			}
		}
		return nil
	})
}

// write hands every output to cfg.Write.
func write(st *State) error { return st.cfg.Write(st.Outputs()) }

// goPath is the path of a package's Go output.
func (st *State) goPath(p *Package) string {
	if o := st.cfg.Output; o != "" {
		if filepath.IsAbs(o) {
			return o
		}
		return filepath.Join(p.Dir, o)
	}
	return filepath.Join(p.Dir, p.Name+"_lms.go")
}

// cDir is the directory of a package's C sub-package.
func (st *State) cDir(p *Package) string {
	return filepath.Join(p.Dir, st.cfg.cdir())
}

// cdir is the C sub-package's directory relative to its package.
func (c *Config) cdir() string {
	if c.CDir == "" {
		return "lmsc"
	}
	return c.CDir
}

// constraint is the //go:build line of a package's generated Go files.
func constraint(p *Package) string {
	if p.StagingTagged {
		return "!lmsgen"
	}
	return ""
}

// goConstraint is the //go:build line of a package's Go output: with
// SIMD, simd selects the vector file's or the scalar file's.
func (st *State) goConstraint(p *Package, simd bool) string {
	c := constraint(p)
	if !st.simd(p) {
		return c
	}
	own := "(" + gogen.NotSIMDConstraint + ")"
	if simd {
		own = gogen.SIMDConstraint
	}
	if c == "" {
		return own
	}
	return c + " && " + own
}

// simd reports whether p has vector code: with Config.SIMD, or when one
// of its directives says -simd.
func (st *State) simd(p *Package) bool {
	return st.cfg.SIMD || slices.ContainsFunc(p.Specs, func(s *frontend.Spec) bool { return s.SIMD })
}

// simdPath is the path of a package's vector Go output: the Go output's
// with _simd before .go.
func (st *State) simdPath(p *Package) string {
	return strings.TrimSuffix(st.goPath(p), ".go") + "_simd.go"
}

// specDoc is the doc comment of a generated function.
func specDoc(s *frontend.Spec) string {
	if s.Origin == "" {
		return "" // a graph built directly, not from a staging function
	}
	var static []string
	for _, a := range s.Static {
		static = append(static, a.Param+"="+a.Expr)
	}
	doc := fmt.Sprintf("%s is %s specialized", s.Name, s.Origin)
	if len(static) > 0 {
		doc += " with " + frontend.JoinAnd(static)
	}
	return doc + "."
}
