package frontend

import (
	"fmt"
	"go/types"

	"github.com/lmsgen/lmsgen/ir"
)

// This file materializes a static slice of structs of Reps as a split
// slice (soa.go) for good, as mat.go materializes a static slice of a
// basic type: one slice of the generated code per leaf, filled with the
// elements' current values, and every leaf cell of the static storage
// redirected to its element of its leaf's slice (a *matElem). From then
// on a read or write of the storage through a static handle (s[0].Re,
// &s[1], the whole element) is a read or write of the leaf slices, so the
// static handles and the split slice alias as Go says they do.
//
// A static slice of structs is materialized when it must be a split
// slice: sliced with a dynamic bound, written with a Rep index, carried
// by a staged loop, merged with a split slice across a staged
// conditional. A read with a Rep index of one not materialized still
// reads a snapshot of it (soaTable).
//
// Storage born before the innermost staged region is materialized before
// the outermost region born after it (a restart, as mat.go does), so
// every branch and iteration sees the same split slice.

// soaLeafTypes returns the graph types of the leaves of struct type t, or
// fails with the reason a slice of t cannot be split.
func (ev *evaluator) soaLeafTypes(t types.Type, what string) []*ir.Type {
	leaves, msg := soaLayout(t)
	if msg != "" {
		ev.fail("%s: %s", what, msg)
	}
	return leaves
}

// soaMaterialize returns the split slice standing for the static slice of
// structs s, whose element's leaves have graph types leaves.
func (ev *evaluator) soaMaterialize(s sliceV, leaves []*ir.Type) structure {
	ev.at()
	if s.base == nil {
		return ev.soaNil(leaves)
	}
	if len(s.base) == 0 {
		out := make(structure, len(leaves))
		for k, lt := range leaves {
			e := ev.b.MakeSlice(lt, ev.b.Const(ir.Int, 0), ev.b.Const(ir.Int, 0))
			ev.local[e.Sym()] = true
			out[k] = ev.newRep(e, "an empty static slice of structs")
		}
		return out
	}
	key := &s.base[0]
	m, ok := ev.soaMats[key]
	if !ok {
		ev.materializeBefore(matReq{base: s.base, leaves: leaves}, "a static slice of structs")
		m = ev.soaFill(s.base, leaves)
		ev.soaMats[key] = m
		for i := range s.base {
			k := 0
			redirectLeaves(&s.base[i], m, i, &k)
			if k != len(leaves) {
				panic(fmt.Sprintf("BUG: an element of a static slice of structs has %d leaves, want %d", k, len(leaves)))
			}
		}
	}
	out := make(structure, len(m))
	if s.off == 0 && s.len == len(s.base) && s.cap == len(s.base) {
		copy(out, m)
		return out
	}
	ev.at()
	for k, x := range m {
		e := ev.b.SubSlice(leafExp(x), ev.b.Const(ir.Int, s.off), ev.b.Const(ir.Int, s.off+s.len), ev.b.Const(ir.Int, s.off+s.cap))
		ev.local[e.Sym()] = true
		out[k] = ev.newRep(e, "a static slice of structs materialized", x)
	}
	return out
}

// soaMaterialized returns the split slice standing for s if its storage
// is materialized.
func (ev *evaluator) soaMaterialized(s sliceV) (structure, bool) {
	if len(s.base) == 0 {
		return nil, false
	}
	m, ok := ev.soaMats[&s.base[0]]
	if !ok {
		return nil, false
	}
	leaves := make([]*ir.Type, len(m))
	for k, x := range m {
		leaves[k] = ev.b.Graph().TypeOf(leafExp(x)).Elem
	}
	return ev.soaMaterialize(s, leaves), true
}

// soaFill makes one slice per leaf holding the current values of the
// leaves of the elements of base.
func (ev *evaluator) soaFill(base []value, leaves []*ir.Type) structure {
	n := len(base)
	cols := make([][]value, len(leaves))
	for i := range base {
		flat := flattenStruct(ev.load(&base[i]), nil)
		if len(flat) != len(leaves) {
			panic(fmt.Sprintf("BUG: an element of a static slice of structs has %d leaves, want %d", len(flat), len(leaves)))
		}
		for k, x := range flat {
			cols[k] = append(cols[k], x)
		}
	}
	out := make(structure, len(leaves))
	for k, lt := range leaves {
		ev.at()
		e := ev.b.MakeSlice(lt, ev.b.Const(ir.Int, n), ev.b.Const(ir.Int, n))
		ev.local[e.Sym()] = true
		ev.writes++
		ev.setElems(e, cols[k], lt)
		out[k] = ev.newRep(e, "a static slice of structs materialized as one slice per field")
	}
	return out
}

// redirectLeaves makes the leaf cells of the element cell p (element i)
// refer to element i of the leaf slices of m, from leaf *k on.
func redirectLeaves(p *value, m structure, i int, k *int) {
	if c, ok := (*p).(structure); ok {
		for j := range c {
			redirectLeaves(&c[j], m, i, k)
		}
		return
	}
	*p = &matElem{s: leafExp(m[*k]), i: i}
	*k++
}

// soaLeaves returns the graph types of the leaves of the elements of s,
// a static slice being merged with other as key k, if it is a slice of
// structs that can be split; else nil.
func (m *merger) soaLeaves(s sliceV, other value, k jentry) []*ir.Type {
	ev := m.ev
	if k.fr != nil && k.reg >= 0 {
		if et, ok := soaElemType(k.fr.info.vals[k.reg].Type()); ok {
			if leaves, msg := soaLayout(et); msg == "" {
				return leaves
			}
			return nil
		}
	}
	if o, ok := other.(structure); ok && len(o) > 0 {
		if _, ok := o[0].(*rep); ok {
			leaves := make([]*ir.Type, len(o))
			for i, x := range o {
				r, ok := x.(*rep)
				if !ok {
					return nil
				}
				t := ev.b.Graph().TypeOf(r.e)
				if t.Kind != ir.KSlice {
					return nil
				}
				leaves[i] = t.Elem
			}
			return leaves
		}
	}
	return nil
}

// soaSide prepares the static slice of structs s for merging as key k:
// its storage materialized as a split slice, before the conditional if it
// existed before it (a restart).
func (m *merger) soaSide(s sliceV, leaves []*ir.Type, k jentry) value {
	ev := m.ev
	if x, ok := ev.soaMaterialized(s); ok {
		return x
	}
	if len(s.base) == 0 {
		return ev.soaMaterialize(s, leaves)
	}
	m.materializeStatic(k, s, matReq{leaves: leaves})
	return s
}

// soaStatic returns the split slice a static slice of structs s (element
// type et) takes part in a copy or append with a dynamic one as. A
// destination (write) is materialized for good, so that the static handles
// sharing its array see what is written; a source is only read, at this
// point of the program, so a snapshot of its window's current values does
// (unless its storage is materialized already), and a package-level table
// read this way stays static.
func (ev *evaluator) soaStatic(s sliceV, et types.Type, write bool, what string) structure {
	leaves := ev.soaLeafTypes(et, what)
	if write || s.base == nil || len(s.base) == 0 {
		return ev.soaMaterialize(s, leaves)
	}
	if x, ok := ev.soaMaterialized(s); ok {
		return x
	}
	if s.len == 0 {
		return ev.soaMaterialize(sliceV{base: []value{}}, leaves)
	}
	return ev.soaFill(s.base[s.off:s.off+s.len], leaves)
}
