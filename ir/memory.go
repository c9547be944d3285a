package ir

import (
	"fmt"
	"reflect"
)

// staticKey identifies a static table by its Go slice.
type staticKey struct {
	t   *Type
	ptr uintptr
	n   int
}

// This file holds the constructors of variables, slices, strings, output,
// panics, library calls and static data.

// NewVar builds a staged variable initialized to init. The result names the
// variable (its type is the variable's value type); read it with ReadVar.
func (b *Builder) NewVar(init Exp) Exp {
	t := b.g.TypeOf(init)
	writes := b.escape(init)
	v := b.ReflectEffect(OpVarNew, t, nil, []Exp{init}, nil, []Key{STORE}, writes, false, 0)
	b.objs = append(b.objs, SymKey(v.s))
	b.sc.setLastVal(SymKey(v.s), lastVal{w: v.s, val: init})
	return v
}

// Bind binds x to a new variable and returns a read of it (stage.Let): a
// local of the generated code, assigned once, that the emitters do not
// inline into its uses. Unlike a read after NewVar, the read is not
// replaced by x.
func (b *Builder) Bind(x Exp) Exp {
	v := b.NewVar(x)
	delete(b.sc.lastVal, SymKey(v.s))
	return b.ReadVar(v)
}

func (b *Builder) mustVar(v Exp) {
	if v.IsConst() || b.g.Def(v.s) == nil || b.g.Def(v.s).Op != OpVarNew {
		panic("BUG: not a variable: " + v.String())
	}
}

// ReadVar reads a variable. A read after a write in the same block, with no
// write in between, is the written value.
func (b *Builder) ReadVar(v Exp) Exp {
	b.mustVar(v)
	k := SymKey(v.s)
	if st := b.sc.eff[k]; st != nil {
		if lv, ok := b.sc.lastVal[k]; ok && lv.w == st.lw {
			return lv.val
		}
	}
	return b.ReflectEffect(OpVarGet, b.g.types.at(v.s), nil, []Exp{v}, nil, []Key{k}, nil, false, 0)
}

// WriteVar assigns x to a variable.
func (b *Builder) WriteVar(v, x Exp) {
	b.mustVar(v)
	b.mustType("variable assignment", b.g.TypeOf(x), b.g.types.at(v.s))
	k := SymKey(v.s)
	writes := append([]Key{k}, b.escape(x)...)
	s := b.ReflectEffect(OpVarSet, Void, nil, []Exp{v, x}, nil, nil, writes, true, 0)
	b.sc.setLastVal(k, lastVal{w: s.s, val: x})
}

func (b *Builder) mustSlice(s Exp) *Type {
	t := b.g.TypeOf(s)
	if t.Kind != KSlice {
		panic("BUG: not a slice: " + s.String() + " of type " + t.String())
	}
	return t
}

func (b *Builder) mustInt(what string, e Exp) {
	if !b.g.TypeOf(e).IsInteger() {
		panic(fmt.Sprintf("BUG: %s: %v is not an integer", what, b.g.TypeOf(e)))
	}
}

// MakeSlice builds make([]elem, length, capacity), a new object.
func (b *Builder) MakeSlice(elem *Type, length, capacity Exp) Exp {
	b.mustInt("make length", length)
	b.mustInt("make capacity", capacity)
	s := b.ReflectEffect(OpSliceNew, SliceOf(elem), nil, []Exp{length, capacity}, nil, []Key{STORE, CTRL}, trapWrite, false, FlagTrap)
	b.newObject(s.s)
	return s
}

// Len builds len(s) of a slice.
func (b *Builder) Len(s Exp) Exp {
	b.mustSlice(s)
	if n, ok := b.loopLen(s); ok {
		return n
	}
	if b.isNilSlice(s) {
		return b.Const(Int, 0)
	}
	return b.Reflect(OpSliceLen, Int, nil, s)
}

