package frontend

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file makes staged functions values of the generated code, so that
// a staged function may return one (currying): a result of a staged
// function whose type is a function of Reps is a graph value of a
// function type, the λ of the stage.Fun value the body returns, which may
// capture the enclosing λ's parameters (the Go output is a closure). A
// call of such a value, a Rep, is an application of it.

// funcType returns the graph type of a Go function type whose
// parameters and results are Reps (stage types or slices of them), or
// nil.
func funcType(t types.Type) *ir.Type {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Variadic() || sig.Recv() != nil {
		return nil
	}
	var ps, rs []*ir.Type
	for i := range sig.Params().Len() {
		pt := sig.Params().At(i).Type()
		if !isRepType(pt) {
			return nil
		}
		ps = append(ps, irTypeOf(pt))
	}
	for i := range sig.Results().Len() {
		rt := irTypeOf(sig.Results().At(i).Type())
		if rt == nil {
			if rt = funcType(sig.Results().At(i).Type()); rt == nil {
				return nil
			}
		}
		rs = append(rs, rt)
	}
	return ir.FuncOf(ps, rs)
}

// funValue returns the λ of the staged function f, every parameter
// dynamic, as a value of function type t.
func (ev *evaluator) funValue(f *stagedFn, t *ir.Type) ir.Exp {
	cl, ok := f.f.(*closure)
	if !ok || cl == nil {
		panic("BUG: a staged function value without a closure")
	}
	sig := cl.fn.Signature
	if sig.Params().Len() != len(t.Params) {
		panic("BUG: staged function value of another arity")
	}
	for i := range sig.Params().Len() {
		if !isRepType(sig.Params().At(i).Type()) {
			ev.fail("staged function %s is used as a value of the generated code: its parameters must then all be stage types or slices of them, and %s is a %s",
				f.name, paramWhat(sig, i, sig.Params().At(i)), typeString(sig.Params().At(i).Type()))
		}
	}
	args := make([]value, sig.Params().Len())
	var key strings.Builder
	inst := fmt.Sprintf("%p", cl)
	fmt.Fprintf(&key, "%p|%s|", cl.fn, inst)
	fs := ev.funSigOf(cl.fn, args, &key)
	k := key.String()
	for _, e := range ev.lamList[k] {
		if e.building {
			return e.fwd
		}
		if e.valid() {
			return e.lam
		}
	}
	ent := ev.fr.buildLambda(cl.fn, cl.env, args, fs, k)
	return ent.lam
}

// applyValue calls r, a Rep of function type, with args.
func (fr *frame) applyValue(r *rep, args []value) value {
	ev := fr.ev
	ft := ev.b.Graph().TypeOf(r.e)
	if ft.Kind != ir.KFunc || len(ft.Params) != len(args) {
		ev.fail("the function to call must be static, but %s", ev.whyRep(r))
	}
	exps := make([]ir.Exp, len(args))
	for i, a := range args {
		exps[i] = ev.liftTo(a, ft.Params[i], "an argument of a staged function value")
	}
	ev.at()
	res := ev.b.Apply(r.e, exps...)
	ev.writes++
	w := &why{pos: ev.whyPos(ev.pos), what: "the result of a staged function value", from: r.why}
	switch len(ft.Results) {
	case 0:
		return nil
	case 1:
		return &rep{e: res, why: w}
	}
	out := make(tuple, len(ft.Results))
	for i := range out {
		out[i] = &rep{e: ev.b.Proj(res, i), why: w}
	}
	return out
}
