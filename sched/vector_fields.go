package sched

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file is the part of Vectorize that packs the field accesses of a
// slice of structs kept as an array of structs (a []T parameter,
// ir.OpFieldGet and ir.OpFieldSet: docs/soa.md) when T is a pair of
// float64 — two leaves of type float64, so complex128's layout: the first
// leaf at offset 0, the second at 8. Such an element is a complex128 in
// memory, and its fields are packed as the parts of one
// (vector_complex.go), with the same emitters:
//
//	load first   lane j is s[c+j*S].F0   (PartRe; the field_get nodes are the lanes)
//	load second  lane j is s[c+j*S].F1   (PartIm)
//	store        lane j writes s[c+j*S].F0 = a_j and s[c+j*S].F1 = b_j
//	             (PartBoth; the lanes are the field_set nodes of F1,
//	             Mem those of F0, absorbed: the pack writes both)
//
// A load pack reads memory itself (it has no Mem): each of its lanes is
// a read of one field. A store pack writes both fields of every element
// where it is written (its anchor, the last of its F1 stores), so the
// F0 stores move there: Vectorize's ordered check treats them as lanes
// of the pack (fieldStores), keeping every dependency of the graph.
// Lane j of every operation is the scalar code's, the same bits.

// pairStruct reports whether t is a struct of exactly two leaves of type
// float64, complex128's layout.
func pairStruct(t *ir.Type) bool {
	if t.Kind != ir.KStruct {
		return false
	}
	ls := t.Leaves()
	return len(ls) == 2 && ls[0].Type.Kind == ir.KFloat64 && ls[1].Type.Kind == ir.KFloat64
}

// fieldLeaf returns which leaf of a pair struct the field_get or
// field_set node n accesses (0 or 1), or -1 if n is not such an access.
func (v *vec) fieldLeaf(n *ir.Node) int {
	if n.Op != ir.OpFieldGet && n.Op != ir.OpFieldSet {
		return -1
	}
	t := v.g.TypeOf(n.Args[0])
	if t.Kind != ir.KSlice || !pairStruct(t.Elem) {
		return -1
	}
	sel := n.Aux.(ir.FieldSel).Sel
	for k, l := range t.Elem.Leaves() {
		if l.Sel == sel {
			return k
		}
	}
	panic("BUG: sched: field " + sel + " not a leaf of " + t.Elem.String())
}

// fieldLoad makes a split load pack of four field_get nodes reading one
// leaf of pair structs s[c+j*S].
func (v *vec) fieldLoad(gets []*ir.Node) *Pack {
	if len(gets) != Width(ir.Float64) || v.wide {
		return nil
	}
	k := v.fieldLeaf(gets[0])
	if k < 0 {
		return nil
	}
	for _, n := range gets {
		if v.fieldLeaf(n) != k {
			return nil
		}
	}
	base, c, stride, ok := v.splitAccess(gets)
	if !ok {
		return nil
	}
	part := PartRe
	if k == 1 {
		part = PartIm
	}
	p := v.newPack(PackLoad, gets, ir.Float64)
	p.Base, p.Index, p.Stride, p.Part = base, c, stride, part
	return p
}

// fieldStore makes a split store pack of four elements of pair structs:
// sets are the field_set nodes of the second leaf (the lanes), firsts
// those of the first leaf at the same elements (absorbed).
func (v *vec) fieldStore(sets []*ir.Node) *Pack {
	if len(sets) != Width(ir.Float64) || !v.sameBlock(sets) {
		return nil
	}
	firsts := make([]*ir.Node, len(sets))
	for j, n := range sets {
		firsts[j] = v.partner[n.Sym]
		if firsts[j] == nil || v.fieldLeaf(n) != 1 {
			return nil
		}
	}
	if !v.sameBlock(firsts) || v.place[firsts[0].Sym].block != v.place[sets[0].Sym].block {
		return nil
	}
	for _, n := range firsts {
		if q, _ := v.packOf(n.Sym); q != nil || v.fieldStoreOf(n.Sym) != nil {
			return nil
		}
	}
	base, c, stride, ok := v.splitAccess(sets)
	if !ok {
		return nil
	}
	p := v.newPack(PackStore, sets, ir.Float64)
	p.Base, p.Index, p.Stride, p.Part, p.Mem = base, c, stride, PartBoth, firsts
	re, ok := v.laneArg(firsts, 2)
	if !ok {
		return nil
	}
	im, ok := v.laneArg(sets, 2)
	if !ok {
		return nil
	}
	p.Args = []PackArg{re, im}
	return p
}

// fieldPairs returns the stores of block b that may seed a split store of
// pair structs: the field_set of the second leaf of an element at a
// constant index, placed once, whose block also sets the first leaf of
// that element exactly once (recorded in v.partner); in schedule order.
func (v *vec) fieldPairs(b *ir.Block) []*ir.Node {
	type elem struct {
		base ir.Sym
		idx  int64
	}
	var seconds []*ir.Node
	first := map[elem]*ir.Node{}
	dup := map[elem]bool{}
	for _, n := range v.nodes[b] {
		k := v.fieldLeaf(n)
		if k < 0 || n.Op != ir.OpFieldSet || !n.Args[0].IsSym() || n.Args[1].IsSym() || v.place[n.Sym].count != 1 {
			continue
		}
		e := elem{n.Args[0].Sym(), constIndex(n.Args[1])}
		if k == 1 {
			seconds = append(seconds, n)
			continue
		}
		if _, ok := first[e]; ok {
			dup[e] = true
		}
		first[e] = n
	}
	var out []*ir.Node
	seen := map[elem]bool{}
	for _, n := range seconds {
		e := elem{n.Args[0].Sym(), constIndex(n.Args[1])}
		if seen[e] {
			dup[e] = true
		}
		seen[e] = true
	}
	for _, n := range seconds {
		e := elem{n.Args[0].Sym(), constIndex(n.Args[1])}
		if f := first[e]; f != nil && !dup[e] {
			if v.partner == nil {
				v.partner = map[ir.Sym]*ir.Node{}
			}
			v.partner[n.Sym] = f
			out = append(out, n)
		}
	}
	return out
}

// fieldStoreOf returns the kept or tentative split store pack that
// absorbed field_set node s, or nil.
func (v *vec) fieldStoreOf(s ir.Sym) *Pack {
	return v.fieldStores()(s)
}

// fieldStores returns the kept and the tentative split store packs of
// pair structs by the field_set nodes they absorbed.
func (v *vec) fieldStores() func(ir.Sym) *Pack {
	var tent map[ir.Sym]*Pack
	for _, p := range v.tent {
		for _, n := range p.Mem {
			if p.Kind == PackStore && n.Op == ir.OpFieldSet {
				if tent == nil {
					tent = map[ir.Sym]*Pack{}
				}
				tent[n.Sym] = p
			}
		}
	}
	return func(s ir.Sym) *Pack {
		if p := tent[s]; p != nil {
			return p
		}
		return v.storeMem[s]
	}
}

// keepFieldStores records the field_set nodes absorbed by the split
// store packs just kept.
func (v *vec) keepFieldStores() {
	for _, p := range v.tent {
		for _, n := range p.Mem {
			if p.Kind == PackStore && n.Op == ir.OpFieldSet {
				if v.storeMem == nil {
					v.storeMem = map[ir.Sym]*Pack{}
				}
				v.storeMem[n.Sym] = p
			}
		}
	}
}
