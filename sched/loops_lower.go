package sched

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is delayed rewriting (the compiler tutorial's "Delayed
// Rewriting and Multi-Level IR"): a high-level node keeps its form, so
// that the smart constructors and fusion can match it, until the phase
// that lowers it. Each lowering is registered for an operator and a named
// phase; Lower runs a phase with a worklist transformer: it rebuilds the
// graph through a Transformer whose Rewrite applies the lowerings of the
// phase, and does so again while nodes of the phase remain (a lowering
// may build nodes that a later round lowers).

// lowering is the lowering of an operator: it returns the node's
// replacement, built with t's builder.
type lowering struct {
	phase string
	lower func(lw *lowerer, t *Transformer, n *ir.Node) ir.Exp
}

// lowerings are the delayed rewrites, by operator.
var lowerings = map[ir.Op]lowering{
	ir.OpLoop:  {phase: PhaseLoops, lower: (*lowerer).loop},
	ir.OpYield: {phase: PhaseLoops, lower: (*lowerer).yield},
}

// PhaseLoops is the phase that lowers loop nodes with generators.
const PhaseLoops = "lower-loops"

// maxLowerRounds bounds Lower's rounds (a lowering that keeps building
// nodes of its own phase is a bug).
const maxLowerRounds = 8

// Lower runs the lowerings of phase on g until no node of the phase is
// left, and returns the new graph (g itself if it has none).
func Lower(g *ir.Graph, phase string) *ir.Graph {
	for range maxLowerRounds {
		if !hasPhase(g, phase) {
			return g
		}
		lw := &lowerer{loops: map[ir.Sym]*loweredLoop{}}
		t := &Transformer{Rewrite: func(t *Transformer, n *ir.Node) (ir.Exp, bool) {
			if l, ok := lowerings[n.Op]; ok && l.phase == phase {
				return l.lower(lw, t, n), true
			}
			return ir.Exp{}, false
		}}
		g = t.Transform(g)
	}
	panic(fmt.Sprintf("BUG: sched: phase %s still has nodes to lower after %d rounds", phase, maxLowerRounds))
}

func hasPhase(g *ir.Graph, phase string) bool {
	for _, n := range g.Nodes {
		if l, ok := lowerings[n.Op]; ok && l.phase == phase {
			return true
		}
	}
	return false
}

// HasLoops reports whether g has loop nodes.
func HasLoops(g *ir.Graph) bool {
	for _, n := range g.Nodes {
		if n.Op == ir.OpLoop {
			return true
		}
	}
	return false
}

// LowerLoops is the phase that lowers every loop node (ir/loop.go) into
// a staged while loop over an index variable, and each generator into
// staged variables its yields update: a Collect appends to a slice made
// with the loop's size as capacity (0 if the size is negative), a Reduce
// folds into an accumulator, a Bucket finds the slot of its key in an
// index of its keys (ir/keyindex.go: a Go map, a C hash table) and folds
// into the value of that slot, or appends a new key (the keys in
// first-seen order) and value. The result is a graph gogen and cgen emit
// as they are.
//
// Needs: a graph built by ir.Builder. Must run after: FuseLoops (and
// every other pass that matches loop nodes). Must run before: ir.DCE and
// Run (the code generators know no loop nodes).
func LowerLoops(g *ir.Graph) *ir.Graph { return Lower(g, PhaseLoops) }

// lowerer is the state of one round of lowering loops: the staged
// variables of each loop being lowered, for its yields.
type lowerer struct {
	loops map[ir.Sym]*loweredLoop
}

type loweredLoop struct {
	n    *ir.Node
	vars [][]ir.Exp // per generator: its variables (a Bucket's keys and values)

	// Buckets that share their keys (see shareBuckets): lead[k] is the
	// generator whose keys Bucket k uses (k itself if it shares none),
	// index[k], for a leading k, the index of its keys, and slots[k] the
	// slot of the key of the current iteration while the yields of its
	// group are lowered.
	lead  []int
	index []ir.Exp
	slots []*bucketSlot

	// Groups lowered as one update (see joinBuckets): last[k], for a
	// leading k, the generator whose yield lowers the group (-1 if the
	// group is not joined), and pending[k] the variable that keeps the
	// value the yield to Bucket k gave in this iteration until then.
	last    []int
	pending []ir.Exp

	// flat[k], for a leading k of a joined group whose values are all of
	// one type, is the variable of the group's values in one slice, group
	// by group (flat[k][j*w+m] is the value of key j of the group's m-th
	// Bucket, of w); after the loop, each Bucket's values are copied out
	// of it. One slice to grow and index instead of w.
	flat []ir.Exp
}

// bucketSlot is where the key of a yield to a Bucket is among its keys:
// the index j, and whether the key was there before (else j is the
// index of the key just appended). The first yield of a group that
// shares its keys computes them into the variables jv and foundv, which
// the others read (their yields are in other blocks); left counts the
// group's yields of this iteration still to lower.
type bucketSlot struct {
	jv, foundv ir.Exp
	left       int
}

// loop lowers a loop node.
func (lw *lowerer) loop(t *Transformer, n *ir.Node) ir.Exp {
	b := t.Builder()
	l := n.Aux.(*ir.Loop)
	size := t.Exp(n.Args[0])
	var src ir.Exp
	capacity := size
	if l.Src {
		src = t.Exp(n.Args[1])
	} else if !isLen(b.Graph(), size) {
		capacity = b.If(b.Compare(ir.OpGt, size, b.Const(ir.Int, 0)), ir.Int, func() ir.Exp { return size }, func() ir.Exp { return b.Const(ir.Int, 0) })
	}
	zeroInt := b.Const(ir.Int, 0)
	lead := shareBuckets(t.s, n)
	ll := &loweredLoop{n: n, vars: make([][]ir.Exp, len(l.Gens)), lead: lead,
		index: make([]ir.Exp, len(l.Gens)), slots: make([]*bucketSlot, len(l.Gens)),
		last: joinBuckets(t.s, n, lead), pending: make([]ir.Exp, len(l.Gens)), flat: make([]ir.Exp, len(l.Gens))}
	for k, g := range l.Gens {
		switch g.Kind {
		case ir.Collect:
			ll.vars[k] = []ir.Exp{b.NewVar(b.MakeSlice(g.Elem, zeroInt, capacity))}
		case ir.Reduce:
			ll.vars[k] = []ir.Exp{b.NewVar(t.Exp(n.Args[l.ZeroArg(k)]))}
		case ir.Bucket:
			var keys ir.Exp
			if j := ll.lead[k]; j != k {
				keys = ll.vars[j][0]
			} else {
				keys = b.NewVar(b.MakeSlice(g.Key, zeroInt, zeroInt))
				ll.index[k] = b.NewIndex(g.Key)
			}
			j := ll.lead[k]
			if ll.last[j] >= 0 && oneElem(l, ll.lead, j) {
				if j == k {
					ll.flat[j] = b.NewVar(b.MakeSlice(g.Elem, zeroInt, zeroInt))
				}
				ll.vars[k] = []ir.Exp{keys, {}}
				continue
			}
			ll.vars[k] = []ir.Exp{keys, b.NewVar(b.MakeSlice(g.Elem, zeroInt, zeroInt))}
		}
	}
	for k, j := range ll.lead {
		if ll.last[j] >= 0 && ll.last[j] != k {
			ll.pending[k] = b.NewVar(zero(b, l.Gens[k].Elem))
		}
		if j != k && ll.slots[j] == nil && ll.last[j] < 0 {
			ll.slots[j] = &bucketSlot{jv: b.NewVar(zeroInt), foundv: b.NewVar(b.Const(ir.Bool, false))}
		}
	}
	lw.loops[n.Sym] = ll
	if c := size.Const(); c != nil && c.Val == 1 && !l.Src {
		// A loop of one turn (the fixed-size array of a concatenation,
		// frontend/loops.go's concat) is its body, with i = 0: the
		// sequence of its yields, as the tutorial says.
		t.Body(n.Blocks[0])([]ir.Exp{zeroInt})
	} else {
		i := b.NewVar(zeroInt)
		b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(i), size) }, func() {
			iv := b.ReadVar(i)
			in := []ir.Exp{iv}
			if l.Src {
				in = append(in, b.Index(src, iv))
			}
			t.Body(n.Blocks[0])(in)
			b.WriteVar(i, b.Binary(ir.OpAdd, iv, b.Const(ir.Int, 1)))
		})
	}
	delete(lw.loops, n.Sym)
	split := map[int]ir.Exp{}
	for j, f := range ll.flat {
		if f != (ir.Exp{}) {
			for k, x := range lw.splitFlat(t, ll, j) {
				split[k] = x
			}
		}
	}
	var res []ir.Exp
	for k, vs := range ll.vars {
		for r, v := range vs {
			if r == 1 && v == (ir.Exp{}) {
				res = append(res, split[k])
				continue
			}
			x := b.ReadVar(v)
			if r == 0 && ll.lead[k] != k && resultUsed(t.old, n.Sym, l.Result(k)) {
				// The keys of a Bucket that shares them are a copy:
				// natively they are a slice of their own.
				x = b.AppendSlice(b.MakeSlice(l.Gens[k].Key, b.Const(ir.Int, 0), b.Len(x)), x)
			}
			res = append(res, x)
		}
	}
	if len(res) == 0 {
		return b.Unit()
	}
	return b.Tuple(res...)
}

