package gogen

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
)

// This file reads the condition of an arm of an if chain (chain.go) as go
// vet's bools analyzer reads a || chain, so that joining two arms never
// writes what vet rejects (and go test runs vet: a user's package would
// not build):
//
//   - "redundant or": an operand repeated, x17 || x8 || x17 (the same exit
//     test reached from several unrolled iterations, rpg seeds 5668 F98a,
//     5670 F25a, 5671 F20a);
//   - "suspect or": two operands x != c1 and x != c2 with constants c1 and
//     c2 (x17 != 0 || x17 != 1728462809: a staged test against the
//     iteration's constant, unrolled, rpg seeds 5642 F34a, 5664 F32a).
//
// As vet does, the operands are the || chain read through parentheses
// and compared by their printed text; a constant is read from the syntax
// (a literal, true or false, a conversion of one to a basic type, or an
// expression of those), which is what gogen writes for constants.

// orOperand is one operand of an arm's || condition.
type orOperand struct {
	text string // as vet prints it
	safe bool   // no effect and cannot panic (the arm's condition it came from)
	x    string // for x != c or c != x with c constant: the text of x; "" otherwise
}

// orOperands returns the operands of the || chain cond (source text),
// each safe when the condition is.
func orOperands(cond string, safe bool) []orOperand {
	e, err := parser.ParseExpr(cond)
	if err != nil {
		return []orOperand{{text: cond, safe: safe}} // not Go vet reads: nothing to match
	}
	fset := token.NewFileSet()
	var out []orOperand
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		e = ast.Unparen(e)
		if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.LOR {
			walk(b.X)
			walk(b.Y)
			return
		}
		op := orOperand{text: printed(fset, e), safe: safe}
		if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.NEQ {
			switch {
			case constSyntax(b.Y) && !constSyntax(b.X):
				op.x = printed(fset, b.X)
			case constSyntax(b.X) && !constSyntax(b.Y):
				op.x = printed(fset, b.Y)
			}
		}
		out = append(out, op)
	}
	walk(e)
	return out
}

func printed(fset *token.FileSet, e ast.Expr) string {
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, fset, e); err != nil {
		panic("BUG: printing a parsed condition: " + err.Error())
	}
	return buf.String()
}

// basicTypes are the names a constant may be converted to in gogen's output.
var basicTypes = map[string]bool{
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
	"float32": true, "float64": true, "complex64": true, "complex128": true,
	"byte": true, "rune": true, "string": true, "bool": true,
}

// constSyntax reports whether e is, by its syntax, a constant expression.
func constSyntax(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		return e.Name == "true" || e.Name == "false"
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && e.Op != token.AND && constSyntax(e.X)
	case *ast.BinaryExpr:
		return constSyntax(e.X) && constSyntax(e.Y)
	case *ast.CallExpr:
		id, ok := e.Fun.(*ast.Ident)
		return ok && basicTypes[id.Name] && len(e.Args) == 1 && constSyntax(e.Args[0])
	case *ast.SelectorExpr:
		pkg, ok := e.X.(*ast.Ident)
		return ok && pkg.Name == "math" // math.MaxInt64 and the like
	}
	return false
}

// orClash reports whether the || of the operands a and b (in either
// order) would have an operand vet reports: one repeated, or two
// inequalities of one value with different constants.
func orClash(a, b []orOperand) bool {
	for _, p := range a {
		for _, q := range b {
			if p.text == q.text || p.x != "" && p.x == q.x {
				return true
			}
		}
	}
	return false
}
