package ir

// This file finds, for dependence analysis (deps.go), the block every
// symbol belongs to, the loops that enclose a block, and the induction
// variables of every loop.
//
// A node's block is the innermost block among those of its arguments and
// hard dependencies (a nested block's effect input is larger than its
// parent's, see doc.go): for a node with effects, whose hard dependencies
// include its block's effect input or an earlier node of that block, it
// is the block it was built in; for a pure node, the outermost block it
// can run in (the "defined at level" of hir-ddrefs.rst).
//
// An induction variable of a loop (W cond body) is a variable of type int
// that the loop sets exactly once, at the top level of its body, to a read
// of itself plus a non-zero constant step, and whose value on entry is
// known (the W node's hard dependencies include its var_new or its last
// var_set). Its value at a read inside the loop is entry + step·k, with k
// the loop's iteration counter (0 on the first iteration), plus step for
// a read after the set. A loop is counted when its condition is
// iv < n or iv <= n (or n > iv, n >= iv) with a positive step and n
// invariant in the loop.

// LoopInfo is a W node seen by the dependence analysis.
type LoopInfo struct {
	Node   *Node
	Parent *LoopInfo // enclosing loop, nil at the top of a function
	Depth  int       // 1 for an outermost loop
	ivs    []inductionVar

	// Trip is the number of iterations when it is known (Counted, entry
	// and bound constant), else -1.
	Trip int64
	// Counted reports whether the condition is an induction variable
	// compared with a loop-invariant bound in a way that always ends
	// (see the file comment): the loop terminates.
	Counted bool
	header  LoopHeader // when Counted
}

type inductionVar struct {
	v     Sym // the var_new
	set   Sym // the single var_set in the loop
	step  int64
	entry Exp
}

// nest is the block structure of a graph.
type nest struct {
	g       *Graph
	blockOf []Sym       // symbol -> effect input of its block
	owner   []int32     // effect input -> index of the node owning the block, -1 for the top
	loops   []*LoopInfo // effect input of a loop's cond or body -> the loop
	loopOf  map[Sym]*LoopInfo
}

func newNest(g *Graph) *nest {
	n := g.NumSyms()
	ns := &nest{g: g, blockOf: make([]Sym, n), owner: make([]int32, n), loops: make([]*LoopInfo, n), loopOf: map[Sym]*LoopInfo{}}
	top := g.Block.Ein
	for i := range ns.blockOf {
		ns.blockOf[i] = top
		ns.owner[i] = -1
	}
	bind := func(b *Block, i int32) {
		ns.owner[b.Ein] = i
		ns.blockOf[b.Ein] = b.Ein
		for _, s := range b.In {
			ns.blockOf[s] = b.Ein
		}
	}
	for _, s := range g.Block.In {
		ns.blockOf[s] = top
	}
	for i, nd := range g.Nodes {
		for _, b := range nd.Blocks {
			bind(b, int32(i))
		}
	}
	for _, nd := range g.Nodes {
		b := top
		for _, a := range nd.Args {
			if a.IsSym() && ns.blockOf[a.s] > b && int(a.s) < n {
				b = ns.blockOf[a.s]
			}
		}
		if nd.Eff != nil {
			for _, h := range nd.Eff.Hdeps {
				if ns.blockOf[h] > b {
					b = ns.blockOf[h]
				}
			}
		}
		if nd.Op == OpForward {
			b = top // names a λ that comes later
		}
		ns.blockOf[nd.Sym] = b
	}
	for _, nd := range g.Nodes {
		if nd.Op != OpWhile {
			continue
		}
		l := &LoopInfo{Node: nd, Trip: -1, Parent: ns.loopAt(ns.blockOf[nd.Sym])}
		l.Depth = 1
		if l.Parent != nil {
			l.Depth = l.Parent.Depth + 1
		}
		ns.loops[nd.Blocks[0].Ein] = l
		ns.loops[nd.Blocks[1].Ein] = l
		ns.loopOf[nd.Sym] = l
	}
	ns.inductionVars()
	return ns
}

