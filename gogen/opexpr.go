package gogen

import (
	"math"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the expression of each expression operator.

// nodeExpr writes the expression computing n.
func (fg *funcGen) nodeExpr(n *ir.Node) expr {
	defer fg.writing(n)()
	a := n.Args
	switch n.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor,
		ir.OpAndNot, ir.OpShl, ir.OpShr, ir.OpConcat,
		ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		return fg.binary(n)
	case ir.OpNeg, ir.OpCom:
		x := fg.ref(a[0], ctxConverted)
		if c := a[0].Const(); c != nil {
			x = fg.opaque(c) // -c would be computed exactly: -int8(-128) does not compile
		}
		if n.Op == ir.OpCom {
			return unary("^", x)
		}
		return unary("-", x)
	case ir.OpNot:
		return fg.negate(a[0])
	case ir.OpConv:
		return fg.conversion(n)
	case ir.OpReal, ir.OpImag:
		// real(1 + 2i) would be an untyped constant: its type is written.
		return call(n.Op.String(), fg.ref(a[0], ctxExplicit))
	case ir.OpComplex:
		rctx := ctxConverted
		if a[0].IsConst() && a[1].IsConst() {
			rctx = ctxExplicit // complex(1, 2) would be untyped
		}
		return call("complex", fg.ref(a[0], rctx), fg.ref(a[1], ctxConverted))
	case ir.OpApply:
		return primary(jen.Add(fg.ref(a[0], ctxConverted).at(precPrimary)).Call(fg.refs(a[1:], ctxConverted)...))
	case ir.OpCall:
		c := n.Aux.(ir.Callee)
		if fg.unfusedFMA && c.Pkg == "math" && c.Name == "FMA" {
			return fg.unfusedMulAdd(a)
		}
		ctx := ctxConverted
		if c.Pkg == "fmt" {
			ctx = ctxTyped // operands of type any keep their types
			if c.Name == "Sprint" || c.Name == "Sprintln" {
				return primary(fg.printCall(c.Name, a))
			}
		}
		if c.Convs != "" || !c.Res.IsZero() || c.Method || c.Field {
			return fg.worldCall(n, c)
		}
		return primary(jen.Qual(c.Pkg, c.Name).Call(fg.refs(a, ctx)...))
	case ir.OpVarGet:
		return rawExpr(fg.name(a[0].Sym()), precPrimary)
	case ir.OpSliceNew:
		return fg.makeSlice(n)
	case ir.OpIndexNew:
		return primary(jen.Make(goType(n.Type)))
	case ir.OpIndexSlot:
		return primary(jen.Id(fg.file.indexSlot(fg.g.TypeOf(a[1]))).Call(fg.refs(a, ctxConverted)...))
	case ir.OpSliceLen, ir.OpStrLen:
		return call("len", fg.base(a[0]))
	case ir.OpSliceCap:
		return call("cap", fg.base(a[0]))
	case ir.OpSliceGet, ir.OpStrIndex:
		return fg.index(a[0], a[1])
	case ir.OpSliceSub, ir.OpStrSlice:
		if l := fg.arrayLen(n.Sym); l > 0 {
			return fg.arrayPtr(fg.slice(n).code(), l, n.Type.Elem)
		}
		return fg.slice(n)
	case ir.OpAppend:
		return primary(jen.Append(fg.refs(a, ctxConverted)...))
	case ir.OpAppendSlice:
		return fg.appendSlice(n)
	case ir.OpGrow:
		return fg.growExp(n)
	case ir.OpFieldGet:
		return fg.fieldGet(n)
	case ir.OpCopy:
		return call("copy", fg.ref(a[0], ctxConverted), fg.ref(a[1], ctxConverted))
	case ir.OpStatic, ir.OpProj:
		return rawExpr(fg.nameOf(n.Sym), precPrimary)
	case ir.OpSliceNil:
		return primary(goType(n.Type).Call(jen.Nil()))
	case ir.OpSliceIsNil:
		return infix(fg.ref(a[0], ctxConverted), "==", precCmp, rawExpr("nil", precPrimary))
	}
	panic("BUG: gogen: no expression for " + ir.FormatNode(n))
}

