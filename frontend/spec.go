package frontend

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// Load loads the packages cfg names, reads their directives and evaluates
// every specialization (or only cfg.Run's). Errors are returned as an
// ErrorList; the Result holds what could be built.
func Load(cfg Config) (res *Result, err error) {
	defer func() {
		// A crash in a library (go/packages, go/ssa) must not print a Go
		// stack trace: report it as an error.
		if x := recover(); x != nil {
			if os.Getenv("LMSGEN_DEBUG") != "" {
				debug.PrintStack()
			}
			res, err = nil, ErrorList{errorf(token.Position{}, "internal error, please report: BUG: %v", x)}
		}
	}()
	l, errs := load(cfg)
	if l == nil {
		return nil, errs.err()
	}
	funs := l.lmsFuns()
	res = &Result{}
	for _, lp := range l.pkgs {
		p := &Package{Name: lp.pkg.Name, PkgPath: lp.pkg.PkgPath, StagingTagged: lp.tagged}
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
			}
		}
		for _, d := range lp.dirs.gens {
			if cfg.Run != "" && d.name != cfg.Run {
				continue
			}
			spec, err := l.evaluate(lp, d, cfg.Budgets.withDefaults().override(d.budgets), funs)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			p.Specs = append(p.Specs, spec)
		}
		if len(lp.dirs.gens) > 0 {
			res.Packages = append(res.Packages, p)
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
	return res, errs.err()
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

// evaluate builds the graph of one specialization.
func (l *loaded) evaluate(lp *loadedPkg, d *genDirective, budgets Budgets, funs map[*ssa.Function]bool) (spec *Spec, err *Error) {
	fn := l.funcOf(lp, d.fn)
	if fn == nil {
		return nil, errorf(d.pos, "BUG: no SSA function for %s", d.fn.Name.Name)
	}
	spec = &Spec{Name: d.name, Pos: d.pos, Origin: fn.Name(), Budgets: budgets}
	sig := fn.Signature
	bound := map[string]string{}
	for _, a := range d.args {
		bound[a.param] = a.expr
	}
	var ptypes []*ir.Type
	type param struct {
		index int
		argFn *ssa.Function
	}
	var params []param
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if expr, ok := bound[p.Name()]; ok {
			argFn := lp.ssa.Func(argFuncName(d.name, p.Name()))
			if argFn == nil {
				return nil, errorf(d.pos, "BUG: no function for the static argument %s", p.Name())
			}
			spec.Static = append(spec.Static, StaticArg{Param: p.Name(), Index: i, Expr: expr})
			params = append(params, param{index: i, argFn: argFn})
			continue
		}
		if !isRepType(p.Type()) {
			if st, ok := p.Type().Underlying().(*types.Struct); ok && allRepFields(st) {
				return nil, errorf(d.pos, "parameter %s of %s (type %s) is not bound: struct parameters of the generated function are not supported yet; pass the fields as parameters, or bind it with %s=EXPR", p.Name(), fn.Name(), typeString(p.Type()), p.Name())
			}
			return nil, errorf(d.pos, "parameter %s of %s (type %s) is not bound: a parameter of a static type must be bound with %s=EXPR; only stage types and slices of them can be parameters of the generated function", p.Name(), fn.Name(), typeString(p.Type()), p.Name())
		}
		it := irTypeOf(p.Type())
		ptypes = append(ptypes, it)
		name := p.Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("p%d", i)
		}
		spec.Params = append(spec.Params, Param{Name: name, Type: it, GoType: goTypeString(p.Type()), StageType: typeStringIn(p.Type(), lp.pkg.Types)})
		params = append(params, param{index: i})
	}
	for i := range sig.Results().Len() {
		t := sig.Results().At(i).Type()
		it := irTypeOf(t)
		if it == nil {
			return nil, errorf(d.pos, "%s returns %s: the results of a generated function must be basic values or slices of them", fn.Name(), typeString(t))
		}
		spec.Results = append(spec.Results, it)
		spec.ResultGoTypes = append(spec.ResultGoTypes, goTypeString(t))
	}

	ev := &evaluator{l: l, lp: lp, spec: d, b: ir.NewBuilder(), budgets: budgets,
		globals: map[*ssa.Global]*value{}, inited: map[*ssa.Package]bool{}, infos: map[*ssa.Function]*fnInfo{},
		funcVals: map[*ssa.Function]*closure{}, funs: funs, lamList: map[string][]*lamEntry{},
		birth: map[*value]int32{}, mats: map[*value]ir.Exp{}, tables: map[*value]tableRef{}, callCells: map[*value]string{},
		local: map[ir.Sym]bool{}}
	defer func() {
		if x := recover(); x != nil {
			spec = nil
			switch x := x.(type) {
			case *Error:
				err = x
			case *goPanic:
				err = ev.errAt(ev.pos, "panic during static evaluation: "+x.msg)
			default:
				if os.Getenv("LMSGEN_DEBUG") != "" {
					debug.PrintStack()
				}
				msg := fmt.Sprint(x)
				if re, ok := x.(runtime.Error); ok {
					msg = re.Error()
				}
				if !strings.HasPrefix(msg, "BUG") {
					msg = "BUG: " + msg
				}
				err = ev.errAt(ev.pos, "internal error, please report: "+msg)
			}
		}
	}()
	g := ev.b.Build(ptypes, func(ins []ir.Exp) ir.Exp {
		args := make([]value, sig.Params().Len())
		j := 0
		for _, p := range params {
			if p.argFn != nil {
				continue
			}
			name := spec.Params[j].Name
			ev.b.Name(ins[j], name)
			args[p.index] = &rep{e: ins[j], why: &why{pos: l.fset.Position(sig.Params().At(p.index).Pos()), what: "parameter " + name + " of " + fn.Name()}}
			j++
		}
		ev.initPackages(lp.ssa)
		for _, p := range params {
			if p.argFn != nil {
				args[p.index] = ev.callTop(p.argFn, nil)
			}
		}
		ev.calling = true
		ret := ev.callTop(fn, args)
		res := make([]ir.Exp, len(spec.Results))
		for i, t := range spec.Results {
			var v value
			switch {
			case ret == nil:
			case len(res) == 1:
				v = ret
			default:
				v = ret.(tuple)[i]
			}
			if v == nil {
				// The function always panics.
				if t.Kind == ir.KSlice {
					res[i] = ev.b.MakeSlice(t.Elem, ev.b.Const(ir.Int, 0), ev.b.Const(ir.Int, 0))
				} else {
					res[i] = ev.b.Const(t, zeroOf(t))
				}
				continue
			}
			res[i] = ev.liftTo(v, t, "a result of "+fn.Name())
		}
		return ev.tuple(res)
	})
	spec.Graph = ir.DCE(g)
	return spec, nil
}

// allRepFields reports whether every field of a struct has a Rep type.
func allRepFields(st *types.Struct) bool {
	for i := range st.NumFields() {
		if !isRepType(st.Field(i).Type()) {
			return false
		}
	}
	return st.NumFields() > 0
}

// callTop calls a function at the top level of the specialization.
func (ev *evaluator) callTop(fn *ssa.Function, args []value) value {
	fr := ev.newFrame(fn, nil, fn.Pos())
	for i, p := range fn.Params {
		fr.regs[fr.info.idx[p]] = args[i]
	}
	prev := ev.fr
	ev.fr = fr
	defer func() { ev.fr = prev }()
	out := fr.run(fn.Blocks[0], nil, nil)
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

var _ = sort.Strings
