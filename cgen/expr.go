package cgen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the expression of every operator with Go's semantics:
// integer arithmetic through the runtime's per-width helpers (wrapping,
// Go's division and shifts), float arithmetic as plain C (IEEE 754, no
// contraction), complex numbers, conversions, strings and slices through
// the runtime, function calls with their captured values.

// cx is a C expression.
type cx struct {
	s    string
	prim bool   // a primary or postfix expression: an operand without parentheses
	inv  string // for a comparison, its negation (a >= b for a < b), if exact
}

// paren returns the expression as an operand.
func (e cx) paren() string {
	if e.prim {
		return e.s
	}
	return "(" + e.s + ")"
}

// not returns the negation of a boolean expression.
func (e cx) not() string {
	if e.inv != "" {
		return e.inv
	}
	return "!" + e.paren()
}

func call(f string, args ...string) cx {
	return cx{s: f + "(" + strings.Join(args, ", ") + ")", prim: true}
}

func binop(x cx, op string, y cx) cx {
	return cx{s: x.paren() + " " + op + " " + y.paren()}
}

// refs writes uses of es.
func (fn *fnGen) refs(es []ir.Exp) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = fn.ref(e).s
	}
	return out
}

// expr writes the expression of n.
func (fn *fnGen) expr(n *ir.Node) cx {
	defer fn.atNode(n)()
	a := n.Args
	t := n.Type
	switch n.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem:
		return fn.arith(n)
	case ir.OpNeg:
		x := fn.ref(a[0])
		switch {
		case t.IsInteger():
			return call("lms_neg_"+intSuffix(t), x.s)
		case t.IsComplex():
			return call(complexFn(t, "neg"), x.s)
		}
		return cx{s: "-" + x.paren()}
	case ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot:
		return fn.bitwise(n)
	case ir.OpShl, ir.OpShr:
		return fn.shift(n)
	case ir.OpCom:
		return call("lms_com_"+intSuffix(t), fn.ref(a[0]).s)
	case ir.OpNot:
		return cx{s: fn.ref(a[0]).not()}
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		return fn.compare(n)
	case ir.OpConv:
		return fn.conv(n)
	case ir.OpReal:
		return cx{s: fn.ref(a[0]).paren() + ".re", prim: true}
	case ir.OpImag:
		return cx{s: fn.ref(a[0]).paren() + ".im", prim: true}
	case ir.OpComplex:
		f := "lms_c128"
		if t.Kind == ir.KComplex64 {
			f = "lms_c64"
		}
		return call(f, fn.refs(a)...)
	case ir.OpApply:
		return fn.apply(n)
	case ir.OpVarGet:
		return cx{s: fn.varLvalue(a[0].Sym()), prim: true}
	case ir.OpSliceNew:
		if fn.onStack[n.Sym] {
			return fn.stackMake(n)
		}
		return call(fn.fl.ctype(t)+"_make", fn.refs(a)...)
	case ir.OpIndexNew:
		return fn.newIndex()
	case ir.OpIndexSlot:
		return fn.indexSlot(n)
	case ir.OpSliceLen, ir.OpStrLen:
		return cx{s: fn.ref(a[0]).paren() + ".len", prim: true}
	case ir.OpSliceCap:
		return cx{s: fn.ref(a[0]).paren() + ".cap", prim: true}
	case ir.OpSliceNil:
		return cx{s: "((" + fn.fl.ctype(t) + "){NULL, 0, 0})", prim: true}
	case ir.OpSliceIsNil:
		return call(fn.fl.ctype(fn.g.TypeOf(a[0]))+"_is_nil", fn.ref(a[0]).s)
	case ir.OpSliceGet:
		return fn.sliceGet(n)
	case ir.OpFieldGet:
		return cx{s: fn.fieldLvalue(n), prim: true}
	case ir.OpSliceSub:
		return fn.sliceSub(n)
	case ir.OpAppend:
		st := fn.fl.ctype(t)
		s := fn.ref(a[0]).s
		one, many := st+"_append", st+"_append_n"
		var stk []string
		if sb := fn.stackAppendBuf(n); sb != nil {
			if len(a) == 2 {
				one = fn.fl.stackAppendHelper(st, t, false)
			} else {
				many = fn.fl.stackAppendHelper(st, t, true)
			}
			stk = []string{sb.buf, strconv.FormatInt(sb.k, 10), "&" + sb.used}
		}
		if len(a) == 2 {
			return call(one, append([]string{s, fn.ref(a[1]).s}, stk...)...)
		}
		elems := fn.refs(a[1:])
		lit := fmt.Sprintf("(%s[]){%s}", fn.fl.ctype(t.Elem), strings.Join(elems, ", "))
		return call(many, append([]string{s, lit, strconv.Itoa(len(elems))}, stk...)...)
	case ir.OpAppendSlice:
		return call(fn.fl.ctype(t)+"_append_slice", fn.refs(a)...)
	case ir.OpGrow:
		e := n.Aux.(ir.GrowElem)
		return call(fn.fl.ctype(t)+"_grow", fn.ref(a[0]).s, fn.ref(a[1]).s, strconv.FormatInt(e.Size, 10), strconv.FormatBool(!e.Pointers))
	case ir.OpCopy:
		return call(fn.fl.ctype(fn.g.TypeOf(a[0]))+"_copy", fn.refs(a)...)
	case ir.OpStrIndex:
		return fn.strIndex(n)
	case ir.OpConcat:
		return call("lms_str_concat", fn.refs(a)...)
	case ir.OpStrSlice:
		return fn.strSlice(n)
	case ir.OpCall:
		return fn.libCall(n)
	case ir.OpTuple:
		return cx{s: fmt.Sprintf("(%s){%s}", fn.fl.ctype(t), strings.Join(fn.refs(a), ", ")), prim: true}
	case ir.OpProj:
		return cx{s: fmt.Sprintf("%s.r%d", fn.ref(a[0]).paren(), n.Aux.(int)), prim: true}
	}
	panic("BUG: cgen: no expression for " + ir.FormatNode(n))
}

