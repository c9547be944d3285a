package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
)

// This file evaluates reflect.TypeOf and reflect.ValueOf on static values
// and the methods of their results that read (not those that write, call
// or make values): a reflect.Type is an opaque native value (*rtype) of
// the dynamic type's go/types type, one per identical type so that types
// compare as reflect's do; a reflect.Value is an opaque *rvalue holding
// the static value and its type, and for an addressable Value its cell
// (reflectset.go writes through it). Reflection on a Rep is an error, and
// so is every other function and method of package reflect.

// rtype is the reflect.Type of a static value's dynamic type.
type rtype struct{ t types.Type }

// String formats the type as reflect.Type.String does.
func (r *rtype) String() string { return reflectString(r.t) }

// rvalue is a reflect.Value of a static value; t nil: the zero Value.
// An addressable Value (the Elem of a pointer, an element of a slice, a
// field or element of an addressable Value) has its cell, whose current
// content is the value; ro: it was obtained through an unexported field,
// so it cannot be set.
type rvalue struct {
	t    types.Type
	v    value
	cell *value
	ro   bool
}

// rtypeType is the dynamic type of a reflect.Type made by TypeOf, as
// reflect's is: *reflect.rtype.
var rtypeType = func() types.Type {
	pkg := types.NewPackage("reflect", "reflect")
	name := types.NewTypeName(token.NoPos, pkg, "rtype", nil)
	return types.NewPointer(types.NewNamed(name, types.NewStruct(nil, nil), nil))
}()

// typeOf returns reflect.TypeOf of a value of dynamic type t (nil: the
// nil interface).
func (ev *evaluator) typeOf(t types.Type) value {
	if t == nil {
		return iface{}
	}
	ev.nameable(t)
	for _, r := range ev.rtypes {
		if types.Identical(r.t, t) {
			return iface{t: rtypeType, v: native{v: r}}
		}
	}
	r := &rtype{t: t}
	ev.rtypes = append(ev.rtypes, r)
	return iface{t: rtypeType, v: native{v: r}}
}

// nameable refuses a type whose name gc writes in a way static
// evaluation does not reproduce.
func (ev *evaluator) nameable(t types.Type) {
	if n := localToGeneric(t, map[types.Type]bool{}); n != nil {
		ev.fail("reflect: the type %s is declared inside a generic function: gc's name for it includes the function's type arguments, which static evaluation does not reproduce", n.Obj().Name())
	}
	if n := unnamedTypeArgs(t, map[types.Type]bool{}); n != nil {
		ev.fail("reflect: the name of the type %s: gc's name of a type argument that is a struct, a function or an interface with methods is not reproduced", n)
	}
}

// typeName returns the name of the dynamic type t as fmt's %T writes
// it: reflect's, and <nil> for the nil interface.
func (ev *evaluator) typeName(t types.Type) string {
	if t == nil {
		return "<nil>"
	}
	ev.nameable(t)
	return reflectString(t)
}

// localToGeneric returns a named type that t mentions and that is
// declared inside a generic function (or method of a generic type), or
// nil.
func localToGeneric(t types.Type, seen map[types.Type]bool) *types.Named {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		obj := u.Obj()
		if obj.Pkg() != nil && obj.Parent() == nil && obj.Pos().IsValid() {
			// go/ssa's instantiation of a generic function gives the
			// types declared inside it new objects, without a scope
			// (the evaluator's own types, runtimeErrorType and
			// rtypeType, have no position).
			return u
		}
		if obj.Pkg() != nil {
			for sc := obj.Parent(); sc != nil && sc != obj.Pkg().Scope() && sc != types.Universe; sc = sc.Parent() {
				for _, name := range sc.Names() {
					if tn, ok := sc.Lookup(name).(*types.TypeName); ok {
						if _, ok := tn.Type().(*types.TypeParam); ok {
							return u
						}
					}
				}
			}
		}
		for a := range u.TypeArgs().Types() {
			if n := localToGeneric(a, seen); n != nil {
				return n
			}
		}
		return localToGeneric(u.Underlying(), seen)
	case *types.Pointer:
		return localToGeneric(u.Elem(), seen)
	case *types.Slice:
		return localToGeneric(u.Elem(), seen)
	case *types.Array:
		return localToGeneric(u.Elem(), seen)
	case *types.Chan:
		return localToGeneric(u.Elem(), seen)
	case *types.Map:
		if n := localToGeneric(u.Key(), seen); n != nil {
			return n
		}
		return localToGeneric(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if n := localToGeneric(u.Field(i).Type(), seen); n != nil {
				return n
			}
		}
	case *types.Signature:
		for _, tup := range []*types.Tuple{u.Params(), u.Results()} {
			for v := range tup.Variables() {
				if n := localToGeneric(v.Type(), seen); n != nil {
					return n
				}
			}
		}
	}
	return nil
}

