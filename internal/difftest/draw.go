package difftest

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the expressions drawing random values of a
// parameter: edge values often, small numbers for loop bounds, the
// ranges //lms:test sets.

// leafDraw is how to draw one leaf: whether it bounds a loop (drawn
// small) and what //lms:test sets for it.
type leafDraw struct {
	small bool
	test  frontend.LeafTest
}

// genGoValue returns a Go expression drawing a random value of parameter
// a from r: a struct of the package (qualified by qual) is drawn field by
// field, each of its stage type.
func genGoValue(a testArg, qual, name string, d int) string {
	draws := make([]leafDraw, len(a.LoopBound))
	for i, lb := range a.LoopBound {
		draws[i].small = lb
		if a.Test != nil {
			draws[i].test = a.Test[i]
		}
	}
	if isAoS(a.Value) {
		return genAoS(a.Value, qual, draws[0], name, d)
	}
	if !a.Value.IsStruct() {
		return genValue(a.Value.Type, draws[0])
	}
	return genStruct(a.Value, qual, draws)
}

func genStruct(v ir.GoValue, qual string, draws []leafDraw) string {
	var fields []string
	for _, f := range v.Fields {
		n := len(f.Leaves())
		fs := draws[:n]
		draws = draws[n:]
		var x string
		switch {
		case f.IsStruct():
			x = genStruct(f, qual, fs)
		case f.Slice:
			st := "stage." + f.Named.Name
			x = genSlice(st, fmt.Sprintf("%s(%s)", st, genValue(f.Type.Elem, fs[0])), fs[0].test.Len)
		default:
			x = fmt.Sprintf("stage.%s(%s)", f.Named.Name, genValue(f.Type, fs[0]))
		}
		if v.IsArray() {
			fields = append(fields, x)
		} else {
			fields = append(fields, f.Name+": "+x)
		}
	}
	return goType(v, qual) + "{" + strings.Join(fields, ", ") + "}"
}

// genSlice returns a Go expression drawing a slice of elem, each element
// drawn by the expression draw; its length in length, if set, otherwise
// lmsLen's.
func genSlice(elem, draw string, length *frontend.Range) string {
	if length != nil {
		// No nil: it would have length 0.
		return fmt.Sprintf("lmsSlice(r, int(lmsRangeInt(r, %s, %s)), false, func() %s { return %s })", length.Lo, length.Hi, elem, draw)
	}
	return fmt.Sprintf("lmsSlice(r, lmsLen(r), true, func() %s { return %s })", elem, draw)
}

// genValue returns a Go expression drawing a random value of type t from
// r, with edge values often; a number from a small range if d.small;
// within the range //lms:test sets, if it does.
func genValue(t *ir.Type, d leafDraw) string {
	if t.Kind == ir.KSlice {
		elem := leafDraw{small: d.small, test: frontend.LeafTest{Value: d.test.Value}}
		return genSlice(t.Elem.String(), genValue(t.Elem, elem), d.test.Len)
	}
	if r := d.test.Value; r != nil {
		switch {
		case t.IsInteger() && t.IsUnsigned():
			return fmt.Sprintf("%s(lmsRangeUint(r, %s, %s))", t, r.Lo, r.Hi)
		case t.IsInteger():
			return fmt.Sprintf("%s(lmsRangeInt(r, %s, %s))", t, r.Lo, r.Hi)
		case t.IsFloat():
			return fmt.Sprintf("%s(lmsRangeFloat(r, %s, %s))", t, r.Lo, r.Hi)
		}
		panic("BUG: //lms:test range on " + t.String())
	}
	switch {
	case t.IsInteger() && d.small:
		return fmt.Sprintf("%s(lmsSmallInt(r, %v))", t, t.IsUnsigned())
	case t.IsInteger():
		return fmt.Sprintf("%s(lmsInt(r, %d, %v))", t, t.Bits(), t.IsUnsigned())
	case t.IsFloat() && d.small:
		return fmt.Sprintf("%s(lmsSmallFloat(r))", t)
	case t.IsFloat():
		return fmt.Sprintf("%s(lmsFloat(r))", t)
	case t.IsComplex():
		return fmt.Sprintf("%s(complex(lmsFloat(r), lmsFloat(r)))", t)
	case t.Kind == ir.KBool:
		return "r.IntN(2) == 0"
	case t.Kind == ir.KString:
		return "lmsString(r)"
	}
	panic("BUG: no random values of type " + t.String())
}