// parent returns the block enclosing block ein, or -1 for the top.
func (ns *nest) parent(ein Sym) Sym {
	o := ns.owner[ein]
	if o < 0 {
		return -1
	}
	return ns.blockOf[ns.g.Nodes[o].Sym]
}

// loopAt returns the innermost loop enclosing block ein (stopping at a
// function body), or nil.
func (ns *nest) loopAt(ein Sym) *LoopInfo {
	for e := ein; e >= 0; e = ns.parent(e) {
		if l := ns.loops[e]; l != nil {
			return l
		}
		if o := ns.owner[e]; o >= 0 && ns.g.Nodes[o].Op == OpLambda {
			return nil
		}
	}
	return nil
}

// loopsAt returns the loops enclosing block ein, outermost first.
func (ns *nest) loopsAt(ein Sym) []*LoopInfo {
	var ls []*LoopInfo
	for l := ns.loopAt(ein); l != nil; l = l.Parent {
		ls = append(ls, l)
	}
	for i, j := 0, len(ls)-1; i < j; i, j = i+1, j-1 {
		ls[i], ls[j] = ls[j], ls[i]
	}
	return ls
}

// inside reports whether block ein is a block of l or nested in one.
func (ns *nest) inside(ein Sym, l *LoopInfo) bool {
	for x := ns.loopAt(ein); x != nil; x = x.Parent {
		if x == l {
			return true
		}
	}
	return false
}

// topIn returns the node at the top level of block target that contains
// symbol s (s's own node, or the node owning a block s is nested in), or
// -1 if s is not inside target.
func (ns *nest) topIn(s Sym, target Sym) Sym {
	x := s
	for e := ns.blockOf[s]; e != target; e = ns.blockOf[x] {
		o := ns.owner[e]
		if o < 0 {
			return -1
		}
		x = ns.g.Nodes[o].Sym
	}
	return x
}

// inductionVars finds the induction variables of every loop.
func (ns *nest) inductionVars() {
	type lv struct {
		l *LoopInfo
		v Sym
	}
	sets := map[lv][]Sym{}
	var order []lv
	for _, nd := range ns.g.Nodes {
		if nd.Op != OpVarSet {
			continue
		}
		v := nd.Args[0].s
		for l := ns.loopAt(ns.blockOf[nd.Sym]); l != nil; l = l.Parent {
			k := lv{l, v}
			if sets[k] == nil {
				order = append(order, k)
			}
			sets[k] = append(sets[k], nd.Sym)
		}
	}
	for _, k := range order {
		if s := sets[k]; len(s) == 1 {
			if iv, ok := ns.inductionVar(k.l, k.v, ns.g.Def(s[0])); ok {
				k.l.ivs = append(k.l.ivs, iv)
			}
		}
	}
	for _, nd := range ns.g.Nodes {
		if l := ns.loopOf[nd.Sym]; l != nil {
			ns.counted(l)
		}
	}
}

func (ns *nest) inductionVar(l *LoopInfo, v Sym, set *Node) (inductionVar, bool) {
	body := l.Node.Blocks[1].Ein
	if ns.g.TypeOf(v.E()) != Int || ns.blockOf[set.Sym] != body {
		return inductionVar{}, false
	}
	add := ns.g.Def(set.Args[1].s)
	if set.Args[1].IsConst() || add == nil || (add.Op != OpAdd && add.Op != OpSub) {
		return inductionVar{}, false
	}
	r, c := add.Args[0], add.Args[1]
	if add.Op == OpAdd && r.IsConst() {
		r, c = c, r
	}
	if r.IsConst() || c.IsSym() {
		return inductionVar{}, false
	}
	step := int64(c.c.Val.(int))
	if add.Op == OpSub {
		step = -step
	}
	if step == 0 || !ns.readsBefore(l, r.s, v, set.Sym) {
		return inductionVar{}, false
	}
	// The value on entry: the write of v the loop depends on.
	for _, h := range l.Node.Eff.Hdeps {
		d := ns.g.Def(h)
		switch {
		case d == nil:
		case d.Op == OpVarNew && d.Sym == v:
			return inductionVar{v: v, set: set.Sym, step: step, entry: d.Args[0]}, true
		case d.Op == OpVarSet && d.Args[0].s == v:
			return inductionVar{v: v, set: set.Sym, step: step, entry: d.Args[1]}, true
		}
	}
	return inductionVar{}, false
}

