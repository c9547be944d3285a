package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates the parts of package reflect that reach functions:
// reflect.TypeFor, reflect.Type's Method and MethodByName (a method
// expression as the Method's Func), and reflect.Value's Call on a static
// function value, which calls it at generation time as the program would.

// reflectGeneric evaluates the generic functions of package reflect,
// reflect.TypeFor[T] and reflect.TypeAssert[T] (reflectmake.go), for the
// instantiation fn.
func (ev *evaluator) reflectGeneric(fn *ssa.Function, args []value) (value, bool) {
	if len(fn.TypeArgs()) != 1 {
		return nil, false
	}
	switch fullName(fn) {
	case "reflect.TypeFor":
		return ev.typeOf(fn.TypeArgs()[0]), true
	case "reflect.TypeAssert":
		return ev.reflectTypeAssert(fn.TypeArgs()[0], args[0]), true
	}
	return nil, false
}

// exportedMethods returns the methods reflect lists for the
// non-interface type t: its exported methods, sorted by name.
func (ev *evaluator) exportedMethods(t types.Type) []*types.Selection {
	var out []*types.Selection
	ms := ev.l.prog.MethodSets.MethodSet(t)
	for i := range ms.Len() { // sorted by Id: by name for exported methods
		if ms.At(i).Obj().Exported() {
			out = append(out, ms.At(i))
		}
	}
	return out
}

// typeMethod evaluates reflect.Type.Method and MethodByName on t; mt is
// the Go type reflect.Method.
func (ev *evaluator) typeMethod(t types.Type, m string, args []value, mt types.Type) value {
	if _, ok := t.Underlying().(*types.Interface); ok {
		ev.fail("reflect.Type.%s of the interface type %s is not supported during staging", m, reflectString(t))
	}
	ms := ev.exportedMethods(t)
	if m == "Method" {
		i := args[0].(int)
		if i < 0 || i >= len(ms) {
			panic(reflectPanic("reflect: Method index out of range"))
		}
		return ev.reflectMethod(t, ms[i], i, mt)
	}
	name := args[0].(string)
	for i, sel := range ms {
		if sel.Obj().Name() == name {
			return tuple{ev.reflectMethod(t, sel, i, mt), true}
		}
	}
	return tuple{ev.zero(mt), false}
}

// reflectMethod builds the reflect.Method (of Go type mt) of the method
// sel, number i of t: its Func is the method expression T.Name, a
// function whose first parameter is the receiver.
func (ev *evaluator) reflectMethod(t types.Type, sel *types.Selection, i int, mt types.Type) value {
	sig := sel.Type().(*types.Signature)
	params := []*types.Var{types.NewParam(sig.Recv().Pos(), sig.Recv().Pkg(), "", t)}
	for j := range sig.Params().Len() {
		params = append(params, sig.Params().At(j))
	}
	ft := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
	fn := ev.l.prog.MethodValue(sel)
	if fn == nil {
		ev.fail("reflect: the method %s of %s has no body to call", sel.Obj().Name(), reflectString(t))
	}
	st := mt.Underlying().(*types.Struct)
	out := make(structure, st.NumFields())
	for j := range out {
		switch f := st.Field(j); f.Name() {
		case "Name":
			out[j] = sel.Obj().Name()
		case "Type":
			out[j] = ev.typeOf(ft)
		case "Func":
			out[j] = native{v: &rvalue{t: ft, v: ev.funcValue(fn)}}
		case "Index":
			out[j] = i
		default: // PkgPath: empty for an exported method
			out[j] = ev.zero(f.Type())
		}
	}
	return out
}

