package gogen

import (
	"strings"

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

// An expression is either a jennifer statement (js) or, when it holds no
// qualified identifier, type or group jennifer must lay out (most of a big
// kernel's: names, literals, operators, indexing, calls of builtins and
// local functions), its source text: raw, or the pieces of rope
// (rope.go) for an operation. A raw expression costs a rope node where
// jennifer's tree costs a statement, a token and a boxed string per
// identifier and operator; it goes into jennifer as one token
// where a statement needs it (code). The text is on one line and
// separates tokens that would lex as one (- -x): the formatter gives both
// forms the same bytes.
type expr struct {
	js    *jen.Statement
	raw   string
	rope  *rope
	prec  int
	class opClass // the kind of its outermost binary operator (readable.go)
}

func primary(s *jen.Statement) expr { return expr{js: s, prec: precPrimary} }

// rawExpr is the expression of source text of precedence prec.
func rawExpr(text string, prec int) expr { return expr{raw: text, prec: prec} }

// isRaw reports whether e is source text.
func (e expr) isRaw() bool { return e.js == nil }

// code returns e as jennifer code.
func (e expr) code() *jen.Statement {
	if e.js == nil {
		return jen.Id(e.text()) // an identifier's token is written as it is
	}
	return e.js
}

// at returns e as an operand of an operator that needs precedence p.
func (e expr) at(p int) *jen.Statement {
	if e.prec < p {
		return jen.Parens(e.code())
	}
	return e.code()
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
	if l.isRaw() && r.isRaw() {
		return composed(l, l.parenIn(prec, c), spaced(op), r, r.parenIn(prec+1, c), "", prec, c)
	}
	return expr{js: jen.Add(l.atIn(prec, c)).Op(op).Add(r.atIn(prec+1, c)), prec: prec, class: c}
}

// call writes fn(args...) for a function named by an unqualified
// identifier (a builtin, a basic type, a local or package-level name).
func call(fn string, args ...expr) expr {
	raw := true
	n := len(fn) + 2
	for _, a := range args {
		raw = raw && a.isRaw()
		n += a.textLen() + 2
	}
	if !raw {
		cs := make([]jen.Code, len(args))
		for i, a := range args {
			cs[i] = a.code()
		}
		return primary(jen.Id(fn).Call(cs...))
	}
	if len(args) == 1 {
		return composed(expr{raw: fn}, false, "(", args[0], false, ")", precPrimary, classNone)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(fn)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		if a.rope != nil {
			a.rope.write(&b)
		} else {
			b.WriteString(a.raw)
		}
	}
	b.WriteByte(')')
	return rawExpr(b.String(), precPrimary)
}

// basicType reports whether goType writes t as one identifier.
func basicType(t *ir.Type) bool {
	switch t.Kind {
	case ir.KSlice, ir.KIndex, ir.KFunc, ir.KStruct, ir.KTuple, ir.KVoid:
		return false
	case ir.KOpaque:
		return !t.Ptr && t.Named.Path == ""
	}
	return true
}

// spaced returns " op " (a constant for Go's binary operators).
func spaced(op string) string {
	switch op {
	case "+":
		return " + "
	case "-":
		return " - "
	case "*":
		return " * "
	case "/":
		return " / "
	case "%":
		return " % "
	case "&":
		return " & "
	case "|":
		return " | "
	case "^":
		return " ^ "
	case "&^":
		return " &^ "
	case "<<":
		return " << "
	case ">>":
		return " >> "
	case "==":
		return " == "
	case "!=":
		return " != "
	case "<":
		return " < "
	case "<=":
		return " <= "
	case ">":
		return " > "
	case ">=":
		return " >= "
	case "&&":
		return " && "
	case "||":
		return " || "
	}
	return " " + op + " "
}

// join writes a op b for a logical operator of precedence prec, both
// operands of at least that precedence (a || b || c: the operator is
// associative).
func join(a expr, op string, prec int, b expr) expr {
	if a.isRaw() && b.isRaw() {
		return composed(a, a.prec < prec, spaced(op), b, b.prec < prec, "", prec, classNone)
	}
	return expr{js: jen.Add(a.at(prec)).Op(op).Add(b.at(prec)), prec: prec}
}

// unary writes op x.
func unary(op string, x expr) expr {
	if op == "-" && x.prec == precUnary {
		// -(-x), not - -x.
		if x.isRaw() {
			return composed(expr{}, false, op, x, true, "", precUnary, classNone)
		}
		return expr{js: jen.Op(op).Parens(x.code()), prec: precUnary}
	}
	if x.isRaw() {
		return composed(expr{}, false, op, x, x.prec < precUnary, "", precUnary, classNone)
	}
	return expr{js: jen.Op(op).Add(x.at(precUnary)), prec: precUnary}
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
