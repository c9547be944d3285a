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
// would leave the switch. The chain may end in name != constant, whose
// else is then that constant's case (else if c != 40 { A } else { B } is
// case 40: B; default: A), and so may its else when it starts with a
// return on name != constant (default: if c != 40 { return }; B is case
// 40: B; default: return).

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
		name   string
		seen   []constant.Value
		cases  = make([][]jen.Code, len(ch.arms))
		bodies = make([][]jen.Code, len(ch.arms))
		deflt  = ch.els       // the default's statements
		last   *jen.Statement // a case taken from the default: if k != 40 { A }; B
	)
	for i, a := range ch.arms {
		bodies[i] = a.body.list
		ne := i == 0 && ways > len(ch.arms)
		lits, isNe, ok := fg.caseOf(a.cond, &name, &seen, ne)
		if !ok {
			return nil
		}
		if isNe {
			// ... else if k != 40 { A } else { B }: case 40: B; default: A.
			bodies[0], deflt = ch.els.list, a.body
		}
		cases[i] = lits
		if breaksOut(fg, a.body.list) {
			return nil
		}
	}
	if ch.els != nil && breaksOut(fg, ch.els.list) {
		return nil
	}
	var dlist []jen.Code
	if deflt != nil {
		dlist = deflt.list
	}
	if e := deflt; ways > len(ch.arms) && len(e.list) > 1 && e.chain != nil && len(e.chain.arms) == 1 &&
		(e.chain.els == nil || len(e.chain.els.list) == 0) && e.chain.arms[0].body.term {
		// default: if k != 40 { A }; B is case 40: B; default: A, A
		// leaving the switch's statement (a return).
		if lits, isNe, ok := fg.caseOf(e.chain.arms[0].cond, &name, &seen, true); ok && isNe {
			last = jen.Case(lits...).Block(e.list[1:]...)
			dlist = e.chain.arms[0].body.list
		}
	}
	var clauses []jen.Code
	for i := len(ch.arms) - 1; i >= 0; i-- {
		clauses = append(clauses, jen.Case(cases[i]...).Block(bodies[i]...))
	}
	if last != nil {
		clauses = append(clauses, last)
	}
	if ways > len(ch.arms) {
		clauses = append(clauses, jen.Default().Block(dlist...))
	}
	return jen.Switch(jen.Id(name)).Block(clauses...)
}

// caseOf returns the case values of condition cond: the constants of a
// || of name == constant, or (when ne allows) the constant of name !=
// constant, which isNe reports. It sets *name from the first condition
// and refuses another name and a value already in *seen.
func (fg *funcGen) caseOf(cond expr, name *string, seen *[]constant.Value, ne bool) (lits []jen.Code, isNe bool, ok bool) {
	x, err := parser.ParseExpr(fg.text(cond.code()))
	if err != nil {
		return nil, false, false
	}
	var vals []ast.Expr
	switch {
	case ne && neCase(x, name, &vals):
		isNe = true
	case caseValues(x, name, &vals):
	default:
		return nil, false, false
	}
	for _, l := range vals {
		v := constValue(l)
		if v == nil {
			return nil, false, false
		}
		for _, w := range *seen {
			if constant.Compare(v, token.EQL, w) {
				return nil, false, false
			}
		}
		*seen = append(*seen, v)
		lits = append(lits, jen.Id(litText(l)))
	}
	return lits, isNe, true
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

// neCase appends to lits the constant x compares *name with, x being
// name != constant; it sets *name if it is not set.
func neCase(x ast.Expr, name *string, lits *[]ast.Expr) bool {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			break
		}
		x = p.X
	}
	b, ok := x.(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	id, ok := b.X.(*ast.Ident)
	if !ok || constValue(b.Y) == nil || *name != "" && id.Name != *name {
		return false
	}
	*name = id.Name
	*lits = append(*lits, b.Y)
	return true
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
