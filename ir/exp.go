package ir

import (
	"fmt"
	"math"
	"strconv"
)

// Sym is a symbol: the name of a node's value, of a block input or of a
// block's effect input. Symbols are dense integers, so passes index slices
// with them.
type Sym int32

func (s Sym) String() string { return "x" + strconv.Itoa(int(s)) }

// Exp is an expression: a symbol or a constant. The zero Exp is the symbol
// x0. Exps are comparable with ==: constants are interned per builder.
type Exp struct {
	s Sym
	c *Const
}

// E returns the expression naming s.
func (s Sym) E() Exp { return Exp{s: s} }

// IsConst reports whether e is a constant.
func (e Exp) IsConst() bool { return e.c != nil }

// IsSym reports whether e is a symbol.
func (e Exp) IsSym() bool { return e.c == nil }

// Sym returns the symbol of e. It panics if e is a constant.
func (e Exp) Sym() Sym {
	if e.c != nil {
		panic("BUG: Sym of constant " + e.c.String())
	}
	return e.s
}

// Const returns the constant of e, or nil if e is a symbol.
func (e Exp) Const() *Const { return e.c }

func (e Exp) String() string {
	if e.c != nil {
		return e.c.String()
	}
	return e.s.String()
}

// Const is a constant of a basic type. Val holds the value as the Go value
// of that type (int8 for Int8, float32 for Float32, string for String, ...),
// so that folding computes with Go's own semantics; the unit constant (type
// Void) has a nil Val.
type Const struct {
	Type *Type
	Val  any
	id   int32 // interning number within its builder (hashing)
}

func (c *Const) String() string {
	if c.Type == Void {
		return "()"
	}
	return fmt.Sprint(c.Val)
}

// constKey identifies a constant for interning. Floats are keyed by their
// bits so that -0 and +0 stay distinct (and NaNs with equal bits unify).
type constKey struct {
	t      *Type
	lo, hi uint64
	s      string
}

func keyOf(t *Type, v any) constKey {
	k := constKey{t: t}
	switch v := v.(type) {
	case nil:
	case bool:
		if v {
			k.lo = 1
		}
	case int:
		k.lo = uint64(v)
	case int8:
		k.lo = uint64(v)
	case int16:
		k.lo = uint64(v)
	case int32:
		k.lo = uint64(v)
	case int64:
		k.lo = uint64(v)
	case uint:
		k.lo = uint64(v)
	case uint8:
		k.lo = uint64(v)
	case uint16:
		k.lo = uint64(v)
	case uint32:
		k.lo = uint64(v)
	case uint64:
		k.lo = v
	case uintptr:
		k.lo = uint64(v)
	case float32:
		k.lo = uint64(math.Float32bits(v))
	case float64:
		k.lo = math.Float64bits(v)
	case complex64:
		k.lo, k.hi = uint64(math.Float32bits(real(v))), uint64(math.Float32bits(imag(v)))
	case complex128:
		k.lo, k.hi = math.Float64bits(real(v)), math.Float64bits(imag(v))
	case string:
		k.s = v
	default:
		panic(fmt.Sprintf("BUG: constant of unsupported Go type %T", v))
	}
	return k
}

// goValueType reports the ir type whose constants are represented by the Go
// value v, or nil.
func goValueType(v any) *Type {
	switch v.(type) {
	case nil:
		return Void
	case bool:
		return Bool
	case int:
		return Int
	case int8:
		return Int8
	case int16:
		return Int16
	case int32:
		return Int32
	case int64:
		return Int64
	case uint:
		return Uint
	case uint8:
		return Uint8
	case uint16:
		return Uint16
	case uint32:
		return Uint32
	case uint64:
		return Uint64
	case uintptr:
		return Uintptr
	case float32:
		return Float32
	case float64:
		return Float64
	case complex64:
		return Complex64
	case complex128:
		return Complex128
	case string:
		return String
	}
	return nil
}

// Key names what an effect reads or writes: the whole control state
// (CTRL: output, panics, anything that must stay in program order), the
// allocator (STORE), or one mutable object (a variable, or the alias set of
// a slice), named by the symbol that allocated it.
type Key int32

// The global effect keys.
const (
	CTRL  Key = -1 // output, panics, calls with unknown effects
	STORE Key = -2 // the allocator
	TRAP  Key = -3 // a run-time panic (index out of range, division by zero, ...), or a loop that may not end
)

// SymKey returns the key of the object allocated by s.
func SymKey(s Sym) Key { return Key(s) }

// IsSym reports whether k names an object.
func (k Key) IsSym() bool { return k >= 0 }

func (k Key) String() string {
	switch k {
	case CTRL:
		return "CTRL"
	case STORE:
		return "STORE"
	case TRAP:
		return "TRAP"
	}
	return Sym(k).String()
}

// EffectSummary records a node's or block's effects and the dependencies
// they induce. All four lists are sorted and free of duplicates.
type EffectSummary struct {
	Sdeps []Sym // soft: must not be scheduled after this node, if scheduled at all
	Hdeps []Sym // hard: must be scheduled, before this node
	Rkeys []Key // keys read
	Wkeys []Key // keys written
}

// IsEmpty reports whether the summary records no effect and no dependency.
func (e *EffectSummary) IsEmpty() bool {
	return e == nil || len(e.Sdeps)+len(e.Hdeps)+len(e.Rkeys)+len(e.Wkeys) == 0
}

// HasSimpleEffect reports whether the summary writes a global key (CTRL,
// STORE or TRAP): such an effect is observable whether or not its value is
// used.
func (e *EffectSummary) HasSimpleEffect() bool {
	if e == nil {
		return false
	}
	for _, k := range e.Wkeys {
		if !k.IsSym() {
			return true
		}
	}
	return false
}

// Writes reports whether the summary writes k.
func (e *EffectSummary) Writes(k Key) bool { return e != nil && hasKey(e.Wkeys, k) }

// Reads reports whether the summary reads k.
func (e *EffectSummary) Reads(k Key) bool { return e != nil && hasKey(e.Rkeys, k) }

func hasKey(ks []Key, k Key) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// String formats the summary as the seeds do: "[CTRL*: _ | x0]", read keys
// plain, written keys starred, then soft and hard dependencies.
func (e *EffectSummary) String() string {
	if e.IsEmpty() {
		return ""
	}
	b := []byte{'['}
	first := true
	for _, k := range e.Rkeys {
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = append(b, k.String()...)
	}
	for _, k := range e.Wkeys {
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = append(b, k.String()...)
		b = append(b, '*')
	}
	b = append(b, ": "...)
	b = appendSyms(b, e.Sdeps)
	b = append(b, " | "...)
	b = appendSyms(b, e.Hdeps)
	return string(append(b, ']'))
}

func appendSyms(b []byte, ss []Sym) []byte {
	if len(ss) == 0 {
		return append(b, '_')
	}
	for i, s := range ss {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, s.String()...)
	}
	return b
}