// complexFn returns the runtime's name of a complex operation.
func complexFn(t *ir.Type, op string) string {
	if t.Kind == ir.KComplex64 {
		return "lms_c64_" + op
	}
	return "lms_c128_" + op
}

var arithNames = map[ir.Op][2]string{
	ir.OpAdd: {"add", "+"}, ir.OpSub: {"sub", "-"}, ir.OpMul: {"mul", "*"},
	ir.OpDiv: {"div", "/"}, ir.OpRem: {"rem", "%"},
}

// arith writes + - * / % of numbers (and + of strings).
func (fn *fnGen) arith(n *ir.Node) cx {
	t := n.Type
	names := arithNames[n.Op]
	x, y := fn.ref(n.Args[0]), fn.ref(n.Args[1])
	switch {
	case t.IsInteger():
		return call("lms_"+names[0]+"_"+intSuffix(t), x.s, y.s)
	case t.IsComplex():
		return call(complexFn(t, names[0]), x.s, y.s)
	case t.Kind == ir.KString:
		return call("lms_str_concat", x.s, y.s)
	case t.IsFloat() && n.Op != ir.OpRem:
		return binop(x, names[1], y)
	}
	panic("BUG: cgen: " + n.Op.String() + " of " + t.String())
}

// bitwise writes & | ^ &^ of integers and booleans.
func (fn *fnGen) bitwise(n *ir.Node) cx {
	t := n.Type
	if t.Kind == ir.KBool {
		// && and || where skipping the right operand changes nothing.
		short := fn.safe(n.Args[1])
		x, y := fn.ref(n.Args[0]), fn.ref(n.Args[1])
		switch n.Op {
		case ir.OpAnd:
			if short {
				return binop(x, "&&", y)
			}
			return binop(x, "&", y)
		case ir.OpOr:
			if short {
				return binop(x, "||", y)
			}
			return binop(x, "|", y)
		case ir.OpXor:
			return binop(x, "!=", y)
		}
		if short {
			return cx{s: x.paren() + " && " + y.not()}
		}
		return cx{s: x.paren() + " & " + y.not()}
	}
	x, y := fn.ref(n.Args[0]), fn.ref(n.Args[1])
	if n.Op == ir.OpAndNot {
		return call("lms_andnot_"+intSuffix(t), x.s, y.s)
	}
	op := map[ir.Op]string{ir.OpAnd: "&", ir.OpOr: "|", ir.OpXor: "^"}[n.Op]
	e := binop(x, op, y)
	if t.Bits() < 32 {
		// The operands are promoted to int; the result fits the type.
		return cx{s: "(" + basicC[t.Kind] + ")" + e.paren()}
	}
	return e
}

