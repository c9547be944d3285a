package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/lmsgen/lmsgen/ir"
)

// This file records how the package's source wrote its integer literals
// (ir.Literals), so that the emitters write a constant in the base the
// user chose: x&0xFF stays x&0xFF, n%1000 stays n%1000. A literal is
// recorded on its own line and, as an operand of a binary expression, on
// the operator's line too (go/ssa places the operation there). A named
// constant declared by one literal (const mask = 0x7f) is recorded where
// it is used: its value is written in the declaration's base.

// literalForms collects the integer literals of files.
func literalForms(fset *token.FileSet, info *types.Info, files []*ast.File) *ir.Literals {
	lits := &ir.Literals{}
	// The named constants declared by one literal.
	named := map[types.Object]*ast.BasicLit{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Names) == len(vs.Values) {
				for i, name := range vs.Names {
					if bl, ok := vs.Values[i].(*ast.BasicLit); ok && bl.Kind == token.INT {
						if obj := info.Defs[name]; obj != nil {
							named[obj] = bl
						}
					}
				}
			}
			return true
		})
	}
	add := func(at token.Pos, bl *ast.BasicLit) {
		v, ok := constant.Uint64Val(constant.MakeFromLiteral(bl.Value, token.INT, 0))
		if ok {
			lits.Add(fset.Position(at), v, bl.Value)
		}
	}
	// literal returns the literal e is, directly or through a named
	// constant.
	literal := func(e ast.Expr) *ast.BasicLit {
		switch e := ast.Unparen(e).(type) {
		case *ast.BasicLit:
			if e.Kind == token.INT {
				return e
			}
		case *ast.Ident:
			if c, ok := info.Uses[e].(*types.Const); ok {
				return named[c]
			}
		}
		return nil
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				for _, e := range []ast.Expr{n.X, n.Y} {
					if bl := literal(e); bl != nil {
						add(n.OpPos, bl)
					}
				}
			case *ast.AssignStmt:
				for _, e := range n.Rhs {
					if bl := literal(e); bl != nil {
						add(n.TokPos, bl)
					}
				}
			case ast.Expr:
				if bl := literal(n); bl != nil {
					add(n.Pos(), bl)
				}
			}
			return true
		})
	}
	return lits
}
