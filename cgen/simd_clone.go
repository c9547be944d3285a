package cgen

import (
	"fmt"
	"strings"
)

// This file writes the AVX2 clones of the vectorized functions. cgo
// compiles the C file with -O2 and no -march: on amd64 the target then
// has SSE2 only, a 256-bit vector is two 128-bit halves (simd.go), and a
// split load or store is made of 64-bit moves. A specialization with
// packs is therefore written twice: as always (its function and its
// lifted functions), and again as <name>_avx2 (and lifted functions
// named after it) under __attribute__((target("avx2"))), whose vectors
// are the compiler's 32-byte vectors (lms_f64x4_avx2, ...). The
// specialization's own function calls its clone first thing when the
// CPU has AVX2 (__builtin_cpu_supports, gcc and clang). The clones are
// compiled only where they help and can be: gcc or clang, on x86, with
// vector extensions, when the whole file is not compiled for AVX already
// (then the plain function's vectors are the 32-byte ones); -DLMS_NO_AVX2_CLONES
// leaves them out. Lane j of a clone's operation is the scalar code's
// operation on the same operands, as in the plain function: the same
// bits. The clone cannot contract a*b+c into a fused multiply-add: avx2
// is not fma, and the file's pragmas (runtime.h) forbid contraction in
// every function, the clones included.

// avx2Guard is the macro under which the clones are compiled.
const avx2Guard = "LMS_AVX2_CLONES"

// avx2Suffix ends the names of a clone's functions and vector types.
const avx2Suffix = "_avx2"

// planClone plans the AVX2 clone of sg, a specialization with packs, and
// declares the clones' macros the first time.
func (fl *fileGen) planClone(sg *specGen) {
	fl.helper(avx2Guard, func() string {
		return `/* LMS_AVX2_CLONES: the vectorized functions are also written for AVX2
 * (<name>_avx2, 32-byte vectors) and called when the CPU has it (lmsgen -simd). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(LMS_NO_VECTOR_EXT) && !defined(LMS_NO_AVX2_CLONES) && \
	!defined(__AVX__) && (defined(__x86_64__) || defined(__i386__))
#define LMS_AVX2_CLONES 1
#define LMS_TARGET_AVX2 __attribute__((target("avx2")))
#define lms_cpu_avx2() __builtin_cpu_supports("avx2")
#endif
`
	})
	c := fl.plan(sg.fn, true)
	c.index = sg.index
	sg.clone = c
}

// cloneAttr is what a function's declaration starts with: the target
// attribute in a clone, else nothing.
func (sg *specGen) cloneAttr() string {
	if sg.avx2 {
		return "LMS_TARGET_AVX2 "
	}
	return ""
}

// cloneWrap puts text, a prototype or definition of a clone's function,
// under the clones' guard; other specializations' text is returned as is.
func (sg *specGen) cloneWrap(text string) string {
	if !sg.avx2 {
		return text
	}
	return "#ifdef " + avx2Guard + "\n" + text + "#endif\n"
}

// dispatch writes, at the start of the specialization's function, the
// call of its clone when the CPU has AVX2.
func (fn *fnGen) dispatch(void bool) {
	c := fn.sg.clone
	if c == nil {
		return
	}
	call := fmt.Sprintf("%s(%s)", c.cname, strings.Join(fn.sg.params, ", "))
	fn.lines = append(fn.lines, "#ifdef "+avx2Guard)
	fn.line("if (lms_cpu_avx2()) {")
	fn.depth++
	if void {
		fn.line(call + ";")
		fn.line("return;")
	} else {
		fn.line("return " + call + ";")
	}
	fn.depth--
	fn.line("}")
	fn.lines = append(fn.lines, "#endif")
}

// cloneVecHelpers is the C text of the clones' vector type name (w lanes
// of elem): the compiler's vectors of 32 bytes, which the functions
// compiled for AVX2 hold in one register. Only macros: a 32-byte vector
// is never passed to or returned from a function compiled without AVX.
func cloneVecHelpers(name, elem string, w int) string {
	r := strings.NewReplacer("{T}", name, "{E}", elem, "{W}", fmt.Sprint(w), "{N}", fmt.Sprint(w*byteSize(elem)))
	lanes := strings.TrimSuffix(strings.Repeat("(x), ", w), ", ")
	var sb strings.Builder
	put := func(s string) { sb.WriteString(r.Replace(s) + "\n") }
	put("/* {T}: {W} lanes of {E} in the AVX2 clones (lmsgen -simd). */")
	put("#ifdef " + avx2Guard)
	put("typedef {E} {T} __attribute__((vector_size({N})));")
	put("#define {T}_bcast(x) (({T}){" + lanes + "})")
	for _, op := range [][2]string{{"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"div", "/"}} {
		put("#define {T}_" + op[0] + "(a, b) ((a) " + op[1] + " (b))")
	}
	put("#endif")
	return sb.String()
}

// cloneVecMacro is the C text of the clones' macro name, defined as def
// (the vector extensions' definition, the plain type's with AVX).
func cloneVecMacro(name, def, what string) string {
	return fmt.Sprintf("/* %s: %s in the AVX2 clones (lmsgen -simd). */\n#ifdef %s\n#define %s\n#endif\n", name, what, avx2Guard, def)
}
