package gogen

import "github.com/dave/jennifer/jen"

// This file adds the parentheses a reader wants where Go needs none.
// gofmt's spacing shows the precedence of a + b*c, and a run of shifts
// and bitwise operators (x<<7 | y) reads as one kind of arithmetic; but
// an operand of one kind under an operator of the other reads wrongly:
// a<<b + c, x>>10 + y ^ z, a&b == c. Such an operand is written in
// parentheses: (a << b) + c, ((x >> 10) + y) ^ z, (a & b) == c.

// opClass is the kind of a binary operator.
type opClass int8

const (
	classNone  opClass = iota // logical, or not a binary operator
	classArith                // + - * / %
	classBits                 // | ^ & &^ << >>
	classCmp                  // == != < <= > >=
)

// classOf returns the kind of Go binary operator op.
func classOf(op string) opClass {
	switch op {
	case "+", "-", "*", "/", "%":
		return classArith
	case "|", "^", "&", "&^", "<<", ">>":
		return classBits
	case "==", "!=", "<", "<=", ">", ">=":
		return classCmp
	}
	return classNone
}

// atIn returns e as an operand of an operator of kind parent that needs
// precedence p: in parentheses when Go needs them, or when e mixes
// arithmetic and bitwise operators with parent.
func (e expr) atIn(p int, parent opClass) *jen.Statement {
	if e.prec < p || mixes(parent, e.class) {
		return jen.Parens(e.code())
	}
	return e.code()
}

// parenIn reports whether atIn writes e in parentheses.
func (e expr) parenIn(p int, parent opClass) bool {
	return e.prec < p || mixes(parent, e.class)
}

// mixes reports whether an operand of kind child under an operator of
// kind parent reads wrongly without parentheses.
func mixes(parent, child opClass) bool {
	switch parent {
	case classArith:
		return child == classBits
	case classBits:
		return child == classArith
	case classCmp:
		return child == classBits
	}
	return false
}
