package frontend

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the entry points Open and Evaluate, and the evaluation of
// one specialization: its signature, the evaluator, and the graph's top
// block.

// Program is the outcome of Open: the packages loaded with go/packages,
// built into SSA, with their directives read. Evaluate turns it into
// graphs.
type Program struct {
	cfg  Config
	l    *loaded
	errs ErrorList // errors of directives, reported with Evaluate's
}

// Open loads the packages cfg names, builds their SSA and reads their
// directives (the load and directives stages of the pipeline). Errors that
// stop everything are returned as an ErrorList; errors of single
// directives are kept and returned by Evaluate with the errors of the
// other specializations.
func Open(cfg Config) (prog *Program, err error) {
	defer recoverInternal(cfg, &err)
	l, errs := load(cfg)
	if l == nil {
		return nil, errs.Err()
	}
	l.simd = cfg.SIMD
	return &Program{cfg: cfg, l: l, errs: errs}, nil
}

// Evaluate evaluates every specialization of the program (or only
// Config.Run's), each into a graph as the builder made it: the graph
// passes (ir.DCE first) are the pipeline's next stage. Errors are
// returned as an ErrorList; the Result holds what could be built.
//
// The specializations are evaluated in parallel, at most GOMAXPROCS at
// once: each has an evaluator of its own and only reads the program
// (types and SSA, built whole by Open), and the results and errors are
// collected in the order of the packages and their directives, so they
// are those of evaluating them one at a time.
func (prog *Program) Evaluate() (res *Result, err error) {
	defer recoverInternal(prog.cfg, &err)
	cfg, l := prog.cfg, prog.l
	errs := append(ErrorList(nil), prog.errs...)
	funs := l.lmsFuns()
	res = &Result{}
	type job struct {
		p    *Package
		lp   *loadedPkg
		d    *genDirective
		spec *Spec
		errs ErrorList
	}
	var jobs []*job
	for _, lp := range l.pkgs {
		p := &Package{Name: lp.pkg.Name, PkgPath: lp.pkg.PkgPath, StagingTagged: lp.tagged}
		if len(lp.dirs.gens) > 0 {
			p.Literals = literalForms(l.fset, lp.pkg.TypesInfo, lp.pkg.Syntax)
		}
		if len(lp.pkg.GoFiles) > 0 {
			p.Dir = filepath.Dir(lp.pkg.GoFiles[0])
		}
		generated := map[string]bool{}
		for _, d := range lp.dirs.gens {
			generated[d.name] = true
		}
		for _, name := range lp.pkg.Types.Scope().Names() {
			if !generated[name] && !strings.HasPrefix(name, argFuncPrefix) {
				p.Reserved = append(p.Reserved, name)
				if types.Universe.Lookup(name) != nil {
					pos := l.fset.Position(lp.pkg.Types.Scope().Lookup(name).Pos())
					p.Shadowed = append(p.Shadowed, Shadow{Name: name, Pos: pos})
				}
			}
		}
		for _, d := range lp.dirs.gens {
			if cfg.Run != "" && d.name != cfg.Run {
				continue
			}
			jobs = append(jobs, &job{p: p, lp: lp, d: d})
		}
		if len(lp.dirs.gens) > 0 {
			res.Packages = append(res.Packages, p)
		}
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			var err error
			defer func() {
				if el, ok := err.(ErrorList); ok {
					j.errs = el
				}
			}()
			defer recoverInternal(cfg, &err) // after a crash, the error of this specialization
			spec, e := l.evaluate(j.lp, j.d, cfg.Budgets.withDefaults().override(j.d.budgets), funs, cfg.Stacks)
			if e != nil {
				j.errs = ErrorList{e}
				return
			}
			j.spec = spec
		}()
	}
	wg.Wait()
	var specs []*Spec
	for _, j := range jobs {
		if j.spec != nil {
			specs = append(specs, j.spec)
		}
	}
	bad := packageStateErrors(specs)
	for _, j := range jobs {
		if e := bad[j.spec]; j.spec != nil && e != nil {
			j.spec, j.errs = nil, ErrorList{e}
		}
	}
	for _, j := range jobs {
		errs = append(errs, j.errs...)
		if j.spec != nil {
			j.p.Specs = append(j.p.Specs, j.spec)
		}
	}
	if cfg.Run != "" && len(errs) == 0 {
		found := false
		for _, p := range res.Packages {
			found = found || len(p.Specs) > 0
		}
		if !found {
			errs = append(errs, errorf(token.Position{}, "no specialization named %s (-run)", cfg.Run))
		}
	}
	return res, errs.Err()
}