// isLen reports whether e is the length of a slice or string (never
// negative).
func isLen(g *ir.Graph, e ir.Exp) bool {
	if !e.IsSym() {
		c := e.Const()
		return c != nil && c.Val.(int) >= 0
	}
	d := g.Def(e.Sym())
	return d != nil && (d.Op == ir.OpSliceLen || d.Op == ir.OpStrLen)
}

// yield lowers a yield into the update of its generator's variables.
func (lw *lowerer) yield(t *Transformer, n *ir.Node) ir.Exp {
	b := t.Builder()
	y := n.Aux.(ir.Yield)
	ll := lw.loops[y.Loop]
	if ll == nil {
		panic(fmt.Sprintf("BUG: sched: lowering a yield to %v outside its loop", y.Loop))
	}
	l := ll.n.Aux.(*ir.Loop)
	g := l.Gens[y.Gen]
	vs := ll.vars[y.Gen]
	combineOf := func(k int, acc, x ir.Exp) ir.Exp {
		return t.Body(ll.n.Blocks[l.CombineBlock(k)])([]ir.Exp{acc, x})
	}
	combine := func(acc, x ir.Exp) ir.Exp { return combineOf(y.Gen, acc, x) }
	switch g.Kind {
	case ir.Collect:
		b.WriteVar(vs[0], b.Append(b.ReadVar(vs[0]), t.Exp(n.Args[0])))
	case ir.Reduce:
		b.WriteVar(vs[0], combine(b.ReadVar(vs[0]), t.Exp(n.Args[0])))
	case ir.Bucket:
		if lead := ll.lead[y.Gen]; ll.last[lead] >= 0 {
			if ll.last[lead] == y.Gen {
				lw.bucketGroup(t, ll, lead, y.Gen, t.Exp(n.Args[0]), t.Exp(n.Args[1]), combineOf)
			} else {
				b.WriteVar(ll.pending[y.Gen], t.Exp(n.Args[1]))
			}
			return b.Unit()
		}
		sl := ll.slots[ll.lead[y.Gen]]
		var j, found ir.Exp
		switch {
		case sl == nil:
			j, found = lw.bucketSlot(t, ll.index[ll.lead[y.Gen]], vs[0], t.Exp(n.Args[0]))
		case sl.left == 0:
			// The first yield of a group that shares its keys.
			j, found = lw.bucketSlot(t, ll.index[ll.lead[y.Gen]], vs[0], t.Exp(n.Args[0]))
			b.WriteVar(sl.jv, j)
			b.WriteVar(sl.foundv, found)
			sl.left = groupSize(ll.lead, ll.lead[y.Gen]) - 1
		default:
			j, found = b.ReadVar(sl.jv), b.ReadVar(sl.foundv)
			sl.left--
		}
		lw.bucketFold(t, vs[1], j, found, t.Exp(n.Args[1]), combine)
	}
	return b.Unit()
}

