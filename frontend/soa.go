package frontend

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds staged slices of structs of Reps, split per field
// (array of structs to struct of arrays, AoS→SoA).
//
// A slice whose element type is a struct of Reps (stage types or such
// structs, depth first: its leaves) and whose length is a Rep — made by
// make([]T, n) with a Rep n, or a static slice of such structs indexed by
// a Rep — is one dynamic slice per leaf, all of the same length and
// capacity. The evaluator holds it as a structure of those slices (*rep
// leaves, depth first), told from a struct value by its Go type, a slice:
// so merges across staged conditionals, staged variables of loops and
// staged functions split it as they split any struct of Reps, one value
// per leaf. A pointer to one of its elements (&s[i]) is a *soaElem;
// through it a field of a basic type is a *dynElem of that field's slice,
// a field of a struct type another *soaElem, and a whole element is read
// and written leaf by leaf.
//
// The operations are Go's, leaf by leaf: s[i] reads (writes) index i of
// every leaf, len(s) and cap(s) are those of the first leaf, s[lo:hi:max]
// slices every leaf, copy copies every leaf. Since the leaves have one
// length and capacity, the first leaf's bounds check is Go's, with Go's
// message. append grows every leaf as Go grows the []T (soaappend.go).
//
// The API, for other parts of the evaluator (stage.Fill of structs, ...):
// soaLayout tells whether a type can be split and gives its leaves,
// ev.makeSoA makes one, isSoA recognizes one, ev.soaLoad and ev.soaStore
// read and write one element, ev.soaLen gives its length, ev.soaAppend
// appends to one.

// soaElem is a pointer to element i of the staged slice of structs s (or
// to a field of struct type of it: s then holds that field's leaves and
// t is its type).
type soaElem struct {
	s structure
	t types.Type // the element (or field) type
	i ir.Exp
}

// soaLayout returns the graph types of the leaves of struct type t, depth
// first, or a message saying why a slice of t cannot be split.
func soaLayout(t types.Type) ([]*ir.Type, string) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, typeString(t) + " is not a struct"
	}
	if st.NumFields() == 0 {
		return nil, fmt.Sprintf("struct type %s has no fields", typeString(t))
	}
	var leaves []*ir.Type
	for f := range st.Fields() {
		ft := f.Type()
		switch {
		case isStageBasic(ft):
			leaves = append(leaves, irBasic(ft))
		case isStruct(ft):
			ls, msg := soaLayout(ft)
			if msg != "" {
				return nil, msg
			}
			leaves = append(leaves, ls...)
		default:
			return nil, fmt.Sprintf("field %s of %s has type %s: the fields of a dynamic slice of structs must be stage types or such structs", f.Name(), typeString(t), typeString(ft))
		}
	}
	return leaves, ""
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// soaElemType returns the element type of slice type t if it is a slice
// of structs.
func soaElemType(t types.Type) (types.Type, bool) {
	s, ok := t.Underlying().(*types.Slice)
	if !ok || !isStruct(s.Elem()) {
		return nil, false
	}
	return s.Elem(), true
}

// isSoA reports whether v, of Go type t, is a staged slice of structs.
func isSoA(v value, t types.Type) bool {
	_, isS := v.(structure)
	_, ok := soaElemType(t)
	return isS && ok
}

// soaFields returns, for field f of struct type t, the range of t's
// leaves it holds.
func soaFields(t types.Type, f int) (lo, hi int) {
	st := t.Underlying().(*types.Struct)
	for i := range f + 1 {
		ft := st.Field(i).Type()
		n := 1
		if isStruct(ft) {
			ls, _ := soaLayout(ft)
			n = len(ls)
		}
		lo, hi = hi, hi+n
	}
	return lo, hi
}

// leafExp returns the slice of leaf v of a staged slice of structs.
func leafExp(v value) ir.Exp {
	r, ok := v.(*rep)
	if !ok {
		panic(fmt.Sprintf("BUG: a leaf of a staged slice of structs is %T", v))
	}
	return r.e
}