// Cap builds cap(s) of a slice.
func (b *Builder) Cap(s Exp) Exp {
	b.mustSlice(s)
	if b.isNilSlice(s) {
		return b.Const(Int, 0)
	}
	return b.Reflect(OpSliceCap, Int, nil, s)
}

// isNilSlice reports whether s is a nil slice (its length and capacity
// are 0).
func (b *Builder) isNilSlice(s Exp) bool {
	if !s.IsSym() {
		return false
	}
	n := b.g.Def(s.Sym())
	return n != nil && n.Op == OpSliceNil
}

// Index builds s[i] of a slice.
func (b *Builder) Index(s, i Exp) Exp {
	t := b.mustSlice(s)
	b.mustInt("index", i)
	k := b.keyOf(s)
	if by, local, isLocal, ok := b.sc.checked(s, i); ok {
		if isLocal && b.sc.lastWrite(k) == local.write {
			return local.val
		}
		return b.guarded(OpSliceGet, t.Elem, []Exp{s, i}, []Key{k}, by)
	}
	if b.inBounds(s, i) {
		return b.inBoundsRead(t.Elem, s, i, k)
	}
	r := b.ReflectEffect(OpSliceGet, t.Elem, nil, []Exp{s, i}, nil, []Key{CTRL, k}, trapWrite, false, FlagTrap)
	b.sc.noteCheck(s, i, r.s, r, b.sc.lastWrite(k))
	return r
}

// SetIndex builds s[i] = x.
func (b *Builder) SetIndex(s, i, x Exp) {
	b.setIndex(s, i, x, true)
}

// setIndex builds s[i] = x, with its bounds check when checked (it may
// panic: it reads CTRL and writes TRAP), else proved in range (it reads
// TRAP: see SetIndexInRange).
func (b *Builder) setIndex(s, i, x Exp, checked bool) {
	t := b.mustSlice(s)
	b.mustInt("index", i)
	b.mustType("element assignment", b.g.TypeOf(x), t.Elem)
	k := b.keyOf(s)
	writes := append([]Key{k}, b.escape(x)...)
	reads, flags := []Key{TRAP}, NodeFlags(0)
	if checked {
		writes = append(writes, TRAP)
		reads, flags = trapRead, FlagTrap
	}
	w := b.ReflectEffect(OpSliceSet, Void, nil, []Exp{s, i, x}, nil, reads, writes, false, flags)
	b.sc.noteCheck(s, i, w.s, x, b.sc.lastWrite(k))
}

// SubSlice builds s[lo:hi] or, with max, s[lo:hi:max]. The result shares
// s's alias class.
func (b *Builder) SubSlice(s, lo, hi Exp, max ...Exp) Exp {
	t := b.mustSlice(s)
	args := []Exp{s, lo, hi}
	if len(max) > 1 {
		panic("BUG: SubSlice with several max")
	}
	args = append(args, max...)
	for _, a := range args[1:] {
		b.mustInt("slice bound", a)
	}
	r := b.ReflectEffect(OpSliceSub, t, nil, args, nil, trapRead, trapWrite, false, FlagTrap)
	b.class[r.s] = b.keyOf(s)
	return r
}

// Append builds append(s, xs...). It may write s's backing array, so it
// writes s's class, and the result shares that class. It reads TRAP, as
// Copy does and as a store proved in range does: a write into memory the
// caller sees stays between the operations that may panic around it, so
// a panic observes exactly the writes made before it in the source.
func (b *Builder) Append(s Exp, xs ...Exp) Exp {
	t := b.mustSlice(s)
	for _, x := range xs {
		b.mustType("append", b.g.TypeOf(x), t.Elem)
	}
	k := b.keyOf(s)
	writes := append([]Key{k}, b.escape(xs...)...)
	r := b.ReflectEffect(OpAppend, t, nil, append([]Exp{s}, xs...), nil, []Key{STORE, k, TRAP}, writes, false, 0)
	b.class[r.s] = k
	return r
}