func groupSize(lead []int, k int) int {
	c := 0
	for _, j := range lead {
		if j == k {
			c++
		}
	}
	return c
}

// bucketSlot lowers the search of key among the keys of a Bucket (the
// variable keys, in first-seen order, and their index ix): its slot in
// the index, and the key appended to the keys if it is new. It returns
// the key's slot and whether it was there before.
func (lw *lowerer) bucketSlot(t *Transformer, ix, keys, key ir.Exp) (j, found ir.Exp) {
	b := t.Builder()
	ks := b.ReadVar(keys)
	j = b.IndexSlot(ix, key)
	found = b.Compare(ir.OpLt, j, b.Len(ks))
	b.If(found, ir.Void, b.Unit, func() ir.Exp {
		b.WriteVar(keys, b.Append(ks, key))
		return b.Unit()
	})
	return j, found
}

// bucketGroup lowers the yields of the group of Buckets that share the
// keys of Bucket lead, joined (see joinBuckets), at the last of them,
// Bucket k yielding x: one search of key, then, if it was found, the
// fold of each Bucket's value (x, or the one kept in its variable) into
// its values at the key's slot, else the key and the values appended,
// under one test.
func (lw *lowerer) bucketGroup(t *Transformer, ll *loweredLoop, lead, k int, key, x ir.Exp, combine func(k int, acc, x ir.Exp) ir.Exp) {
	b := t.Builder()
	var group []int
	xs := map[int]ir.Exp{}
	for m, l := range ll.lead {
		if l == lead {
			group = append(group, m)
			if m == k {
				xs[m] = x
			} else {
				xs[m] = b.ReadVar(ll.pending[m])
			}
		}
	}
	keys := ll.vars[lead][0]
	ks := b.ReadVar(keys)
	j := b.IndexSlot(ll.index[lead], key)
	if f := ll.flat[lead]; f != (ir.Exp{}) {
		w := b.Const(ir.Int, len(group))
		b.If(b.Compare(ir.OpLt, j, b.Len(ks)), ir.Void, func() ir.Exp {
			vs := b.ReadVar(f)
			base := b.Binary(ir.OpMul, j, w)
			for i, m := range group {
				at := b.Binary(ir.OpAdd, base, b.Const(ir.Int, i))
				b.SetIndex(vs, at, combine(m, b.Index(vs, at), xs[m]))
			}
			return b.Unit()
		}, func() ir.Exp {
			b.WriteVar(keys, b.Append(ks, key))
			vals := make([]ir.Exp, len(group))
			for i, m := range group {
				vals[i] = xs[m]
			}
			b.WriteVar(f, b.Append(b.ReadVar(f), vals...))
			return b.Unit()
		})
		return
	}
	b.If(b.Compare(ir.OpLt, j, b.Len(ks)), ir.Void, func() ir.Exp {
		for _, m := range group {
			vs := b.ReadVar(ll.vars[m][1])
			b.SetIndex(vs, j, combine(m, b.Index(vs, j), xs[m]))
		}
		return b.Unit()
	}, func() ir.Exp {
		b.WriteVar(keys, b.Append(ks, key))
		for _, m := range group {
			b.WriteVar(ll.vars[m][1], b.Append(b.ReadVar(ll.vars[m][1]), xs[m]))
		}
		return b.Unit()
	})
}

