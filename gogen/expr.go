package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes expressions. An expression carries the precedence of
// its outermost operator, so that parentheses are written exactly where Go
// needs them and nowhere else.

// Go's precedences: binary operators 1 (||) to 5 (*), then unary
// operators, then primary expressions (names, literals, calls, indexing).
const (
	precOr      = 1
	precAnd     = 2
	precCmp     = 3
	precAdd     = 4
	precMul     = 5
	precUnary   = 6
	precPrimary = 7
)

type expr struct {
	s     *jen.Statement
	prec  int
	class opClass // the kind of its outermost binary operator (readable.go)
}

func primary(s *jen.Statement) expr { return expr{s: s, prec: precPrimary} }

// at returns e as an operand of an operator that needs precedence p.
func (e expr) at(p int) *jen.Statement {
	if e.prec < p {
		return jen.Parens(e.s)
	}
	return e.s
}

// binaryOp returns the Go operator and its precedence for an arithmetic,
// bitwise, shift or comparison operator on operands of type t. Booleans
// have no & | ^ in Go: they are && || != (and-not is written by binary).
func binaryOp(op ir.Op, t *ir.Type) (string, int) {
	if t.Kind == ir.KBool {
		switch op {
		case ir.OpAnd:
			return "&&", precAnd
		case ir.OpOr:
			return "||", precOr
		case ir.OpXor:
			return "!=", precCmp
		}
	}
	switch op {
	case ir.OpMul:
		return "*", precMul
	case ir.OpDiv:
		return "/", precMul
	case ir.OpRem:
		return "%", precMul
	case ir.OpShl:
		return "<<", precMul
	case ir.OpShr:
		return ">>", precMul
	case ir.OpAnd:
		return "&", precMul
	case ir.OpAndNot:
		return "&^", precMul
	case ir.OpAdd, ir.OpConcat:
		return "+", precAdd
	case ir.OpSub:
		return "-", precAdd
	case ir.OpOr:
		return "|", precAdd
	case ir.OpXor:
		return "^", precAdd
	case ir.OpEq:
		return "==", precCmp
	case ir.OpNe:
		return "!=", precCmp
	case ir.OpLt:
		return "<", precCmp
	case ir.OpLe:
		return "<=", precCmp
	case ir.OpGt:
		return ">", precCmp
	case ir.OpGe:
		return ">=", precCmp
	}
	panic("BUG: gogen: not a binary operator: " + op.String())
}

// infix writes l op r.
func infix(l expr, op string, prec int, r expr) expr {
	c := classOf(op)
	return expr{s: jen.Add(l.atIn(prec, c)).Op(op).Add(r.atIn(prec+1, c)), prec: prec, class: c}
}

// unary writes op x.
func unary(op string, x expr) expr {
	if op == "-" && x.prec == precUnary {
		// -(-x), not - -x.
		return expr{s: jen.Op(op).Parens(x.s), prec: precUnary}
	}
	return expr{s: jen.Op(op).Add(x.at(precUnary)), prec: precUnary}
}

// flipped returns the comparison that is the negation of op on operands
// of type t, if there is one: never for ordered comparisons of floats,
// where NaN makes !(x < y) differ from x >= y.
func flipped(op ir.Op, t *ir.Type) (ir.Op, bool) {
	switch op {
	case ir.OpEq:
		return ir.OpNe, true
	case ir.OpNe:
		return ir.OpEq, true
	}
	if t.IsFloat() {
		return 0, false
	}
	switch op {
	case ir.OpLt:
		return ir.OpGe, true
	case ir.OpGe:
		return ir.OpLt, true
	case ir.OpLe:
		return ir.OpGt, true
	case ir.OpGt:
		return ir.OpLe, true
	}
	return 0, false
}

// exprOp reports whether a node of this operator is written as an
// expression (inline at its use, or bound to a name); the others are
// statements or declarations of their own.
func exprOp(op ir.Op) bool {
	switch op {
	case ir.OpIf, ir.OpWhile, ir.OpLambda, ir.OpForward, ir.OpVarNew, ir.OpVarSet,
		ir.OpSliceSet, ir.OpFieldSet, ir.OpPrintf, ir.OpPrint, ir.OpPrintln, ir.OpEprint,
		ir.OpEprintln, ir.OpPanic, ir.OpTuple, ir.OpProj, ir.OpStatic:
		return false
	}
	return true
}

// callLike reports whether an unused value of this operator can stand as
// a statement by itself (Go allows calls, but not append or len).
func callLike(op ir.Op) bool {
	return op == ir.OpApply || op == ir.OpCall || op == ir.OpCopy || op == ir.OpGrow
}
