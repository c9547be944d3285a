package gogen

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file lets the breaks of a loop whose other exits return in place
// (exitreturn.go) go on to code, not only to a return of known values.
// A parser returns an error from inside its loop and, once the loop ends
// normally, computes its result:
//
//	for { if i < len(s) { ...; if bad { x18 = 9; break }; ... } else { x18 = 7; break } }
//	if x18 == 7 { var n1 int; if neg { n1 = -n } else { n1 = n }; return n1, true }
//	return 0, false
//
// The exits of code 9 return 0, false where they happen; those of code 7,
// the loop's condition, stay breaks, and what follows the loop is the
// code the dispatch runs for 7, written as it is:
//
//	for i < len(s) { ...; if bad { return 0, false }; ... }
//	var n1 int
//	if neg { n1 = -n } else { n1 = n }
//	return n1, true
//
// It applies when every conditional after the loop that reads the code
// compares it with a constant, is the last statement of its block and
// gives the block's result, and is met on the path the breaks' code
// chooses; no other statement on that path reads the code.

// tailPath reports whether the statements of block b from index from on,
// after the loop of r, can be written for the breaks' code: see above.
//
// It records in r.tailReads the variables the path reads: those the code
// written after the loop reads (not those of the branches it leaves out).
func (fg *funcGen) tailPath(r *exitReturn, b *ir.Block, from int) bool {
	if r.tailReads == nil {
		r.tailReads = map[ir.Sym]bool{}
	}
	p := fg.plans[b]
	var pending []ir.Sym // inline reads of the code, for the decided test
	for j := from; j < len(p.nodes); j++ {
		m := p.nodes[j]
		if m.Op == ir.OpIf {
			if c, ok := fg.decide(r, m.Args[0], r.brk); ok {
				if fg.lastStmt(b) != m || !fg.givesResult(b, m) {
					return false
				}
				for _, s := range pending {
					if !slices.Contains(fg.g.Def(m.Args[0].Sym()).Args, s.E()) {
						return false
					}
				}
				chosen := m.Blocks[1]
				if c {
					chosen = m.Blocks[0]
				}
				return fg.tailPath(r, chosen, 0)
			}
		}
		if fg.readsCode(r, m) {
			if !p.inline[j] || m.Op != ir.OpVarGet || fg.uses[m.Sym] != 1 {
				return false
			}
			pending = append(pending, m.Sym)
			continue
		}
		fg.varReadsIn(m, r.tailReads)
	}
	return len(pending) == 0
}

// varReadsIn records the variables m and the nodes of its blocks read.
func (fg *funcGen) varReadsIn(m *ir.Node, reads map[ir.Sym]bool) {
	if m.Op == ir.OpVarGet {
		reads[m.Args[0].Sym()] = true
	}
	for _, b := range m.Blocks {
		for _, x := range fg.plans[b].nodes {
			fg.varReadsIn(x, reads)
		}
	}
}

// givesResult reports whether conditional m gives the result of block b,
// itself or as the tuple of its results, and nothing else uses it.
func (fg *funcGen) givesResult(b *ir.Block, m *ir.Node) bool {
	if b.Res == m.Sym.E() {
		return fg.uses[m.Sym] == 1 && fg.projs[m.Sym] == nil
	}
	return fg.wholeResults(b.Res, m)
}

// readsCode reports whether m, or a node of its blocks, reads r's code.
func (fg *funcGen) readsCode(r *exitReturn, m *ir.Node) bool {
	if m.Op == ir.OpVarGet && m.Args[0].Sym() == r.code {
		return true
	}
	for _, b := range m.Blocks {
		for _, x := range fg.plans[b].nodes {
			if fg.readsCode(r, x) {
				return true
			}
		}
	}
	return false
}

// tailChoice returns the branch of conditional n, the last statement of
// a block written after a loop of tailRets, that the loop's breaks
// choose.
func (fg *funcGen) tailChoice(n *ir.Node) (*ir.Block, bool) {
	for _, r := range fg.tailRets {
		if c, ok := fg.decide(r, n.Args[0], r.brk); ok {
			if c {
				return n.Blocks[0], true
			}
			return n.Blocks[1], true
		}
	}
	return nil, false
}

// consumeTest marks the inline nodes of condition e written: the
// conditional is decided, its test not written.
func (fg *funcGen) consumeTest(e ir.Exp) {
	if !e.IsSym() {
		return
	}
	m := fg.inlineNode(e.Sym())
	if m == nil {
		return
	}
	fg.consumed[m.Sym] = true
	for _, a := range m.Args {
		fg.consumeTest(a)
	}
}
