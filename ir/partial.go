package ir

// This file lets DCE use the results of a conditional component by
// component. A conditional with several results ends each block with a
// tuple, and its projections take the components apart; DCE would keep a
// whole tuple, and so every value in it, once one projection is used. A
// staged variable v assigned in one branch (x, v = -x, 6) is carried
// through the other by a read of v (x, v = x, v): that read kept v alive
// even when nothing reads v after the conditional. Here a component is
// needed only if its projection is used; the tuple is kept, with the
// values of the components nothing needs replaced by zeros (which no
// projection reads).

// partials is DCE's state for the conditionals whose results it uses by
// component.
type partials struct {
	tuples map[int32][]int32 // conditional -> the tuples ending its blocks
	comps  map[int32][]bool  // conditional -> its components needed
	of     map[int32]int32   // projection -> its conditional
	tuple  []bool            // node -> a tuple used by component
}

// newPartials finds the conditionals whose every use is a projection and
// whose blocks end with tuples used nowhere else; nil if there are none.
func newPartials(f *Flat) *partials {
	g := f.Graph
	var ifs []int32
	for i, op := range f.Op {
		// A conditional whose blocks end with tuples has a tuple type:
		// the bit spares reading the other conditionals' nodes, and the
		// pass below when there are none.
		if op == OpIf && f.Bits[i]&BitTuple != 0 && f.First[i+1] > f.First[i] {
			ifs = append(ifs, int32(i))
		}
	}
	if len(ifs) == 0 {
		return nil
	}
	// uses says of each symbol how many value uses (arguments and block
	// results) it has, up to two, and whether one of them is not the
	// operand of a projection.
	uses := make([]valueUses, g.NumSyms())
	for i, op := range f.Op {
		proj := int32(-1) // the edge of a projection's operand
		if op == OpProj && g.Nodes[i].Args[0].IsSym() {
			proj = f.Start[i] // its first argument, its first edge
		}
		for e := f.Start[i]; e < f.Start[i+1]; e++ {
			if k := f.Kind[e]; k == EdgeArg || k >= EdgeBlock && (k-EdgeBlock)%3 == 0 {
				uses[f.Dep[e]].add(e != proj)
			}
		}
	}
	p := &partials{tuples: map[int32][]int32{}, comps: map[int32][]bool{}, of: map[int32]int32{}}
	for _, i := range ifs {
		n := g.Nodes[i]
		if u := uses[f.Sym[i]]; u.count() == 0 || u&usedElsewhere != 0 {
			continue
		}
		var ts []int32
		var comps []bool
		for _, b := range n.Blocks {
			if !b.Res.IsSym() || uses[b.Res.Sym()].count() != 1 {
				ts = nil
				break
			}
			t := f.NodeOf(b.Res.Sym())
			if t < 0 || f.Op[t] != OpTuple {
				ts = nil
				break
			}
			args := g.Nodes[t].Args
			if comps == nil {
				comps = make([]bool, len(args))
			}
			if len(args) != len(comps) {
				ts = nil
				break
			}
			for c, a := range args {
				if _, ok := zeroConst(g.TypeOf(a)); !ok {
					comps[c] = true // no zero to put in its place
				}
			}
			ts = append(ts, t)
		}
		if len(ts) == 0 {
			continue
		}
		p.tuples[i], p.comps[i] = ts, comps
	}
	if len(p.tuples) == 0 {
		return nil
	}
	p.tuple = make([]bool, len(f.Op))
	for _, ts := range p.tuples {
		for _, t := range ts {
			p.tuple[t] = true
		}
	}
	for i, op := range f.Op {
		if op != OpProj {
			continue
		}
		if a := g.Nodes[i].Args[0]; a.IsSym() {
			if c := f.NodeOf(a.Sym()); c >= 0 && p.tuples[c] != nil {
				p.of[int32(i)] = c
			}
		}
	}
	return p
}

// projected is called when DCE keeps node i: if it projects a component
// of a conditional used by component, that component is needed, in the
// tuples of a conditional already kept too.
func (p *partials) projected(d *deadCode, i int32) {
	c, ok := p.of[i]
	if !ok {
		return
	}
	k, ok := d.f.Graph.Nodes[i].Aux.(int)
	if !ok || k < 0 || k >= len(p.comps[c]) || p.comps[c][k] {
		return
	}
	p.comps[c][k] = true
	if d.node[c]&nodeKept != 0 {
		for _, t := range p.tuples[c] {
			p.useComponent(d, t, k)
		}
	}
}

// result is called when DCE keeps conditional i, for the result of one
// of its blocks, defined by node t: it reports whether the result is used
// by component (then the needed components are used, and the tuple kept
// without its other values).
func (p *partials) result(d *deadCode, i, t int32) bool {
	if t < 0 || p.tuples[i] == nil || !p.tuple[t] {
		return false
	}
	if d.node[t]&nodeKept == 0 {
		d.node[t] |= nodeKept
		d.setUsed(d.f.Sym[t])
	}
	for k, need := range p.comps[i] {
		if need {
			p.useComponent(d, t, k)
		}
	}
	return true
}

// useComponent uses component k of tuple t.
func (p *partials) useComponent(d *deadCode, t int32, k int) {
	a := d.f.Graph.Nodes[t].Args[k]
	if a.IsSym() {
		d.use(a.Sym(), d.f.NodeOf(a.Sym()))
	}
}

// zeroUnused returns tuple n with the components whose values are not
// used replaced by zeros, and whether it changed.
func zeroUnused(g *Graph, n *Node, needed func(Sym) bool) (*Node, bool) {
	var args []Exp
	for k, a := range n.Args {
		if !a.IsSym() || needed(a.Sym()) {
			continue
		}
		z, ok := zeroConst(g.TypeOf(a))
		if !ok {
			panic("BUG: a tuple component without a zero lost its value")
		}
		if args == nil {
			args = append([]Exp(nil), n.Args...)
		}
		args[k] = z
	}
	if args == nil {
		return n, false
	}
	c := *n
	c.Args = args
	return &c, true
}

// zeroConst returns the zero of basic type t as a constant.
func zeroConst(t *Type) (Exp, bool) {
	if t == nil || !t.IsBasic() {
		return Exp{}, false
	}
	var v any
	switch {
	case t == Bool:
		v = false
	case t == String:
		v = ""
	default:
		cv, ok := convertUntyped(t, 0)
		if !ok {
			return Exp{}, false
		}
		v = cv
	}
	return Exp{c: &Const{Type: t, Val: v}}, true
}

// valueUses counts the value uses of a symbol, up to two (more count as
// two), and records whether one is not the operand of a projection
// (usedElsewhere): one byte per symbol.
type valueUses uint8

const usedElsewhere valueUses = 4

func (u *valueUses) add(elsewhere bool) {
	if u.count() < 2 {
		*u++
	}
	if elsewhere {
		*u |= usedElsewhere
	}
}

func (u valueUses) count() int { return int(u & 3) }
