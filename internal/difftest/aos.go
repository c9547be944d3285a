package difftest

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file draws and passes the slices of structs that cross the
// generated function's boundary as arrays of structs (ir/aos.go): []T,
// T a struct of stage types of the package. The staging function and the
// generated one take the same []T, so the native call passes it as it is
// (the same array: writes and aliasing are the staging function's), and
// a drawn slice is drawn element by element, field by field.

// isAoS reports whether v is a slice of structs.
func isAoS(v ir.GoValue) bool {
	return !v.IsStruct() && v.Type.Kind == ir.KSlice && v.Type.Elem.Kind == ir.KStruct
}

// aosType spells the type of slice of structs v, its struct type
// qualified by qual.
func aosType(v ir.GoValue, qual string) string {
	return "[]" + qual + v.Type.Elem.Named.Name
}

// aosElemFunc names the function drawing an element of the d-th
// parameter of specialization name, a slice of structs.
func aosElemFunc(name string, d int) string {
	return fmt.Sprintf("lmsElem%sA%d", name, d)
}

// writeAoSElems writes, for each parameter of dyn that is a slice of
// structs, the function drawing one of its elements field by field (a
// function of its own: gofmt does not format a long function literal in
// a list of results stably).
func writeAoSElems(b *bytes.Buffer, name string, dyn []testArg, qual string) {
	for d, a := range dyn {
		if !isAoS(a.Value) {
			continue
		}
		small := len(a.LoopBound) > 0 && a.LoopBound[0]
		et := a.Value.Type.Elem
		fmt.Fprintf(b, "\n// %s draws an element of the argument %s of %s.\n", aosElemFunc(name, d), a.Value.Name, name)
		fmt.Fprintf(b, "func %s(r *rand.Rand) %s%s {\n\treturn %s\n}\n", aosElemFunc(name, d), qual, et.Named.Name, genStructLit(et, qual, leafDraw{small: small}))
	}
}

// genAoS returns a Go expression drawing the slice of structs v, the
// d-th parameter of specialization name: its length as a slice's
// (//lms:test's xs.len if set), each element by aosElemFunc.
func genAoS(v ir.GoValue, qual string, dr leafDraw, name string, d int) string {
	return genSlice(qual+v.Type.Elem.Named.Name, aosElemFunc(name, d)+"(r)", dr.test.Len)
}

// genStructLit returns a Go expression drawing a struct of struct type t
// field by field.
func genStructLit(t *ir.Type, qual string, d leafDraw) string {
	var fs []string
	for _, f := range t.Fields {
		var x string
		if f.Type.Kind == ir.KStruct {
			x = genStructLit(f.Type, qual, d)
		} else {
			x = fmt.Sprintf("stage.%s(%s)", f.Named.Name, genValue(f.Type, d))
		}
		fs = append(fs, f.Name+": "+x)
	}
	return qual + t.Named.Name + "{" + strings.Join(fs, ", ") + "}"
}
