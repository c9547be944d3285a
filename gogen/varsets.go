package gogen

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file lets a conditional assign the variables its results go to.
// The scheduler places the writes of a staged loop's variables at the end
// of the body, after every conditional computing them:
//
//	var x72 int
//	if c {
//		x72 = ids + 1
//	} else {
//		x72 = ids
//	}
//	var x81 int
//	if isDigit {
//		x81 = digits + 1
//	} else {
//		x81 = digits
//	}
//	ids = x72
//	digits = x81
//
// When nothing between a conditional and the write of its result reads or
// writes the variable, the conditional assigns it itself (and the
// assignment of an unchanged value disappears: ifStmt writes
// `if c { ids = ids + 1 }`, which reads as ids++).

// varSets recognizes a conditional n, node i of fr, whose every used
// result is used once, by a later statement of the block assigning a
// different variable (v = if c {a} else {b}, and likewise with several
// results), with only conditionals, variable reads and writes and pure
// values in between, none of which reads or writes those variables: the
// conditional can assign the variables itself. It returns the variables'
// names in result order ("_" for an unused result) and those statements.
// done lists the statements already written elsewhere.
func (fg *funcGen) varSets(fr *frame, i int, n *ir.Node, done []*ir.Node) ([]string, []*ir.Node) {
	outs := fg.resultSyms(n)
	if outs == nil {
		return nil, nil
	}
	names := make([]string, len(outs))
	need := 0
	for k, p := range outs {
		if p == 0 {
			names[k] = "_"
		} else {
			need++
		}
	}
	var sets, between []*ir.Node
	var vars []ir.Exp
	for _, w := range fr.nodes[i+1:] {
		if len(sets) == need {
			break
		}
		if fg.skip(w) || slices.Contains(done, w) {
			continue
		}
		if w.Op == ir.OpVarSet && w.Args[1].IsSym() {
			if k := slices.Index(outs, w.Args[1].Sym()); k >= 0 {
				if slices.Contains(vars, w.Args[0]) || fg.uses[outs[k]] != 1 || names[k] != "" {
					return nil, nil
				}
				names[k] = fg.name(w.Args[0].Sym())
				vars = append(vars, w.Args[0])
				sets = append(sets, w)
				continue
			}
		}
		switch {
		case w.Op == ir.OpIf, w.Op == ir.OpVarSet, w.Op == ir.OpVarGet, pureNode(w):
			between = append(between, w)
		default:
			return nil, nil
		}
	}
	if len(sets) < need {
		return nil, nil
	}
	for _, w := range between {
		for _, v := range vars {
			if fg.touchesVar(w, v) {
				return nil, nil
			}
		}
	}
	return names, sets
}

// touchesVar reports whether statement w reads or writes variable v:
// itself, in the blocks nested in it, or through a read of v written as
// v's name in an expression it writes inline.
func (fg *funcGen) touchesVar(w *ir.Node, v ir.Exp) bool {
	if (w.Op == ir.OpVarGet || w.Op == ir.OpVarSet) && w.Args[0] == v {
		return true
	}
	if k := ir.SymKey(v.Sym()); w.Eff != nil && (slices.Contains(w.Eff.Rkeys, k) || slices.Contains(w.Eff.Wkeys, k)) {
		return true
	}
	for _, a := range w.Args {
		if fg.readsInline(a, v) {
			return true
		}
	}
	for _, b := range w.Blocks {
		if fg.readsInline(b.Res, v) {
			return true
		}
		for _, m := range fg.plans[b].nodes {
			if fg.touchesVar(m, v) {
				return true
			}
		}
	}
	return false
}

// readsInline reports whether x, where it is used, reads variable v: x
// is a read of v written as v's name, or an expression written inline at
// its use whose operands read v.
func (fg *funcGen) readsInline(x, v ir.Exp) bool {
	if !x.IsSym() {
		return false
	}
	s := x.Sym()
	d := fg.g.Def(s)
	if d == nil {
		return false
	}
	if d.Op == ir.OpVarGet {
		return d.Args[0] == v && fg.forwarded[s]
	}
	pl := fg.place[s]
	if pl.b == nil || !fg.plans[pl.b].inline[pl.j] {
		return false
	}
	for _, a := range d.Args {
		if fg.readsInline(a, v) {
			return true
		}
	}
	return false
}
