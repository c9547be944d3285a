package frontend

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// This file stages the collection API of package stage (stage/loops.go:
// Fill, Map, Filter, FlatMap, Reduce, Sum, GroupBy) as loop nodes with
// generators (ir/loop.go). A call whose length is static (a static n, a
// static slice) runs the Go implementation, as any loop with a static bound
// does. A call over a Rep length builds one loop node; the functions given
// to it are static Go functions, evaluated once, during staging, on the
// symbolic index or element of the loop's body (so they are specialized
// to it, as an inlined call is). Fusion and lowering are later phases
// (loopPhases).

// loopFuncs are the collection functions, by name.
var loopFuncs = map[string]bool{"Fill": true, "Map": true, "Filter": true, "FlatMap": true,
	"Reduce": true, "Sum": true, "GroupBy": true}

// loopCall evaluates a call of the collection function name.
func (fr *frame) loopCall(name string, fn *ssa.Function, args []value) value {
	ev := fr.ev
	dynamic := false
	if name == "Fill" {
		dynamic = isRep(args[0])
	} else if r, ok := args[0].(*rep); ok && ev.b.Graph().TypeOf(r.e).Kind == ir.KSlice {
		dynamic = true
	}
	if !dynamic {
		return fr.inline(fn, nil, args)
	}
	ta := fn.TypeArgs()
	elems := make([]*ir.Type, len(ta))
	for i, t := range ta {
		elems[i] = irBasic(t)
		if elems[i] == nil {
			ev.fail("stage.%s over a Rep length with %s elements: the elements, keys and values must be stage types (structs of Reps are not supported yet)", name, typeString(t))
		}
	}
	what := "the result of stage." + name
	ev.at()
	if name == "Fill" {
		n := args[0].(*rep)
		f := args[1]
		loop := ev.b.Loop(n.e, nil, []ir.LoopGen{{Kind: ir.Collect, Elem: elems[0]}}, func(l ir.Sym, in []ir.Exp) {
			i := &rep{e: in[0], why: &why{pos: ev.position(ev.pos), what: "the index of stage.Fill"}}
			ev.b.Yield(l, 0, fr.applyLifted(name, f, elems[0], i))
		})
		return ev.newRep(loop, what, n)
	}
	xs := args[0].(*rep)
	elemWhy := &why{pos: ev.position(ev.pos), what: "an element of the slice given to stage." + name, from: xs.why}
	over := func(gens []ir.LoopGen, body func(l ir.Sym, x *rep)) ir.Exp {
		ev.at()
		return ev.b.Loop(ev.b.Len(xs.e), &xs.e, gens, func(l ir.Sym, in []ir.Exp) {
			body(l, &rep{e: in[1], why: elemWhy})
		})
	}
	combine := func(op value, t *ir.Type) func(acc, x ir.Exp) ir.Exp {
		return func(acc, x ir.Exp) ir.Exp {
			return fr.applyLifted(name, op, t, &rep{e: acc, why: elemWhy}, &rep{e: x, why: elemWhy})
		}
	}
	switch name {
	case "Map":
		loop := over([]ir.LoopGen{{Kind: ir.Collect, Elem: elems[1]}}, func(l ir.Sym, x *rep) {
			ev.b.Yield(l, 0, fr.applyLifted(name, args[1], elems[1], x))
		})
		return ev.newRep(loop, what, xs)
	case "Filter":
		loop := over([]ir.LoopGen{{Kind: ir.Collect, Elem: elems[0]}}, func(l ir.Sym, x *rep) {
			keep := fr.applyLifted(name, args[1], ir.Bool, x)
			ev.at()
			ev.b.If(keep, ir.Void, func() ir.Exp {
				ev.b.Yield(l, 0, x.e)
				return ev.b.Unit()
			}, ev.b.Unit)
		})
		return ev.newRep(loop, what, xs)
	case "FlatMap":
		loop := over([]ir.LoopGen{{Kind: ir.Collect, Elem: elems[1]}}, func(l ir.Sym, x *rep) {
			switch w := fr.apply(name, args[1], x).(type) {
			case *rep:
				ev.at()
				ev.b.Loop(ev.b.Len(w.e), &w.e, nil, func(_ ir.Sym, in []ir.Exp) {
					ev.b.Yield(l, 0, in[1])
				})
			case sliceV:
				// A slice of static length: its elements are yielded in
				// sequence, with no loop (the tutorial's fixed-size array).
				for i := range w.len {
					v := ev.load(&w.base[w.off+i])
					ev.at()
					ev.b.Yield(l, 0, ev.liftTo(v, elems[1], "an element of the slice returned by the function given to stage.FlatMap"))
				}
			default:
				ev.fail("stage.FlatMap: the function given to it returned %s, not a slice", describe(w))
			}
		})
		return ev.newRep(loop, what, xs)
	case "Reduce":
		zero := ev.liftTo(args[1], elems[0], "the initial value given to stage.Reduce")
		loop := over([]ir.LoopGen{{Kind: ir.Reduce, Elem: elems[0], Zero: zero, Combine: combine(args[2], elems[0])}}, func(l ir.Sym, x *rep) {
			ev.b.Yield(l, 0, x.e)
		})
		return ev.newRep(loop, what, xs)
	case "Sum":
		t := elems[0]
		if !t.IsNumeric() {
			panic("BUG: stage.Sum of " + t.String())
		}
		add := func(acc, x ir.Exp) ir.Exp { return ev.b.Binary(ir.OpAdd, acc, x) }
		loop := over([]ir.LoopGen{{Kind: ir.Reduce, Elem: t, Zero: ev.b.Const(t, zeroOf(t)), Combine: add}}, func(l ir.Sym, x *rep) {
			ev.b.Yield(l, 0, x.e)
		})
		return ev.newRep(loop, what, xs)
	case "GroupBy":
		kt, vt := elems[1], elems[2]
		loop := over([]ir.LoopGen{{Kind: ir.Bucket, Key: kt, Elem: vt, Combine: combine(args[3], vt)}}, func(l ir.Sym, x *rep) {
			k := fr.applyLifted(name, args[1], kt, x)
			v := fr.applyLifted(name, args[2], vt, x)
			ev.at()
			ev.b.Yield(l, 0, k, v)
		})
		return tuple{ev.newRep(ev.b.LoopResult(loop, 0), "the keys of stage.GroupBy", xs),
			ev.newRep(ev.b.LoopResult(loop, 1), "the values of stage.GroupBy", xs)}
	}
	panic("BUG: no staging of stage." + name)
}

