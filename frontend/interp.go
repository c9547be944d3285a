package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file executes the non-control instructions of SSA: statically when
// their operands are static, as graph nodes when one is a Rep.

// exec executes one instruction (not a phi, not a terminator).
func (fr *frame) exec(instr ssa.Instruction) {
	ev := fr.ev
	if p := instr.Pos(); p.IsValid() {
		ev.pos = p
	}
	ev.step()
	switch in := instr.(type) {
	case *ssa.DebugRef:
		fr.debugRef(in)
	case *ssa.UnOp:
		fr.set(in, fr.unop(in))
	case *ssa.BinOp:
		if v, ok := fr.shifted(in); ok {
			fr.set(in, v)
			break
		}
		fr.set(in, fr.binop(in.Op, in.X, in.Y, in.Type()))
	case *ssa.Call:
		fr.set(in, fr.call(in.Common(), in))
	case *ssa.ChangeType:
		fr.set(in, fr.get(in.X))
	case *ssa.ChangeInterface:
		fr.set(in, fr.get(in.X))
	case *ssa.Convert:
		fr.set(in, fr.convert(fr.get(in.X), in.X.Type(), in.Type()))
	case *ssa.MultiConvert:
		ev.fail("conversion between type parameters is not supported")
	case *ssa.SliceToArrayPointer:
		fr.set(in, fr.sliceToArrayPointer(in))
	case *ssa.MakeInterface:
		fr.set(in, iface{t: in.X.Type(), v: copyVal(fr.get(in.X))})
	case *ssa.MakeClosure:
		env := make([]value, len(in.Bindings))
		for i, b := range in.Bindings {
			env[i] = fr.get(b)
		}
		fr.set(in, &closure{fn: in.Fn.(*ssa.Function), env: env})
	case *ssa.MakeMap:
		fr.set(in, &mapV{idx: map[any]int{}, born: ev.now()})
	case *ssa.MakeSlice:
		fr.set(in, fr.makeSlice(in))
	case *ssa.Slice:
		fr.set(in, fr.slice(in))
	case *ssa.FieldAddr:
		fr.set(in, fr.fieldAddr(in))
	case *ssa.Field:
		x := fr.get(in.X)
		s, ok := x.(structure)
		if !ok {
			panic(fmt.Sprintf("BUG: field of %T", x))
		}
		fr.set(in, copyVal(s[in.Field]))
	case *ssa.IndexAddr:
		fr.set(in, fr.indexAddr(in))
	case *ssa.Index:
		fr.set(in, fr.index(in))
	case *ssa.Lookup:
		fr.set(in, fr.lookup(in))
	case *ssa.Alloc:
		p := ev.newCell(ev.zero(in.Type().(*types.Pointer).Elem()))
		if ev.calling {
			ev.callCells[p] = in.Comment
		}
		fr.set(in, p)
	case *ssa.Store:
		fr.storeTo(fr.get(in.Addr), fr.get(in.Val), in.Val.Type())
	case *ssa.MapUpdate:
		fr.mapUpdate(in)
	case *ssa.Range:
		fr.set(in, fr.rangeIter(in))
	case *ssa.Next:
		fr.set(in, fr.next(in))
	case *ssa.TypeAssert:
		fr.set(in, fr.typeAssert(in))
	case *ssa.Extract:
		t, ok := fr.get(in.Tuple).(tuple)
		if !ok {
			panic("BUG: extract from a non-tuple")
		}
		fr.set(in, t[in.Index])
	case *ssa.RunDefers:
	case *ssa.Go:
		ev.fail("go statements are not supported in staging code: no goroutines or channels during generation")
	case *ssa.Defer:
		ev.fail("defer is not supported in staging code")
	case *ssa.Send, *ssa.MakeChan:
		ev.fail("channels are not supported in staging code: no goroutines or channels during generation")
	case *ssa.Select:
		ev.fail("select is not supported in staging code: no goroutines or channels during generation")
	default:
		panic(fmt.Sprintf("BUG: unexpected instruction %T: %v", in, in))
	}
}

