package frontend

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages c1 || c2 and c1 && c2 as one condition. go/ssa lowers
// `if a || b { T } else { E }` to two branches that share T:
//
//	b0: if a goto T else b1
//	b1: if b goto T else E
//
// Staging each branch on its own would evaluate T twice, once in each
// conditional (the generated code would repeat T's statements). When the
// block that tests the second operand does nothing but compute it from
// values, without an effect or a possible panic, both operands can be
// evaluated up front: the conditional is staged once, on a || b (or
// a && b), and T is evaluated once. An operand that reads memory, calls a
// function or may panic keeps Go's short-circuit order: the branches stay
// nested.

// edge is a control-flow edge.
type edge struct{ from, to *ssa.BasicBlock }

// shortCircuit extends the staged branch of block b on condition c with
// the operands of || and && chains. It returns the combined condition and
// the edges the then and else branches start with.
func (fr *frame) shortCircuit(b *ssa.BasicBlock, c ir.Exp, stop *stopSet) (ir.Exp, edge, edge) {
	then, els := edge{b, b.Succs[0]}, edge{b, b.Succs[1]}
	l := fr.info.loopOf[b.Index]
	for {
		// a || b: the else edge leads to a test whose then target is ours.
		if x := fr.fusible(els, l, stop); x != nil && x.Succs[0] == then.to && fr.samePhis(then.to, then.from, x) {
			if c2, ok := fr.operand(x); ok {
				c = fr.ev.b.Binary(ir.OpOr, c, c2)
				els = edge{x, x.Succs[1]}
				continue
			}
		}
		// a && b: the then edge leads to a test whose else target is ours.
		if x := fr.fusible(then, l, stop); x != nil && x.Succs[1] == els.to && fr.samePhis(els.to, els.from, x) {
			if c2, ok := fr.operand(x); ok {
				c = fr.ev.b.Binary(ir.OpAnd, c, c2)
				then = edge{x, x.Succs[0]}
				continue
			}
		}
		return c, then, els
	}
}

// samePhis reports whether the phis of t take the same values on the
// edges from a and from b: the shared target of two fused tests is then
// reached alike whichever test sent control there (if a != 3 { a = ^a;
// if a < 4 { ... } } reaches the join with ^a from the second test).
func (fr *frame) samePhis(t, a, b *ssa.BasicBlock) bool {
	ka, kb := slices.Index(t.Preds, a), slices.Index(t.Preds, b)
	if ka < 0 || kb < 0 {
		return false
	}
	for i := range fr.info.phis[t.Index] {
		phi := t.Instrs[i].(*ssa.Phi)
		if phi.Edges[ka] != phi.Edges[kb] {
			return false
		}
	}
	return true
}

// fusible returns the block e leads to if it is the test of a second
// operand that can be evaluated early: reached only through e, no phis,
// in the same loop as the first test and not a loop's header or exit
// test, computing its condition by pure operations only.
func (fr *frame) fusible(e edge, l *loop, stop *stopSet) *ssa.BasicBlock {
	x := e.to
	if len(x.Preds) != 1 || x.Preds[0] != e.from || fr.info.phis[x.Index] != 0 ||
		fr.info.loops[x.Index] != nil || fr.info.loopOf[x.Index] != l || stop.owner(x) != nil ||
		fr.closing(x, stop) != nil {
		return nil
	}
	t, ok := x.Instrs[len(x.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	if l != nil && (!l.contains(t.Block().Succs[0]) || !l.contains(t.Block().Succs[1])) {
		return nil
	}
	for _, in := range x.Instrs[:len(x.Instrs)-1] {
		if !pureInstr(in) {
			return nil
		}
	}
	return x
}

// operand evaluates the instructions of x, the test of a second operand,
// and returns its condition if it is a Rep. (A static operand is left to
// the ordinary evaluation: x's instructions are pure, so evaluating them
// twice changes nothing.)
func (fr *frame) operand(x *ssa.BasicBlock) (ir.Exp, bool) {
	for _, in := range x.Instrs[:len(x.Instrs)-1] {
		fr.exec(in)
	}
	r, ok := fr.get(x.Instrs[len(x.Instrs)-1].(*ssa.If).Cond).(*rep)
	if !ok || r.e.IsConst() {
		return ir.Exp{}, false
	}
	fr.ev.at()
	return r.e, true
}

// pureInstr reports whether in computes a value from values only, with no
// effect and no possible panic: comparisons, non-trapping arithmetic on
// basic types, negation, conversions between basic types, len.
func pureInstr(in ssa.Instruction) bool {
	switch x := in.(type) {
	case *ssa.DebugRef:
		return true
	case *ssa.BinOp:
		if !basic(x.X.Type()) || !basic(x.Y.Type()) {
			return false
		}
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ,
			token.ADD, token.SUB, token.MUL, token.AND, token.OR, token.XOR, token.AND_NOT:
			return true
		}
	case *ssa.UnOp:
		return basic(x.X.Type()) && (x.Op == token.NOT || x.Op == token.SUB || x.Op == token.XOR)
	case *ssa.Convert:
		return basic(x.X.Type()) && basic(x.Type())
	case *ssa.ChangeType:
		return basic(x.X.Type())
	case *ssa.Call:
		b, ok := x.Call.Value.(*ssa.Builtin)
		return ok && b.Name() == "len"
	}
	return false
}

// basic reports whether t's underlying type is a basic type.
func basic(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}