// applyLifted calls the static function f (given to stage.name) on args
// and returns its result as an expression of type t.
func (fr *frame) applyLifted(name string, f value, t *ir.Type, args ...value) ir.Exp {
	return fr.ev.liftTo(fr.apply(name, f, args...), t, "the result of the function given to stage."+name)
}

// apply calls the static function f (given to stage.name) inside the body
// of a loop node being built. It runs in a region of its own, as the body
// of a staged function does: assigning a variable of the enclosing code
// there is an error, since the function runs once during staging but once
// per element in the generated code.
func (fr *frame) apply(name string, f value, args ...value) value {
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
	r := ev.pushRegion(rLambda)
	r.lam = &lamEntry{}
	pos := ev.pos
	var ret value
	div := false
	stopped := ev.catchRestart(r, func() {
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
		ret = fr.callFunc(fn, env, args, nil)
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

// loopPhases runs the graph phases of loop nodes, in order, on a graph
// that has any (others are returned unchanged): fusion (sched.FuseLoops),
// then lowering into staged while loops (sched.LowerLoops). It runs after
// the frontend has built the graph and before ir.DCE.
func loopPhases(g *ir.Graph) *ir.Graph {
	if !sched.HasLoops(g) {
		return g
	}
	return sched.LowerLoops(sched.FuseLoops(g))
}
