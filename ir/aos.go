package ir

import (
	"fmt"
	"strings"
)

// This file holds slices of structs kept as arrays of structs (AoS): a
// []T parameter or result of the generated function, T a struct of the
// user's package whose fields are stage types or such structs. Unlike a
// slice of structs the kernel makes (split into one slice per field by the
// frontend), such a slice is the caller's memory: every read and write
// goes to it, so a write is seen by the caller even if the function
// panics after it, and two parameters sharing an array see each other's
// writes. Its element type is a KStruct, which only appears as the
// element of a slice; its elements are read and written one field of a
// basic type at a time (OpFieldGet, OpFieldSet). Length, capacity,
// sub-slicing and comparison with nil are the slice operations of any
// slice.

// StructField is a field of a struct type: a leaf of a basic type, held
// in Go as the stage type Named, or a struct (Type a KStruct).
type StructField struct {
	Name  string
	Type  *Type
	Named GoName // a leaf's stage type; zero for a struct
}

// StructOf returns the struct type named by named with the given fields.
// Struct types are identified by their name: a type's fields must always
// be the same.
func StructOf(named GoName, fields []StructField) *Type {
	if len(fields) == 0 || named.IsZero() {
		panic("BUG: StructOf without fields or name")
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s.%s{", named.Path, named.Name)
	for i, f := range fields {
		if i > 0 {
			sb.WriteString("; ")
		}
		fmt.Fprintf(&sb, "%s %s", f.Name, f.Type)
	}
	sb.WriteString("}")
	return intern(&Type{Kind: KStruct, Named: named, Fields: append([]StructField(nil), fields...), str: sb.String()})
}

// FieldSel is the Aux of OpFieldGet and OpFieldSet: a leaf of a struct
// type.
type FieldSel struct {
	Sel   string // the selector of the leaf from the struct ("C.Re")
	Type  *Type  // the leaf's graph type (float64)
	Named GoName // its stage type (stage.Float64)
}

// Leaves returns the leaves of struct type t, depth first.
func (t *Type) Leaves() []FieldSel {
	if t.Kind != KStruct {
		panic("BUG: Leaves of " + t.String())
	}
	var out []FieldSel
	for _, f := range t.Fields {
		if f.Type.Kind == KStruct {
			for _, l := range f.Type.Leaves() {
				l.Sel = f.Name + "." + l.Sel
				out = append(out, l)
			}
			continue
		}
		out = append(out, FieldSel{Sel: f.Name, Type: f.Type, Named: f.Named})
	}
	return out
}

func (b *Builder) mustStructSlice(s Exp, f FieldSel) {
	t := b.mustSlice(s)
	if t.Elem.Kind != KStruct || !f.Type.IsBasic() {
		panic(fmt.Sprintf("BUG: field %s of type %v of an element of %v", f.Sel, f.Type, t))
	}
}

// FieldGet builds s[i].F, F the leaf f of s's element type. It reads
// s's class and traps on an index out of range, as Index does; when an
// earlier access to s (any field, guard.go) checked the index already, it
// cannot trap: it depends on that access instead.
func (b *Builder) FieldGet(s, i Exp, f FieldSel) Exp {
	b.mustStructSlice(s, f)
	b.mustInt("index", i)
	k := b.keyOf(s)
	if by, _, _, ok := b.sc.checked(s, i); ok {
		reads := []Key{k}
		soft, hard := b.sc.gatherDeps(reads, nil, nil)
		hard = sortSyms(append(hard, by))
		r := b.fresh(f.Type)
		b.node(r, OpFieldGet, f.Type, b.argList([]Exp{s, i}), nil, f, &EffectSummary{Sdeps: soft, Hdeps: hard, Rkeys: reads}, 0)
		b.sc.record(r, reads, nil)
		return r.E()
	}
	r := b.ReflectEffect(OpFieldGet, f.Type, f, []Exp{s, i}, nil, []Key{CTRL, k}, trapWrite, false, FlagTrap)
	b.noteFieldCheck(s, i, r.s)
	return r
}

// FieldSet builds s[i].F = x, F the leaf f of s's element type, with
// its bounds check, as SetIndex does; when an earlier access to s checked
// the index already, as FieldSetInRange.
func (b *Builder) FieldSet(s, i Exp, f FieldSel, x Exp) {
	b.mustStructSlice(s, f)
	b.mustInt("index", i)
	b.mustType("field assignment", b.g.TypeOf(x), f.Type)
	if _, _, _, ok := b.sc.checked(s, i); ok {
		b.FieldSetInRange(s, i, f, x)
		return
	}
	writes := append([]Key{b.keyOf(s), TRAP}, b.escape(x)...)
	w := b.ReflectEffect(OpFieldSet, Void, f, []Exp{s, i, x}, nil, trapRead, writes, false, FlagTrap)
	b.noteFieldCheck(s, i, w.s)
}

// noteFieldCheck records that node by checked s[i] of a slice of structs.
// It records no value: an element of such a slice is never read whole
// (Index), and a field's value is not the element's.
func (b *Builder) noteFieldCheck(s, i Exp, by Sym) {
	b.sc.noteCheck(s, i, by, Exp{}, 0)
}

// FieldGetInRange builds s[i].F for an index proved in range
// (sched.BoundsChecks): a read of s's class that cannot trap, as
// IndexInRange.
func (b *Builder) FieldGetInRange(s, i Exp, f FieldSel) Exp {
	b.mustStructSlice(s, f)
	b.mustInt("index", i)
	return b.ReflectEffect(OpFieldGet, f.Type, f, []Exp{s, i}, nil, []Key{b.keyOf(s)}, nil, false, 0)
}

// FieldSetInRange builds s[i].F = x for an index proved in range: a write
// of s's class that cannot trap; it reads TRAP, as SetIndexInRange, so a
// panic observes exactly the writes made before it in the source.
func (b *Builder) FieldSetInRange(s, i Exp, f FieldSel, x Exp) {
	b.mustStructSlice(s, f)
	b.mustInt("index", i)
	b.mustType("field assignment", b.g.TypeOf(x), f.Type)
	writes := append([]Key{b.keyOf(s)}, b.escape(x)...)
	b.ReflectEffect(OpFieldSet, Void, f, []Exp{s, i, x}, nil, []Key{TRAP}, writes, false, 0)
}

// Object returns the make (OpSliceNew) whose array the slice s is a
// window on, if s's alias class is still that make's own: the array has
// not escaped (no merge, staged variable, store or call let a slice the
// builder cannot see share it), so every slice sharing it is derived from
// the make in the graph (sub-slicing, grow). ok is false for any other
// slice (of its type's heap class, nil, a parameter). The frontend uses
// it to convert a slice of structs the kernel made to an array of
// structs where it meets the caller's (frontend/aosconv.go).
func (b *Builder) Object(s Exp) (Sym, bool) {
	if s.IsConst() || b.g.TypeOf(s).Kind != KSlice {
		return 0, false
	}
	k := b.keyOf(s)
	if !k.IsSym() {
		return 0, false
	}
	n := b.g.Def(Sym(k))
	if n == nil || n.Op != OpSliceNew {
		return 0, false
	}
	return Sym(k), true
}