// safe reports whether e, as written in the current block, has no effect
// and cannot panic (so that C may skip its evaluation).
func (fn *fnGen) safe(e ir.Exp) bool {
	if e.IsConst() || !fn.isInline(e.Sym()) {
		return true
	}
	n := fn.g.Def(e.Sym())
	if cEffect(n)&(effWrite|effTrap) != 0 || n.Op == ir.OpApply || n.Op == ir.OpCall {
		return false
	}
	for _, x := range n.Args {
		if !fn.safe(x) {
			return false
		}
	}
	return true
}

// shift writes << and >> with Go's semantics for every count.
func (fn *fnGen) shift(n *ir.Node) cx {
	t := n.Type
	name := "lms_shl_"
	if n.Op == ir.OpShr {
		name = "lms_shr_"
	}
	name += intSuffix(t)
	count := n.Args[1]
	ct := fn.g.TypeOf(count)
	x := fn.ref(n.Args[0])
	if c := count.Const(); c != nil && !ct.IsUnsigned() {
		v, _ := constBits(c)
		if int64(v) >= 0 {
			return call(name, x.s, strconv.FormatUint(v, 10)+"u")
		}
	}
	if ct.IsUnsigned() {
		return call(name, x.s, fn.ref(count).s)
	}
	return call(name+"_sc", x.s, fn.ref(count).s)
}

var compareOps = map[ir.Op]string{
	ir.OpEq: "==", ir.OpNe: "!=", ir.OpLt: "<", ir.OpLe: "<=", ir.OpGt: ">", ir.OpGe: ">=",
}

var strCompare = map[ir.Op]string{
	ir.OpEq: "eq", ir.OpNe: "ne", ir.OpLt: "lt", ir.OpLe: "le", ir.OpGt: "gt", ir.OpGe: "ge",
}

// compare writes a comparison. Comparisons of integers whose result the
// type's range decides (u >= 0, b <= 255 for a byte) are written as that
// result: C compilers warn about them.
func (fn *fnGen) compare(n *ir.Node) cx {
	x, y := n.Args[0], n.Args[1]
	t := fn.g.TypeOf(x)
	op := n.Op
	switch {
	case t.Kind == ir.KString:
		return call("lms_str_"+strCompare[op], fn.refs(n.Args)...)
	case t.IsComplex():
		e := call(complexFn(t, "eq"), fn.refs(n.Args)...)
		if op == ir.OpNe {
			return cx{s: e.not()}
		}
		return e
	case t.IsInteger() || t.Kind == ir.KBool:
		if x == y {
			return fn.constResult(x, op == ir.OpEq || op == ir.OpLe || op == ir.OpGe)
		}
		v, c := x, y.Const()
		if c == nil && x.IsConst() {
			v, c, op = y, x.Const(), op.Mirror()
		}
		if c != nil && t.IsInteger() {
			if r, ok := rangeDecides(op, c, t); ok {
				return fn.constResult(v, r)
			}
		}
	}
	xe, ye := fn.ref(x), fn.ref(y)
	e := binop(xe, compareOps[n.Op], ye)
	if !t.IsFloat() || n.Op == ir.OpEq || n.Op == ir.OpNe {
		// The negation of an ordered comparison of floats is not the
		// opposite comparison: both are false for NaN.
		e.inv = binop(xe, compareOps[negated[n.Op]], ye).s
	}
	return e
}

// negated is the comparison !(x op y) is for integers.
var negated = map[ir.Op]ir.Op{
	ir.OpEq: ir.OpNe, ir.OpNe: ir.OpEq, ir.OpLt: ir.OpGe, ir.OpLe: ir.OpGt, ir.OpGt: ir.OpLe, ir.OpGe: ir.OpLt,
}

// constResult writes a comparison decided in advance: its operand v is
// still evaluated (and so used).
func (fn *fnGen) constResult(v ir.Exp, r bool) cx {
	return cx{s: fmt.Sprintf("((void)%s, %v)", fn.ref(v).paren(), r), prim: true}
}

