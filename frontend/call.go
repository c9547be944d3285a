package frontend

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file evaluates calls. A call of a Go function with source is
// inlined: its body is evaluated with the call's arguments, so it is
// specialized to the static ones. A function marked //lms:fun, or a value
// made by stage.Fun, is staged as a function of the generated code
// instead. The stage package's functions, printing, and an allow-list of
// pure library functions are handled by name.

// call evaluates a call; in is the instruction (for its referrers), or nil.
// The arguments are read into a buffer of the evaluator (callArgs), as
// operands reads them: callWith copies them before it evaluates
// anything, so the calls made then reuse it. A deferred call or a
// goroutine keeps its arguments: operands makes them.
func (fr *frame) call(c *ssa.CallCommon, in *ssa.Call) value {
	ev := fr.ev
	args := ev.callArgs[:0]
	for _, a := range c.Args {
		args = append(args, fr.get(a))
	}
	ev.callArgs = args
	v := fr.callWith(c, fr.get(c.Value), args, in)
	clear(args) // the values are callWith's now (and the buffer another call's)
	return v
}

// operands evaluates the function value (for an invoke, the receiver) and
// the arguments of a call.
func (fr *frame) operands(c *ssa.CallCommon) (value, []value) {
	args := make([]value, len(c.Args))
	for i, a := range c.Args {
		args[i] = fr.get(a)
	}
	return fr.get(c.Value), args
}

