package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// Forward is store-to-load forwarding per element: a slice_get of an
// element whose value is known on every path to it (stored, or read
// before, with no write in between that may touch the element) is
// replaced by that value. It works on the graph's schedule, block by
// block, in program order, with a memory state: per alias set (the
// object key of ir.Access), the elements known, each named by the slice
// value and the index and placed by ir.Subscript relative to its root.
//
//   - A write through one element forgets the known elements of its alias
//     set that it may touch (ir.Distinct on their subscripts from one
//     root; any other pair may touch) and then knows its own.
//   - Any other node forgets the alias sets it writes (copy, append, a
//     call, a loop or a conditional through its latent effects).
//   - A conditional's branches start from the state before it; an element
//     both end up knowing is known after it, as a new result of the
//     conditional when the two values differ (a φ).
//   - A loop's blocks, and the code after it, start from the state before
//     it less the elements the loop may write: those an element write in
//     it may touch in some iteration (ir.Deps.NeverEqual on subscripts in
//     loop counters), and every element of a set it writes otherwise; a
//     function body starts empty.
//
// Only an element accessed through the same slice value and the same
// index (the same symbol, or equal subscripts) is forwarded, so the
// access that made it known made the same bounds check: the load removed
// could not have panicked.
//
// Each branch returns, besides its results, the value of every element
// the then branch ends up knowing; the results no φ uses are removed by
// pruneResults (Forward runs it). At most maxKnown elements are known per
// alias set, which bounds the results added to a conditional.
//
// Needs: a graph built by an ir.Builder. Must run after: DCE (Run's dce
// phase runs after it) removes the stores and values left unused.
func Forward(g *ir.Graph) *ir.Graph {
	if !repeated(g) {
		return g
	}
	f := &forwarder{st: memState{}, orig: map[ir.Sym]int{}}
	t := &Transformer{Rewrite: f.rewrite}
	h := t.Transform(g)
	if !f.changed {
		return g // nothing forwarded: keep the graph and its symbols
	}
	if len(f.orig) == 0 {
		return h
	}
	return pruneResults(h, f.orig)
}

// repeated reports whether some element (a slice symbol and an index, or
// the variable an index reads) is loaded and accessed again: otherwise
// Forward has nothing to forward (but for indices equal only as
// subscripts in other ways) and leaves the graph alone.
func repeated(g *ir.Graph) bool {
	type elem struct{ s, i ir.Exp }
	seen := map[elem]uint8{} // 1: loaded, 2: stored
	for _, n := range g.Nodes {
		if n.Op != ir.OpSliceGet && n.Op != ir.OpSliceSet {
			continue
		}
		e := elem{n.Args[0], n.Args[1]}
		if e.i.IsSym() {
			if r := g.Def(e.i.Sym()); r != nil && r.Op == ir.OpVarGet {
				e.i = r.Args[0] // reads of a loop's index in one iteration
			}
		}
		bit := uint8(2)
		if n.Op == ir.OpSliceGet {
			bit = 1
		}
		if seen[e]|bit == 3 || bit == 1 && seen[e] != 0 {
			return true
		}
		seen[e] |= bit
	}
	return false
}

// known is an element whose value is known.
type known struct {
	slice, idx ir.Exp
	root       ir.Exp
	sub        ir.Affine
	affine     bool
	val        ir.Exp
	// The access that made it known, in the old graph (ir.Deps: its
	// subscript in loop counters), for loops to keep what they do not
	// write.
	old *ir.Access
}

// memState is the known elements per alias set (of the old graph).
type memState map[ir.Key][]known

func (m memState) clone() memState {
	c := make(memState, len(m))
	for k, es := range m {
		c[k] = slices.Clone(es)
	}
	return c
}

