package frontend

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file describes the parameters and results of a generated function,
// and the dynamic ones of a staged function (ir.GoValue): a value of a
// basic type, or a slice of one, is one graph input or result; a struct
// whose fields are all Reps (stage types, slices of them, or such structs)
// is a static record of Reps, one graph input or result per field (its
// leaves, depth first).

// structRules says which struct types may be records of Reps at a
// function's boundary, and names that boundary in messages.
type structRules struct {
	// pkg is the package the struct types must be declared in.
	pkg *types.Package
	// tagged reports whether a type is declared in a file built only
	// with the lmsgen tag (a type the generated code must not name).
	tagged func(*types.TypeName) bool
	// of names the function ("the generated function"), and pkgOf its
	// package ("the staging function's package"), in messages.
	of, pkgOf string
}

// genRules are the rules of a generated function's signature: the
// generated code names the struct types, so they must be declared in the
// package it is written to, in a file it is built with.
func genRules(pkg *types.Package, tagged func(*types.TypeName) bool) structRules {
	return structRules{pkg: pkg, tagged: tagged, of: "the generated function", pkgOf: "the staging function's package"}
}

// goValueOf describes a parameter (name not empty) or a result of type t
// of the generated function. A parameter that is not a struct must be of a
// Rep type; a result may be of any basic type or slice of one. It returns
// a message (to be positioned by the caller) when t cannot be one.
func goValueOf(t types.Type, name string, rules structRules) (ir.GoValue, string) {
	if isRecordType(t) {
		v, msg := recordValue(t, rules)
		v.Name = name
		return v, msg
	}
	if et, ok := soaElemType(t); ok {
		// A slice of structs stays an array of structs (aos.go).
		st, msg := aosType(et, rules)
		if msg != "" {
			return ir.GoValue{}, "a slice of " + typeString(et) + " as a parameter or result of the generated function: " + msg
		}
		return ir.GoValue{Name: name, Type: ir.SliceOf(st)}, ""
	}
	it := irTypeOf(t)
	if ot := opaqueIRType(t); ot != nil {
		if name != "" {
			return ir.GoValue{}, "a parameter of type " + ot.String() + " is not supported (the generated function can return one)"
		}
		return ir.GoValue{Type: ot}, "" // an error result (opaque.go)
	}
	if it == nil || name != "" && !isRepType(t) {
		return ir.GoValue{}, "only stage types, slices of them, and structs and arrays of those can be parameters and results of the generated function"
	}
	v := ir.GoValue{Name: name, Type: it}
	if name != "" {
		// A parameter's stage type says what it holds: stage.Rune and
		// stage.Byte (or slices of them) hold characters.
		elem := t
		if s, ok := t.Underlying().(*types.Slice); ok {
			elem = s.Elem()
		}
		v.Named = stageGoName(elem)
	}
	return v, ""
}

// structValue describes a value of struct type t: it must be a named,
// non-generic struct type declared in rules.pkg, not in a file built only
// with the lmsgen tag (rules.tagged says which), whose fields are all
// Reps. outer lists the enclosing structs, to reject recursion.
func structValue(t types.Type, rules structRules, outer []*types.Named) (ir.GoValue, string) {
	pkg := rules.pkg
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ir.GoValue{}, fmt.Sprintf("a struct parameter or result of %s must have a named struct type declared in the package", rules.of)
	}
	if n.Obj().Pkg() != pkg {
		return ir.GoValue{}, fmt.Sprintf("struct type %s is declared in another package: a struct parameter or result of %s must have a type of %s", typeString(t), rules.of, rules.pkgOf)
	}
	if n.TypeArgs().Len() > 0 {
		return ir.GoValue{}, fmt.Sprintf("struct type %s is generic: a struct parameter or result of %s must have a non-generic type", typeStringIn(t, pkg), rules.of)
	}
	if rules.tagged(n.Obj()) {
		return ir.GoValue{}, fmt.Sprintf("struct type %s is declared in a file built only with the lmsgen tag, but the generated code, built without it, refers to it: declare it in a file without that build constraint", n.Obj().Name())
	}
	st := n.Underlying().(*types.Struct)
	if st.NumFields() == 0 {
		return ir.GoValue{}, fmt.Sprintf("struct type %s has no fields", n.Obj().Name())
	}
	v := ir.GoValue{Named: ir.GoName{Path: pkg.Path(), Name: n.Obj().Name()}}
	for i := range st.NumFields() {
		f := st.Field(i)
		ft := f.Type()
		var fv ir.GoValue
		switch {
		case f.Name() == "_":
			return ir.GoValue{}, fmt.Sprintf("struct type %s has a blank field: a struct parameter or result of %s needs fields it can set", n.Obj().Name(), rules.of)
		case isStageBasic(ft):
			fv = ir.GoValue{Type: irBasic(ft), Named: stageGoName(ft)}
		case isRepType(ft):
			elem := ft.Underlying().(*types.Slice).Elem()
			fv = ir.GoValue{Type: ir.SliceOf(irBasic(elem)), Named: stageGoName(elem), Slice: true}
		case isArray(ft):
			var msg string
			if fv, msg = arrayValue(ft, rules, append(outer, n)); msg != "" {
				return ir.GoValue{}, msg
			}
		default:
			fn, isNamed := types.Unalias(ft).(*types.Named)
			if _, isStruct := ft.Underlying().(*types.Struct); !isStruct || !isNamed {
				return ir.GoValue{}, fmt.Sprintf("field %s of struct type %s has type %s: a struct parameter or result of %s must have only fields of stage types, slices of them, or such structs", f.Name(), n.Obj().Name(), typeStringIn(ft, pkg), rules.of)
			}
			for _, o := range append(outer, n) {
				if o == fn {
					return ir.GoValue{}, fmt.Sprintf("struct type %s contains itself", n.Obj().Name())
				}
			}
			var msg string
			if fv, msg = structValue(ft, rules, append(outer, n)); msg != "" {
				return ir.GoValue{}, msg
			}
		}
		fv.Name = f.Name()
		v.Fields = append(v.Fields, fv)
	}
	return v, ""
}

