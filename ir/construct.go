package ir

import "fmt"

// This file holds the typed constructors: one verb per operator family.
// Each checks its arguments' types (a mismatch is a bug in the caller) and
// decides the node's effect keys.

func (b *Builder) mustType(what string, got, want *Type) {
	if got != want {
		panic(fmt.Sprintf("BUG: %s: type %v, want %v", what, got, want))
	}
}

// An operation that may panic reads CTRL and writes TRAP: it stays after
// the output before it (read after write) and before the output after it
// (write after read), in order with the other operations that may panic
// (write after write), inside the block it was built in, and it is kept
// even when its value is not used, because the panic is observable.
var (
	trapRead  = []Key{CTRL}
	trapWrite = []Key{TRAP}
)

// Binary builds x op y for an arithmetic, bitwise or shift operator.
func (b *Builder) Binary(op Op, x, y Exp) Exp {
	tx, ty := b.g.TypeOf(x), b.g.TypeOf(y)
	info := op.Info()
	switch info.Rule {
	case RuleSame:
		b.mustType(op.String(), ty, tx)
	case RuleShift:
		if !tx.IsInteger() || !ty.IsInteger() {
			panic(fmt.Sprintf("BUG: shift of %v by %v", tx, ty))
		}
	default:
		panic("BUG: Binary with non-binary operator " + op.String())
	}
	if tx.Kind == KString && op == OpAdd {
		op = OpConcat
	}
	if e, ok := b.rewrite(op, tx, nil, []Exp{x, y}); ok {
		return e
	}
	if b.traps(op, tx, y) {
		return b.ReflectEffect(op, tx, nil, []Exp{x, y}, nil, trapRead, trapWrite, false, FlagTrap)
	}
	return b.reflectPure(op, tx, nil, []Exp{x, y}, 0)
}

// traps reports whether op on a value of type t with second argument y may
// panic: integer division or remainder by a value that is not a non-zero
// constant, or a shift by a signed count that is not a non-negative
// constant.
func (b *Builder) traps(op Op, t *Type, y Exp) bool {
	switch op {
	case OpDiv, OpRem:
		if !t.IsInteger() {
			return false
		}
		c := y.Const()
		return c == nil || isZero(c)
	case OpShl, OpShr:
		ty := b.g.TypeOf(y)
		if ty.IsUnsigned() {
			return false
		}
		c := y.Const()
		return c == nil || toInt64(c) < 0
	}
	return false
}

// Unary builds -x (OpNeg), ^x (OpCom) or !x (OpNot).
func (b *Builder) Unary(op Op, x Exp) Exp {
	t := b.g.TypeOf(x)
	switch op {
	case OpNeg:
		if !t.IsNumeric() {
			panic("BUG: neg of " + t.String())
		}
	case OpCom:
		if !t.IsInteger() {
			panic("BUG: ^ of " + t.String())
		}
	case OpNot:
		b.mustType("!", t, Bool)
	default:
		panic("BUG: Unary with " + op.String())
	}
	return b.Reflect(op, t, nil, x)
}

// Compare builds x op y for a comparison operator; the result is a bool.
func (b *Builder) Compare(op Op, x, y Exp) Exp {
	if op.Info().Rule != RuleCompare {
		panic("BUG: Compare with " + op.String())
	}
	tx := b.g.TypeOf(x)
	b.mustType(op.String(), b.g.TypeOf(y), tx)
	if op != OpEq && op != OpNe && !tx.IsOrdered() {
		panic("BUG: ordered comparison of " + tx.String())
	}
	if x.IsConst() && !y.IsConst() {
		// 1 < x is built as x > 1: the two spellings are then one node,
		// so an && or || of both is one test (go vet rejects "x > 1 &&
		// x > 1", which is what the two would print as; rpg seed 6126).
		x, y, op = y, x, op.Mirror()
	}
	return b.Reflect(op, Bool, nil, x, y)
}

// Mirror returns the comparison that holds of y, x when comparison op
// holds of x, y (< for >, <= for >=, == and != themselves).
func (op Op) Mirror() Op {
	switch op {
	case OpLt:
		return OpGt
	case OpGt:
		return OpLt
	case OpLe:
		return OpGe
	case OpGe:
		return OpLe
	}
	return op // == and !=
}

