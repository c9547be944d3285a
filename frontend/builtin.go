package frontend

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file evaluates the builtin functions.

func (fr *frame) builtin(name string, args []value, c *ssa.CallCommon, in *ssa.Call) value {
	ev := fr.ev
	switch name {
	case "len", "cap":
		if isSoA(args[0], c.Args[0].Type()) {
			return ev.soaLen(args[0].(structure), name)
		}
		return fr.length(name, args[0], c.Args[0].Type())
	case "append":
		if _, d := ev.aosExp(args[0]); d {
			return ev.aosAppend(args[0], args[1], c.Args[0].Type().Underlying().(*types.Slice).Elem())
		} else if _, s := ev.aosExp(args[1]); s {
			return ev.aosAppend(args[0], args[1], c.Args[0].Type().Underlying().(*types.Slice).Elem())
		}
		if isSoA(args[0], c.Args[0].Type()) || isSoA(args[1], c.Args[1].Type()) {
			return ev.soaAppend(args[0], args[1], c.Args[0].Type().Underlying().(*types.Slice).Elem())
		}
		return fr.appendTo(args[0], args[1], c)
	case "copy":
		if _, d := ev.aosExp(args[0]); d {
			return ev.aosCopy(args[0], args[1], c.Args[0].Type().Underlying().(*types.Slice).Elem())
		} else if _, s := ev.aosExp(args[1]); s {
			return ev.aosCopy(args[0], args[1], c.Args[0].Type().Underlying().(*types.Slice).Elem())
		}
		if d, s := isSoA(args[0], c.Args[0].Type()), isSoA(args[1], c.Args[1].Type()); d && s {
			return ev.soaCopy(args[0].(structure), args[1].(structure))
		} else if d || s {
			// The static side as a split slice (soamat.go): a
			// destination materialized for good, a source read now.
			et := c.Args[0].Type().Underlying().(*types.Slice).Elem()
			dst, _ := args[0].(structure)
			src, _ := args[1].(structure)
			if !d {
				dst = ev.soaStatic(args[0].(sliceV), et, true, "copy to a static slice of structs")
			}
			if !s {
				src = ev.soaStatic(args[1].(sliceV), et, false, "copy from a static slice of structs")
			}
			return ev.soaCopy(dst, src)
		}
		return fr.copySlice(args[0], args[1], c)
	case "delete":
		m, _ := args[0].(*mapV)
		if hasRep(args[1], 0) {
			ev.fail("map key must be static, but %s", ev.whyRep(args[1]))
		}
		ev.mapDelete(m, args[1])
		return nil
	case "clear":
		switch x := args[0].(type) {
		case *mapV:
			ev.clearMap(x)
		case sliceV:
			et := c.Args[0].Type().Underlying().(*types.Slice).Elem()
			for i := range x.len {
				ev.store(&x.base[x.off+i], ev.zero(et))
			}
		default:
			ev.fail("clear of a dynamic slice is not supported")
		}
		return nil
	case "min", "max":
		return fr.minMax(name, args, c.Args[0].Type())
	case "complex":
		if !isRep(args[0]) && !isRep(args[1]) {
			switch re := args[0].(type) {
			case float32:
				return complex(re, args[1].(float32))
			case float64:
				return complex(re, args[1].(float64))
			}
		}
		ft := irBasic(c.Args[0].Type())
		ev.at()
		return ev.newRep(ev.b.Complex(ev.liftTo(args[0], ft, "the real part"), ev.liftTo(args[1], ft, "the imaginary part")), "a complex number", args...)
	case "real", "imag":
		if r, ok := args[0].(*rep); ok {
			ev.at()
			if name == "real" {
				return ev.newRep(ev.b.Real(r.e), "the real part", r)
			}
			return ev.newRep(ev.b.Imag(r.e), "the imaginary part", r)
		}
		switch z := args[0].(type) {
		case complex64:
			if name == "real" {
				return real(z)
			}
			return imag(z)
		case complex128:
			if name == "real" {
				return real(z)
			}
			return imag(z)
		}
	case "print", "println":
		if !ev.printsStaged() {
			return nil
		}
		exps := make([]ir.Exp, len(args))
		for i, a := range args {
			if isUnsafe(c.Args[i].Type()) {
				exps[i] = ev.b.Const(ir.String, ev.printUnsafe(a))
				continue
			}
			if text, ok := ev.printAddress(a, c.Args[i].Type(), name); ok {
				exps[i] = ev.b.Const(ir.String, text)
				continue
			}
			exps[i] = ev.lift(a, c.Args[i].Type(), "an argument of "+name)
		}
		ev.at()
		if name == "print" {
			ev.b.Print(ir.OpEprint, exps...)
		} else {
			ev.b.Print(ir.OpEprintln, exps...)
		}
		ev.writes++
		return nil
	case "recover":
		return fr.recoverCall()
	case "close":
		ev.closeChan(args[0])
		return nil
	case "ssa:wrapnilchk":
		if p, ok := args[0].(*value); ok && p == nil {
			typ := fmt.Sprint(args[1])
			short := typ[strings.LastIndex(typ, ".")+1:]
			if p := ev.lp.ssa.Pkg; p.Name() == "main" && typ == p.Path()+"."+short {
				typ = "main." + short // the path of a main package is main
			}
			msg := fmt.Sprintf("value method %s.%s called using nil *%s pointer", typ, args[2], short)
			panic(&goPanic{msg: msg, val: msg})
		}
		return args[0]
	case "Sizeof", "Alignof":
		// unsafe.Sizeof and Alignof of an operand whose type is a type
		// parameter (otherwise they are constants): gc's sizes on amd64,
		// the generated code's platform.
		if name == "Sizeof" {
			return uintptr(sizes.Sizeof(c.Args[0].Type()))
		}
		return uintptr(sizes.Alignof(c.Args[0].Type()))
	case "Offsetof":
		return fr.offsetof(c.Args[0])
	case "Add", "Slice", "String", "StringData", "SliceData":
		if v, ok := fr.unsafeBuiltin(name, args, c); ok {
			return v
		}
	case "ssa:deferstack":
		return &deferStack{fr: fr}
	case "panic":
		// A deferred panic (defer panic(v)); a direct one is ssa.Panic.
		panic(ev.userPanic(args[0]))
	}
	ev.fail("builtin %s is not supported in staging code", name)
	return nil
}