// valueCall evaluates reflect.Value.Call on the function value r with
// the arguments in (a []reflect.Value); it returns the results as a
// []reflect.Value.
func (ev *evaluator) valueCall(r *rvalue, in value) value {
	sig, ok := r.t.Underlying().(*types.Signature)
	if !ok {
		panic(reflectPanic("reflect: call of reflect.Value.Call on " + kindOf(r.t).String() + " Value"))
	}
	cl, _ := r.v.(*closure)
	if cl == nil {
		panic(reflectPanic("reflect: call of nil function"))
	}
	// reflect's checks, in its order (reflect.Value.call): the count,
	// zero Values, the fixed parameters, then the variadic ones, packed
	// into a new slice of the variadic parameter's type.
	s, _ := in.(sliceV)
	n := sig.Params().Len()
	if sig.Variadic() {
		n--
	}
	if s.len < n {
		panic(reflectPanic("reflect: Call with too few input arguments"))
	}
	if !sig.Variadic() && s.len > n {
		panic(reflectPanic("reflect: Call with too many input arguments"))
	}
	avs := make([]*rvalue, s.len)
	for i := range s.len {
		avs[i] = valueOf(ev.load(&s.base[s.off+i]))
		if avs[i].t == nil {
			panic(reflectPanic("reflect: Call using zero Value argument"))
		}
	}
	// arg is the argument av passed as a parameter of type pt.
	arg := func(av *rvalue, pt types.Type) value {
		if _, isIface := pt.Underlying().(*types.Interface); isIface && !types.IsInterface(av.t) {
			return iface{t: av.t, v: copyVal(av.v)}
		}
		return copyVal(av.v)
	}
	args := make([]value, n, n+1)
	for i := range n {
		pt := sig.Params().At(i).Type()
		if !types.AssignableTo(avs[i].t, pt) {
			panic(reflectPanic("reflect: Call using " + reflectString(avs[i].t) + " as type " + reflectString(pt)))
		}
		args[i] = arg(avs[i], pt)
	}
	if sig.Variadic() {
		et := sig.Params().At(n).Type().Underlying().(*types.Slice).Elem()
		elems := make([]value, s.len-n)
		for i := range elems {
			av := avs[n+i]
			if !types.AssignableTo(av.t, et) {
				panic(reflectPanic("reflect: cannot use " + reflectString(av.t) + " as type " + reflectString(et) + " in Call"))
			}
			elems[i] = arg(av, et)
		}
		ev.bornSlice(elems)
		args = append(args, sliceV{base: elems, len: len(elems), cap: len(elems)})
	}
	res := ev.fr.callFunc(cl.fn, cl.env, args, nil)
	n = sig.Results().Len()
	outs := make([]value, n)
	for i := range outs {
		v := res
		if n > 1 {
			v = res.(tuple)[i]
		}
		outs[i] = native{v: &rvalue{t: sig.Results().At(i).Type(), v: v}}
	}
	ev.bornSlice(outs)
	return sliceV{base: outs, len: n, cap: n}
}

// boundProvenance marks the synthetic functions of the method values
// reflect.Value.Method and MethodByName make.
const boundProvenance = "reflect.Value.Method"

// isBoundMethod reports whether fn is the synthetic function of a method
// value made by reflect.Value.Method or MethodByName.
func isBoundMethod(fn *ssa.Function) bool {
	return fn.Synthetic == boundProvenance && fn.Blocks == nil && fn.Pkg == nil
}

// valueMethods evaluates reflect.Value's NumMethod, Method and
// MethodByName on r: the exported methods of r's type, sorted by name.
func (ev *evaluator) valueMethods(r *rvalue, m string, args []value) value {
	if types.IsInterface(r.t) {
		ev.fail("reflect.Value.%s on a Value of the interface type %s is not supported during staging", m, reflectString(r.t))
	}
	ms := ev.exportedMethods(r.t)
	switch m {
	case "NumMethod":
		return len(ms)
	case "Method":
		i := args[0].(int)
		if i < 0 || i >= len(ms) {
			panic(reflectPanic("reflect: Method index out of range"))
		}
		return ev.boundMethod(r, ms[i])
	}
	for _, sel := range ms {
		if sel.Obj().Name() == args[0].(string) {
			return ev.boundMethod(r, sel)
		}
	}
	return native{v: &rvalue{}}
}

// boundMethod returns the Value of the method sel bound to r's value: a
// closure of a synthetic function of the method's signature whose
// environment is the receiver and the method (callBoundMethod).
func (ev *evaluator) boundMethod(r *rvalue, sel *types.Selection) value {
	if r.ro {
		ev.fail("reflect.Value.Method of a Value obtained from an unexported field is not supported during staging")
	}
	if _, ptr := r.t.Underlying().(*types.Pointer); r.cell != nil && !ptr {
		// reflect's method Value reads the variable when it is called.
		ev.fail("reflect.Value.Method of an addressable Value of the non-pointer type %s is not supported during staging", reflectString(r.t))
	}
	fn := ev.l.prog.MethodValue(sel)
	if fn == nil {
		ev.fail("reflect: the method %s of %s has no body to call", sel.Obj().Name(), reflectString(r.t))
	}
	sig := sel.Type().(*types.Signature)
	ft := types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
	stub := ev.l.prog.NewFunction("methodValueStub", ft, boundProvenance)
	return native{v: &rvalue{t: ft, v: &closure{fn: stub, env: []value{copyVal(r.v), ev.funcValue(fn)}}}}
}

// callBoundMethod calls the method value made by boundMethod whose
// environment is env.
func (fr *frame) callBoundMethod(env, args []value) value {
	m := env[1].(*closure)
	return fr.callFunc(m.fn, m.env, append([]value{copyVal(env[0])}, args...), nil)
}
