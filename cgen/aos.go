package cgen

import (
	"fmt"
	"path"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the slices of structs kept as arrays of structs
// (ir/aos.go): a []T parameter or result of the generated function. In C
// T is a struct declared with Go's field order and types (every leaf a
// number or a bool, whose C type has Go's size and alignment, and a
// nested struct a nested struct), so it has Go's layout, and the cgo
// bridge passes the Go array as it is: C reads and writes the caller's
// memory. A field is s.p[i].f0 (fields named by position), through
// NAME_ptr when bounds are checked.
// A string leaf is refused: a Go array holding strings holds Go
// pointers, which cgo does not let Go pass to C.

// structDecl returns the C name and the declaration of struct type t.
func (fl *fileGen) structDecl(t *ir.Type) (name, decl string) {
	fields := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		fields[i] = fmt.Sprintf("%s f%d; /* %s */", fl.ctype(f.Type), i, f.Name)
	}
	name = "lmsg_" + mangled(t)
	return name, fmt.Sprintf("typedef struct { %s } %s;\n", strings.Join(fields, " "), name)
}

// aosWrapper returns the cgo preamble's wrapper of entry point e if it
// takes a slice of structs, else "". The entry point takes the array as
// a void * (abiElem), which cgo gets from Go as an unsafe.Pointer and
// checks at every call (cgocheck: _cgoCheckPointer looks for Go pointers
// in the memory it points to, a cost per call that FFTAoS64's C paid
// over FFT64's). The wrapper takes it as a uint8_t * instead, a C type
// without pointers, which cgo does not check: the array holds none
// (checkAoS refuses string leaves, and the leaves are numbers or bools).
func aosWrapper(e *entry) string {
	wrap := false
	var ps, args []string
	for _, p := range e.params {
		args = append(args, p.names...)
		switch {
		case p.t.Kind == ir.KString:
			ps = append(ps, "const uint8_t *"+p.names[0], "int64_t "+p.names[1])
		case p.t.Kind == ir.KSlice && p.t.Elem.Kind == ir.KStruct:
			wrap = true
			ps = append(ps, "uint8_t *"+p.names[0], "int64_t "+p.names[1], "int64_t "+p.names[2])
		case p.t.Kind == ir.KSlice:
			ps = append(ps, abiElem(p.t.Elem)+" *"+p.names[0], "int64_t "+p.names[1], "int64_t "+p.names[2])
		default:
			ps = append(ps, abiElem(p.t)+" "+p.names[0])
		}
	}
	if !wrap {
		return ""
	}
	call := e.name + "(" + strings.Join(args, ", ") + ");"
	if e.resType != "void" {
		call = "return " + call
	}
	return fmt.Sprintf("static inline %s %s(%s) { %s }\n", e.resType, aosWrapperName(e), strings.Join(ps, ", "), call)
}

// aosWrapperName is the name of entry point e's wrapper (aosWrapper).
func aosWrapperName(e *entry) string { return "lmsg_" + e.name }

// checkAoS returns an error if a struct of t cannot cross to C: a string
// leaf.
func checkAoS(fn string, t *ir.Type) error {
	for _, f := range t.Leaves() {
		if f.Type.Kind == ir.KString {
			return fmt.Errorf("cgen: %s: field %s of %s is a string: a slice of structs holding strings holds Go pointers, which cgo does not let Go pass to C", fn, f.Sel, t.Named.Name)
		}
	}
	return nil
}

// cSel returns the C selector of the leaf sel ("C.Re") of struct type t:
// the fields are named by their positions (f1.f0), so that no Go field
// name meets a C keyword or macro.
func cSel(t *ir.Type, sel string) string {
	var parts []string
	for _, name := range strings.Split(sel, ".") {
		k := -1
		for i, f := range t.Fields {
			if f.Name == name {
				k = i
			}
		}
		if k < 0 {
			panic("BUG: cgen: no field " + sel + " in " + t.String())
		}
		parts = append(parts, fmt.Sprintf("f%d", k))
		t = t.Fields[k].Type
	}
	return strings.Join(parts, ".")
}

// fieldLvalue writes s[i].F of an OpFieldGet or OpFieldSet node.
func (fn *fnGen) fieldLvalue(n *ir.Node) string {
	st := fn.fl.ctype(fn.g.TypeOf(n.Args[0]))
	s, i := fn.ref(n.Args[0]), fn.ref(n.Args[1])
	sel := cSel(fn.g.TypeOf(n.Args[0]).Elem, n.Aux.(ir.FieldSel).Sel)
	if fn.fl.opts.NoBounds || !n.CanTrap() {
		return s.paren() + ".p[" + i.s + "]." + sel
	}
	return st + "_ptr(" + s.s + ", " + i.s + ")->" + sel
}

// goType spells graph type t in the bridge's Go signatures: a slice of
// structs names its element type as the bridge imports it.
func (bw *bridgeWriter) goType(t *ir.Type) string {
	if t.Kind == ir.KSlice && t.Elem.Kind == ir.KStruct {
		return "[]" + bw.imports.qual(t.Elem.Named)
	}
	return t.String()
}

// sigType spells graph type t in the header's comments: a slice of
// structs as []pkg.T.
func sigType(t *ir.Type) string {
	if t.Kind == ir.KSlice && t.Elem.Kind == ir.KStruct {
		return "[]" + path.Base(t.Elem.Named.Path) + "." + t.Elem.Named.Name
	}
	return t.String()
}
