package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages the collection API of package stage (stage/loops.go:
// Fill, Map, Filter, FlatMap, Reduce, Sum, GroupBy) as loop nodes with
// generators (ir/loop.go). A call over a slice of static length runs as
// the Go implementation does, element by element, with the functions
// called as ordinary calls (the loop unrolls), unless a decision depends
// on a Rep (a Filter's keep, a GroupBy's key): then the slice becomes a
// slice of the generated code. A call over a Rep length (a dynamic slice,
// or Fill's n, which is always a Rep) builds one loop node; the functions
// given to it are static Go functions, evaluated once, during staging, on
// the symbolic index or element of the loop's body (so they are
// specialized to it, as an inlined call is). Fusion and lowering are
// later phases (loopPhases).

// loopFuncs are the collection functions, by name.
var loopFuncs = map[string]bool{"Fill": true, "Map": true, "Filter": true, "FlatMap": true,
	"Reduce": true, "Sum": true, "GroupBy": true}

// loopCall evaluates a call of the collection function name.
func (fr *frame) loopCall(name string, fn *ssa.Function, args []value) value {
	ev := fr.ev
	ta := fn.TypeArgs()
	dynamic := false
	switch x := args[0].(type) {
	case *rep:
		dynamic = name == "Fill" || ev.b.Graph().TypeOf(x.e).Kind == ir.KSlice
	case structure:
		dynamic = name != "Fill" && isSoA(x, types.NewSlice(ta[0]))
	}
	if xs, ok := args[0].(sliceV); ok && name != "Fill" {
		if v, ok := fr.loopStatic(name, ta, xs, args[1:]); ok {
			return v
		}
		// The function made a decision on a Rep (a Filter, a group's
		// key): the static slice becomes a slice of the generated code.
		args[0] = fr.liftStatic(name, ta[0], xs)
		dynamic = true
	}
	if !dynamic {
		ev.fail("stage.%s needs a slice (or, for Fill, a length), not %s", name, describe(args[0]))
	}
	els := make([]elemLayout, len(ta))
	for i, t := range ta {
		el, msg := loopLayout(t)
		if name == "GroupBy" && i == 1 && (el.split || msg != "") {
			ev.fail("stage.GroupBy with %s keys over a Rep length: the keys must be stage types", typeString(t))
		}
		if msg != "" {
			ev.fail("stage.%s over a Rep length with %s elements: the elements and values must be stage types or structs of Reps (%s)", name, typeString(t), msg)
		}
		els[i] = el
	}
	return fr.loopNode(name, args, els)
}

// liftStatic returns the static slice xs of t given to stage.name as a
// slice of the generated code (a staged slice of structs if t is a
// struct).
func (fr *frame) liftStatic(name string, t types.Type, xs sliceV) value {
	ev := fr.ev
	why := &why{pos: ev.whyPos(ev.pos), what: "a static slice given to stage." + name + " with a Rep decision"}
	if isStruct(t) {
		if m, ok := ev.soaMaterialized(xs); ok {
			return m
		}
		if s := ev.soaTable(xs, t); s != nil {
			return s
		}
	}
	et := irBasic(t)
	if et == nil {
		ev.fail("stage.%s of a static slice of %s decides on a Rep: the elements must be stage types or structs of Reps to become a slice of the generated code", name, typeString(t))
	}
	return &rep{e: ev.liftTo(xs, ir.SliceOf(et), "the slice given to stage."+name), why: why}
}

// loopNode builds the loop node of a call of the collection function name
// over a Rep length (args[0] is Fill's length, a Rep slice, or a staged
// slice of structs); els are the layouts of the call's type arguments.
func (fr *frame) loopNode(name string, args []value, els []elemLayout) value {
	ev := fr.ev
	what := "the result of stage." + name
	ev.at()
	if name == "Fill" {
		n := args[0].(*rep)
		f := args[1]
		loop := ev.b.Loop(n.e, nil, els[0].collects(), func(l ir.Sym, in []ir.Exp) {
			i := &rep{e: in[0], why: &why{pos: ev.whyPos(ev.pos), what: "the index of stage.Fill"}}
			ev.yieldLeaves(l, 0, els[0], fr.invoke(name, f, true, i), "the result of the function given to stage."+name)
		})
		res := ev.collected(loop, 0, els[0], what, n)
		ev.recordProducer(res, loop, name, n, loopSrc{}, nil, f, els[0])
		return res
	}
	src := ev.newLoopSrc(els[0], args[0], name)
	src.via = ev.composable(args[0])
	combine := func(op value, t *ir.Type) func(acc, x ir.Exp) ir.Exp {
		return func(acc, x ir.Exp) ir.Exp {
			return fr.applyLifted(name, op, t, &rep{e: acc, why: src.why}, &rep{e: x, why: src.why})
		}
	}
	switch name {
	case "Map":
		loop := fr.over(src, els[1].collects(), func(l ir.Sym, x value) {
			ev.yieldLeaves(l, 0, els[1], fr.invoke(name, args[1], true, x), "the result of the function given to stage."+name)
		})
		res := ev.collected(loop, 0, els[1], what, src.from)
		ev.recordProducer(res, loop, name, nil, src, src.via, args[1], els[1])
		return res
	case "Filter":
		loop := fr.over(src, els[0].collects(), func(l ir.Sym, x value) {
			keep := fr.applyLifted(name, args[1], ir.Bool, x)
			ev.at()
			ev.b.If(keep, ir.Void, func() ir.Exp {
				ev.yieldLeaves(l, 0, els[0], x, "an element of the slice given to stage.Filter")
				return ev.b.Unit()
			}, ev.b.Unit)
		})
		return ev.collected(loop, 0, els[0], what, src.from)
	case "FlatMap":
		loop := fr.over(src, els[1].collects(), func(l ir.Sym, x value) {
			fr.flatMapYield(l, 0, els[1], fr.invoke(name, args[1], true, x))
		})
		return ev.collected(loop, 0, els[1], what, src.from)
	case "Reduce":
		if els[0].split {
			return fr.reduceStruct(src, args[1], args[2])
		}
		t := els[0].leaves[0]
		zero := ev.liftTo(args[1], t, "the initial value given to stage.Reduce")
		loop := fr.over(src, []ir.LoopGen{{Kind: ir.Reduce, Elem: t, Zero: zero, Combine: combine(args[2], t)}}, func(l ir.Sym, x value) {
			ev.b.Yield(l, 0, x.(*rep).e)
		})
		return ev.newRep(loop, what, src.from)
	case "Sum":
		t := els[0].leaves[0]
		if !t.IsNumeric() || els[0].split {
			panic("BUG: stage.Sum of " + t.String())
		}
		add := func(acc, x ir.Exp) ir.Exp { return ev.b.Binary(ir.OpAdd, acc, x) }
		loop := fr.over(src, []ir.LoopGen{{Kind: ir.Reduce, Elem: t, Zero: ev.b.Const(t, zeroOf(t)), Combine: add}}, func(l ir.Sym, x value) {
			ev.b.Yield(l, 0, x.(*rep).e)
		})
		return ev.newRep(loop, what, src.from)
	case "GroupBy":
		kt := els[1].leaves[0]
		if els[2].split {
			return fr.groupStruct(src, kt, els[2], args[1], args[2], args[3])
		}
		vt := els[2].leaves[0]
		loop := fr.over(src, []ir.LoopGen{{Kind: ir.Bucket, Key: kt, Elem: vt, Combine: combine(args[3], vt)}}, func(l ir.Sym, x value) {
			k := fr.applyLifted(name, args[1], kt, x)
			v := fr.applyLifted(name, args[2], vt, x)
			ev.at()
			ev.b.Yield(l, 0, k, v)
		})
		return tuple{ev.newRep(ev.b.LoopResult(loop, 0), "the keys of stage.GroupBy", src.from),
			ev.newRep(ev.b.LoopResult(loop, 1), "the values of stage.GroupBy", src.from)}
	}
	panic("BUG: no staging of stage." + name)
}

// loopStatic evaluates a collection function over a slice of static
// length during staging, element by element, as the Go implementation
// does: the loop unrolls, and the results are static slices (of Reps,
// where the functions return Reps). It reports false, having built no
// result, if a decision depends on a Rep: a Filter's keep, a GroupBy's
// key, or a FlatMap's slice of dynamic length.
func (fr *frame) loopStatic(name string, ta []types.Type, xs sliceV, fs []value) (value, bool) {
	ev := fr.ev
	elems := make([]value, xs.len)
	for i := range elems {
		elems[i] = ev.load(&xs.base[xs.off+i])
	}
	static := func(vs []value) sliceV {
		base := make([]value, len(vs))
		copy(base, vs)
		ev.bornSlice(base)
		return sliceV{base: base, len: len(base), cap: len(base)}
	}
	var out []value
	switch name {
	case "Map":
		for _, x := range elems {
			out = append(out, fr.invoke(name, fs[0], false, x))
		}
		return static(out), true
	case "Filter":
		for _, x := range elems {
			keep, ok := staticValue(fr.invoke(name, fs[0], false, x))
			if !ok {
				return nil, false
			}
			if keep.(bool) {
				out = append(out, x)
			}
		}
		return static(out), true
	case "FlatMap":
		ws := make([]value, len(elems))
		concat := false
		for i, x := range elems {
			ws[i] = fr.invoke(name, fs[0], false, x)
			switch ws[i].(type) {
			case *rep, structure:
				concat = true
			}
		}
		if concat {
			return fr.concat(ta[1], ws), true
		}
		for _, w := range ws {
			w, ok := w.(sliceV)
			if !ok {
				return nil, false
			}
			for i := range w.len {
				out = append(out, ev.load(&w.base[w.off+i]))
			}
		}
		return static(out), true
	case "Reduce":
		acc := fs[0]
		for _, x := range elems {
			acc = fr.invoke(name, fs[1], false, acc, x)
		}
		return acc, true
	case "Sum":
		acc := ev.zero(ta[0])
		for _, x := range elems {
			acc = ev.binopValues(token.ADD, acc, x, ta[0], ta[0], ta[0])
		}
		return acc, true
	case "GroupBy":
		var keys, vals []value
		var seen []any
		for _, x := range elems {
			kv := fr.invoke(name, fs[0], false, x)
			k, ok := staticValue(kv)
			if !ok {
				return nil, false
			}
			v := fr.invoke(name, fs[1], false, x)
			j := slices.IndexFunc(seen, func(s any) bool { return s == k })
			if j >= 0 {
				vals[j] = fr.invoke(name, fs[2], false, vals[j], v)
				continue
			}
			seen, keys, vals = append(seen, k), append(keys, kv), append(vals, v)
		}
		return tuple{static(keys), static(vals)}, true
	}
	panic("BUG: no static evaluation of stage." + name)
}

// concat stages the concatenation of ws, the slices the function given
// to stage.FlatMap returned for the elements of a static slice, some of
// them of dynamic length: the tutorial's xs ++ ys as
// Array(xs, ys).flatMap(w => w). The fixed-size array needs no loop of
// its own (the tutorial: code generation "can just produce the right
// sequencing of yield operations"): the result is a loop of one turn
// with a Collect, whose body yields the elements of each slice in order,
// a loop over one of dynamic length, the elements one by one of one of
// static length. A consumer fused with it (sched/loops_fuse.go) is
// copied at each of these yields, within the fusion cutoff.
func (fr *frame) concat(u types.Type, ws []value) value {
	ev := fr.ev
	el, msg := loopLayout(u)
	if msg != "" {
		ev.fail("stage.FlatMap of a static slice returning slices of dynamic length with %s elements: the elements must be stage types or structs of Reps (%s)", typeString(u), msg)
	}
	ev.at()
	loop := ev.b.Loop(ev.b.Const(ir.Int, 1), nil, el.collects(), func(l ir.Sym, _ []ir.Exp) {
		for _, w := range ws {
			fr.flatMapYield(l, 0, el, w)
		}
	})
	return ev.collected(loop, 0, el, "the result of stage.FlatMap", nil)
}

// staticValue returns the static Go value of v: v itself if it is
// static, a Rep's constant; false for any other Rep or a composite.
func staticValue(v value) (any, bool) {
	switch x := v.(type) {
	case *rep:
		if c := x.e.Const(); c != nil {
			return c.Val, true
		}
		return nil, false
	case structure, array, sliceV, tuple:
		return nil, false
	}
	return v, true
}

// applyLifted calls the static function f (given to stage.name) on args
// and returns its result as an expression of type t.
func (fr *frame) applyLifted(name string, f value, t *ir.Type, args ...value) ir.Exp {
	return fr.ev.liftTo(fr.invoke(name, f, true, args...), t, "the result of the function given to stage."+name)
}

// invoke calls the static function f given to stage.name. In the body
// of a loop node being built (inLoop), it runs in a region of its own,
// as the body of a staged function does: assigning a variable of the
// enclosing code there is an error, since the function runs once during
// staging but once per element in the generated code. Otherwise it is
// an ordinary call.
func (fr *frame) invoke(name string, f value, inLoop bool, args ...value) value {
	ev := fr.ev
	var fn *ssa.Function
	var env []value
	switch c := f.(type) {
	case *closure:
		if c == nil {
			ev.fail("stage.%s of a nil function", name)
		}
		fn, env = c.fn, c.env
	case *stagedFn:
		cl := c.f.(*closure)
		return fr.stagedCall(cl.fn, cl.env, args, fmt.Sprintf("%p", cl))
	default:
		ev.fail("the function given to stage.%s must be static, but %s", name, ev.whyRep(f))
	}
	if !inLoop {
		return fr.callFunc(fn, env, args, nil)
	}
	r := ev.pushRegion(rLambda)
	r.lam = &lamEntry{}
	pos := ev.pos
	var ret value
	div := false
	stopped := ev.catchRestart(r, func() {
		div = ev.runDiverging(func() { ret = fr.callFunc(fn, env, args, nil) })
	})
	ev.pos = pos
	ev.rollback(r.mark)
	ev.popRegion(r)
	if stopped {
		ev.fail("the function given to stage.%s assigns a variable of the enclosing code: it runs once per element in the generated code, so it must compute its result from its arguments only", name)
	}
	if div {
		ev.fail("the function given to stage.%s always panics", name)
	}
	return ret
}
