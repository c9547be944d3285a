package gogen

import (
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a run of assignments to distinct variables that read
// each other's old values as one parallel assignment, as Go is written by
// hand:
//
//	a, b = b, a%b
//
// instead of saving the old value first (a1 := a; a = b; b = a1 % b).
// The schedule reads a variable before the first assignment of the run
// when a later assignment needs its old value; such a read, used once
// and only there, becomes the variable's own name on the right.
//
// Go evaluates every right-hand side before it assigns (the spec's
// assignment statements), so the parallel form reads each variable as
// the run had it at its start. It equals the sequence when no value of
// the run reads, in place, a variable an earlier assignment of the run
// wrote, and when evaluating a value earlier changes nothing observable:
// the values are pure but for run-time panics, and a panic that now comes
// before an assignment instead of after it leaves the variables as no one
// can see them — the generated code has no deferred calls, so only a
// closure of the function could read them after a recovered panic, and a
// run is not made parallel in a function with closures when a value can
// panic.

// parallelRun returns the index of the last node of the run of parallel
// assignments starting at fr.nodes[i] and writes it, or returns -1 and
// writes nothing.
//
// A run is reads saved before it (var_get or slice_get nodes, each used
// once, in a value of the run) and then two or more assignments to
// distinct variables or slice elements (var_set, slice_set). A saved
// read is written in place on the right: b for a saved read of b, xs[j]
// for one of xs[j] (xs[i], xs[j] = xs[j], xs[i]).
//
// The parallel form evaluates, in order, the saved reads, then the
// operands of the left-hand sides and the values, and only then assigns,
// left to right; the sequence evaluated the saved reads first too, but
// each later operand after the assignments before it. So no operand may
// read in place what an earlier assignment of the run wrote (a variable
// it set; any memory once an element was set), an operand may panic
// only where no element was assigned before it (the caller sees the
// slice), and when a saved read may panic (an index), no operand may,
// so that the first panic stays the same. When a saved read is an
// element, each value is a saved read or a name: elements are moved
// (swaps, rotations), not computed with.
func (fg *funcGen) parallelRun(out *stmts, fr *frame, i int) int {
	// One look, into buffers of the function being written (a block of
	// 10^5 reads is not scanned again from each of them, nor allocated
	// for): a few saved reads, then the assignments.
	gets, sets, ends := fg.parGets[:0], fg.parSets[:0], fg.parEnds[:0]
	defer func() { fg.parGets, fg.parSets, fg.parEnds = gets, sets, ends }()
	for j := i; j < len(fr.nodes); j++ {
		n := fr.nodes[j]
		if fg.skip(n) {
			continue
		}
		if n == fg.post {
			break // the loop's post statement
		}
		if (n.Op == ir.OpVarGet || n.Op == ir.OpSliceGet) && len(sets) == 0 {
			if len(gets) == maxRun {
				return -1
			}
			gets = append(gets, n)
		} else if (n.Op == ir.OpVarSet || n.Op == ir.OpSliceSet) && len(sets) < maxRun {
			sets = append(sets, n)
			ends = append(ends, j)
		} else {
			break
		}
	}
	// The run ends with the last assignment of a saved read: i++ after
	// a swap stays a statement of its own.
	for len(sets) > 0 && !fg.usesSaved(sets[len(sets)-1].Args[len(sets[len(sets)-1].Args)-1], gets) {
		sets, ends = sets[:len(sets)-1], ends[:len(ends)-1]
	}
	if len(gets) == 0 || len(sets) < 2 {
		return -1
	}
	end := ends[len(ends)-1]
	getTraps, elems := false, false
	for _, g := range gets {
		elems = elems || g.Op == ir.OpSliceGet
		if fg.uses[g.Sym] != 1 || fg.names[g.Sym] != "" || g.Op == ir.OpSliceGet && !onlyReads(g.Eff) {
			return -1
		}
		getTraps = getTraps || g.CanTrap()
	}
	var order []*ir.Node // the saved reads in the order the values use them
	var written []ir.Exp // the variables set so far
	stored := false      // an element was set so far
	var ok func(e ir.Exp) bool
	ok = func(e ir.Exp) bool {
		if e.IsConst() {
			return true
		}
		s := e.Sym()
		if k := slices.IndexFunc(gets, func(g *ir.Node) bool { return g.Sym == s }); k >= 0 {
			order = append(order, gets[k])
			return true
		}
		m := fg.inlineNode(s)
		if m == nil {
			return true // a name bound before the run
		}
		if len(m.Blocks) > 0 {
			return false
		}
		if m.Op == ir.OpVarGet {
			return !slices.Contains(written, m.Args[0])
		}
		if !onlyTraps(m.Eff) {
			return false
		}
		if m.CanTrap() || !m.Eff.IsEmpty() {
			if stored || getTraps || fg.hasClosures() {
				return false
			}
		}
		for _, a := range m.Args {
			if !ok(a) {
				return false
			}
		}
		return true
	}
	for _, s := range sets {
		var self func(*ir.Node) bool
		if s.Op == ir.OpVarSet {
			v := s.Args[0]
			if slices.Contains(written, v) {
				return -1
			}
			self = func(m *ir.Node) bool { return m.Op == ir.OpVarGet && m.Args[0] == v }
		} else {
			if !ok(s.Args[0]) || !ok(s.Args[1]) {
				return -1
			}
			for _, t := range sets {
				if t != s && t.Op == ir.OpSliceSet && fg.sameSlice(t.Args[0], s.Args[0]) && sameIndex(t.Args[1], s.Args[1]) {
					return -1 // one element set twice
				}
			}
			self = func(m *ir.Node) bool {
				return m.Op == ir.OpSliceGet && fg.sameSlice(m.Args[0], s.Args[0]) && sameIndex(m.Args[1], s.Args[1])
			}
		}
		x := s.Args[len(s.Args)-1]
		if elems && fg.isInline(x) {
			// Elements saved from a store that may alias them are
			// moved, not computed with: xs[i], xs[j] = xs[j], xs[i],
			// but y[0] = a0*v0 + a1*v1 stays a statement.
			return -1
		}
		if fg.readsLHS(x, self) || x.IsSym() && slices.ContainsFunc(gets, func(g *ir.Node) bool { return g.Sym == x.Sym() && self(g) }) || !ok(x) {
			return -1
		}
		if s.Op == ir.OpVarSet {
			written = append(written, s.Args[0])
		} else {
			stored = true
		}
	}
	if len(order) != len(gets) || getTraps && !slices.Equal(order, gets) {
		return -1
	}
	for _, g := range gets {
		if g.Op == ir.OpVarGet {
			fg.names[g.Sym] = fg.name(g.Args[0].Sym())
		} else {
			// Written in place at its use, as an inline node is.
			fg.inl[g.Sym] = fg.frame
			fg.consumed[g.Sym] = false
		}
	}
	lhs := make([]jen.Code, len(sets))
	rhs := make([]jen.Code, len(sets))
	for k, s := range sets {
		if s.Op == ir.OpVarSet {
			lhs[k] = jen.Id(fg.name(s.Args[0].Sym()))
		} else {
			base := fg.ref(s.Args[0], ctxConverted).at(precPrimary)
			lhs[k] = jen.Add(base).Index(fg.bound(s.Args[1], badIndexConst(s.Args[1])).code())
		}
		rhs[k] = fg.ref(s.Args[len(s.Args)-1], ctxConverted).code()
	}
	out.add(jen.List(lhs...).Op("=").List(rhs...))
	return end
}

// usesSaved reports whether e, written in place, uses one of the saved
// reads.
func (fg *funcGen) usesSaved(e ir.Exp, gets []*ir.Node) bool {
	if e.IsConst() {
		return false
	}
	if slices.ContainsFunc(gets, func(g *ir.Node) bool { return g.Sym == e.Sym() }) {
		return true
	}
	if m := fg.inlineNode(e.Sym()); m != nil && len(m.Blocks) == 0 {
		return slices.ContainsFunc(m.Args, func(a ir.Exp) bool { return fg.usesSaved(a, gets) })
	}
	return false
}

// maxRun bounds the saved reads and the assignments of a parallel
// assignment: longer ones are not easier to read than a sequence.
const maxRun = 8

// onlyReads reports whether an effect summary reads at most memory and
// may panic: a slice element's read.
func onlyReads(e *ir.EffectSummary) bool {
	if e.IsEmpty() {
		return true
	}
	for _, k := range e.Wkeys {
		if k != ir.TRAP {
			return false
		}
	}
	return true
}

// onlyTraps reports whether an effect summary is at most a run-time
// panic (it writes TRAP, and may read CTRL to stay after output): no
// read or write of memory or variables, no output, no call.
func onlyTraps(e *ir.EffectSummary) bool {
	if e.IsEmpty() {
		return true
	}
	for _, k := range e.Rkeys {
		if k != ir.CTRL {
			return false
		}
	}
	for _, k := range e.Wkeys {
		if k != ir.TRAP {
			return false
		}
	}
	return true
}

// hasClosures reports whether the function being written has function
// literals (which could read its variables after a recovered panic).
func (fg *funcGen) hasClosures() bool {
	if fg.closures == 0 {
		fg.closures = 1
		for s := range fg.uses {
			if d := fg.g.Def(ir.Sym(s)); d != nil && d.Op == ir.OpLambda {
				fg.closures = 2
				break
			}
		}
	}
	return fg.closures == 2
}
