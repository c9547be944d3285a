package frontend

import (
	"go/types"
	"reflect"
)

// This file evaluates the methods of reflect.Value that make a Value of
// another type or write through an addressable one: Set, SetInt,
// SetUint, SetFloat, SetComplex, SetBool, SetString, Addr, Convert and
// CanConvert, with reflect's panics of strings (reflectvalue.go reads); a
// method called on a Value of the wrong kind, whose panic is a
// *reflect.ValueError, is refused.

// valueWrite evaluates the method m of reflect.Value on r if it is one of
// this file's.
func (ev *evaluator) valueWrite(r *rvalue, m string, args []value) (value, bool) {
	k := kindOf(r.t)
	settable := func() {
		if r.ro {
			panic(reflectPanic("reflect: reflect.Value." + m + " using value obtained using unexported field"))
		}
		if r.cell == nil {
			panic(reflectPanic("reflect: reflect.Value." + m + " using unaddressable value"))
		}
	}
	setBasic := func(kinds []reflect.Kind, x value) (value, bool) {
		settable()
		for _, w := range kinds {
			if w == k {
				ev.store(r.cell, toKind(x, basicKind(r.t)))
				return nil, true
			}
		}
		ev.fail("reflect: call of reflect.Value.%s on %s Value (reflect's *ValueError panic is not modelled)", m, k)
		return nil, true
	}
	switch m {
	case "SetInt":
		return setBasic([]reflect.Kind{reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64}, args[0])
	case "SetUint":
		return setBasic([]reflect.Kind{reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr}, args[0])
	case "SetFloat":
		return setBasic([]reflect.Kind{reflect.Float32, reflect.Float64}, args[0])
	case "SetComplex":
		return setBasic([]reflect.Kind{reflect.Complex64, reflect.Complex128}, args[0])
	case "SetBool":
		return setBasic([]reflect.Kind{reflect.Bool}, args[0])
	case "SetString":
		return setBasic([]reflect.Kind{reflect.String}, args[0])
	case "Set":
		settable()
		x := valueOf(args[0])
		if x.t == nil {
			panic(reflectPanic("reflect: call of reflect.Value.Set on zero Value"))
		}
		if !types.AssignableTo(x.t, r.t) {
			panic(reflectPanic("reflect.Set: value of type " + reflectString(x.t) + " is not assignable to type " + reflectString(r.t)))
		}
		ev.store(r.cell, ev.asType(x, r.t))
		return nil, true
	case "Addr":
		if r.cell == nil {
			panic(reflectPanic("reflect.Value.Addr of unaddressable value"))
		}
		return native{v: &rvalue{t: types.NewPointer(r.t), v: r.cell, ro: r.ro}}, true
	case "CanConvert":
		return ev.convertible(r, ev.typeArg(args[0], "reflect.Value.CanConvert")), true
	case "Convert":
		t := ev.typeArg(args[0], "reflect.Value.Convert")
		if !ev.convertible(r, t) {
			panic(reflectPanic("reflect.Value.Convert: value of type " + reflectString(r.t) + " cannot be converted to type " + reflectString(t)))
		}
		if _, ok := t.Underlying().(*types.Interface); ok {
			return native{v: &rvalue{t: t, v: ev.asType(r, t)}}, true
		}
		return native{v: &rvalue{t: t, v: ev.fr.convert(copyVal(r.v), r.t, t)}}, true
	}
	return nil, false
}

// asType returns the value of x as a value of type t, to which x's type
// is assignable or convertible: boxed in an interface when t is one and
// x's type is not.
func (ev *evaluator) asType(x *rvalue, t types.Type) value {
	if types.IsInterface(t) && !types.IsInterface(x.t) {
		return iface{t: x.t, v: copyVal(x.v)}
	}
	return copyVal(x.v)
}

// convertible reports whether reflect.Value.Convert converts r to t: Go's
// conversion rules, and a slice converted to an array or a pointer to an
// array must be long enough.
func (ev *evaluator) convertible(r *rvalue, t types.Type) bool {
	if !types.ConvertibleTo(r.t, t) {
		return false
	}
	if _, ok := r.t.Underlying().(*types.Slice); !ok {
		return true
	}
	n := int64(-1)
	switch u := t.Underlying().(type) {
	case *types.Array:
		n = u.Len()
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok {
			n = a.Len()
		}
	}
	s, _ := r.v.(sliceV)
	return n < 0 || int64(s.len) >= n
}
