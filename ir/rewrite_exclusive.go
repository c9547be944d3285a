package ir

import "slices"

// This file folds a chain of && or || that repeats an operand
// (a || b || a is a || b: go vet reports the chain as a "redundant or"),
// a conjunction of two equalities of one value with
// different constants (v == 2 && v == -1) to false, and a disjunction of
// two such inequalities (v != 2 || v != -1) to true. Both operands are
// pure values, so dropping them changes nothing but the text; the folded
// form is also what go vet asks for: it reports the unfolded chains as a
// "suspect and" / "suspect or", and a generated file must pass vet.
// The operands of a chain a && b && c are all looked at, as vet does,
// up to a bound that keeps the rewrite constant time per node.

// exclusiveBound is how many operands of a chain are looked at.
const exclusiveBound = 16

// exclusive reports whether x op y (op OpAnd or OpOr) holds for every
// value of its operands: for &&, two operands v == c1 and v == c2 with
// c1 != c2 make it false; for ||, v != c1 and v != c2 make it true.
func (b *Builder) exclusive(op Op, x, y Exp) bool {
	cmp := OpEq
	if op == OpOr {
		cmp = OpNe
	}
	left, right := b.chain(op, x, nil), b.chain(op, y, nil)
	for _, r := range right {
		v, c := b.compared(cmp, r)
		if c == nil {
			continue
		}
		for _, l := range left {
			if w, d := b.compared(cmp, l); d != nil && w == v {
				if eq, ok := foldBinary(OpEq, c, d); ok && !eq.(bool) {
					return true
				}
			}
		}
	}
	return false
}

// chain appends the operands of the op chain e (at most exclusiveBound).
func (b *Builder) chain(op Op, e Exp, out []Exp) []Exp {
	work := []Exp{e}
	for len(work) > 0 && len(out) < exclusiveBound {
		e, work = work[len(work)-1], work[:len(work)-1]
		if n, ok := b.defOp(e); ok && n.Op == op {
			work = append(work, n.Args[1], n.Args[0])
			continue
		}
		out = append(out, e)
	}
	return out
}

// dedupChain returns x op y without the operands of y's chain that are
// operands of x's, if there are some: (a || b) || (a || c) is
// (a || b) || c, the operands evaluated in the same order (a repeated
// operand is the value it was). Chains longer than exclusiveBound are
// left alone.
func (b *Builder) dedupChain(op Op, x, y Exp) (Exp, bool) {
	lx, okx := b.fullChain(op, x)
	ly, oky := b.fullChain(op, y)
	if !okx || !oky {
		return Exp{}, false
	}
	var rest []Exp
	for _, o := range ly {
		if !slices.Contains(lx, o) {
			rest = append(rest, o)
		}
	}
	if len(rest) == len(ly) {
		return Exp{}, false
	}
	e := x
	for _, o := range rest {
		e = b.Binary(op, e, o)
	}
	return e, true
}

// fullChain returns the operands of the op chain e and whether they are
// all of them (at most exclusiveBound).
func (b *Builder) fullChain(op Op, e Exp) ([]Exp, bool) {
	out := b.chain(op, e, nil)
	if len(out) < exclusiveBound {
		return out, true
	}
	return nil, false
}

// compared returns v and c if e is v cmp c or c cmp v with c a constant
// and v not one; c is nil otherwise.
func (b *Builder) compared(cmp Op, e Exp) (Exp, *Const) {
	n, ok := b.defOp(e)
	if !ok || n.Op != cmp {
		return Exp{}, nil
	}
	x, y := n.Args[0], n.Args[1]
	if c := y.Const(); c != nil && !x.IsConst() {
		return x, c
	}
	if c := x.Const(); c != nil && !y.IsConst() {
		return y, c
	}
	return Exp{}, nil
}