// Convert builds the conversion t(x) between basic types.
func (b *Builder) Convert(t *Type, x Exp) Exp {
	from := b.g.TypeOf(x)
	if !convertible(from, t) {
		panic(fmt.Sprintf("BUG: conversion of %v to %v", from, t))
	}
	switch {
	case t.Kind == KSlice:
		// []byte(s) and []rune(s) allocate a new slice, as make does.
		r := b.ReflectEffect(OpConv, t, nil, []Exp{x}, nil, []Key{STORE}, nil, false, 0)
		b.newObject(r.s)
		return r
	case from.Kind == KSlice:
		// string(b) and string(r) read the slice.
		return b.ReflectEffect(OpConv, t, nil, []Exp{x}, nil, []Key{b.keyOf(x)}, nil, false, 0)
	}
	return b.Reflect(OpConv, t, nil, x)
}

func convertible(from, to *Type) bool {
	switch {
	case from == to:
		return true
	case (from.IsInteger() || from.IsFloat()) && (to.IsInteger() || to.IsFloat()):
		return true
	case from.IsComplex() && to.IsComplex():
		return true
	case from.IsInteger() && to.Kind == KString:
		return true
	case from.Kind == KString && to.Kind == KSlice:
		return to.Elem == Uint8 || to.Elem == Int32
	case from.Kind == KSlice && to.Kind == KString:
		return from.Elem == Uint8 || from.Elem == Int32
	}
	return false
}

// Real builds real(x) of a complex x.
func (b *Builder) Real(x Exp) Exp { return b.Reflect(OpReal, partType(b.g.TypeOf(x)), nil, x) }

// Imag builds imag(x) of a complex x.
func (b *Builder) Imag(x Exp) Exp { return b.Reflect(OpImag, partType(b.g.TypeOf(x)), nil, x) }

// Complex builds complex(re, im) of two floats of one type.
func (b *Builder) Complex(re, im Exp) Exp {
	t := b.g.TypeOf(re)
	b.mustType("complex", b.g.TypeOf(im), t)
	ct := Complex128
	switch t {
	case Float32:
		ct = Complex64
	case Float64:
	default:
		panic("BUG: complex of " + t.String())
	}
	return b.Reflect(OpComplex, ct, nil, re, im)
}

func partType(t *Type) *Type {
	switch t {
	case Complex64:
		return Float32
	case Complex128:
		return Float64
	}
	panic("BUG: real/imag of " + t.String())
}

// If builds a conditional whose branches compute values of type t (Void for
// none). A constant condition runs only the chosen branch, in the current
// block.
func (b *Builder) If(c Exp, t *Type, then, els func() Exp) Exp {
	b.mustType("if condition", b.g.TypeOf(c), Bool)
	if k := c.Const(); k != nil {
		if k.Val.(bool) {
			return then()
		}
		return els()
	}
	tb := b.Reify(nil, func([]Exp) Exp { return then() })
	eb := b.Reify(nil, func([]Exp) Exp { return els() })
	return b.IfBlocks(c, t, tb, eb)
}

// IfBlocks builds a conditional from branches already reified (for passes
// that decide the result type once the branches are built). c must not be
// a constant.
func (b *Builder) IfBlocks(c Exp, t *Type, tb, eb *Block) Exp {
	b.mustType("if condition", b.g.TypeOf(c), Bool)
	if c.IsConst() {
		panic("BUG: IfBlocks on a constant condition")
	}
	for _, blk := range []*Block{tb, eb} {
		b.mustType("if branch", b.g.TypeOf(blk.Res), t)
	}
	if e, ok := b.JoinArms(c, t, tb, eb); ok {
		return e
	}
	esc := b.escape(tb.Res, eb.Res)
	return b.ReflectEffect(OpIf, t, nil, []Exp{c}, []*Block{tb, eb}, nil, esc, false, 0)
}

// While builds a loop that evaluates cond (a block computing a bool) and
// runs body while it is true.
func (b *Builder) While(cond func() Exp, body func()) {
	cb := b.Reify(nil, func([]Exp) Exp { return cond() })
	bb := b.Reify(nil, func([]Exp) Exp { body(); return b.Unit() })
	b.WhileBlocks(cb, bb)
}