// callWith calls the function value (for an invoke, the receiver) f with
// the arguments cargs, evaluated by operands, now or when a defer
// statement ran. It copies cargs before it evaluates anything: they may
// be a buffer the next call reuses (call).
func (fr *frame) callWith(c *ssa.CallCommon, f value, cargs []value, in *ssa.Call) value {
	ev := fr.ev
	if cl, ok := f.(*closure); ok && cl != nil && !c.IsInvoke() && ev.plainFunc(cl.fn) {
		// inline copies cargs into the callee's registers first.
		return fr.inline(cl.fn, cl.env, cargs)
	}
	args := make([]value, 0, len(c.Args)+1)
	var fn *ssa.Function
	var env []value
	if c.IsInvoke() {
		if r, ok := ev.opaqueRep(f); ok {
			return fr.opaqueInvoke(r, c.Method, cargs)
		}
		recv, ok := f.(iface)
		if !ok {
			panic("BUG: invoke on a non-interface")
		}
		if recv.t == nil {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		if nv, ok := recv.v.(native); ok {
			args = append(args, cargs...)
			if r, ok := nv.v.(*rtype); ok {
				return ev.rtypeMethod(r, c.Method.Name(), args, c.Signature().Results())
			}
			if r, ok := nv.v.(*rvalue); ok {
				return ev.valueMethod(r, c.Method.Name(), args)
			}
			return ev.callNativeMethod(nv, c.Method, args)
		}
		sel := ev.l.prog.MethodSets.MethodSet(recv.t).Lookup(c.Method.Pkg(), c.Method.Name())
		if sel == nil {
			panic(fmt.Sprintf("BUG: no method %s on %v", c.Method.Name(), recv.t))
		}
		fn = ev.l.prog.MethodValue(sel)
		args = append(args, copyVal(recv.v))
	} else {
		switch f := f.(type) {
		case builtinV:
			args = append(args, cargs...)
			return fr.builtin(f.name, args, c, in)
		case *closure:
			if f == nil {
				panic(runtimePanic("invalid memory address or nil pointer dereference"))
			}
			fn, env = f.fn, f.env
		case *stagedFn:
			args = append(args, cargs...)
			cl := f.f.(*closure)
			return fr.stagedCall(cl.fn, cl.env, args, fmt.Sprintf("%p", cl))
		case *rep:
			for _, a := range c.Args {
				args = append(args, fr.get(a))
			}
			return fr.applyValue(f, args)
		default:
			ev.fail("the function to call must be static, but %s", ev.whyRep(f))
		}
	}
	args = append(args, cargs...)
	return fr.callFunc(fn, env, args, in)
}

// callFunc calls a known function.
func (fr *frame) callFunc(fn *ssa.Function, env, args []value, in *ssa.Call) value {
	ev := fr.ev
	if ev.plainFunc(fn) {
		return fr.inline(fn, env, args)
	}
	if isMadeFunc(fn) {
		return fr.callMadeFunc(fn, env, args)
	}
	if isSwapper(fn) {
		for _, a := range args {
			refuseAddr(a, "an index of sort.Slice's swapper")
		}
		return fr.callSwapper(env, args)
	}
	if isOnceFunc(fn) {
		return fr.callOnceFunc(env)
	}
	if isBoundMethod(fn) {
		return fr.callBoundMethod(env, args)
	}
	name := ev.fullName(fn)
	if fn.Name() == "init" && fn.Pkg != nil && fn.Signature.Recv() == nil && len(fn.Params) == 0 {
		if fn.Blocks == nil || !ev.l.bySrc[fn.Pkg.Pkg.Path()] {
			return nil // packages without source need no initialization here
		}
		if ev.l.stdSrc[fn.Pkg.Pkg.Path()] {
			return fr.initStd(fn, env, args)
		}
		return fr.inline(fn, env, args)
	}
	if fn.Blocks == nil || fn.Pkg == nil || !ev.l.bySrc[fn.Pkg.Pkg.Path()] {
		// A function the evaluator runs natively reads its arguments
		// as numbers.
		for _, a := range args {
			if isAddr(a) {
				refuseAddr(a, "an argument of "+name)
			}
		}
	}
	if v, ok := fr.opaqueCall(name, fn, args); ok {
		return v
	}
	if v, ok := fr.intrinsic(name, fn, args, in); ok {
		return v
	}
	if v, ok := fr.concurrent(name, fn, args); ok {
		return v
	}
	if v, ok := fr.runtimeCall(name, fn, args); ok {
		return v
	}
	if v, ok := fr.callerCall(name, args, in); ok {
		return v
	}
	if v, ok := fr.reflectCall(name, args); ok {
		return v
	}
	if v, ok := ev.reflectGeneric(fn, args); ok {
		return v
	}
	if ev.funs[fn] || fn.Origin() != nil && ev.funs[fn.Origin()] {
		return fr.stagedCall(fn, env, args, "")
	}
	if v, ok := ev.callNative(name, fn, args); ok {
		return v // before the source: natives are also calls of the generated code
	}
	if v, ok := fr.pureCall(name, fn, args); ok {
		return v // purecall.go
	}
	if fn.Blocks != nil {
		if d := ev.generatedBy(fn); d != nil {
			ev.fail("%s is the function lmsgen generates for %s: call %s instead", fn.Name(), d.fn.Name.Name, d.fn.Name.Name)
		}
		return fr.inline(fn, env, args)
	}
	if len(args) > 0 && fn.Signature.Recv() != nil {
		if s := streamOf(args[0]); s != nil {
			return ev.streamMethod(s, fn.Name(), args[1:])
		}
	}
	if v, ok := fr.worldCall(name, fn, args); ok {
		return v
	}
	msg := fmt.Sprintf("call of %s: it has no Go source (in the module or a standard package loaded from source) and is not a known pure library function", name)
	if pkg := funcPkgPath(fn); pkg != "" {
		switch {
		case worldReason(pkg, name) != "":
			msg = fmt.Sprintf("call of %s: %s", name, worldReason(pkg, name))
		case pkg == "reflect":
			for _, a := range args {
				if hasRep(a, 0) {
					msg = fmt.Sprintf("call of %s on a Rep: reflection on Reps is not supported", name)
				}
			}
		case pkg == "unsafe":
			msg = "unsafe is not supported in staging code"
		}
	}
	ev.fail("%s", msg)
	return nil
}

// plainFunc reports whether a call of fn is always inlined: fn has
// source in a package of the modules loaded (not a standard package,
// not package stage), is not an init function, is not staged
// (//lms:fun) and is not a function lmsgen generates. The calls that
// callFunc treats otherwise are all named by the functions of the
// synthetic packages, of the standard library or of stage (the tables
// of natives, intrinsics, runtime, reflect, sync and world calls), and
// the rest of its tests are on fn alone, so its answer for such an fn is
// inline; a call of the staging code's own functions, the most common
// call, is then one lookup instead of a dozen tests of its name.
func (ev *evaluator) plainFunc(fn *ssa.Function) bool {
	plain, ok := ev.plainFns[fn]
	if ok {
		return plain
	}
	if fn.Pkg != nil && fn.Blocks != nil && fn.Name() != "init" {
		path := fn.Pkg.Pkg.Path()
		plain = ev.l.bySrc[path] && !ev.l.stdSrc[path] && path != stagePath &&
			!ev.funs[fn] && (fn.Origin() == nil || !ev.funs[fn.Origin()]) && ev.generatedBy(fn) == nil
	}
	if ev.plainFns == nil {
		ev.plainFns = map[*ssa.Function]bool{}
	}
	ev.plainFns[fn] = plain
	return plain
}

func funcPkgPath(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	return ""
}

// fullName is fullName(fn), made once per function.
func (ev *evaluator) fullName(fn *ssa.Function) string {
	n, ok := ev.fullNames[fn]
	if !ok {
		n = fullName(fn)
		if ev.fullNames == nil {
			ev.fullNames = map[*ssa.Function]string{}
		}
		ev.fullNames[fn] = n
	}
	return n
}

// fullName is "path.Name" for a function, "path.Type.Name" for a method,
// for the generic origin of an instantiation.
func fullName(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	pkg := funcPkgPath(fn)
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return pkg + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	if pkg == "" {
		return fn.Name()
	}
	return pkg + "." + fn.Name()
}

// generatedBy returns the directive of which fn is the stub, or nil.
func (ev *evaluator) generatedBy(fn *ssa.Function) *genDirective {
	if fn.Pkg == nil || fn.Pkg != ev.lp.ssa || fn.Parent() != nil || !fn.Pos().IsValid() {
		return nil
	}
	for _, d := range ev.lp.dirs.gens {
		if d.name == fn.Name() {
			p := ev.l.fset.Position(fn.Pos())
			if p.Filename == d.namePos.Filename && p.Line == d.namePos.Line {
				return d
			}
		}
	}
	return nil
}

// inline evaluates fn's body for this call.
func (fr *frame) inline(fn *ssa.Function, env, args []value) value {
	ev := fr.ev
	if ev.depth >= ev.budgets.CallDepth {
		hint := ""
		for f := fr; f != nil; f = f.caller {
			if f.fn == fn || f.fn.Origin() != nil && f.fn.Origin() == fn.Origin() {
				hint = recursionHint(fn, args, env)
				break
			}
		}
		ev.fail("inlining exceeds the budget of %d nested calls%s; raise it with -calldepth=N on the //lms:gen directive or the -calldepth flag", ev.budgets.CallDepth, hint)
	}
	callee := ev.newFrame(fn, fr, ev.pos)
	for i, p := range fn.Params {
		callee.regs[callee.info.idx[p]] = args[i]
	}
	for i, fv := range fn.FreeVars {
		callee.regs[callee.info.idx[fv]] = env[i]
	}
	pos := ev.pos
	ev.fr = callee
	ev.depth++
	returned := false
	defer func() {
		if !returned {
			ev.leftByUnwinding(callee) // for gc's stack at a panic (gcstack.go)
		}
		ev.fr = fr
		ev.depth--
		ev.pos = pos
	}()
	if ev.nextDeferred == fr {
		callee.deferredBy, callee.deferPanic = fr, fr.dst.unwinding
	}
	ev.nextDeferred = nil
	out := callee.runBody()
	returned = true
	if out.diverged() {
		panic(diverged{})
	}
	ret := callee.ret
	if vc, ok := ret.(*varComposite); ok {
		ret = ev.resolve(vc.v)
	}
	callee.release()
	return ret
}

// --- Staged functions ---

// lamEntry is a staged function built for a function and the static
// arguments it was called with.
type lamEntry struct {
	fwd, lam ir.Exp
	building bool
	reads    []readEntry
}

// readEntry is a static cell the staged function's body read, and what it
// held: the function is reused only while the cells hold the same.
type readEntry struct {
	p *value
	v value
}

// stagedCall calls fn as a staged function.
func (fr *frame) stagedCall(fn *ssa.Function, env, args []value, inst string) value {
	ev := fr.ev
	var key strings.Builder
	fmt.Fprintf(&key, "%p|%s|", fn, inst)
	fs := ev.funSigOf(fn, args, &key)
	k := key.String()
	var ent *lamEntry
	for _, e := range ev.lamList[k] {
		if e.building || e.valid() {
			ent = e
			break
		}
	}
	if ent == nil {
		ent = fr.buildLambda(fn, env, args, fs, k)
	}
	f := ent.lam
	if ent.building {
		f = ent.fwd
	}
	dargs := ev.dynArgs(fs, args)
	ev.at()
	res := ev.b.Apply(f, dargs...)
	ev.writes++
	return ev.callResult(fs, res, &why{pos: ev.whyPos(ev.pos), what: "the result of staged function " + funcName(fn)})
}

func (e *lamEntry) valid() bool {
	for _, r := range e.reads {
		if !identical(*r.p, r.v) {
			return false
		}
	}
	return true
}

func (fr *frame) buildLambda(fn *ssa.Function, env, args []value, fs *funSig, key string) *lamEntry {
	ev := fr.ev
	ft := ir.FuncOf(fs.ptypes, fs.rtypes)
	ev.at()
	ent := &lamEntry{fwd: ev.b.Forward(ft), building: true}
	name := lambdaName(fn)
	if name != "" {
		ev.b.Name(ent.fwd, name)
	}
	ev.lamList[key] = append(ev.lamList[key], ent)
	r := ev.pushRegion(rLambda)
	r.lam = ent
	pos := ev.pos
	// The body is built once and called from anywhere: no condition of
	// the call site's path is known in it (facts.go).
	facts := ev.facts
	ev.facts = nil
	defer func() { ev.facts = facts }()
	ent.lam = ev.b.DefineForward(ent.fwd, func(ins []ir.Exp) ir.Exp {
		callArgs := slices.Clone(args)
		taken := map[string]bool{}
		for _, p := range fs.dyn {
			var names []string
			if p.v.Name != "" && p.v.Name != "_" {
				names = leafNames(p.v, taken)
			}
			k := 0
			callArgs[p.index], ins = ev.structArg(p.v, ins, func(e ir.Exp) value {
				name := p.v.Name
				if names != nil {
					name = names[k]
					ev.b.Name(e, name)
				}
				k++
				return &rep{e: e, why: &why{pos: ev.whyPos(fn.Pos()), what: "parameter " + name + " of staged function " + funcName(fn)}}
			})
		}
		var ret value
		var div bool
		if ev.catchRestart(r, func() {
			div = ev.runDiverging(func() { ret = fr.inlineBody(fn, env, callArgs) })
		}) {
			div = true // abandoned: built again below
		}
		ev.pos = pos
		var res []ir.Exp
		for i, rv := range fs.results {
			var v value // nil (zero values) if the body diverged
			switch {
			case div:
			case len(fs.results) == 1:
				v = ret
			default:
				v = ret.(tuple)[i]
			}
			ev.aosFunResult(v, rv, fn)
			res = append(res, ev.flatten(v, rv, "a result of staged function "+funcName(fn))...)
		}
		return ev.tuple(res)
	})
	if name != "" {
		ev.b.Name(ent.lam, name)
	}
	ev.rollback(r.mark)
	ev.popRegion(r)
	ent.building = false
	if r.restart != nil {
		// The function assigns variables of the enclosing code: they
		// become staged variables, and the function is built again.
		ev.lamList[key] = slices.DeleteFunc(ev.lamList[key], func(e *lamEntry) bool { return e == ent })
		ev.pos = pos
		for _, p := range r.restart.promote {
			if _, ok := (*p).(*varRef); ok {
				continue
			}
			v := ev.load(p)
			if !liftable(v) || isComposite(v) {
				ev.fail("a variable of the enclosing staging code assigned inside a staged function must become a variable of the generated code, but it holds %s", describe(v))
			}
			ev.rawWrite(p, &varRef{v: ev.newVar(v, nil, ev.cellName(p))})
		}
		return fr.buildLambda(fn, env, args, fs, key)
	}
	return ent
}

// runDiverging runs f and reports whether it diverged: its control never
// reached its end (it panicked, staged, or an inlined call always panics).
func (ev *evaluator) runDiverging(f func()) (div bool) {
	defer func() {
		if ev.passes(nil) {
			return
		}
		if x := recover(); x != nil {
			if _, ok := x.(diverged); ok {
				div = true
				return
			}
			panic(x)
		}
	}()
	f()
	return false
}

// inlineBody evaluates fn's body without the depth budget's recursion
// hint (a staged function's body).
func (fr *frame) inlineBody(fn *ssa.Function, env, args []value) value {
	if fn.Blocks == nil {
		fr.ev.fail("%s cannot be a staged function: it has no Go source in the module", fullName(fn))
	}
	return fr.inline(fn, env, args)
}

// staticKey writes a static value as part of a memo key.
func staticKey(v value) string {
	switch v := v.(type) {
	case *value, *closure, *mapV:
		return fmt.Sprintf("%T%p", v, v)
	case sliceV:
		if len(v.base) == 0 {
			return fmt.Sprintf("s%v", v.base == nil)
		}
		return fmt.Sprintf("s%p:%d:%d:%d", &v.base[0], v.off, v.len, v.cap)
	case structure:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = staticKey(x)
		}
		return "{" + strings.Join(parts, ",") + "}"
	case array:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = staticKey(x)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case iface:
		if v.t == nil {
			return "nil"
		}
		return typeKey(v.t) + ":" + staticKey(v.v)
	case *stagedFn:
		return fmt.Sprintf("F%p", v.f)
	}
	return fmt.Sprintf("%T(%#v)", v, v)
}

