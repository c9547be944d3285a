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
//
// Four lanes of float64 in 256-bit vectors (the AVX2 clones, or any
// build with AVX) are written as calls of two helpers instead
// (vecParts), which say the shuffles themselves: a load is four loads of
// an element's 128 bits, two concatenations and one unpack
// (vunpcklpd/vunpckhpd: lanes 0, 4, 2, 6 of (e0, e2) and (e1, e3)), a
// store the two unpacks of the vectors of parts and four stores of 128
// bits. Left to itself gcc 12 wrote a strided load as scalar loads and
// inserts, a strided store through the stack (a 256-bit spill read back
// in halves), and contiguous ones with a vpermpd per vector; FFT1024's
// C, with every pack so, took about 15 % less CPU time than with gcc's
// choices (session 14, docs/simd.md). The same bits: each lane is the
// element's part, moved, never computed. Older compilers (gcc < 12, no
// __builtin_shufflevector) get the lanes one by one, as before.

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
	if parts := fn.fl.vecParts(p, vt); parts != "" {
		// the address of an element's first part: its second is the
		// next float64 (complex128, or a struct of two float64 leaves)
		addrs := make([]string, p.Width())
		for j := range addrs {
			addrs[j] = "&" + elem(j) + re
		}
		switch p.Kind {
		case sched.PackLoad:
			fn.line(fmt.Sprintf("%s %s = %s_load(%s, %d);", vt, fn.packName(p), parts, strings.Join(addrs, ", "), p.Part-sched.PartRe))
		case sched.PackStore:
			vre, vim := fn.splitArgs(p, vt)
			fn.line(fmt.Sprintf("%s_store(%s, %s, %s);", parts, strings.Join(addrs, ", "), vre, vim))
		default:
			panic("BUG: cgen: a split pack of kind " + p.Kind.String())
		}
		return
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
		vre, vim := fn.splitArgs(p, vt)
		for j := range p.Width() {
			fn.line(fmt.Sprintf("%s%s = %s(%s, %d);", elem(j), re, lane, vre, j))
			fn.line(fmt.Sprintf("%s%s = %s(%s, %d);", elem(j), im, lane, vim, j))
		}
	default:
		panic("BUG: cgen: a split pack of kind " + p.Kind.String())
	}
}

// splitArgs returns the vectors of real and imaginary parts that split
// store pack p stores, named: a value that is not a pack is given a name
// first, so that each is evaluated once.
func (fn *fnGen) splitArgs(p *sched.Pack, vt string) (vre, vim string) {
	vre, vim = fn.vecArg(p.Args[0], vt), fn.vecArg(p.Args[1], vt)
	if p.Args[0].Pack == nil || p.Args[1].Pack == nil {
		r, i := fn.sc.fresh("v"), fn.sc.fresh("v")
		fn.line(fmt.Sprintf("%s %s = %s, %s = %s;", vt, r, vre, i, vim))
		vre, vim = r, i
	}
	return vre, vim
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

// vecParts returns the prefix of the helpers that load and store split
// pack p's four float64 parts as whole elements (see the file's comment),
// declaring them the first time, or "" when p is not four lanes of
// float64 parts of 16-byte elements.
func (fl *fileGen) vecParts(p *sched.Pack, vt string) string {
	if p.Width() != 4 || p.Elem.Kind != ir.KFloat64 {
		return ""
	}
	name := vt + "_parts"
	lane := fl.vecLane(vt, 4)
	mk := fl.vecMake(vt, 4)
	fl.helper(name, func() string {
		r := strings.NewReplacer("{T}", vt, "{N}", name, "{LANE}", lane, "{MAKE}", mk)
		fast := `#if (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)) && !defined(LMS_NO_VECTOR_EXT) && defined(__AVX__)`
		attr, end := "LMS_INLINE", "#else\n{SLOW}#endif\n"
		if cloneType(vt) {
			fast = "#if defined(" + avx2Guard + ") && (defined(__clang__) || __GNUC__ >= 12)"
			attr = "LMS_TARGET_AVX2 LMS_INLINE"
			end = "#elif defined(" + avx2Guard + ")\n{SLOW}#endif\n"
		}
		slow := `#define {N}_load(a, b, c, d, im) {MAKE}((a)[im], (b)[im], (c)[im], (d)[im])
#define {N}_store(a, b, c, d, re, im) do { \
	(a)[0] = {LANE}(re, 0); (a)[1] = {LANE}(im, 0); (b)[0] = {LANE}(re, 1); (b)[1] = {LANE}(im, 1); \
	(c)[0] = {LANE}(re, 2); (c)[1] = {LANE}(im, 2); (d)[0] = {LANE}(re, 3); (d)[1] = {LANE}(im, 3); \
} while (0)
`
		return r.Replace(`/* {N}_load, {N}_store: four lanes of the real (im = 0) or imaginary
 * (im = 1) parts of the elements of two float64 at a, b, c, d; the four
 * elements from two vectors of parts (lmsgen -simd, split complex packs). */
` + fast + `
typedef double {T}_half __attribute__((vector_size(16)));
` + attr + ` {T} {N}_load(const double *a, const double *b, const double *c, const double *d, int im) {
	{T}_half xa, xb, xc, xd;
	memcpy(&xa, a, 16);
	memcpy(&xb, b, 16);
	memcpy(&xc, c, 16);
	memcpy(&xd, d, 16);
	{T} ac = __builtin_shufflevector(xa, xc, 0, 1, 2, 3), bd = __builtin_shufflevector(xb, xd, 0, 1, 2, 3);
	return im ? __builtin_shufflevector(ac, bd, 1, 5, 3, 7) : __builtin_shufflevector(ac, bd, 0, 4, 2, 6);
}
` + attr + ` void {N}_store(double *a, double *b, double *c, double *d, {T} re, {T} im) {
	{T} ac = __builtin_shufflevector(re, im, 0, 4, 2, 6), bd = __builtin_shufflevector(re, im, 1, 5, 3, 7);
	{T}_half xa = __builtin_shufflevector(ac, ac, 0, 1), xc = __builtin_shufflevector(ac, ac, 2, 3);
	{T}_half xb = __builtin_shufflevector(bd, bd, 0, 1), xd = __builtin_shufflevector(bd, bd, 2, 3);
	memcpy(a, &xa, 16);
	memcpy(b, &xb, 16);
	memcpy(c, &xc, 16);
	memcpy(d, &xd, 16);
}
` + strings.ReplaceAll(end, "{SLOW}", slow))
	})
	return name
}
