package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the types and constants of opaque values (ir/opaque.go):
// error, time.Time, *os.File; nil, a package-level variable (io.EOF, or
// ErrBad of the generated code's own package, which jennifer writes
// unqualified), errors.New("msg"), time.Time{}.

// opaqueType writes an opaque type.
func opaqueType(t *ir.Type) *jen.Statement {
	var s *jen.Statement
	if t.Named.Path == "" {
		s = jen.Id(t.Named.Name)
	} else {
		s = jen.Qual(t.Named.Path, t.Named.Name)
	}
	if t.Ptr {
		return jen.Op("*").Add(s)
	}
	return s
}

// opaqueConst writes a constant of an opaque type.
func opaqueConst(c *ir.Const) expr {
	v := c.Val.(ir.OpaqueVal)
	switch v.Form {
	case ir.OpaqueNil:
		return rawExpr("nil", precPrimary)
	case ir.OpaqueZero:
		return primary(opaqueType(c.Type).Values())
	case ir.OpaqueVar:
		if v.Ref.Path == "" {
			return primary(jen.Id(v.Ref.Name))
		}
		return primary(jen.Qual(v.Ref.Path, v.Ref.Name))
	case ir.OpaqueErrorsNew:
		return primary(jen.Qual("errors", "New").Call(jen.Lit(v.Msg)))
	case ir.OpaqueLit:
		if v.Ptr {
			return rawExpr("&"+v.Lit, precUnary)
		}
		return rawExpr(v.Lit, precPrimary)
	}
	panic("BUG: gogen: opaque constant " + v.String())
}

// worldCall writes a call whose arguments or result have Go types that
// are not their graph types (ir.Callee.Convs, Res), the call of a
// method of its first argument, or the load of a field of it.
func (fg *funcGen) worldCall(n *ir.Node, c ir.Callee) expr {
	convs := c.ArgConvs(len(n.Args))
	args := make([]jen.Code, len(n.Args))
	for i, a := range n.Args {
		cv := convs[i]
		switch {
		case i == 0 && c.Method && cv.To.IsZero() && a.IsSym():
			args[i] = fg.ref(a, ctxConverted).at(precPrimary)
		case cv.Any:
			args[i] = fg.ref(a, ctxTyped).code()
		case !cv.To.IsZero():
			args[i] = jen.Qual(cv.To.Path, cv.To.Name).Call(fg.ref(a, ctxConverted).code())
		default:
			args[i] = fg.ref(a, ctxConverted).code()
		}
	}
	var call *jen.Statement
	if c.Field {
		if len(args) != 1 {
			panic("BUG: gogen: a field store as an expression")
		}
		call = jen.Add(args[0]).Dot(c.Name)
	} else if c.Method {
		recv := args[0]
		if n.Args[0].IsConst() {
			recv = jen.Parens(recv) // a literal receiver: (&T{}).Error()
		}
		call = jen.Add(recv).Dot(c.Name).Call(args[1:]...)
	} else {
		call = jen.Qual(c.Pkg, c.Name).Call(args...)
	}
	if !c.Res.IsZero() {
		return primary(goType(n.Type).Call(call))
	}
	return primary(call)
}

// deferStmt writes a deferred call (ir.Callee.Defer) as Go's defer
// statement, which evaluates the function and its arguments where it
// stands and calls it when the generated function returns or panics;
// it reports whether n is one.
func (fg *funcGen) deferStmt(out *stmts, n *ir.Node) bool {
	c := n.Aux.(ir.Callee)
	if !c.Defer {
		return false
	}
	if n.Type != ir.Void {
		panic("BUG: gogen: a deferred call with a result")
	}
	fg.consumed[n.Sym] = true
	out.add(jen.Defer().Add(fg.nodeExpr(n).code()))
	return true
}

// opaqueZero reports whether c is the zero value of its opaque type (nil,
// time.Time{}): a variable starting with it is declared var x T, since
// x := nil has no type.
func opaqueZero(c *ir.Const) bool {
	if c.Type.Kind != ir.KOpaque {
		return false
	}
	f := c.Val.(ir.OpaqueVal).Form
	return f == ir.OpaqueNil || f == ir.OpaqueZero
}

// fieldStmt writes the store into a field of an opaque value (ir.Callee
// Field with two arguments: cmd.Dir = dir); it reports whether n is one.
func (fg *funcGen) fieldStmt(out *stmts, n *ir.Node) bool {
	c := n.Aux.(ir.Callee)
	if !c.Field || len(n.Args) != 2 {
		return false
	}
	fg.consumed[n.Sym] = true
	recv := fg.ref(n.Args[0], ctxConverted).at(precPrimary)
	v := fg.ref(n.Args[1], ctxConverted).code()
	if cv := c.ArgConvs(2)[1]; !cv.To.IsZero() {
		v = jen.Qual(cv.To.Path, cv.To.Name).Call(v)
	}
	out.add(jen.Add(recv).Dot(c.Name).Op("=").Add(v))
	return true
}
