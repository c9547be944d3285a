package frontend

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file decides when a dereference of a nil array pointer that
// go/ssa emits is not evaluated in Go. The spec does not evaluate the
// range expression x of a range statement with at most one iteration
// variable when len(x) is constant: x is an array or a pointer to an
// array and contains no channel receive and no (non-constant) function
// call. `for range *p` with a nil p runs len(*p) times without a panic
// (gc since Go 1.25, issue72844), but go/ssa loads *p before the loop
// and only reads its length from the type: the load's result is unused.
// `for range *f()` and `_ = *p` panic.

// unevaluatedDeref reports whether the dereference in of a nil pointer
// is the range expression of a range statement whose length is
// constant, which Go does not evaluate.
func (fr *frame) unevaluatedDeref(in *ssa.UnOp) bool {
	pt, ok := in.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	if _, ok := pt.Elem().Underlying().(*types.Array); !ok {
		return false
	}
	for _, r := range *in.Referrers() {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return false
		}
	}
	syn := fr.fn.Syntax()
	if syn == nil || in.Pos() == token.NoPos {
		return false
	}
	var x ast.Expr
	ast.Inspect(syn, func(n ast.Node) bool {
		if x != nil {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok && lit != syn {
			return false // a function of its own
		}
		rs, ok := n.(*ast.RangeStmt)
		if !ok {
			return true
		}
		star, ok := ast.Unparen(rs.X).(*ast.StarExpr)
		if ok && star.Star == in.Pos() && (rs.Value == nil || isBlank(rs.Value)) {
			x = rs.X
		}
		return true
	})
	return x != nil && !callsOrReceives(fr.fn, x.Pos(), x.End())
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// callsOrReceives reports whether fn has a call or a channel receive in
// the source range [pos, end): a conversion is no call in go/ssa, and a
// constant call (len of an array) none at all.
func callsOrReceives(fn *ssa.Function, pos, end token.Pos) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			p := instr.Pos()
			if p < pos || p >= end {
				continue
			}
			switch instr := instr.(type) {
			case *ssa.Call:
				return true
			case *ssa.UnOp:
				if instr.Op == token.ARROW {
					return true
				}
			case *ssa.Select:
				return true
			}
		}
	}
	return false
}
