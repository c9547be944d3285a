package frontend

import (
	"fmt"
	"go/types"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is append on a staged slice of structs split per field (see
// soa.go).
//
// Go's append(s, x...) on a []T reallocates when len(s)+n exceeds cap(s),
// giving the new array a capacity that depends on unsafe.Sizeof(T) and on
// whether T holds pointers; the leaves of s, one []F per field, would each
// get the capacity of a []F. So every leaf is first grown as a []T would
// be (ir.Builder.Grow: the same slice if the elements fit, else a copy
// with the capacity Go's append gives the []T), then appended to, which
// then never reallocates. All leaves share one length and capacity, so
// they reallocate together, exactly when the []T would: a write through
// the result is seen through another slice of the old array exactly when
// it would be in Go.

// soaAppend is append(s, t...) where s (or t) is a staged slice of
// structs of element type et: t is the static slice of the appended
// values, or a staged slice of structs (append(s, u...)). A static s
// empty with no capacity (nil, or a slice of it) is a nil split slice,
// whose append always allocates; any other is materialized (soamat.go).
func (ev *evaluator) soaAppend(s, t value, et types.Type) value {
	leaves, msg := soaLayout(et)
	if msg != "" {
		ev.fail("append to a dynamic slice of %s: %s", typeString(et), msg)
	}
	switch sv := s.(type) {
	case structure:
	case sliceV:
		if sv.cap != 0 {
			// Materialized for good (soamat.go): the append then
			// writes into its array while it fits, as in Go.
			s = ev.soaMaterialize(sv, leaves)
			break
		}
		ev.at()
		s = ev.soaNil(leaves)
	default:
		panic(fmt.Sprintf("BUG: append to a %T of structs", s))
	}
	dst := s.(structure)
	var n ir.Exp
	var cols [][]ir.Exp // appended values, per leaf
	switch tv := t.(type) {
	case sliceV:
		if tv.len == 0 {
			return dst
		}
		cols = make([][]ir.Exp, len(leaves))
		for i := range tv.len {
			flat := flattenStruct(ev.load(&tv.base[tv.off+i]), nil)
			if len(flat) != len(leaves) {
				panic(fmt.Sprintf("BUG: an appended %s has %d leaves, want %d", typeString(et), len(flat), len(leaves)))
			}
			for k, x := range flat {
				cols[k] = append(cols[k], ev.liftTo(x, leaves[k], "a field of a value appended to a dynamic slice of structs"))
			}
		}
		ev.at()
		n = ev.b.Const(ir.Int, tv.len)
	case structure:
		ev.at()
		n = ev.b.Len(leafExp(tv[0]))
	default:
		panic(fmt.Sprintf("BUG: append of a %T to a slice of structs", t))
	}
	ge := ir.GrowElem{Size: elemSize(et), Pointers: hasPointers(et)}
	out := make(structure, len(dst))
	for k := range dst {
		sk := leafExp(dst[k])
		ev.at()
		g := ev.b.Grow(sk, n, ge)
		var e ir.Exp
		if cols != nil {
			e = ev.b.Append(g, cols[k]...)
		} else {
			e = ev.b.AppendSlice(g, leafExp(t.(structure)[k]))
		}
		if ev.local[sk.Sym()] {
			ev.local[g.Sym()] = true
			ev.local[e.Sym()] = true
		}
		ev.writes++
		out[k] = ev.newRep(e, "the result of append to a dynamic slice of structs", dst[k])
	}
	return out
}

// soaNil is a nil staged slice of structs with leaves of the given types.
func (ev *evaluator) soaNil(leaves []*ir.Type) structure {
	s := make(structure, len(leaves))
	for k, lt := range leaves {
		s[k] = ev.newRep(ev.b.NilSlice(ir.SliceOf(lt)), "a nil slice of structs appended to")
	}
	return s
}

// hasPointers reports whether values of type t hold pointers (for the
// garbage collector: strings, slices, pointers, ...).
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0 || u.Kind() == types.UnsafePointer
	case *types.Struct:
		for f := range u.Fields() {
			if hasPointers(f.Type()) {
				return true
			}
		}
		return false
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	}
	return true
}
