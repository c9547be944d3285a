package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates reflect.MakeFunc and reflect.TypeAssert on static
// values. A function made by MakeFunc is a closure of a synthetic
// function of the requested signature (no body) whose environment is the
// implementation; calling it calls the implementation with the arguments
// as a []reflect.Value and takes the results back with reflect's checks
// and panics, at generation time like every static call.

// makeFuncProvenance marks the synthetic functions of MakeFunc.
const makeFuncProvenance = "reflect.MakeFunc"

// isMadeFunc reports whether fn is the synthetic function of a function
// made by reflect.MakeFunc.
func isMadeFunc(fn *ssa.Function) bool {
	return fn.Synthetic == makeFuncProvenance && fn.Blocks == nil && fn.Pkg == nil
}

// makeFunc evaluates reflect.MakeFunc(typ, impl).
func (ev *evaluator) makeFunc(typ, impl value) value {
	t := ev.typeArg(typ, "reflect.MakeFunc")
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		panic(reflectPanic("reflect: call of MakeFunc with non-Func type"))
	}
	for i := range sig.Params().Len() {
		if types.IsInterface(sig.Params().At(i).Type()) {
			ev.fail("reflect.MakeFunc of %s: a parameter of interface type is not supported during staging (its reflect.Value would be of kind Interface)", reflectString(t))
		}
	}
	fn := ev.l.prog.NewFunction("makeFuncStub", sig, makeFuncProvenance)
	return native{v: &rvalue{t: t, v: &closure{fn: fn, env: []value{impl}}}}
}

// callMadeFunc calls the function made by reflect.MakeFunc whose
// synthetic function is fn and environment env.
func (fr *frame) callMadeFunc(fn *ssa.Function, env, args []value) value {
	ev := fr.ev
	sig := fn.Signature
	impl, _ := env[0].(*closure)
	if impl == nil {
		panic(runtimePanic("invalid memory address or nil pointer dereference"))
	}
	in := make([]value, len(args))
	for i, a := range args {
		in[i] = native{v: &rvalue{t: sig.Params().At(i).Type(), v: copyVal(a)}}
	}
	ev.bornSlice(in)
	res := fr.callFunc(impl.fn, impl.env, []value{sliceV{base: in, len: len(in), cap: len(in)}}, nil)
	out, _ := res.(sliceV)
	n := sig.Results().Len()
	if out.len != n {
		panic(reflectPanic("reflect: wrong return count from function created by MakeFunc"))
	}
	rs := make([]value, n)
	for i := range rs {
		r := valueOf(ev.load(&out.base[out.off+i]))
		rt := sig.Results().At(i).Type()
		if r.t == nil {
			// reflect names the implementation with runtime.FuncForPC of
			// the func value's word, which is not a program counter: the
			// name is always "closure".
			panic(reflectPanic("reflect: function created by MakeFunc using closure returned zero Value"))
		}
		if !types.AssignableTo(r.t, rt) {
			panic(reflectPanic("reflect.MakeFunc: value of type " + reflectString(r.t) + " is not assignable to type " + reflectString(rt)))
		}
		if types.IsInterface(rt) && !types.IsInterface(r.t) {
			rs[i] = iface{t: r.t, v: copyVal(r.v)}
		} else {
			rs[i] = copyVal(r.v)
		}
	}
	switch n {
	case 0:
		return nil
	case 1:
		return rs[0]
	}
	return tuple(rs)
}

// reflectTypeAssert evaluates reflect.TypeAssert[T](v), T being target.
func (ev *evaluator) reflectTypeAssert(target types.Type, v value) value {
	r := valueOf(v)
	if r.t == nil {
		ev.fail("reflect: call of reflect.TypeAssert on zero Value")
	}
	if types.IsInterface(target) {
		if types.IsInterface(r.t) {
			ev.fail("reflect.TypeAssert on a Value of interface type %s is not supported during staging", reflectString(r.t))
		}
		if !types.AssignableTo(r.t, target) {
			return tuple{ev.zero(target), false}
		}
		return tuple{iface{t: r.t, v: copyVal(r.v)}, true}
	}
	if !types.Identical(r.t, target) {
		return tuple{ev.zero(target), false}
	}
	return tuple{copyVal(r.v), true}
}

// swapperProvenance marks the synthetic functions of reflectlite.Swapper.
const swapperProvenance = "internal/reflectlite.Swapper"

// reflectlite evaluates the functions of internal/reflectlite that
// package sort calls on the slice of sort.Slice and sort.SliceStable:
// ValueOf, Value.Len and Swapper (name without the package path), and
// reports whether name is one.
func (ev *evaluator) reflectlite(name string, args []value) (value, bool) {
	switch name {
	case "ValueOf", "Value.Len", "Swapper":
	default:
		return nil, false
	}
	for _, a := range args {
		if hasRep(a, 0) {
			ev.fail("call of internal/reflectlite.%s on a Rep: reflection on Reps is not supported (sort.Slice sorts a static slice; sort a slice of Reps with slices.Sort)", name)
		}
	}
	switch name {
	case "ValueOf":
		x, _ := args[0].(iface)
		if x.t == nil {
			return native{v: &rvalue{}}, true
		}
		return native{v: &rvalue{t: x.t, v: x.v}}, true
	case "Value.Len":
		return ev.valueMethod(valueOf(args[0]), "Len", nil), true
	}
	x, _ := args[0].(iface)
	s, ok := x.v.(sliceV)
	if _, isSlice := types.Unalias(x.t).Underlying().(*types.Slice); x.t == nil || !isSlice || !ok {
		ev.fail("reflect: call of Swapper on a value that is not a slice")
	}
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(
		types.NewParam(0, nil, "i", types.Typ[types.Int]),
		types.NewParam(0, nil, "j", types.Typ[types.Int])), nil, false)
	fn := ev.l.prog.NewFunction("swapper", sig, swapperProvenance)
	return &closure{fn: fn, env: []value{s}}, true
}

// isSwapper reports whether fn is the synthetic function of a swapper
// made by reflectlite.Swapper.
func isSwapper(fn *ssa.Function) bool {
	return fn.Synthetic == swapperProvenance && fn.Blocks == nil && fn.Pkg == nil
}

// callSwapper swaps the elements i and j of the slice in env[0], with the
// panic of reflectlite's swapper when either is out of range.
func (fr *frame) callSwapper(env, args []value) value {
	ev := fr.ev
	s := env[0].(sliceV)
	if isRep(args[0]) || isRep(args[1]) {
		ev.fail("the indices of the swapper of sort.Slice must be static: sort.Slice sorts a static slice with a static less function")
	}
	i, j := args[0].(int), args[1].(int)
	if uint(i) >= uint(s.len) || uint(j) >= uint(s.len) {
		panic(reflectPanic("reflect: slice index out of range"))
	}
	a, b := ev.load(&s.base[s.off+i]), ev.load(&s.base[s.off+j])
	ev.store(&s.base[s.off+i], b)
	ev.store(&s.base[s.off+j], a)
	return nil
}
