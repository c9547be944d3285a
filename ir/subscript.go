package ir

import (
	"fmt"
	"slices"
	"strings"
)

// This file computes canonical subscripts (the CanonExpr of
// hir-ddrefs.rst): an index expression of type int written as
// c0 + Σ c·t over terms t, where a term is a symbol the expression is
// built from (a blob: a parameter, a load, any value that is not a sum
// of scaled terms) or, in dependence analysis (deps.go), the iteration
// counter of an enclosing loop.
//
// The arithmetic is Go's int arithmetic, exact modulo 2^64: a canonical
// form is a polynomial over that ring, so two forms whose difference is a
// non-zero constant are different values whatever wraps, and a zero
// difference is the same value. Conversions, and arithmetic on other
// integer types, are blobs.

// Term is one scaled term of an Affine form: Coef times the value of Sym,
// or, when Loop is true, Coef times the iteration counter (0, 1, ...) of
// the loop node Sym.
type Term struct {
	Sym  Sym
	Loop bool
	Coef int64
}

// Affine is a canonical subscript: Const plus its terms, which are sorted
// (loop counters after blobs, then by symbol) and have non-zero
// coefficients. Equal values have equal forms only up to blobs: two
// different blobs may hold the same value.
type Affine struct {
	Terms []Term
	Const int64
}

// IsConst reports whether a is a constant.
func (a Affine) IsConst() bool { return len(a.Terms) == 0 }

// Equal reports whether a and b are the same form.
func (a Affine) Equal(b Affine) bool {
	return a.Const == b.Const && slices.Equal(a.Terms, b.Terms)
}

// Add returns a + k·b.
func (a Affine) Add(b Affine, k int64) Affine {
	r := Affine{Const: a.Const + k*b.Const}
	i, j := 0, 0
	for i < len(a.Terms) || j < len(b.Terms) {
		switch {
		case j == len(b.Terms) || i < len(a.Terms) && termLess(a.Terms[i], b.Terms[j]):
			r.Terms = append(r.Terms, a.Terms[i])
			i++
		case i == len(a.Terms) || termLess(b.Terms[j], a.Terms[i]):
			t := b.Terms[j]
			t.Coef *= k
			if t.Coef != 0 {
				r.Terms = append(r.Terms, t)
			}
			j++
		default:
			t := a.Terms[i]
			t.Coef += k * b.Terms[j].Coef
			if t.Coef != 0 {
				r.Terms = append(r.Terms, t)
			}
			i, j = i+1, j+1
		}
	}
	return r
}

// Scale returns k·a.
func (a Affine) Scale(k int64) Affine { return Affine{}.Add(a, k) }

// termLess orders terms: blobs before loop counters, then by symbol.
func termLess(x, y Term) bool {
	if x.Loop != y.Loop {
		return !x.Loop
	}
	return x.Sym < y.Sym
}

// Coef returns the coefficient of the term (s, loop), 0 if a has none.
func (a Affine) Coef(s Sym, loop bool) int64 {
	for _, t := range a.Terms {
		if t.Sym == s && t.Loop == loop {
			return t.Coef
		}
	}
	return 0
}

func (a Affine) String() string {
	var sb strings.Builder
	for _, t := range a.Terms {
		name := t.Sym.String()
		if t.Loop {
			name = "k" + name[1:] // the counter of loop x23 is k23
		}
		switch {
		case sb.Len() == 0 && t.Coef == 1:
		case sb.Len() == 0 && t.Coef == -1:
			sb.WriteString("-")
		case sb.Len() == 0:
			fmt.Fprintf(&sb, "%d*", t.Coef)
		case t.Coef == 1:
			sb.WriteString(" + ")
		case t.Coef == -1:
			sb.WriteString(" - ")
		case t.Coef < 0:
			fmt.Fprintf(&sb, " - %d*", -t.Coef)
		default:
			fmt.Fprintf(&sb, " + %d*", t.Coef)
		}
		sb.WriteString(name)
	}
	switch {
	case sb.Len() == 0:
		fmt.Fprintf(&sb, "%d", a.Const)
	case a.Const < 0:
		fmt.Fprintf(&sb, " - %d", -a.Const)
	case a.Const > 0:
		fmt.Fprintf(&sb, " + %d", a.Const)
	}
	return sb.String()
}

// Subscript returns the canonical form of an int expression of g: sums,
// differences, negations, products by a constant and left shifts by a
// constant of int values are expanded; any other symbol is a blob, to
// which leaf may give a form of its own (deps.go maps loop indices to
// loop counters) by returning it and true. ok is false if e is not an int.
func Subscript(g *Graph, e Exp, leaf func(Sym) (Affine, bool)) (a Affine, ok bool) {
	if g.TypeOf(e) != Int {
		return Affine{}, false
	}
	return subscript(g, e, leaf, 0), true
}

// maxSubscriptDepth bounds the expansion (deeper sums are blobs).
const maxSubscriptDepth = 64

func subscript(g *Graph, e Exp, leaf func(Sym) (Affine, bool), depth int) Affine {
	if c := e.Const(); c != nil {
		return Affine{Const: int64(c.Val.(int))}
	}
	s := e.Sym()
	if leaf != nil {
		if a, ok := leaf(s); ok {
			return a
		}
	}
	blob := Affine{Terms: []Term{{Sym: s, Coef: 1}}}
	n := g.Def(s)
	if n == nil || n.Type != Int || depth >= maxSubscriptDepth {
		return blob
	}
	sub := func(k int) Affine { return subscript(g, n.Args[k], leaf, depth+1) }
	switch n.Op {
	case OpAdd:
		return sub(0).Add(sub(1), 1)
	case OpSub:
		return sub(0).Add(sub(1), -1)
	case OpNeg:
		return sub(0).Scale(-1)
	case OpMul:
		if c := n.Args[1].Const(); c != nil {
			return sub(0).Scale(int64(c.Val.(int)))
		}
		if c := n.Args[0].Const(); c != nil {
			return sub(1).Scale(int64(c.Val.(int)))
		}
	case OpShl:
		if c := n.Args[1].Const(); c != nil && n.Args[1].c.Type.IsInteger() {
			if k := toUint64(c); k < 63 {
				return sub(0).Scale(int64(1) << k)
			}
		}
	}
	return blob
}
