package cgen

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// This file writes the vector code of lmsgen -simd: the packs found by
// sched.Vectorize (Func.Vectors) become operations on 256-bit vectors,
// each written where the pack's last lane is scheduled; every other node
// is written as in scalar code. The vectors are GCC/Clang vector
// extensions (portable: the compiler lowers them to whatever the target
// has); another compiler gets the scalar fallback, a struct of lanes with
// a loop per operation (so does a build with -DLMS_NO_VECTOR_EXT). Either
// way lane j computes the scalar code's operation on the same operands:
// the results are the same bits.

// vecNames are the C names of a specialization's packs.
type vecNames map[*sched.Pack]string

// packed reports whether n is a node of a pack.
func (sg *specGen) packed(n *ir.Node) bool {
	p, _ := sg.fn.Vectors.Of(n.Sym)
	return p != nil || sg.fn.Vectors.Absorbed(n.Sym)
}

// skipLane reports whether n is a lane of a pack written at its anchor.
func (sg *specGen) skipLane(n *ir.Node) bool {
	p, _ := sg.fn.Vectors.Of(n.Sym)
	return p != nil && p.Anchor != n || sg.fn.Vectors.Absorbed(n.Sym)
}

// vecStmt writes the pack whose anchor is n, and reports whether n is one.
func (fn *fnGen) vecStmt(n *ir.Node) bool {
	sg := fn.sg
	p, _ := sg.fn.Vectors.Of(n.Sym)
	if p == nil {
		return false
	}
	if p.Anchor != n {
		panic("BUG: cgen: a lane of a pack written as a statement: " + ir.FormatNode(n))
	}
	if sg.vec == nil {
		sg.vec = vecNames{}
	}
	vt := fn.fl.vecType(p.Elem, fn.sg.avx2)
	if p.Part != sched.PartNone {
		fn.splitStmt(p, vt)
		return true
	}
	switch p.Kind {
	case sched.PackLoad:
		name := fn.packName(p)
		fn.line(fmt.Sprintf("%s %s;", vt, name))
		fn.line(fmt.Sprintf("memcpy(&%s, %s, sizeof %s);", name, fn.vecAddr(p), name))
	case sched.PackStore:
		name, ok := sg.vec[p.Args[0].Pack]
		if p.Args[0].Pack == nil || !ok {
			name = fn.sc.fresh("v")
			fn.line(fmt.Sprintf("%s %s = %s;", vt, name, fn.vecArg(p.Args[0], vt)))
		}
		fn.line(fmt.Sprintf("memcpy(%s, &%s, sizeof %s);", fn.vecAddr(p), name, name))
	case sched.PackOp:
		if sched.IsFMA(n) {
			fma := fn.fl.vecFMA(p.Elem, vt)
			fn.line(fmt.Sprintf("%s %s = %s(%s, %s, %s);", vt, fn.packName(p), fma, fn.vecArg(p.Args[0], vt), fn.vecArg(p.Args[1], vt), fn.vecArg(p.Args[2], vt)))
			break
		}
		op := map[ir.Op]string{ir.OpAdd: "add", ir.OpSub: "sub", ir.OpMul: "mul", ir.OpDiv: "div"}[n.Op]
		if op == "" {
			panic("BUG: cgen: pack of " + ir.FormatNode(n))
		}
		fn.line(fmt.Sprintf("%s %s = %s_%s(%s, %s);", vt, fn.packName(p), vt, op, fn.vecArg(p.Args[0], vt), fn.vecArg(p.Args[1], vt)))
	case sched.PackReduce:
		fn.reduce(p, vt)
	case sched.PackVarNew:
		fn.line(fmt.Sprintf("%s %s = %s;", vt, fn.packName(p), fn.vecArg(p.Args[0], vt)))
	case sched.PackVarGet:
		if p.Direct {
			sg.vec[p] = sg.vec[p.Args[0].Pack] // the variable itself
			break
		}
		fn.line(fmt.Sprintf("%s %s = %s;", vt, fn.packName(p), sg.vec[p.Args[0].Pack]))
	case sched.PackVarSet:
		fn.line(fmt.Sprintf("%s = %s;", sg.vec[p.Args[0].Pack], fn.vecArg(p.Args[1], vt)))
	}
	return true
}

// packName declares the C name of a pack's value.
func (fn *fnGen) packName(p *sched.Pack) string {
	base := "v"
	switch p.Kind {
	case sched.PackLoad:
		base = fn.name(p.Base.Sym()) + "v"
	case sched.PackVarNew:
		base = "acc"
	}
	name := fn.sc.fresh(base)
	fn.sg.vec[p] = name
	return name
}

// vecArg writes an operand of a pack: its pack's value, or a scalar
// broadcast to every lane.
func (fn *fnGen) vecArg(a sched.PackArg, vt string) string {
	if a.Pack != nil {
		name, ok := fn.sg.vec[a.Pack]
		if !ok {
			panic("BUG: cgen: a pack used before it is written")
		}
		return name
	}
	return vt + "_bcast(" + fn.ref(a.Scalar).s + ")"
}

// vecAddr writes the address of the first element a load or store pack
// accesses: Base.p + Index (in bounds: see sched.Vectorize).
func (fn *fnGen) vecAddr(p *sched.Pack) string {
	s := fn.ref(p.Base).paren() + ".p"
	if p.Index == 0 {
		return s
	}
	return fmt.Sprintf("%s + %d", s, p.Index)
}

// vecType returns the C type of a vector of elements of type t, declaring
// it and its operations the first time; with avx2, the AVX2 clones'
// (simd_clone.go).
func (fl *fileGen) vecType(t *ir.Type, avx2 bool) string {
	w := sched.Width(t)
	elem := basicC[t.Kind]
	name := fmt.Sprintf("lms_f%dx%d", t.Bits(), w)
	if avx2 {
		name += avx2Suffix
		fl.helper(name, func() string { return cloneVecHelpers(name, elem, w) })
		return name
	}
	fl.helper(name, func() string { return vecHelpers(name, elem, w) })
	return name
}