// debugRef names the Rep a source variable refers to.
func (fr *frame) debugRef(in *ssa.DebugRef) {
	if in.IsAddr {
		return
	}
	obj, ok := in.Object().(*types.Var)
	if !ok || obj.Name() == "_" {
		return
	}
	i, ok := fr.info.idx[in.X]
	if !ok {
		return
	}
	if r, ok := fr.regs[i].(*rep); ok && r.e.IsSym() && fr.ev.b.Graph().Name(r.e.Sym()) == "" {
		fr.ev.b.Name(r.e, obj.Name())
	}
}

// newRep wraps an expression computed from operands (the first Rep among
// them explains why the result is a Rep).
func (ev *evaluator) newRep(e ir.Exp, what string, from ...value) *rep {
	w := &why{pos: ev.position(ev.pos), what: what}
	for _, f := range from {
		if r, ok := f.(*rep); ok {
			w.from = r.why
			break
		}
	}
	return &rep{e: e, why: w}
}

var irOps = map[token.Token]ir.Op{
	token.ADD: ir.OpAdd, token.SUB: ir.OpSub, token.MUL: ir.OpMul, token.QUO: ir.OpDiv,
	token.REM: ir.OpRem, token.AND: ir.OpAnd, token.OR: ir.OpOr, token.XOR: ir.OpXor,
	token.AND_NOT: ir.OpAndNot, token.SHL: ir.OpShl, token.SHR: ir.OpShr,
	token.EQL: ir.OpEq, token.NEQ: ir.OpNe, token.LSS: ir.OpLt, token.LEQ: ir.OpLe,
	token.GTR: ir.OpGt, token.GEQ: ir.OpGe,
}

// binop computes x op y with result type t.
func (fr *frame) binop(op token.Token, xv, yv ssa.Value, t types.Type) value {
	x, y := fr.get(xv), fr.get(yv)
	return fr.ev.binopValues(op, x, y, xv.Type(), yv.Type(), t)
}

func (ev *evaluator) binopValues(op token.Token, x, y value, xt, yt, t types.Type) value {
	if !isRep(x) && !isRep(y) {
		if _, ok := x.(*dynElem); !ok {
			if _, ok := y.(*dynElem); !ok {
				if xs, ok := x.(string); ok && op == token.ADD {
					ev.alloc(int64(len(xs))+int64(len(y.(string))), "the string concatenation")
				}
				if !staticTrap(op, y, t) {
					return binop(op, x, y)
				}
				// Static operands of a stage type (stage.Int(j) for a
				// static j) that would trap: the generated code traps, as
				// a Rep operation is never folded when it would.
			}
		}
	}
	ev.at()
	iop := irOps[op]
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		ot := irBasic(xt)
		if ot == nil {
			if _, ok := xt.Underlying().(*types.Slice); ok {
				// s == nil or s != nil (Go allows no other comparison).
				s := x
				if sv, ok := x.(sliceV); ok && sv.base == nil {
					s = y
				}
				e := ev.b.IsNil(ev.liftTo(s, irTypeOf(xt), "a slice compared with nil"))
				if op == token.NEQ {
					e = ev.b.Unary(ir.OpNot, e)
				}
				return ev.newRep(e, "the comparison with nil", s)
			}
			ev.fail("comparison of values of type %s involving a Rep is not supported (only basic types can be compared in generated code)", typeString(xt))
		}
		return ev.newRep(ev.b.Compare(iop, ev.liftTo(x, ot, "an operand"), ev.liftTo(y, ot, "an operand")), "the comparison", x, y)
	case token.SHL, token.SHR:
		rt, st := irBasic(xt), irBasic(yt)
		return ev.newRep(ev.b.Binary(iop, ev.liftTo(x, rt, "an operand"), ev.liftTo(y, st, "a shift count")), "the shift", x, y)
	}
	rt := irBasic(t)
	if rt == nil {
		ev.fail("operator %v on values of type %s involving a Rep is not supported", op, typeString(t))
	}
	return ev.newRep(ev.b.Binary(iop, ev.liftTo(x, rt, "an operand"), ev.liftTo(y, rt, "an operand")), "the result of "+op.String(), x, y)
}

