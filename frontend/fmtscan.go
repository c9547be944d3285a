package frontend

import (
	"fmt"
	"go/types"
	"reflect"
)

// This file evaluates fmt.Sscan, Sscanln and Sscanf at generation time,
// for staging code that parses a static text (a program, a table, a
// format) into numbers and strings. fmt's own scanner reads the text
// into native variables of the operands' kinds, each starting with the
// operand's current value (an operand the scan does not reach keeps it,
// as in Go); their values are then stored into the operands' cells. The
// operands must be pointers to static variables of basic types; a type
// with methods (it may implement fmt.Scanner) and a Rep are refused.

// sscan evaluates fmt.<name>(args...).
func (fr *frame) sscan(name string, args []value) value {
	ev := fr.ev
	str, ok := args[0].(string)
	if !ok {
		ev.fail("fmt.%s of %s: only a static string is scanned at generation time", name, ev.whyRep(args[0]))
	}
	ops := args[1]
	format := ""
	if name == "Sscanf" {
		if format, ok = args[1].(string); !ok {
			ev.fail("fmt.Sscanf with a format that is a Rep (%s): only a static format is scanned at generation time", ev.whyRep(args[1]))
		}
		ops = args[2]
	}
	s, _ := ops.(sliceV)
	cells := make([]*value, s.len)
	natives := make([]any, s.len)
	for i, o := range s.elems() {
		it, _ := o.(iface)
		pt, ok := it.t.(*types.Pointer)
		p, isCell := it.v.(*value)
		if !ok || !isCell || p == nil {
			ev.fail("fmt.%s into operand %d of type %s: only pointers to variables of basic types are scanned at generation time", name, i+1, typeOrNil(it.t))
		}
		et := pt.Elem()
		b := irBasic(et)
		if b == nil || hasMethods(et) {
			ev.fail("fmt.%s into a %s: only pointers to variables of basic types without methods are scanned at generation time", name, typeString(pt))
		}
		cur := ev.load(p)
		if irTypeOfValue(cur) == nil {
			ev.fail("fmt.%s into a variable holding %s: only a static variable is scanned at generation time", name, describe(cur))
		}
		rt := reflect.TypeOf(zeroOf(b))
		v := reflect.New(rt)
		v.Elem().Set(reflect.ValueOf(cur).Convert(rt))
		cells[i], natives[i] = p, v.Interface()
	}
	var n int
	var err error
	switch name {
	case "Sscan":
		n, err = fmt.Sscan(str, natives...)
	case "Sscanln":
		n, err = fmt.Sscanln(str, natives...)
	default:
		n, err = fmt.Sscanf(str, format, natives...)
	}
	for i, p := range cells {
		ev.store(p, reflect.ValueOf(natives[i]).Elem().Interface())
	}
	var e value = iface{}
	if err != nil {
		e = iface{t: errorType, v: native{v: err}}
	}
	return tuple{n, e}
}

// hasMethods reports whether t or *t has methods.
func hasMethods(t types.Type) bool {
	return types.NewMethodSet(types.NewPointer(t)).Len() > 0
}

// typeOrNil names t, or says it is the nil interface.
func typeOrNil(t types.Type) string {
	if t == nil {
		return "nil"
	}
	return typeString(t)
}
