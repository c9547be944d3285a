package gogen

import (
	"maps"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a return from inside a loop written with exits
// (exitloop.go) as a plain return. The frontend stages a return inside a
// staged loop as an exit: before leaving, the loop sets a code variable,
// and the statements after the loop choose what to return by that code:
//
//	for { ...; if m == 0 { x8 = 6; break }; ... }
//	if x8 == 4 { return sum, skipped }
//	return 0, -1
//
// When everything after the loop only reads variables and chooses by the
// code, each exit knows what the function returns, and returns it there:
//
//	for i < len(buf) { ...; if m == 0 { return 0, -1 }; ... }
//	return sum, skipped
//
// It qualifies when the loop is a statement of a function body whose
// result the statements after it compute, none of which has an effect or
// may panic; the code variable is read only there and set (to a
// constant) only in the blocks that leave the loop, once in each, and the
// code each exit sets decides every conditional after the loop, down to a
// result made of constants, parameters and variables. A variable read
// after the loop holds at the exit the value it has after the loop: the
// exit goes straight there. The exits of one code, that of an exit the
// loop's code starts with (its condition), stay breaks, and the loop is
// followed by that code's return. A variable that only carries a value to
// that return and that each of those breaks sets to one constant is
// returned as the constant (return -1, -1): the breaks are then bare, a
// guard the loop's condition takes (brkConsts).

// exitReturn is how a loop written with exits returns from its exits.
type exitReturn struct {
	code  ir.Sym // the code variable (its var_new)
	top   bool   // the loop is in the specialization's own body: results are packed
	leafs map[*ir.Block]exitLeaf
	brk   int64 // the code whose exits stay breaks
	hasBr bool  // some code stays a break
	res   ir.Exp
	// tail: the breaks go on to the code after the loop, written for
	// their code (exittail.go), not to a return of known values.
	tail      bool
	tailReads map[ir.Sym]bool // the variables that code reads
	// The constants the breaks' return returns instead of the variables
	// every break sets to them.
	brkSubst map[ir.Sym]ir.Exp
}

// exitLeaf is a block of the exit code that leaves the loop.
type exitLeaf struct {
	code  int64
	subst map[ir.Sym]ir.Exp // variable -> the value the block sets it to, returned instead
}

// retVal is one returned value of an exit: a constant or parameter (e),
// or the value of a variable (v).
type retVal struct {
	e ir.Exp
	v ir.Sym
}

// planReturns finds the loops written with exits among the statements of
// function body b whose exits can return; top says b is the
// specialization's own body.
func (fg *funcGen) planReturns(b *ir.Block, top bool) {
	if fg.retPlanned[b] {
		return
	}
	if fg.retPlanned == nil {
		fg.retPlanned = map[*ir.Block]bool{}
	}
	fg.retPlanned[b] = true
	p := fg.plans[b]
	for j, n := range p.nodes {
		if n.Op != ir.OpWhile || p.inline[j] {
			continue
		}
		r := fg.exitReturnOf(b, j, n, top)
		if r == nil {
			continue
		}
		if fg.exitRets == nil {
			fg.exitRets = map[ir.Sym]*exitReturn{}
		}
		// Marks are made on a copy, kept when the loop qualifies.
		saved := fg.unwritten
		fg.unwritten = maps.Clone(saved)
		if fg.unwritten == nil {
			fg.unwritten = map[ir.Sym]bool{}
		}
		fg.unwritten[r.code] = true
		for _, u := range fg.varOps[r.code] {
			if u.Op == ir.OpVarSet {
				fg.unwritten[u.Sym] = true
			}
		}
		if !fg.planSlots(b, n, r) {
			fg.unwritten = saved
			continue
		}
		fg.exitRets[n.Sym] = r
		if r.tail {
			fg.tailRets = append(fg.tailRets, r)
		}
	}
}

// exitReturnOf returns how loop n, the j-th node of body b, returns from
// its exits, or nil when it cannot.
func (fg *funcGen) exitReturnOf(b *ir.Block, j int, n *ir.Node, top bool) *exitReturn {
	x := fg.exitLoopOf(n)
	if x == nil {
		return nil
	}
	// The statements after the loop: no effect, no panic.
	tail := map[ir.Sym]bool{}
	p := fg.plans[b]
	for _, m := range p.nodes[j+1:] {
		if !fg.tailNode(m, tail) {
			return nil
		}
	}
	// The code variable: what the first conditional after the loop
	// chooses by.
	if !b.Res.IsSym() {
		return nil
	}
	v := fg.codeVar(b, j)
	if v == 0 {
		return nil
	}
	r := &exitReturn{code: v, top: top, leafs: map[*ir.Block]exitLeaf{}, res: b.Res}
	sets := 0
	if !fg.exitLeaves(fg.g.Def(x.code), x.cont, r, &sets) {
		return nil
	}
	for _, u := range fg.varOps[v] {
		switch u.Op {
		case ir.OpVarGet:
			if !tail[u.Sym] {
				return nil
			}
		case ir.OpVarSet:
			sets--
		}
	}
	if sets != 0 {
		return nil // a set of the code outside the exits
	}
	if d := fg.g.Def(v); d == nil || d.Op != ir.OpVarNew {
		return nil
	}
	if c, ok := fg.guardCode(x, r); ok {
		r.brk, r.hasBr = c, true
	}
	for _, l := range r.leafs {
		if _, ok := fg.exitValues(r, l.code); !ok {
			if !r.hasBr || l.code != r.brk || !fg.tailPath(r, b, j+1) {
				return nil
			}
			r.tail = true
		}
	}
	return r
}

// codeVar returns the variable the first conditional after loop j of b
// chooses by, or 0.
func (fg *funcGen) codeVar(b *ir.Block, j int) ir.Sym {
	for _, m := range fg.plans[b].nodes[j+1:] {
		if m.Op == ir.OpIf && m.Args[0].IsSym() {
			c := fg.g.Def(m.Args[0].Sym())
			if c == nil || (c.Op != ir.OpEq && c.Op != ir.OpNe) {
				return 0
			}
			for _, a := range c.Args {
				if g := fg.defOf(a); g != nil && g.Op == ir.OpVarGet {
					return g.Args[0].Sym()
				}
			}
			return 0
		}
	}
	return 0
}

func (fg *funcGen) defOf(e ir.Exp) *ir.Node {
	if !e.IsSym() {
		return nil
	}
	return fg.g.Def(e.Sym())
}

// tailNode reports whether n, scheduled after the loop, has no effect
// and cannot panic (a variable read, or a conditional of such nodes), and
// records it and the nodes of its blocks in tail.
func (fg *funcGen) tailNode(n *ir.Node, tail map[ir.Sym]bool) bool {
	tail[n.Sym] = true
	switch {
	case n.Op == ir.OpVarGet:
		return true
	case n.Op == ir.OpIf:
		if n.CanTrap() {
			return false
		}
		for _, b := range n.Blocks {
			for _, m := range fg.plans[b].nodes {
				if !fg.tailNode(m, tail) {
					return false
				}
			}
		}
		return true
	}
	return pureNode(n) && len(n.Blocks) == 0
}

// exitLeaves records the blocks of exit code conditional n that leave
// the loop (their result a constant other than cont) with the code each
// sets, counting the sets in *sets. Every such block must set the code
// variable once, to a constant; a block that goes round again must not.
func (fg *funcGen) exitLeaves(n *ir.Node, cont int64, r *exitReturn, sets *int) bool {
	for _, b := range n.Blocks {
		if b.Res.IsSym() {
			if !fg.exitLeaves(fg.g.Def(b.Res.Sym()), cont, r, sets) {
				return false
			}
			continue
		}
		var set *ir.Node
		for _, m := range fg.plans[b].nodes {
			if m.Op == ir.OpVarSet && m.Args[0] == r.code.E() {
				if set != nil {
					return false
				}
				set = m
			}
		}
		if constInt(b.Res.Const()) == cont {
			if set != nil {
				return false
			}
			continue
		}
		if set == nil || !set.Args[1].IsConst() || !fg.g.TypeOf(set.Args[1]).IsInteger() {
			return false
		}
		*sets++
		r.leafs[b] = exitLeaf{code: constInt(set.Args[1].Const()), subst: map[ir.Sym]ir.Exp{}}
	}
	return true
}

// guardCode returns the code of an exit of the outermost conditional of
// the exit code: the exit a loop condition makes, which stays a break.
func (fg *funcGen) guardCode(x *exitLoop, r *exitReturn) (int64, bool) {
	root := fg.g.Def(x.code)
	for _, b := range root.Blocks {
		if l, ok := r.leafs[b]; ok {
			return l.code, true
		}
	}
	return 0, false
}

// exitValues returns the values the function returns when the loop
// leaves with code k: the block result after the loop, with every
// conditional decided by k.
func (fg *funcGen) exitValues(r *exitReturn, k int64) ([]retVal, bool) {
	return fg.resolveRet(r, r.res, k)
}

// resolveRet resolves e after the loop left with code k.
func (fg *funcGen) resolveRet(r *exitReturn, e ir.Exp, k int64) ([]retVal, bool) {
	if e.IsConst() {
		if fg.g.TypeOf(e).Kind == ir.KTuple {
			return nil, false
		}
		return []retVal{{e: e}}, true
	}
	n := fg.g.Def(e.Sym())
	if n == nil {
		return []retVal{{e: e}}, true // a parameter
	}
	switch n.Op {
	case ir.OpVarGet:
		v := n.Args[0].Sym()
		if v == r.code || fg.g.TypeOf(e).Kind == ir.KTuple {
			return nil, false
		}
		return []retVal{{v: v}}, true
	case ir.OpTuple:
		var vals []retVal
		for _, a := range n.Args {
			vs, ok := fg.resolveRet(r, a, k)
			if !ok || len(vs) != 1 {
				return nil, false
			}
			vals = append(vals, vs...)
		}
		return vals, true
	case ir.OpProj:
		vs, ok := fg.resolveRet(r, n.Args[0], k)
		i := n.Aux.(int)
		if !ok || i >= len(vs) {
			return nil, false
		}
		return vs[i : i+1], true
	case ir.OpIf:
		c, ok := fg.decide(r, n.Args[0], k)
		if !ok {
			return nil, false
		}
		b := n.Blocks[1]
		if c {
			b = n.Blocks[0]
		}
		return fg.resolveRet(r, b.Res, k)
	}
	return nil, false
}

// decide returns the value of condition e after the loop left with code
// k: a comparison of the code with a constant.
func (fg *funcGen) decide(r *exitReturn, e ir.Exp, k int64) (bool, bool) {
	return fg.decideEq(e, k, func(a ir.Exp) bool {
		g := fg.defOf(a)
		return g != nil && g.Op == ir.OpVarGet && g.Args[0].Sym() == r.code
	})
}

// decideEq returns the value of condition e, a comparison of a value
// reading the code (isCode) with an integer constant, when the code is k.
func (fg *funcGen) decideEq(e ir.Exp, k int64, isCode func(ir.Exp) bool) (bool, bool) {
	n := fg.defOf(e)
	if n == nil || (n.Op != ir.OpEq && n.Op != ir.OpNe) {
		return false, false
	}
	a, c := n.Args[0], n.Args[1]
	if a.IsConst() {
		a, c = c, a
	}
	if !a.IsSym() || !c.IsConst() || !fg.g.TypeOf(c).IsInteger() || !isCode(a) {
		return false, false
	}
	eq := constInt(c.Const()) == k
	return eq == (n.Op == ir.OpEq), true
}

// exitReturnStmt writes the return of an exit with code k, from leaf l
// (nil: after the loop).
func (fg *funcGen) exitReturnStmt(out *stmts, r *exitReturn, k int64, l *exitLeaf) {
	vs, ok := fg.exitValues(r, k)
	if !ok {
		panic("BUG: gogen: the return of an exit is not known")
	}
	vals := make([]jen.Code, len(vs))
	for i, v := range vs {
		if e, ok := l.substOf(v.v); ok {
			vals[i] = fg.ref(e, ctxConverted).code()
		} else if e, ok := r.brkSubst[v.v]; ok && l == nil && v.v != 0 {
			vals[i] = fg.ref(e, ctxConverted).code()
		} else if v.v != 0 {
			vals[i] = jen.Id(fg.name(v.v))
		} else {
			vals[i] = fg.ref(v.e, ctxConverted).code()
		}
	}
	if r.top && fg.results != nil {
		vals = fg.pack(out, vals)
	}
	out.add(jen.Return(vals...))
	out.term = true
}

// substOf returns the value leaf l returns instead of variable v.
func (l *exitLeaf) substOf(v ir.Sym) (ir.Exp, bool) {
	if l == nil || v == 0 {
		return ir.Exp{}, false
	}
	e, ok := l.subst[v]
	return e, ok
}

// planSlots finds the variables that only carry a returned value out of
// loop n of body b (set only in the exits, read only after the loop):
// an exit that returns such a variable returns the value it sets it to
// (return i, not x17 = i; return x17), and a set whose value no return
// reads is left out. A variable left without a set and a read is not
// declared.
//
// It reports false when a variable would be set and never read: the loop
// then keeps its exit code.
func (fg *funcGen) planSlots(b *ir.Block, n *ir.Node, r *exitReturn) bool {
	// The leaves in the order of the exit code (not of the map).
	var leaves []*ir.Block
	fg.leafOrder(fg.g.Def(fg.exitLoopOf(n).code), r, &leaves)
	reads := func(k int64) map[ir.Sym]bool {
		vs, _ := fg.exitValues(r, k)
		m := map[ir.Sym]bool{}
		for _, v := range vs {
			if v.v != 0 {
				m[v.v] = true
			}
		}
		return m
	}
	var brkReads map[ir.Sym]bool
	if r.hasBr {
		brkReads = reads(r.brk)
	}

	// Candidates: every set in an exit, every read after the loop.
	inLeaf := map[ir.Sym]*ir.Block{}
	for _, l := range leaves {
		for _, m := range fg.plans[l].nodes {
			inLeaf[m.Sym] = l
		}
	}
	tail := map[ir.Sym]bool{}
	p := fg.plans[b]
	for j := slicesIndex(p.nodes, n) + 1; j < len(p.nodes); j++ {
		fg.tailNode(p.nodes[j], tail)
	}
	if r.tail {
		// The code written after the loop reads these (exittail.go).
		brkReads = r.tailReads
	}
	var slots []ir.Sym
	for _, l := range leaves {
		for _, m := range fg.plans[l].nodes {
			if m.Op != ir.OpVarSet || m.Args[0].Sym() == r.code || containsSym(slots, m.Args[0].Sym()) {
				continue
			}
			w := m.Args[0].Sym()
			ok := true
			for _, u := range fg.varOps[w] {
				switch u.Op {
				case ir.OpVarSet:
					ok = ok && inLeaf[u.Sym] != nil
				case ir.OpVarGet:
					ok = ok && tail[u.Sym]
				}
			}
			if ok {
				slots = append(slots, w)
			}
		}
	}
	drop := map[ir.Sym]bool{}
	if r.hasBr && !r.tail {
		fg.brkConsts(r, leaves, slots, brkReads, drop)
	}
	// Per exit, from its last statement back: substitute or leave out
	// sets of slots while nothing else is written after them.
	for _, lb := range leaves {
		l := r.leafs[lb]
		isBrk := r.hasBr && l.code == r.brk
		rd := reads(l.code)
		if isBrk {
			rd = nil // the return after the loop reads the variables
		}
		pl := fg.plans[lb]
		stop := false
		for j := len(pl.nodes) - 1; j >= 0; j-- {
			m := pl.nodes[j]
			if pl.inline[j] || fg.forwarded[m.Sym] || fg.silent(m) || fg.unwritten[m.Sym] {
				continue
			}
			w := ir.Sym(0)
			if m.Op == ir.OpVarSet {
				w = m.Args[0].Sym()
			}
			if drop[m.Sym] {
				continue // a constant the breaks' return returns
			}
			if stop || !containsSym(slots, w) {
				stop = true
				continue
			}
			_, done := l.subst[w]
			switch {
			case rd[w] && !done:
				l.subst[w] = m.Args[1]
				drop[m.Sym] = true
			case !rd[w] && !(isBrk && brkReads[w]) && fg.quietIn(lb, m.Args[1]):
				drop[m.Sym] = true
			default:
				stop = true
			}
		}
	}
	for _, w := range slots {
		_, brkConst := r.brkSubst[w]
		setKept, readAny, substd := false, brkReads[w] && !brkConst, false
		for _, u := range fg.varOps[w] {
			setKept = setKept || u.Op == ir.OpVarSet && !drop[u.Sym]
		}
		for _, lb := range leaves {
			l := r.leafs[lb]
			if r.hasBr && l.code == r.brk || !reads(l.code)[w] {
				continue
			}
			_, ok := l.subst[w]
			substd = substd || ok
			readAny = readAny || !ok
		}
		switch {
		case setKept && !readAny && substd:
			// Set but read nowhere as a variable: return it as one.
			for _, lb := range leaves {
				delete(r.leafs[lb].subst, w)
			}
			for _, u := range fg.varOps[w] {
				delete(drop, u.Sym)
			}
		case setKept && !readAny:
			return false
		case !setKept && !readAny:
			fg.unwritten[w] = true // not declared
		}
	}
	for s := range drop {
		fg.unwritten[s] = true
	}
	return true
}

// brkConsts finds the slots the return after the loop reads that every
// exit staying a break sets, once, to one constant: that return returns
// the constant (return -1, -1, not x117 = -1; x174 = -1; break and
// return x117, x174), and the sets are left out (marked in drop). A slot
// is read only after the loop, so a constant set is left out wherever
// it stands in its exit.
func (fg *funcGen) brkConsts(r *exitReturn, leaves []*ir.Block, slots []ir.Sym, brkReads map[ir.Sym]bool, drop map[ir.Sym]bool) {
	for _, w := range slots {
		if !brkReads[w] {
			continue
		}
		var k ir.Exp
		var sets []ir.Sym
		ok := true
		for _, lb := range leaves {
			if r.leafs[lb].code != r.brk {
				continue
			}
			n := 0
			for _, m := range fg.plans[lb].nodes {
				if m.Op == ir.OpVarSet && m.Args[0].Sym() == w {
					n++
					c := m.Args[1]
					ok = ok && c.IsConst() && (k == ir.Exp{} || k == c)
					k = c
					sets = append(sets, m.Sym)
				}
			}
			ok = ok && n == 1
		}
		if !ok || len(sets) == 0 {
			continue
		}
		if r.brkSubst == nil {
			r.brkSubst = map[ir.Sym]ir.Exp{}
		}
		r.brkSubst[w] = k
		for _, s := range sets {
			drop[s] = true
		}
	}
}

// leafOrder appends the exit blocks of conditional n in branch order.
func (fg *funcGen) leafOrder(n *ir.Node, r *exitReturn, out *[]*ir.Block) {
	for _, b := range n.Blocks {
		if b.Res.IsSym() {
			fg.leafOrder(fg.g.Def(b.Res.Sym()), r, out)
		} else if _, ok := r.leafs[b]; ok {
			*out = append(*out, b)
		}
	}
}

// quietIn reports whether leaving out the use of e in block b loses
// nothing: e is a constant, a name, or written inline there by nodes
// without effects that cannot panic.
func (fg *funcGen) quietIn(b *ir.Block, e ir.Exp) bool {
	if e.IsConst() {
		return true
	}
	p := fg.plans[b]
	for j, m := range p.nodes {
		if m.Sym == e.Sym() {
			if !p.inline[j] {
				return true
			}
			if !pureNode(m) {
				return false
			}
			for _, a := range m.Args {
				if !fg.quietIn(b, a) {
					return false
				}
			}
			return true
		}
	}
	return true // scheduled elsewhere: a name
}

func containsSym(l []ir.Sym, s ir.Sym) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func slicesIndex(l []*ir.Node, n *ir.Node) int {
	for i, m := range l {
		if m == n {
			return i
		}
	}
	return -1
}