// staticTrap reports whether x op y, on static operands, with a result of
// stage type t, traps: a zero divisor or a negative shift count.
func staticTrap(op token.Token, y value, t types.Type) bool {
	if !isStageBasic(t) {
		return false
	}
	switch op {
	case token.QUO, token.REM:
		rt := irBasic(t)
		return rt != nil && rt.IsInteger() && isIntZero(y)
	case token.SHL, token.SHR:
		return isIntNegative(y)
	}
	return false
}

// isIntZero reports whether v is an integer zero.
func isIntZero(v value) bool {
	switch reflect.ValueOf(v).Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return reflect.ValueOf(v).Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return reflect.ValueOf(v).Uint() == 0
	}
	return false
}

// isIntNegative reports whether v is a negative integer.
func isIntNegative(v value) bool {
	switch reflect.ValueOf(v).Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return reflect.ValueOf(v).Int() < 0
	}
	return false
}

func (fr *frame) unop(in *ssa.UnOp) value {
	ev := fr.ev
	switch in.Op {
	case token.ARROW:
		ev.fail("channels are not supported in staging code: no goroutines or channels during generation")
	case token.MUL:
		return fr.deref(fr.get(in.X))
	}
	x := fr.get(in.X)
	r, ok := x.(*rep)
	if !ok {
		return unop(in.Op, x)
	}
	ev.at()
	switch in.Op {
	case token.NOT:
		return ev.newRep(ev.b.Unary(ir.OpNot, r.e), "the negation", r)
	case token.SUB:
		return ev.newRep(ev.b.Unary(ir.OpNeg, r.e), "the negation", r)
	case token.XOR:
		return ev.newRep(ev.b.Unary(ir.OpCom, r.e), "the complement", r)
	}
	panic("BUG: unary " + in.Op.String())
}

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
	default:
		panic(fmt.Sprintf("BUG: store through %T", p))
	}
}

// convert converts x from type from to type to.
// convertString builds a conversion between a string and a byte or rune
// slice ([]byte(s), string(b), []rune(s), string(r)), and reports whether
// the types are such.
func (fr *frame) convertString(x ir.Exp, from, to types.Type) (ir.Exp, bool) {
	ev := fr.ev
	ft, tt := irTypeOf(from), irTypeOf(to)
	if ft == nil || tt == nil {
		return ir.Exp{}, false
	}
	strSlice := func(t *ir.Type) bool { return t.Kind == ir.KSlice && (t.Elem == ir.Uint8 || t.Elem == ir.Int32) }
	if !(ft == ir.String && strSlice(tt) || strSlice(ft) && tt == ir.String) {
		return ir.Exp{}, false
	}
	ev.at()
	e := ev.b.Convert(tt, x)
	if tt.Kind == ir.KSlice {
		ev.local[e.Sym()] = true
	}
	return e, true
}