// offsetof evaluates unsafe.Offsetof(x.f) where it is no constant (x's
// type involves a type parameter): go/ssa passes the field's value, a
// Field or the load of a FieldAddr, whose struct type is instantiated
// here. A field reached through an embedded field may be selected
// implicitly (x.f for x.e.f: the offset is then from x's struct, the sum
// of the steps') or explicitly (x.e.f: from e's). go/ssa gives an
// explicit step the position of its selector's name, an implicit one
// the start of the selection expression, which is no selector's name;
// a step whose position the function's syntax does not tell is refused.
func (fr *frame) offsetof(arg ssa.Value) value {
	step := func(v ssa.Value) (x ssa.Value, idx int, pos token.Pos, ok bool) {
		switch a := v.(type) {
		case *ssa.Field:
			return a.X, a.Field, a.Pos(), true
		case *ssa.FieldAddr:
			return a.X, a.Field, a.Pos(), true
		}
		return nil, 0, token.NoPos, false
	}
	if u, ok := arg.(*ssa.UnOp); ok && u.Op == token.MUL {
		arg = u.X
	}
	x, idx, _, ok := step(arg)
	if !ok {
		panic("BUG: unsafe.Offsetof of no field")
	}
	off := fieldOffset(x.Type(), idx)
	for {
		ix, iidx, ipos, ok := step(x)
		if !ok || !structOf(ix.Type()).Field(iidx).Embedded() {
			return uintptr(off)
		}
		syntax := fr.fn.Syntax()
		if o := fr.fn.Origin(); o != nil {
			syntax = o.Syntax()
		}
		if !ipos.IsValid() || syntax == nil {
			fr.ev.fail("unsafe.Offsetof of a field of an embedded field in generic code is not supported here: whether the selection is implicit decides the offset")
		}
		if selectorNameAt(syntax, ipos) {
			return uintptr(off) // x.e.f: from e
		}
		off += fieldOffset(ix.Type(), iidx)
		x = ix
	}
}

