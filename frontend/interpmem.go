package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file executes the memory instructions: loads and stores through
// pointers, allocation of slices, slicing, field and element addresses and
// indexing, on static storage or as graph nodes when the operand is a Rep.

// deref reads through a pointer.
func (fr *frame) deref(p value) value {
	ev := fr.ev
	switch p := p.(type) {
	case *value:
		if p == nil {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		return ev.load(p)
	case *dynElem:
		ev.at()
		return ev.newRep(ev.b.Index(p.s, p.i), "an element of a dynamic slice", &rep{e: p.s})
	case *soaElem:
		return ev.soaLoad(p)
	case *aosElem:
		return ev.aosLoad(p)
	case *aosLeaf:
		return ev.aosLoadLeaf(p)
	case *opaqueField:
		return ev.loadField(p)
	}
	panic(fmt.Sprintf("BUG: deref of %T", p))
}

// storeTo writes v through the pointer p.
func (fr *frame) storeTo(p value, v value, t types.Type) {
	ev := fr.ev
	switch p := p.(type) {
	case *value:
		if p == nil {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		ev.store(p, v)
	case *dynElem:
		ev.at()
		ev.b.SetIndex(p.s, p.i, ev.liftTo(v, ev.b.Graph().TypeOf(p.s).Elem, "a value stored in a dynamic slice"))
		ev.writes++
	case *soaElem:
		ev.soaStore(p, v)
	case *aosElem:
		ev.aosStore(p, v)
	case *aosLeaf:
		ev.aosStoreLeaf(p, v)
	case *opaqueField:
		ev.storeField(p, v)
	default:
		panic(fmt.Sprintf("BUG: store through %T", p))
	}
}

func (fr *frame) sliceToArrayPointer(in *ssa.SliceToArrayPointer) value {
	x := fr.get(in.X)
	s, ok := x.(sliceV)
	if !ok {
		fr.ev.fail("conversion of a dynamic slice to an array pointer is not supported")
	}
	n := int(in.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Len())
	if n > s.len {
		panic(runtimePanic("cannot convert slice with length %d to array or pointer to array with length %d", s.len, n))
	}
	if s.base == nil {
		return (*value)(nil) // a nil slice converts to a nil pointer
	}
	// The array's elements are the slice's cells: writes through either
	// are seen by both.
	p := new(value)
	*p = array(s.base[s.off : s.off+n : s.off+n])
	return p
}

func (fr *frame) makeSlice(in *ssa.MakeSlice) value {
	ev := fr.ev
	st := in.Type().Underlying().(*types.Slice)
	ln, cp := fr.get(in.Len), fr.get(in.Cap)
	if isRep(ln) || isRep(cp) {
		if isStruct(st.Elem()) {
			return ev.makeSoA(st.Elem(), ev.intExp(ln, in.Len.Type()), ev.intExp(cp, in.Cap.Type()))
		}
		et := irBasic(st.Elem())
		if et == nil {
			ev.fail("make of a slice of %s with a dynamic length: only slices of basic types can be dynamic", typeString(st.Elem()))
		}
		ev.at()
		e := ev.b.MakeSlice(et, ev.intExp(ln, in.Len.Type()), ev.intExp(cp, in.Cap.Type()))
		ev.local[e.Sym()] = true
		ev.writes++
		return ev.newRep(e, "a slice made with a dynamic length", ln, cp)
	}
	n, c := cvt[int64](ln), cvt[int64](cp)
	checkMakeSlice(n, c, st.Elem())
	ev.allocOf(mulSat(c, cellBytes(st.Elem())), func() string { return fmt.Sprintf("make(%s, %d)", typeString(in.Type()), c) })
	if n > 1<<28 {
		panic(runtimePanic("makeslice: len out of range"))
	}
	if c > 1<<28 {
		panic(runtimePanic("makeslice: cap out of range"))
	}
	base := make([]value, c)
	for i := range base {
		base[i] = ev.zero(st.Elem())
	}
	ev.bornSlice(base)
	return sliceV{base: base, len: int(n), cap: int(c)}
}

// maxAlloc is gc's largest allocation on linux/amd64 (runtime.maxAlloc).
const maxAlloc = 1 << 48

// checkMakeSlice panics as gc's runtime.makeslice does for make([]elem,
// n, c): a length or capacity that is negative, below the length, or
// whose bytes overflow or exceed maxAlloc. (It runs before the memory
// budget: a program that recovers from gc's panic expects the panic.)
func checkMakeSlice(n, c int64, elem types.Type) {
	es := uint64(elemSize(elem))
	tooBig := func(k int64) bool { return es != 0 && uint64(k) > maxAlloc/es }
	if n < 0 || tooBig(n) {
		panic(runtimePanic("makeslice: len out of range"))
	}
	if c < n || tooBig(c) {
		panic(runtimePanic("makeslice: cap out of range"))
	}
}

// storageOf returns the storage and window of a static sliceable value:
// a slice, or a pointer to an array.
func (fr *frame) slice(in *ssa.Slice) value {
	ev := fr.ev
	x := fr.get(in.X)
	var lo, hi, mx value
	if in.Low != nil {
		lo = fr.get(in.Low)
	}
	if in.High != nil {
		hi = fr.get(in.High)
	}
	if in.Max != nil {
		mx = fr.get(in.Max)
	}
	anyRep := isRep(lo) || isRep(hi) || isRep(mx)
	// Strings.
	if b, ok := in.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		if !isRep(x) && !anyRep {
			s := x.(string)
			l, h := 0, len(s)
			if hi != nil {
				h = intValue(hi)
				if h < 0 || h > len(s) {
					panic(boundsError(boundsSliceAlen, hi, len(s)))
				}
			}
			if lo != nil {
				l = intValue(lo)
				if l < 0 || l > h {
					panic(boundsError(boundsSliceB, lo, h))
				}
			}
			return s[l:h]
		}
		ev.at()
		se := ev.liftTo(x, ir.String, "a string")
		le := ev.b.Const(ir.Int, 0)
		if lo != nil {
			le = ev.intExp(lo, in.Low.Type())
		}
		var he ir.Exp
		if hi != nil {
			he = ev.intExp(hi, in.High.Type())
		} else {
			he = ev.b.StrLen(se)
		}
		return ev.newRep(ev.b.StrSlice(se, le, he), "a substring", x, lo, hi)
	}
	// Dynamic slices.
	if r, ok := x.(*rep); ok {
		return fr.subSlice(r, lo, hi, mx, in)
	}
	if isSoA(x, in.X.Type()) {
		return fr.soaSlice(x.(structure), lo, hi, mx, in)
	}
	var s sliceV
	isArray := false // gc's messages say length, not capacity
	switch x := x.(type) {
	case sliceV:
		s = x
	case *value:
		isArray = true
		if x == nil {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		a, ok := (*x).(array)
		if !ok {
			panic(fmt.Sprintf("BUG: slice of pointer to %T", *x))
		}
		s = sliceV{base: a, len: len(a), cap: len(a)}
	default:
		panic(fmt.Sprintf("BUG: slice of %T", x))
	}
	if anyRep {
		elt := in.Type().Underlying().(*types.Slice).Elem()
		if isStruct(elt) {
			leaves := ev.soaLeafTypes(elt, fmt.Sprintf("slicing a static slice of %s with a dynamic bound", typeString(elt)))
			return fr.soaSlice(ev.soaMaterialize(s, leaves), lo, hi, mx, in)
		}
		et := irBasic(elt)
		if et == nil {
			ev.fail("slicing a static slice of %s with a dynamic bound: only slices of basic types can be dynamic", typeString(in.Type()))
		}
		return fr.subSlice(&rep{e: ev.materialize(s, et), why: &why{pos: ev.whyPos(ev.pos), what: "a static slice made dynamic by a dynamic bound"}}, lo, hi, mx, in)
	}
	l, h, m := 0, s.len, s.cap
	if lo != nil {
		l = intValue(lo)
	}
	if hi != nil {
		h = intValue(hi)
	}
	if mx != nil {
		m = intValue(mx)
	}
	if a, ok := in.X.(*ssa.Alloc); ok && a.Comment == "makeslice" && lo == nil && mx == nil {
		// go/ssa makes make([]T, n, c) with a constant c new([c]T)[:n].
		checkMakeSlice(int64(h), int64(s.cap), in.Type().Underlying().(*types.Slice).Elem())
	}
	// gc's checks, in its order (the last bound first).
	alen, acap := boundsSliceAcap, boundsSlice3Acap
	if isArray {
		alen, acap = boundsSliceAlen, boundsSlice3Alen
	}
	if mx != nil {
		if m < 0 || m > s.cap {
			panic(boundsError(acap, mx, s.cap))
		}
		if h < 0 || h > m {
			panic(boundsError(boundsSlice3B, hi, m))
		}
		if l < 0 || l > h {
			panic(boundsError(boundsSlice3C, lo, h))
		}
	} else {
		if h < 0 || h > m {
			panic(boundsError(alen, hi, s.cap))
		}
		if l < 0 || l > h {
			panic(boundsError(boundsSliceB, lo, h))
		}
	}
	if s.base == nil {
		return sliceV{}
	}
	return sliceV{base: s.base, off: s.off + l, len: h - l, cap: m - l}
}

func (fr *frame) subSlice(r *rep, lo, hi, mx value, in *ssa.Slice) value {
	ev := fr.ev
	ev.at()
	le := ev.b.Const(ir.Int, 0)
	if lo != nil {
		le = ev.intExp(lo, in.Low.Type())
	}
	var he ir.Exp
	if hi != nil {
		he = ev.intExp(hi, in.High.Type())
	} else {
		he = ev.b.Len(r.e)
	}
	var e ir.Exp
	if mx != nil {
		e = ev.b.SubSlice(r.e, le, he, ev.intExp(mx, in.Max.Type()))
	} else {
		e = ev.b.SubSlice(r.e, le, he)
	}
	if ev.local[r.e.Sym()] {
		ev.local[e.Sym()] = true
	}
	return ev.newRep(e, "a sub-slice", r, lo, hi, mx)
}

func (fr *frame) fieldAddr(in *ssa.FieldAddr) value {
	x := fr.get(in.X)
	if se, ok := x.(*soaElem); ok {
		return soaField(se, in.Field)
	}
	if ae, ok := x.(*aosElem); ok {
		return aosField(ae, in.Field)
	}
	if r, ok := fr.ev.opaqueRep(x); ok {
		return fr.opaqueFieldAddr(r, in)
	}
	p, ok := x.(*value)
	if !ok {
		fr.ev.fail("field address through %s is not supported", describe(x))
	}
	if p == nil {
		panic(runtimePanic("invalid memory address or nil pointer dereference"))
	}
	s, ok := (*p).(structure)
	if !ok {
		panic(fmt.Sprintf("BUG: field address of %T", *p))
	}
	f := &s[in.Field]
	if a, ok := in.X.(*ssa.Alloc); ok && unnamedAlloc(a) {
		// A cell of go/ssa's own (a composite literal): callCells does not
		// name it, and fieldCells names fields and elements, not cells.
		return f
	}
	if base := fr.ev.cellNameID(p); base != 0 {
		if st, ok := in.X.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); ok {
			// The same field of the same variable is addressed again and
			// again (every z.Re = ... in a loop): assigned once.
			id := fr.fieldNameAt(in, base, st)
			if fr.ev.fieldCells[f] != id {
				fr.ev.fieldCells[f] = id
			}
		}
	}
	return f
}

// fieldNameAt returns fieldNameID(base, the name of field in.Field of
// st), which the instruction's registers keep for the last base when in
// is the instruction being executed (frame.execRegs): a loop body
// addresses the same field of the same variable at every iteration, and
// the name's key hashes a string.
func (fr *frame) fieldNameAt(in *ssa.FieldAddr, base nameID, st *types.Struct) nameID {
	r := fr.atRegs
	if r == nil || r.val != ssa.Value(in) {
		return fr.ev.fieldNameID(base, st.Field(in.Field).Name())
	}
	if r.nameBase != base {
		r.nameBase, r.name = base, fr.ev.fieldNameID(base, st.Field(in.Field).Name())
	}
	return r.name
}

// callCell records p, allocated by an Alloc commented comment since the
// staging function was called (see evaluator.calling).
func (ev *evaluator) callCell(p *value, comment string) {
	if comment != "" && !ssaCellComment(comment) {
		ev.callCells[p] = ev.nameID(comment)
	}
	if n := len(ev.callAllocs); n == 0 || len(ev.callAllocs[n-1]) == callChunk {
		ev.callAllocs = append(ev.callAllocs, make([]*value, 0, callChunk))
	}
	last := &ev.callAllocs[len(ev.callAllocs)-1]
	*last = append(*last, p)
}

// callChunk is the length of the chunks of evaluator.callAllocs, filled
// one after the other, never copied.
const callChunk = 1024

// isCallCell reports whether p was allocated by an Alloc since the
// staging function was called.
func (ev *evaluator) isCallCell(p *value) bool {
	if ev.callAllocSet == nil {
		ev.callAllocSet = map[*value]bool{}
	}
	for i := ev.callAllocsIn / callChunk; i < len(ev.callAllocs); i++ {
		for _, c := range ev.callAllocs[i][ev.callAllocsIn-i*callChunk:] {
			ev.callAllocSet[c] = true
			ev.callAllocsIn++
		}
	}
	return ev.callAllocSet[p]
}

// ssaCellComment reports whether c is a comment go/ssa gives the cells
// it allocates for other than variables.
func ssaCellComment(c string) bool {
	switch c {
	case "complit", "makeslice", "new", "rangeindex", "slicelit", "varargs":
		return true
	}
	return false
}

// boundsKind is a kind of bounds check of gc's runtime (runtime/error.go).
type boundsKind int

const (
	boundsIndex boundsKind = iota
	boundsSliceAlen
	boundsSliceAcap
	boundsSliceB
	boundsSlice3Alen
	boundsSlice3Acap
	boundsSlice3B
	boundsSlice3C
)

// boundsFormats are gc's messages of a failed check of x against y, and
// boundsNegFormats those for a negative x (of a signed type).
var (
	boundsFormats = [...]string{
		boundsIndex:      "index out of range [%x] with length %y",
		boundsSliceAlen:  "slice bounds out of range [:%x] with length %y",
		boundsSliceAcap:  "slice bounds out of range [:%x] with capacity %y",
		boundsSliceB:     "slice bounds out of range [%x:%y]",
		boundsSlice3Alen: "slice bounds out of range [::%x] with length %y",
		boundsSlice3Acap: "slice bounds out of range [::%x] with capacity %y",
		boundsSlice3B:    "slice bounds out of range [:%x:%y]",
		boundsSlice3C:    "slice bounds out of range [%x:%y:]",
	}
	boundsNegFormats = [...]string{
		boundsIndex:      "index out of range [%x]",
		boundsSliceAlen:  "slice bounds out of range [:%x]",
		boundsSliceAcap:  "slice bounds out of range [:%x]",
		boundsSliceB:     "slice bounds out of range [%x:]",
		boundsSlice3Alen: "slice bounds out of range [::%x]",
		boundsSlice3Acap: "slice bounds out of range [::%x]",
		boundsSlice3B:    "slice bounds out of range [:%x:]",
		boundsSlice3C:    "slice bounds out of range [%x::]",
	}
)

// boundsError is gc's run-time panic for a failed check of kind of the
// static index or bound x, an integer of its own type (written unsigned
// for an unsigned type, as gc does), against y.
func boundsError(kind boundsKind, x value, y int) *goPanic {
	xs := fmt.Sprint(x)
	format := boundsFormats[kind]
	if strings.HasPrefix(xs, "-") {
		format = boundsNegFormats[kind]
	}
	format = strings.Replace(format, "%x", xs, 1)
	return runtimePanic("%s", strings.Replace(format, "%y", strconv.Itoa(y), 1))
}

func boundsPanic(i value, n int) *goPanic {
	return boundsError(boundsIndex, i, n)
}

func (fr *frame) indexAddr(in *ssa.IndexAddr) value {
	ev := fr.ev
	x := fr.get(in.X)
	i := fr.get(in.Index)
	switch x := x.(type) {
	case *rep:
		ev.at()
		if t := ev.b.Graph().TypeOf(x.e); isAoS(t) {
			return &aosElem{s: x.e, i: ev.intExp(i, in.Index.Type()), t: t.Elem}
		}
		return &dynElem{s: x.e, i: ev.intExp(i, in.Index.Type())}
	case structure:
		if !isSoA(x, in.X.Type()) {
			break
		}
		ev.at()
		return &soaElem{s: x, t: deref(in.Type()), i: ev.intExp(i, in.Index.Type())}
	case sliceV:
		if isRep(i) {
			return fr.dynIndexStatic(x, i, in)
		}
		k := intValue(i)
		if k < 0 || k >= x.len {
			panic(boundsPanic(i, x.len))
		}
		return &x.base[x.off+k]
	case *value:
		if x == nil {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		a, ok := (*x).(array)
		if !ok {
			panic(fmt.Sprintf("BUG: index address of pointer to %T", *x))
		}
		s := sliceV{base: a, len: len(a), cap: len(a)}
		if isRep(i) {
			return fr.dynIndexStatic(s, i, in)
		}
		k := intValue(i)
		if k < 0 || k >= len(a) {
			panic(boundsPanic(i, len(a)))
		}
		return &a[k]
	}
	panic(fmt.Sprintf("BUG: index address of %T", x))
}

// dynIndexStatic is &s[i] for a static slice s and a Rep i. If the
// address is only read through, a snapshot of s as a table suffices;
// otherwise s is materialized as a dynamic slice for good.
func (fr *frame) dynIndexStatic(s sliceV, i value, in *ssa.IndexAddr) value {
	ev := fr.ev
	et := irBasic(deref(in.Type()))
	if t := deref(in.Type()); et == nil && isStruct(t) {
		if leaves, msg := soaLayout(t); msg == "" {
			ie := ev.intExp(i, in.Index.Type())
			written := !onlyRead(in)
			if written {
				ev.refusePackageWrite(s)
			}
			if m, ok := ev.soaMaterialized(s); ok {
				return &soaElem{s: m, t: t, i: ie}
			}
			if written {
				// Written: the storage becomes a split slice for good.
				return &soaElem{s: ev.soaMaterialize(s, leaves), t: t, i: ie}
			}
			return &soaElem{s: ev.soaTable(s, t), t: t, i: ie}
		}
	}
	if et == nil {
		ev.fail("index of a static slice of %s by a Rep: the element must be static here, but the index %s", typeString(deref(in.Type())), ev.whyRep(i))
	}
	readOnly := true
	for _, r := range *in.Referrers() {
		if u, ok := r.(*ssa.UnOp); !ok || u.Op != token.MUL {
			if _, isDbg := r.(*ssa.DebugRef); !isDbg {
				readOnly = false
			}
		}
	}
	ie := ev.intExp(i, in.Index.Type())
	var se ir.Exp
	if readOnly {
		se = ev.table(s, et)
	} else {
		ev.refusePackageWrite(s)
		se = ev.materialize(s, et)
		if s.off != 0 || s.len != len(s.base) {
			ev.at()
			se = ev.b.SubSlice(se, ev.b.Const(ir.Int, s.off), ev.b.Const(ir.Int, s.off+s.len), ev.b.Const(ir.Int, s.off+s.cap))
		}
	}
	ev.at()
	return &dynElem{s: se, i: ie}
}

func deref(t types.Type) types.Type {
	return t.Underlying().(*types.Pointer).Elem()
}

func (fr *frame) index(in *ssa.Index) value {
	ev := fr.ev
	x := fr.get(in.X)
	i := fr.get(in.Index)
	switch xv := x.(type) {
	case string:
		if !isRep(i) {
			k := intValue(i)
			if k < 0 || k >= len(xv) {
				panic(boundsPanic(i, len(xv)))
			}
			return xv[k]
		}
	case array:
		if !isRep(i) {
			k := intValue(i)
			if k < 0 || k >= len(xv) {
				panic(boundsPanic(i, len(xv)))
			}
			return copyVal(xv[k])
		}
		et := irBasic(in.Type())
		if et == nil {
			ev.fail("index of an array of %s by a Rep: the element must be static here, but the index %s", typeString(in.Type()), ev.whyRep(i))
		}
		t := ev.table(sliceV{base: xv, len: len(xv), cap: len(xv)}, et)
		ev.at()
		return ev.newRep(ev.b.Index(t, ev.intExp(i, in.Index.Type())), "an element of a static array indexed by a Rep", i)
	}
	if b, ok := in.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		ev.at()
		return ev.newRep(ev.b.StrIndex(ev.liftTo(x, ir.String, "a string"), ev.intExp(i, in.Index.Type())), "a byte of a string", x, i)
	}
	panic(fmt.Sprintf("BUG: index of %T", x))
}
