package frontend

import (
	"fmt"
	"go/types"
	"math"
	"strconv"
	"strings"
)

// This file compares static values as Go does (==, and identity for
// static map keys) and turns them into comparable map keys.

// equal reports whether two static values are equal as Go's == says
// (interfaces compare dynamic types and values; pointers by identity).
func equal(x, y value) bool {
	switch x := x.(type) {
	case structure:
		y := y.(structure)
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case array:
		y := y.(array)
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case iface:
		y := y.(iface)
		if x.t == nil || y.t == nil {
			return x.t == nil && y.t == nil
		}
		if !types.Identical(x.t, y.t) {
			return false
		}
		if !types.Comparable(x.t) {
			panic(&goPanic{msg: "runtime error: comparing uncomparable type " + reflectString(x.t)})
		}
		return equal(x.v, y.v)
	case sliceV:
		return x.base == nil && y.(sliceV).base == nil
	case *mapV:
		return x == nil && y.(*mapV) == nil
	case *closure:
		return x == nil && y.(*closure) == nil
	case *value:
		return x == y.(*value)
	case *dynElem:
		return false
	case *unsafePtr:
		y, _ := y.(*unsafePtr) // nil for the Go nil, as a zero value was once
		if x == nil || y == nil {
			return x == y
		}
		return x.p == y.p
	case addrV:
		y, ok := y.(addrV)
		return ok && addrEqual(x, y)
	case nil:
		u, ok := y.(*unsafePtr)
		return y == nil || ok && u == nil
	}
	if x, ok := x.(float32); ok {
		return x == y.(float32)
	}
	if x, ok := x.(float64); ok {
		return x == y.(float64)
	}
	return x == y
}

// identicalElems reports whether x and y hold identical values, element
// by element (the fields of a structure, the elements of an array).
func identicalElems(x, y []value) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if !identical(x[i], y[i]) {
			return false
		}
	}
	return true
}

// identical reports whether two static values are the same value: equal
// for basic values with floats compared by their bits, the same object for
// pointers, the same contents for structures and arrays. It decides
// whether a value assigned in both branches of a staged conditional stays
// static.
func identical(x, y value) bool {
	switch x := x.(type) {
	case float32:
		y, ok := y.(float32)
		return ok && math.Float32bits(x) == math.Float32bits(y)
	case float64:
		y, ok := y.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(y)
	case complex64:
		y, ok := y.(complex64)
		return ok && identical(real(x), real(y)) && identical(imag(x), imag(y))
	case complex128:
		y, ok := y.(complex128)
		return ok && identical(real(x), real(y)) && identical(imag(x), imag(y))
	case structure:
		y, ok := y.(structure)
		return ok && identicalElems(x, y)
	case array:
		y, ok := y.(array)
		return ok && identicalElems(x, y)
	case sliceV:
		y, ok := y.(sliceV)
		if !ok || x.off != y.off || x.len != y.len || x.cap != y.cap || (x.base == nil) != (y.base == nil) {
			return false
		}
		return x.base == nil || len(x.base) == 0 && len(y.base) == 0 || len(x.base) > 0 && len(y.base) > 0 && &x.base[0] == &y.base[0]
	case iface:
		y, ok := y.(iface)
		if !ok || (x.t == nil) != (y.t == nil) {
			return false
		}
		return x.t == nil || types.Identical(x.t, y.t) && identical(x.v, y.v)
	case *rep:
		y, ok := y.(*rep)
		return ok && x.e == y.e
	case *dynElem:
		y, ok := y.(*dynElem)
		return ok && x.s == y.s && x.i == y.i
	case *varRef:
		y, ok := y.(*varRef)
		return ok && x.v == y.v
	case *varShift:
		y, ok := y.(*varShift)
		return ok && x.v == y.v && x.c == y.c
	case *matElem:
		y, ok := y.(*matElem)
		return ok && x.s == y.s && x.i == y.i
	case tuple:
		y, ok := y.(tuple)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !identical(x[i], y[i]) {
				return false
			}
		}
		return true
	case native:
		y, ok := y.(native)
		return ok && x.v == y.v
	}
	defer func() { recover() }() // uncomparable dynamic values: not identical
	return x == y
}