// isRecordType reports whether a value of type t at a function's boundary
// is a record of Reps (a struct or an array), described by recordValue.
func isRecordType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// recordValue describes a value of struct or array type t.
func recordValue(t types.Type, rules structRules) (ir.GoValue, string) {
	if isArray(t) {
		return arrayValue(t, rules, nil)
	}
	return structValue(t, rules, nil)
}

// maxArrayLeaves bounds the leaves of an array parameter or result: each
// is a graph input or result and a statement of the generated code.
const maxArrayLeaves = 4096

func isArray(t types.Type) bool {
	_, ok := t.Underlying().(*types.Array)
	return ok
}

// arrayValue describes a value of array type t whose elements are Reps
// (stage types, slices of them, structs of those, or such arrays): a
// record of its elements, each a field named by its index. A named array
// type must be declared in rules.pkg, as a struct type must.
func arrayValue(t types.Type, rules structRules, outer []*types.Named) (ir.GoValue, string) {
	at := t.Underlying().(*types.Array)
	var v ir.GoValue
	if n, ok := types.Unalias(t).(*types.Named); ok {
		switch {
		case n.Obj().Pkg() != rules.pkg:
			return ir.GoValue{}, fmt.Sprintf("array type %s is declared in another package: an array parameter or result of %s must have an array type literal or a type of %s", typeString(t), rules.of, rules.pkgOf)
		case n.TypeArgs().Len() > 0:
			return ir.GoValue{}, fmt.Sprintf("array type %s is generic: an array parameter or result of %s must have a non-generic type", typeStringIn(t, rules.pkg), rules.of)
		case rules.tagged(n.Obj()):
			return ir.GoValue{}, fmt.Sprintf("array type %s is declared in a file built only with the lmsgen tag, but the generated code, built without it, refers to it: declare it in a file without that build constraint", n.Obj().Name())
		}
		v.Named = ir.GoName{Path: rules.pkg.Path(), Name: n.Obj().Name()}
	}
	if at.Len() == 0 {
		return ir.GoValue{}, fmt.Sprintf("array type %s has no elements", typeStringIn(t, rules.pkg))
	}
	et := at.Elem()
	var el ir.GoValue
	switch {
	case isStageBasic(et):
		el = ir.GoValue{Type: irBasic(et), Named: stageGoName(et)}
	case isRepType(et):
		elem := et.Underlying().(*types.Slice).Elem()
		el = ir.GoValue{Type: ir.SliceOf(irBasic(elem)), Named: stageGoName(elem), Slice: true}
	case isArray(et):
		var msg string
		if el, msg = arrayValue(et, rules, outer); msg != "" {
			return ir.GoValue{}, msg
		}
	default:
		en, isNamed := types.Unalias(et).(*types.Named)
		if _, isStruct := et.Underlying().(*types.Struct); !isStruct || !isNamed {
			return ir.GoValue{}, fmt.Sprintf("array type %s has elements of type %s: an array parameter or result of %s must have elements of stage types, slices of them, or structs of those", typeStringIn(t, rules.pkg), typeStringIn(et, rules.pkg), rules.of)
		}
		for _, o := range outer {
			if o == en {
				return ir.GoValue{}, fmt.Sprintf("struct type %s contains itself", en.Obj().Name())
			}
		}
		var msg string
		if el, msg = structValue(et, rules, outer); msg != "" {
			return ir.GoValue{}, msg
		}
	}
	if n := int64(len(el.Leaves())) * at.Len(); n > maxArrayLeaves {
		return ir.GoValue{}, fmt.Sprintf("array type %s has %d Reps: an array parameter or result of %s has at most %d (pass a slice)", typeStringIn(t, rules.pkg), n, rules.of, maxArrayLeaves)
	}
	v.Len = int(at.Len())
	v.Fields = make([]ir.GoValue, v.Len)
	for i := range v.Fields {
		v.Fields[i] = el
		v.Fields[i].Name = strconv.Itoa(i)
	}
	return v, ""
}