// --- Panics ---

// userPanic converts the value of panic(v).
func (ev *evaluator) userPanic(v value) *goPanic {
	if i, ok := v.(iface); ok {
		if hasRep(i.v, 0) {
			return &goPanic{msg: "(a dynamic value)", val: v}
		}
		return &goPanic{msg: ev.panicText(i), val: v}
	}
	return &goPanic{msg: fmt.Sprint(v), val: v}
}

// panicText formats a static panic value as fmt.Sprint would.
func (ev *evaluator) panicText(i iface) string {
	if i.t == nil {
		return "panic called with nil argument (use runtime.PanicNilError)"
	}
	if s, ok := ev.stringMethod(i); ok {
		if str, ok := s.(string); ok {
			return str
		}
	}
	if s, ok := ev.formatStatic(i.v, i.t); ok {
		return s
	}
	return describe(i.v)
}

// panicMessage returns the message of a panic of the generated code.
func (ev *evaluator) panicMessage(p *goPanic) ir.Exp {
	i, ok := p.val.(iface)
	if !ok || !hasRep(i.v, 0) {
		return ev.b.Const(ir.String, p.msg)
	}
	if r, ok := ev.opaqueRep(i); ok {
		if t := ev.b.Graph().TypeOf(r.e); t != ir.ErrorType {
			ev.fail("panic with a %s of the generated code is not supported: panic with an error or a string", t)
		}
		return r.e // panic(err) of the generated code (opaque.go)
	}
	if s, ok := ev.stringMethod(i); ok {
		return ev.liftTo(s, ir.String, "a panic message")
	}
	r, ok := i.v.(*rep)
	if !ok {
		ev.fail("panic with %s holding a Rep is not supported: panic with a string", describe(i.v))
	}
	return ev.formatRep(r.e)
}