// selectorNameAt reports whether a selector expression in syntax has
// its name (Sel) at pos.
func selectorNameAt(syntax ast.Node, pos token.Pos) bool {
	found := false
	ast.Inspect(syntax, func(n ast.Node) bool {
		if se, ok := n.(*ast.SelectorExpr); ok && se.Sel.Pos() == pos {
			found = true
		}
		return !found
	})
	return found
}

// fieldOffset returns gc's offset of field idx of the struct t (or the
// struct t points to).
func fieldOffset(t types.Type, idx int) int64 {
	st := structOf(t)
	fields := make([]*types.Var, st.NumFields())
	for i := range fields {
		fields[i] = st.Field(i)
	}
	return sizes.Offsetsof(fields)[idx]
}

// structOf returns the struct type of t, or of the type t points to.
func structOf(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return t.Underlying().(*types.Struct)
}

// deletedKey marks a deleted entry of a static map.
type deletedKey struct{}

func isDeletedKey(k value) bool {
	_, ok := k.(deletedKey)
	return ok
}

func (fr *frame) length(name string, x value, t types.Type) value {
	ev := fr.ev
	switch x := x.(type) {
	case string:
		return len(x)
	case sliceV:
		if name == "len" {
			return x.len
		}
		return x.cap
	case array:
		return len(x)
	case *value:
		if a, ok := (*x).(array); ok {
			return len(a)
		}
		if x == nil {
			if at, ok := t.Underlying().(*types.Pointer); ok {
				return int(at.Elem().Underlying().(*types.Array).Len())
			}
		}
	case *mapV:
		if x == nil {
			return 0
		}
		return x.live
	case *chanV:
		switch {
		case x == nil:
			return 0
		case name == "len":
			return len(x.buf)
		}
		return x.cap
	case *rep:
		ev.at()
		if ev.b.Graph().TypeOf(x.e) == ir.String {
			return ev.newRep(ev.b.StrLen(x.e), "the length of a string", x)
		}
		if name == "len" {
			return ev.newRep(ev.b.Len(x.e), "the length of a dynamic slice", x)
		}
		return ev.newRep(ev.b.Cap(x.e), "the capacity of a dynamic slice", x)
	}
	ev.fail("%s of %s is not supported", name, describe(x))
	return nil
}

// appendTo evaluates append(s, t...), where t is the slice of the extra
// arguments (or a string, for append([]byte, s...)).
func (fr *frame) appendTo(s, t value, c *ssa.CallCommon) value {
	ev := fr.ev
	st := c.Args[0].Type()
	et := st.Underlying().(*types.Slice).Elem()
	if str, ok := t.(string); ok {
		ev.alloc(mulSat(int64(len(str)), 16), "append of a string")
		bs := make([]value, len(str))
		for i := range bs {
			bs[i] = str[i]
		}
		t = sliceV{base: bs, len: len(bs), cap: len(bs)}
	}
	switch sv := s.(type) {
	case *rep:
		ev.at()
		switch tv := t.(type) {
		case sliceV:
			if tv.len == 0 {
				return sv
			}
			xs := make([]ir.Exp, tv.len)
			elem := ev.b.Graph().TypeOf(sv.e).Elem
			for i, x := range tv.elems() {
				xs[i] = ev.liftTo(ev.load(&tv.base[tv.off+i]), elem, "an appended value")
				_ = x
			}
			e := ev.b.Append(sv.e, xs...)
			if ev.local[sv.e.Sym()] {
				ev.local[e.Sym()] = true
			}
			ev.writes++
			return ev.newRep(e, "the result of append to a dynamic slice", sv)
		case *rep:
			e := ev.b.AppendSlice(sv.e, tv.e)
			if ev.local[sv.e.Sym()] {
				ev.local[e.Sym()] = true
			}
			ev.writes++
			return ev.newRep(e, "the result of append to a dynamic slice", sv)
		}
		ev.fail("append of a Rep string to a dynamic slice is not supported")
	case sliceV:
		switch tv := t.(type) {
		case sliceV:
			return ev.appendStatic(sv, tv, et)
		case *rep:
			it := irBasic(et)
			if it == nil {
				ev.fail("append of a dynamic slice to a static slice of %s is not supported", typeString(et))
			}
			m := ev.materialize(sv, it)
			ev.at()
			e := ev.b.AppendSlice(m, tv.e)
			ev.local[e.Sym()] = true
			ev.writes++
			return ev.newRep(e, "the result of append of a dynamic slice", tv)
		}
	}
	panic(fmt.Sprintf("BUG: append to %T", s))
}

