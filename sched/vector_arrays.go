package sched

import "github.com/lmsgen/lmsgen/ir"

// This file finds the sub-slices an emitter may write as array pointers:
// a sub-slice s0[lo:hi] whose length hi-lo the pass proves constant (L)
// and whose every use is a lane of a (non-split) load or store pack on
// it. Go can then write it (*[L]T)(s0[lo:hi]) and its packs'
// accesses as constant sub-arrays of it, (*[8]float32)(p[8:16]), which
// need no bounds check: one check per sub-slice (the slice expression's,
// at its own place, as before) instead of one per vector access.
//
// No panic moves. The conversion panics only when the slice is shorter
// than L, and a slice expression that does not panic makes a slice of
// exactly hi-lo elements: lo and hi are computed in int, and hi-lo = L
// holds modulo 2⁶⁴ (ir.Subscript's affine terms), so with 0 ≤ lo ≤ hi ≤
// cap its length is L. Every access through the array pointer is one of
// the packs', at constant indices within L (memPack checked that the
// lanes fit), so none can trap either: the scalar code's checks never
// failed.
//
// Needs: the packs of a group kept (vectorize). Must run before: the
// emitters, which read ArrayLen.

// arrays records, in v.out, the sub-slices written as array pointers.
func (v *vec) arrays() {
	packed := map[ir.Sym]int32{} // sub-slice -> its uses by load and store packs on it
	var bases []ir.Sym
	for _, p := range v.out.Packs {
		if p.Kind != PackLoad && p.Kind != PackStore || p.Part != PartNone || !p.Base.IsSym() {
			continue
		}
		s := p.Base.Sym()
		if _, ok := packed[s]; !ok {
			bases = append(bases, s)
		}
		for _, n := range p.Lanes {
			if n.Args[0] == p.Base {
				packed[s]++
			}
		}
	}
	for _, s := range bases {
		if packed[s] != v.uses[s] {
			continue // also used otherwise: a slice
		}
		if l, ok := v.staticLen(s); ok && l > 0 {
			if v.out.arrayLen == nil {
				v.out.arrayLen = make([]int64, len(v.out.of))
			}
			v.out.arrayLen[s] = l
		}
	}
}

// ArrayLen returns the length L of sub-slice s when every use of it is a
// lane of a load or store pack on it and its length is the constant L:
// an emitter may then write it as a pointer to an array of L elements.
// It returns 0 otherwise.
func (v *Vectors) ArrayLen(s ir.Sym) int64 {
	if v == nil || int(s) >= len(v.arrayLen) {
		return 0
	}
	return v.arrayLen[s]
}
