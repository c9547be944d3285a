package ir

import (
	"fmt"
	"io"
)

// FprintDeps writes the dependence analysis of g (lmsgen -dump=deps): every
// slice access with its alias set, block, enclosing loops and canonical
// subscript, then, for every two accesses of one alias set of which one
// writes, the answer of Deps.Test:
//
//	1 slice accesses, 1 loops
//	loop x23 depth 1 iv x2=0+1*k counted trip 10
//	x19  W slice_set x10[k23]  set x10  block x14  loops x23
//	x19 -> x25: never; x23: < 1
//
// k23 is the iteration counter of loop x23; "x23: < 1" says that the
// dependence is carried by x23, the second access one iteration later.
func FprintDeps(w io.Writer, g *Graph) {
	d := NewDeps(g)
	ls := loopsInOrder(g, d)
	fmt.Fprintf(w, "%d slice accesses, %d loops\n", len(d.Accesses), len(ls))
	for _, l := range ls {
		fmt.Fprintf(w, "loop %v depth %d", l.Node.Sym, l.Depth)
		for _, iv := range l.ivs {
			fmt.Fprintf(w, " iv %v=%v%+d*k", iv.v, iv.entry, iv.step)
		}
		if l.Counted {
			fmt.Fprint(w, " counted")
		}
		if l.Trip >= 0 {
			fmt.Fprintf(w, " trip %d", l.Trip)
		}
		fmt.Fprintln(w)
	}
	for _, a := range d.Accesses {
		fmt.Fprintf(w, "%v  %s\n", a.Node.Sym, a)
	}
	for i, a := range d.Accesses {
		for _, b := range d.Accesses[i+1:] {
			if a.Key != b.Key && a.Key >= 0 && b.Key >= 0 || !a.Write && !b.Write || a.Node == b.Node {
				continue
			}
			dep := d.Test(a, b)
			fmt.Fprintf(w, "%v -> %v: %v", a.Node.Sym, b.Node.Sym, dep.Kind)
			for _, c := range dep.Carried {
				fmt.Fprintf(w, "; %v: %v", c.Loop.Node.Sym, c.Dir)
				if c.HasDist {
					fmt.Fprintf(w, " %d", c.Dist)
				}
			}
			fmt.Fprintln(w)
		}
	}
}

func loopsInOrder(g *Graph, d *Deps) []*LoopInfo {
	var ls []*LoopInfo
	for _, n := range g.Nodes {
		if l := d.Loop(n.Sym); l != nil {
			ls = append(ls, l)
		}
	}
	return ls
}

// String describes the access: what it does, where, and its subscript.
func (a *Access) String() string {
	kind := "R"
	if a.Write {
		kind = "W"
	}
	what := a.Node.Op.String()
	sub := "?"
	switch {
	case a.Whole:
		sub = "*"
	case a.Affine:
		sub = a.Sub.String()
	}
	set := a.Key.String()
	if a.Key < 0 {
		set = "?" // several alias sets
	}
	s := fmt.Sprintf("%s %s %v[%s]  set %s  block %v", kind, what, a.Root, sub, set, a.Block)
	if len(a.Loops) > 0 {
		s += "  loops"
		for _, l := range a.Loops {
			s += " " + l.Node.Sym.String()
		}
	}
	return s
}
