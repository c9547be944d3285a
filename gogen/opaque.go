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