// rangeDecides reports whether v op c has the same result for every v of
// the integer type t, and that result.
func rangeDecides(op ir.Op, c *ir.Const, t *ir.Type) (result, ok bool) {
	u, _ := constBits(c)
	lo, hi := intRange(t)
	atLo := t.IsUnsigned() && u == 0 || !t.IsUnsigned() && int64(u) == lo
	atHi := t.IsUnsigned() && u == hi || !t.IsUnsigned() && int64(u) == int64(hi)
	switch {
	case op == ir.OpLt && atLo:
		return false, true
	case op == ir.OpGe && atLo:
		return true, true
	case op == ir.OpLe && atHi:
		return true, true
	case op == ir.OpGt && atHi:
		return false, true
	}
	return false, false
}

// conv writes a conversion between basic types.
func (fn *fnGen) conv(n *ir.Node) cx {
	from, to := fn.g.TypeOf(n.Args[0]), n.Type
	x := fn.ref(n.Args[0])
	switch {
	case from == to:
		return x
	case from.IsInteger() && to.IsInteger():
		if contains(to, from) {
			if basicC[to.Kind] == basicC[from.Kind] {
				return x
			}
			return cx{s: "(" + basicC[to.Kind] + ")" + x.paren()}
		}
		return call("lms_conv_"+intSuffix(to), x.s)
	case from.IsInteger() && to.IsFloat():
		// Not a cast: GCC 12 folds 0.0 - (double)i to -(double)i (runtime.h).
		f := "lms_i64_to_f"
		if from.IsUnsigned() {
			f = "lms_u64_to_f"
		}
		if to.Kind == ir.KFloat32 {
			return call(f+"32", x.s)
		}
		return call(f+"64", x.s)
	case from.IsFloat() && to.IsInteger():
		f := "lms_f64_to_"
		if from.Kind == ir.KFloat32 {
			f = "lms_f32_to_"
		}
		return call(f+intSuffix(to), x.s)
	case from.Kind == ir.KFloat64 && to.Kind == ir.KFloat32:
		return call("lms_f64_to_f32", x.s)
	case from.Kind == ir.KFloat32 && to.Kind == ir.KFloat64:
		return cx{s: "(double)" + x.paren()}
	case from.Kind == ir.KComplex64 && to.Kind == ir.KComplex128:
		return call("lms_c64_to_c128", x.s)
	case from.Kind == ir.KComplex128 && to.Kind == ir.KComplex64:
		return call("lms_c128_to_c64", x.s)
	case from.IsInteger() && to.Kind == ir.KString:
		return call("lms_str_from_rune", x.s)
	case from.Kind == ir.KString && to.Kind == ir.KSlice && to.Elem.Kind == ir.KUint8:
		return call("lms_bytes_from_str", x.s)
	case from.Kind == ir.KString && to.Kind == ir.KSlice && to.Elem.Kind == ir.KInt32:
		return call("lms_runes_from_str", x.s)
	case from.Kind == ir.KSlice && from.Elem.Kind == ir.KUint8 && to.Kind == ir.KString:
		return call("lms_str_from_bytes", x.s)
	case from.Kind == ir.KSlice && from.Elem.Kind == ir.KInt32 && to.Kind == ir.KString:
		return call("lms_str_from_runes", x.s)
	}
	panic(fmt.Sprintf("BUG: cgen: conversion of %v to %v", from, to))
}

// contains reports whether every value of the integer type from is a
// value of the integer type to.
func contains(to, from *ir.Type) bool {
	flo, fhi := intRange(from)
	tlo, thi := intRange(to)
	return flo >= tlo && fhi <= thi
}

// apply writes a call of a staged function: its arguments, then its
// captured values (variables by address).
func (fn *fnGen) apply(n *ir.Node) cx {
	f := n.Args[0].Sym()
	args := fn.refs(n.Args[1:])
	if l := fn.sg.funcOf(f); l != 0 {
		info := fn.sg.lamOf[l]
		for _, c := range info.caps {
			if fn.sg.isVar(c) {
				args = append(args, fn.varAddr(c))
			} else {
				args = append(args, fn.ref(c.E()).s)
			}
		}
		return call(info.cname, args...)
	}
	return call(fn.ref(n.Args[0]).paren(), args...)
}

