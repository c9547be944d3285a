package frontend

import (
	"go/token"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// This file gives the bytes of a string made by a concatenation an
// allocation of their own, so that runtime.SetFinalizer on
// unsafe.StringData of it (issue57823) has gc's meaning.
//
// The evaluator holds a string as a Go string of its own process, and
// evaluates the program's string operations with Go's: a concatenation
// of two non-empty strings allocates new bytes there as in gc
// (runtime.concatstrings), and slicing, assignment, conversion to
// another string type, an interface or a map key share them, there as
// in gc. So whether two of the program's strings share their bytes is
// whether the evaluator's do, which it can ask of its own strings'
// data pointers (compared, never read as numbers: nothing emitted
// depends on an address). unsafe.StringData of such a string returns a
// pointer into one []value storage per allocation (its bytes), the same
// for every call, and the collector's traces (gc.go) reach that storage
// from every string that shares the bytes, as gc's from every string
// header pointing into them.
//
// Only concatenations are allocations of their own: a constant is in
// gc's read-only data, and the bytes of other strings (strconv's, a
// strings.Builder's, string(b)'s) are allocated by code whose sharing
// the evaluator does not follow; their StringData stays a copy, on
// which SetFinalizer is refused. While a finalizer is set on a string's
// bytes, a trace that meets an opaque native value (which may hold a
// string) cannot tell what it reaches (gcTrace.unknown).

// strAlloc is the allocation of the bytes of the string s, a
// concatenation, as the storage elems that unsafe.StringData's pointers
// point into. s is kept, so that its memory is not reused by another
// string while the evaluation runs.
type strAlloc struct {
	s     string
	elems []value
}

// concatenation reports whether the SSA value v is a concatenation of
// two non-empty strings, evaluated in fr.
func (fr *frame) concatenation(v ssa.Value) bool {
	b, ok := v.(*ssa.BinOp)
	if !ok || b.Op != token.ADD {
		return false
	}
	x, ok1 := fr.get(b.X).(string)
	y, ok2 := fr.get(b.Y).(string)
	return ok1 && ok2 && x != "" && y != ""
}

// strAllocOf returns the allocation whose bytes s's are, and the offset
// of s's first byte in it, if s is non-empty and shares the bytes of a
// concatenation unsafe.StringData was called on.
func (ev *evaluator) strAllocOf(s string) (*strAlloc, int) {
	if s == "" {
		return nil, 0
	}
	d := unsafe.StringData(s)
	for _, a := range ev.strAllocs {
		base := unsafe.StringData(a.s)
		off := uintptr(unsafe.Pointer(d)) - uintptr(unsafe.Pointer(base))
		if uintptr(unsafe.Pointer(d)) >= uintptr(unsafe.Pointer(base)) && off < uintptr(len(a.s)) {
			return a, int(off)
		}
	}
	return nil, 0
}

// stringData evaluates unsafe.StringData(s), arg being the SSA value of
// s: a pointer into the allocation of s's bytes if it is (or shares
// those of) a concatenation, else into a copy of them.
func (fr *frame) stringData(s string, arg ssa.Value) *value {
	ev := fr.ev
	a, off := ev.strAllocOf(s)
	if a == nil {
		elems := make([]value, len(s))
		for i := range elems {
			elems[i] = s[i]
		}
		ev.bornSlice(elems)
		ev.dataOf(elems, 0)
		if !fr.concatenation(arg) {
			if ev.stringData == nil {
				ev.stringData = map[*value]bool{}
			}
			ev.stringData[&elems[0]] = true
			return &elems[0]
		}
		a = &strAlloc{s: s, elems: elems}
		ev.strAllocs = append(ev.strAllocs, a)
	}
	ev.dataOf(a.elems, off)
	return &a.elems[off]
}

// sharedString returns the string of the n bytes at storage window w
// (unsafe.String), as a string sharing the allocation's bytes when w
// is in a concatenation's, and reports whether it is.
func (ev *evaluator) sharedString(w sliceV, n int) (string, bool) {
	if len(w.base) == 0 {
		return "", false
	}
	for _, a := range ev.strAllocs {
		if &a.elems[0] != &w.base[0] {
			continue
		}
		for i := range n {
			if b, ok := a.elems[w.off+i].(uint8); !ok || b != a.s[w.off+i] {
				ev.fail("unsafe.String of the bytes of a string written through unsafe.StringData: a string's bytes must not be modified (package unsafe)")
			}
		}
		return a.s[w.off : w.off+n], true
	}
	return "", false
}

// strFinalizers reports whether a finalizer is set on the bytes of a
// string.
func (ev *evaluator) strFinalizers() bool {
	if len(ev.strAllocs) == 0 || ev.fins == nil {
		return false
	}
	for _, f := range ev.fins.set {
		if _, ok := ev.strAllocAt(f.p); ok {
			return true
		}
	}
	return false
}

// strAllocAt returns the allocation of a string's bytes p points into.
func (ev *evaluator) strAllocAt(p *value) (*strAlloc, bool) {
	for _, a := range ev.strAllocs {
		for i := range a.elems {
			if &a.elems[i] == p {
				return a, true
			}
		}
	}
	return nil, false
}

// str traces the string s: the allocation of its bytes, if it is a
// concatenation's that unsafe.StringData exposed.
func (t *gcTrace) str(s string) {
	if len(t.ev.strAllocs) == 0 {
		return
	}
	if a, _ := t.ev.strAllocOf(s); a != nil {
		t.value(sliceV{base: a.elems, len: len(a.elems), cap: len(a.elems)})
	}
}