// formatRep converts a basic Rep to the string fmt.Sprint gives.
func (ev *evaluator) formatRep(e ir.Exp) ir.Exp {
	t := ev.b.Graph().TypeOf(e)
	ev.at()
	switch {
	case t == ir.String:
		return e
	case t == ir.Bool:
		return ev.b.Call(ir.Callee{Pkg: "strconv", Name: "FormatBool", Pure: true}, ir.String, e)
	case t.IsUnsigned():
		return ev.b.Call(ir.Callee{Pkg: "strconv", Name: "FormatUint", Pure: true}, ir.String, ev.b.Convert(ir.Uint64, e), ev.b.Const(ir.Int, 10))
	case t.IsInteger():
		return ev.b.Call(ir.Callee{Pkg: "strconv", Name: "FormatInt", Pure: true}, ir.String, ev.b.Convert(ir.Int64, e), ev.b.Const(ir.Int, 10))
	case t.IsFloat():
		bits := 64
		if t == ir.Float32 {
			bits = 32
		}
		return ev.b.Call(ir.Callee{Pkg: "strconv", Name: "FormatFloat", Pure: true}, ir.String, ev.b.Convert(ir.Float64, e), ev.b.Const(ir.Uint8, uint8('g')), ev.b.Const(ir.Int, -1), ev.b.Const(ir.Int, bits))
	}
	ev.fail("a panic with a value of type %v is not supported: panic with a string", t)
	return ir.Exp{}
}