// typeArg returns the type a reflect.Type argument stands for.
func (ev *evaluator) typeArg(v value, what string) types.Type {
	if i, ok := v.(iface); ok {
		if nv, ok := i.v.(native); ok {
			if r, ok := nv.v.(*rtype); ok {
				return r.t
			}
		}
	}
	ev.fail("%s: only a reflect.Type made by reflect.TypeOf is supported", what)
	return nil
}

// typeArgsString formats the type arguments of instance n as gc writes
// them in a type's name: "[" args "]", each with its package's path,
// separated by commas. It returns "" for an argument it does not format
// as gc does (a struct, a function, an interface with methods): nameable
// refuses those first.
func typeArgsString(n *types.Named) string {
	var parts []string
	for a := range n.TypeArgs().Types() {
		s, ok := typeArgString(a)
		if !ok {
			return ""
		}
		parts = append(parts, s)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// basicName is gc's name of a basic type.
func basicName(b *types.Basic) string {
	if b.Kind() == types.UnsafePointer {
		return "unsafe.Pointer"
	}
	return types.Typ[b.Kind()].Name()
}

func typeArgString(t types.Type) (string, bool) {
	elem := func(prefix string, e types.Type) (string, bool) {
		s, ok := typeArgString(e)
		return prefix + s, ok
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		name := u.Obj().Name()
		if p := u.Obj().Pkg(); p != nil {
			path := p.Path()
			if p.Name() == "main" {
				path = "main" // gc's path of a main package, whatever its directory
			}
			name = path + "." + name
		}
		if u.TypeArgs().Len() == 0 {
			return name, true
		}
		args := typeArgsString(u)
		return name + args, args != ""
	case *types.Basic:
		return basicName(u), true
	case *types.Pointer:
		return elem("*", u.Elem())
	case *types.Slice:
		return elem("[]", u.Elem())
	case *types.Array:
		return elem(fmt.Sprintf("[%d]", u.Len()), u.Elem())
	case *types.Map:
		k, ok := typeArgString(u.Key())
		if !ok {
			return "", false
		}
		return elem("map["+k+"]", u.Elem())
	case *types.Chan:
		switch u.Dir() {
		case types.SendOnly:
			return elem("chan<- ", u.Elem())
		case types.RecvOnly:
			return elem("<-chan ", u.Elem())
		}
		return elem("chan ", u.Elem())
	case *types.Interface:
		return "interface {}", u.NumMethods() == 0
	}
	return "", false
}

// unnamedTypeArgs returns an instance that t mentions whose type
// arguments typeArgsString does not format, or nil.
func unnamedTypeArgs(t types.Type, seen map[types.Type]bool) *types.Named {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if u.TypeArgs().Len() > 0 && typeArgsString(u) == "" {
			return u
		}
	case *types.Pointer:
		return unnamedTypeArgs(u.Elem(), seen)
	case *types.Slice:
		return unnamedTypeArgs(u.Elem(), seen)
	case *types.Array:
		return unnamedTypeArgs(u.Elem(), seen)
	case *types.Chan:
		return unnamedTypeArgs(u.Elem(), seen)
	case *types.Map:
		if n := unnamedTypeArgs(u.Key(), seen); n != nil {
			return n
		}
		return unnamedTypeArgs(u.Elem(), seen)
	case *types.Struct:
		for f := range u.Fields() {
			if n := unnamedTypeArgs(f.Type(), seen); n != nil {
				return n
			}
		}
	case *types.Signature:
		for _, tu := range []*types.Tuple{u.Params(), u.Results()} {
			for v := range tu.Variables() {
				if n := unnamedTypeArgs(v.Type(), seen); n != nil {
					return n
				}
			}
		}
	case *types.Interface:
		for m := range u.Methods() {
			if n := unnamedTypeArgs(m.Type(), seen); n != nil {
				return n
			}
		}
	}
	return nil
}

// reflectString formats t as reflect.Type.String does: package names,
// not paths, and reflect's spacing of struct and interface types.
func reflectString(t types.Type) string {
	qual := func(p *types.Package) string { return p.Name() }
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if u.TypeArgs().Len() > 0 {
			// gc writes an instance's type arguments with package
			// paths, separated by commas alone.
			return qual(u.Obj().Pkg()) + "." + u.Obj().Name() + typeArgsString(u)
		}
		return types.TypeString(t, qual)
	case *types.Basic:
		return basicName(u) // byte and rune as uint8 and int32
	case *types.TypeParam:
		return types.TypeString(t, qual)
	case *types.Pointer:
		return "*" + reflectString(u.Elem())
	case *types.Slice:
		return "[]" + reflectString(u.Elem())
	case *types.Array:
		return fmt.Sprintf("[%d]%s", u.Len(), reflectString(u.Elem()))
	case *types.Map:
		return "map[" + reflectString(u.Key()) + "]" + reflectString(u.Elem())
	case *types.Chan:
		switch u.Dir() {
		case types.SendOnly:
			return "chan<- " + reflectString(u.Elem())
		case types.RecvOnly:
			return "<-chan " + reflectString(u.Elem())
		}
		return "chan " + reflectString(u.Elem())
	case *types.Struct:
		if u.NumFields() == 0 {
			return "struct {}"
		}
		var parts []string
		for i := range u.NumFields() {
			f := u.Field(i)
			s := reflectString(f.Type())
			if !f.Embedded() {
				s = f.Name() + " " + s
			}
			if tag := u.Tag(i); tag != "" {
				s += " " + strconv.Quote(tag)
			}
			parts = append(parts, s)
		}
		return "struct { " + strings.Join(parts, "; ") + " }"
	case *types.Interface:
		if u.NumMethods() == 0 {
			return "interface {}"
		}
		var parts []string
		for i := range u.NumMethods() {
			m := u.Method(i)
			name := m.Name()
			if !m.Exported() && m.Pkg() != nil {
				name = m.Pkg().Name() + "." + name // reflect qualifies an unexported method
			}
			parts = append(parts, name+strings.TrimPrefix(reflectString(m.Type()), "func"))
		}
		return "interface { " + strings.Join(parts, "; ") + " }"
	case *types.Signature:
		var in []string
		for i := range u.Params().Len() {
			s := reflectString(u.Params().At(i).Type())
			if u.Variadic() && i == u.Params().Len()-1 {
				s = "..." + strings.TrimPrefix(s, "[]")
			}
			in = append(in, s)
		}
		s := "func(" + strings.Join(in, ", ") + ")"
		switch n := u.Results().Len(); n {
		case 0:
		case 1:
			s += " " + reflectString(u.Results().At(0).Type())
		default:
			var out []string
			for i := range n {
				out = append(out, reflectString(u.Results().At(i).Type()))
			}
			s += " (" + strings.Join(out, ", ") + ")"
		}
		return s
	}
	return types.TypeString(t, qual)
}