// recoverInternal turns a crash in a library (go/packages, go/ssa) into
// an error instead of a Go stack trace (kept in the message with
// Config.Stacks).
func recoverInternal(cfg Config, err *error) {
	if x := recover(); x != nil {
		msg := fmt.Sprintf("internal error, please report: BUG: %v", x)
		if cfg.Stacks {
			msg += "\n" + string(debug.Stack())
		}
		*err = ErrorList{errorf(token.Position{}, "%s", msg)}
	}
}

// JoinAnd joins xs as prose: "a", "a and b", "a, b and c".
func JoinAnd(xs []string) string {
	s := ""
	for i, x := range xs {
		switch {
		case i == 0:
			s = x
		case i == len(xs)-1:
			s += " and " + x
		default:
			s += ", " + x
		}
	}
	return s
}

// lmsFuns finds the functions marked //lms:fun in the packages loaded from
// source.
func (l *loaded) lmsFuns() map[*ssa.Function]bool {
	funs := map[*ssa.Function]bool{}
	for _, lp := range l.pkgs {
		for fd := range lp.dirs.funs {
			if fn := l.funcOf(lp, fd); fn != nil {
				funs[fn] = true
			}
		}
	}
	for _, p := range l.srcPkgs {
		ds, _ := parseDirectives(l.fset, p.Syntax)
		for fd := range ds.funs {
			obj, ok := p.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if fn := l.prog.FuncValue(obj); fn != nil {
				funs[fn] = true
			}
		}
	}
	return funs
}

func (l *loaded) funcOf(lp *loadedPkg, fd *ast.FuncDecl) *ssa.Function {
	obj, ok := lp.pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	return l.prog.FuncValue(obj)
}

// argImports adds to spec.Imports the packages that the body of fn, an
// overlay function holding a directive's argument, names.
func (lp *loadedPkg) argImports(spec *Spec, fn *ssa.Function) {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Body == nil {
		return
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if pn, ok := lp.pkg.TypesInfo.Uses[id].(*types.PkgName); ok {
			imp := Import{Name: id.Name, Path: pn.Imported().Path()}
			if !slices.Contains(spec.Imports, imp) {
				spec.Imports = append(spec.Imports, imp)
			}
		}
		return true
	})
}

// evaluate builds the graph of one specialization.
func (l *loaded) evaluate(lp *loadedPkg, d *genDirective, budgets Budgets, funs map[*ssa.Function]bool, stacks bool) (spec *Spec, err *Error) {
	fn := l.funcOf(lp, d.fn)
	if fn == nil {
		return nil, errorf(d.pos, "BUG: no SSA function for %s", d.fn.Name.Name)
	}
	spec = &Spec{Name: d.name, Pos: d.pos, Origin: fn.Name(), Method: d.fn.Recv != nil, Tagged: needsLmsgenTag(d.file), Budgets: budgets, SIMD: d.simd, RelaxedFP: d.relaxed}
	if len(d.targs) > 0 {
		if fn, err = l.instance(lp, d, fn, spec); err != nil {
			return nil, err
		}
		var targs []string
		for _, a := range d.targs {
			targs = append(targs, a.expr)
		}
		spec.Origin += "[" + strings.Join(targs, ", ") + "]"
	}
	ptypes, params, err := l.signature(lp, d, fn, spec)
	if err != nil {
		return nil, err
	}

	build := func(simd bool) (g *ir.Graph, ev *evaluator, err *Error) {
		ev = newEvaluator(l, lp, d, budgets, funs)
		ev.simd = simd
		defer func() {
			if x := recover(); x != nil {
				g, err = nil, ev.evalError(x, stacks)
			}
		}()
		g = ev.b.Build(ptypes, func(ins []ir.Exp) ir.Exp {
			return ev.body(fn, spec, params, ins)
		})
		// The checks of runtime.SetFinalizer deferred to a trace
		// (finalizer.go) are made before the output is accepted.
		ev.placeFinalizers()
		// The static data is charged before the graph passes remove
		// dead code: an overestimate, never an underestimate.
		if err := ev.checkOutput(g); err != nil {
			return nil, ev, err
		}
		return g, ev, nil
	}
	g, ev, err := build(false)
	if err != nil {
		return nil, err
	}
	if ev.askedSIMD && (d.simd || l.simd) {
		// The staging function asked stage.SIMD(): the vector build is
		// evaluated again, with stage.SIMD() true.
		if spec.SIMDGraph, _, err = build(true); err != nil {
			return nil, err
		}
	}
	spec.Graph = g
	if spec.TestInputs, err = resolveTest(d.test, spec.Params); err != nil {
		return nil, err
	}
	spec.MapRanges = ev.mapRanges
	return spec, nil
}