// binary writes x op y. Constants are written untyped, except where Go
// needs a type (the left operand of a shift: 1 << n would take its type
// from the context, int(1) << n does not) or would reject them (x / 0, a
// shift by a negative or too large count) or compute them at compile time
// (an operation on two constants, which the builder leaves only when it
// traps): there the right operand is a variable. x - -3 is written x + 3.
func (fg *funcGen) binary(n *ir.Node) expr {
	if n.Type.Kind == ir.KBool && (n.Op == ir.OpOr || n.Op == ir.OpAnd) {
		return fg.boolChain(n)
	}
	l, op, prec, r := fg.binaryParts(n)
	return infix(l, op, prec, r)
}

// boolChain writes the chain of || (or &&) that n ends, an operand that
// repeats an earlier one once: go vet rejects a || a ("redundant or"),
// which unrolled iterations testing a loop variable build from separate
// reads of it, one value in one expression (rpg seed 6500 F5a:
// i75 < 4 || i75 < 4 || i75 < 4). Only operands that read names and
// constants and compare them are dropped: they have no effect, and a
// second evaluation gives the first one's value.
func (fg *funcGen) boolChain(n *ir.Node) expr {
	var ops []ir.Exp
	var flat func(e ir.Exp)
	flat = func(e ir.Exp) {
		if e.IsSym() {
			if m := fg.inlineNode(e.Sym()); m != nil && m.Op == n.Op && m.Type.Kind == ir.KBool {
				fg.consumed[e.Sym()] = true
				flat(m.Args[0])
				flat(m.Args[1])
				return
			}
		}
		ops = append(ops, e)
	}
	flat(n.Args[0])
	flat(n.Args[1])
	op, prec := binaryOp(n.Op, ir.Bool)
	var out expr
	seen := map[string]bool{}
	for i, e := range ops {
		plain := fg.plainTest(e)
		x := fg.ref(e, ctxConverted)
		if plain {
			t := fg.text(x.code())
			if seen[t] {
				continue
			}
			seen[t] = true
		}
		if i == 0 {
			out = x
		} else {
			out = infix(out, op, prec, x)
		}
	}
	return out
}

// plainTest reports whether e, written inline, only reads names and
// constants, converts and compares them.
func (fg *funcGen) plainTest(e ir.Exp) bool {
	if !e.IsSym() {
		return true
	}
	m := fg.inlineNode(e.Sym())
	if m == nil {
		return true // a name
	}
	switch {
	case m.Op == ir.OpVarGet:
		return true
	case m.Op == ir.OpConv && m.Type.IsBasic() && fg.g.TypeOf(m.Args[0]).IsBasic():
		return fg.plainTest(m.Args[0])
	case m.Op.Info().Rule == ir.RuleCompare:
		return fg.plainTest(m.Args[0]) && fg.plainTest(m.Args[1])
	}
	return false
}

