package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the fields of the elements of a slice of structs kept
// as an array of structs (ir/aos.go): a []T parameter or result of the
// generated function, T a struct of stage types of the package the code
// is written to. A field is read as xs[i].F converted from its stage type
// (float64(xs[i].Re)) and written as xs[i].F = stage.Float64(x).

// fieldRef writes s[i].F of an OpFieldGet or OpFieldSet node.
func (fg *funcGen) fieldRef(n *ir.Node) *jen.Statement {
	s, i := n.Args[0], n.Args[1]
	base := fg.base(s, i).at(precPrimary)
	return jen.Add(base).Index(fg.bound(i, badIndexConst(i)).code()).Op("." + n.Aux.(ir.FieldSel).Sel)
}

// fieldGet writes an OpFieldGet: the field converted to its graph type.
func (fg *funcGen) fieldGet(n *ir.Node) expr {
	return primary(goType(n.Type).Call(fg.fieldRef(n)))
}

// fieldSet writes an OpFieldSet: the value converted to the field's
// stage type.
func (fg *funcGen) fieldSet(out *stmts, n *ir.Node) {
	f := n.Aux.(ir.FieldSel)
	out.add(fg.fieldRef(n).Op("=").Add(fg.file.typeName(f.Named).Call(fg.ref(n.Args[2], ctxConverted).code())))
}

// structType writes a struct type of the package (a KStruct).
func structType(t *ir.Type) *jen.Statement {
	return jen.Id(t.Named.Name)
}