// readsBefore reports whether r is a var_get of v in loop l that runs
// before the loop's only set of v in the same iteration.
func (ns *nest) readsBefore(l *LoopInfo, r, v, set Sym) bool {
	d := ns.g.Def(r)
	if d == nil || d.Op != OpVarGet || d.Args[0].s != v {
		return false
	}
	if ns.topIn(r, l.Node.Blocks[0].Ein) >= 0 {
		return true // the condition runs first
	}
	x := ns.topIn(r, l.Node.Blocks[1].Ein)
	if x < 0 {
		return false
	}
	if x == set {
		return false
	}
	xn := ns.g.Def(x)
	return xn == nil || xn.Eff == nil || !containsSym(xn.Eff.Hdeps, set)
}

func containsSym(ss []Sym, s Sym) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func (l *LoopInfo) iv(v Sym) *inductionVar {
	for i := range l.ivs {
		if l.ivs[i].v == v {
			return &l.ivs[i]
		}
	}
	return nil
}

// counted decides whether l is counted and its trip count.
func (ns *nest) counted(l *LoopInfo) {
	cond := l.Node.Blocks[0]
	if cond.Res.IsConst() {
		return
	}
	c := ns.g.Def(cond.Res.s)
	if c == nil || len(c.Args) != 2 {
		return
	}
	x, n, op := c.Args[0], c.Args[1], c.Op
	switch op {
	case OpGt:
		x, n, op = n, x, OpLt
	case OpGe:
		x, n, op = n, x, OpLe
	}
	if (op != OpLt && op != OpLe) || x.IsConst() {
		return
	}
	r := ns.g.Def(x.s)
	if r == nil || r.Op != OpVarGet || ns.topIn(x.s, cond.Ein) < 0 {
		return
	}
	iv := l.iv(r.Args[0].s)
	if iv == nil || iv.step <= 0 {
		return
	}
	if n.IsSym() && ns.inside(ns.blockOf[n.s], l) {
		return
	}
	const maxInt = 1<<63 - 1
	switch {
	case op == OpLt && iv.step == 1:
		l.Counted = true
	case n.IsConst():
		nv := int64(n.c.Val.(int))
		if op == OpLt {
			nv-- // iv <= nv
		}
		l.Counted = nv <= maxInt-iv.step
	}
	if l.Counted {
		l.header = LoopHeader{Var: iv.v, Set: iv.set, Entry: iv.entry, Step: iv.step, Bound: n, Le: op == OpLe}
	}
	if l.Counted && n.IsConst() && iv.entry.IsConst() {
		e, nv := int64(iv.entry.c.Val.(int)), int64(n.c.Val.(int))
		if op == OpLe {
			nv++
		}
		// iterations: e, e+step, ... while < nv
		if nv <= e {
			l.Trip = 0
		} else if d := nv - e; d > 0 {
			l.Trip = (d + iv.step - 1) / iv.step
		}
	}
}

// ivValue returns the canonical form of a read r of an induction variable
// of a loop enclosing it, in terms of the loop's counter.
func (ns *nest) ivValue(r Sym) (Affine, bool) {
	d := ns.g.Def(r)
	if d == nil || d.Op != OpVarGet {
		return Affine{}, false
	}
	v := d.Args[0].s
	for l := ns.loopAt(ns.blockOf[r]); l != nil; l = l.Parent {
		iv := l.iv(v)
		if iv == nil {
			continue
		}
		entry := subscript(ns.g, iv.entry, ns.ivValue, 0)
		a := entry.Add(Affine{Terms: []Term{{Sym: l.Node.Sym, Loop: true, Coef: 1}}}, iv.step)
		if !ns.readsBefore(l, r, v, iv.set) {
			a.Const += iv.step
		}
		return a, true
	}
	return Affine{}, false
}
