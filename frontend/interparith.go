package frontend

import (
	"go/token"
	"go/types"
	"reflect"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file executes arithmetic and conversions: binary and unary
// operators and type conversions, on static values (see ops.go) or as graph
// nodes when an operand is a Rep.

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
	if r, ok := fr.zeroSizeElems(op, xv, yv); ok {
		return r
	}
	return fr.ev.binopValues(op, x, y, xv.Type(), yv.Type(), t)
}

func (ev *evaluator) binopValues(op token.Token, x, y value, xt, yt, t types.Type) value {
	if _, ok := x.(addrV); ok {
		return ev.addrBinop(op, x, y, t)
	}
	if _, ok := y.(addrV); ok {
		return ev.addrBinop(op, x, y, t)
	}
	if v, ok := ev.opaqueCompare(op, x, y); ok {
		return v
	}
	if isSoA(x, xt) || isSoA(y, yt) {
		return ev.soaIsNil(op, x, y, xt)
	}
	if e, ok := ev.aosExp(x); ok {
		return ev.aosIsNil(op, e, x)
	}
	if e, ok := ev.aosExp(y); ok {
		return ev.aosIsNil(op, e, y)
	}
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
	return ev.newRep(ev.b.Binary(iop, ev.liftTo(x, rt, "an operand"), ev.liftTo(y, rt, "an operand")), resultOf(op), x, y)
}

// resultOfOps holds "the result of OP" for the tokens of binary
// operators, made once rather than at every operation.
var resultOfOps = func() (r [token.TILDE + 1]string) {
	for op := range r {
		r[op] = "the result of " + token.Token(op).String()
	}
	return r
}()

// resultOf describes the result of binary operator op.
func resultOf(op token.Token) string {
	if int(op) < len(resultOfOps) {
		return resultOfOps[op]
	}
	return "the result of " + op.String()
}

func (fr *frame) unop(in *ssa.UnOp) value {
	ev := fr.ev
	switch in.Op {
	case token.ARROW:
		return fr.recv(fr.get(in.X), in.CommaOk)
	case token.MUL:
		p := fr.get(in.X)
		if ptr, ok := p.(*value); ok && ptr == nil && fr.unevaluatedDeref(in) {
			return nil // unused: the range reads only the array's length
		} else if ok && ptr != nil && isComposite(*ptr) && fr.info.literalLoads[in] {
			if v, ok := ev.takeLiteral(ptr); ok {
				return v
			}
		}
		return fr.deref(p)
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

// conversionTo returns "the conversion to T", the description of a Rep
// converted to type to: written once per type (a staged kernel converts
// thousands of Reps to the same few types, and typeString is costly).
// The string is a function of the type alone, so the cache decides
// nothing.
func (ev *evaluator) conversionTo(to types.Type) string {
	if s, ok := ev.conversions[to]; ok {
		return s
	}
	if ev.conversions == nil {
		ev.conversions = map[types.Type]string{}
	}
	s := "the conversion to " + typeString(to)
	ev.conversions[to] = s
	return s
}

func (fr *frame) convert(x value, from, to types.Type) value {
	ev := fr.ev
	if isUnsafe(from) || isUnsafe(to) {
		ev.fail("unsafe is not supported in staging code")
	}
	tb, toBasic := to.Underlying().(*types.Basic)
	fb, fromBasic := from.Underlying().(*types.Basic)
	if a, ok := x.(addrV); ok && toBasic && addrKeeps(tb.Kind()) {
		return a
	}
	if isAddr(x) {
		refuseAddr(x, "the conversion to "+typeString(to))
	}
	if r, ok := x.(*rep); ok {
		if toBasic && fromBasic {
			rt := kindTypes[tb.Kind()]
			if ev.b.Graph().TypeOf(r.e) == rt {
				return r
			}
			ev.at()
			return ev.newRep(ev.b.Convert(rt, r.e), ev.conversionTo(to), r)
		}
		if e, ok := fr.convertString(r.e, from, to); ok {
			return ev.newRep(e, ev.conversionTo(to), r)
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
		ev.allocOf(mulSat(int64(s.len), 4), func() string { return "the conversion to " + typeString(to) })
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
				return ev.newRep(c, ev.conversionTo(to), e)
			}
		}
		return string(buf)
	case fromBasic && fb.Info()&types.IsString != 0:
		// []byte(s) or []rune(s)
		s := x.(string)
		ev.allocOf(mulSat(int64(len(s)), 32), func() string { return "the conversion to " + typeString(to) })
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

// zeroSizeElems answers x == y (or !=) of two pointers to elements of
// one array or one slice's storage whose element type has size zero:
// every element is at the start of the storage (offset i*0), so gc's
// pointers are equal (bug352: &x[1] == &x[2] for x a [10][0]byte, and
// for the elements of make([]struct{}, 10)), where the evaluator has a
// cell for each. Pointers to distinct zero-size variables otherwise
// compare as distinct cells, which Go allows ("may or may not be
// equal").
func (fr *frame) zeroSizeElems(op token.Token, xv, yv ssa.Value) (value, bool) {
	if op != token.EQL && op != token.NEQ {
		return nil, false
	}
	ix, okx := xv.(*ssa.IndexAddr)
	iy, oky := yv.(*ssa.IndexAddr)
	if !okx || !oky || sizes.Sizeof(deref(ix.Type())) != 0 {
		return nil, false
	}
	sx, sy := fr.get(ix.X), fr.get(iy.X)
	same := false
	switch a := sx.(type) {
	case *value:
		b, ok := sy.(*value)
		same = ok && a != nil && a == b
	case sliceV:
		b, ok := sy.(sliceV)
		same = ok && a.cap > 0 && b.cap > 0 && &a.base[0] == &b.base[0]
	}
	if !same || isRep(fr.get(ix.Index)) || isRep(fr.get(iy.Index)) {
		return nil, false
	}
	return op == token.EQL, true
}