// stringMethod calls the Error or String method of a static interface
// value, if its dynamic type has one.
func (ev *evaluator) stringMethod(i iface) (value, bool) {
	if _, ok := ev.opaqueRep(i); ok {
		return nil, false // a call of the generated code (opaque.go)
	}
	if nv, ok := i.v.(native); ok {
		switch x := nv.v.(type) {
		case error:
			return x.Error(), true
		case fmt.Stringer:
			return x.String(), true
		}
		return nil, false
	}
	ms := ev.l.prog.MethodSets.MethodSet(i.t)
	for _, name := range []string{"Error", "String"} {
		sel := ms.Lookup(nil, name)
		if sel == nil {
			continue
		}
		sig := sel.Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 || basicKind(sig.Results().At(0).Type()) != types.String {
			continue
		}
		fn := ev.l.prog.MethodValue(sel)
		if fn == nil {
			continue
		}
		return ev.fr.callFunc(fn, nil, []value{copyVal(i.v)}, nil), true
	}
	return nil, false
}

// callNativeMethod calls a method of an opaque native value.
func (ev *evaluator) callNativeMethod(nv native, m *types.Func, args []value) value {
	if len(args) == 0 {
		switch m.Name() {
		case "Error":
			if e, ok := nv.v.(error); ok {
				return e.Error()
			}
		case "String":
			if s, ok := nv.v.(fmt.Stringer); ok {
				return s.String()
			}
		}
	}
	if s, ok := nv.v.(*stdStream); ok {
		return ev.streamMethod(s, m.Name(), args)
	}
	ev.fail("method %s of %T is not supported during staging", m.Name(), nv.v)
	return nil
}

// recursionHint says why a recursion of fn went past the call budget. With
// a Rep among its arguments, its stopping condition is likely a Rep, and
// inlining never ends; with static arguments only, the recursion is static
// and merely deeper than the budget.
func recursionHint(fn *ssa.Function, args, env []value) string {
	for _, vs := range [][]value{args, env} {
		for _, v := range vs {
			if hasRep(v, 0) {
				return fmt.Sprintf(": %s calls itself recursively, and a recursion whose stopping condition is a Rep never ends when inlined; mark %s //lms:fun (or wrap it in stage.Fun) to make it a function of the generated code", funcName(fn), funcName(fn))
			}
		}
	}
	return fmt.Sprintf(": %s calls itself recursively with static arguments only, deeper than the budget", funcName(fn))
}
