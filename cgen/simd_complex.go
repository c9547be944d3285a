package cgen

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// This file writes the split packs of sched.Vectorize (a load of the real
// or the imaginary parts of four complex128 elements s[c+j*S], or a store
// of both; or the same of the two fields of pair structs, elements of an
// array of structs with two float64 leaves): a vector made of the four
// parts, and four stores of both parts of an element from lane j of the
// two vectors. With vector extensions the compiler makes them loads of
// 128 bits and shuffles (-O2 without -march: SSE2); lane j is element j,
// in order.

// splitStmt writes split pack p (vt its vector type).
func (fn *fnGen) splitStmt(p *sched.Pack, vt string) {
	elem := func(j int) string {
		return fmt.Sprintf("%s.p[%d]", fn.ref(p.Base).paren(), p.Index+int64(j)*p.Stride)
	}
	re, im := ".re", ".im"
	if et := fn.g.TypeOf(p.Base).Elem; et.Kind == ir.KStruct {
		// a pair of float64 (sched/vector_fields.go): its two leaves
		ls := et.Leaves()
		re, im = "."+cSel(et, ls[0].Sel), "."+cSel(et, ls[1].Sel)
	}
	switch p.Kind {
	case sched.PackLoad:
		part := re
		if p.Part == sched.PartIm {
			part = im
		}
		xs := make([]string, p.Width())
		for j := range xs {
			xs[j] = elem(j) + part
		}
		fn.line(fmt.Sprintf("%s %s = %s(%s);", vt, fn.packName(p), fn.fl.vecMake(vt, p.Width()), strings.Join(xs, ", ")))
	case sched.PackStore:
		lane := fn.fl.vecLane(vt, p.Width())
		vre, vim := fn.vecArg(p.Args[0], vt), fn.vecArg(p.Args[1], vt)
		if p.Args[0].Pack == nil || p.Args[1].Pack == nil {
			r, i := fn.sc.fresh("v"), fn.sc.fresh("v")
			fn.line(fmt.Sprintf("%s %s = %s, %s = %s;", vt, r, vre, i, vim))
			vre, vim = r, i
		}
		for j := range p.Width() {
			fn.line(fmt.Sprintf("%s%s = %s(%s, %d);", elem(j), re, lane, vre, j))
			fn.line(fmt.Sprintf("%s%s = %s(%s, %d);", elem(j), im, lane, vim, j))
		}
	default:
		panic("BUG: cgen: a split pack of kind " + p.Kind.String())
	}
}

// vecMake returns the name of the macro making a vector of type vt (w
// lanes) from its lanes, declaring it the first time.
func (fl *fileGen) vecMake(vt string, w int) string {
	name := vt + "_make"
	fl.helper(name, func() string {
		args := make([]string, w)
		for i := range args {
			args[i] = fmt.Sprintf("x%d", i)
		}
		lanes := func(xs []string) string { return "(" + strings.Join(xs, "), (") + ")" }
		if cloneType(vt) {
			return cloneVecMacro(name, fmt.Sprintf("%s(%s) ((%s){%s})", name, strings.Join(args, ", "), vt, lanes(args)), "a "+vt+" of its lanes")
		}
		r := strings.NewReplacer("{T}", vt, "{A}", strings.Join(args, ", "), "{L}", lanes(args),
			"{LO}", lanes(args[:w/2]), "{HI}", lanes(args[w/2:]))
		return r.Replace(`/* {T}_make: a {T} of its lanes (lmsgen -simd, split complex loads). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT) && defined(__AVX__)
#define {T}_make({A}) (({T}){{L}})
#elif (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT)
#define {T}_make({A}) (({T}){{{LO}}, {{HI}}})
#else
#define {T}_make({A}) (({T}){{{L}}})
#endif
`)
	})
	return name
}

// vecLane returns the name of the macro reading lane i (a constant) of a
// vector of type vt (w lanes), declaring it the first time.
func (fl *fileGen) vecLane(vt string, w int) string {
	lane := vt + "_lane"
	fl.helper(lane, func() string {
		if cloneType(vt) {
			return cloneVecMacro(lane, lane+"(a, i) ((a)[i])", "lane i of a "+vt)
		}
		r := strings.NewReplacer("{T}", vt, "{H}", fmt.Sprint(w/2), "{M}", fmt.Sprint(w/2-1))
		return r.Replace(`/* {T}_lane: lane i of a {T} (lmsgen -simd). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT) && defined(__AVX__)
#define {T}_lane(a, i) ((a)[i])
#elif (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT)
#define {T}_lane(a, i) ((i) < {H} ? (a).lo[(i) & {M}] : (a).hi[(i) & {M}])
#else
#define {T}_lane(a, i) ((a).v[i])
#endif
`)
	})
	return lane
}