func (fr *frame) convert(x value, from, to types.Type) value {
	ev := fr.ev
	if isUnsafe(from) || isUnsafe(to) {
		ev.fail("unsafe is not supported in staging code")
	}
	tb, toBasic := to.Underlying().(*types.Basic)
	fb, fromBasic := from.Underlying().(*types.Basic)
	if r, ok := x.(*rep); ok {
		if toBasic && fromBasic {
			rt := kindTypes[tb.Kind()]
			if ev.b.Graph().TypeOf(r.e) == rt {
				return r
			}
			ev.at()
			return ev.newRep(ev.b.Convert(rt, r.e), "the conversion to "+typeString(to), r)
		}
		if e, ok := fr.convertString(r.e, from, to); ok {
			return ev.newRep(e, "the conversion to "+typeString(to), r)
		}
		ev.fail("conversion of a Rep from %s to %s is not supported in staged code", typeString(from), typeString(to))
	}
	switch {
	case toBasic && fromBasic:
		return toKind(x, tb.Kind())
	case toBasic && tb.Info()&types.IsString != 0:
		// string([]byte) or string([]rune)
		s, ok := x.(sliceV)
		if !ok {
			break
		}
		ev.alloc(mulSat(int64(s.len), 4), "the conversion to "+typeString(to))
		var buf []byte
		for _, e := range s.elems() {
			switch e := e.(type) {
			case uint8:
				buf = append(buf, e)
			case int32:
				buf = utf8.AppendRune(buf, rune(e))
			default:
				// A static slice holding a Rep: the conversion is staged.
				m := ev.materialize(s, irBasic(from.Underlying().(*types.Slice).Elem()))
				c, ok := fr.convertString(m, from, to)
				if !ok {
					ev.fail("conversion of a slice holding a Rep from %s to %s is not supported in staged code", typeString(from), typeString(to))
				}
				return ev.newRep(c, "the conversion to "+typeString(to), e)
			}
		}
		return string(buf)
	case fromBasic && fb.Info()&types.IsString != 0:
		// []byte(s) or []rune(s)
		s := x.(string)
		ev.alloc(mulSat(int64(len(s)), 32), "the conversion to "+typeString(to))
		var elems []value
		if basicKind(to.Underlying().(*types.Slice).Elem()) == types.Uint8 {
			for i := 0; i < len(s); i++ {
				elems = append(elems, s[i])
			}
		} else {
			for _, r := range s {
				elems = append(elems, int32(r))
			}
		}
		if elems == nil {
			elems = []value{}
		}
		ev.bornSlice(elems)
		return sliceV{base: elems, len: len(elems), cap: len(elems)}
	}
	if types.Identical(from.Underlying(), to.Underlying()) {
		return x
	}
	ev.fail("conversion from %s to %s is not supported in staging code", typeString(from), typeString(to))
	return nil
}

func isUnsafe(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
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
	fr.ev.fail("conversion of a slice to an array pointer is not supported in staging code")
	return nil
}

// intValue returns a static integer as an int (for lengths and indices).
func intValue(v value) int {
	return int(cvt[int64](v))
}

// intExp lifts an integer index or length (static or Rep) as an
// expression of its own integer type.
func (ev *evaluator) intExp(v value, t types.Type) ir.Exp {
	if r, ok := v.(*rep); ok {
		return r.e
	}
	it := irBasic(t)
	if it == nil || !it.IsInteger() {
		it = irTypeOfValue(v)
	}
	return ev.liftTo(v, it, "an index")
}