// bucketFold lowers the fold of x into the values vals of a Bucket at
// the slot of its key: op(vals[j], x) if the key was found, else x
// appended.
func (lw *lowerer) bucketFold(t *Transformer, vals, j, found, x ir.Exp, combine func(acc, x ir.Exp) ir.Exp) {
	b := t.Builder()
	b.If(found, ir.Void, func() ir.Exp {
		vs := b.ReadVar(vals)
		b.SetIndex(vs, j, combine(b.Index(vs, j), x))
		return b.Unit()
	}, func() ir.Exp {
		b.WriteVar(vals, b.Append(b.ReadVar(vals), x))
		return b.Unit()
	})
}

// oneElem reports whether the Buckets that share the keys of Bucket lead
// have values of one type.
func oneElem(l *ir.Loop, lead []int, k int) bool {
	for m, j := range lead {
		if j == k && l.Gens[m].Elem != l.Gens[k].Elem {
			return false
		}
	}
	return true
}

// splitFlat copies the values of the joined group of Bucket lead out of
// its one slice (see loweredLoop.flat) after the loop: one slice per
// Bucket, of the length of the keys, filled in one loop. It returns them
// by generator.
func (lw *lowerer) splitFlat(t *Transformer, ll *loweredLoop, lead int) map[int]ir.Exp {
	b := t.Builder()
	l := ll.n.Aux.(*ir.Loop)
	var group []int
	for m, j := range ll.lead {
		if j == lead {
			group = append(group, m)
		}
	}
	n := b.Len(b.ReadVar(ll.vars[lead][0]))
	flat := b.ReadVar(ll.flat[lead])
	w := b.Const(ir.Int, len(group))
	out := map[int]ir.Exp{}
	for _, m := range group {
		out[m] = b.MakeSlice(l.Gens[m].Elem, n, n)
	}
	i := b.NewVar(b.Const(ir.Int, 0))
	b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(i), n) }, func() {
		iv := b.ReadVar(i)
		base := b.Binary(ir.OpMul, iv, w)
		for k, m := range group {
			b.SetIndex(out[m], iv, b.Index(flat, b.Binary(ir.OpAdd, base, b.Const(ir.Int, k))))
		}
		b.WriteVar(i, b.Binary(ir.OpAdd, iv, b.Const(ir.Int, 1)))
	})
	return out
}