// stageGoName names a stage type: by the stage package's own alias when
// it has one (stage.Byte, stage.Rune), else by its defined type.
func stageGoName(t types.Type) ir.GoName {
	for a, ok := t.(*types.Alias); ok; a, ok = a.Rhs().(*types.Alias) {
		if a.Obj().Pkg() != nil && a.Obj().Pkg().Path() == stagePath {
			return ir.GoName{Path: stagePath, Name: a.Obj().Name()} // Byte, Rune
		}
	}
	n := types.Unalias(t).(*types.Named)
	return ir.GoName{Path: stagePath, Name: n.Obj().Name()}
}

// fieldName names the leaf f of a value named base: pX for p.X. A field
// starting with an ASCII letter is written in one allocation (a name is
// made for every field address of a named struct variable).
func fieldName(base, f string) string {
	if c := f[0]; c < utf8.RuneSelf {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		var b strings.Builder
		b.Grow(len(base) + len(f))
		b.WriteString(base)
		b.WriteByte(c)
		b.WriteString(f[1:])
		return b.String()
	}
	return base + strings.ToUpper(f[:1]) + f[1:]
}

// leafNames returns the names of the graph inputs of parameter v: its name
// for a leaf, else its name followed by the path of each field (p.A.X is
// pAX), unique among taken (which they are added to).
func leafNames(v ir.GoValue, taken map[string]bool) []string {
	var names []string
	for _, path := range v.LeafPaths() {
		base := v.Name
		for _, f := range path {
			base = fieldName(base, f)
		}
		name := base
		for i := 2; taken[name]; i++ {
			name = fmt.Sprintf("%s%d", base, i)
		}
		taken[name] = true
		names = append(names, name)
	}
	return names
}

// structArg builds the value of a parameter (of a generated or a staged
// function) or of a staged call's result described by v from its leaves'
// graph expressions (consumed from ins): a struct is a static record of
// Reps, a leaf is the Rep mk makes.
func (ev *evaluator) structArg(v ir.GoValue, ins []ir.Exp, mk func(ir.Exp) value) (value, []ir.Exp) {
	if !v.IsStruct() {
		return mk(ins[0]), ins[1:]
	}
	s := make([]value, len(v.Fields))
	for i, f := range v.Fields {
		s[i], ins = ev.structArg(f, ins, mk)
	}
	if v.IsArray() {
		return array(s), ins
	}
	return structure(s), ins
}

// flatten lifts the leaves of a value x described by v (a result, or an
// argument of a staged function); a nil x (a result of a function that
// always panics) gives zero values.
func (ev *evaluator) flatten(x value, v ir.GoValue, what string) []ir.Exp {
	if !v.IsStruct() {
		if x == nil {
			if v.Type.Kind == ir.KSlice {
				return []ir.Exp{ev.b.MakeSlice(v.Type.Elem, ev.b.Const(ir.Int, 0), ev.b.Const(ir.Int, 0))}
			}
			return []ir.Exp{ev.b.Const(v.Type, zeroOf(v.Type))}
		}
		if isAoS(v.Type) {
			return []ir.Exp{ev.aosResult(x, v.Type.Elem, what)}
		}
		return []ir.Exp{ev.liftTo(x, v.Type, what)}
	}
	s, ok := x.(structure)
	if a, isArray := x.(array); isArray && v.IsArray() {
		s, ok = structure(a), true
	}
	if _, static := x.(sliceV); static {
		// A staged slice of structs (soa.go) that is still static.
		ev.fail("%s is a static slice of structs: a staged function takes and returns only slices of structs made with a dynamic length", what)
	}
	if x != nil && (!ok || len(s) != len(v.Fields)) {
		panic(fmt.Sprintf("BUG: struct or array result %s is %s", v.Named.Name, describe(x)))
	}
	var out []ir.Exp
	for i, f := range v.Fields {
		var fx value
		if x != nil {
			fx = s[i]
		}
		fw := "field " + f.Name + " of " + what
		if v.IsArray() {
			fw = "element " + f.Name + " of " + what
		}
		out = append(out, ev.flatten(fx, f, fw)...)
	}
	return out
}

// instance returns the instance of the generic staging function fn that
// the directive's type arguments make: the one the overlay's function
// instFuncName refers to; the packages the type arguments name go to
// spec.Imports.
func (l *loaded) instance(lp *loadedPkg, d *genDirective, fn *ssa.Function, spec *Spec) (*ssa.Function, *Error) {
	ref := lp.ssa.Func(instFuncName(d.name))
	if ref == nil {
		return nil, errorf(d.pos, "BUG: no function for the type arguments of %s", d.name)
	}
	lp.argImports(spec, ref)
	for _, b := range ref.Blocks {
		for _, in := range b.Instrs {
			for _, op := range in.Operands(nil) {
				if f, ok := (*op).(*ssa.Function); ok && f.Origin() == fn {
					return f, nil
				}
			}
		}
	}
	return nil, errorf(d.pos, "BUG: no instance of %s for %s", fn.Name(), d.name)
}
