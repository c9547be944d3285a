package gogen

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes an if-else chain that dispatches on one value as a
// switch, the way a Go programmer writes it:
//
//	if c == 32 || c == 9 { A } else if c == 48 { B } else { C }
//
// is
//
//	switch c {
//	case 32, 9:
//		A
//	case 48:
//		B
//	default:
//		C
//	}
//
// The chain qualifies when every arm's condition is a || of comparisons
// (==) of the same name with a constant, the constants are different
// values (a switch with two equal constant cases does not compile), and
// the chain has at least three ways (arms and else). The name is read
// once instead of once per comparison, which is the same value: nothing
// runs between the comparisons but comparisons. A body that leaves a
// loop with a plain break keeps the if chain: in a switch that break
// would leave the switch.

// switchStmt returns the chain written as a switch, or nil when it does
// not qualify.
func (fg *funcGen) switchStmt(ch *ifChain) *jen.Statement {
	ways := len(ch.arms)
	if ch.els != nil && len(ch.els.list) > 0 {
		ways++
	}
	if len(ch.arms) < 2 || ways < 3 {
		return nil
	}
	var (
		name  string
		cases = make([][]jen.Code, len(ch.arms))
		seen  []constant.Value
	)
	for i, a := range ch.arms {
		x, err := parser.ParseExpr(fg.text(a.cond.s))
		if err != nil {
			return nil
		}
		var lits []ast.Expr
		if !caseValues(x, &name, &lits) {
			return nil
		}
		for _, l := range lits {
			v := constValue(l)
			if v == nil {
				return nil
			}
			for _, w := range seen {
				if constant.Compare(v, token.EQL, w) {
					return nil
				}
			}
			seen = append(seen, v)
			cases[i] = append(cases[i], jen.Id(litText(l)))
		}
		if breaksOut(fg, a.body.list) {
			return nil
		}
	}
	if ch.els != nil && breaksOut(fg, ch.els.list) {
		return nil
	}
	var clauses []jen.Code
	for i := len(ch.arms) - 1; i >= 0; i-- {
		clauses = append(clauses, jen.Case(cases[i]...).Block(ch.arms[i].body.list...))
	}
	if ways > len(ch.arms) {
		clauses = append(clauses, jen.Default().Block(ch.els.list...))
	}
	return jen.Switch(jen.Id(name)).Block(clauses...)
}

// caseValues appends to lits the constants x compares *name with, x being
// a || of comparisons name == constant; it sets *name from the first.
func caseValues(x ast.Expr, name *string, lits *[]ast.Expr) bool {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return caseValues(x.X, name, lits)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LOR:
			return caseValues(x.X, name, lits) && caseValues(x.Y, name, lits)
		case token.EQL:
			id, ok := x.X.(*ast.Ident)
			if !ok || constValue(x.Y) == nil {
				return false
			}
			if *name == "" {
				*name = id.Name
			}
			if id.Name != *name {
				return false
			}
			*lits = append(*lits, x.Y)
			return true
		}
	}
	return false
}

// constValue returns the value of a literal, or of a negated number
// literal; nil for anything else.
func constValue(x ast.Expr) constant.Value {
	switch x := x.(type) {
	case *ast.BasicLit:
		v := constant.MakeFromLiteral(x.Value, x.Kind, 0)
		if v.Kind() == constant.Unknown {
			return nil
		}
		return v
	case *ast.UnaryExpr:
		if x.Op != token.SUB {
			return nil
		}
		if v := constValue(x.X); v != nil && v.Kind() != constant.String {
			return constant.UnaryOp(token.SUB, v, 0)
		}
	}
	return nil
}

// litText returns the source text of a constant case value.
func litText(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.BasicLit:
		return x.Value
	case *ast.UnaryExpr:
		return "-" + litText(x.X)
	}
	panic("BUG: gogen: no literal in a switch case")
}

// breaksOut reports whether statements hold a break without a label that
// leaves them (one not inside a loop, switch or select of their own).
func breaksOut(fg *funcGen, list []jen.Code) bool {
	src := "package p\n\nfunc _() " + fg.text(jen.Block(list...))
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		return true // cannot tell: keep the if chain
	}
	found := false
	ast.Inspect(f.Decls[0].(*ast.FuncDecl).Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
			return false // a break inside leaves that statement
		case *ast.BranchStmt:
			if n.Tok == token.BREAK && n.Label == nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// isNe reports whether c is written inline as a comparison with !=: its
// negation is the == of a switch case.
func (fg *funcGen) isNe(c ir.Exp) bool {
	if !c.IsSym() {
		return false
	}
	n := fg.inlineNode(c.Sym())
	return n != nil && n.Op == ir.OpNe
}
