package frontend

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages the calls that touch the world (world.go refuses them
// at generation time): the generated code makes them instead, in program
// order with its other effects (an impure call of the graph that may
// panic), and their results are Reps of their Go types — basic values,
// slices of them, and opaque values (opaque.go: error, time.Time,
// *os.File, fs.FileInfo, *rand.Rand) whose methods and the calls taking
// them are staged calls too. Only the packages of worldStaged are: what
// they do at run time is what the staging function called natively does
// (the clock, the environment, files, process ids, other processes,
// pseudo-random numbers, package log's output, with the date and time
// of the run: worldlog.go); the functions that inspect the running
// program's stack or lmsgen's memory (world.go's function entries) are
// not, since the generated program's differ from the native one's. A
// static use of such a result (a map key, an unroll count, a type
// assertion) is refused where it happens, naming the call (the Rep's why).
// So is a call made before the staging function is called (a package's
// initialization, a static argument): the generated code would make it
// at each call, the program once.
// C refuses the call (no translation), positioned.

// worldStaged lists the packages whose refused calls are staged.
var worldStaged = map[string]bool{
	"os": true, "io/ioutil": true, "syscall": true, "time": true, "os/exec": true, "math/rand": true,
	"log": true, // the program's standard error; its output only while its flags are known (worldlog.go)
}

// worldCall stages a call of fn, which world.go refuses, if its package is
// staged; ok is false otherwise.
func (fr *frame) worldCall(name string, fn *ssa.Function, args []value) (value, bool) {
	if v, ok := fr.godebugCall(name, fn, args); ok {
		return v, true
	}
	pkg := funcPkgPath(fn)
	if !worldStaged[pkg] || worldReasons[name] != "" || !fr.ev.calling {
		// Not called by the staging function: a package's
		// initialization or a static argument, which run once at
		// generation time, not at each call of the generated code.
		return nil, false
	}
	sig := fn.Signature
	c := ir.Callee{Pkg: pkg, Name: fn.Name(), Trap: true}
	var recv types.Type
	if r := sig.Recv(); r != nil {
		c.Pkg, c.Method, recv = "", true, r.Type()
	}
	if clockReads[name] {
		fr.ev.clockUsed(&fr.ev.realClock, name)
	}
	if pkg == "log" {
		fr.logCall(name, fn, args)
	}
	v := fr.libCall(c, recv, sig, args, name, worldReason(pkg, name))
	if pkg == "log" {
		fr.logMade(fn, args, v)
	}
	if worldExits[name] {
		fr.ev.exitHere()
	}
	return v, true
}

// worldExits are the staged calls that end the program, as os.Exit does.
var worldExits = map[string]bool{"log.Fatal": true, "log.Fatalf": true, "log.Fatalln": true, "syscall.Exit": true}

// libCall emits the call c with the arguments args (the receiver first
// for a method, of type recv, or already a Rep when recv is nil), typed by
// the Go signature sig, and returns its results as Reps. what names the
// callee in messages; world, if not empty, says why it could not be
// called at generation time.
func (fr *frame) libCall(c ir.Callee, recv types.Type, sig *types.Signature, args []value, what, world string) value {
	ev := fr.ev
	refuse := func(format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if world != "" {
			ev.fail("call of %s: %s; the generated code could make it, but %s", what, world, msg)
		}
		ev.fail("call of %s with a Rep: %s", what, msg)
	}
	var ptypes []types.Type
	if c.Method {
		ptypes = append(ptypes, recv) // nil: a Rep already
	}
	for i := range sig.Params().Len() {
		ptypes = append(ptypes, sig.Params().At(i).Type())
	}
	if sig.Variadic() {
		// The last argument is the slice of the variadic ones: a static
		// slice is passed element by element.
		last := len(ptypes) - 1
		s, ok := args[last].(sliceV)
		if !ok {
			refuse("its variadic arguments are passed as a slice of the generated code (f(xs...))")
		}
		et := ptypes[last].(*types.Slice).Elem()
		args = append(args[:last:last], s.elems()...)
		ptypes = ptypes[:last]
		for range s.len {
			ptypes = append(ptypes, et)
		}
	}
	exps := make([]ir.Exp, len(args))
	convs := make([]ir.ArgConv, len(args))
	var from []value
	for i, a := range args {
		a = ev.resolve(a)
		if o, ok := ev.opaqueRep(a); ok {
			exps[i] = o.e
			from = append(from, o)
			continue
		}
		pt := ptypes[i]
		if pt == nil {
			panic("BUG: staged method call without a receiver type")
		}
		if isEmptyInterface(pt) {
			// A parameter of type any: a value of a predeclared type
			// or a slice of one, as fmt's, or an error.
			x, _ := a.(iface)
			var at *ir.Type
			switch {
			case x.t != nil && isPredeclared(x.t):
				at = irBasic(x.t)
			case x.t != nil && !hasRep(x.v, 0) && staticErrors(x, iface{}) != nil:
				at = ir.ErrorType
			case x.t != nil:
				if s, ok := types.Unalias(x.t).(*types.Slice); ok && isPredeclared(s.Elem()) {
					at = ir.SliceOf(irBasic(s.Elem()))
				}
			}
			if at == nil || at.Kind == ir.KSlice && c.Pure {
				refuse("its argument %d is %s, which it cannot pass as an any", i+1, describe(a))
			}
			v := x.v
			if at == ir.ErrorType {
				v = x // written as the error itself (opaque.go)
			}
			exps[i], convs[i] = ev.liftTo(v, at, fmt.Sprintf("argument %d of %s", i+1, what)), ir.ArgConv{Any: true}
			if r, ok := x.v.(*rep); ok {
				from = append(from, r)
			}
			continue
		}
		it, conv := stagedGoType(pt)
		switch {
		case it == nil:
			refuse("its argument %d has type %s, which the generated code cannot pass", i+1, typeString(pt))
		case it.Kind == ir.KSlice && c.Pure:
			refuse("its argument %d is a slice, which the generated code passes only to a call with effects", i+1)
		case it.Kind == ir.KSlice && c.Defer:
			refuse("its argument %d is a slice, which a deferred call would read when the function returns", i+1)
		}
		if hasRep(a, 0) && !isRep(a) && it.Kind != ir.KSlice {
			refuse("its argument %d is %s holding Reps", i+1, describe(a))
		}
		exps[i] = ev.liftTo(a, it, fmt.Sprintf("argument %d of %s", i+1, what))
		if !conv.IsZero() && !exps[i].IsConst() {
			convs[i].To = conv
		}
		if r, ok := a.(*rep); ok {
			from = append(from, r)
		}
	}
	c.Convs = ir.EncodeConvs(convs)
	if c.Defer {
		// Go discards the results of a deferred call.
		ev.at()
		ev.b.Call(c, ir.Void, exps...)
		ev.writes++
		return nil
	}
	outs := make([]*ir.Type, sig.Results().Len())
	for i := range outs {
		rt := sig.Results().At(i).Type()
		var conv ir.GoName
		outs[i], conv = stagedGoType(rt)
		switch {
		case outs[i] == nil:
			refuse("its result %d has type %s, which the generated code cannot hold", i+1, typeString(rt))
		case !conv.IsZero() && len(outs) > 1:
			refuse("its result %d has type %s, which the generated code holds only as a single result", i+1, typeString(rt))
		}
		c.Res = conv
	}
	ev.at()
	e := ev.b.Call(c, ir.TupleOf(outs), exps...)
	if !c.Pure {
		ev.writes++
	}
	switch len(outs) {
	case 0:
		return nil
	case 1:
		return ev.newRep(e, "the result of "+what, from...)
	}
	tu := make(tuple, len(outs))
	for i := range tu {
		tu[i] = ev.newRep(ev.b.Proj(e, i), "a result of "+what, from...)
	}
	return tu
}

// stagedGoType returns the graph type of values of Go type t passed to or
// returned by a staged call, and the declared type the generated code
// converts to or from (time.Duration over int64), or nil: basic types,
// slices of predeclared basic types, and as opaque values error and the
// exported named types (or pointers to them) of packages the generated
// code can import.
func stagedGoType(t types.Type) (*ir.Type, ir.GoName) {
	t = types.Unalias(t)
	if ot := opaqueIRType(t); ot != nil {
		return ot, ir.GoName{}
	}
	if bt := irBasic(t); bt != nil {
		if n, ok := t.(*types.Named); ok {
			if !exportedType(n) {
				return nil, ir.GoName{}
			}
			return bt, ir.GoName{Path: n.Obj().Pkg().Path(), Name: n.Obj().Name()}
		}
		return bt, ir.GoName{}
	}
	if s, ok := t.(*types.Slice); ok {
		if isPredeclared(s.Elem()) {
			return ir.SliceOf(irBasic(s.Elem())), ir.GoName{}
		}
		return nil, ir.GoName{}
	}
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = types.Unalias(p.Elem()), true
	}
	n, ok := t.(*types.Named)
	if !ok || !exportedType(n) || n.TypeArgs().Len() > 0 {
		return nil, ir.GoName{}
	}
	if _, isIface := n.Underlying().(*types.Interface); isIface && ptr {
		return nil, ir.GoName{}
	}
	return ir.OpaqueOf(ir.GoName{Path: n.Obj().Pkg().Path(), Name: n.Obj().Name()}, ptr), ir.GoName{}
}