// basicKinds maps go/types' basic kinds to reflect's.
var basicKinds = map[types.BasicKind]reflect.Kind{
	types.Bool: reflect.Bool, types.Int: reflect.Int, types.Int8: reflect.Int8, types.Int16: reflect.Int16,
	types.Int32: reflect.Int32, types.Int64: reflect.Int64, types.Uint: reflect.Uint, types.Uint8: reflect.Uint8,
	types.Uint16: reflect.Uint16, types.Uint32: reflect.Uint32, types.Uint64: reflect.Uint64,
	types.Uintptr: reflect.Uintptr, types.Float32: reflect.Float32, types.Float64: reflect.Float64,
	types.Complex64: reflect.Complex64, types.Complex128: reflect.Complex128, types.String: reflect.String,
	types.UnsafePointer: reflect.UnsafePointer,
}

// kindOf returns reflect's Kind of t.
func kindOf(t types.Type) reflect.Kind {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return basicKinds[u.Kind()]
	case *types.Pointer:
		return reflect.Pointer
	case *types.Slice:
		return reflect.Slice
	case *types.Array:
		return reflect.Array
	case *types.Map:
		return reflect.Map
	case *types.Chan:
		return reflect.Chan
	case *types.Struct:
		return reflect.Struct
	case *types.Interface:
		return reflect.Interface
	case *types.Signature:
		return reflect.Func
	}
	return reflect.Invalid
}

