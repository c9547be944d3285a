package frontend

import (
	"fmt"
	"go/types"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the elements of the collection functions (loops.go):
// a stage type, or a struct of Reps. A struct element is held in a loop
// as its leaves (stage types, depth first), each with a generator of its
// own, and a slice of them is the staged slice of structs of soa.go: one
// slice per leaf, all of one length. A Fill, Map, Filter or FlatMap to
// structs yields each leaf to its own Collect, one after the other; a
// loop over a slice of structs runs over its first leaf and reads the
// others at its index (in range: they have the first's length). A Reduce
// whose accumulator is a struct, and a GroupBy whose values are structs,
// combine whole structs, which per-leaf generators cannot: their loop
// updates staged variables, one per leaf (and, for GroupBy, the index of
// the keys, as the lowering of a Bucket does).

// elemLayout is how values of the type argument t of a collection
// function are held in a loop: leaves has one graph type for a stage
// type, one per leaf for a struct of Reps (split).
type elemLayout struct {
	t      types.Type
	leaves []*ir.Type
	split  bool
}

// loopLayout returns the layout of t, or a message saying why values of
// t cannot be the elements of a loop.
func loopLayout(t types.Type) (elemLayout, string) {
	if b := irBasic(t); b != nil {
		return elemLayout{t: t, leaves: []*ir.Type{b}}, ""
	}
	if !isStruct(t) {
		return elemLayout{}, typeString(t) + " is neither a stage type nor a struct of Reps"
	}
	leaves, msg := soaLayout(t)
	if msg != "" {
		return elemLayout{}, msg
	}
	return elemLayout{t: t, leaves: leaves, split: true}, ""
}

// collects returns one Collect generator per leaf.
func (el elemLayout) collects() []ir.LoopGen {
	gens := make([]ir.LoopGen, len(el.leaves))
	for k, t := range el.leaves {
		gens[k] = ir.LoopGen{Kind: ir.Collect, Elem: t}
	}
	return gens
}

// value returns the value of type el.t whose leaves are leaves.
func (el elemLayout) value(leaves []value) value {
	if !el.split {
		return leaves[0]
	}
	v, rest := unflatten(el.t, leaves)
	if len(rest) != 0 {
		panic(fmt.Sprintf("BUG: %d leaves left over building a %s", len(rest), typeString(el.t)))
	}
	return v
}

// unflatten builds a struct value of type t from the first of leaves
// (depth first) and returns the rest.
func unflatten(t types.Type, leaves []value) (structure, []value) {
	st := t.Underlying().(*types.Struct)
	v := make(structure, st.NumFields())
	for f := range v {
		if ft := st.Field(f).Type(); isStruct(ft) {
			v[f], leaves = unflatten(ft, leaves)
			continue
		}
		v[f], leaves = leaves[0], leaves[1:]
	}
	return v, leaves
}

// liftLeaves returns the leaves of v, a value of type el.t, as graph
// expressions.
func (ev *evaluator) liftLeaves(el elemLayout, v value, what string) []ir.Exp {
	if !el.split {
		return []ir.Exp{ev.liftTo(v, el.leaves[0], what)}
	}
	if _, ok := v.(structure); !ok {
		ev.fail("%s is %s, not a struct of Reps", what, describe(v))
	}
	flat := flattenStruct(v, nil)
	if len(flat) != len(el.leaves) {
		panic(fmt.Sprintf("BUG: a %s with %d leaves, want %d", typeString(el.t), len(flat), len(el.leaves)))
	}
	out := make([]ir.Exp, len(flat))
	for k, x := range flat {
		out[k] = ev.liftTo(x, el.leaves[k], what)
	}
	return out
}

// yieldLeaves yields the leaves of v to generators gen, gen+1, ... of
// loop l. They are yielded last leaf first: when a loop over the
// collected slice of structs (which runs over its first leaf) is fused
// into l, the other leaves it reads at its index are the values just
// yielded to their generators (sched/loops_fuse_siblings.go).
func (ev *evaluator) yieldLeaves(l ir.Sym, gen int, el elemLayout, v value, what string) {
	leaves := ev.liftLeaves(el, v, what)
	for k := len(leaves) - 1; k >= 0; k-- {
		ev.b.Yield(l, gen+k, leaves[k])
	}
}

// collected returns the slice that generators gen, gen+1, ... of loop
// collect: a slice of the generated code, or a staged slice of structs.
func (ev *evaluator) collected(loop ir.Exp, gen int, el elemLayout, what string, from value) value {
	if !el.split {
		return ev.newRep(ev.b.LoopResult(loop, gen), what, from)
	}
	s := make(structure, len(el.leaves))
	for k := range s {
		s[k] = ev.newRep(ev.b.LoopResult(loop, gen+k), what, from)
	}
	return s
}

// loopSrc is the slice a collection function runs over: one slice of the
// generated code, or the leaves of a staged slice of structs.
type loopSrc struct {
	el     elemLayout
	slices []ir.Exp
	from   value
	why    *why // of its elements

	// via, if not nil, is the Fill or Map that collected the slice: a
	// loop over it runs over via's source instead (loops_compose.go).
	via *producer
}

// newLoopSrc returns xs, a Rep slice or a staged slice of structs of
// el.t, as the source of a loop.
func (ev *evaluator) newLoopSrc(el elemLayout, xs value, name string) loopSrc {
	src := loopSrc{el: el, from: xs}
	var from *why
	switch x := xs.(type) {
	case *rep:
		src.slices, from = []ir.Exp{x.e}, x.why
	case structure:
		for _, leaf := range x {
			src.slices = append(src.slices, leafExp(leaf))
		}
		from = x[0].(*rep).why
	default:
		panic(fmt.Sprintf("BUG: stage.%s over a %T", name, xs))
	}
	if len(src.slices) != len(el.leaves) {
		panic(fmt.Sprintf("BUG: stage.%s over %d slices for %d leaves", name, len(src.slices), len(el.leaves)))
	}
	src.why = &why{pos: ev.whyPos(ev.pos), what: "an element of the slice given to stage." + name, from: from}
	return src
}

// over builds a loop over src: body gets the loop and the element.
func (fr *frame) over(src loopSrc, gens []ir.LoopGen, body func(l ir.Sym, x value)) ir.Exp {
	if src.via != nil {
		return fr.overProducer(src.via, gens, body)
	}
	ev := fr.ev
	ev.at()
	return ev.b.Loop(ev.b.Len(src.slices[0]), &src.slices[0], gens, func(l ir.Sym, in []ir.Exp) {
		leaves := []value{&rep{e: in[1], why: src.why}}
		for _, s := range src.slices[1:] {
			ev.at()
			leaves = append(leaves, &rep{e: ev.b.IndexInRange(s, in[0]), why: src.why})
		}
		body(l, src.el.value(leaves))
	})
}

// flatMapYield yields the elements of w, the slice the function given to
// stage.FlatMap returned, to generators gen, ... of loop l: a loop over a
// slice of dynamic length, none over one of static length (the
// tutorial's fixed-size array).
func (fr *frame) flatMapYield(l ir.Sym, gen int, el elemLayout, w value) {
	ev := fr.ev
	what := "an element of the slice returned by the function given to stage.FlatMap"
	switch w := w.(type) {
	case *rep, structure:
		inner := ev.newLoopSrc(el, w, "FlatMap")
		fr.over(inner, nil, func(_ ir.Sym, x value) {
			ev.yieldLeaves(l, gen, el, x, what)
		})
	case sliceV:
		for i := range w.len {
			ev.at()
			ev.yieldLeaves(l, gen, el, ev.load(&w.base[w.off+i]), what)
		}
	default:
		ev.fail("stage.FlatMap: the function given to it returned %s, not a slice", describe(w))
	}
}

// newVars returns a staged variable per leaf, initialized to init.
func (ev *evaluator) newVars(init []ir.Exp) []ir.Exp {
	ev.at()
	vs := make([]ir.Exp, len(init))
	for k, x := range init {
		vs[k] = ev.b.NewVar(x)
	}
	return vs
}

// readVars returns the value of type el.t held in the variables vs.
func (ev *evaluator) readVars(el elemLayout, vs []ir.Exp, what string, from value) value {
	ev.at()
	leaves := make([]value, len(vs))
	for k, v := range vs {
		leaves[k] = ev.newRep(ev.b.ReadVar(v), what, from)
	}
	return el.value(leaves)
}

// reduceStruct stages stage.Reduce(xs, zero, op) with a struct
// accumulator: a loop over src that folds into one variable per leaf.
func (fr *frame) reduceStruct(src loopSrc, zero, op value) value {
	ev := fr.ev
	el := src.el
	acc := ev.newVars(ev.liftLeaves(el, zero, "the initial value given to stage.Reduce"))
	fr.over(src, nil, func(_ ir.Sym, x value) {
		r := fr.invoke("Reduce", op, true, ev.readVars(el, acc, "the accumulator of stage.Reduce", src.from), x)
		leaves := ev.liftLeaves(el, r, "the result of the function given to stage.Reduce")
		ev.at()
		for k, v := range acc {
			ev.b.WriteVar(v, leaves[k])
		}
	})
	ev.writes++
	return ev.readVars(el, acc, "the result of stage.Reduce", src.from)
}

// groupStruct stages stage.GroupBy(xs, key, val, op) whose values are
// structs (vl): a loop over src that finds the slot of each key in an
// index of the keys (as the lowering of a Bucket does, sched/loops_lower.go)
// and folds the value into the values' slices at it, one per leaf, or
// appends the new key and its value. A found key's slot is in range of
// every slice of values: they have the keys' length.
func (fr *frame) groupStruct(src loopSrc, kt *ir.Type, vl elemLayout, key, val, op value) value {
	ev := fr.ev
	ev.at()
	zero := ev.b.Const(ir.Int, 0)
	keys := ev.b.NewVar(ev.b.MakeSlice(kt, zero, zero))
	ix := ev.b.NewIndex(kt)
	init := make([]ir.Exp, len(vl.leaves))
	for m, t := range vl.leaves {
		init[m] = ev.b.MakeSlice(t, zero, zero)
	}
	vals := ev.newVars(init)
	fr.over(src, nil, func(_ ir.Sym, x value) {
		k := fr.applyLifted("GroupBy", key, kt, x)
		v := fr.invoke("GroupBy", val, true, x)
		ev.at()
		ks := ev.b.ReadVar(keys)
		j := ev.b.IndexSlot(ix, k)
		ev.b.If(ev.b.Compare(ir.OpLt, j, ev.b.Len(ks)), ir.Void, func() ir.Exp {
			ev.at()
			acc := make([]value, len(vals))
			for m, vs := range vals {
				acc[m] = ev.newRep(ev.b.IndexInRange(ev.b.ReadVar(vs), j), "the value of a group of stage.GroupBy", src.from)
			}
			r := fr.invoke("GroupBy", op, true, vl.value(acc), v)
			leaves := ev.liftLeaves(vl, r, "the result of the function given to stage.GroupBy")
			ev.at()
			for m, vs := range vals {
				ev.b.SetIndexInRange(ev.b.ReadVar(vs), j, leaves[m])
			}
			return ev.b.Unit()
		}, func() ir.Exp {
			leaves := ev.liftLeaves(vl, v, "the result of the function given to stage.GroupBy")
			ev.at()
			ev.b.WriteVar(keys, ev.b.Append(ks, k))
			for m, vs := range vals {
				ev.b.WriteVar(vs, ev.b.Append(ev.b.ReadVar(vs), leaves[m]))
			}
			return ev.b.Unit()
		})
	})
	ev.writes++
	ev.at()
	vs := make(structure, len(vals))
	for m, v := range vals {
		vs[m] = ev.newRep(ev.b.ReadVar(v), "the values of stage.GroupBy", src.from)
	}
	return tuple{ev.newRep(ev.b.ReadVar(keys), "the keys of stage.GroupBy", src.from), vs}
}
