package gogen

import (
	"go/ast"
	"go/parser"
	"go/token"

	"github.com/dave/jennifer/jen"
)

// This file merges consecutive ifs on the same condition, which staging
// leaves when several statements of a loop body test the same value:
//
//	if c { A }
//	if c { B }
//
// is if c { A; B }. The merge keeps the meaning when c has no effect and
// cannot panic, reads only names and constants, A assigns none of those
// names nor takes their address (so c has the same value before B), and A
// does not end in a terminating statement (B would be unreachable), and
// A and B do not declare the same name: a value the scheduler places in
// both blocks has one name in each (unrolled iterations, rpg seed 5006),
// which one block would declare twice.

// mergeIf writes one-arm chain ch into the if without else that ends out
// when both test the same condition, and reports whether it did.
func (fg *funcGen) mergeIf(out *stmts, ch *ifChain) bool {
	prev := out.tail
	if prev == nil || len(out.list) == 0 || out.list[len(out.list)-1] != jen.Code(prev.arms[0].stmt) {
		return false
	}
	if len(ch.arms) != 1 || ch.drop || ch.els != nil && len(ch.els.list) > 0 {
		return false
	}
	if len(prev.arms) != 1 || prev.drop || prev.els != nil && len(prev.els.list) > 0 {
		return false
	}
	a, b := prev.arms[0], ch.arms[0]
	cond := fg.text(a.cond.code())
	if !a.safe || !b.safe || a.body.term || cond != fg.text(b.cond.code()) {
		return false
	}
	names, ok := plainNames(cond)
	if !ok || writesAny(fg, a.body.list, names) || declaresSame(fg, a.body.list, b.body.list) {
		return false
	}
	list := append(append([]jen.Code(nil), a.body.list...), b.body.list...)
	a.body = &stmts{list: list, term: b.body.term}
	prev.link(0)
	out.list[len(out.list)-1] = a.stmt
	out.term = a.term
	return true
}

// plainNames returns the names condition src reads when it is made only
// of names, constants and operators.
func plainNames(src string) (map[string]bool, bool) {
	x, err := parser.ParseExpr(src)
	if err != nil {
		return nil, false
	}
	names := map[string]bool{}
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.BasicLit, *ast.BinaryExpr, *ast.UnaryExpr, *ast.ParenExpr:
		case *ast.Ident:
			names[n.Name] = true
		default:
			ok = false
		}
		return ok
	})
	return names, ok
}

// writesAny reports whether statements may change one of names: assign
// it (also as the root of an index or selector), increment it, take its
// address; or when they cannot be read.
func writesAny(fg *funcGen, list []jen.Code, names map[string]bool) bool {
	src := "package p\n\nfunc _() " + fg.text(jen.Block(list...))
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		return true
	}
	hit := false
	touch := func(x ast.Expr) {
		for {
			switch y := x.(type) {
			case *ast.Ident:
				hit = hit || names[y.Name]
				return
			case *ast.IndexExpr:
				x = y.X
			case *ast.SelectorExpr:
				x = y.X
			case *ast.StarExpr:
				x = y.X
			case *ast.ParenExpr:
				x = y.X
			default:
				return
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				touch(l)
			}
		case *ast.IncDecStmt:
			touch(n.X)
		case *ast.RangeStmt:
			touch(n.Key)
			touch(n.Value)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				touch(n.X)
			}
		}
		return !hit
	})
	return hit
}

// declaresSame reports whether statements a and b declare a name in
// common at their top level (or when they cannot be read).
func declaresSame(fg *funcGen, a, b []jen.Code) bool {
	da, ok := declared(fg, a)
	if !ok {
		return true
	}
	db, ok := declared(fg, b)
	if !ok {
		return true
	}
	for n := range da {
		if db[n] {
			return true
		}
	}
	return false
}

// declared returns the names statements declare at their top level.
func declared(fg *funcGen, list []jen.Code) (map[string]bool, bool) {
	src := "package p\n\nfunc _() " + fg.text(jen.Block(list...))
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		return nil, false
	}
	names := map[string]bool{}
	for _, st := range f.Decls[0].(*ast.FuncDecl).Body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				for _, l := range st.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						names[id.Name] = true
					}
				}
			}
		case *ast.DeclStmt:
			if gd, ok := st.Decl.(*ast.GenDecl); ok {
				for _, sp := range gd.Specs {
					if vs, ok := sp.(*ast.ValueSpec); ok {
						for _, id := range vs.Names {
							names[id.Name] = true
						}
					}
				}
			}
		}
	}
	return names, true
}
