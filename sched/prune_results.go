package sched

import "github.com/lmsgen/lmsgen/ir"

// pruneResults removes the results that Forward added to conditionals
// (orig: conditional -> number of its own results, which are kept) and
// that no projection uses.
//
// Needs: Forward's graph. Must run after: nothing (DCE removes the values
// the removed results carried).
func pruneResults(g *ir.Graph, orig map[ir.Sym]int) *ir.Graph {
	used := map[ir.Sym][]bool{}
	for s, n := range orig {
		keep := make([]bool, len(g.TypeOf(s.E()).Elems))
		for i := range n {
			keep[i] = true
		}
		used[s] = keep
	}
	whole := usedWhole(g)
	for s := range whole {
		delete(used, s)
	}
	for _, n := range g.Nodes {
		if n.Op == ir.OpProj && n.Args[0].IsSym() {
			if keep, ok := used[n.Args[0].Sym()]; ok {
				keep[n.Aux.(int)] = true
			}
		}
	}
	return pruneIfs(g, used, false)
}

// usedWhole returns the symbols of g used other than as the operand of a
// projection: an argument of another node or the result of a block. The
// results of a conditional in it cannot be removed one by one.
func usedWhole(g *ir.Graph) map[ir.Sym]bool {
	whole := map[ir.Sym]bool{}
	use := func(e ir.Exp) {
		if e.IsSym() {
			whole[e.Sym()] = true
		}
	}
	for _, n := range g.Nodes {
		for i, a := range n.Args {
			if n.Op != ir.OpProj || i != 0 {
				use(a)
			}
		}
	}
	g.Blocks(func(b *ir.Block) { use(b.Res) })
	return whole
}

// pruneIfs rebuilds the conditionals of g that keep names without the
// results it marks false. A projection of a removed result is the zero
// of its type if zeroRemoved (only dead code uses it), else a bug.
func pruneIfs(g *ir.Graph, keep map[ir.Sym][]bool, zeroRemoved bool) *ir.Graph {
	type pruned struct {
		r     ir.Exp
		index []int // old component -> new, -1 if removed
		tuple bool
	}
	done := map[ir.Sym]pruned{}
	t := &Transformer{}
	t.Rewrite = func(t *Transformer, n *ir.Node) (ir.Exp, bool) {
		b := t.b
		switch n.Op {
		case ir.OpIf:
			keep, ok := keep[n.Sym]
			c := t.Exp(n.Args[0])
			if !ok || c.IsConst() || t.old.TypeOf(n.Blocks[0].Res) == ir.Void {
				return ir.Exp{}, false // DCE dropped all its results, or one branch runs
			}
			var ts []*ir.Type
			index := make([]int, len(keep))
			for i, k := range keep {
				index[i] = -1
				if k {
					index[i] = len(ts)
					ts = append(ts, n.Type.Elems[i])
				}
			}
			if len(ts) == len(keep) {
				return ir.Exp{}, false
			}
			branch := func(blk *ir.Block) *ir.Block {
				return b.Reify(nil, func([]ir.Exp) ir.Exp {
					r := t.Body(blk)(nil)
					var rs []ir.Exp
					for i, k := range keep {
						if k {
							rs = append(rs, b.Proj(r, i))
						}
					}
					if len(rs) == 0 {
						return b.Unit()
					}
					return b.Tuple(rs...)
				})
			}
			tb := branch(n.Blocks[0])
			eb := branch(n.Blocks[1])
			typ := ir.TupleOf(ts)
			r := b.IfBlocks(c, typ, tb, eb)
			done[n.Sym] = pruned{r: r, index: index, tuple: typ.Kind == ir.KTuple}
			return r, true
		case ir.OpProj:
			p, ok := done[n.Args[0].Sym()]
			if !ok {
				return ir.Exp{}, false
			}
			i := p.index[n.Aux.(int)]
			switch {
			case i < 0 && zeroRemoved:
				return zero(b, n.Type), true
			case i < 0:
				panic("BUG: sched: a removed result is used")
			case !p.tuple:
				return p.r, true
			}
			return b.Proj(p.r, i), true
		}
		return ir.Exp{}, false
	}
	return t.Transform(g)
}

// zero returns the zero constant of a basic type.
func zero(b *ir.Builder, t *ir.Type) ir.Exp {
	var v any
	switch t.Kind {
	case ir.KBool:
		v = false
	case ir.KInt:
		v = 0
	case ir.KInt8:
		v = int8(0)
	case ir.KInt16:
		v = int16(0)
	case ir.KInt32:
		v = int32(0)
	case ir.KInt64:
		v = int64(0)
	case ir.KUint:
		v = uint(0)
	case ir.KUint8:
		v = uint8(0)
	case ir.KUint16:
		v = uint16(0)
	case ir.KUint32:
		v = uint32(0)
	case ir.KUint64:
		v = uint64(0)
	case ir.KUintptr:
		v = uintptr(0)
	case ir.KFloat32:
		v = float32(0)
	case ir.KFloat64:
		v = float64(0)
	case ir.KComplex64:
		v = complex64(0)
	case ir.KComplex128:
		v = complex128(0)
	case ir.KString:
		v = ""
	default:
		panic("BUG: sched: zero of " + t.String())
	}
	return b.Const(t, v)
}