// appendStatic appends to a static slice with Go's semantics: in place if
// the capacity allows, else into new storage whose capacity is the one Go's
// runtime would choose (for the element's size).
func (ev *evaluator) appendStatic(s, t sliceV, et types.Type) value {
	n := t.len
	if n == 0 {
		return s
	}
	vals := make([]value, n)
	for i := range n {
		vals[i] = copyVal(ev.load(&t.base[t.off+i]))
	}
	if s.len+n <= s.cap {
		for i, v := range vals {
			ev.store(&s.base[s.off+s.len+i], v)
		}
		return sliceV{base: s.base, off: s.off, len: s.len + n, cap: s.cap}
	}
	ev.alloc(mulSat(int64(s.len+n), 2*cellBytes(et)), "append")
	newcap := growCap(s.len, s.cap, n, elemSize(et), hasPointers(et))
	base := make([]value, newcap)
	for i := range s.len {
		base[i] = copyVal(ev.load(&s.base[s.off+i]))
	}
	copy(base[s.len:], vals)
	for i := s.len + n; i < newcap; i++ {
		base[i] = ev.zero(et)
	}
	ev.bornSlice(base)
	return sliceV{base: base, len: s.len + n, cap: newcap}
}

// growCap returns the capacity Go's append gives when it grows a slice,
// by asking Go's append on a slice of elements of the same size, holding
// pointers when the real elements do (the allocator then rounds to a
// size class with room for a malloc header: a []string past 512 bytes
// grows otherwise than a []int64 of the same size).
func growCap(length, capacity, n int, size int64, pointers bool) int {
	var et reflect.Type
	switch {
	case size == 0:
		et = reflect.TypeOf(struct{}{})
	case pointers:
		// A type with pointers is pointer-aligned, so its size is a
		// whole number of pointers.
		et = reflect.ArrayOf(int(size/ptrSize), reflect.TypeOf((*byte)(nil)))
	default:
		et = reflect.ArrayOf(int(size), reflect.TypeOf(byte(0)))
	}
	s := reflect.MakeSlice(reflect.SliceOf(et), length, capacity)
	s = reflect.AppendSlice(s, reflect.MakeSlice(reflect.SliceOf(et), n, n))
	return s.Cap()
}

const ptrSize = 8 // sizes is gc's amd64

var sizes = types.SizesFor("gc", "amd64")

func elemSize(t types.Type) int64 {
	return sizes.Sizeof(t)
}

func (fr *frame) copySlice(dst, src value, c *ssa.CallCommon) value {
	ev := fr.ev
	if str, ok := src.(string); ok {
		bs := make([]value, len(str))
		for i := range bs {
			bs[i] = str[i]
		}
		src = sliceV{base: bs, len: len(bs), cap: len(bs)}
	}
	d, dOK := dst.(sliceV)
	s, sOK := src.(sliceV)
	if dOK && sOK {
		n := min(d.len, s.len)
		vals := make([]value, n)
		for i := range n {
			vals[i] = copyVal(ev.load(&s.base[s.off+i]))
		}
		for i, v := range vals {
			ev.store(&d.base[d.off+i], v)
		}
		return n
	}
	et := irBasic(c.Args[0].Type().Underlying().(*types.Slice).Elem())
	if et == nil {
		ev.fail("copy between a dynamic slice and a static slice of %s is not supported", typeString(c.Args[0].Type()))
	}
	de, se := ev.liftTo(dst, ir.SliceOf(et), "the destination of copy"), ev.liftTo(src, ir.SliceOf(et), "the source of copy")
	ev.at()
	ev.writes++
	return ev.newRep(ev.b.Copy(de, se), "the count of copy", dst, src)
}

