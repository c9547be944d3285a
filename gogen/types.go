package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// goType returns the Go syntax of t (an index of keys, ir/keyindex.go, is
// a map from key to slot). Tuples appear only as the results of
// functions (see results); a tuple here is a bug.
func goType(t *ir.Type) *jen.Statement {
	switch t.Kind {
	case ir.KSlice:
		if t.Elem == ir.Uint8 {
			return jen.Index().Byte() // []byte, as Go is written (the same type)
		}
		return jen.Index().Add(goType(t.Elem))
	case ir.KIndex:
		return jen.Map(goType(t.Elem)).Int()
	case ir.KFunc:
		return jen.Func().Params(typeList(t.Params)...).Add(results(t.Results))
	case ir.KStruct:
		return structType(t)
	case ir.KOpaque:
		return opaqueType(t)
	case ir.KTuple, ir.KVoid:
		panic("BUG: gogen: no Go type for " + t.String())
	}
	// The basic types are spelled as the ir prints them.
	return jen.Id(t.String())
}

func typeList(ts []*ir.Type) []jen.Code {
	cs := make([]jen.Code, len(ts))
	for i, t := range ts {
		cs[i] = goType(t)
	}
	return cs
}

// results returns the result list of a function signature: nothing, one
// type, or a parenthesized list.
func results(ts []*ir.Type) jen.Code {
	switch len(ts) {
	case 0:
		return jen.Null()
	case 1:
		return goType(ts[0])
	}
	return jen.Parens(jen.List(typeList(ts)...))
}

// params returns a parameter list, merging the types of consecutive
// parameters of one type as a person would write it: (a, b int, x float64).
func params(names []string, ts []*ir.Type) []jen.Code {
	var cs []jen.Code
	for i := range names {
		id := jen.Id(names[i])
		if i+1 == len(names) || ts[i+1] != ts[i] {
			id = id.Add(goType(ts[i]))
		}
		cs = append(cs, id)
	}
	return cs
}