// sliceGet writes s[i], without a bounds check when the read cannot trap
// (proved in range by sched.BoundsChecks, or checked by an earlier
// access: ir/guard.go).
func (fn *fnGen) sliceGet(n *ir.Node) cx {
	st := fn.fl.ctype(fn.g.TypeOf(n.Args[0]))
	s, i := fn.ref(n.Args[0]), fn.ref(n.Args[1])
	if fn.fl.opts.NoBounds || !n.CanTrap() {
		return cx{s: s.paren() + ".p[" + i.s + "]", prim: true}
	}
	if isWideUnsigned(fn.g.TypeOf(n.Args[1])) {
		return call(fn.fl.sliceHelper("get_u", st, fn.g.TypeOf(n.Args[0])), s.s, i.s)
	}
	return call(st+"_get", s.s, i.s)
}

// sliceSet writes s[i] = x, without a bounds check when the write cannot
// trap (proved in range by sched.BoundsChecks).
func (fn *fnGen) sliceSet(n *ir.Node) string {
	st := fn.fl.ctype(fn.g.TypeOf(n.Args[0]))
	s, i, x := fn.ref(n.Args[0]), fn.ref(n.Args[1]), fn.ref(n.Args[2])
	if fn.fl.opts.NoBounds || !n.CanTrap() {
		return s.paren() + ".p[" + i.s + "] = " + x.s
	}
	if isWideUnsigned(fn.g.TypeOf(n.Args[1])) {
		return call(fn.fl.sliceHelper("set_u", st, fn.g.TypeOf(n.Args[0])), s.s, i.s, x.s).s
	}
	return call(st+"_set", s.s, i.s, x.s).s
}

// boundFlags returns the runtime's flags for slice bounds of 64-bit
// unsigned types.
func (fn *fnGen) boundFlags(bounds []ir.Exp, flags ...string) string {
	var fs []string
	for i, b := range bounds {
		if isWideUnsigned(fn.g.TypeOf(b)) {
			fs = append(fs, flags[i])
		}
	}
	return strings.Join(fs, " | ")
}

// sliceSub writes s[lo:hi] or s[lo:hi:max], without a bounds check when
// it cannot trap (proved in range by sched.BoundsChecks).
func (fn *fnGen) sliceSub(n *ir.Node) cx {
	t := n.Type
	st := fn.fl.ctype(t)
	args := fn.refs(n.Args)
	three := len(args) == 4
	unchecked := fn.fl.opts.NoBounds || !n.CanTrap()
	switch {
	case unchecked && three:
		return call(st+"_reslice", args...)
	case unchecked:
		return call(fn.fl.sliceHelper("sub", st, t), args...)
	}
	flags := fn.boundFlags(n.Args[1:], "LMS_ULO", "LMS_UHI", "LMS_UMAX")
	switch {
	case flags == "" && three:
		return call(st+"_slice3", args...)
	case flags == "":
		return call(st+"_slice", args...)
	case three:
		return call(fn.fl.sliceHelper("slice3_f", st, t), append(args, flags)...)
	}
	return call(fn.fl.sliceHelper("slice_f", st, t), append(args, flags)...)
}

// strIndex writes s[i] of a string.
func (fn *fnGen) strIndex(n *ir.Node) cx {
	s, i := fn.ref(n.Args[0]), fn.ref(n.Args[1])
	switch {
	case fn.fl.opts.NoBounds:
		return cx{s: s.paren() + ".p[" + i.s + "]", prim: true}
	case isWideUnsigned(fn.g.TypeOf(n.Args[1])):
		return call(fn.fl.strHelper("index_u"), s.s, i.s)
	}
	return call("lms_str_index", s.s, i.s)
}

// strSlice writes s[lo:hi] of a string.
func (fn *fnGen) strSlice(n *ir.Node) cx {
	args := fn.refs(n.Args)
	if fn.fl.opts.NoBounds || !n.CanTrap() {
		return call("lms_str_reslice", args...)
	}
	if flags := fn.boundFlags(n.Args[1:], "LMS_ULO", "LMS_UHI"); flags != "" {
		return call(fn.fl.strHelper("slice_f"), append(args, flags)...)
	}
	return call("lms_str_slice", args...)
}