// minMax evaluates the builtin min or max.
func (fr *frame) minMax(name string, args []value, t types.Type) value {
	ev := fr.ev
	acc := args[0]
	for _, x := range args[1:] {
		if !isRep(acc) && !isRep(x) {
			acc = staticMinMax(name, acc, x)
			continue
		}
		acc = ev.newRep(ev.repMinMax(name, ev.lift(acc, t, "an argument of "+name), ev.lift(x, t, "an argument of "+name)), "the "+name, acc, x)
	}
	return acc
}

func ordered[T cmp.Ordered](name string, x, y T) T {
	if name == "min" {
		return min(x, y)
	}
	return max(x, y)
}

func staticMinMax(name string, x, y value) value {
	refuseAddr(x, name)
	refuseAddr(y, name)
	switch x := x.(type) {
	case int:
		return ordered(name, x, y.(int))
	case int8:
		return ordered(name, x, y.(int8))
	case int16:
		return ordered(name, x, y.(int16))
	case int32:
		return ordered(name, x, y.(int32))
	case int64:
		return ordered(name, x, y.(int64))
	case uint:
		return ordered(name, x, y.(uint))
	case uint8:
		return ordered(name, x, y.(uint8))
	case uint16:
		return ordered(name, x, y.(uint16))
	case uint32:
		return ordered(name, x, y.(uint32))
	case uint64:
		return ordered(name, x, y.(uint64))
	case uintptr:
		return ordered(name, x, y.(uintptr))
	case float32:
		return ordered(name, x, y.(float32))
	case float64:
		return ordered(name, x, y.(float64))
	case string:
		return ordered(name, x, y.(string))
	}
	panic(fmt.Sprintf("BUG: %s of %T", name, x))
}

// repMinMax builds min(x, y) or max(x, y) of two expressions with Go's
// semantics: for floats, NaN if either is NaN, and -0 < +0.
func (ev *evaluator) repMinMax(name string, x, y ir.Exp) ir.Exp {
	b := ev.b
	t := b.Graph().TypeOf(x)
	ev.at()
	if x == y {
		// min(x, x) and max(x, x) are x, exactly: NaN if x is NaN, the
		// zero of x's sign if x is zero.
		return x
	}
	lt := ir.OpLt
	if name == "max" {
		lt = ir.OpGt
	}
	pick := func(c ir.Exp, then, els func() ir.Exp) ir.Exp {
		return b.If(c, t, then, els)
	}
	if !t.IsFloat() {
		return pick(b.Compare(lt, x, y), func() ir.Exp { return x }, func() ir.Exp { return y })
	}
	// x < y: x; y < x: y; x is NaN: x; y is NaN: y; equal zeros (of
	// either sign): -(-x - y) for min, x + y for max; else equal: x.
	return pick(b.Compare(lt, x, y), func() ir.Exp { return x }, func() ir.Exp {
		return pick(b.Compare(lt, y, x), func() ir.Exp { return y }, func() ir.Exp {
			return pick(b.Compare(ir.OpNe, x, x), func() ir.Exp { return x }, func() ir.Exp {
				return pick(b.Compare(ir.OpNe, y, y), func() ir.Exp { return y }, func() ir.Exp {
					return pick(b.Compare(ir.OpEq, x, b.Const(t, zeroOf(t))), func() ir.Exp {
						if name == "max" {
							return b.Binary(ir.OpAdd, x, y)
						}
						return b.Unary(ir.OpNeg, b.Binary(ir.OpSub, b.Unary(ir.OpNeg, x), y))
					}, func() ir.Exp { return x })
				})
			})
		})
	})
}