// rtypeMethod evaluates the method m of reflect.Type on r; res is m's
// result types.
func (ev *evaluator) rtypeMethod(r *rtype, m string, args []value, res *types.Tuple) value {
	for _, a := range args {
		if hasRep(a, 0) {
			ev.fail("call of reflect.Type.%s with a Rep: reflection on Reps is not supported", m)
		}
	}
	t := r.t
	k := kindOf(t)
	switch m {
	case "String":
		return r.String()
	case "Name":
		switch n := types.Unalias(t).(type) {
		case *types.Named:
			if n.TypeArgs().Len() > 0 {
				ev.nameable(n)
				return n.Obj().Name() + typeArgsString(n) // with paths, as gc's
			}
			s := types.TypeString(n, func(*types.Package) string { return "" })
			return strings.TrimPrefix(s, ".")
		case *types.Basic:
			return types.Typ[n.Kind()].Name() // byte is uint8; unsafe.Pointer is Pointer
		}
		return ""
	case "PkgPath":
		if b, ok := types.Unalias(t).(*types.Basic); ok && b.Kind() == types.UnsafePointer {
			return "unsafe"
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			if n.Obj().Pkg().Name() == "main" {
				return "main"
			}
			return n.Obj().Pkg().Path()
		}
		return ""
	case "Kind":
		return uint(k)
	case "Size":
		return uintptr(sizes.Sizeof(t))
	case "Align", "FieldAlign":
		return int(sizes.Alignof(t))
	case "Bits":
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&(types.IsNumeric) != 0 {
			return int(sizes.Sizeof(t) * 8)
		}
		ev.fail("reflect: Bits of non-arithmetic Type %s", reflectString(t))
	case "Comparable":
		return types.Comparable(t)
	case "Elem":
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			return ev.typeOf(u.Elem())
		case *types.Slice:
			return ev.typeOf(u.Elem())
		case *types.Array:
			return ev.typeOf(u.Elem())
		case *types.Map:
			return ev.typeOf(u.Elem())
		case *types.Chan:
			return ev.typeOf(u.Elem())
		}
		ev.fail("reflect: Elem of invalid type %s", reflectString(t))
	case "Key":
		if u, ok := t.Underlying().(*types.Map); ok {
			return ev.typeOf(u.Key())
		}
		ev.fail("reflect: Key of non-map type %s", reflectString(t))
	case "Len":
		if u, ok := t.Underlying().(*types.Array); ok {
			return int(u.Len())
		}
		ev.fail("reflect: Len of non-array type %s", reflectString(t))
	case "NumField", "Field", "FieldByName":
		u, ok := t.Underlying().(*types.Struct)
		if !ok {
			ev.fail("reflect: %s of non-struct type %s", m, reflectString(t))
		}
		switch m {
		case "NumField":
			return u.NumFields()
		case "Field":
			i := args[0].(int)
			if i < 0 || i >= u.NumFields() {
				panic(reflectPanic("reflect: Field index out of bounds"))
			}
			return ev.structField(u, i, res.At(0).Type())
		default:
			name := args[0].(string)
			for i := range u.NumFields() {
				if u.Field(i).Name() == name {
					return tuple{ev.structField(u, i, res.At(0).Type()), true}
				}
			}
			ev.fail("reflect: FieldByName of a field that is not a direct field of %s is not supported", reflectString(t))
		}
	case "NumMethod":
		if _, ok := t.Underlying().(*types.Interface); ok {
			return t.Underlying().(*types.Interface).NumMethods()
		}
		n := 0
		ms := types.NewMethodSet(t)
		for i := range ms.Len() {
			if ms.At(i).Obj().Exported() {
				n++
			}
		}
		return n
	case "NumIn", "NumOut", "In", "Out", "IsVariadic":
		sig, ok := t.Underlying().(*types.Signature)
		if !ok {
			ev.fail("reflect: %s of non-func type %s", m, reflectString(t))
		}
		switch m {
		case "NumIn":
			return sig.Params().Len()
		case "NumOut":
			return sig.Results().Len()
		case "In":
			return ev.typeOf(sig.Params().At(args[0].(int)).Type())
		case "Out":
			return ev.typeOf(sig.Results().At(args[0].(int)).Type())
		}
		return sig.Variadic()
	case "Implements", "AssignableTo", "ConvertibleTo":
		u := ev.typeArg(args[0], "reflect.Type."+m)
		switch m {
		case "Implements":
			it, ok := u.Underlying().(*types.Interface)
			if !ok {
				ev.fail("reflect: non-interface type passed to Type.Implements")
			}
			return types.Implements(t, it)
		case "AssignableTo":
			return types.AssignableTo(t, u)
		}
		return types.ConvertibleTo(t, u)
	}
	if m == "Method" || m == "MethodByName" {
		return ev.typeMethod(t, m, args, res.At(0).Type())
	}
	ev.fail("method %s of reflect.Type is not supported during staging", m)
	return nil
}