// cloneType reports whether vt is a vector type of the AVX2 clones.
func cloneType(vt string) bool { return strings.HasSuffix(vt, avx2Suffix) }

// vecFMA returns the name of the multiply-add of vectors of type vt
// (elements of type t), declaring it the first time: math.FMA packed in
// a relaxed specialization (sched.RelaxFP). It rounds twice, a*b then +c,
// as relaxed allows: the file forbids contraction, and a fused vector
// operation in portable C would be a call of fma per lane.
func (fl *fileGen) vecFMA(t *ir.Type, vt string) string {
	name := vt + "_fma"
	elem := basicC[t.Kind]
	fl.helper(name, func() string {
		if cloneType(vt) {
			return cloneVecMacro(name, name+"(a, b, c) ((a) * (b) + (c))", "a*b + c, rounded twice")
		}
		r := strings.NewReplacer("{T}", vt, "{E}", elem, "{W}", fmt.Sprint(sched.Width(t)))
		return r.Replace(`/* {T}_fma: a*b + c in {W} lanes of {E}, rounded twice (lmsgen -fp=relaxed). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT) && defined(__AVX__)
#define {T}_fma(a, b, c) ((a) * (b) + (c))
#elif (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT)
#define {T}_fma(a, b, c) (({T}){(a).lo * (b).lo + (c).lo, (a).hi * (b).hi + (c).hi})
#else
LMS_INLINE {T} {T}_fma({T} a, {T} b, {T} c) { {T} r; for (int i = 0; i < {W}; i++) r.v[i] = a.v[i] * b.v[i] + c.v[i]; return r; }
#endif
`)
	})
	return name
}

// reduce writes a reduce pack: the root's value, the pack's tree of +
// over the lanes of its operand (lane j is the tree's j-th leaf).
func (fn *fnGen) reduce(p *sched.Pack, vt string) {
	lane := fn.fl.vecLane(vt, p.Width())
	v := fn.vecArg(p.Args[0], vt)
	leaf := 0
	var tree func(n *ir.Node) string
	tree = func(n *ir.Node) string {
		var xs [2]string
		for k, a := range n.Args {
			if q, _ := fn.sg.fn.Vectors.Of(a.Sym()); q == p {
				xs[k] = "(" + tree(fn.sg.g.Def(a.Sym())) + ")"
				continue
			}
			xs[k] = fmt.Sprintf("%s(%s, %d)", lane, v, leaf)
			leaf++
		}
		return xs[0] + " + " + xs[1]
	}
	name := fn.declare(p.Anchor.Sym, "")
	fn.line(fmt.Sprintf("%s %s = %s;", fn.fl.ctype(p.Elem), name, tree(p.Anchor)))
}

// vecHelpers is the C text of vector type name of w lanes of type elem and
// its operations: broadcast, add, sub, mul and div (a load or store is a
// memcpy in the code). With vector extensions the operations are macros:
// a vector passed to or returned from a function would make gcc and clang
// warn about the ABI of 32-byte vectors without -mavx. Without AVX (gcc
// -O2 on amd64, as cgo compiles: SSE2 only) a vector is a struct of two
// halves of 16 bytes, each a vector the target has: gcc lowers a 32-byte
// vector there through memory, lane by lane (a split FFT codelet ran
// eleven times slower than with the halves).
func vecHelpers(name, elem string, w int) string {
	r := strings.NewReplacer("{T}", name, "{E}", elem, "{W}", fmt.Sprint(w), "{N}", fmt.Sprint(w*byteSize(elem)),
		"{H}", fmt.Sprint(w/2*byteSize(elem)))
	lanes := strings.TrimSuffix(strings.Repeat("(x), ", w), ", ")
	half := strings.TrimSuffix(strings.Repeat("(x), ", w/2), ", ")
	ops := [][2]string{{"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"div", "/"}}
	var sb strings.Builder
	put := func(s string) { sb.WriteString(r.Replace(s) + "\n") }
	put("/* {T}: {W} lanes of {E} (lmsgen -simd). */")
	put("#if (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT) && defined(__AVX__)")
	put("typedef {E} {T} __attribute__((vector_size({N})));")
	put("#define {T}_bcast(x) (({T}){" + lanes + "})")
	for _, op := range ops {
		put("#define {T}_" + op[0] + "(a, b) ((a) " + op[1] + " (b))")
	}
	put("#elif (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT)")
	put("typedef {E} {T}_half __attribute__((vector_size({H})));")
	put("typedef struct { {T}_half lo, hi; } {T};")
	put("#define {T}_bcast(x) (({T}){{" + half + "}, {" + half + "}})")
	for _, op := range ops {
		put("#define {T}_" + op[0] + "(a, b) (({T}){(a).lo " + op[1] + " (b).lo, (a).hi " + op[1] + " (b).hi})")
	}
	put("#else")
	put("typedef struct { {E} v[{W}]; } {T};")
	put("LMS_INLINE {T} {T}_bcast({E} x) { {T} r; for (int i = 0; i < {W}; i++) r.v[i] = x; return r; }")
	for _, op := range ops {
		put("LMS_INLINE {T} {T}_" + op[0] + "({T} a, {T} b) { {T} r; for (int i = 0; i < {W}; i++) r.v[i] = a.v[i] " + op[1] + " b.v[i]; return r; }")
	}
	put("#endif")
	return sb.String()
}

// byteSize is the size in bytes of a C float type.
func byteSize(elem string) int {
	if elem == "float" {
		return 4
	}
	return 8
}