// binaryParts writes the operands of a binary node and chooses its Go
// operator.
func (fg *funcGen) binaryParts(n *ir.Node) (l expr, op string, prec int, r expr) {
	x, y := n.Args[0], n.Args[1]
	t := fg.g.TypeOf(x)
	if t.Kind == ir.KBool && n.Op == ir.OpAndNot {
		return fg.ref(x, ctxConverted), "&&", precAnd, fg.negate(y)
	}
	irOp := n.Op
	if irOp.Info().Rule == ir.RuleCompare && x.IsConst() && !y.IsConst() {
		// 0 < n reads better as n > 0, and means the same for every type.
		x, y, irOp = y, x, irOp.Mirror()
	}
	shift := irOp == ir.OpShl || irOp == ir.OpShr
	var rp *expr
	if cy := y.Const(); cy != nil {
		_, _, written := fg.sourceLit(cy)
		switch {
		case x.IsConst(),
			(irOp == ir.OpDiv || irOp == ir.OpRem) && t.IsInteger() && constUint(cy) == 0,
			shift && badShiftCount(cy, t):
			o := fg.opaque(cy)
			rp = &o
		case irOp == ir.OpAdd || irOp == ir.OpSub:
			if neg, ok := negated(cy); ok {
				irOp = ir.OpAdd + ir.OpSub - irOp
				ne, ok := fg.literal(neg, ctxConverted)
				if !ok {
					ne = constExpr(neg, ctxConverted)
				}
				rp = &ne
			}
		}
		if rp == nil && !written && fg.isChar(x) {
			if ch, ok := charConst(irOp, cy, t.Kind == ir.KInt32); ok {
				rp = &ch
			}
		}
		if rp == nil && !written && isMaskOp(irOp) {
			if h, ok := hexConst(cy); ok {
				rp = &h
			}
		}
	}
	lctx := ctxConverted
	if x.IsConst() && shift {
		// The left operand of a shift by a variable takes the type of
		// the shift's context, which is not known here.
		lctx = ctxExplicit
	}
	_, _, xWritten := fg.sourceLit(x.Const())
	if h, ok := hexConst(x.Const()); ok && irOp == ir.OpShr && !xWritten {
		// A constant shifted right by a variable is a bit set: uint64(0x3ff0000) >> c.
		l = call(t.String(), h)
	} else {
		l = fg.ref(x, lctx)
	}
	if rp == nil {
		e := fg.ref(y, ctxConverted)
		rp = &e
	}
	op, prec = binaryOp(irOp, t)
	return l, op, prec, *rp
}

// badShiftCount reports whether a constant shift count must not be written
// in place: Go rejects a negative one and vet flags one of at least the
// width of the shifted type.
func badShiftCount(c *ir.Const, t *ir.Type) bool {
	if !c.Type.IsUnsigned() && constInt(c) < 0 {
		return true
	}
	return constUint(c) >= uint64(t.Bits())
}

// negated returns -c for a negative constant whose negation is exact and
// representable (not MinInt, not a special float).
func negated(c *ir.Const) (*ir.Const, bool) {
	var v any
	switch x := c.Val.(type) {
	case int:
		if x < 0 && x != math.MinInt {
			v = -x
		}
	case int8:
		if x < 0 && x != math.MinInt8 {
			v = -x
		}
	case int16:
		if x < 0 && x != math.MinInt16 {
			v = -x
		}
	case int32:
		if x < 0 && x != math.MinInt32 {
			v = -x
		}
	case int64:
		if x < 0 && x != math.MinInt64 {
			v = -x
		}
	case float64:
		if x < 0 && !isSpecial(x) {
			v = -x
		}
	case float32:
		if x < 0 && !isSpecial(float64(x)) {
			v = -x
		}
	}
	if v == nil {
		return nil, false
	}
	return &ir.Const{Type: c.Type, Val: v}, true
}

// negate writes !c, turning a comparison around where that is exact
// (a == b -> a != b; i < n -> i >= n for integers and strings, never for
// floats), !!x into x, and !(a || b) into !a && !b (and !(a && b) into
// !a || !b) when every operand turns around without a "!" of its own:
// r != ' ' && r != ',', not !(r == ' ' || r == ',').
func (fg *funcGen) negate(c ir.Exp) expr {
	if k := c.Const(); k != nil {
		return rawExpr(strconv.FormatBool(!k.Val.(bool)), precPrimary)
	}
	if n := fg.inlineNode(c.Sym()); n != nil {
		if n.Op == ir.OpNot {
			fg.consumed[n.Sym] = true
			return fg.ref(n.Args[0], ctxConverted)
		}
		if op, prec, ok := deMorgan(n); ok && fg.invertible(n.Args[0]) && fg.invertible(n.Args[1]) {
			fg.consumed[n.Sym] = true
			a, b := fg.negate(n.Args[0]), fg.negate(n.Args[1])
			return join(a, op, prec, b)
		}
		if f, ok := flipped(n.Op, fg.g.TypeOf(n.Args[0])); ok {
			fg.consumed[n.Sym] = true
			m := *n
			m.Op = f
			return fg.binary(&m)
		}
	}
	return unary("!", fg.ref(c, ctxConverted))
}