// structField returns reflect's StructField (of Go type ft) for field i
// of the struct type u.
func (ev *evaluator) structField(u *types.Struct, i int, ft types.Type) value {
	f := u.Field(i)
	st := ft.Underlying().(*types.Struct)
	offsets := sizes.Offsetsof(fieldsOf(u))
	out := make(structure, st.NumFields())
	for j := range out {
		fj := st.Field(j)
		switch fj.Name() {
		case "Name":
			out[j] = f.Name()
		case "PkgPath":
			out[j] = ""
			if !f.Exported() && f.Pkg() != nil {
				out[j] = f.Pkg().Path()
				if f.Pkg().Name() == "main" {
					out[j] = "main"
				}
			}
		case "Type":
			out[j] = ev.typeOf(f.Type())
		case "Tag":
			out[j] = u.Tag(i)
		case "Offset":
			out[j] = uintptr(offsets[i])
		case "Index":
			out[j] = sliceV{base: []value{i}, len: 1, cap: 1}
		case "Anonymous":
			out[j] = f.Embedded()
		default:
			out[j] = ev.zero(fj.Type())
		}
	}
	return out
}

func fieldsOf(u *types.Struct) []*types.Var {
	fs := make([]*types.Var, u.NumFields())
	for i := range fs {
		fs[i] = u.Field(i)
	}
	return fs
}

// valueOf returns the rvalue a reflect.Value argument holds.
func valueOf(v value) *rvalue {
	if nv, ok := v.(native); ok {
		if r, ok := nv.v.(*rvalue); ok {
			return r
		}
	}
	return &rvalue{} // the zero Value
}

