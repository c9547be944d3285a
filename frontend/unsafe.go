package frontend

import (
	"fmt"
	"go/types"
	"math"
	"math/bits"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates package unsafe on static values, on the
// evaluator's memory model: storage is cells of values, not bytes, so an
// unsafe.Pointer is a cell (with its type, and the storage it is an
// element of when it was taken as &s[i]). What the model can say soundly
// is evaluated: conversions from a pointer and back to a pointer of the
// same type, nil, comparison, unsafe.Add by whole elements inside the
// storage an element pointer points into, and unsafe.Slice, String,
// StringData and SliceData. What depends on the layout of memory in
// bytes (reinterpreting a cell as another type, the numeric address of
// a variable, a pointer made from an address) is refused with the
// reason: the address of a variable differs from run to run, and the
// evaluator has no bytes to reinterpret.

// unsafePtr is an unsafe.Pointer; nilUnsafe, a nil *unsafePtr, is the
// nil one (a register holding the Go nil would be one not yet set).
type unsafePtr struct {
	p    *value
	elem types.Type // the type of *p
	base []value    // the storage of which p is an element, or nil
	idx  int        // p == &base[idx] when base is not nil
	// whole: base is storage made by make, whose address the program
	// may hold as a uintptr (addr.go).
	whole bool
}

// nilUnsafe is the nil unsafe.Pointer.
var nilUnsafe = (*unsafePtr)(nil)

// Why addresses and reinterpretation are refused.
const (
	whyAddress = "the address of a variable is a number only at run time and differs from run to run; static evaluation has cells, not addresses"
	whyLayout  = "static evaluation keeps values, not their bytes, so memory cannot be reinterpreted as another type"
)

// toUnsafe converts the pointer x (the value of the SSA value xs, of
// type from) to an unsafe.Pointer.
func (fr *frame) toUnsafe(x value, xs ssa.Value, from types.Type) value {
	ev := fr.ev
	switch p := x.(type) {
	case *value:
		if p == nil {
			return nilUnsafe
		}
		u := &unsafePtr{p: p, elem: deref(from)}
		if ia, ok := xs.(*ssa.IndexAddr); ok {
			switch s := fr.get(ia.X).(type) {
			case sliceV:
				for i := s.off; i < s.off+s.len; i++ {
					if &s.base[i] == p {
						u.base, u.idx = s.base[:s.off+s.cap], i
					}
				}
			case *value:
				if a, ok := (*s).(array); ok {
					for i := range a {
						if &a[i] == p {
							u.base, u.idx = a, i
						}
					}
				}
			}
		}
		u.whole = wholeStorage(u, xs)
		return u
	case *unsafePtr:
		return p
	case addrV:
		return addrPointer(p)
	case nil:
		return nilUnsafe
	case uintptr:
		if p == 0 {
			return nilUnsafe
		}
		ev.fail("conversion of the address %#x to unsafe.Pointer: %s", p, whyAddress)
	}
	ev.fail("conversion of %s to unsafe.Pointer: the pointer must be to static storage", typeString(from))
	return nil
}

// fromUnsafe converts the unsafe.Pointer x to type to: a pointer of the
// type it was made from, or a uintptr if it is nil.
func (fr *frame) fromUnsafe(x value, to types.Type) value {
	ev := fr.ev
	u, _ := x.(*unsafePtr)
	switch t := to.Underlying().(type) {
	case *types.Pointer:
		if u == nil {
			return (*value)(nil)
		}
		if !types.Identical(t.Elem(), u.elem) {
			ev.fail("conversion of an unsafe.Pointer to a %s to %s: %s", typeString(u.elem), typeString(to), whyLayout)
		}
		return u.p
	case *types.Basic:
		if t.Kind() == types.Uintptr && u == nil {
			return uintptr(0)
		}
		if t.Kind() == types.Uintptr && u.whole {
			return ev.addrOf(u)
		}
		if t.Kind() == types.Uintptr {
			ev.fail("conversion of an unsafe.Pointer to uintptr: %s", whyAddress)
		}
	}
	ev.fail("conversion of unsafe.Pointer to %s is not supported in staging code", typeString(to))
	return nil
}

// unsafeBuiltin evaluates unsafe.Add, Slice, String, StringData and
// SliceData, and reports whether name is one of them.
func (fr *frame) unsafeBuiltin(name string, args []value, c *ssa.CallCommon) (value, bool) {
	ev := fr.ev
	for _, a := range args {
		if isRep(a) {
			ev.fail("unsafe.%s of a Rep: %s", name, ev.whyRep(a))
		}
	}
	switch name {
	case "Add":
		u, _ := args[0].(*unsafePtr)
		n := cvt[int64](args[1])
		if n == 0 {
			return args[0], true
		}
		if u == nil {
			ev.fail("unsafe.Add of a nil pointer: %s", whyAddress)
		}
		size := sizes.Sizeof(u.elem)
		if u.base == nil || size == 0 || n%size != 0 {
			ev.fail("unsafe.Add of %d bytes to a pointer to %s: only whole elements inside the array or slice the pointer was taken from (&s[i]) can be added; %s", n, typeString(u.elem), whyLayout)
		}
		i := int64(u.idx) + n/size
		if i < 0 || i >= int64(len(u.base)) {
			ev.fail("unsafe.Add moves a pointer to element %d of storage of %d elements: outside the storage, %s", i, len(u.base), whyAddress)
		}
		return &unsafePtr{p: &u.base[i], elem: u.elem, base: u.base, idx: int(i), whole: u.whole}, true
	case "Slice", "String":
		p, _ := args[0].(*value)
		n, neg, over := lengthArg(args[1], c.Args[1].Type().Underlying().(*types.Basic), sizes.Sizeof(deref(c.Args[0].Type())))
		what := "unsafe." + name
		switch {
		case neg:
			panic(runtimePanic("%s: len out of range", what))
		case p == nil && n == 0 && !over:
			if name == "String" {
				return "", true
			}
			return sliceV{}, true
		case p == nil:
			panic(runtimePanic("%s: ptr is nil and len is not zero", what))
		case over:
			panic(runtimePanic("%s: len out of range", what))
		}
		s := fr.storageOf(p, c.Args[0])
		if s == nil || int64(len(s.base)-s.off) < n {
			ev.fail("%s of %d elements from a pointer that is not to an element of an array or slice with as many elements from it (written &s[i] in the call): %s", what, n, whyLayout)
		}
		sl := sliceV{base: s.base, off: s.off, len: int(n), cap: int(n)}
		if name == "Slice" {
			return sl, true
		}
		if str, ok := ev.sharedString(*s, int(n)); ok {
			return str, true
		}
		buf := make([]byte, n)
		for i, e := range sl.elems() {
			b, ok := e.(uint8)
			if !ok {
				ev.fail("unsafe.String of memory holding a Rep: the bytes must be static")
			}
			buf[i] = b
		}
		return string(buf), true
	case "StringData":
		s := args[0].(string)
		if s == "" {
			return (*value)(nil), true // gc: unspecified; nil for the empty string
		}
		return fr.stringData(s, c.Args[0]), true
	case "SliceData":
		s := args[0].(sliceV)
		if s.base == nil {
			return (*value)(nil), true
		}
		if s.cap == 0 {
			ev.fail("unsafe.SliceData of a non-nil slice of capacity 0: %s", whyAddress)
		}
		ev.dataOf(s.base[:s.off+s.cap], s.off)
		return &s.base[s.off], true
	}
	return nil, false
}

// lengthArg reads the length argument of unsafe.Slice or String, of
// integer type t, for elements of size bytes: its value, whether it is
// negative, and whether the memory it spans overflows the address space.
func lengthArg(v value, t *types.Basic, size int64) (n int64, neg, over bool) {
	var u uint64
	if t.Info()&types.IsUnsigned != 0 {
		u = cvt[uint64](v)
	} else {
		n = cvt[int64](v)
		if n < 0 {
			return n, true, false
		}
		u = uint64(n)
	}
	hi, _ := bits.Mul64(u, uint64(size))
	return int64(u), false, hi != 0 || u > math.MaxInt64
}

// dataOf records that &base[i] is the data pointer of a string or slice
// (unsafe.StringData, SliceData), for a later unsafe.Slice or String.
func (ev *evaluator) dataOf(base []value, i int) {
	if ev.unsafeData == nil {
		ev.unsafeData = map[*value]sliceV{}
	}
	ev.unsafeData[&base[i]] = sliceV{base: base, off: i}
}

// storageOf returns the storage window that starts at the element p,
// when the pointer was written &s[i] (arg is the SSA value of the
// pointer) or came from unsafe.StringData or SliceData, or nil.
func (fr *frame) storageOf(p *value, arg ssa.Value) *sliceV {
	if s, ok := fr.ev.unsafeData[p]; ok {
		return &s
	}
	switch a := arg.(type) {
	case *ssa.IndexAddr:
		var base []value
		switch s := fr.get(a.X).(type) {
		case sliceV:
			base = s.base[:s.off+s.cap]
		case *value:
			base, _ = (*s).(array)
		}
		for i := range base {
			if &base[i] == p {
				return &sliceV{base: base, off: i}
			}
		}
	case *ssa.Convert:
		if u, ok := fr.get(a.X).(*unsafePtr); ok && u.base != nil && u.p == p {
			return &sliceV{base: u.base, off: u.idx}
		}
	}
	return nil
}

// printUnsafe is how print and println write an unsafe.Pointer.
func (ev *evaluator) printUnsafe(x value) string {
	if u, ok := x.(*unsafePtr); x != nil && !(ok && u == nil) {
		ev.fail("printing a non-nil unsafe.Pointer: %s", whyAddress)
	}
	return "0x0"
}

func (u *unsafePtr) String() string {
	if u == nil {
		return "unsafe.Pointer(nil)"
	}
	return fmt.Sprintf("unsafe.Pointer(%p)", u.p)
}

// printAddress returns what the builtin print or println (name) writes
// for a static value v of type t that gc prints as addresses: a pointer,
// channel, map, function, slice or interface. Only nil ones are
// answered (0x0; a slice [0/0]0x0, an interface (0x0,0x0)); ok is false
// for a value of another type.
func (ev *evaluator) printAddress(v value, t types.Type, name string) (text string, ok bool) {
	if isRep(v) {
		return "", false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Chan, *types.Map, *types.Signature:
		text = "0x0"
	case *types.Slice:
		text = "[0/0]0x0"
		if s, isSlice := v.(sliceV); isSlice && s.base != nil {
			v = s // not nil
		} else {
			v = nil
		}
	case *types.Interface:
		text = "(0x0,0x0)"
		if x, isIface := v.(iface); isIface && x.t == nil {
			v = nil
		}
	default:
		return "", false
	}
	nilValue := false
	switch x := v.(type) {
	case nil:
		nilValue = true
	case *value:
		nilValue = x == nil
	case *chanV:
		nilValue = x == nil
	case *mapV:
		nilValue = x == nil
	case *closure:
		nilValue = x == nil
	}
	if !nilValue {
		ev.fail("%s of a non-nil %s: gc prints its address, %s", name, typeString(t), whyAddress)
	}
	return text, true
}