// deMorgan returns the operator of !n's other form when n is a boolean
// || or &&: && for ||, || for &&, and its precedence.
func deMorgan(n *ir.Node) (string, int, bool) {
	if n.Type.Kind != ir.KBool {
		return "", 0, false
	}
	switch n.Op {
	case ir.OpOr:
		return "&&", precAnd, true
	case ir.OpAnd:
		return "||", precOr, true
	}
	return "", 0, false
}

// invertible reports whether negate writes !c without a "!" of its own: c
// is a constant, or written inline as a negation, a comparison negate
// turns around, or a || or && of invertible operands.
func (fg *funcGen) invertible(c ir.Exp) bool {
	if c.Const() != nil {
		return true
	}
	n := fg.inlineNode(c.Sym())
	switch {
	case n == nil || len(n.Args) == 0:
		return false
	case n.Op == ir.OpNot:
		return true
	}
	if _, _, ok := deMorgan(n); ok {
		return fg.invertible(n.Args[0]) && fg.invertible(n.Args[1])
	}
	_, ok := flipped(n.Op, fg.g.TypeOf(n.Args[0]))
	return ok
}

// conversion writes T(x). An integer converts to a string as the
// character it encodes (U+FFFD when it is none): string(rune(x)) where
// rune(x) keeps the value or maps it to another invalid one, a helper for
// 64-bit integers, whose truncation to rune could make them valid.
func (fg *funcGen) conversion(n *ir.Node) expr {
	x := n.Args[0]
	from := fg.g.TypeOf(x)
	var arg expr
	if c := x.Const(); c != nil {
		// A constant the builder did not fold converts only at run time
		// (a float out of the range of an integer type).
		arg = fg.opaque(c)
	} else {
		arg = fg.ref(x, ctxConverted)
	}
	if n.Type.Kind == ir.KString && from.IsInteger() {
		if from.Bits() == 64 {
			if from.Kind != ir.KInt64 {
				arg = call("int64", arg)
			}
			return call(fg.file.runeString(), arg)
		}
		return call("string", call("rune", arg))
	}
	if basicType(n.Type) {
		return call(n.Type.String(), arg)
	}
	return primary(goType(n.Type).Call(arg.code()))
}

// makeSlice writes make([]T, n) or make([]T, n, c).
func (fg *funcGen) makeSlice(n *ir.Node) expr {
	ln, cp := n.Args[0], n.Args[1]
	bad := func(e ir.Exp) bool {
		c := e.Const()
		return c != nil && !c.Type.IsUnsigned() && constInt(c) < 0
	}
	args := []jen.Code{goType(n.Type)}
	lc, cc := ln.Const(), cp.Const()
	badCap := bad(cp) || lc != nil && cc != nil && !bad(ln) && constUint(lc) > constUint(cc)
	args = append(args, fg.bound(ln, bad(ln)).code())
	if cp != ln {
		args = append(args, fg.bound(cp, badCap).code())
	}
	return primary(jen.Make(args...))
}

// bound writes an index or a slice bound, through a variable if Go would
// reject the constant at compile time.
func (fg *funcGen) bound(e ir.Exp, reject bool) expr {
	if c := e.Const(); c != nil && reject {
		return fg.opaque(c)
	}
	return fg.ref(e, ctxConverted)
}

// badIndexConst reports whether e is a constant Go rejects as an index
// (it must be a non-negative int): negative, or beyond the int of a
// 32-bit platform (xs[18446744073709551615] does not compile; at run time
// it panics, rpg seed 5008).
func badIndexConst(e ir.Exp) bool {
	c := e.Const()
	if c == nil {
		return false
	}
	if c.Type.IsUnsigned() {
		return constUint(c) > math.MaxInt32
	}
	return constInt(c) < 0 || constInt(c) > math.MaxInt32
}

