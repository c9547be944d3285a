package cgen

import (
	"strconv"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the multi-result conditionals whose results are used
// component by component. DCE keeps such a conditional's tuples whole
// but replaces the components no projection needs by zeros (ir/partial.go);
// C assigns only the components some projection reads:
//
//	x26.r0 = lms_neg_i64(x_2);
//
// rather than x26 = (lmsg_tuple_int64_int64){lms_neg_i64(x_2), 6}, which
// kept the dead component as a constant.

// liveComps returns, for the multi-result conditional n, which of its
// components some used projection reads, or nil when n's value is used
// otherwise than through projections or every component is read.
func (sg *specGen) liveComps(n *ir.Node) []bool {
	if n.Type.Kind != ir.KTuple {
		return nil
	}
	if sg.projs == nil {
		sg.projs = map[ir.Sym][]ir.Sym{}
		for _, m := range sg.g.Nodes {
			if m.Op == ir.OpProj && m.Args[0].IsSym() {
				t := m.Args[0].Sym()
				sg.projs[t] = append(sg.projs[t], m.Sym)
			}
		}
	}
	ps := sg.projs[n.Sym]
	if int(sg.uses[n.Sym]) != len(ps) {
		return nil // used whole somewhere
	}
	live := make([]bool, len(n.Type.Elems))
	for _, p := range ps {
		if sg.uses[p] > 0 {
			live[sg.g.Def(p).Aux.(int)] = true
		}
	}
	for _, l := range live {
		if !l {
			return live
		}
	}
	return nil
}

// assignLive writes the result res of a branch of a conditional whose
// value goes to d component by component (d.live), and reports whether
// it could: res is a tuple written inline whose dead components are
// constants (so leaving them out evaluates nothing less).
func (fn *fnGen) assignLive(res ir.Exp, d dest) bool {
	if d.live == nil || !res.IsSym() || !fn.isInline(res.Sym()) || fn.sg.done[res.Sym()] {
		return false
	}
	t := fn.g.Def(res.Sym())
	if t.Op != ir.OpTuple || len(t.Args) != len(d.live) {
		return false
	}
	for i, a := range t.Args {
		if !d.live[i] && a.Const() == nil {
			return false
		}
	}
	fn.sg.done[res.Sym()] = true
	for i, a := range t.Args {
		if d.live[i] {
			fn.line(d.lhs + ".r" + strconv.Itoa(i) + " = " + fn.ref(a).s + ";")
		}
	}
	return true
}
