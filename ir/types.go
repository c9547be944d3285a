package ir

import (
	"strings"
	"sync"
)

// Kind classifies a Type.
type Kind uint8

// The kinds of values the graph computes with. The basic kinds mirror Go's
// basic types one for one; Slice, Func and Tuple are composite.
const (
	KVoid Kind = iota // no value (the result of a statement-like node)
	KBool
	KInt
	KInt8
	KInt16
	KInt32
	KInt64
	KUint
	KUint8
	KUint16
	KUint32
	KUint64
	KUintptr
	KFloat32
	KFloat64
	KComplex64
	KComplex128
	KString
	KSlice  // Elem is the element type
	KFunc   // Params and Results
	KTuple  // Elems: the results of a multi-result function
	KIndex  // Elem is the key type: an index of distinct keys (keyindex.go)
	KStruct // Named and Fields: a struct of the user's package (aos.go), only as a slice's element
	KOpaque // Named and Ptr: a value of another Go type (error, time.Time, *os.File), opaque.go
)

var kindNames = [...]string{
	KVoid: "void", KBool: "bool", KInt: "int", KInt8: "int8", KInt16: "int16",
	KInt32: "int32", KInt64: "int64", KUint: "uint", KUint8: "uint8",
	KUint16: "uint16", KUint32: "uint32", KUint64: "uint64",
	KUintptr: "uintptr", KFloat32: "float32", KFloat64: "float64",
	KComplex64: "complex64", KComplex128: "complex128", KString: "string",
	KSlice: "slice", KFunc: "func", KTuple: "tuple", KIndex: "index", KStruct: "struct",
	KOpaque: "opaque",
}

func (k Kind) String() string { return kindNames[k] }

// Type is a value type. Types are interned: two types are identical if and
// only if their pointers are equal, so they can be compared with ==.
type Type struct {
	Kind    Kind
	Elem    *Type         // KSlice; KIndex: the key type
	Params  []*Type       // KFunc
	Results []*Type       // KFunc
	Elems   []*Type       // KTuple
	Named   GoName        // KStruct, KOpaque: the declared Go type
	Ptr     bool          // KOpaque: a pointer to Named (*os.File)
	Fields  []StructField // KStruct
	str     string
	hash    uint32 // interning number, for hashing
}

// The basic types.
var (
	Void       = basic(KVoid)
	Bool       = basic(KBool)
	Int        = basic(KInt)
	Int8       = basic(KInt8)
	Int16      = basic(KInt16)
	Int32      = basic(KInt32)
	Int64      = basic(KInt64)
	Uint       = basic(KUint)
	Uint8      = basic(KUint8)
	Uint16     = basic(KUint16)
	Uint32     = basic(KUint32)
	Uint64     = basic(KUint64)
	Uintptr    = basic(KUintptr)
	Float32    = basic(KFloat32)
	Float64    = basic(KFloat64)
	Complex64  = basic(KComplex64)
	Complex128 = basic(KComplex128)
	String     = basic(KString)
)

// BasicTypes lists the basic types (all but Void) in kind order.
var BasicTypes = []*Type{Bool, Int, Int8, Int16, Int32, Int64, Uint, Uint8,
	Uint16, Uint32, Uint64, Uintptr, Float32, Float64, Complex64, Complex128, String}

var types struct {
	sync.Mutex
	m map[string]*Type
}

func basic(k Kind) *Type {
	t := &Type{Kind: k, str: k.String()}
	intern(t)
	return t
}

func intern(t *Type) *Type {
	types.Lock()
	defer types.Unlock()
	if types.m == nil {
		types.m = make(map[string]*Type)
	}
	if old, ok := types.m[t.str]; ok {
		return old
	}
	t.hash = uint32(len(types.m)) * 0x9E3779B1
	types.m[t.str] = t
	return t
}

// SliceOf returns the type []elem.
func SliceOf(elem *Type) *Type {
	return intern(&Type{Kind: KSlice, Elem: elem, str: "[]" + elem.str})
}

// FuncOf returns the function type with the given parameters and results.
func FuncOf(params, results []*Type) *Type {
	var sb strings.Builder
	sb.WriteString("func(")
	list(&sb, params)
	sb.WriteString(")")
	switch len(results) {
	case 0:
	case 1:
		sb.WriteString(" " + results[0].str)
	default:
		sb.WriteString(" (")
		list(&sb, results)
		sb.WriteString(")")
	}
	return intern(&Type{Kind: KFunc, Params: clone(params), Results: clone(results), str: sb.String()})
}

// TupleOf returns the type of a multi-result value. A tuple of one element
// is that element.
func TupleOf(elems []*Type) *Type {
	if len(elems) == 1 {
		return elems[0]
	}
	if len(elems) == 0 {
		return Void
	}
	var sb strings.Builder
	sb.WriteString("(")
	list(&sb, elems)
	sb.WriteString(")")
	return intern(&Type{Kind: KTuple, Elems: clone(elems), str: sb.String()})
}

func clone(ts []*Type) []*Type { return append([]*Type(nil), ts...) }

func list(sb *strings.Builder, ts []*Type) {
	for i, t := range ts {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(t.str)
	}
}

// String returns the type in Go syntax.
func (t *Type) String() string { return t.str }

// IsInteger reports whether t is one of the integer types.
func (t *Type) IsInteger() bool { return t.Kind >= KInt && t.Kind <= KUintptr }

// IsUnsigned reports whether t is an unsigned integer type.
func (t *Type) IsUnsigned() bool { return t.Kind >= KUint && t.Kind <= KUintptr }

// IsFloat reports whether t is float32 or float64.
func (t *Type) IsFloat() bool { return t.Kind == KFloat32 || t.Kind == KFloat64 }

// IsComplex reports whether t is complex64 or complex128.
func (t *Type) IsComplex() bool { return t.Kind == KComplex64 || t.Kind == KComplex128 }

// IsNumeric reports whether t is an integer, float or complex type.
func (t *Type) IsNumeric() bool { return t.IsInteger() || t.IsFloat() || t.IsComplex() }

// IsOrdered reports whether values of t can be compared with < (Go's cmp.Ordered).
func (t *Type) IsOrdered() bool { return t.IsInteger() || t.IsFloat() || t.Kind == KString }

// IsBasic reports whether t is one of Go's basic types.
func (t *Type) IsBasic() bool { return t.Kind >= KBool && t.Kind <= KString }

// Bits returns the width in bits of a numeric type (int, uint and uintptr
// are 64 bits wide, as on every platform lmsgen targets).
func (t *Type) Bits() int {
	switch t.Kind {
	case KInt8, KUint8:
		return 8
	case KInt16, KUint16:
		return 16
	case KInt32, KUint32, KFloat32:
		return 32
	case KInt, KInt64, KUint, KUint64, KUintptr, KFloat64, KComplex64:
		return 64
	case KComplex128:
		return 128
	}
	return 0
}

// Values returns the types a value of type t stands for: none for void,
// the elements of a tuple, or t itself (the results of a block or of a
// function, as an emitter writes them).
func (t *Type) Values() []*Type {
	switch t.Kind {
	case KVoid:
		return nil
	case KTuple:
		return t.Elems
	}
	return []*Type{t}
}