// exportedType reports whether the generated code of any package can name
// n: an exported type of an importable package.
func exportedType(n *types.Named) bool {
	p := n.Obj().Pkg()
	return p != nil && token.IsExported(n.Obj().Name()) && importable(p.Path()) && p.Path() != stagePath
}

// isPredeclared reports whether t is a predeclared basic type (int, byte).
func isPredeclared(t types.Type) bool {
	b, ok := types.Unalias(t).(*types.Basic)
	return ok && kindTypes[b.Kind()] != nil
}

// isEmptyInterface reports whether t is any.
func isEmptyInterface(t types.Type) bool {
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.Empty()
}

// clockReads are the staged calls that read the clock.
var clockReads = map[string]bool{"time.Now": true, "time.Since": true, "time.Until": true}

// clockUse records a use of a clock: the call, where.
type clockUse struct {
	name string
	pos  token.Pos
}

// virtualClock records a wait on the virtual clock (time.Sleep, a timer),
// which happens at generation time only: the generated code does not
// wait. An evaluation that also reads the real clock in the generated
// code would see no time pass where the program sees it pass, so the
// second of the two is refused.
func (ev *evaluator) virtualClock(name string) {
	ev.clockUsed(&ev.virtClock, name)
}

// clockUsed records the use of one clock (u: ev.realClock or
// ev.virtClock) and refuses it if the other was used.
func (ev *evaluator) clockUsed(u *clockUse, name string) {
	other := ev.virtClock
	if u == &ev.virtClock {
		other = ev.realClock
	}
	if other.name != "" {
		ev.fail("%s and %s at %v: the generated code reads the real clock, while sleeping and timers wait on the virtual clock of generation time, which the generated code does not wait; one program cannot use both", name, other.name, ev.position(other.pos))
	}
	if u.name == "" {
		*u = clockUse{name: name, pos: ev.pos}
	}
}
