package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// splitExample is the tutorial's example of statement splitting, in a
// staged loop (so that a, b and c are variables): if cond { a = 9; b = 1 }
// else { c = 3 }; println(a + c). With assigned false, the conditional
// assigns the variables itself instead of returning their values.
func splitExample(assigned bool) *ir.Graph {
	b := ir.NewBuilder()
	return b.Build([]*ir.Type{ir.Bool, ir.Int}, func(p []ir.Exp) ir.Exp {
		k := func(v int) ir.Exp { return b.Const(ir.Int, v) }
		a, bv, c, i := b.NewVar(k(1)), b.NewVar(k(2)), b.NewVar(k(3)), b.NewVar(k(0))
		b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(i), p[1]) }, func() {
			if assigned {
				b.If(p[0], ir.Void, func() ir.Exp {
					b.WriteVar(a, k(9))
					b.WriteVar(bv, k(1))
					return b.Unit()
				}, func() ir.Exp {
					b.WriteVar(c, k(3))
					return b.Unit()
				})
			} else {
				r := b.If(p[0], ir.TupleOf([]*ir.Type{ir.Int, ir.Int, ir.Int}),
					func() ir.Exp { return b.Tuple(k(9), k(1), b.ReadVar(c)) },
					func() ir.Exp { return b.Tuple(b.ReadVar(a), b.ReadVar(bv), k(3)) })
				b.WriteVar(a, b.Proj(r, 0))
				b.WriteVar(bv, b.Proj(r, 1))
				b.WriteVar(c, b.Proj(r, 2))
			}
			b.Print(ir.OpPrintln, b.Binary(ir.OpAdd, b.ReadVar(a), b.ReadVar(c)))
			b.WriteVar(i, b.Binary(ir.OpAdd, b.ReadVar(i), k(1)))
		})
		return b.Unit()
	})
}

// conditionals returns the conditionals of g and the number of variables.
func conditionals(g *ir.Graph) (ifs []*ir.Node, vars int) {
	for _, n := range g.Nodes {
		switch n.Op {
		case ir.OpIf:
			ifs = append(ifs, n)
		case ir.OpVarNew:
			vars++
		}
	}
	return ifs, vars
}

// TestSplitConditionals: the conditional of the tutorial's example is
// split, b's part is dead, and the parts of a and c are merged back into
// one conditional with two results. DCE alone, which uses the results of
// a conditional component by component (ir/partial.go), already removes
// b (its read in the else branch is a zero), but keeps b's component:
// the split removes it.
func TestSplitConditionals(t *testing.T) {
	g := ir.DCE(splitExample(false))
	require.NoError(t, ir.Check(g))
	ifs, vars := conditionals(g)
	require.Len(t, ifs, 1)
	require.Len(t, ifs[0].Type.Elems, 3)
	require.Equal(t, 3, vars, "DCE removes b")
	require.Equal(t, "0", tupleRes(g, ifs[0].Blocks[1]).Args[1].String(), "the read of b is a zero")

	h := ir.DCE(SplitConditionals(g))
	require.NoError(t, ir.Check(h))
	require.NoError(t, Verify(Run(h, Options{})))
	ifs, vars = conditionals(h)
	require.Len(t, ifs, 1, "the split conditionals are merged back")
	require.Len(t, ifs[0].Type.Elems, 2, "b's result is gone")
	require.Equal(t, 3, vars, "b is gone")

	// Splitting again changes nothing.
	again := ir.DCE(SplitConditionals(h))
	require.Equal(t, canonical(h), canonical(again))
}

// TestSplitAssigned: a conditional that assigns the variables itself has
// nothing to split; DCE alone removes b's assignment, the pass keeps the
// graph.
func TestSplitAssigned(t *testing.T) {
	g := ir.DCE(splitExample(true))
	require.Same(t, g, SplitConditionals(g))
	_, vars := conditionals(g)
	require.Equal(t, 3, vars)
}

// minMax is the corpus's MinMax: a conditional with two results taken
// apart by projections (lo, hi), and a conditional with two results that
// is the function's result as a whole.
func minMax() *ir.Graph {
	b := ir.NewBuilder()
	pair := ir.TupleOf([]*ir.Type{ir.Int, ir.Int})
	return b.Build([]*ir.Type{ir.Int, ir.Int}, func(p []ir.Exp) ir.Exp {
		x, y := p[0], p[1]
		r := b.If(b.Compare(ir.OpLt, x, y), pair,
			func() ir.Exp { return b.Tuple(x, y) },
			func() ir.Exp { return b.Tuple(y, x) })
		lo, hi := b.Proj(r, 0), b.Proj(r, 1)
		b.Print(ir.OpPrintln, lo)
		b.Print(ir.OpPrintln, hi)
		return b.If(b.Compare(ir.OpLt, hi, b.Const(ir.Int, 10)), pair,
			func() ir.Exp { return b.Tuple(b.Binary(ir.OpMul, lo, b.Const(ir.Int, 2)), hi) },
			func() ir.Exp { return b.Tuple(hi, lo) })
	})
}

// TestSplitWhole: a conditional used as a whole (here the function's
// result) keeps all its results, though no projection uses them; the
// one taken apart keeps both, which are used.
func TestSplitWhole(t *testing.T) {
	g := ir.DCE(minMax())
	require.NoError(t, ir.Check(g))
	h := ir.DCE(SplitConditionals(g))
	require.NoError(t, ir.Check(h))
	require.NoError(t, Verify(Run(h, Options{})))
	require.Equal(t, canonical(g), canonical(h))
	ifs, _ := conditionals(h)
	require.Len(t, ifs, 2)
	for _, n := range ifs {
		require.Len(t, n.Type.Elems, 2, "results of %v", n.Sym)
	}
	require.Equal(t, g.TypeOf(g.Block.Res), h.TypeOf(h.Block.Res))
}

// TestSplitChain: a chain of conditionals with two results (a static
// map looked up with a Rep key), of which only the first is used: the
// inner conditional is the result of the outer's else branch, used as a
// whole, so its results stay, whatever the outer uses.
func TestSplitChain(t *testing.T) {
	b := ir.NewBuilder()
	pair := ir.TupleOf([]*ir.Type{ir.Int, ir.Bool})
	g := ir.DCE(b.Build([]*ir.Type{ir.Int}, func(p []ir.Exp) ir.Exp {
		is := func(v int) ir.Exp { return b.Compare(ir.OpEq, p[0], b.Const(ir.Int, v)) }
		found := func(v int, ok bool) func() ir.Exp {
			return func() ir.Exp { return b.Tuple(b.Const(ir.Int, v), b.Const(ir.Bool, ok)) }
		}
		r := b.If(is(1), pair, found(10, true), func() ir.Exp {
			return b.If(is(5), pair, found(50, true), found(0, false))
		})
		return b.Proj(r, 0)
	}))
	require.NoError(t, ir.Check(g))
	h := ir.DCE(SplitConditionals(g))
	require.NoError(t, ir.Check(h))
	require.NoError(t, Verify(Run(h, Options{})))
	ifs, _ := conditionals(h)
	require.Len(t, ifs, 2)
	for _, n := range ifs {
		require.Len(t, n.Type.Elems, 2, "results of %v", n.Sym)
	}
}
