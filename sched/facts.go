package sched

import "github.com/lmsgen/lmsgen/ir"

// Facts are what both emitters (gogen and cgen) need to know of a
// scheduled graph before they write it, computed once, by FactsOf (the
// pipeline's facts stage), and only read afterwards. Everything is indexed
// by symbol and computed in node order; no map is iterated.
type Facts struct {
	// Uses counts the references to each symbol as an argument of a node
	// (a λforward's reference to its λ excepted) or as a block's result.
	Uses []int32
	// VarReads counts, per staged variable (var_new), the var_get nodes
	// reading it.
	VarReads []int32
	// Written reports, per static table, whether its object may be
	// written: then it is copied where its node runs instead of being
	// shared package-level data. See written.
	Written []bool
	// Lambdas are the staged functions (λ nodes), in node order.
	Lambdas []*ir.Node
	// FwdOf maps a λ to its forward declaration (λforward), and LamOf a
	// forward declaration to its λ.
	FwdOf, LamOf map[ir.Sym]ir.Sym
	// Held names the symbols the source did not name that hold the value
	// of one it did (a variable, a snapshot of one): see heldNames.
	Held []string
}

// FactsOf computes the facts of a schedule.
func FactsOf(s Scheduled) *Facts {
	g := s.Graph()
	n := g.NumSyms()
	f := &Facts{Uses: make([]int32, n), VarReads: make([]int32, n), Written: make([]bool, n),
		FwdOf: map[ir.Sym]ir.Sym{}, LamOf: map[ir.Sym]ir.Sym{}, Held: heldNames(g)}
	for _, nd := range g.Nodes {
		switch nd.Op {
		case ir.OpForward:
			f.FwdOf[nd.Args[0].Sym()] = nd.Sym
			f.LamOf[nd.Sym] = nd.Args[0].Sym()
			continue
		case ir.OpVarGet:
			f.VarReads[nd.Args[0].Sym()]++
		case ir.OpLambda:
			f.Lambdas = append(f.Lambdas, nd)
		}
		for _, x := range nd.Args {
			if x.IsSym() {
				f.Uses[x.Sym()]++
			}
		}
		f.written(g, nd)
	}
	g.Blocks(func(b *ir.Block) {
		if b.Res.IsSym() {
			f.Uses[b.Res.Sym()]++
		}
	})
	return f
}

// written marks the static tables nd may write. A table is written when a
// node's write keys name it (a write into it, or the summary of a call or
// of a node with blocks that writes it), and also when it escapes where a
// write cannot be traced back to it: passed to a staged function (which
// may write its parameter), or yielded by a block (a conditional's result
// may be written). Marking a table that is only read costs a copy;
// missing a written one would share modified data between calls.
func (f *Facts) written(g *ir.Graph, nd *ir.Node) {
	if nd.Eff != nil {
		for _, k := range nd.Eff.Wkeys {
			if !k.IsSym() {
				continue
			}
			if d := g.Def(ir.Sym(k)); d != nil && d.Op == ir.OpStatic {
				f.Written[k] = true
			}
		}
	}
	switch {
	case nd.Op == ir.OpApply:
		for _, x := range nd.Args[1:] {
			f.markTable(g, x)
		}
	case len(nd.Blocks) > 0:
		for _, b := range nd.Blocks {
			res := []ir.Exp{b.Res}
			if b.Res.IsSym() {
				if d := g.Def(b.Res.Sym()); d != nil && d.Op == ir.OpTuple {
					res = d.Args
				}
			}
			for _, x := range res {
				f.markTable(g, x)
			}
		}
	}
}

// markTable marks the static table x is (a sub-slice of) as written.
func (f *Facts) markTable(g *ir.Graph, x ir.Exp) {
	for x.IsSym() {
		d := g.Def(x.Sym())
		switch {
		case d == nil:
			return
		case d.Op == ir.OpStatic:
			f.Written[d.Sym] = true
			return
		case d.Op == ir.OpSliceSub:
			x = d.Args[0]
		default:
			return
		}
	}
}

// Refs returns what the nodes placed in b and in its nested blocks refer
// to: the symbols referred to as arguments (a λforward's excepted) or as
// the blocks' results, in first-reference order, and the symbols they
// define (the nodes placed there and the blocks' inputs). With lambdas
// false the bodies of nested λs are not entered (a λ is defined, its body
// is another function's). The free symbols of b are the referred ones
// that are not defined.
func Refs(s Scheduled, b *ir.Block, lambdas bool) (refs []ir.Sym, defined map[ir.Sym]bool) {
	defined = map[ir.Sym]bool{}
	seen := map[ir.Sym]bool{}
	ref := func(e ir.Exp) {
		if e.IsSym() && !seen[e.Sym()] {
			seen[e.Sym()] = true
			refs = append(refs, e.Sym())
		}
	}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for _, x := range b.Bound() {
			defined[x] = true
		}
		ref(b.Res)
		for _, n := range s.Nodes(b) {
			defined[n.Sym] = true
			if n.Op != ir.OpForward {
				for _, x := range n.Args {
					ref(x)
				}
			}
			if n.Op == ir.OpLambda && !lambdas {
				continue
			}
			for _, c := range n.Blocks {
				walk(c)
			}
		}
	}
	walk(b)
	return refs, defined
}
