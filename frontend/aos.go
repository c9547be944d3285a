package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"path"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds slices of structs that cross the generated function's
// boundary: a []T parameter or result, T a struct of stage types (or of
// such structs) declared in the package. Unlike the slices of structs the
// kernel makes (soa.go: one slice per field), such a slice stays an array
// of structs (AoS) in the generated code: it is the caller's memory, so
// every read and write goes to it. A write is then seen by the caller
// even when the function panics after it, and two parameters sharing an
// array (f(xs, xs[1:])) see each other's writes, exactly as in Go.
//
// The evaluator holds such a slice as a Rep of graph type []T (T an
// ir.KStruct): a Rep like any slice, so len, cap, sub-slicing, comparison
// with nil and merges across staged control flow are those of slices. A
// pointer to its element i (&xs[i]), or to a field of struct type of it,
// is an *aosElem; a load through it reads every leaf (ir.OpFieldGet), a
// store writes every leaf (ir.OpFieldSet), and a field of a basic type
// is read and written alone.

// aosElem is a pointer to element i of the slice of structs s, or to a
// field of struct type of it: sel is that field's selector from the
// element ("" for the element itself, "C" for field C), t its type.
type aosElem struct {
	s, i ir.Exp
	sel  string
	t    *ir.Type // a KStruct
}

// aosLeaf is a pointer to a field of a basic type of element i of the
// slice of structs s.
type aosLeaf struct {
	s, i ir.Exp
	f    ir.FieldSel
}

// aosType returns the graph type of struct type t for a slice that
// crosses the boundary, or a message saying why it cannot be one: t must
// be a struct of the rules' package (structValue) whose fields are stage
// types of basic types or such structs (soaLayout).
func aosType(t types.Type, rules structRules) (*ir.Type, string) {
	if _, msg := soaLayout(t); msg != "" {
		return nil, msg
	}
	if _, msg := structValue(t, rules, nil); msg != "" {
		return nil, msg
	}
	return aosStruct(t), ""
}

// aosStruct returns the graph type of struct type t, whose fields are
// checked already.
func aosStruct(t types.Type) *ir.Type {
	n := types.Unalias(t).(*types.Named)
	var fs []ir.StructField
	for f := range t.Underlying().(*types.Struct).Fields() {
		ft := f.Type()
		if isStruct(ft) {
			fs = append(fs, ir.StructField{Name: f.Name(), Type: aosStruct(ft)})
			continue
		}
		fs = append(fs, ir.StructField{Name: f.Name(), Type: irBasic(ft), Named: stageGoName(ft)})
	}
	return ir.StructOf(ir.GoName{Path: n.Obj().Pkg().Path(), Name: n.Obj().Name()}, fs)
}

// userTypeName spells graph type t for a message as the user wrote it: a
// struct type (KStruct, whose String lists its fields) by its package
// and name.
func userTypeName(t *ir.Type) string {
	switch t.Kind {
	case ir.KStruct:
		return path.Base(t.Named.Path) + "." + t.Named.Name
	case ir.KSlice:
		return "[]" + userTypeName(t.Elem)
	}
	return t.String()
}

// isAoS reports whether the graph type t is a slice of structs kept as an
// array of structs.
func isAoS(t *ir.Type) bool {
	return t.Kind == ir.KSlice && t.Elem.Kind == ir.KStruct
}

// aosField is &p.f: a pointer to the field's leaf, or to the field's
// struct.
func aosField(p *aosElem, f int) value {
	fd := p.t.Fields[f]
	sel := fd.Name
	if p.sel != "" {
		sel = p.sel + "." + fd.Name
	}
	if fd.Type.Kind == ir.KStruct {
		return &aosElem{s: p.s, i: p.i, sel: sel, t: fd.Type}
	}
	return &aosLeaf{s: p.s, i: p.i, f: ir.FieldSel{Sel: sel, Type: fd.Type, Named: fd.Named}}
}

// aosLoad reads *p: a struct of Reps, one read per leaf.
func (ev *evaluator) aosLoad(p *aosElem) structure {
	v := make(structure, len(p.t.Fields))
	for f := range v {
		switch q := aosField(p, f).(type) {
		case *aosElem:
			v[f] = ev.aosLoad(q)
		case *aosLeaf:
			v[f] = ev.aosLoadLeaf(q)
		}
	}
	return v
}

// aosLoadLeaf reads *p.
func (ev *evaluator) aosLoadLeaf(p *aosLeaf) value {
	ev.at()
	return ev.newRep(ev.b.FieldGet(p.s, p.i, p.f), "a field of an element of a slice of structs", &rep{e: p.s})
}

// aosStore writes the struct v into *p, leaf by leaf.
func (ev *evaluator) aosStore(p *aosElem, v value) {
	x, ok := v.(structure)
	if !ok || len(x) != len(p.t.Fields) {
		panic(fmt.Sprintf("BUG: %s stored into an element of a slice of %s", describe(v), p.t))
	}
	for f := range x {
		switch q := aosField(p, f).(type) {
		case *aosElem:
			ev.aosStore(q, x[f])
		case *aosLeaf:
			ev.aosStoreLeaf(q, x[f])
		}
	}
}

// aosStoreLeaf writes v into *p.
func (ev *evaluator) aosStoreLeaf(p *aosLeaf, v value) {
	ev.at()
	ev.b.FieldSet(p.s, p.i, p.f, ev.liftTo(v, p.f.Type, "a field stored in a slice of structs"))
	ev.writes++
}

// aosResult lifts x, a result of type []T of the generated function (st
// the graph type of T): a slice of structs the caller passed (or a
// sub-slice or an append of one) as it is, a split slice the kernel made
// or a static one converted to an array of structs (aosconv.go).
func (ev *evaluator) aosResult(x value, st *ir.Type, what string) ir.Exp {
	switch x := x.(type) {
	case structure:
		return ev.soaToAoS(x, st)
	case sliceV:
		return ev.staticToAoS(x, st)
	}
	return ev.liftTo(x, ir.SliceOf(st), what)
}

// aosExp returns the slice of x if x is a slice of structs kept as an
// array of structs.
func (ev *evaluator) aosExp(x value) (ir.Exp, bool) {
	r, ok := x.(*rep)
	if !ok || !isAoS(ev.b.Graph().TypeOf(r.e)) {
		return ir.Exp{}, false
	}
	return r.e, true
}

// aosIsNil is s == nil or s != nil (Go allows no other comparison of
// slices), x the slice of structs s.
func (ev *evaluator) aosIsNil(op token.Token, s ir.Exp, x value) value {
	ev.at()
	e := ev.b.IsNil(s)
	if op == token.NEQ {
		e = ev.b.Unary(ir.OpNot, e)
	}
	return ev.newRep(e, "the comparison with nil", x)
}

// aosCopy is copy(dst, src) of two slices of structs: Go's copy on the
// arrays (memmove in C). A copy between one and a slice of structs the
// function makes (split per field) moves the fields (aosconv.go); et is
// the element type.
func (ev *evaluator) aosCopy(dst, src value, et types.Type) value {
	d, dOK := ev.aosExp(dst)
	s, sOK := ev.aosExp(src)
	if !dOK || !sOK {
		return ev.aosCopyMixed(dst, src, et)
	}
	ev.at()
	ev.writes++
	return ev.newRep(ev.b.Copy(d, s), "the count of copy", dst, src)
}