// AppendSlice builds append(s, u...).
func (b *Builder) AppendSlice(s, u Exp) Exp {
	t := b.mustSlice(s)
	b.mustType("append", b.g.TypeOf(u), t)
	k := b.keyOf(s)
	r := b.ReflectEffect(OpAppendSlice, t, nil, []Exp{s, u}, nil, []Key{STORE, k, b.keyOf(u), TRAP}, []Key{k}, false, 0)
	b.class[r.s] = k
	return r
}

// Copy builds copy(dst, src) and returns the number of elements copied.
func (b *Builder) Copy(dst, src Exp) Exp {
	t := b.mustSlice(dst)
	b.mustType("copy", b.g.TypeOf(src), t)
	return b.ReflectEffect(OpCopy, Int, nil, []Exp{dst, src}, nil, []Key{b.keyOf(dst), b.keyOf(src), TRAP}, []Key{b.keyOf(dst)}, false, 0)
}

// NilSlice builds the nil slice of slice type t. It has no storage of
// its own (an append to it allocates).
func (b *Builder) NilSlice(t *Type) Exp {
	if t.Kind != KSlice {
		panic("BUG: nil slice of type " + t.String())
	}
	return b.Reflect(OpSliceNil, t, nil)
}

// IsNil builds s == nil of a slice s. A nil slice is nil, and a slice
// made by make is not.
func (b *Builder) IsNil(s Exp) Exp {
	b.mustSlice(s)
	if n, ok := b.defOp(s); ok {
		switch n.Op {
		case OpSliceNil:
			return b.Const(Bool, true)
		case OpSliceNew:
			return b.Const(Bool, false)
		}
	}
	return b.Reflect(OpSliceIsNil, Bool, nil, s)
}

// StrLen builds len(s) of a string.
func (b *Builder) StrLen(s Exp) Exp {
	b.mustType("len", b.g.TypeOf(s), String)
	return b.Reflect(OpStrLen, Int, nil, s)
}

// StrIndex builds s[i] of a string (a byte).
func (b *Builder) StrIndex(s, i Exp) Exp {
	b.mustType("string index", b.g.TypeOf(s), String)
	b.mustInt("index", i)
	if e, ok := b.rewrite(OpStrIndex, Uint8, nil, []Exp{s, i}); ok {
		return e
	}
	if by, local, isLocal, ok := b.sc.checked(s, i); ok {
		if isLocal {
			return local.val // strings never change
		}
		return b.guarded(OpStrIndex, Uint8, []Exp{s, i}, nil, by)
	}
	r := b.ReflectEffect(OpStrIndex, Uint8, nil, []Exp{s, i}, nil, trapRead, trapWrite, false, FlagTrap)
	b.sc.noteCheck(s, i, r.s, r, 0)
	return r
}

// StrSlice builds s[lo:hi] of a string.
func (b *Builder) StrSlice(s, lo, hi Exp) Exp {
	b.mustType("string slice", b.g.TypeOf(s), String)
	b.mustInt("slice bound", lo)
	b.mustInt("slice bound", hi)
	if e, ok := b.rewrite(OpStrSlice, String, nil, []Exp{s, lo, hi}); ok {
		return e
	}
	return b.ReflectEffect(OpStrSlice, String, nil, []Exp{s, lo, hi}, nil, trapRead, trapWrite, false, FlagTrap)
}

// Concat builds s + t of strings.
func (b *Builder) Concat(s, t Exp) Exp { return b.Binary(OpAdd, s, t) }

