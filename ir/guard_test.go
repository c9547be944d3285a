package ir

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// guardGraph builds a function of (s []int, i int, c bool) with body.
func guardGraph(body func(b *Builder, s, i, c Exp) Exp) *Graph {
	b := NewBuilder()
	return b.Build([]*Type{SliceOf(Int), Int, Bool}, func(p []Exp) Exp { return body(b, p[0], p[1], p[2]) })
}

func TestGuardSameBlockReuses(t *testing.T) {
	var r1, r2 Exp
	guardGraph(func(b *Builder, s, i, _ Exp) Exp {
		r1 = b.Index(s, i)
		r2 = b.Index(s, i)
		return b.Binary(OpAdd, r1, r2)
	})
	require.Equal(t, r1, r2, "a second read with no write in between is the first")
}

func TestGuardStoreForwards(t *testing.T) {
	var x, r Exp
	guardGraph(func(b *Builder, s, i, _ Exp) Exp {
		x = b.Binary(OpMul, i, i)
		b.SetIndex(s, i, x)
		r = b.Index(s, i)
		return r
	})
	require.Equal(t, x, r, "s[i] = x; s[i] is x")
}

func TestGuardAfterWriteDropsTrap(t *testing.T) {
	var first, second Exp
	g := guardGraph(func(b *Builder, s, i, _ Exp) Exp {
		first = b.Index(s, i)
		b.SetIndex(s, b.Const(Int, 0), first)
		second = b.Index(s, i)
		return second
	})
	n := g.Def(second.Sym())
	require.NotEqual(t, first, second, "a write to the class in between: read again")
	require.False(t, n.CanTrap(), "the index was checked by the first read")
	require.Contains(t, n.Eff.Hdeps, first.Sym(), "bound after the check")
	require.NotContains(t, n.Eff.Rkeys, CTRL)
	require.NotContains(t, n.Eff.Wkeys, TRAP)
}

func TestGuardNestedBlocksAndConstants(t *testing.T) {
	var inner, above, neg Exp
	var check Exp
	g := guardGraph(func(b *Builder, s, i, c Exp) Exp {
		check = b.Index(s, b.Const(Int, 5))
		b.If(c, Void, func() Exp {
			inner = b.Index(s, b.Const(Int, 3))
			above = b.Index(s, b.Const(Int, 6))
			b.Print(OpPrintln, inner, above)
			return b.Unit()
		}, func() Exp { return b.Unit() })
		neg = b.Index(s, b.Binary(OpSub, i, b.Const(Int, 1)))
		return check
	})
	require.False(t, g.Def(inner.Sym()).CanTrap(), "s[3] after s[5], in a nested block")
	require.Contains(t, g.Def(inner.Sym()).Eff.Hdeps, check.Sym())
	require.True(t, g.Def(above.Sym()).CanTrap(), "s[6] was not checked")
	require.True(t, g.Def(neg.Sym()).CanTrap())
}

func TestGuardNotAcrossFunctionBodies(t *testing.T) {
	var in Exp
	g := guardGraph(func(b *Builder, s, i, _ Exp) Exp {
		b.Index(s, i)
		f := b.Lambda(nil, []*Type{Int}, func([]Exp) Exp {
			in = b.Index(s, i)
			return in
		})
		return b.Apply(f)
	})
	require.True(t, g.Def(in.Sym()).CanTrap(), "a function body may run before the check (forward declarations)")
}

func TestGuardBranchChecksDoNotLeak(t *testing.T) {
	var after Exp
	g := guardGraph(func(b *Builder, s, i, c Exp) Exp {
		b.If(c, Int, func() Exp { return b.Index(s, i) }, func() Exp { return b.Const(Int, 0) })
		after = b.Index(s, i)
		return after
	})
	require.True(t, g.Def(after.Sym()).CanTrap(), "a check in one branch does not cover the code after the if")
}

func TestGuardStrings(t *testing.T) {
	b := NewBuilder()
	var r1, r2, r3 Exp
	g := b.Build([]*Type{String, Int, Bool}, func(p []Exp) Exp {
		r1 = b.StrIndex(p[0], p[1])
		r2 = b.StrIndex(p[0], p[1])
		b.If(p[2], Void, func() Exp {
			r3 = b.StrIndex(p[0], p[1])
			b.Print(OpPrintln, r3)
			return b.Unit()
		}, func() Exp { return b.Unit() })
		return r1
	})
	require.Equal(t, r1, r2)
	n := g.Def(r3.Sym())
	require.False(t, n.CanTrap())
	require.Equal(t, []Sym{r1.Sym()}, n.Eff.Hdeps)
}

// TestGuardDeadReadsDie: a read kept only for its bounds check disappears
// when the same check was made before; the first one stays.
func TestGuardDeadReadsDie(t *testing.T) {
	var first, again Exp
	g := guardGraph(func(b *Builder, s, i, c Exp) Exp {
		first = b.Index(s, i)
		b.While(func() Exp { return c }, func() {
			again = b.Index(s, i)
			b.SetIndex(s, b.Const(Int, 0), b.Const(Int, 1))
		})
		return b.Unit()
	})
	g = DCE(g)
	syms := []Sym{}
	for _, n := range g.Nodes {
		syms = append(syms, n.Sym)
	}
	require.True(t, slices.Contains(syms, first.Sym()), "the check stays")
	require.False(t, slices.Contains(syms, again.Sym()), "the repeated check dies")
}
