package ir

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// buildLoop builds a function of xs []int returning what body returns.
func buildLoop(t *testing.T, body func(b *Builder, xs Exp) Exp) *Graph {
	t.Helper()
	b := NewBuilder()
	g := b.Build([]*Type{SliceOf(Int)}, func(in []Exp) Exp { return body(b, in[0]) })
	require.NoError(t, Check(g))
	return g
}

func sumGen(b *Builder) LoopGen {
	return LoopGen{Kind: Reduce, Elem: Int, Zero: b.Const(Int, 0), Combine: func(acc, x Exp) Exp { return b.Binary(OpAdd, acc, x) }}
}

func TestLoopExactAndLen(t *testing.T) {
	var exact, filtered Exp
	buildLoop(t, func(b *Builder, xs Exp) Exp {
		// Map: one yield per iteration at the top of the body.
		exact = b.Loop(b.Len(xs), &xs, []LoopGen{{Kind: Collect, Elem: Int}}, func(l Sym, in []Exp) {
			b.Yield(l, 0, b.Binary(OpMul, in[1], in[1]))
		})
		// Filter: the yield is under a condition.
		filtered = b.Loop(b.Len(xs), &xs, []LoopGen{{Kind: Collect, Elem: Int}}, func(l Sym, in []Exp) {
			b.If(b.Compare(OpGt, in[1], b.Const(Int, 0)), Void, func() Exp { b.Yield(l, 0, in[1]); return b.Unit() }, b.Unit)
		})
		require.True(t, b.Graph().Def(exact.Sym()).Aux.(*Loop).Gens[0].Exact)
		require.False(t, b.Graph().Def(filtered.Sym()).Aux.(*Loop).Gens[0].Exact)
		// len(Map(xs, f)) is len(xs); len(Filter(xs, p)) is not known.
		require.Equal(t, b.Len(xs), b.Len(exact))
		require.NotEqual(t, b.Len(xs), b.Len(filtered))
		return b.Tuple(exact, filtered)
	})
}

func TestLoopFillLenIsNotItsSize(t *testing.T) {
	// Fill(n, f) with n < 0 is empty: its length is not n.
	b := NewBuilder()
	b.Build([]*Type{Int}, func(in []Exp) Exp {
		fill := b.Loop(in[0], nil, []LoopGen{{Kind: Collect, Elem: Int}}, func(l Sym, in []Exp) { b.Yield(l, 0, in[0]) })
		require.NotEqual(t, in[0], b.Len(fill))
		return fill
	})
}

func TestLoopPrintAndDCE(t *testing.T) {
	g := buildLoop(t, func(b *Builder, xs Exp) Exp {
		// An unused loop dies with its yields; a used one stays.
		b.Loop(b.Len(xs), &xs, []LoopGen{{Kind: Collect, Elem: Int}}, func(l Sym, in []Exp) { b.Yield(l, 0, in[1]) })
		return b.Loop(b.Len(xs), &xs, []LoopGen{sumGen(b)}, func(l Sym, in []Exp) { b.Yield(l, 0, in[1]) })
	})
	require.Equal(t, 2, strings.Count(g.String(), "(loop "))
	d := DCE(g)
	require.NoError(t, Check(d))
	require.Equal(t, strings.TrimLeft(`
================ Block(List(x1),x9,x0,[x3: _ | x0]) ==============
x2 = (slice_len x1)  
x13 = (yield x9#0 x12)  [x9*: _ | x10]
x17 = (+ x15 x16)  
x9 = (loop Reduce! over x2 x1 0 Block(List(x11, x12),(),x10,[: _ | x13]) Block(List(x15, x16),x17,x14,[: _ | x14])) [x3: _ | x0]
`, "\n"), d.String())
}

func TestLoopEffects(t *testing.T) {
	// A loop whose body prints writes CTRL: it is kept, unused. Its own
	// key stays inside it.
	g := buildLoop(t, func(b *Builder, xs Exp) Exp {
		l := b.Loop(b.Len(xs), &xs, []LoopGen{{Kind: Collect, Elem: Int}}, func(l Sym, in []Exp) {
			b.Print(OpPrintln, in[1])
			b.Yield(l, 0, in[1])
		})
		n := b.Graph().Def(l.Sym())
		require.True(t, n.Eff.Writes(CTRL))
		require.False(t, n.Eff.Writes(SymKey(l.Sym())))
		return b.Unit()
	})
	require.Equal(t, 1, strings.Count(DCE(g).String(), "(loop "))
}

func TestCheckLoop(t *testing.T) {
	g := buildLoop(t, func(b *Builder, xs Exp) Exp {
		return b.Loop(b.Len(xs), &xs, []LoopGen{{Kind: Bucket, Key: Int, Elem: Int, Combine: func(acc, x Exp) Exp { return b.Binary(OpAdd, acc, x) }}}, func(l Sym, in []Exp) {
			b.Yield(l, 0, in[1], in[1])
		})
	})
	// A yield with a missing key, and a loop missing its combining block.
	for _, n := range g.Nodes {
		switch n.Op {
		case OpYield:
			n.Args = n.Args[:1]
		case OpLoop:
			n.Blocks = n.Blocks[:1]
		}
	}
	err := Check(g)
	require.Error(t, err)
	require.Contains(t, err.Error(), "1 values, want 2")
	require.Contains(t, err.Error(), "want 2 and 2")
}

func TestLoopIndexInBounds(t *testing.T) {
	buildLoop(t, func(b *Builder, xs Exp) Exp {
		var in, out Exp
		b.Loop(b.Len(xs), nil, []LoopGen{sumGen(b)}, func(l Sym, is []Exp) {
			in = b.Index(xs, is[0])                                    // i < len(xs): cannot trap
			out = b.Index(xs, b.Binary(OpAdd, is[0], b.Const(Int, 1))) // i+1 may be len(xs)
			b.Yield(l, 0, b.Binary(OpAdd, in, out))
		})
		require.False(t, b.Graph().Def(in.Sym()).CanTrap())
		require.True(t, b.Graph().Def(out.Sym()).CanTrap())
		return b.Unit()
	})
	// ys[:n] read by the index of a loop of size n: in bounds too.
	b := NewBuilder()
	b.Build([]*Type{SliceOf(Int), Int}, func(p []Exp) Exp {
		ys := b.SubSlice(p[0], b.Const(Int, 0), p[1])
		var r Exp
		b.Loop(p[1], nil, []LoopGen{sumGen(b)}, func(l Sym, is []Exp) {
			r = b.Index(ys, is[0])
			b.Yield(l, 0, r)
		})
		require.False(t, b.Graph().Def(r.Sym()).CanTrap())
		return b.Unit()
	})
}