// keys returns the alias sets of m in order.
func (m memState) keys() []ir.Key {
	ks := make([]ir.Key, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// lookup returns the known element of slice s at index i in set k: the
// same index, an equal subscript, or an equal subscript of the old graph
// in loop counters (two reads of a loop's index in one iteration, both
// before its set: the state never carries an element from one iteration
// to the next).
func (m memState) lookup(k ir.Key, e known) (known, bool) {
	for _, x := range m[k] {
		if x.slice == e.slice && (x.idx == e.idx || x.affine && e.affine && x.sub.Equal(e.sub) || sameOld(x.old, e.old)) {
			return x, true
		}
	}
	return known{}, false
}

// sameOld reports whether two accesses of the old graph are through one
// slice at equal subscripts.
func sameOld(x, y *ir.Access) bool {
	return x != nil && y != nil && !x.Whole && !y.Whole && x.Affine && y.Affine &&
		x.Slice == y.Slice && x.Root == y.Root && x.Sub.Equal(y.Sub)
}

// store forgets the elements of set k that e may touch and knows e.
func (m memState) store(k ir.Key, e known) {
	m[k] = slices.DeleteFunc(m[k], func(x known) bool {
		return !(x.root == e.root && x.affine && e.affine && ir.Distinct(x.sub, e.sub))
	})
	m.add(k, e)
}

// maxKnown bounds the elements known per alias set (the oldest are
// forgotten), so that the work per access and per branch is bounded.
const maxKnown = 64

// add knows e in set k.
func (m memState) add(k ir.Key, e known) {
	if len(m[k]) >= maxKnown {
		m[k] = append(m[k][:0], m[k][1:]...)
	}
	m[k] = append(m[k], e)
}

// forget forgets the alias sets among ks.
func (m memState) forget(ks []ir.Key) {
	for _, k := range ks {
		if k.IsSym() {
			delete(m, k)
		}
	}
}

type forwarder struct {
	st   memState
	deps *ir.Deps       // of the old graph, made when first needed
	orig map[ir.Sym]int // conditional made with φs -> number of its own results
	// changed reports whether a load was forwarded.
	changed bool
}

// element describes slice s at index i in the new graph.
func (f *forwarder) element(t *Transformer, s, i ir.Exp) known {
	g := t.b.Graph()
	sub, ok := ir.Subscript(g, i, nil)
	root := s
	for root.IsSym() {
		n := g.Def(root.Sym())
		if n == nil || n.Op != ir.OpSliceSub {
			break
		}
		lo, lok := ir.Subscript(g, n.Args[1], nil)
		sub, ok = sub.Add(lo, 1), ok && lok
		root = n.Args[0]
	}
	return known{slice: s, idx: i, root: root, sub: sub, affine: ok}
}

func (f *forwarder) rewrite(t *Transformer, n *ir.Node) (ir.Exp, bool) {
	b := t.b
	switch n.Op {
	case ir.OpSliceGet:
		if n.Eff == nil {
			return ir.Exp{}, false
		}
		k, ok := ir.ObjectKey(n.Eff.Rkeys)
		if !ok || !n.Type.IsBasic() {
			return ir.Exp{}, false
		}
		e := f.element(t, t.Exp(n.Args[0]), t.Exp(n.Args[1]))
		e.old = f.oldDeps(t).Of(n.Sym)
		if x, found := f.st.lookup(k, e); found {
			f.changed = true
			return x.val, true
		}
		e.val = b.Index(e.slice, e.idx)
		f.st.add(k, e)
		return e.val, true
	case ir.OpSliceSet:
		if n.Eff == nil {
			return ir.Exp{}, false
		}
		k, ok := ir.ObjectKey(n.Eff.Wkeys)
		if !ok || !n.Args[2].IsConst() && !t.old.TypeOf(n.Args[2]).IsBasic() {
			f.st.forget(n.Eff.Wkeys)
			return ir.Exp{}, false
		}
		e := f.element(t, t.Exp(n.Args[0]), t.Exp(n.Args[1]))
		e.old = f.oldDeps(t).Of(n.Sym)
		e.val = t.Exp(n.Args[2])
		b.SetIndex(e.slice, e.idx, e.val)
		f.st.store(k, e)
		return b.Unit(), true
	case ir.OpIf:
		return f.cond(t, n)
	case ir.OpWhile:
		f.loopWrites(t, n)
		before := f.st
		b.While(func() ir.Exp {
			f.st = before.clone()
			return t.Body(n.Blocks[0])(nil)
		}, func() {
			f.st = before.clone()
			t.Body(n.Blocks[1])(nil)
		})
		f.st = before
		return b.Unit(), true
	case ir.OpLambda:
		outer := f.st
		f.st = memState{}
		e := t.rebuild(n)
		f.st = outer
		return e, true
	}
	if n.Eff != nil {
		f.st.forget(n.Eff.Wkeys)
	}
	return ir.Exp{}, false
}

func (f *forwarder) oldDeps(t *Transformer) *ir.Deps {
	if f.deps == nil {
		f.deps = ir.NewDeps(t.old)
	}
	return f.deps
}

// loopWrites forgets the known elements that loop n may write: of the
// alias sets it writes, those that one of its element writes may touch
// in some iteration (ir.Deps.NeverEqual on the subscripts in loop
// counters, from one root), and whole sets written otherwise.
func (f *forwarder) loopWrites(t *Transformer, n *ir.Node) {
	d := f.oldDeps(t)
	l := d.Loop(n.Sym)
	for _, k := range n.Eff.Wkeys {
		if !k.IsSym() || f.st[k] == nil {
			continue
		}
		ws, ok := d.WritesIn(l, k)
		if !ok || l == nil {
			delete(f.st, k)
			continue
		}
		f.st[k] = slices.DeleteFunc(f.st[k], func(e known) bool {
			if e.old == nil || !e.old.Affine {
				return true
			}
			for _, w := range ws {
				if !w.Affine || w.Root != e.old.Root || !d.NeverEqual(e.old.Sub, w.Sub) {
					return true
				}
			}
			return false
		})
	}
}

// cond rebuilds a conditional, adding a result for every element the
// then branch ends up knowing (see Forward).
func (f *forwarder) cond(t *Transformer, n *ir.Node) (ir.Exp, bool) {
	b := t.b
	c := t.Exp(n.Args[0])
	if c.IsConst() {
		return ir.Exp{}, false // one branch, in this block: the state flows through
	}
	typ := n.Type
	if t.old.TypeOf(n.Blocks[0].Res) == ir.Void {
		typ = ir.Void
	}
	var own []ir.Exp // the results of a branch, one per component of typ
	results := func(r ir.Exp) []ir.Exp {
		switch {
		case typ == ir.Void:
			return nil
		case typ.Kind == ir.KTuple:
			rs := make([]ir.Exp, len(typ.Elems))
			for i := range rs {
				rs[i] = b.Proj(r, i)
			}
			return rs
		}
		return []ir.Exp{r}
	}
	before := f.st
	type extra struct {
		k ir.Key
		e known
	}
	var extras []extra // the elements the then branch knows
	var thenSt, elseSt memState
	tb := b.Reify(nil, func([]ir.Exp) ir.Exp {
		f.st = before.clone()
		own = results(t.Body(n.Blocks[0])(nil))
		thenSt = f.st
		for _, k := range thenSt.keys() {
			for _, e := range thenSt[k] {
				extras = append(extras, extra{k, e})
			}
		}
		rs := own
		for _, x := range extras {
			rs = append(rs, x.e.val)
		}
		return f.tuple(b, rs, typ)
	})
	eb := b.Reify(nil, func([]ir.Exp) ir.Exp {
		f.st = before.clone()
		rs := results(t.Body(n.Blocks[1])(nil))
		elseSt = f.st
		for _, x := range extras {
			v := zero(b, b.Graph().TypeOf(x.e.val))
			if e, ok := elseSt.lookup(x.k, x.e); ok {
				v = e.val
			}
			rs = append(rs, v)
		}
		return f.tuple(b, rs, typ)
	})
	f.st = memState{}
	if len(extras) == 0 {
		return b.IfBlocks(c, typ, tb, eb), true
	}
	var ts []*ir.Type
	if typ != ir.Void {
		if typ.Kind == ir.KTuple {
			ts = append(ts, typ.Elems...)
		} else {
			ts = append(ts, typ)
		}
	}
	nOwn := len(ts)
	for _, x := range extras {
		ts = append(ts, b.Graph().TypeOf(x.e.val))
	}
	all := ir.TupleOf(ts)
	r := b.IfBlocks(c, all, tb, eb)
	if all.Kind == ir.KTuple {
		f.orig[r.Sym()] = nOwn
	}
	proj := func(i int) ir.Exp {
		if all.Kind != ir.KTuple {
			return r
		}
		return b.Proj(r, i)
	}
	// The state after: the elements both branches know.
	for i, x := range extras {
		e, ok := elseSt.lookup(x.k, x.e)
		if !ok {
			continue
		}
		v := e.val
		if v != x.e.val {
			v = proj(nOwn + i)
		}
		k := x.e
		k.val = v
		f.st.add(x.k, k)
	}
	switch {
	case typ == ir.Void:
		return b.Unit(), true
	case typ.Kind == ir.KTuple:
		rs := make([]ir.Exp, nOwn)
		for i := range rs {
			rs[i] = proj(i)
		}
		return b.Tuple(rs...), true
	}
	return proj(0), true
}

// tuple groups a branch's results: none (Unit) for a Void conditional
// without extras, one as itself.
func (f *forwarder) tuple(b *ir.Builder, rs []ir.Exp, typ *ir.Type) ir.Exp {
	if len(rs) == 0 {
		return b.Unit()
	}
	return b.Tuple(rs...)
}
