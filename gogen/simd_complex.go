package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/sched"
)

// This file writes the split packs of sched.Vectorize (a load of the real
// or the imaginary parts of four complex128 elements s[c+j*S], or a store
// of both) with simd/archsimd. Each element is one 128-bit half (re, im):
//
//	load   t0 = [e0 | e2], t1 = [e1 | e3]          (LoadFloat64x2, SetLo, SetHi)
//	       re = t0.SelectFromPairGrouped(0, 2, t1)  [re0 re1 | re2 re3]
//	       im = t0.SelectFromPairGrouped(1, 3, t1)  [im0 im1 | im2 im3]
//	store  lo = re.SelectFromPairGrouped(0, 2, im)  [re0 im0 | re2 im2]
//	       hi = re.SelectFromPairGrouped(1, 3, im)  [re1 im1 | re3 im3]
//	       lo.GetLo() -> e0, hi.GetLo() -> e1, lo.GetHi() -> e2, hi.GetHi() -> e3
//
// so lane j of the vectors is element j, in order, whatever the stride.
// An element's address is &s[i] as a *[2]float64 (unsafe: complex128 is
// two float64, real part first, and so is a pair struct of an array of
// structs, its two float64 leaves: sched/vector_fields.go); the index is
// in bounds (the pass proves the slice's length), and Go checks it again.

// splitStmt writes split pack p (vt its vector type, Float64x4).
func (fg *funcGen) splitStmt(out *stmts, p *sched.Pack, vt string) {
	elem := func(j int) *jen.Statement {
		i := int(p.Index) + j*int(p.Stride)
		at := fg.ref(p.Base, ctxConverted).at(precPrimary).Index(jen.Lit(i))
		return jen.Parens(jen.Op("*").Index(jen.Lit(2)).Float64()).Call(jen.Qual("unsafe", "Pointer").Call(jen.Op("&").Add(at)))
	}
	switch p.Kind {
	case sched.PackLoad:
		half := func(j int) *jen.Statement { return jen.Qual(archsimd, "LoadFloat64x2").Call(elem(j)) }
		pair := func(a, b int) *jen.Statement {
			return jen.Qual(archsimd, vt).Values().Dot("SetLo").Call(half(a)).Dot("SetHi").Call(half(b))
		}
		sel := 0
		if p.Part == sched.PartIm {
			sel = 1
		}
		out.add(jen.Id(fg.packName(p)).Op(":=").Add(pair(0, 2)).Dot("SelectFromPairGrouped").Call(jen.Lit(sel), jen.Lit(sel+2), pair(1, 3)))
	case sched.PackStore:
		re, im := fg.vecArg(p.Args[0], vt), fg.vecArg(p.Args[1], vt)
		lo, hi := fg.fn.names.fresh("lo"), fg.fn.names.fresh("hi")
		out.add(jen.Id(lo).Op(":=").Add(re.Clone()).Dot("SelectFromPairGrouped").Call(jen.Lit(0), jen.Lit(2), im.Clone()))
		out.add(jen.Id(hi).Op(":=").Add(re).Dot("SelectFromPairGrouped").Call(jen.Lit(1), jen.Lit(3), im))
		for j, h := range [...]struct{ v, half string }{{lo, "GetLo"}, {hi, "GetLo"}, {lo, "GetHi"}, {hi, "GetHi"}} {
			out.add(jen.Id(h.v).Dot(h.half).Call().Dot("Store").Call(elem(j)))
		}
	default:
		panic("BUG: gogen: a split pack of kind " + p.Kind.String())
	}
}
