package gogen

import (
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes an early return inside a staged conditional as a
// return where it happens. When the branches of a conditional go on to
// the same code but some of them may return, the frontend joins the
// branches that go on and gives each way out a label: the conditional
// yields the label with its other results, and the conditional after it
// chooses by the label between going on and returning (frontend
// control.go dynIf):
//
//	var b4, x42 int
//	if a4 > b3 {
//		b5 := b + 4
//		x36 := 7
//		if b5 > 3 {
//			x36 = 1
//		}
//		b4, x42 = b5, x36
//	} else {
//		b4, x42 = b3, 7
//	}
//	if x42 == 7 {
//		... // the rest of the function
//	}
//	return 3
//
// A Go programmer returns where the label is set and goes on after the
// conditional:
//
//	var b4 int
//	if a4 > b3 {
//		b5 := b + 4
//		if b5 > 3 {
//			return 3
//		}
//		b4 = b5
//	} else {
//		b4 = b3
//	}
//	... // the rest of the function
//
// It applies when the dispatch is the last statement of a function body
// and its result, the label is read by nothing else, and the statements
// between the two conditionals have no effect and cannot panic (the
// return skips them). Every branch of the conditional sets the label to a
// constant, directly or through a nested conditional that is its branch's
// last statement; for each label other than the one that goes on, the
// dispatch is decided down to a result made of constants, parameters, the
// conditional's other results at that branch, and names declared before.

// threadRet is a conditional whose label the dispatch after it reads.
type threadRet struct {
	n     *ir.Node  // the conditional setting the label
	pos   int       // the label's index among n's results
	d     *ir.Node  // the dispatch
	cont  int64     // the label that goes on
	rest  *ir.Block // the dispatch's branch for cont: the rest of the body
	exit  *ir.Block // its other branch, taken by every other label
	top   bool      // the body is the specialization's own: results are packed
	names []string  // the names of n's results ("_": the label, and results only returns read)
	// flag: the label is a bool the dispatch tests itself (if ok {
	// return p }; return -1 after a lookup), cont being 1 for true.
	flag bool
	// all: the rest returns values known at every branch too, so every
	// branch returns and nothing follows the conditional.
	all bool
}

// threadView is how a conditional m carries n's results: m is n, or a
// conditional nested in a branch of a view's conditional as its last
// statement, giving the label and some of n's results.
type threadView struct {
	t     *threadRet
	m     *ir.Node
	pos   int      // the label's index among m's results
	from  []int    // for each of n's results: its index among m's results, or -1
	outer []ir.Exp // for each of n's results with from -1: its value in the enclosing branch
}

// openBlock is a block being written and how far: the names its
// statements before at declare are in scope.
type openBlock struct {
	b  *ir.Block
	at int
}

// scope is what a return inside a branch may name: the open blocks up to
// their current statements, and the blocks on the way down to the branch.
type scope struct {
	fg    *funcGen
	spans []openBlock
}

func (fg *funcGen) openScope() scope {
	return scope{fg: fg, spans: append([]openBlock(nil), fg.open...)}
}

func (sc scope) with(b *ir.Block, at int) scope {
	return scope{fg: sc.fg, spans: append(append([]openBlock(nil), sc.spans...), openBlock{b, at})}
}

// has reports whether e can be written as a name (or constant) where sc
// is in force.
func (sc scope) has(e ir.Exp) bool {
	if e.IsConst() {
		return sc.fg.g.TypeOf(e).Kind != ir.KTuple
	}
	fg := sc.fg
	s := e.Sym()
	n := fg.g.Def(s)
	if n == nil {
		return true // a parameter
	}
	if fg.forwarded[s] || fg.unwritten[s] || fg.isTuple(s) || fg.boundGone != nil && fg.boundGone[s] {
		return false
	}
	if n.Op == ir.OpProj {
		// Named by the statement of the value it projects.
		t := n.Args[0]
		return t.IsSym() && fg.projs[t.Sym()] != nil && fg.g.Def(t.Sym()) != nil && sc.declares(fg.g.Def(t.Sym()))
	}
	if _, ok := fg.minArgs[s]; ok || fg.silent(n) || n.Op == ir.OpVarNew || n == fg.post || fg.packed(n) {
		return false // not a name, or one a for clause declares
	}
	return sc.declares(n)
}

// inlineAtLeaf reports whether e is written inline in the innermost
// block of sc, where the return is written.
func (sc scope) inlineAtLeaf(e ir.Exp) bool {
	if !e.IsSym() || len(sc.spans) == 0 {
		return false
	}
	b := sc.spans[len(sc.spans)-1].b
	pl := sc.fg.place[e.Sym()]
	return pl.b == b && !sc.fg.dup[e.Sym()] && sc.fg.plans[b].inline[pl.j] && !sc.fg.packed(sc.fg.g.Def(e.Sym()))
}

// declares reports whether n is written as a statement before the point
// of some span (a node placed in several blocks is not looked for).
func (sc scope) declares(n *ir.Node) bool {
	if sc.fg.dup[n.Sym] {
		return false
	}
	pl := sc.fg.place[n.Sym]
	for _, sp := range sc.spans {
		if sp.b == pl.b && int(pl.j) < sp.at {
			return !sc.fg.plans[pl.b].inline[pl.j]
		}
	}
	return false
}

// planThread returns how the conditional n, the i-th node of the function
// body fr, and the dispatch ending fr are written with returns in place,
// or nil.
func (fg *funcGen) planThread(fr *frame, i, last int, n *ir.Node, d dest) *threadRet {
	if d.kind != destReturn || n.Op != ir.OpIf || fg.packed(n) || last <= i {
		return nil
	}
	dn := fr.nodes[last]
	if dn.Op != ir.OpIf || fg.packed(dn) || !fg.wholeResults(fr.b.Res, dn) {
		return nil
	}
	// The dispatch's condition: label == K or label != K, written inline,
	// or a bool label itself.
	var t *threadRet
	var lab ir.Exp
	eq := true
	if x := dn.Args[0]; x.IsSym() && fg.g.TypeOf(x) == ir.Bool && fg.uses[x.Sym()] == 1 && (x == n.Sym.E() || fg.defOf(x) != nil && fg.defOf(x).Op == ir.OpProj) {
		lab, t = x, &threadRet{n: n, d: dn, cont: 1, top: d.top, flag: true}
	} else {
		c := fg.defOf(x)
		if c == nil || (c.Op != ir.OpEq && c.Op != ir.OpNe) || !fg.isInline(x) || fg.uses[c.Sym] != 1 {
			return nil
		}
		var k ir.Exp
		lab, k = c.Args[0], c.Args[1]
		if lab.IsConst() {
			lab, k = k, lab
		}
		if !lab.IsSym() || !k.IsConst() || !fg.g.TypeOf(k).IsInteger() || fg.uses[lab.Sym()] != 1 {
			return nil
		}
		t, eq = &threadRet{n: n, d: dn, cont: constInt(k.Const()), top: d.top}, c.Op == ir.OpEq
	}
	switch ln := fg.g.Def(lab.Sym()); {
	case lab.Sym() == n.Sym && !fg.isTuple(n.Sym):
	case ln != nil && ln.Op == ir.OpProj && ln.Args[0] == n.Sym.E() && fg.skip(ln) && fg.uses[n.Sym] == 0:
		t.pos = ln.Aux.(int)
	default:
		return nil
	}
	t.rest, t.exit = dn.Blocks[0], dn.Blocks[1]
	if !eq {
		t.rest, t.exit = t.exit, t.rest
	}
	// The statements between: no effect, no panic (a return skips them).
	for _, m := range fr.nodes[i+1 : last] {
		if !fg.skip(m) && !pureNode(m) {
			return nil
		}
	}
	sc := fg.openScope().with(fr.b, i)
	if fg.quietBlock(t, t.rest) {
		// Every branch returns, when the rest's values are known at each.
		t.all = true
		if fg.threadLeaves(t.root(), sc) {
			return t
		}
		t.all = false
	}
	if !fg.threadLeaves(t.root(), sc) {
		return nil
	}
	return t
}

// wholeResults reports whether block result res is all the results of
// conditional m in order, used only there.
func (fg *funcGen) wholeResults(res ir.Exp, m *ir.Node) bool {
	if res == m.Sym.E() {
		return fg.uses[m.Sym] == 1 && fg.projs[m.Sym] == nil
	}
	if !res.IsSym() || !fg.isTuple(m.Sym) || fg.uses[m.Sym] != 0 {
		return false
	}
	tn := fg.g.Def(res.Sym())
	if tn == nil || tn.Op != ir.OpTuple || len(tn.Args) != len(m.Type.Values()) || fg.uses[res.Sym()] != 1 {
		return false
	}
	for j, a := range tn.Args {
		pn := fg.defOf(a)
		if pn == nil || pn.Op != ir.OpProj || pn.Args[0] != m.Sym.E() || pn.Aux.(int) != j || fg.uses[a.Sym()] != 1 {
			return false
		}
	}
	return true
}

// root returns the view of n itself.
func (t *threadRet) root() *threadView {
	v := &threadView{t: t, m: t.n, pos: t.pos}
	k := len(t.n.Type.Values())
	v.from = make([]int, k)
	for j := range v.from {
		v.from[j] = j
	}
	return v
}

// branchResults returns the results of m as block result res gives them (nil
// when they are not written out).
func (fg *funcGen) branchResults(res ir.Exp, m *ir.Node) []ir.Exp {
	if !fg.isTuple(m.Sym) {
		return []ir.Exp{res}
	}
	if !res.IsSym() {
		return nil
	}
	tn := fg.g.Def(res.Sym())
	if tn == nil || tn.Op != ir.OpTuple || len(tn.Args) != len(m.Type.Values()) {
		return nil
	}
	return tn.Args
}

// comps returns n's results at a branch of v's conditional whose results
// are mres.
func (v *threadView) comps(mres []ir.Exp) []ir.Exp {
	c := make([]ir.Exp, len(v.from))
	for j, r := range v.from {
		if r >= 0 {
			c[j] = mres[r]
		} else {
			c[j] = v.outer[j]
		}
	}
	return c
}

// slotNames returns the names v's conditional assigns its results to.
func (v *threadView) slotNames() []string {
	names := make([]string, len(v.m.Type.Values()))
	for r := range names {
		names[r] = "_"
	}
	for j, r := range v.from {
		if r >= 0 && j != v.t.pos {
			names[r] = v.t.names[j]
		}
	}
	return names
}

// innerView returns the view of the conditional that is the last
// statement of branch b of v's conditional, whose results there are
// mres, when it sets the label; and its index in b.
func (fg *funcGen) innerView(v *threadView, b *ir.Block, mres []ir.Exp) (*threadView, int) {
	in, at := fg.lastIf(b)
	if in == nil {
		return nil, -1
	}
	lab := mres[v.pos]
	q := -1
	if lab == in.Sym.E() {
		if fg.isTuple(in.Sym) || fg.uses[in.Sym] != 1 {
			return nil, -1
		}
		q = 0
	} else if p := fg.defOf(lab); p != nil && p.Op == ir.OpProj && p.Args[0] == in.Sym.E() && fg.uses[in.Sym] == 0 {
		q = p.Aux.(int)
	} else {
		return nil, -1
	}
	// Every result of in that is read is read once, here.
	slot := func(x ir.Exp) int {
		if x == in.Sym.E() {
			return 0
		}
		if p := fg.defOf(x); p != nil && p.Op == ir.OpProj && p.Args[0] == in.Sym.E() {
			return p.Aux.(int)
		}
		return -1
	}
	seen := map[int]bool{}
	for _, x := range mres {
		if r := slot(x); r >= 0 {
			if seen[r] || fg.uses[x.Sym()] != 1 {
				return nil, -1
			}
			seen[r] = true
		}
	}
	for r, p := range fg.projs[in.Sym] {
		if p != 0 && fg.uses[p] > 0 && !seen[r] {
			return nil, -1
		}
	}
	comps := v.comps(mres)
	iv := &threadView{t: v.t, m: in, pos: q, from: make([]int, len(v.from)), outer: make([]ir.Exp, len(v.from))}
	for j, r := range v.from {
		iv.from[j] = -1
		if r >= 0 {
			iv.from[j] = slot(mres[r])
		}
		if iv.from[j] < 0 {
			iv.outer[j] = comps[j]
		}
	}
	return iv, at
}

// wholeView returns the view of the conditional that is the last
// statement of branch b of v's conditional and gives all of the branch's
// results itself (a switch's arms nested as else ifs, each a
// conditional of the same results); and its index in b.
func (fg *funcGen) wholeView(v *threadView, b *ir.Block) (*threadView, int) {
	in, at := fg.lastIf(b)
	if in == nil || b.Res != in.Sym.E() || !fg.isTuple(in.Sym) || fg.uses[in.Sym] != 1 ||
		len(in.Type.Values()) != len(v.m.Type.Values()) {
		return nil, -1
	}
	for _, p := range fg.projs[in.Sym] {
		if p != 0 && fg.uses[p] > 0 {
			return nil, -1
		}
	}
	return &threadView{t: v.t, m: in, pos: v.pos, from: v.from, outer: v.outer}, at
}

// quietAfter reports whether the nodes of block b after index at are
// written nowhere and do nothing.
func (fg *funcGen) quietAfter(b *ir.Block, at int) bool {
	p := fg.plans[b]
	for j, x := range p.nodes[at+1:] {
		if !p.inline[at+1+j] && !fg.silent(x) || !pureNode(x) {
			return false
		}
	}
	return true
}

// threadLeaves checks every branch of v's conditional for the label it
// sets and, for a label that returns, the values returned.
func (fg *funcGen) threadLeaves(v *threadView, sc scope) bool {
	t := v.t
	for _, b := range v.m.Blocks {
		p := fg.plans[b]
		mres := fg.branchResults(b.Res, v.m)
		if mres == nil {
			if iv, at := fg.wholeView(v, b); iv != nil && fg.quietAfter(b, at) && fg.threadLeaves(iv, sc.with(b, at)) {
				continue
			}
			return false
		}
		if iv, at := fg.innerView(v, b, mres); iv != nil {
			for j, x := range p.nodes[at+1:] {
				if !p.inline[at+1+j] && !fg.silent(x) || !pureNode(x) {
					return false
				}
			}
			// What the branch may leave unassigned: written inline
			// without effect, or not at all.
			for j, r := range v.from {
				if r >= 0 && iv.from[j] < 0 && !fg.dropIn(b, mres[r]) {
					return false
				}
			}
			if !fg.threadLeaves(iv, sc.with(b, at)) {
				return false
			}
			continue
		}
		k, ok := labelOf(mres[v.pos])
		if !ok {
			return false
		}
		if k != t.cont || t.all {
			vs, ok := fg.threadValues(t, k, v.comps(mres), sc.with(b, len(p.nodes)))
			if !ok {
				return false
			}
			// What the return leaves unwritten: written inline without
			// effect, or not at all.
			for r, x := range mres {
				if r != v.pos && !slices.Contains(vs, x) && !fg.dropIn(b, x) {
					return false
				}
			}
		}
	}
	return true
}

// lastIf returns the last statement of block b and its index when it is
// a conditional followed only by nodes written nowhere.
func (fg *funcGen) lastIf(b *ir.Block) (*ir.Node, int) {
	p := fg.plans[b]
	for j := len(p.nodes) - 1; j >= 0; j-- {
		m := p.nodes[j]
		if p.inline[j] || fg.silent(m) {
			if !pureNode(m) {
				return nil, -1
			}
			continue
		}
		if m.Op != ir.OpIf || fg.packed(m) {
			return nil, -1
		}
		return m, j
	}
	return nil, -1
}

// dropIn reports whether value x of a result of block b can be left
// unwritten: a constant, a name, or a node written inline there without
// effect or panic.
func (fg *funcGen) dropIn(b *ir.Block, x ir.Exp) bool {
	if x.IsConst() {
		return true
	}
	if pl := fg.place[x.Sym()]; pl.b == b && fg.plans[b].inline[pl.j] || fg.dup[x.Sym()] {
		return pureNode(fg.g.Def(x.Sym()))
	}
	return true
}

// threadValues returns the values the function returns when the label
// is k, n's results then being comps: the dispatch decided down to its
// result.
func (fg *funcGen) threadValues(t *threadRet, k int64, comps []ir.Exp, sc scope) ([]ir.Exp, bool) {
	b := t.exit
	if k == t.cont {
		b = t.rest
	}
	if !fg.quietBlock(t, b) {
		return nil, false
	}
	vs, ok := fg.threadValue(t, b.Res, k, comps, sc)
	if !ok {
		return nil, false
	}
	// A value written inline at the return is written once, and at most
	// one of them may panic: the return evaluates them in its order.
	traps := 0
	for i, v := range vs {
		if v.IsSym() && sc.inlineAtLeaf(v) {
			if slices.Contains(vs[i+1:], v) || slices.Contains(vs[:i], v) {
				return nil, false
			}
			if !pureNode(fg.g.Def(v.Sym())) {
				traps++
			}
		}
	}
	if traps > 1 {
		return nil, false
	}
	return vs, true
}

// quietBlock reports whether block b of the dispatch writes nothing but
// conditionals on the label (and their inline tests).
func (fg *funcGen) quietBlock(t *threadRet, b *ir.Block) bool {
	p := fg.plans[b]
	for j, m := range p.nodes {
		switch {
		case m.Op == ir.OpIf:
			if _, ok := fg.threadDecide(t, m.Args[0], 0); !ok {
				return false
			}
		case (p.inline[j] || fg.silent(m)) && pureNode(m):
		default:
			return false
		}
	}
	return true
}

func (fg *funcGen) threadValue(t *threadRet, e ir.Exp, k int64, comps []ir.Exp, sc scope) ([]ir.Exp, bool) {
	if e.IsConst() || fg.g.Def(e.Sym()) == nil {
		if !sc.has(e) {
			return nil, false
		}
		return []ir.Exp{e}, true
	}
	n := fg.g.Def(e.Sym())
	switch {
	case n.Op == ir.OpTuple:
		var vals []ir.Exp
		for _, a := range n.Args {
			vs, ok := fg.threadValue(t, a, k, comps, sc)
			if !ok || len(vs) != 1 {
				return nil, false
			}
			vals = append(vals, vs...)
		}
		return vals, true
	case n.Op == ir.OpProj && n.Args[0] == t.n.Sym.E():
		i := n.Aux.(int)
		if i == t.pos || i >= len(comps) || !sc.has(comps[i]) && !sc.inlineAtLeaf(comps[i]) {
			return nil, false
		}
		return []ir.Exp{comps[i]}, true
	case n.Op == ir.OpIf:
		c, ok := fg.threadDecide(t, n.Args[0], k)
		if !ok {
			return nil, false
		}
		b := n.Blocks[1]
		if c {
			b = n.Blocks[0]
		}
		if !fg.quietBlock(t, b) {
			return nil, false
		}
		return fg.threadValue(t, b.Res, k, comps, sc)
	case sc.has(e):
		return []ir.Exp{e}, true
	}
	return nil, false
}

// labelOf returns the value of a label set to constant e: an integer, or
// a bool as 1 and 0.
func labelOf(e ir.Exp) (int64, bool) {
	c := e.Const()
	switch {
	case c == nil:
		return 0, false
	case c.Type == ir.Bool:
		if c.Val.(bool) {
			return 1, true
		}
		return 0, true
	case c.Type.IsInteger():
		return constInt(c), true
	}
	return 0, false
}

// threadDecide returns the value of condition e when the label is k: a
// comparison of the label with a constant.
func (fg *funcGen) threadDecide(t *threadRet, e ir.Exp, k int64) (bool, bool) {
	if t.flag && t.isLabel(fg, e) {
		return k != 0, true
	}
	return fg.decideEq(e, k, func(a ir.Exp) bool { return t.isLabel(fg, a) })
}

// isLabel reports whether e reads the label.
func (t *threadRet) isLabel(fg *funcGen, e ir.Exp) bool {
	if !fg.isTuple(t.n.Sym) {
		return e == t.n.Sym.E()
	}
	p := fg.defOf(e)
	return p != nil && p.Op == ir.OpProj && p.Args[0] == t.n.Sym.E() && p.Aux.(int) == t.pos
}

// threadIf writes conditional n of plan t: its results other than the
// label declared, each branch assigning them or returning.
func (fg *funcGen) threadIf(out *stmts, t *threadRet) {
	n := t.n
	t.names = []string{"_"}
	if fg.isTuple(n.Sym) {
		t.names = fg.resultNames(n.Sym)
		t.names[t.pos] = "_"
		// A result only the returns read is not assigned.
		in := map[ir.Sym]int32{}
		fg.countUses(t.exit, in)
		if t.all {
			fg.countUses(t.rest, in)
		}
		for j, p := range fg.projs[n.Sym] {
			if p != 0 && in[p] >= fg.uses[p] {
				t.names[j] = "_"
			}
		}
		fg.declare(out, t.names, n.Type.Values())
	}
	v := t.root()
	fg.threadBranches(out, n, dest{kind: destAssign, names: v.slotNames(), thread: v})
}

// countUses counts the uses of each symbol in block b and the blocks
// nested in it.
func (fg *funcGen) countUses(b *ir.Block, in map[ir.Sym]int32) {
	if b.Res.IsSym() {
		in[b.Res.Sym()]++
	}
	for _, m := range fg.plans[b].nodes {
		for _, a := range m.Args {
			if a.IsSym() {
				in[a.Sym()]++
			}
		}
		for _, nb := range m.Blocks {
			fg.countUses(nb, in)
		}
	}
}

// threadBranches writes the branches of conditional m to d.
func (fg *funcGen) threadBranches(out *stmts, m *ir.Node, d dest) {
	c := m.Args[0]
	th := fg.block(m.Blocks[0], d)
	el := fg.block(m.Blocks[1], d)
	if th.term && len(el.list) > 0 {
		fg.ifThen(out, c, th, el)
		return
	}
	fg.ifElse(out, c, th, el)
}

// threadInner writes the nested conditional m, the last statement of a
// branch whose result is res, if m sets the label of d's view: its
// branches assign the results they give and return on the other labels,
// and the results the branch gives itself are assigned after it.
func (fg *funcGen) threadInner(out *stmts, m *ir.Node, b *ir.Block, d dest) bool {
	v := d.thread
	mres := fg.branchResults(b.Res, v.m)
	if mres == nil {
		iv, _ := fg.wholeView(v, b)
		if iv == nil || iv.m != m {
			return false
		}
		fg.threadBranches(out, m, dest{kind: destAssign, names: d.names, thread: iv})
		fg.consumed[m.Sym] = true
		return true
	}
	iv, _ := fg.innerView(v, b, mres)
	if iv == nil || iv.m != m {
		return false
	}
	fg.threadBranches(out, m, dest{kind: destAssign, names: iv.slotNames(), thread: iv})
	if out.term {
		return true
	}
	var lhs, rhs []jen.Code
	for j, r := range v.from {
		if r < 0 || iv.from[j] >= 0 || d.names[r] == "_" {
			continue
		}
		x := fg.ref(mres[r], ctxConverted).code()
		if x.GoString() == d.names[r] {
			continue
		}
		lhs = append(lhs, jen.Id(d.names[r]))
		rhs = append(rhs, x)
	}
	if len(lhs) > 0 {
		out.add(jen.List(lhs...).Op("=").List(rhs...))
	}
	if b.Res.IsSym() {
		fg.consumed[b.Res.Sym()] = true
	}
	return true
}

// threadResult sends a branch result res to d, whose view threads
// returns: a label that returns returns. It reports false when res is
// assigned as usual.
func (fg *funcGen) threadResult(out *stmts, res ir.Exp, d dest) bool {
	v := d.thread
	t := v.t
	mres := fg.branchResults(res, v.m)
	k, ok := labelOf(mres[v.pos])
	if !ok {
		panic("BUG: gogen: a label set by no conditional")
	}
	if k == t.cont && !t.all {
		return false
	}
	vs, ok := fg.threadValues(t, k, v.comps(mres), fg.openScope())
	if !ok {
		panic("BUG: gogen: the return of a label is not known")
	}
	vals := make([]jen.Code, len(vs))
	for i, x := range vs {
		vals[i] = fg.ref(x, ctxConverted).code()
	}
	if t.top && fg.results != nil {
		vals = fg.pack(out, vals)
	}
	out.add(jen.Return(vals...))
	out.term = true
	return true
}