// makeSoA makes a staged slice of n structs of type t with capacity c.
func (ev *evaluator) makeSoA(t types.Type, n, c ir.Exp) structure {
	leaves, msg := soaLayout(t)
	if msg != "" {
		ev.fail("make of a slice of %s with a dynamic length: %s", typeString(t), msg)
	}
	ev.at()
	s := make(structure, len(leaves))
	for k, lt := range leaves {
		e := ev.b.MakeSlice(lt, n, c)
		ev.local[e.Sym()] = true
		ev.writes++
		s[k] = ev.newRep(e, "a field of a slice of structs made with a dynamic length")
	}
	return s
}

// soaLen returns len (or cap) of a staged slice of structs.
func (ev *evaluator) soaLen(s structure, name string) value {
	ev.at()
	if name == "cap" {
		return ev.newRep(ev.b.Cap(leafExp(s[0])), "the capacity of a dynamic slice of structs", s[0])
	}
	return ev.newRep(ev.b.Len(leafExp(s[0])), "the length of a dynamic slice of structs", s[0])
}

// soaLoad reads element p.i: a struct of Reps.
func (ev *evaluator) soaLoad(p *soaElem) structure {
	st := p.t.Underlying().(*types.Struct)
	v := make(structure, st.NumFields())
	for f := range v {
		lo, hi := soaFields(p.t, f)
		ft := st.Field(f).Type()
		if isStruct(ft) {
			v[f] = ev.soaLoad(&soaElem{s: p.s[lo:hi], t: ft, i: p.i})
			continue
		}
		ev.at()
		v[f] = ev.newRep(ev.b.Index(leafExp(p.s[lo]), p.i), "an element of a dynamic slice of structs", p.s[lo])
	}
	return v
}

// soaStore writes the struct v into element p.i.
func (ev *evaluator) soaStore(p *soaElem, v value) {
	x, ok := v.(structure)
	if !ok {
		panic(fmt.Sprintf("BUG: a %T stored into a slice of structs", v))
	}
	st := p.t.Underlying().(*types.Struct)
	for f := range st.NumFields() {
		lo, hi := soaFields(p.t, f)
		ft := st.Field(f).Type()
		if isStruct(ft) {
			ev.soaStore(&soaElem{s: p.s[lo:hi], t: ft, i: p.i}, x[f])
			continue
		}
		s := leafExp(p.s[lo])
		ev.at()
		ev.b.SetIndex(s, p.i, ev.liftTo(x[f], ev.b.Graph().TypeOf(s).Elem, "a field stored in a dynamic slice of structs"))
		ev.writes++
	}
}

// soaField is &p.f: a pointer into the field's slice, or to a struct
// field's leaves.
func soaField(p *soaElem, f int) value {
	lo, hi := soaFields(p.t, f)
	ft := p.t.Underlying().(*types.Struct).Field(f).Type()
	if isStruct(ft) {
		return &soaElem{s: p.s[lo:hi], t: ft, i: p.i}
	}
	return &dynElem{s: leafExp(p.s[lo]), i: p.i}
}

// soaIsNil is s == nil or s != nil (Go allows no other comparison of
// slices), for a staged slice of structs x or y of type t: its first
// leaf's.
func (ev *evaluator) soaIsNil(op token.Token, x, y value, t types.Type) value {
	s, ok := x.(structure)
	if !ok || !isSoA(x, t) {
		s = y.(structure)
	}
	ev.at()
	e := ev.b.IsNil(leafExp(s[0]))
	if op == token.NEQ {
		e = ev.b.Unary(ir.OpNot, e)
	}
	return ev.newRep(e, "the comparison with nil", s[0])
}

