package gogen

import "github.com/lmsgen/lmsgen/ir"

// This file finds the reads of a staged variable that only keep its value:
// a read assigned back to the variable (v = v), directly or as a result
// of a conditional assigning the variable (the branch that does not
// change v yields its value: x, v = -x, 6 in one branch, nothing in the
// other). Such a read is written as nothing (result leaves out r = r), so
// a variable whose every read keeps its value is never read in the
// emitted code: its declaration must then say _ = v, or the compiler
// rejects the function ("declared and not used").

// findSelfReads counts, per variable, the reads that only keep its value.
// It needs uses and projs.
func (a *analysis) findSelfReads() {
	a.selfReads = make([]int32, a.g.NumSyms())
	// setOf: the value -> the var_set assigning it, for values used once.
	setOf := map[ir.Sym]*ir.Node{}
	var gets []*ir.Node
	for _, nd := range a.g.Nodes {
		switch nd.Op {
		case ir.OpVarSet:
			if x := nd.Args[1]; x.IsSym() && a.uses[x.Sym()] == 1 {
				setOf[x.Sym()] = nd
			}
		case ir.OpVarGet:
			gets = append(gets, nd)
		}
	}
	// keep counts, per read, its uses as an element of the tuple result
	// of a branch of a conditional whose result at that index is assigned
	// to the variable read.
	keep := make([]int32, a.g.NumSyms())
	for _, nd := range a.g.Nodes {
		ps := a.projs[nd.Sym]
		if nd.Op != ir.OpIf || ps == nil {
			continue
		}
		for _, b := range nd.Blocks {
			if !b.Res.IsSym() || a.uses[b.Res.Sym()] != 1 {
				continue
			}
			t := a.g.Def(b.Res.Sym())
			if t == nil || t.Op != ir.OpTuple || len(t.Args) != len(ps) {
				continue
			}
			for k, x := range t.Args {
				p := ps[k]
				if p == 0 || a.uses[p] != 1 || setOf[p] == nil || !x.IsSym() {
					continue
				}
				if d := a.g.Def(x.Sym()); d != nil && d.Op == ir.OpVarGet && d.Args[0] == setOf[p].Args[0] {
					keep[x.Sym()]++
				}
			}
		}
	}
	for _, get := range gets {
		v := get.Args[0].Sym()
		s := setOf[get.Sym]
		self := keep[get.Sym]
		if s != nil && s.Args[0].Sym() == v {
			self++
		}
		if self > 0 && self == a.uses[get.Sym] {
			a.selfReads[v]++
		}
	}
}