// valueMethod evaluates the method m of reflect.Value on r.
func (ev *evaluator) valueMethod(r *rvalue, m string, args []value) value {
	if r.t == nil {
		switch m {
		case "IsValid":
			return false
		case "Kind":
			return uint(reflect.Invalid)
		}
		ev.fail("reflect: call of reflect.Value.%s on zero Value", m)
	}
	if r.cell != nil {
		r = &rvalue{t: r.t, v: ev.load(r.cell), cell: r.cell, ro: r.ro}
	}
	k := kindOf(r.t)
	goVal := func() reflect.Value {
		if _, ok := r.t.Underlying().(*types.Basic); !ok {
			ev.fail("reflect: call of reflect.Value.%s on %s Value", m, k)
		}
		return reflect.ValueOf(r.v)
	}
	switch m {
	case "IsValid":
		return true
	case "NumMethod", "Method", "MethodByName":
		return ev.valueMethods(r, m, args)
	case "MapRange", "Clear", "MapIndex":
		return ev.mapValueMethod(r, m, args)
	case "SetMapIndex":
		return ev.setMapIndex(r, args)
	case "Kind":
		return uint(k)
	case "Type":
		return ev.typeOf(r.t)
	case "Interface":
		return iface{t: r.t, v: copyVal(r.v)}
	case "CanInterface":
		return true
	case "CanSet":
		return r.cell != nil && !r.ro
	case "CanAddr":
		return r.cell != nil
	case "Int", "Uint", "Float", "Bool", "Complex", "OverflowInt", "OverflowUint", "OverflowFloat", "OverflowComplex":
		g := goVal()
		want := map[string][]reflect.Kind{
			"Int":     {reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64},
			"Uint":    {reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr},
			"Float":   {reflect.Float32, reflect.Float64},
			"Bool":    {reflect.Bool},
			"Complex": {reflect.Complex64, reflect.Complex128},
		}[strings.TrimPrefix(m, "Overflow")]
		ok := false
		for _, w := range want {
			ok = ok || w == k
		}
		if !ok {
			ev.fail("reflect: call of reflect.Value.%s on %s Value", m, k)
		}
		switch m {
		case "OverflowInt":
			return g.OverflowInt(args[0].(int64))
		case "OverflowUint":
			return g.OverflowUint(args[0].(uint64))
		case "OverflowFloat":
			return g.OverflowFloat(args[0].(float64))
		case "OverflowComplex":
			return g.OverflowComplex(args[0].(complex128))
		case "Int":
			return g.Int()
		case "Uint":
			return g.Uint()
		case "Float":
			return g.Float()
		case "Complex":
			return g.Complex()
		}
		return g.Bool()
	case "String":
		if k == reflect.String {
			return r.v.(string)
		}
		return "<" + reflectString(r.t) + " Value>"
	case "Len":
		if _, ok := r.t.Underlying().(*types.Map); ok {
			return ev.mapValueMethod(r, m, args)
		}
		switch x := r.v.(type) {
		case string:
			return len(x)
		case sliceV:
			return x.len
		case array:
			return len(x)
		}
		ev.fail("reflect: call of reflect.Value.Len on %s Value", k)
	case "Index":
		i := args[0].(int)
		switch x := r.v.(type) {
		case string:
			if i < 0 || i >= len(x) {
				panic(reflectPanic("reflect: string index out of range"))
			}
			return native{v: &rvalue{t: types.Typ[types.Uint8], v: x[i]}}
		case sliceV:
			if i < 0 || i >= x.len {
				panic(reflectPanic("reflect: slice index out of range"))
			}
			cell := &x.base[x.off+i]
			return native{v: &rvalue{t: r.t.Underlying().(*types.Slice).Elem(), v: ev.load(cell), cell: cell, ro: r.ro}}
		case array:
			if i < 0 || i >= len(x) {
				panic(reflectPanic("reflect: array index out of range"))
			}
			e := &rvalue{t: r.t.Underlying().(*types.Array).Elem(), v: x[i], ro: r.ro}
			if r.cell != nil {
				e.cell = &(*r.cell).(array)[i]
			}
			return native{v: e}
		}
		ev.fail("reflect: call of reflect.Value.Index on %s Value", k)
	case "NumField", "Field", "FieldByName":
		u, ok := r.t.Underlying().(*types.Struct)
		x, ok2 := r.v.(structure)
		if !ok || !ok2 {
			ev.fail("reflect: call of reflect.Value.%s on %s Value", m, k)
		}
		if m == "NumField" {
			return u.NumFields()
		}
		var i int
		if m == "FieldByName" {
			i = ev.directField(u, args[0].(string))
			if i < 0 {
				return native{v: &rvalue{}}
			}
		} else {
			i = args[0].(int)
		}
		if i < 0 || i >= len(x) {
			panic(reflectPanic("reflect: Field index out of range"))
		}
		f := &rvalue{t: u.Field(i).Type(), v: x[i], ro: r.ro || !u.Field(i).Exported()}
		if r.cell != nil {
			f.cell = &(*r.cell).(structure)[i]
		}
		return native{v: f}
	case "Elem":
		switch x := r.v.(type) {
		case iface:
			return native{v: &rvalue{t: x.t, v: x.v}}
		case *value:
			if x == nil {
				return native{v: &rvalue{}}
			}
			return native{v: &rvalue{t: r.t.Underlying().(*types.Pointer).Elem(), v: ev.load(x), cell: x, ro: r.ro}}
		}
		ev.fail("reflect: call of reflect.Value.Elem on %s Value", k)
	case "Pointer", "UnsafePointer", "UnsafeAddr":
		return ev.valuePointer(r, m, k)
	case "IsNil":
		switch x := r.v.(type) {
		case *value:
			return x == nil
		case sliceV:
			return x.base == nil
		case *mapV:
			return x == nil
		case iface:
			return x.t == nil
		case *closure:
			return x == nil
		case *unsafePtr:
			return x == nil
		}
		ev.fail("reflect: call of reflect.Value.IsNil on %s Value", k)
	}
	if m == "Call" {
		return ev.valueCall(r, args[0])
	}
	if v, ok := ev.valueWrite(r, m, args); ok {
		return v
	}
	ev.fail("method %s of reflect.Value is not supported during staging", m)
	return nil
}