// soaSlice is s[lo:hi:max], leaf by leaf.
func (fr *frame) soaSlice(s structure, lo, hi, mx value, in *ssa.Slice) value {
	c := make(structure, len(s))
	for k := range s {
		c[k] = fr.subSlice(s[k].(*rep), lo, hi, mx, in)
	}
	return c
}

// soaCopy is copy(dst, src), leaf by leaf: the count is the first leaf's.
func (ev *evaluator) soaCopy(dst, src structure) value {
	ev.at()
	var n ir.Exp
	for k := range dst {
		e := ev.b.Copy(leafExp(dst[k]), leafExp(src[k]))
		ev.writes++
		if k == 0 {
			n = e
		}
	}
	return ev.newRep(n, "the count of a copy of a dynamic slice of structs", dst[0])
}

// soaTable is a static slice of structs s indexed by a Rep, to be read
// only: one table per leaf holding the current values of the elements.
func (ev *evaluator) soaTable(s sliceV, t types.Type) structure {
	leaves, msg := soaLayout(t)
	if msg != "" {
		return nil
	}
	cols := make([][]value, len(leaves))
	for k := range cols {
		cols[k] = make([]value, s.len)
	}
	for i := range s.len {
		var flat []value
		flat = flattenStruct(ev.load(&s.base[s.off+i]), flat)
		if len(flat) != len(leaves) {
			panic(fmt.Sprintf("BUG: an element of a static slice of %s has %d leaves, want %d", typeString(t), len(flat), len(leaves)))
		}
		for k, x := range flat {
			cols[k][i] = x
		}
	}
	out := make(structure, len(leaves))
	for k, et := range leaves {
		col := cols[k]
		allStatic := true
		for _, x := range col {
			if isRep(x) {
				allStatic = false
			}
		}
		var e ir.Exp
		if allStatic {
			e = ev.static(col, et)
		} else {
			ev.at()
			e = ev.b.MakeSlice(et, ev.b.Const(ir.Int, s.len), ev.b.Const(ir.Int, s.len))
			ev.local[e.Sym()] = true
			ev.writes++
			ev.setElems(e, col, et)
		}
		out[k] = &rep{e: e, why: &why{pos: ev.whyPos(ev.pos), what: "a static slice of structs indexed by a Rep"}}
	}
	return out
}

// flattenStruct appends the leaves of a static struct value to out.
func flattenStruct(v value, out []value) []value {
	if s, ok := v.(structure); ok {
		for _, x := range s {
			out = flattenStruct(x, out)
		}
		return out
	}
	return append(out, v)
}

// onlyRead reports whether the address v (of an element of a slice) is
// only read through: loaded, or through field addresses only loaded.
func onlyRead(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.FieldAddr:
			if !onlyRead(r) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// soaGoValue describes a staged slice of structs of type t at a staged
// function's boundary: one slice per leaf (Name names a parameter, empty
// for a result). ok is false if t is not a slice of structs that can be
// split.
func soaGoValue(t types.Type, name string) (v ir.GoValue, ok bool) {
	et, isSoA := soaElemType(t)
	if !isSoA {
		return ir.GoValue{}, false
	}
	leaves, msg := soaLayout(et)
	if msg != "" {
		return ir.GoValue{}, false
	}
	v = ir.GoValue{Name: name}
	for k, f := range soaLeafNames(et, "") {
		v.Fields = append(v.Fields, ir.GoValue{Name: f, Type: ir.SliceOf(leaves[k])})
	}
	return v, true
}

// soaLeafNames names the leaves of struct type t by their field paths
// (C.Re is CRe), after prefix.
func soaLeafNames(t types.Type, prefix string) []string {
	var names []string
	for f := range t.Underlying().(*types.Struct).Fields() {
		n := f.Name()
		if prefix != "" {
			n = fieldName(prefix, n)
		}
		if isStruct(f.Type()) {
			names = append(names, soaLeafNames(f.Type(), n)...)
			continue
		}
		names = append(names, n)
	}
	return names
}