// mapKey returns a comparable Go value standing for a static map key.
// Keys equal as Go's == says stand for the same: +0 and -0 are one key;
// a key holding a NaN equals no key, not even itself, and stands for a
// fresh nanKey. (Basic keys are their own Go values, which the
// evaluator's Go maps compare the same way.)
func mapKey(v value) any {
	switch v := v.(type) {
	case addrV:
		if v.elem != nil {
			v.ev.fail("a map key holding the address of a variable: %s; a variable may share its address with another, which the key could not tell", whyAddress)
		}
	case *unsafePtr:
		if v != nil {
			return v.p // the pointer, not the evaluator's record of it
		}
	case structure, array, iface:
		var sb strings.Builder
		if writeKey(&sb, v) {
			return new(nanKey)
		}
		return sb.String()
	}
	return v
}

// nanKey is what a composite or interface key holding a NaN stands for:
// each is a new pointer, equal to no other.
type nanKey byte

// writeKey writes the key v and reports whether it holds a NaN.
func writeKey(sb *strings.Builder, v value) (nan bool) {
	switch v := v.(type) {
	case structure:
		sb.WriteString("{")
		for _, x := range v {
			nan = writeKey(sb, x) || nan
			sb.WriteString(",")
		}
		sb.WriteString("}")
	case array:
		sb.WriteString("[")
		for _, x := range v {
			nan = writeKey(sb, x) || nan
			sb.WriteString(",")
		}
		sb.WriteString("]")
	case iface:
		if v.t == nil {
			sb.WriteString("nil")
			return false
		}
		if !types.Comparable(v.t) {
			panic(runtimePanic("hash of unhashable type %s", reflectString(v.t)))
		}
		sb.WriteString(typeKey(v.t))
		sb.WriteString(":")
		return writeKey(sb, v.v)
	case string:
		sb.WriteString(strconv.Quote(v))
	case float32:
		return writeFloatKey(sb, "float32", float64(v))
	case float64:
		return writeFloatKey(sb, "float64", v)
	case complex64:
		sb.WriteString("complex64")
		return writeFloatKey(sb, "", float64(real(v))) || writeFloatKey(sb, "", float64(imag(v)))
	case complex128:
		sb.WriteString("complex128")
		return writeFloatKey(sb, "", real(v)) || writeFloatKey(sb, "", imag(v))
	case *value:
		fmt.Fprintf(sb, "%p", v)
	case *unsafePtr:
		if v == nil {
			sb.WriteString("nil")
			return false
		}
		fmt.Fprintf(sb, "%p", v.p)
	case addrV:
		mapKey(v) // refuses the address of a cell
		fmt.Fprintf(sb, "addr(%p+%d)", v.root, v.off)
	default:
		fmt.Fprintf(sb, "%T(%v)", v, v)
	}
	return nan
}

// typeKey names the dynamic type t of an interface key: its printed
// form, which names a package-level type uniquely, and for a type
// declared inside a function (two functions may both declare a T, two
// different types printed alike) its object.
func typeKey(t types.Type) string {
	s := t.String()
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if o := n.Obj(); o.Pkg() != nil && o.Parent() != o.Pkg().Scope() {
			s += fmt.Sprintf("@%p", o)
		}
	}
	return s
}

// writeFloatKey writes a float of a key, -0 as 0, and reports whether
// it is a NaN.
func writeFloatKey(sb *strings.Builder, t string, f float64) bool {
	if f == 0 {
		f = 0
	}
	fmt.Fprintf(sb, "%s(%v)", t, f)
	return f != f
}
