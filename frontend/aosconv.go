package frontend

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is where a slice of structs kept as an array of structs (a []T
// the caller passed, aos.go) meets the other kinds of slice of structs:
// one the kernel made, split per field (soa.go), or a static one. Since
// the two kinds never share an array (the kernel makes every split slice),
// a copy between them moves the elements field by field in a staged loop;
// and the kernel's split slice returned to the caller becomes an array of
// structs at the boundary: one allocation of its capacity, every element
// written field by field, then resliced to its length (the elements past
// the length are the caller's to reslice, as in Go).
//
// An append to a []T the caller passed is Go's: grow (ir.OpGrow, which
// reallocates exactly when Go's append does, with gc's capacity), reslice
// to the new length (within the capacity grow gave), then write the
// appended elements field by field. When they fit, they are written into
// the caller's array, as in Go.

// aosMove moves elements [0, n) field by field between the array of
// structs a and the leaves of a split slice: into a if toAoS, else out of
// it. n is at most the length of a and of every leaf.
func (ev *evaluator) aosMove(a ir.Exp, leaves []ir.Exp, n ir.Exp, toAoS bool) {
	b := ev.b
	fs := b.Graph().TypeOf(a).Elem.Leaves()
	if len(fs) != len(leaves) {
		panic(fmt.Sprintf("BUG: a slice of structs with %d leaves moved to one with %d", len(leaves), len(fs)))
	}
	ev.at()
	i := b.NewVar(b.Const(ir.Int, 0))
	b.While(func() ir.Exp {
		return b.Compare(ir.OpLt, b.ReadVar(i), n)
	}, func() {
		k := b.ReadVar(i)
		for j, f := range fs {
			if toAoS {
				b.FieldSetInRange(a, k, f, b.IndexInRange(leaves[j], k))
			} else {
				b.SetIndexInRange(leaves[j], k, b.FieldGetInRange(a, k, f))
			}
		}
		b.WriteVar(i, b.Binary(ir.OpAdd, k, b.Const(ir.Int, 1)))
	})
	ev.writes++
}

// soaLeaves returns the slices of the leaves of the split slice s.
func soaLeaves(s structure) []ir.Exp {
	out := make([]ir.Exp, len(s))
	for k, x := range s {
		out[k] = leafExp(x)
	}
	return out
}

// soaToAoS converts the split slice s to an array of structs of graph
// type st (a KStruct): nil if s is nil, else a new array of s's capacity
// holding all of s's elements up to it, sliced to s's length.
func (ev *evaluator) soaToAoS(s structure, st *ir.Type) ir.Exp {
	b := ev.b
	t := ir.SliceOf(st)
	ev.at()
	l0 := leafExp(s[0])
	return b.If(b.IsNil(l0), t, func() ir.Exp {
		return b.NilSlice(t)
	}, func() ir.Exp {
		ev.at()
		n, c := b.Len(l0), b.Cap(l0)
		a := b.MakeSlice(st, c, c)
		full := soaLeaves(s)
		for k, l := range full {
			full[k] = b.SubSlice(l, b.Const(ir.Int, 0), c)
		}
		ev.aosMove(a, full, c, true)
		ev.at()
		return b.SubSlice(a, b.Const(ir.Int, 0), n)
	})
}

// staticToAoS converts the static slice of structs s, its leaves Reps or
// constants, to an array of structs of graph type st: nil if s is nil,
// else a new array of s's capacity, sliced to s's length.
func (ev *evaluator) staticToAoS(s sliceV, st *ir.Type) ir.Exp {
	b := ev.b
	ev.at()
	if s.base == nil {
		return b.NilSlice(ir.SliceOf(st))
	}
	a := b.MakeSlice(st, b.Const(ir.Int, s.cap), b.Const(ir.Int, s.cap))
	ev.writes++
	ev.aosSetStatic(a, b.Const(ir.Int, 0), s.base[s.off:s.off+s.cap])
	ev.at()
	return b.SubSlice(a, b.Const(ir.Int, 0), b.Const(ir.Int, s.len))
}

// aosSetStatic writes the static structs xs into a[at:at+len(xs)], field by
// field; a's length covers them.
func (ev *evaluator) aosSetStatic(a ir.Exp, at ir.Exp, xs []value) {
	b := ev.b
	fs := b.Graph().TypeOf(a).Elem.Leaves()
	for i := range xs {
		flat := flattenStruct(ev.load(&xs[i]), nil)
		if len(flat) != len(fs) {
			panic(fmt.Sprintf("BUG: a static struct with %d leaves stored into a slice of structs with %d", len(flat), len(fs)))
		}
		ev.at()
		k := at
		if i > 0 {
			k = b.Binary(ir.OpAdd, at, b.Const(ir.Int, i))
		}
		for j, f := range fs {
			b.FieldSetInRange(a, k, f, ev.liftTo(flat[j], f.Type, "a field of a struct stored in a slice of structs"))
		}
		ev.writes++
	}
}

// aosAppend is append(s, t...) where s is a slice of structs kept as an
// array of structs, or a static empty one with no capacity (nil, whose
// append allocates) when t is one: t is the static slice of the appended
// structs, another array of structs, or a split slice. Go's append: grow
// as the []T grows, reslice to the new length, write the new elements.
func (ev *evaluator) aosAppend(s, t value, et types.Type) value {
	var st *ir.Type
	if e, ok := ev.aosExp(s); ok {
		st = ev.b.Graph().TypeOf(e).Elem
	} else if e, ok := ev.aosExp(t); ok {
		st = ev.b.Graph().TypeOf(e).Elem
	} else {
		panic("BUG: aosAppend without a slice of structs kept as an array of structs")
	}
	b := ev.b
	if d, ok := s.(structure); ok {
		return ev.soaAppendAoS(d, t, et)
	}
	var dst ir.Exp
	switch sv := s.(type) {
	case *rep:
		dst = sv.e
	case sliceV:
		if sv.cap != 0 {
			// Materialized for good (soamat.go), as soaAppend does:
			// the append writes into its array while it fits.
			return ev.soaAppendAoS(ev.soaStatic(sv, et, true, "append to a static slice of "+typeString(et)), t, et)
		}
		ev.at()
		dst = b.NilSlice(ir.SliceOf(st))
	default:
		ev.fail("append to a %s of %s and a slice of structs the caller passed is not supported", describe(s), typeString(et))
	}
	var n ir.Exp
	switch tv := t.(type) {
	case sliceV:
		if tv.len == 0 {
			return s
		}
		n = b.Const(ir.Int, tv.len)
	case *rep:
		ev.at()
		n = b.Len(tv.e)
	case structure:
		ev.at()
		n = b.Len(leafExp(tv[0]))
	default:
		panic(fmt.Sprintf("BUG: append of a %T to a slice of structs", t))
	}
	ev.at()
	old := b.Len(dst)
	g := b.Grow(dst, n, ir.GrowElem{Size: elemSize(et), Pointers: hasPointers(et)})
	r := b.SubSlice(g, b.Const(ir.Int, 0), b.Binary(ir.OpAdd, old, n))
	ev.writes++
	switch tv := t.(type) {
	case sliceV:
		ev.aosSetStatic(r, old, tv.elems())
	case *rep:
		ev.at()
		b.Copy(b.SubSlice(r, old, b.Len(r)), tv.e)
		ev.writes++
	case structure:
		ev.at()
		ev.aosMove(b.SubSlice(r, old, b.Len(r)), soaLeaves(tv), n, true)
	}
	return ev.newRep(r, "the result of append to a slice of structs", s, t)
}

// soaAppendAoS is append(s, t...), s a split slice and t an array of
// structs: every leaf of s grows as the []T would (as in soaAppend) and is
// resliced to the new length, and t's elements are moved into the new
// part field by field.
func (ev *evaluator) soaAppendAoS(s structure, t value, et types.Type) value {
	b := ev.b
	a, _ := ev.aosExp(t)
	ev.at()
	n := b.Len(a)
	old := b.Len(leafExp(s[0]))
	ge := ir.GrowElem{Size: elemSize(et), Pointers: hasPointers(et)}
	out := make(structure, len(s))
	tails := make([]ir.Exp, len(s))
	for k := range s {
		sk := leafExp(s[k])
		ev.at()
		g := b.Grow(sk, n, ge)
		e := b.SubSlice(g, b.Const(ir.Int, 0), b.Binary(ir.OpAdd, old, n))
		if ev.local[sk.Sym()] {
			ev.local[g.Sym()] = true
			ev.local[e.Sym()] = true
		}
		ev.writes++
		out[k] = ev.newRep(e, "the result of append to a dynamic slice of structs", s[k], t)
		tails[k] = b.SubSlice(e, old, b.Len(e))
	}
	ev.aosMove(a, tails, n, false)
	return out
}

// aosCopyMixed is copy(dst, src) where one is an array of structs and the
// other a split slice: the elements up to the shorter length, moved field
// by field (the two never share an array).
func (ev *evaluator) aosCopyMixed(dst, src value, et types.Type) value {
	b := ev.b
	ev.at()
	if a, ok := ev.aosExp(dst); ok {
		s, isS := src.(structure)
		if !isS {
			s = ev.soaStatic(src.(sliceV), et, false, "copy from a static slice of structs")
		}
		n := ev.repMinMax("min", b.Len(a), b.Len(leafExp(s[0])))
		ev.aosMove(a, soaLeaves(s), n, true)
		return ev.newRep(n, "the count of copy", dst, src)
	}
	a, _ := ev.aosExp(src)
	d, isS := dst.(structure)
	if !isS {
		d = ev.soaStatic(dst.(sliceV), et, true, "copy to a static slice of structs")
	}
	n := ev.repMinMax("min", b.Len(a), b.Len(leafExp(d[0])))
	ev.aosMove(a, soaLeaves(d), n, false)
	return ev.newRep(n, "the count of copy", dst, src)
}

// splitSides prepares the values a key has after the branches of a staged
// conditional when one is a split slice (a structure that is not a struct
// value: a struct is never merged with a slice): a nil static slice on
// the other side becomes a nil split slice, merged leaf by leaf. A slice
// of structs the caller passed (an array of structs) on the other side
// makes the branch convert the split slice to an array of structs at its
// end (aosmerge.go: the merge restarts). ok reports whether vT or vE
// changed.
func (m *merger) splitSides(vT, vE value, k jentry) (value, value, bool) {
	ev := m.ev
	for si, side := range [2]struct{ s, o value }{{vT, vE}, {vE, vT}} {
		s, isS := side.s.(structure)
		if !isS {
			continue
		}
		switch o := side.o.(type) {
		case sliceV:
			if o.base != nil || len(s) == 0 {
				return vT, vE, false
			}
			leaves := make([]*ir.Type, len(s))
			for i, x := range s {
				r, ok := x.(*rep)
				if !ok {
					return vT, vE, false
				}
				t := ev.b.Graph().TypeOf(r.e)
				if t.Kind != ir.KSlice {
					return vT, vE, false
				}
				leaves[i] = t.Elem
			}
			ev.at()
			n := ev.soaNil(leaves)
			if si == 0 {
				return vT, n, true
			}
			return n, vE, true
		case *rep:
			if t := ev.b.Graph().TypeOf(o.e); isAoS(t) {
				m.convertSplit(s, si == 0, t.Elem, k)
				return vT, vE, false
			}
		}
	}
	return vT, vE, false
}

// aosResultsApart refuses results of fn of types []T (vals, described by
// rs) that are converted to arrays of structs and may share an array:
// two split slices (the kernel may have made them of one array, which
// converting each would separate), or two static slices of one array.
func (ev *evaluator) aosResultsApart(vals []value, rs []Param, fn string) {
	split := 0
	bases := map[*value]bool{}
	for i, v := range vals {
		if rs[i].GoValue.IsStruct() || !isAoS(rs[i].GoValue.Type) {
			continue
		}
		switch x := v.(type) {
		case structure:
			split++
			if split > 1 {
				ev.fail("results %d and %d of %s are slices of structs the function makes: returning more than one is not supported (they may share an array, which the conversion of each to the caller's array of structs would separate)", firstSplit(vals, rs)+1, i+1, fn)
			}
		case sliceV:
			if len(x.base) == 0 {
				continue
			}
			if bases[&x.base[0]] {
				ev.fail("result %d of %s is a static slice of structs sharing its array with another result: not supported (the conversion of each to the caller's array of structs would separate them)", i+1, fn)
			}
			bases[&x.base[0]] = true
		}
	}
}

// firstSplit returns the index of the first of vals that is a split
// slice returned as a []T.
func firstSplit(vals []value, rs []Param) int {
	for i, v := range vals {
		if _, ok := v.(structure); ok && !rs[i].GoValue.IsStruct() && isAoS(rs[i].GoValue.Type) {
			return i
		}
	}
	return -1
}

// aosFunResult refuses a result v of staged function fn, described by rv,
// that is a slice of structs of the other kind than the λ's result: a
// split slice where the λ returns an array of structs (it has a parameter
// of that type the caller passed), or an array of structs where it
// returns a split slice. Converting it would separate it from the slices
// that share its array in the caller.
func (ev *evaluator) aosFunResult(v value, rv ir.GoValue, fn *ssa.Function) {
	_, split := v.(structure)
	_, aos := ev.aosExp(v)
	switch {
	case !rv.IsStruct() && isAoS(rv.Type) && split:
		ev.fail("staged function %s returns a slice of %s it makes (split per field) where its result is a slice of structs the caller passed (an array of structs, as its parameter of that type): not supported", funcName(fn), userTypeName(rv.Type.Elem))
	case rv.IsStruct() && aos:
		ev.fail("staged function %s returns a slice of structs the caller passed where its result is one it makes (split per field): not supported (pass the caller's slice as a parameter of that type)", funcName(fn))
	}
}
