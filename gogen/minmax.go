package gogen

import (
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a conditional that chooses the smaller or the larger
// of the two values it compares as Go's min or max builtin:
//
//	x18 := len(b); if len(a) < len(b) { x18 = len(a) }
//
// is
//
//	x18 := min(len(a), len(b))
//
// Which conditionals compute a min or a max is ir.Graph.MinMax's to say
// for integers and strings, and ir.Graph.FloatMinMax's for the tree of
// conditionals the frontend stages a float min or max as (NaNs and signed
// zeros as Go's builtins have them): written as the builtin, none of the
// tree is written.

// minMax returns the builtin that conditional n computes (min or max) and
// its operands, or "" when it computes neither or cannot be written so:
// n computes one (ir.Graph.MinMax), its condition is written inline and
// used only there, and its branches compute nothing.
func (fg *funcGen) minMax(n *ir.Node) (fn string, x, y ir.Exp) {
	isMin, x, y, ok := fg.g.MinMax(n)
	var tree []*ir.Node
	if !ok && n.Type.IsFloat() {
		isMin, x, y, tree, ok = fg.g.FloatMinMax(n)
	}
	if !ok || fg.projs[n.Sym] != nil || fg.file.shadowed["min"] || fg.file.shadowed["max"] {
		return "", x, y // a package's own min or max would be called
	}
	c := n.Args[0].Sym()
	if fg.uses[c] != 1 || fg.inlineNode(c) == nil {
		return "", x, y
	}
	if !fg.onlyTree(n, tree) {
		return "", x, y
	}
	if isMin {
		return "min", x, y
	}
	return "max", x, y
}

// onlyTree reports whether n, written as the builtin, needs none of the
// nodes of tree: its branches compute only nodes of tree, each either
// used only in the tree or written in place (a NaN test shared by a min
// and a max of one value), and the nodes of tree the schedule placed
// outside the branches (comparisons hoisted out of them) are written in
// place in the current block, so that left unwritten they leave no
// unused variable behind.
func (fg *funcGen) onlyTree(n *ir.Node, tree []*ir.Node) bool {
	var inside []*ir.Node
	var inTree func(b *ir.Block) bool
	inTree = func(b *ir.Block) bool {
		p := fg.plans[b]
		for j, m := range p.nodes {
			if !slices.Contains(tree, m) || !p.inline[j] && fg.uses[m.Sym] != 1 {
				return false
			}
			inside = append(inside, m)
			for _, nb := range m.Blocks {
				if !inTree(nb) {
					return false
				}
			}
		}
		return true
	}
	for _, b := range n.Blocks {
		if !inTree(b) {
			return false
		}
	}
	for _, m := range tree {
		if m != n && !slices.Contains(inside, m) && fg.inlineNode(m.Sym) == nil {
			return false
		}
	}
	return true
}

// minMaxStmt writes conditional n, whose result goes to d, as min(x, y)
// (or max) when it computes one, and reports whether it did. Operands
// that are themselves mins (maxes) used only here were left unwritten
// (minMaxInto) and are written as operands: min(min(a, b), c) is
// min(a, b, c).
func (fg *funcGen) minMaxStmt(out *stmts, n *ir.Node, d dest) bool {
	fn, x, y := fg.minMax(n)
	if fn == "" {
		return false
	}
	switch {
	case d.kind == destDeclare && len(fg.resultNames(n.Sym)) == 1:
		fg.consumed[n.Args[0].Sym()] = true // the comparison is the builtin
		out.add(jen.Id(fg.resultNames(n.Sym)[0]).Op(":=").Add(fg.minMaxCall(fn, x, y)))
	case d.kind == destAssign && len(d.names) == 1 && d.names[0] != "_":
		fg.consumed[n.Args[0].Sym()] = true
		out.add(jen.Id(d.names[0]).Op("=").Add(fg.minMaxCall(fn, x, y)))
	case d.kind == destReturn:
		fg.consumed[n.Args[0].Sym()] = true
		vals := []jen.Code{fg.minMaxCall(fn, x, y)}
		if d.top && fg.results != nil {
			vals = fg.pack(out, vals)
		}
		out.add(jen.Return(vals...))
		out.term = true
	default:
		return false
	}
	return true
}

// minMaxCall writes fn(x, y), the operands that minMaxInto left unwritten
// spread (min(min(a, b), c) is min(a, b, c)) or nested (min(max(a, b), c)).
func (fg *funcGen) minMaxCall(fn string, x, y ir.Exp) *jen.Statement {
	var args []jen.Code
	var add func(e ir.Exp)
	add = func(e ir.Exp) {
		if e.IsSym() {
			if op, ok := fg.minArgs[e.Sym()]; ok {
				if op.fn == fn {
					add(op.x)
					add(op.y)
				} else {
					args = append(args, fg.minMaxCall(op.fn, op.x, op.y))
				}
				return
			}
		}
		args = append(args, fg.ref(e, ctxConverted).code())
	}
	add(x)
	add(y)
	return jen.Id(fn).Call(args...)
}

// minMaxInto reports whether conditional n, the i-th node of fr, is a min
// or max used only as an operand of a later min or max of fr: it is
// then written there (minMaxCall), its operands recorded in fg.minArgs.
// Its operands are names, not variables: they have the same value there.
func (fg *funcGen) minMaxInto(fr *frame, i int, n *ir.Node) bool {
	fn, x, y := fg.minMax(n)
	if fn == "" || !fg.stable(x) || !fg.stable(y) {
		return false
	}
	me := n.Sym.E()
	for _, m := range fr.nodes[i+1:] {
		if m.Op != ir.OpIf || fg.skip(m) {
			continue
		}
		f2, x2, y2 := fg.minMax(m)
		if f2 == "" || !ir.SameExp(x2, me) && !ir.SameExp(y2, me) {
			continue
		}
		// n's uses are m's: its comparison and a branch's result (all
		// in the tree of a float's).
		k := 0
		for _, e := range []ir.Exp{x2, y2, m.Blocks[0].Res, m.Blocks[1].Res} {
			if ir.SameExp(e, me) {
				k++
			}
		}
		if _, _, _, tree, ok := fg.g.FloatMinMax(m); ok {
			k = 0
			for _, t := range append(tree, m) {
				for _, a := range t.Args {
					if ir.SameExp(a, me) {
						k++
					}
				}
				if t.Op == ir.OpIf {
					for _, b := range t.Blocks {
						if ir.SameExp(b.Res, me) {
							k++
						}
					}
				}
			}
		}
		if int(fg.uses[n.Sym]) == k {
			if fg.minArgs == nil {
				fg.minArgs = map[ir.Sym]minOp{}
			}
			fg.minArgs[n.Sym] = minOp{fn, x, y}
			fg.consumed[n.Args[0].Sym()] = true
			return true
		}
	}
	return false
}

// stable reports whether e is a constant or a value written as a name
// or as the length of an input, which reads the same later (not a
// variable's, which may be written as the variable).
func (fg *funcGen) stable(e ir.Exp) bool {
	if e.IsConst() {
		return true
	}
	if _, ok := fg.minArgs[e.Sym()]; ok {
		return true
	}
	if fg.inlineNode(e.Sym()) != nil {
		return false
	}
	n := fg.g.Def(e.Sym())
	return n == nil || n.Op != ir.OpVarGet && n.Op != ir.OpVarNew && n.Op != ir.OpForward
}

// minMaxAtUse reports whether conditional n, the i-th node of fr, is a
// min or max of names used once, as the value the next statement stores
// (xs[i] = max(x, 0), not x27 := max(x, 0); xs[i] = x27): it is then
// written there, recorded in fg.minArgs. The builtin is pure and cannot
// panic, and its operands have the same value there.
func (fg *funcGen) minMaxAtUse(fr *frame, i int, n *ir.Node) bool {
	fn, x, y := fg.minMax(n)
	if fn == "" || fg.uses[n.Sym] != 1 || !fg.stable(x) || !fg.stable(y) {
		return false
	}
	for _, m := range fr.nodes[i+1:] {
		if fg.skip(m) {
			continue
		}
		// A store of the value, written by assign with ref.
		if m.Op != ir.OpSliceSet && m.Op != ir.OpVarSet && m.Op != ir.OpFieldSet || m.Args[len(m.Args)-1] != n.Sym.E() ||
			slices.Contains(m.Args[:len(m.Args)-1], n.Sym.E()) {
			return false
		}
		if fg.minArgs == nil {
			fg.minArgs = map[ir.Sym]minOp{}
		}
		fg.minArgs[n.Sym] = minOp{fn, x, y}
		fg.consumed[n.Args[0].Sym()] = true
		return true
	}
	return false
}

// minMaxOperands writes the mins (maxes) that minMaxInto left unwritten
// for conditional n, when n was not written as one after all.
func (fg *funcGen) minMaxOperands(out *stmts, n *ir.Node) {
	if len(fg.minArgs) == 0 || !n.Args[0].IsSym() {
		return
	}
	cmp := fg.g.Def(n.Args[0].Sym())
	if cmp == nil {
		return
	}
	for _, a := range cmp.Args {
		if !a.IsSym() {
			continue
		}
		if op, ok := fg.minArgs[a.Sym()]; ok {
			call := fg.minMaxCall(op.fn, op.x, op.y)
			delete(fg.minArgs, a.Sym())
			out.add(jen.Id(fg.name(a.Sym())).Op(":=").Add(call))
		}
	}
}

// minOp is a min or max written as an operand of another.
type minOp struct {
	fn   string
	x, y ir.Exp
}
