package cgen

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file maps ir types to C types. Basic types and slices of basic
// types are the runtime's; the others (tuples of results, slices of
// slices, function pointers) are declared in the generated file the
// first time they are needed, after the types they contain.

// basicC is the C type of each basic kind.
var basicC = [...]string{
	ir.KVoid: "void", ir.KBool: "bool", ir.KInt: "int64_t", ir.KInt8: "int8_t",
	ir.KInt16: "int16_t", ir.KInt32: "int32_t", ir.KInt64: "int64_t",
	ir.KUint: "uint64_t", ir.KUint8: "uint8_t", ir.KUint16: "uint16_t",
	ir.KUint32: "uint32_t", ir.KUint64: "uint64_t", ir.KUintptr: "uint64_t",
	ir.KFloat32: "float", ir.KFloat64: "double", ir.KComplex64: "lms_complex64",
	ir.KComplex128: "lms_complex128", ir.KString: "lms_string",
}

// mangled names a type in generated identifiers by its C representation
// (int and int64 share one name, as they share one C type).
func mangled(t *ir.Type) string {
	switch t.Kind {
	case ir.KInt:
		return "int64"
	case ir.KUint, ir.KUintptr:
		return "uint64"
	case ir.KSlice:
		return "slice_" + mangled(t.Elem)
	case ir.KStruct:
		return "struct_" + cIdent(t.Named.Name)
	case ir.KIndex:
		return "index_" + mangled(t.Elem)
	case ir.KTuple:
		parts := make([]string, len(t.Elems))
		for i, e := range t.Elems {
			parts[i] = mangled(e)
		}
		return "tuple_" + strings.Join(parts, "_")
	case ir.KFunc:
		parts := []string{"func"}
		for _, p := range t.Params {
			parts = append(parts, mangled(p))
		}
		parts = append(parts, "to")
		for _, r := range t.Results {
			parts = append(parts, mangled(r))
		}
		return strings.Join(parts, "_")
	}
	return t.Kind.String()
}

// ctype returns the C type of t, declaring it first if it is generated.
func (fl *fileGen) ctype(t *ir.Type) string {
	if t.IsBasic() || t.Kind == ir.KVoid {
		return basicC[t.Kind]
	}
	key := mangled(t)
	if name, ok := fl.typeNames[key]; ok {
		return name
	}
	var name, decl string
	switch t.Kind {
	case ir.KIndex:
		return "lms_index"
	case ir.KSlice:
		if t.Elem.IsBasic() {
			return "lms_slice_" + mangled(t.Elem)
		}
		elem := fl.ctype(t.Elem)
		name = "lmsg_" + mangled(t)
		decl = fmt.Sprintf("LMS_SLICE_TYPE_PTRS(%s, %s)\n", elem, name)
	case ir.KStruct:
		name, decl = fl.structDecl(t)
	case ir.KTuple:
		fields := make([]string, len(t.Elems))
		for i, e := range t.Elems {
			fields[i] = fmt.Sprintf("%s r%d;", fl.ctype(e), i)
		}
		name = "lmsg_" + mangled(t)
		decl = fmt.Sprintf("typedef struct { %s } %s;\n", strings.Join(fields, " "), name)
	case ir.KFunc:
		res := fl.ctype(ir.TupleOf(t.Results))
		ps := make([]string, len(t.Params))
		for i, p := range t.Params {
			ps[i] = fl.ctype(p)
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		name = "lmsg_" + mangled(t)
		decl = fmt.Sprintf("typedef %s (*%s)(%s);\n", res, name, strings.Join(ps, ", "))
	default:
		panic("BUG: cgen: no C type for " + t.String())
	}
	fl.typeNames[key] = name
	fl.typeDecls = append(fl.typeDecls, decl)
	return name
}

// intSuffix returns the runtime's suffix for the integer type t: i8 ...
// i64, u8 ... u64.
func intSuffix(t *ir.Type) string {
	s := "i"
	if t.IsUnsigned() {
		s = "u"
	}
	return fmt.Sprintf("%s%d", s, t.Bits())
}

// argMaker returns the runtime constructor of the lms_arg of a basic type.
func argMaker(t *ir.Type) string {
	return "lms_arg_" + t.Kind.String()
}

// isWideUnsigned reports whether t is a 64-bit unsigned integer type (an
// index of such a type is checked and reported as unsigned).
func isWideUnsigned(t *ir.Type) bool {
	return t.IsUnsigned() && t.Bits() == 64
}

// intRange returns the range of the integer type t, as int64 for the
// signed types and uint64 for the unsigned ones.
func intRange(t *ir.Type) (lo int64, hi uint64) {
	b := t.Bits()
	if t.IsUnsigned() {
		if b == 64 {
			return 0, ^uint64(0)
		}
		return 0, 1<<b - 1
	}
	return -1 << (b - 1), 1<<(b-1) - 1
}
