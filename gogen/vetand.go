package gogen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
)

// vetAnd reports whether a && b passes go vet's bools check, which
// rejects a chain of && with two operands of the same text ("redundant
// and": x && x) or two comparisons by == of one expression with
// different literals ("suspect and": x == 1 && x == 2). Nested ifs that
// test such conditions (unrolled code testing one condition again, or a
// value against a constant it cannot equal there) stay nested: go vet
// does not look across ifs (rpg seeds 7515 F81a, 7517 F54a).
func (fg *funcGen) vetAnd(a, b expr) bool {
	x, err := parser.ParseExpr(fg.text(join(a, "&&", precAnd, b).code()))
	if err != nil {
		return false
	}
	var ops []ast.Expr
	var flatten func(e ast.Expr)
	flatten = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.ParenExpr:
			flatten(e.X)
			return
		case *ast.BinaryExpr:
			if e.Op == token.LAND {
				flatten(e.X)
				flatten(e.Y)
				return
			}
		}
		ops = append(ops, e)
	}
	flatten(x)
	texts := make([]string, len(ops))
	for i, o := range ops {
		texts[i] = types.ExprString(o)
	}
	for i := range ops {
		for j := range i {
			if texts[i] == texts[j] || suspectEq(ops[i], ops[j]) {
				return false
			}
		}
	}
	return true
}

// suspectEq reports whether a and b compare one expression by == with two
// different literals.
func suspectEq(a, b ast.Expr) bool {
	ea, ok1 := a.(*ast.BinaryExpr)
	eb, ok2 := b.(*ast.BinaryExpr)
	if !ok1 || !ok2 || ea.Op != token.EQL || eb.Op != token.EQL {
		return false
	}
	la, okA := ea.Y.(*ast.BasicLit)
	lb, okB := eb.Y.(*ast.BasicLit)
	return okA && okB && la.Value != lb.Value && types.ExprString(ea.X) == types.ExprString(eb.X)
}
