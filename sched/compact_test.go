package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// TestCompactCounterexample is the traversal seed's counterexample:
//
//	var x = 0
//	while (x < arg) { val y = x; x += 1; printf("%d\n", y) }
//
// y is defined locally, used once and not from an inner scope, but
// inlining it into the printf would print x after the increment.
func TestCompactCounterexample(t *testing.T) {
	b := ir.NewBuilder()
	var y, inc ir.Exp
	var w *ir.Node
	g := b.Build([]*ir.Type{ir.Int}, func(a []ir.Exp) ir.Exp {
		x := b.NewVar(b.Const(ir.Int, 0))
		b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(x), a[0]) }, func() {
			y = b.ReadVar(x)
			inc = b.Binary(ir.OpAdd, b.ReadVar(x), b.Const(ir.Int, 1))
			b.WriteVar(x, inc)
			b.Print(ir.OpPrintf, b.Const(ir.String, "%d\n"), y)
		})
		w = b.Graph().Nodes[len(b.Graph().Nodes)-1]
		return b.Unit()
	})
	s := run(t, g, Options{})
	body := s.Graph().Def(w.Sym).Blocks[1]
	require.Contains(t, syms(s.Nodes(body)), y.Sym())
	require.False(t, s.Inlined(body, y.Sym()), "y must not be inlined\n%s", s)
	require.True(t, s.Inlined(body, inc.Sym()), "x + 1 is inlined into the assignment\n%s", s)
	cond := s.Graph().Def(w.Sym).Blocks[0]
	for _, n := range s.Nodes(cond) {
		require.True(t, s.Inlined(cond, n.Sym), "the condition is one expression\n%s", s)
	}

	s = run(t, g, Options{NoCompact: true})
	body = s.Graph().Def(w.Sym).Blocks[1]
	for _, n := range s.Nodes(body) {
		require.False(t, s.Inlined(body, n.Sym))
	}
}

// TestCompactGoOrder: Go evaluates the calls of an expression in order but
// leaves a variable read unordered with them. In print(v + f(1)) where f
// writes v, the read of v is not inlined (LMS's rule alone would inline
// it: the call comes after the read in node order); in print(v) it is,
// since the read happens before the call that uses it.
func TestCompactGoOrder(t *testing.T) {
	b := ir.NewBuilder()
	var r, call, sum, r2 ir.Exp
	g := b.Build([]*ir.Type{ir.Int}, func(a []ir.Exp) ir.Exp {
		v := b.NewVar(a[0])
		f := b.Lambda([]*ir.Type{ir.Int}, []*ir.Type{ir.Int}, func(x []ir.Exp) ir.Exp {
			b.WriteVar(v, x[0])
			return x[0]
		})
		r = b.ReadVar(v)
		call = b.Apply(f, b.Const(ir.Int, 1))
		sum = b.Binary(ir.OpAdd, r, call)
		b.Print(ir.OpPrintln, sum)
		r2 = b.ReadVar(v)
		b.Print(ir.OpPrintln, r2)
		return b.Unit()
	})
	s := run(t, g, Options{})
	top := s.Graph().Block
	require.False(t, s.Inlined(top, r.Sym()), "read next to a call with effects\n%s", s)
	require.True(t, s.Inlined(top, call.Sym()), "%s", s)
	require.True(t, s.Inlined(top, sum.Sym()), "%s", s)
	require.True(t, s.Inlined(top, r2.Sym()), "read as the argument of the print\n%s", s)
}

// TestCompactInnerUse: a node used once but from an inner block is a
// statement.
func TestCompactInnerUse(t *testing.T) {
	b := ir.NewBuilder()
	var m ir.Exp
	g := b.Build([]*ir.Type{ir.Int, ir.Bool}, func(a []ir.Exp) ir.Exp {
		m = b.Binary(ir.OpMul, a[0], a[0])
		b.Print(ir.OpPrintln, m)
		loop(b, a[0], func(i ir.Exp) { b.Print(ir.OpPrintln, b.Binary(ir.OpAdd, m, i)) })
		return b.Unit()
	})
	s := run(t, g, Options{})
	require.False(t, s.Inlined(s.Graph().Block, m.Sym()), "%s", s)
}

// TestCompactTrapOrder: in print(a/b + c/d) both divisions may panic, and
// the first panic must be the source's, but Go does not order the two
// operands of +: the first division becomes a statement, the second stays
// in the expression (after the statement, so in order).
func TestCompactTrapOrder(t *testing.T) {
	b := ir.NewBuilder()
	var q1, q2, sum ir.Exp
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Int, ir.Int}, func(a []ir.Exp) ir.Exp {
		q1 = b.Binary(ir.OpDiv, a[0], a[1])
		q2 = b.Binary(ir.OpDiv, a[2], a[3])
		sum = b.Binary(ir.OpAdd, q1, q2)
		b.Print(ir.OpPrintln, sum)
		return b.Unit()
	})
	s := run(t, g, Options{})
	top := s.Graph().Block
	require.False(t, s.Inlined(top, q1.Sym()), "%s", s)
	require.True(t, s.Inlined(top, q2.Sym()), "%s", s)
	require.True(t, s.Inlined(top, sum.Sym()), "%s", s)
}
