package frontend

import (
	"fmt"
	"go/types"

	"github.com/lmsgen/lmsgen/ir"
)

// This file maps Go types to graph types and lifts static values into
// constants of the graph.

// isStageBasic reports whether t is one of the stage package's Rep types.
func isStageBasic(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != stagePath {
		return false
	}
	_, ok = n.Underlying().(*types.Basic)
	return ok
}

// isRepType reports whether values of type t are Reps by their type: a
// stage type or a slice of one.
func isRepType(t types.Type) bool {
	if isStageBasic(t) {
		return true
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		return isStageBasic(s.Elem())
	}
	return false
}

var kindTypes = map[types.BasicKind]*ir.Type{
	types.Bool: ir.Bool, types.Int: ir.Int, types.Int8: ir.Int8, types.Int16: ir.Int16,
	types.Int32: ir.Int32, types.Int64: ir.Int64, types.Uint: ir.Uint, types.Uint8: ir.Uint8,
	types.Uint16: ir.Uint16, types.Uint32: ir.Uint32, types.Uint64: ir.Uint64,
	types.Uintptr: ir.Uintptr, types.Float32: ir.Float32, types.Float64: ir.Float64,
	types.Complex64: ir.Complex64, types.Complex128: ir.Complex128, types.String: ir.String,
}

// irBasic returns the graph type of a basic type (or a type over one).
func irBasic(t types.Type) *ir.Type {
	if b, ok := t.Underlying().(*types.Basic); ok {
		return kindTypes[b.Kind()]
	}
	return nil
}

// irTypeOf returns the graph type of t, or nil if values of t cannot be
// values of the generated code: basic types and slices of them.
func irTypeOf(t types.Type) *ir.Type {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return kindTypes[u.Kind()]
	case *types.Slice:
		if e := irBasic(u.Elem()); e != nil {
			return ir.SliceOf(e)
		}
	}
	return nil
}

// irTypeOfValue returns the graph type of a static basic Go value.
func irTypeOfValue(v value) *ir.Type {
	switch v.(type) {
	case bool:
		return ir.Bool
	case int:
		return ir.Int
	case int8:
		return ir.Int8
	case int16:
		return ir.Int16
	case int32:
		return ir.Int32
	case int64:
		return ir.Int64
	case uint:
		return ir.Uint
	case uint8:
		return ir.Uint8
	case uint16:
		return ir.Uint16
	case uint32:
		return ir.Uint32
	case uint64:
		return ir.Uint64
	case uintptr:
		return ir.Uintptr
	case float32:
		return ir.Float32
	case float64:
		return ir.Float64
	case complex64:
		return ir.Complex64
	case complex128:
		return ir.Complex128
	case string:
		return ir.String
	}
	return nil
}

var irKinds = map[*ir.Type]types.BasicKind{}

func init() {
	for k, t := range kindTypes {
		irKinds[t] = k
	}
}

// zeroOf returns the Go zero value of a basic graph type.
func zeroOf(t *ir.Type) any {
	return toKindZero(irKinds[t])
}

// typeString writes a type qualified by package names.
func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// goTypeString writes a type as the generated code of package pkg
// declares it: a stage type, or a slice of one (named or not), as its
// underlying type.
func goTypeString(t types.Type, pkg *types.Package) string {
	if isStageBasic(t) {
		return t.Underlying().String()
	}
	if s, ok := t.Underlying().(*types.Slice); ok && isStageBasic(s.Elem()) {
		return "[]" + goTypeString(s.Elem(), pkg)
	}
	return typeStringIn(t, pkg)
}

// typeStringIn writes a type as code of package pkg writes it.
func typeStringIn(t types.Type, pkg *types.Package) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	})
}

// liftTo makes v an expression of graph type t: a Rep as it is, a static
// basic value as a constant, a static slice materialized. what describes
// the value for an error message.
func (ev *evaluator) liftTo(v value, t *ir.Type, what string) ir.Exp {
	if _, isRep := v.(*rep); !isRep && t.Kind == ir.KOpaque {
		return ev.liftOpaque(v, t, what)
	}
	switch v := v.(type) {
	case *rep:
		if got := ev.b.Graph().TypeOf(v.e); got != t {
			if got.IsBasic() && t.IsBasic() {
				ev.at()
				return ev.b.Convert(t, v.e)
			}
			panic(fmt.Sprintf("BUG: lifting a Rep of type %v as %v", got, t))
		}
		return v.e
	case sliceV:
		if t.Kind == ir.KSlice {
			return ev.materialize(v, t.Elem)
		}
	case *stagedFn:
		if t.Kind == ir.KFunc {
			return ev.funValue(v, t)
		}
	default:
		if t.IsBasic() {
			if vt := irTypeOfValue(v); vt != nil {
				if vt == t {
					return ev.b.Const(t, v)
				}
				if (vt.IsInteger() || vt.IsFloat()) && (t.IsInteger() || t.IsFloat()) || vt.IsComplex() && t.IsComplex() {
					return ev.b.Const(t, toKind(v, irKinds[t]))
				}
			}
		}
	}
	if isVarValue(v) {
		// Its type is one the generated code has: what is missing is
		// a read of the variable at this point.
		ev.fail("%s cannot be merged here: it is %s, which lmsgen cannot read at this point yet", what, describe(v))
	}
	ev.fail("%s of type %s cannot become part of the generated code: only booleans, numbers, strings and slices of them can (it is %s)", what, userTypeName(t), describe(v))
	return ir.Exp{}
}

// lift makes v an expression of the graph type of its Go type t.
func (ev *evaluator) lift(v value, t types.Type, what string) ir.Exp {
	if r, ok := v.(*rep); ok {
		return r.e
	}
	it := irTypeOf(t)
	if it == nil {
		ev.fail("%s of type %s cannot become part of the generated code: only booleans, numbers, strings and slices of them can", what, typeString(t))
	}
	return ev.liftTo(v, it, what)
}

// liftable reports whether a static value can become a constant or a
// materialized slice.
func liftable(v value) bool {
	switch v := v.(type) {
	case *rep:
		return true
	case sliceV:
		for _, x := range v.elems() {
			if !liftable(x) {
				return false
			}
		}
		return true
	}
	return irTypeOfValue(v) != nil
}

// describe names the kind of a value for messages.
func describe(v value) string {
	switch v := v.(type) {
	case *closure, *stagedFn, builtinV:
		return "a function"
	case *mapV:
		return "a map"
	case *value, *dynElem:
		return "a pointer"
	case addrV:
		return "the address of a variable"
	case structure:
		return "a struct"
	case array:
		return "an array"
	case sliceV:
		return "a slice"
	case iface:
		if v.t == nil {
			return "a nil interface"
		}
		return "an interface holding " + typeString(v.t)
	case native:
		return fmt.Sprintf("a %T", v.v)
	case nil:
		return "nil"
	case *varRef, *varComposite, *varShift:
		return "a value a staged loop or conditional assigns"
	case *matElem:
		return "a pointer into a slice of the generated code"
	case tuple:
		return "several results"
	case *iterV:
		return "a range iterator"
	}
	if irTypeOfValue(v) != nil {
		return fmt.Sprintf("%T", v)
	}
	return "a value of lmsgen's evaluator that has no Go form here"
}
