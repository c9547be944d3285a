package frontend

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file describes the function of the generated code that a call of a
// staged function applies (its λ). A parameter that receives a Rep (or
// has a stage type) is dynamic; the others are static, part of the key
// the λ is memoized under. A dynamic parameter or a result of a struct
// type of Reps is flattened as a generated function's is (sig.go): the λ
// takes one parameter and returns one result per leaf, and the call
// passes the argument's leaves and rebuilds the struct from the results.
// So the backends only ever see λs of basic values and slices, and no
// generated code names the struct types.

// funSig is the signature of a staged function's λ for one binding-time
// pattern of its arguments.
type funSig struct {
	dyn     []dynParam
	results []ir.GoValue
	// ptypes and rtypes are the graph types of the λ's parameters and
	// results: the leaves of dyn and results, in order.
	ptypes, rtypes []*ir.Type
}

// dynParam is a dynamic parameter of a staged function.
type dynParam struct {
	index int        // among the call's arguments (the receiver first)
	v     ir.GoValue // a leaf or a struct of Reps; Name is the parameter's
}

// paramOf returns the variable of argument i of a call of a function of
// signature sig (the receiver first).
func paramOf(sig *types.Signature, i int) *types.Var {
	if sig.Recv() != nil {
		if i == 0 {
			return sig.Recv()
		}
		i--
	}
	return sig.Params().At(i)
}

// funSigOf describes the λ of staged function fn called with args, and
// writes the part of the λ's memo key that args decide to key. An
// argument or a result that cannot cross the λ's boundary is an error at
// the call.
func (ev *evaluator) funSigOf(fn *ssa.Function, args []value, key *strings.Builder) *funSig {
	sig := fn.Signature
	rules := funRules(fn)
	fs := &funSig{}
	for i, a := range args {
		prm := paramOf(sig, i)
		pt := prm.Type()
		if isRecordType(pt) {
			v, msg := recordValue(pt, rules)
			switch {
			case msg == "":
				v.Name = prm.Name()
				fs.addParam(i, v, key)
				continue
			case hasRep(a, 0):
				ev.fail("%s of staged function %s (type %s) receives a Rep: %s", paramWhat(sig, i, prm), funcName(fn), typeString(pt), msg)
			}
		} else if e, ok := ev.aosExp(a); ok {
			// A []T the caller of the generated function passed: an array
			// of structs, passed as it is (aos.go).
			fs.addParam(i, ir.GoValue{Name: prm.Name(), Type: ev.b.Graph().TypeOf(e)}, key)
			continue
		} else if v, ok := soaGoValue(pt, prm.Name()); ok && isSoA(a, pt) {
			fs.addParam(i, v, key)
			continue
		} else if isRepType(pt) || hasRep(a, 0) {
			it := irTypeOf(pt)
			if it == nil {
				it = opaqueParamType(pt) // an error of the generated code
			}
			if it == nil {
				ev.fail("%s of staged function %s has type %s and receives a Rep: a staged function's dynamic parameters must be basic values, slices of them, or structs of Reps", paramWhat(sig, i, prm), funcName(fn), typeString(pt))
			}
			fs.addParam(i, ir.GoValue{Name: prm.Name(), Type: it}, key)
			continue
		}
		key.WriteString(staticKey(a))
		key.WriteString(",")
	}
	for i := range sig.Results().Len() {
		t := sig.Results().At(i).Type()
		var v ir.GoValue
		if isRecordType(t) {
			var msg string
			if v, msg = recordValue(t, rules); msg != "" {
				ev.fail("staged function %s returns %s: %s", funcName(fn), typeString(t), msg)
			}
		} else if it := irTypeOf(t); it != nil {
			v = ir.GoValue{Type: it}
		} else if at := fs.aosOf(t); at != nil {
			v = ir.GoValue{Type: at} // an array of structs, as a parameter is
		} else if sv, ok := soaGoValue(t, ""); ok {
			v = sv // a staged slice of structs (soa.go)
		} else if ft := funcType(t); ft != nil {
			v = ir.GoValue{Type: ft} // a staged function value (funvalue.go)
		} else if ot := opaqueParamType(t); ot != nil {
			v = ir.GoValue{Type: ot} // an error, a *os.File (opaque.go)
		} else {
			ev.fail("staged function %s returns %s: a staged function's results must be basic values, slices of them, structs of Reps, or functions of Reps", funcName(fn), typeString(t))
		}
		fs.results = append(fs.results, v)
		fs.rtypes = append(fs.rtypes, v.Leaves()...)
	}
	return fs
}