// Lambda builds a function value of type FuncOf(params, results). body
// returns the single result, a Tuple of several, or Unit for none.
func (b *Builder) Lambda(params, results []*Type, body func(args []Exp) Exp) Exp {
	return b.lambda(b.fresh(FuncOf(params, results)), params, results, body)
}

func (b *Builder) lambda(s Sym, params, results []*Type, body func(args []Exp) Exp) Exp {
	ft := FuncOf(params, results)
	blk := b.reify(params, body, true)
	b.mustType("function result", b.g.TypeOf(blk.Res), TupleOf(results))
	b.node(s, OpLambda, ft, nil, []*Block{blk}, nil, nil, 0)
	b.defined[s] = true
	return s.E()
}

// Forward declares a function of type ft before its body exists, so that
// the body can call it (recursion). Calls through the declaration get a
// conservative effect. Define the body with DefineForward.
func (b *Builder) Forward(ft *Type) Exp {
	if ft.Kind != KFunc {
		panic("BUG: Forward of " + ft.String())
	}
	l := b.fresh(ft)
	f := b.fresh(ft)
	b.node(f, OpForward, ft, []Exp{l.E(), b.Const(Int, len(ft.Params))}, nil, nil, nil, 0)
	b.forwards[f] = l
	return f.E()
}

// DefineForward builds the λ declared by Forward. It returns the λ.
func (b *Builder) DefineForward(fwd Exp, body func(args []Exp) Exp) Exp {
	l, ok := b.forwards[fwd.Sym()]
	if !ok || b.defined[l] {
		panic("BUG: DefineForward of " + fwd.String())
	}
	ft := b.g.types.at(fwd.s)
	return b.lambda(l, ft.Params, ft.Results, body)
}

// Apply builds the call f(args...). Its effects are the latent effects of
// f's body when f is a known λ, and conservative (everything) otherwise.
func (b *Builder) Apply(f Exp, args ...Exp) Exp {
	ft := b.g.TypeOf(f)
	if ft.Kind != KFunc || len(args) != len(ft.Params) {
		panic(fmt.Sprintf("BUG: apply of %v to %d arguments", ft, len(args)))
	}
	for i, a := range args {
		b.mustType("argument", b.g.TypeOf(a), ft.Params[i])
	}
	var reads, writes []Key
	if n := b.g.Def(f.Sym()); n != nil && n.Op == OpLambda {
		body := n.Blocks[0]
		reads, writes = body.Eff.Rkeys, body.Eff.Wkeys
	} else {
		// A forward declaration, or a function value: stop the world.
		reads = append([]Key{CTRL, STORE}, b.objs...)
		writes = append([]Key{CTRL, TRAP}, b.objs...)
	}
	writes = append(append([]Key(nil), writes...), b.escape(args...)...)
	all := append([]Exp{f}, args...)
	// The call can trap if and only if its body can: then it writes TRAP
	// (or, conservatively, CTRL).
	var flags NodeFlags
	if hasKey(writes, TRAP) || hasKey(writes, CTRL) {
		flags = FlagTrap
	}
	return b.ReflectEffect(OpApply, TupleOf(ft.Results), nil, all, nil, append([]Key(nil), reads...), writes, false, flags)
}

// Tuple groups the results of a multi-result function body.
func (b *Builder) Tuple(xs ...Exp) Exp {
	if len(xs) == 1 {
		return xs[0]
	}
	ts := make([]*Type, len(xs))
	for i, x := range xs {
		ts[i] = b.g.TypeOf(x)
	}
	return b.Reflect(OpTuple, TupleOf(ts), nil, xs...)
}

// Proj extracts result i of a multi-result value.
func (b *Builder) Proj(x Exp, i int) Exp {
	t := b.g.TypeOf(x)
	if t.Kind != KTuple || i < 0 || i >= len(t.Elems) {
		panic(fmt.Sprintf("BUG: proj %d of %v", i, t))
	}
	if n, ok := b.defOp(x); ok && n.Op == OpTuple {
		return n.Args[i]
	}
	return b.Reflect(OpProj, t.Elems[i], i, x)
}
