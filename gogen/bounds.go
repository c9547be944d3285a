package gogen

import (
	"slices"

	"github.com/dave/jennifer/jen"
	"github.com/lmsgen/lmsgen/ir"
)

// This file chooses how the bound of a counted loop is written so that
// gc's prove pass removes the bounds checks of the slice the loop indexes.
//
// gc proves s[i] in range in a loop for i := e; i < len(s); i++ (e ≥ 0),
// but not in for i := 0; i < n; i++ after s := make([]T, n), nor after
// s := x[:n]: it does not know that len(s) is n. A loop whose bound n is
// the length of such a slice t (ir.Deps.LenEquals: t is made with length
// n or is a sub-slice x[lo:hi] with hi - lo = n), declared before the
// loop, and which indexes t at its induction variable, is written
// i < len(t): the same value, read from a slice that no statement
// reassigns, so no panic moves and none changes its message (a hint such
// as _ = t[n-1] would, see doc.go). When several slices qualify, the one
// indexed most often at i is chosen (ties: the first defined), and only if
// it is indexed more often than the slice whose len the bound already is
// (a parameter's len(x), which gc sees).

// A loopLen is the bound of a counted loop and the slice t whose len it
// is written as.
type loopLen struct{ bound, t ir.Sym }

// loopLens decides the bound of every counted loop of the graph that is
// better written as len(t), by loop node.
func (a *analysis) loopLens() map[ir.Sym]loopLen {
	if !slices.ContainsFunc(a.g.Nodes, func(n *ir.Node) bool { return n.Op == ir.OpWhile }) ||
		!slices.ContainsFunc(a.g.Nodes, func(n *ir.Node) bool { return n.Op == ir.OpSliceNew || n.Op == ir.OpSliceSub }) {
		return nil
	}
	d := ir.NewDeps(a.g)
	// at[l][s]: how many accesses of slice s index it at l's variable.
	at := map[*ir.LoopInfo]map[ir.Sym]int{}
	var loops []*ir.LoopInfo // in node order of their first access
	for _, acc := range d.Accesses {
		n := acc.Node
		if acc.Whole || (n.Op != ir.OpSliceGet && n.Op != ir.OpSliceSet) || !acc.Slice.IsSym() {
			continue
		}
		sub, ok := d.Subscript(n.Args[1])
		if !ok {
			continue
		}
		for _, l := range acc.Loops {
			if !atVar(l, sub) {
				continue
			}
			if at[l] == nil {
				at[l] = map[ir.Sym]int{}
				loops = append(loops, l)
			}
			at[l][acc.Slice.Sym()]++
		}
	}
	var lens map[ir.Sym]loopLen
	for _, l := range loops {
		h, _ := l.Header()
		seen := 0 // accesses gc already proves: of the slice whose len the bound is
		if def := a.g.Def(h.Bound.Sym()); def != nil && def.Op == ir.OpSliceLen && def.Args[0].IsSym() {
			seen = at[l][def.Args[0].Sym()]
		}
		var cands []ir.Sym
		for s := range at[l] {
			cands = append(cands, s)
		}
		slices.Sort(cands)
		best, most := ir.Sym(0), seen
		for _, s := range cands {
			if at[l][s] > most && d.LenEquals(s.E(), h.Bound) && a.declaredBefore(s, l.Node) {
				best, most = s, at[l][s]
			}
		}
		if most > seen && a.dropBound(h.Bound.Sym()) {
			if lens == nil {
				lens = map[ir.Sym]loopLen{}
			}
			lens[l.Node.Sym] = loopLen{bound: h.Bound.Sym(), t: best}
		}
	}
	return lens
}

// dropBound reports whether the bound s of a loop may be written as
// len(t). When s has other uses than the loop condition it stays as it
// is. When the condition is its only use, s would be left declared and
// not used: it is not written (boundGone), with the operands only it uses
// (counted out of uses), provided they are all pure statements or
// inline nodes of the function (an operand that may panic or has an
// effect must be evaluated: then the bound is not rewritten).
func (a *analysis) dropBound(s ir.Sym) bool {
	if a.uses[s] > 1 {
		return true
	}
	if pl := a.place[s]; pl.b == nil || a.plans[pl.b].inline[pl.j] {
		return false // an inline bound is written where it is used
	}
	taken := map[ir.Sym]int32{s: 1}
	cone := []ir.Sym{}
	var drop func(x ir.Sym) bool
	drop = func(x ir.Sym) bool {
		n := a.g.Def(x)
		if n == nil || a.place[x].b == nil || a.dup[x] || !pureNode(n) || a.isTuple(x) || a.projs[x] != nil {
			return false
		}
		cone = append(cone, x)
		refs := slices.Clone(n.Args)
		for _, b := range n.Blocks {
			if p := a.plans[b]; p == nil || len(p.nodes) > 0 {
				return false
			}
			refs = append(refs, b.Res)
		}
		for _, e := range refs {
			if !e.IsSym() || a.g.Def(e.Sym()) == nil {
				continue
			}
			y := e.Sym()
			taken[y]++
			if a.uses[y] == taken[y] && !drop(y) {
				return false
			}
		}
		return true
	}
	if !drop(s) {
		return false
	}
	for x, k := range taken {
		a.uses[x] -= k
	}
	if a.boundGone == nil {
		a.boundGone = make([]bool, a.g.NumSyms())
	}
	for _, x := range cone {
		a.boundGone[x] = true
	}
	return true
}

// atVar reports whether sub is the value of the induction variable of
// loop l at the start of an iteration, l being a counted loop i < n (n
// a symbol) from a constant entry e ≥ 0: e + step·k.
func atVar(l *ir.LoopInfo, sub ir.Affine) bool {
	h, ok := l.Header()
	if !ok || h.Le || !h.Bound.IsSym() || !h.Entry.IsConst() {
		return false
	}
	e, isInt := h.Entry.Const().Val.(int)
	if !isInt || e < 0 {
		return false
	}
	want := ir.Affine{Terms: []ir.Term{{Sym: l.Node.Sym, Loop: true, Coef: h.Step}}, Const: int64(e)}
	return sub.Equal(want)
}

// declaredBefore reports whether s is written as a named statement in a
// block that encloses loop w, before it.
func (a *analysis) declaredBefore(s ir.Sym, w *ir.Node) bool {
	pl := a.place[s]
	if pl.b == nil || a.dup[s] || a.plans[pl.b].inline[pl.j] {
		return false
	}
	p, ok := a.posIn(pl.b, nil, w)
	return ok && p > a.plans[pl.b].pos[pl.j]
}

// loopCond writes the condition of loop w, a single expression, with its
// bound written as len(t) when loopLens chose t.
func (fg *funcGen) loopCond(w *ir.Node) expr {
	ll, ok := fg.lens[w.Sym]
	if !ok {
		return fg.ref(w.Blocks[0].Res, ctxConverted)
	}
	fg.lenOf = &ll
	defer func() { fg.lenOf = nil }()
	return fg.ref(w.Blocks[0].Res, ctxConverted)
}

// lenRef writes the use of s as len(t) while loopCond writes a bound s
// that loopLens chose to write so, and reports whether it did.
func (fg *funcGen) lenRef(s ir.Sym) (expr, bool) {
	ll := fg.lenOf
	if ll == nil || ll.bound != s || fg.inlineNode(s) != nil {
		return expr{}, false
	}
	fg.lenOf = nil // the bound is written once
	return primary(jen.Len(fg.ref(ll.t.E(), ctxConverted).code())), true
}