// directField returns the index of u's field named name, or -1 if u has
// none and no embedded field through which one could be promoted.
func (ev *evaluator) directField(u *types.Struct, name string) int {
	embedded := false
	for i := range u.NumFields() {
		if u.Field(i).Name() == name {
			return i
		}
		embedded = embedded || u.Field(i).Embedded()
	}
	if embedded {
		ev.fail("reflect.Value.FieldByName of a field that is not a direct field of a struct with embedded fields is not supported during staging")
	}
	return -1
}

// reflectPanic is a panic of package reflect with a string value.
func reflectPanic(msg string) *goPanic {
	return &goPanic{msg: msg, val: iface{t: types.Typ[types.String], v: msg}}
}

// valuePointer evaluates reflect.Value.Pointer, UnsafePointer and
// UnsafeAddr (m) on r, of kind k: the pointer of a Value of kind Pointer
// or UnsafePointer, or the address of an addressable Value, as the
// address of its cell (addr.go), which converts back to the same
// pointer; the other kinds' pointers (a map, channel, function or
// slice's) are refused.
func (ev *evaluator) valuePointer(r *rvalue, m string, k reflect.Kind) value {
	var p *value
	var elem types.Type
	switch {
	case m == "UnsafeAddr":
		if r.cell == nil {
			ev.fail("reflect.Value.UnsafeAddr of unaddressable value")
		}
		p, elem = r.cell, r.t
	case k == reflect.Pointer:
		var ok bool
		if p, ok = r.v.(*value); !ok {
			ev.fail("reflect.Value.%s of %s: the pointer must be to a static variable", m, describe(r.v))
		}
		elem = r.t.Underlying().(*types.Pointer).Elem()
	case k == reflect.UnsafePointer:
		u, ok := r.v.(*unsafePtr)
		if !ok && r.v != nil {
			ev.fail("reflect.Value.%s of %s: the pointer must be to a static variable", m, describe(r.v))
		}
		switch {
		case u == nil:
		case m == "UnsafePointer":
			return u
		case u.whole:
			return ev.addrOf(u)
		default:
			p, elem = u.p, u.elem
		}
	case k == reflect.Chan, k == reflect.Func, k == reflect.Map, k == reflect.Slice, k == reflect.String:
		ev.fail("reflect.Value.%s of a Value of kind %s: %s", m, k, whyAddress)
	default:
		ev.fail("reflect: call of reflect.Value.%s on %s Value", m, k)
	}
	switch {
	case p == nil && m == "UnsafePointer":
		return nilUnsafe
	case p == nil:
		return uintptr(0)
	case m == "UnsafePointer":
		return &unsafePtr{p: p, elem: elem}
	}
	return ev.cellAddr(p, elem)
}