// specParam is a parameter of the staging function: bound to the static
// argument argFn returns, or (argFn nil) a parameter of the generated
// function.
type specParam struct {
	index int
	argFn *ssa.Function
}

// signature fills in spec's static arguments, parameters and results from
// the directive d and the staging function fn, and returns the graph
// types of the generated function's parameters and fn's parameters in
// order.
func (l *loaded) signature(lp *loadedPkg, d *genDirective, fn *ssa.Function, spec *Spec) ([]*ir.Type, []specParam, *Error) {
	bound := map[string]string{}
	for _, a := range d.args {
		bound[a.param] = a.expr
	}
	var ptypes []*ir.Type
	var params []specParam
	var astNames []string // the parameters' names in the source ("" for none)
	for _, f := range paramList(d.fn) {
		if len(f.Names) == 0 {
			astNames = append(astNames, "")
		}
		for _, n := range f.Names {
			astNames = append(astNames, n.Name)
		}
	}
	// A struct type of the signature must be declared where the
	// generated code sees it.
	tagged := func(tn *types.TypeName) bool {
		file := l.fset.Position(tn.Pos()).Filename
		for _, f := range lp.pkg.Syntax {
			if l.fset.Position(f.Package).Filename == file {
				return needsLmsgenTag(f)
			}
		}
		return false
	}
	taken := map[string]bool{}
	for i, p := range fn.Params {
		if expr, ok := bound[p.Name()]; ok {
			argFn := lp.ssa.Func(argFuncName(d.name, p.Name()))
			if argFn == nil {
				return nil, nil, errorf(d.pos, "BUG: no function for the static argument %s", p.Name())
			}
			spec.Static = append(spec.Static, StaticArg{Param: p.Name(), Index: i, Expr: expr})
			lp.argImports(spec, argFn)
			params = append(params, specParam{index: i, argFn: argFn})
			continue
		}
		what := "parameter"
		if spec.Method && i == 0 {
			what = "receiver"
		}
		name := p.Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("p%d", i)
		}
		gv, msg := goValueOf(p.Type(), name, genRules(lp.pkg.Types, tagged))
		if msg != "" {
			if _, isPtr := p.Type().Underlying().(*types.Pointer); isPtr && what == "receiver" {
				msg = "a pointer receiver must be bound statically (the generated function cannot take a pointer into its caller's records of Reps)"
			}
			if astNames[i] == "" || astNames[i] == "_" {
				return nil, nil, errorf(d.pos, "%s of %s (type %s) is not bound: %s; name the %s to bind it with NAME=EXPR", what, fn.Name(), typeString(p.Type()), msg, what)
			}
			return nil, nil, errorf(d.pos, "%s %s of %s (type %s) is not bound: %s; bind it with %s=EXPR", what, p.Name(), fn.Name(), typeString(p.Type()), msg, p.Name())
		}
		ptypes = append(ptypes, gv.Leaves()...)
		spec.Params = append(spec.Params, Param{GoValue: gv, GoType: goTypeString(p.Type(), lp.pkg.Types), StageType: typeStringIn(p.Type(), lp.pkg.Types), LeafNames: leafNames(gv, taken)})
		params = append(params, specParam{index: i})
	}
	results := fn.Signature.Results()
	for i := range results.Len() {
		t := results.At(i).Type()
		gv, msg := goValueOf(t, "", genRules(lp.pkg.Types, tagged))
		if msg != "" {
			return nil, nil, errorf(d.pos, "%s returns %s: %s", fn.Name(), typeString(t), msg)
		}
		spec.Results = append(spec.Results, Param{GoValue: gv, GoType: goTypeString(t, lp.pkg.Types), StageType: typeStringIn(t, lp.pkg.Types)})
	}
	return ptypes, params, nil
}