func (fr *frame) makeSlice(in *ssa.MakeSlice) value {
	ev := fr.ev
	st := in.Type().Underlying().(*types.Slice)
	ln, cp := fr.get(in.Len), fr.get(in.Cap)
	if isRep(ln) || isRep(cp) {
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
	if n < 0 {
		panic(runtimePanic("makeslice: len out of range"))
	}
	if c < n {
		panic(runtimePanic("makeslice: cap out of range"))
	}
	ev.alloc(mulSat(c, cellBytes(st.Elem())), fmt.Sprintf("make(%s, %d)", typeString(in.Type()), c))
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
			if lo != nil {
				l = intValue(lo)
			}
			if hi != nil {
				h = intValue(hi)
			}
			if h < 0 || h > len(s) {
				panic(runtimePanic("slice bounds out of range [:%d] with length %d", h, len(s)))
			}
			if l < 0 || l > h {
				panic(runtimePanic("slice bounds out of range [%d:%d]", l, h))
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
	var s sliceV
	switch x := x.(type) {
	case sliceV:
		s = x
	case *value:
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
		et := irBasic(in.Type().Underlying().(*types.Slice).Elem())
		if et == nil {
			ev.fail("slicing a static slice of %s with a dynamic bound: only slices of basic types can be dynamic", typeString(in.Type()))
		}
		return fr.subSlice(&rep{e: ev.materialize(s, et), why: &why{pos: ev.position(ev.pos), what: "a static slice made dynamic by a dynamic bound"}}, lo, hi, mx, in)
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
	if m < 0 || m > s.cap {
		panic(runtimePanic("slice bounds out of range [::%d] with capacity %d", m, s.cap))
	}
	if h < 0 || h > m {
		if mx != nil {
			panic(runtimePanic("slice bounds out of range [:%d:%d]", h, m))
		}
		panic(runtimePanic("slice bounds out of range [:%d] with capacity %d", h, s.cap))
	}
	if l < 0 || l > h {
		panic(runtimePanic("slice bounds out of range [%d:%d]", l, h))
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
	if base := fr.ev.cellName(p); base != "" {
		if st, ok := in.X.Type().(*types.Pointer).Elem().Underlying().(*types.Struct); ok {
			fr.ev.fieldCells[f] = fieldName(base, st.Field(in.Field).Name())
		}
	}
	return f
}

// cellName returns the source name of a variable's cell, or of a field of
// a named struct variable (z.Re: zRe); "" if it has none (go/ssa names a
// cell it makes for a composite literal, a new, a slice literal or
// variadic arguments after that, not after a variable).
func (ev *evaluator) cellName(p *value) string {
	if n := ev.callCells[p]; n != "" && !ssaCellComments[n] {
		return n
	}
	return ev.fieldCells[p]
}

// ssaCellComments are the comments go/ssa gives the cells it allocates
// for other than variables.
var ssaCellComments = map[string]bool{
	"complit": true, "makeslice": true, "new": true, "rangeindex": true, "slicelit": true, "varargs": true,
}

func boundsPanic(i, n int) *goPanic {
	return runtimePanic("index out of range [%d] with length %d", i, n)
}

func (fr *frame) indexAddr(in *ssa.IndexAddr) value {
	ev := fr.ev
	x := fr.get(in.X)
	i := fr.get(in.Index)
	switch x := x.(type) {
	case *rep:
		ev.at()
		return &dynElem{s: x.e, i: ev.intExp(i, in.Index.Type())}
	case sliceV:
		if isRep(i) {
			return fr.dynIndexStatic(x, i, in)
		}
		k := intValue(i)
		if k < 0 || k >= x.len {
			panic(boundsPanic(k, x.len))
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
			panic(boundsPanic(k, len(a)))
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
				panic(boundsPanic(k, len(xv)))
			}
			return xv[k]
		}
	case array:
		if !isRep(i) {
			k := intValue(i)
			if k < 0 || k >= len(xv) {
				panic(boundsPanic(k, len(xv)))
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

func (fr *frame) lookup(in *ssa.Lookup) value {
	ev := fr.ev
	x := fr.get(in.X)
	k := fr.get(in.Index)
	m, ok := x.(*mapV)
	if !ok {
		ev.fail("lookup in %s", describe(x))
	}
	if hasRep(k, 0) {
		ev.fail("map key must be static, but %s", ev.whyRep(k))
	}
	vt := in.X.Type().Underlying().(*types.Map).Elem()
	var v value
	found := false
	if m != nil {
		if j, ok := m.idx[mapKey(k)]; ok {
			v, found = ev.load(m.vals[j]), true
		}
	}
	if !found {
		v = ev.zero(vt)
	}
	if in.CommaOk {
		return tuple{v, found}
	}
	return v
}

func (fr *frame) mapUpdate(in *ssa.MapUpdate) {
	ev := fr.ev
	m, ok := fr.get(in.Map).(*mapV)
	if !ok {
		ev.fail("map update of a non-static map")
	}
	k := fr.get(in.Key)
	if hasRep(k, 0) {
		ev.fail("map key must be static, but %s", ev.whyRep(k))
	}
	if m == nil {
		panic(&goPanic{msg: "assignment to entry in nil map", val: "assignment to entry in nil map"})
	}
	v := fr.get(in.Value)
	key := mapKey(k)
	if j, ok := m.idx[key]; ok {
		ev.store(m.vals[j], v)
		return
	}
	ev.mapInsert(m, k, key, v)
}

func (ev *evaluator) mapInsert(m *mapV, k value, key any, v value) {
	ev.alloc(64, "a map entry")
	ev.mapChange(m, "adding a key to", func() {
		delete(m.idx, key)
		m.keys, m.vals = m.keys[:len(m.keys)-1], m.vals[:len(m.vals)-1]
		m.live--
	})
	m.idx[key] = len(m.keys)
	m.keys = append(m.keys, k)
	m.vals = append(m.vals, ev.newCell(copyVal(v)))
	m.live++
}

// mapChange checks a change of the keys of a static map. Under staged
// control it is an error (the change could not be merged), except in a
// trial iteration, whose changes are undone.
func (ev *evaluator) mapChange(m *mapV, what string, undo func()) {
	if !ev.outer(m.born) {
		return
	}
	for i := ev.outermostAfter(m.born); i < len(ev.regions); i++ {
		if ev.regions[i].kind != rTrial {
			ev.fail("%s a static map under staged control (in a branch or loop on a Rep) is not supported", what)
		}
	}
	ev.journal = append(ev.journal, jentry{undo: undo})
}

func (fr *frame) rangeIter(in *ssa.Range) value {
	ev := fr.ev
	x := fr.get(in.X)
	switch x := x.(type) {
	case *mapV:
		it := &iterV{m: x, pos: ev.newCell(0)}
		if x != nil {
			it.keys = append([]value(nil), x.keys...)
		}
		if len(it.keys) > 1 {
			// Natively, Go's order is random: the test must know.
			if pos := ev.l.fset.Position(in.Pos()); !slices.Contains(ev.mapRanges, pos) {
				ev.mapRanges = append(ev.mapRanges, pos)
			}
		}
		return it
	case string:
		return &iterV{s: x, pos: ev.newCell(0)}
	case *rep:
		if irBasic(in.X.Type()) == ir.String {
			return &iterV{rs: x, pos: ev.newCell(0)}
		}
	}
	ev.fail("range over %s is not supported", describe(x))
	return nil
}

func (fr *frame) next(in *ssa.Next) value {
	ev := fr.ev
	it := fr.get(in.Iter).(*iterV)
	// The position is a cell, so that evaluating a staged branch can
	// undo its advance.
	if it.rs != nil {
		return fr.nextRune(in, it)
	}
	pos := (*it.pos).(int)
	if in.IsString {
		if pos >= len(it.s) {
			return tuple{false, 0, int32(0)}
		}
		r, n := utf8.DecodeRuneInString(it.s[pos:])
		ev.store(it.pos, pos+n)
		return tuple{true, pos, int32(r)}
	}
	tt := in.Type().(*types.Tuple)
	for pos < len(it.keys) {
		k := it.keys[pos]
		pos++
		ev.store(it.pos, pos)
		if j, ok := it.m.idx[mapKey(k)]; ok {
			return tuple{true, k, ev.load(it.m.vals[j])}
		}
	}
	z := func(t types.Type) value {
		if b, ok := t.(*types.Basic); ok && b.Kind() == types.Invalid {
			return nil
		}
		return ev.zero(t)
	}
	return tuple{false, z(tt.At(1).Type()), z(tt.At(2).Type())}
}

// nextRune is a step of a range over a Rep string: the rune at the
// position and its width, decoded as Go's range does (an invalid byte is
// U+FFFD of width 1), as utf8.DecodeRuneInString(s[i:]). Past the end the
// width is 0, so the position does not move. The rune is decoded and the
// position advances only while the staged loop's body is built (or, for
// the rune, in a trial of the loop): the header also runs once before the
// loop is staged (its test is a Rep, so the loop is staged and the header
// evaluated again inside it), and again for the loop's test and for the
// values used after it (see loopState.testHeader), where only the test is
// used.
func (fr *frame) nextRune(in *ssa.Next, it *iterV) value {
	ev := fr.ev
	if vr, ok := (*it.pos).(*varRef); ok && ev.b.Graph().Name(vr.v.Sym()) == "" {
		// The position's variable is named after the key.
		name := "i"
		for _, r := range *in.Referrers() {
			if x, ok := r.(*ssa.Extract); ok && x.Index == 1 {
				if n := sourceName(x); n != "" {
					name = n
				}
			}
		}
		ev.b.Name(vr.v, name)
	}
	pos := ev.load(it.pos)
	ev.at()
	s := it.rs.e
	i := ev.liftTo(pos, ir.Int, "the position of a range over a string")
	n := ev.b.StrLen(s)
	ok := ev.newRep(ev.b.Compare(ir.OpLt, i, n), "the test of a range over a Rep string", it.rs)
	h := in.Block()
	ls := ev.stagedLoopOf(fr, h)
	staged := ls != nil
	trial := len(fr.trials) > 0 && fr.trials[len(fr.trials)-1].l.header == h
	if ev.quiet.fr == fr && ev.quiet.b == h || !staged && !trial {
		// Only the test is used.
		return tuple{ok, pos, &rep{e: ev.b.Const(ir.Int32, int32(0)), why: ok.why}}
	}
	dec := ev.b.Call(ir.Callee{Pkg: "unicode/utf8", Name: "DecodeRuneInString", Pure: true}, ir.TupleOf([]*ir.Type{ir.Int32, ir.Int}), ev.b.StrSlice(s, i, n))
	r := ev.newRep(ev.b.Proj(dec, 0), "a rune of a Rep string", it.rs)
	if staged {
		next := ev.newRep(ev.b.Binary(ir.OpAdd, i, ev.b.Proj(dec, 1)), "the position of a range over a Rep string", it.rs)
		if ls.form == shapeHeader {
			// Advanced once, at the end of the body (for i < len(s) {
			// ...; i += n }): the body reads the position unchanged.
			ls.advances = append(ls.advances, advance{pos: it.pos, next: next})
		} else {
			ev.store(it.pos, next)
		}
	}
	return tuple{ok, pos, r}
}

func (fr *frame) typeAssert(in *ssa.TypeAssert) value {
	ev := fr.ev
	x, ok := fr.get(in.X).(iface)
	if !ok {
		panic("BUG: type assertion on a non-interface")
	}
	var ok2 bool
	var v value
	if x.t != nil {
		if it, isIface := in.AssertedType.Underlying().(*types.Interface); isIface {
			ok2 = types.Implements(x.t, it)
			v = x
		} else {
			ok2 = types.Identical(x.t, in.AssertedType)
			v = copyVal(x.v)
		}
	}
	if !ok2 {
		v = ev.zero(in.AssertedType)
		if !in.CommaOk {
			dyn := "nil"
			if x.t != nil {
				dyn = typeString(x.t)
			}
			msg := fmt.Sprintf("interface conversion: %s is %s, not %s", typeString(in.X.Type()), dyn, typeString(in.AssertedType))
			if _, isIface := in.AssertedType.Underlying().(*types.Interface); isIface && x.t != nil {
				msg = fmt.Sprintf("interface conversion: %s is not %s: missing method", dyn, typeString(in.AssertedType))
			}
			panic(&goPanic{msg: msg, val: msg})
		}
	}
	if in.CommaOk {
		return tuple{v, ok2}
	}
	return v
}

// whyRep explains why a value is a Rep, for an error message.
func (ev *evaluator) whyRep(v value) string {
	r, ok := v.(*rep)
	if !ok {
		return "it is dynamic"
	}
	w := r.why
	if w == nil {
		return "it is a Rep"
	}
	msg := fmt.Sprintf("it is a Rep: %s at %v", w.describe(), w.pos)
	root := w
	for root.from != nil {
		root = root.from
	}
	if root != w {
		msg += fmt.Sprintf(", computed from %s at %v", root.describe(), root.pos)
	}
	return msg
}