// index writes s[i].
func (fg *funcGen) index(s, i ir.Exp) expr {
	reject := badIndexConst(i)
	if sc, ic := s.Const(), i.Const(); sc != nil && ic != nil && constUint(ic) >= uint64(len(sc.Val.(string))) {
		reject = true // "abc"[5] does not compile
	}
	base, ix := fg.base(s, i), fg.bound(i, reject)
	if base.isRaw() && ix.isRaw() {
		return composed(base, base.prec < precPrimary, "[", ix, false, "]", precPrimary, classNone)
	}
	return primary(jen.Add(base.at(precPrimary)).Index(ix.code()))
}

// slice writes s[lo:hi] or s[lo:hi:max], leaving out a low bound of 0 and
// a high bound of len(s).
func (fg *funcGen) slice(n *ir.Node) expr {
	s := n.Args[0]
	bounds := n.Args[1:]
	reject := make([]bool, len(bounds))
	var prev *ir.Const
	for i, b := range bounds {
		c := b.Const()
		reject[i] = badIndexConst(b)
		if sc := s.Const(); c != nil && sc != nil && constUint(c) > uint64(len(sc.Val.(string))) {
			reject[i] = true
		}
		if c != nil && prev != nil && !reject[i] && constUint(prev) > constUint(c) {
			reject[i] = true // s[2:1] does not compile
		}
		if c != nil && !reject[i] {
			prev = c
		}
	}
	// Not an array table by its name: slicing an array panics with
	// "with length" where slicing a slice says "with capacity".
	base := fg.ref(s, ctxConverted).at(precPrimary)
	parts := make([]jen.Code, len(bounds))
	for i, b := range bounds {
		switch {
		case i == 0 && !reject[0] && b.IsConst() && constUint(b.Const()) == 0:
			parts[i] = jen.Empty()
		case i == 1 && len(bounds) == 2 && fg.isLenOf(b, s):
			fg.consumed[b.Sym()] = true
			parts[i] = jen.Empty()
		default:
			parts[i] = fg.bound(b, reject[i]).code()
		}
	}
	return primary(jen.Add(base).Index(parts...))
}

// isLenOf reports whether e is len(s), written inline.
func (fg *funcGen) isLenOf(e, s ir.Exp) bool {
	if !e.IsSym() || !s.IsSym() {
		return false
	}
	n := fg.inlineNode(e.Sym())
	if n == nil && fg.lenOfInput(fg.g.Def(e.Sym())) {
		n = fg.g.Def(e.Sym()) // written at every use
	}
	return n != nil && (n.Op == ir.OpSliceLen || n.Op == ir.OpStrLen) && n.Args[0] == s
}

// appendSlice writes append(s, t...). The bytes of a string str written
// inline, append(s, []byte(str)...), are append(s, str...), which Go
// allows for a []byte; those of a rune r, []byte(string(r)), are
// utf8.AppendRune(s, r), which encodes r alike (an invalid rune as
// U+FFFD).
func (fg *funcGen) appendSlice(n *ir.Node) expr {
	a := n.Args
	if m := fg.defInline(a[1]); m != nil && n.Type.Elem.Kind == ir.KUint8 && m.Op == ir.OpConv && fg.g.TypeOf(m.Args[0]).Kind == ir.KString {
		fg.consumed[m.Sym] = true
		str := m.Args[0]
		if r := fg.defInline(str); r != nil && r.Op == ir.OpConv && fg.g.TypeOf(r.Args[0]).Kind == ir.KInt32 {
			fg.consumed[r.Sym] = true
			return primary(jen.Qual("unicode/utf8", "AppendRune").Call(fg.ref(a[0], ctxConverted).code(), fg.ref(r.Args[0], ctxConverted).code()))
		}
		return primary(jen.Append(fg.ref(a[0], ctxConverted).code(), jen.Add(fg.ref(str, ctxConverted).code()).Op("...")))
	}
	return primary(jen.Append(fg.ref(a[0], ctxConverted).code(), jen.Add(fg.ref(a[1], ctxConverted).code()).Op("...")))
}
