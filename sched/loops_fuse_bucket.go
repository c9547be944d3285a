package sched

import "github.com/lmsgen/lmsgen/ir"

// This file is vertical fusion consuming a Bucket, the tutorial's third
// rule, for the consumers it can apply to here. The tutorial's producer
// is x1=Bucket(Collect) (the groups as collections) and its consumer
// runs a loop per group over the group's elements; the fused loop has
// x2=Bucket(G) yielding (k1(i), f2(f1(i))) by the same key. A GroupBy
// is already that fused form (Bucket(Reduce(op)) yielding val(x) by key),
// and its values are folded: a consumer of the values sees each group's
// fold, which no yield of the producer's body has, so a loop over them
// stays a second loop (Map(vals, g) would need g to distribute over op).
// What a consumer of a Bucket's keys computes for a group depends on
// its key only, which every yield to the Bucket has:
//
//	loop(s) x1=Bucket(G1) { i => E1[x1 <- (k1(i), f1(i))] }
//	loop(x1.keys.size) x2=Collect { j => x2 <- f2(x1.keys(j)) }
//	-----------------------------------------------------------
//	loop(s) x1=Bucket(G1), x2=Bucket(First) { i =>
//	    E1[x1 <- (k1(i), f1(i)); x2 <- (k1(i), f2(k1(i)))] }
//
// where First keeps a group's first value: x2's values are f2 of the
// distinct keys in first-seen order, x1.keys's order. The fused loop is
// built on its own (the producer stays while its results are used) and
// then fused horizontally with the producer, whose Bucket by the same
// key shares its key search when lowered (loops_share.go); f2(k), used
// only when the key is new, is scheduled there, once per group.
//
// The consumer is a Map: one Collect, yielded exactly once per
// iteration, not using its index (the index of a key is not the
// producer's), with no effect (it now runs at the key's first sighting,
// inside the producer's loop); the producer has no effect. A Filter of
// the keys would fuse as well (a yield under its test, which sees the
// key only), but its Bucket's yield is not on the path of the
// producer's, so it would search the key again for every element that
// passes: more work than the second loop over the groups it saves.

// bucketConsumer reports whether consumer c, over result r of loop p,
// runs over the keys of a Bucket of p and can be fused with it; it
// returns the Bucket.
func bucketConsumer(t *Transformer, p, c *ir.Node, r int) (int, bool) {
	l, cl := p.Aux.(*ir.Loop), c.Aux.(*ir.Loop)
	if !effectFree(p) || !effectFree(c) || len(cl.Gens) != 1 || cl.Gens[0].Kind != ir.Collect || !cl.Gens[0].Exact {
		return 0, false
	}
	for k, g := range l.Gens {
		if g.Kind == ir.Bucket && l.Result(k) == r && !usesIndex(t.s, t.old, c, p.Sym, nil) {
			return k, true
		}
	}
	return 0, false
}

// fuseBucket builds consumer c fused into the keys of Bucket vp.gen of
// its producer: the producer's body with each yield (k, v) to the
// Bucket replaced by the consumer's body on k, which yields (k, f2(k))
// to the fused loop's Bucket (rewrite's keyed case). The result is that
// Bucket's values, the consumer's slice.
func (fu *fuser) fuseBucket(t *Transformer, vp vplan, c *ir.Node) ir.Exp {
	fu.changed = true
	b := t.Builder()
	p := vp.p
	pl := p.Aux.(*ir.Loop)
	var src *ir.Exp
	if pl.Src {
		s := t.Exp(p.Args[1])
		src = &s
	}
	first := ir.LoopGen{Kind: ir.Bucket, Key: pl.Gens[vp.gen].Key, Elem: c.Aux.(*ir.Loop).Gens[0].Elem,
		Combine: func(acc, _ ir.Exp) ir.Exp { return acc }}
	loop := b.Loop(t.Exp(p.Args[0]), src, []ir.LoopGen{first}, func(s ir.Sym, in []ir.Exp) {
		t.BeginLoop(c.Sym, s)
		prev := fu.active[p.Sym]
		fu.active[p.Sym] = &vactive{c: c, p: p, gen: vp.gen, index: in[0], keyed: true}
		t.Body(p.Blocks[0])(in)
		fu.active[p.Sym] = prev
	})
	return b.LoopResult(loop, 1)
}