// aosOf returns the graph type of a dynamic parameter of fs that is a
// []T passed as an array of structs (aos.go), if t is that []T: a result
// of type t is then one too (it may be the parameter, or a sub-slice of
// it: the λ returns what it was given, not a copy).
func (fs *funSig) aosOf(t types.Type) *ir.Type {
	et, ok := soaElemType(t)
	if !ok {
		return nil
	}
	n, ok := types.Unalias(et).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	for _, p := range fs.ptypes {
		if isAoS(p) && p.Elem.Named.Path == n.Obj().Pkg().Path() && p.Elem.Named.Name == n.Obj().Name() {
			return p
		}
	}
	return nil
}

func (fs *funSig) addParam(i int, v ir.GoValue, key *strings.Builder) {
	fs.dyn = append(fs.dyn, dynParam{index: i, v: v})
	leaves := v.Leaves()
	fs.ptypes = append(fs.ptypes, leaves...)
	fmt.Fprintf(key, "d:%v,", leaves)
}

// paramWhat names argument i in a message.
func paramWhat(sig *types.Signature, i int, prm *types.Var) string {
	what := "parameter"
	if sig.Recv() != nil && i == 0 {
		what = "receiver"
	}
	if prm.Name() == "" || prm.Name() == "_" {
		return fmt.Sprintf("%s %d", what, i+1)
	}
	return what + " " + prm.Name()
}

// funRules are the rules of a staged function's struct parameters and
// results: the same as a generated function's, with the staged function's
// package in place of the staging function's. The generated code never
// names the struct types (the λ takes and returns leaves), so a type
// declared in a file tagged lmsgen is fine.
func funRules(fn *ssa.Function) structRules {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	var pkg *types.Package
	if fn.Pkg != nil {
		pkg = fn.Pkg.Pkg
	} else if obj, ok := fn.Object().(*types.Func); ok {
		pkg = obj.Pkg()
	}
	return structRules{
		pkg:    pkg,
		tagged: func(*types.TypeName) bool { return false },
		of:     "staged function " + funcName(fn),
		pkgOf:  "the package of " + funcName(fn),
	}
}

// dynArgs lifts the leaves of the dynamic arguments of a call.
func (ev *evaluator) dynArgs(fs *funSig, args []value) []ir.Exp {
	var out []ir.Exp
	for _, p := range fs.dyn {
		out = append(out, ev.flatten(args[p.index], p.v, "an argument of a staged function")...)
	}
	return out
}

// callResult rebuilds the results of a call from res, the value of the
// λ's application: nil for none, a value for one, a tuple for several.
func (ev *evaluator) callResult(fs *funSig, res ir.Exp, w *why) value {
	var leaves []ir.Exp
	switch len(fs.rtypes) {
	case 0:
	case 1:
		leaves = []ir.Exp{res}
	default:
		for i := range fs.rtypes {
			leaves = append(leaves, ev.b.Proj(res, i))
		}
	}
	mk := func(e ir.Exp) value { return &rep{e: e, why: w} }
	vals := make(tuple, len(fs.results))
	for i, r := range fs.results {
		vals[i], leaves = ev.structArg(r, leaves, mk)
	}
	switch len(vals) {
	case 0:
		return nil
	case 1:
		return vals[0]
	}
	return vals
}
