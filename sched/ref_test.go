package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// refSchedule is the reference scheduler: a plain transcription of
// lms-traversal.md's scheduleBlock_ (path, inner, available, reach,
// reachInner, symsFreq, extraThroughSoft), with sets as maps. It is
// quadratic in nesting and makes no effort to be fast, safe or frugal: it
// is the specification the production scheduler is compared with.
type refSchedule struct {
	g     *ir.Graph
	bound func(ir.Sym) []ir.Sym
	path  map[ir.Sym]bool
	inner []*ir.Node

	// placed[b] lists the nodes scheduled in block b, in order; a block of
	// a duplicated node is scheduled once per copy, one list after the
	// other.
	placed map[*ir.Block][]ir.Sym
	// blocks[s] is the set of blocks s is scheduled in.
	blocks map[ir.Sym]map[*ir.Block]bool
}

// newRef schedules g. bound gives the bound variables of a symbol: nil for
// ir.Bound of g, or the production scheduler's analysis, which also keeps
// a node in the block of the soft dependencies DCE removed (see early).
func newRef(g *ir.Graph, bound func(ir.Sym) []ir.Sym) *refSchedule {
	if bound == nil {
		bound = ir.Bound(g).Of
	}
	r := &refSchedule{g: g, bound: bound, path: map[ir.Sym]bool{},
		placed: map[*ir.Block][]ir.Sym{}, blocks: map[ir.Sym]map[*ir.Block]bool{}}
	r.inner = g.Nodes
	r.scheduleBlock(g.Block)
	return r
}

type symFreq struct {
	s ir.Sym
	f float64
}

// hardSyms: arguments, blocks' used symbols, hard dependencies.
func refHardSyms(n *ir.Node, f func(ir.Sym)) {
	for _, a := range n.Args {
		if a.IsSym() {
			f(a.Sym())
		}
	}
	for _, b := range n.Blocks {
		b.Used(f)
	}
	if n.Eff != nil {
		for _, s := range n.Eff.Hdeps {
			f(s)
		}
	}
}

// syms: hardSyms and soft dependencies.
func refSyms(n *ir.Node, f func(ir.Sym)) {
	refHardSyms(n, f)
	if n.Eff != nil {
		for _, s := range n.Eff.Sdeps {
			f(s)
		}
	}
}

func refSymsFreq(n *ir.Node) []symFreq {
	var out []symFreq
	add := func(f float64) func(ir.Sym) { return func(s ir.Sym) { out = append(out, symFreq{s, f}) } }
	hdeps := func(f float64) {
		if n.Eff != nil {
			for _, s := range n.Eff.Hdeps {
				add(f)(s)
			}
		}
	}
	switch n.Op {
	case ir.OpLambda:
		n.Blocks[0].Used(add(100))
	case ir.OpIf:
		if c := n.Args[0]; c.IsSym() {
			add(1)(c.Sym())
		}
		hdeps(1)
		n.Blocks[0].Used(add(0.5))
		n.Blocks[1].Used(add(0.5))
	case ir.OpWhile:
		hdeps(1)
		n.Blocks[0].Used(add(100))
		n.Blocks[1].Used(add(100))
	default:
		refHardSyms(n, add(1))
	}
	return out
}

func (r *refSchedule) scheduleBlock(y *ir.Block) {
	path1 := map[ir.Sym]bool{}
	for _, s := range y.Bound() {
		path1[s] = true
	}
	for s := range r.path {
		path1[s] = true
	}
	available := func(d *ir.Node) bool {
		for _, s := range r.bound(d.Sym) {
			if !path1[s] && s != d.Sym {
				return false
			}
		}
		return true
	}
	reach := map[ir.Sym]bool{}
	reachInner := map[ir.Sym]bool{}
	y.Used(func(s ir.Sym) { reach[s] = true })
	for i := len(r.inner) - 1; i >= 0; i-- {
		d := r.inner[i]
		if reach[d.Sym] {
			if available(d) {
				for _, sf := range refSymsFreq(d) {
					if sf.f > 0.5 {
						reach[sf.s] = true
					} else {
						reachInner[sf.s] = true
					}
				}
			} else {
				refHardSyms(d, func(s ir.Sym) { reach[s] = true })
			}
		}
		if reachInner[d.Sym] {
			refHardSyms(d, func(s ir.Sym) { reachInner[s] = true })
		}
	}
	var outer1, inner1 []*ir.Node
	extraThroughSoft := map[ir.Sym]bool{}
	for i := len(r.inner) - 1; i >= 0; i-- {
		n := r.inner[i]
		switch {
		case reach[n.Sym] || extraThroughSoft[n.Sym]:
			if available(n) {
				outer1 = append(outer1, n)
				if !reach[n.Sym] {
					refSyms(n, func(s ir.Sym) { extraThroughSoft[s] = true })
				} else if n.Eff != nil {
					for _, s := range n.Eff.Sdeps {
						extraThroughSoft[s] = true
					}
				}
			} else {
				inner1 = append(inner1, n)
			}
		case reachInner[n.Sym]:
			inner1 = append(inner1, n)
		}
	}
	slices.Reverse(outer1)
	slices.Reverse(inner1)

	savedPath, savedInner := r.path, r.inner
	r.path, r.inner = path1, inner1
	for _, n := range outer1 {
		r.placed[y] = append(r.placed[y], n.Sym)
		if r.blocks[n.Sym] == nil {
			r.blocks[n.Sym] = map[*ir.Block]bool{}
		}
		r.blocks[n.Sym][y] = true
		for _, b := range n.Blocks {
			r.scheduleBlock(b)
		}
	}
	r.path, r.inner = savedPath, savedInner
}
