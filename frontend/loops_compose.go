package frontend

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the smart constructors of the collection functions
// (the compiler tutorial's eager rewrites, before fusion and the delayed
// lowering): a collection function over the slice a Fill or a Map
// collected runs over what that Fill or Map ran over, with the functions
// composed: Map(Map(xs, f), g) is one loop over xs applying g after f,
// Sum(Fill(n, f)) a loop of n turns summing f(i), with no slice
// collected. The producer's loop stays only if something else uses its
// slice (dead code otherwise). The rewrite applies when the producer has
// no effect (its functions cannot panic, print or write) and nothing was
// written since it was built, staged or static (the slice it read is
// the same, and so are the static variables its functions may read:
// they run again). The
// length of a Map's result is its source's: ir.Builder.Len.

// producer is a Fill or a Map whose result can be composed with: n is a
// Fill's length (src is then unused) or src a Map's source; fns are the
// functions applied in order to the index or the element, els the
// layouts of their results, names the collection functions they were
// given to.
type producer struct {
	n      *rep
	src    loopSrc
	fns    []value
	els    []elemLayout
	names  []string
	writes int // ev.writes when it was built
	stores int // ev.stores when it was built
}

// producerKey returns the symbol a producer of the slice xs is recorded
// under: the slice's (a staged slice of structs': its first leaf's).
func producerKey(xs value) (ir.Sym, bool) {
	var e ir.Exp
	switch x := xs.(type) {
	case *rep:
		e = x.e
	case structure:
		e = leafExp(x[0])
	default:
		return 0, false
	}
	if !e.IsSym() {
		return 0, false
	}
	return e.Sym(), true
}

// composable returns the producer of xs, a collection function's slice,
// if the collection function can run over the producer's source instead.
func (ev *evaluator) composable(xs value) *producer {
	k, ok := producerKey(xs)
	if !ok {
		return nil
	}
	p := ev.producers[k]
	if p == nil || p.writes != ev.writes || p.stores != ev.stores {
		return nil
	}
	return p
}

// recordProducer records the result res of a Fill (n) or a Map (over
// src), whose loop is loop, applying f, of layout el; over a composed
// source (via), the functions compose.
func (ev *evaluator) recordProducer(res value, loop ir.Exp, name string, n *rep, src loopSrc, via *producer, f value, el elemLayout) {
	k, ok := producerKey(res)
	if !ok || !loop.IsSym() {
		return
	}
	if d := ev.b.Graph().Def(loop.Sym()); d == nil || d.Eff != nil && len(d.Eff.Wkeys) > 0 {
		return
	}
	p := &producer{n: n, src: src, fns: []value{f}, els: []elemLayout{el}, names: []string{name}, writes: ev.writes, stores: ev.stores}
	if via != nil {
		p.n, p.src = via.n, via.src
		p.fns = append(append([]value(nil), via.fns...), f)
		p.els = append(append([]elemLayout(nil), via.els...), el)
		p.names = append(append([]string(nil), via.names...), name)
	}
	if ev.producers == nil {
		ev.producers = map[ir.Sym]*producer{}
	}
	ev.producers[k] = p
}

// overProducer builds a loop over the source of producer p: body gets the
// loop and the element p would have collected.
func (fr *frame) overProducer(p *producer, gens []ir.LoopGen, body func(l ir.Sym, x value)) ir.Exp {
	ev := fr.ev
	apply := func(l ir.Sym, x value) {
		for i, f := range p.fns {
			leaves := ev.liftLeaves(p.els[i], fr.invoke(p.names[i], f, true, x), "the result of the function given to stage."+p.names[i])
			vs := make([]value, len(leaves))
			for k, e := range leaves {
				vs[k] = &rep{e: e, why: &why{pos: ev.whyPos(ev.pos), what: "an element of the result of stage." + p.names[i]}}
			}
			x = p.els[i].value(vs)
		}
		body(l, x)
	}
	if p.n != nil {
		ev.at()
		return ev.b.Loop(p.n.e, nil, gens, func(l ir.Sym, in []ir.Exp) {
			apply(l, &rep{e: in[0], why: &why{pos: ev.whyPos(ev.pos), what: "the index of stage.Fill"}})
		})
	}
	return fr.over(p.src, gens, apply)
}