// newEvaluator returns an evaluator for the specialization d.
func newEvaluator(l *loaded, lp *loadedPkg, d *genDirective, budgets Budgets, funs map[*ssa.Function]bool) *evaluator {
	return &evaluator{l: l, lp: lp, spec: d, b: ir.NewBuilder(), budgets: budgets,
		globals: map[*ssa.Global]*value{}, inited: map[*ssa.Package]bool{}, infos: map[*ssa.Function]*fnInfo{},
		funcVals: map[*ssa.Function]*closure{}, funs: funs, lamList: map[string][]*lamEntry{},
		birth: map[*value]int32{}, promoteTypes: map[*value]*ir.Type{}, mats: map[*value]ir.Exp{}, soaMats: map[*value]structure{}, tables: map[*value]tableRef{}, callCells: map[*value]nameID{}, fieldCells: map[*value]nameID{}, cellsNamed: map[*value]bool{},
		local: map[ir.Sym]bool{}}
}

// evalError converts what evaluation panicked with (recovered) into the
// error reported: a user error as is, a panic of the evaluated program,
// or an internal error (with the Go stack if stacks).
func (ev *evaluator) evalError(x any, stacks bool) *Error {
	switch x := x.(type) {
	case *Error:
		return x
	case *goPanic:
		return ev.errAt(ev.pos, "panic during static evaluation: "+x.msg)
	default:
		msg := fmt.Sprint(x)
		if re, ok := x.(runtime.Error); ok {
			msg = re.Error()
		}
		if !strings.HasPrefix(msg, "BUG") {
			msg = "BUG: " + msg
		}
		if stacks {
			msg += "\n" + string(debug.Stack())
		}
		return ev.errAt(ev.pos, "internal error, please report: "+msg)
	}
}

// body evaluates the staging function fn inside the graph's top block,
// whose inputs are ins (the leaves of the generated function's
// parameters), and returns the block's result: the flattened results.
func (ev *evaluator) body(fn *ssa.Function, spec *Spec, params []specParam, ins []ir.Exp) ir.Exp {
	args := make([]value, len(fn.Params))
	j := 0
	for _, p := range params {
		if p.argFn != nil {
			continue
		}
		prm := spec.Params[j]
		k := 0
		pos := fn.Params[p.index].Pos()
		args[p.index], ins = ev.structArg(prm.GoValue, ins, func(e ir.Exp) value {
			name := prm.LeafNames[k]
			k++
			ev.b.Name(e, name)
			return &rep{e: e, why: &why{pos: pos, what: "parameter " + name + " of " + fn.Name()}}
		})
		j++
	}
	defer ev.stopGoroutines()
	ev.initPackages(ev.lp.ssa)
	ev.packageStorage()
	for _, p := range params {
		if p.argFn != nil {
			args[p.index] = ev.callTop(p.argFn, nil)
		}
	}
	ev.calling = true
	ev.globalFirst = map[*ssa.Global]bool{}
	ret := ev.callMain(fn, args)
	spec.pkgState = ev.packageReps(fn)
	var res []ir.Exp
	vals := make([]value, len(spec.Results))
	for i := range spec.Results {
		switch {
		case ret == nil:
		case len(spec.Results) == 1:
			vals[i] = ret
		default:
			vals[i] = ret.(tuple)[i]
		}
	}
	ev.aosResultsApart(vals, spec.Results, fn.Name())
	for i, r := range spec.Results {
		res = append(res, ev.flatten(vals[i], r.GoValue, "a result of "+fn.Name())...)
	}
	return ev.tuple(res)
}

// callTop calls a function at the top level of the specialization.
func (ev *evaluator) callTop(fn *ssa.Function, args []value) value {
	fr := ev.newFrame(fn, nil, fn.Pos())
	if ev.calling { // the staging function: frames are reused once released
		ev.genFrame = fr
		defer func() { ev.genFrame = nil }()
	}
	for i, p := range fn.Params {
		fr.regs[fr.info.idx[p]] = args[i]
	}
	prev := ev.fr
	ev.fr = fr
	defer func() { ev.fr = prev }()
	out := fr.runBody()
	if fr == ev.genFrame {
		ev.checkStagedDefers()
	}
	if out.diverged() {
		return nil
	}
	ret := fr.ret
	if vc, ok := ret.(*varComposite); ok {
		ret = ev.resolve(vc.v)
	}
	return ret
}

// initPackages runs the package initializers of the module's packages
// that pkg depends on, in order.
func (ev *evaluator) initPackages(pkg *ssa.Package) {
	if ev.inited[pkg] {
		return
	}
	ev.inited[pkg] = true
	init := pkg.Func("init")
	if init == nil || init.Blocks == nil {
		return
	}
	ev.callTop(init, nil)
}
