package frontend

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file defines how the evaluator represents values.
//
// A static value of a basic type is the Go value of its underlying kind
// (int8 for a type over int8, float64 for stage-free type Celsius float64,
// ...), so arithmetic on it is Go's own. Composite static values are:
//
//	structure    a struct value: one value per field; also, when its Go
//	             type is a slice, a staged slice of structs (soa.go)
//	array        an array value: one value per element
//	sliceV       a slice: a window on a backing []value
//	*mapV        a map, with deterministic (insertion) order
//	*value       a pointer to a cell (a variable, a field, an element)
//	*closure     a function value (a closure, or a function with no env)
//	iface        an interface value: dynamic type and value
//	tuple        the results of a multi-result call
//
// A Rep is a *rep: an expression of the graph and the reason it is a Rep.
// Static composite values may hold Reps (a struct of Reps, a static slice
// of Reps). A few values only appear in cells or pointers:
//
//	*varRef      a cell promoted to a staged variable
//	*matElem     a cell whose storage was materialized as a dynamic slice
//	*dynElem     a pointer to an element of a dynamic slice
//	*soaElem     a pointer to an element of a staged slice of structs
//	*aosElem     a pointer to an element (or a struct field of one) of a
//	             []T parameter, kept as an array of structs (aos.go)
//	*aosLeaf     a pointer to a field of a basic type of such an element
//	*varComposite a staged loop's struct- or array-typed register whose
//	             leaves are staged variables

// value is any of the representations above.
type value = any

// rep is a Rep: a value of the generated code.
type rep struct {
	e   ir.Exp
	why *why
}

// why records how a value became a Rep, for error messages. It is made
// for most Reps and read only when an error is printed: its position is a
// token.Pos (resolved by evaluator.whyPosition), not a token.Position.
// Whys are shared, never changed once made.
type why struct {
	pos  token.Pos // NoPos: the directive's position
	what string    // "" for the zero value of a stage type (evaluator.zeroRep)
	from *why      // the why of the value it was computed from, or its root (evaluator.whyRep)
}

type structure []value
type array []value

// sliceV is a static slice. A nil slice has a nil base; base is the whole
// storage, so &base[0] identifies it.
type sliceV struct {
	base          []value
	off, len, cap int
}

func (s sliceV) elems() []value { return s.base[s.off : s.off+s.len] }

// mapV is a static map. Its iteration order is insertion order, so that
// evaluation is deterministic.
type mapV struct {
	keys []value
	vals []*value
	idx  map[any]int
	live int   // keys not deleted
	born int32 // see evaluator.birth
}

// closure is a function value: a function and its free variables.
type closure struct {
	fn  *ssa.Function
	env []value
}

type iface struct {
	t types.Type // nil for the nil interface
	v value
}

type tuple []value

// varRef is the content of a cell (or a register) whose value lives in a
// staged variable.
type varRef struct {
	v ir.Exp
}

// varComposite is a register of struct or array type whose leaves are
// *varRef.
type varComposite struct {
	v value
}

// varShift is the content of the register of a loop header's phi p whose
// staged variable v holds p+c (see loopState.shiftOf): reading it gives
// v-c.
type varShift struct {
	v ir.Exp
	c value // a static integer
}

// matElem is the content of a cell of static storage that was
// materialized: the element lives in slice s at index i.
type matElem struct {
	s ir.Exp
	i int
}

// dynElem is a pointer to element i of the dynamic slice s.
type dynElem struct {
	s, i ir.Exp
}

// stagedFn is the value of stage.Fun(f): calling it calls a staged
// function.
type stagedFn struct {
	f    value // *closure
	name string
}

// native is an opaque Go value returned by a native function (such as an
// error), usable only through its methods.
type native struct {
	v any
}

// builtinV is a builtin function used as a value.
type builtinV struct {
	name string
}

// iterV is the state of a range over a map or a string: a static map or
// string, or a Rep string (rs), whose position becomes a staged variable
// of the loop.
type iterV struct {
	keys []value // map keys snapshot, or nil for a string
	m    *mapV
	s    string
	rs   *rep
	pos  *value // a cell holding the position (an int, or a Rep for rs)
}

func isRep(v value) bool {
	_, ok := v.(*rep)
	return ok
}

// copyVal copies a value of a value type (struct, array), so that the copy
// does not alias the original.
func copyVal(v value) value {
	switch v := v.(type) {
	case structure:
		c := make(structure, len(v))
		for i, x := range v {
			c[i] = copyVal(x)
		}
		return c
	case array:
		c := make(array, len(v))
		for i, x := range v {
			c[i] = copyVal(x)
		}
		return c
	}
	return v
}

// hasRep reports whether v holds a Rep anywhere (through pointers too, up
// to a depth, as stage.IsStatic needs).
func hasRep(v value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch v := v.(type) {
	case *rep, *dynElem:
		return true
	case structure:
		for _, x := range v {
			if hasRep(x, depth+1) {
				return true
			}
		}
	case array:
		for _, x := range v {
			if hasRep(x, depth+1) {
				return true
			}
		}
	case sliceV:
		for _, x := range v.elems() {
			if hasRep(x, depth+1) {
				return true
			}
		}
	case iface:
		return hasRep(v.v, depth+1)
	case *value:
		if v != nil {
			return hasRep(*v, depth+1)
		}
	case *varRef, *matElem, *varShift:
		return true
	}
	return false
}