// Print builds an output node: op is OpPrintf (the first argument is the
// format), OpPrint, OpPrintln, OpEprint or OpEprintln. Output writes CTRL:
// it is kept, in program order. A slice argument is printed with its
// elements: the node reads the slice's memory, so it comes after the
// stores into it and keeps them (a store proved in range no longer reads
// CTRL, and nothing else ordered the print after it: the print of a
// staged []int{n} wrote [0]).
func (b *Builder) Print(op Op, args ...Exp) {
	switch op {
	case OpPrintf:
		if len(args) == 0 || b.g.TypeOf(args[0]) != String {
			panic("BUG: printf without a format")
		}
	case OpPrint, OpPrintln, OpEprint, OpEprintln:
	default:
		panic("BUG: Print with " + op.String())
	}
	var reads []Key
	for _, a := range args {
		if a.IsSym() && b.g.TypeOf(a).Kind == KSlice {
			reads = append(reads, b.keyOf(a))
		}
	}
	b.ReflectEffect(op, Void, nil, args, nil, reads, []Key{CTRL}, false, 0)
}

// Panic builds panic(msg) with a string message, or with an error. It writes CTRL, in
// program order with output, and TRAP, as an operation that may panic
// does: the writes that cannot trap (appends, copies, stores proved in
// range) read TRAP, so they stay on their side of it, and memory the
// caller sees holds exactly the writes made before the panic in the
// source (an append before a panic ran after it).
func (b *Builder) Panic(msg Exp) {
	if t := b.g.TypeOf(msg); t != ErrorType { // panic(err): Go prints err.Error(), or PanicNilError's
		b.mustType("panic", t, String)
	}
	b.ReflectEffect(OpPanic, Void, nil, []Exp{msg}, nil, nil, []Key{CTRL, TRAP}, false, 0)
}

// Call builds a call of a known library function with result type t (a
// TupleOf several results). A pure callee that cannot trap is an ordinary
// pure node; one that can trap reads CTRL; an impure one writes CTRL, and
// reads and writes the memory of its slice arguments (a world call's
// buffer: f.Read(buf), os.WriteFile(name, data, perm)), which only an
// impure call may take.
func (b *Builder) Call(c Callee, t *Type, args ...Exp) Exp {
	var mem []Key
	for _, a := range args {
		if b.g.TypeOf(a).Kind == KSlice {
			if c.Pure {
				panic("BUG: pure library call with a slice argument: " + c.String())
			}
			mem = append(mem, b.keyOf(a))
		}
	}
	switch {
	case !c.Pure:
		return b.ReflectEffect(OpCall, t, c, args, nil, mem, append([]Key{CTRL, TRAP}, mem...), false, FlagTrap)
	case c.ID != 0 && !c.Trap:
		// A new object at each evaluation (fmt.Errorf, errors.New): an
		// allocation, as a make, read where it is made. Moved out of a
		// loop it would be one object for every iteration, and == tells
		// (an error kept from one iteration to the next).
		return b.ReflectEffect(OpCall, t, c, args, nil, []Key{STORE}, nil, false, 0)
	case c.Trap:
		if e, ok := b.rewrite(OpCall, t, c, args); ok {
			return e
		}
		return b.ReflectEffect(OpCall, t, c, args, nil, trapRead, trapWrite, false, FlagTrap)
	}
	return b.Reflect(OpCall, t, c, args...)
}

// Static builds a table known at generation time: vals is a Go slice of
// the element type's Go values. The table is a new object (it is
// materialized as static data in the generated code). The same Go slice
// (same backing array and length) gives the same node: it is the same
// memory in the staging program too.
func (b *Builder) Static(t *Type, vals any) Exp {
	if t.Kind != KSlice || !t.Elem.IsBasic() {
		panic("BUG: static data of type " + t.String())
	}
	v := reflect.ValueOf(vals)
	if v.Kind() != reflect.Slice {
		panic(fmt.Sprintf("BUG: static data %T is not a slice", vals))
	}
	key := staticKey{t, v.Pointer(), v.Len()}
	if s, ok := b.statics[key]; ok && v.Len() > 0 {
		return s.E()
	}
	s := b.fresh(t)
	b.statics[key] = s
	b.node(s, OpStatic, t, nil, nil, &StaticData{Vals: vals}, nil, 0)
	b.newObject(s)
	return s.E()
}
