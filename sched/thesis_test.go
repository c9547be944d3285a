package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// The examples of thesis-code-motion.txt (section 9.3.1), built with the
// builder. In each, foo is a computation that depends only on values of
// the top-level block.

// loop builds `i := 0; while i < n { body(i); i++ }`.
func loop(b *ir.Builder, n ir.Exp, body func(i ir.Exp)) {
	v := b.NewVar(b.Const(ir.Int, 0))
	b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), n) }, func() {
		i := b.ReadVar(v)
		body(i)
		b.WriteVar(v, b.Binary(ir.OpAdd, i, b.Const(ir.Int, 1)))
	})
}

// ifVal builds `if c { then() } else { 0 }` of type int.
func ifVal(b *ir.Builder, c ir.Exp, then func() ir.Exp) ir.Exp {
	return b.If(c, ir.Int, then, func() ir.Exp { return b.Const(ir.Int, 0) })
}

// ifDo builds `if c { then() }`.
func ifDo(b *ir.Builder, c ir.Exp, then func()) ir.Exp {
	return b.If(c, ir.Void, func() ir.Exp { then(); return b.Unit() }, func() ir.Exp { return b.Unit() })
}

// TestThesisConditionalHoisted: in
//
//	loop { i => if (i > 0) { if (x) foo } }
//
// the conditional `if (x) foo` is on the hot fringe (the first node that
// can be outside, reached through the loop): it is hoisted out of the loop
// and out of `if (i > 0)`, and foo stays inside it.
func TestThesisConditionalHoisted(t *testing.T) {
	b := ir.NewBuilder()
	var foo, z, x, inner ir.Exp
	var w *ir.Node
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Bool}, func(a []ir.Exp) ir.Exp {
		x = a[2]
		loop(b, a[0], func(i ir.Exp) {
			inner = ifDo(b, b.Compare(ir.OpGt, i, b.Const(ir.Int, 0)), func() {
				z = ifVal(b, x, func() ir.Exp {
					foo = b.Binary(ir.OpMul, a[1], a[1])
					return foo
				})
				b.Print(ir.OpPrintln, z)
			})
		})
		w = b.Graph().Nodes[len(b.Graph().Nodes)-1]
		return b.Unit()
	})
	s := run(t, g, Options{Verbose: true})
	top := s.Graph().Block
	require.Equal(t, []*ir.Block{top}, placedIn(s, z.Sym()), "z hoisted to the top level\n%s", s)
	zn := def(s, z)
	require.Equal(t, []*ir.Block{zn.Blocks[0]}, placedIn(s, foo.Sym()), "foo stays inside z's branch")
	in := def(s, inner)
	require.Equal(t, []*ir.Block{s.Graph().Def(w.Sym).Blocks[1]}, placedIn(s, inner.Sym()))
	var ops []ir.Op
	for _, n := range s.Nodes(in.Blocks[0]) {
		ops = append(ops, n.Op)
	}
	require.Equal(t, []ir.Op{ir.OpPrintln}, ops, "only the print stays in the branch")
	requireDecision(t, s, z.Sym(), Hoisted)
}

// TestThesisForcedInside: when the inner conditional depends on the loop
// index,
//
//	loop { i => if (i > 0) { if (i > x) foo } }
//
// it is forced inside, and foo is on the hot fringe: foo becomes top level.
func TestThesisForcedInside(t *testing.T) {
	b := ir.NewBuilder()
	var foo, z ir.Exp
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Int}, func(a []ir.Exp) ir.Exp {
		loop(b, a[0], func(i ir.Exp) {
			ifDo(b, b.Compare(ir.OpGt, i, b.Const(ir.Int, 0)), func() {
				z = ifVal(b, b.Compare(ir.OpGt, i, a[2]), func() ir.Exp {
					foo = b.Binary(ir.OpMul, a[1], a[1])
					return foo
				})
				b.Print(ir.OpPrintln, z)
			})
		})
		return b.Unit()
	})
	s := run(t, g, Options{Verbose: true})
	top := s.Graph().Block
	require.Equal(t, []*ir.Block{top}, placedIn(s, foo.Sym()), "foo hoisted to the top level\n%s", s)
	zb := placedIn(s, z.Sym())
	require.Len(t, zb, 1)
	require.NotEqual(t, top, zb[0], "the conditional stays inside")
	requireDecision(t, s, foo.Sym(), Hoisted)
}

// TestThesisLoopInsideConditional: for a loop inside a conditional,
//
//	if (x) { loop { i => foo } }
//
// foo moves out of the loop but stays inside the conditional.
func TestThesisLoopInsideConditional(t *testing.T) {
	b := ir.NewBuilder()
	var foo, cond ir.Exp
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Bool}, func(a []ir.Exp) ir.Exp {
		cond = ifDo(b, a[2], func() {
			loop(b, a[0], func(i ir.Exp) {
				foo = b.Binary(ir.OpMul, a[1], a[1])
				b.Print(ir.OpPrintln, b.Binary(ir.OpAdd, foo, i))
			})
		})
		return b.Unit()
	})
	s := run(t, g, Options{Verbose: true})
	c := def(s, cond)
	require.Equal(t, []*ir.Block{c.Blocks[0]}, placedIn(s, foo.Sym()), "foo in the conditional, out of the loop\n%s", s)
	requireDecision(t, s, foo.Sym(), Hoisted)
}

// TestThesisPathological is the thesis' pathological case: foo is used
// only inside two different conditionals,
//
//	z = foo; if (x) { z }; if (y) { z }
//
// LMS duplicates foo into both. Our decision (bounded duplication): a
// cheap foo (a single machine operation) is duplicated, since each copy
// costs one operation even when both conditions hold; a costly foo (here a
// library call) is placed once before both conditionals, so it never runs
// twice (it may run when neither condition holds, which is safe since it is
// pure and cannot trap).
func TestThesisPathological(t *testing.T) {
	build := func(costly bool) (*ir.Graph, *ir.Exp, *[2]ir.Exp) {
		b := ir.NewBuilder()
		var foo ir.Exp
		var ifs [2]ir.Exp
		g := b.Build([]*ir.Type{ir.Float64, ir.Bool, ir.Bool}, func(a []ir.Exp) ir.Exp {
			if costly {
				foo = b.Call(ir.Callee{Pkg: "math", Name: "Sqrt", Pure: true}, ir.Float64, a[0])
			} else {
				foo = b.Binary(ir.OpMul, a[0], a[0])
			}
			ifs[0] = ifDo(b, a[1], func() { b.Print(ir.OpPrintln, foo) })
			ifs[1] = ifDo(b, a[2], func() { b.Print(ir.OpPrintln, foo) })
			return b.Unit()
		})
		return g, &foo, &ifs
	}

	g, foo, ifs := build(false)
	s := run(t, g, Options{Verbose: true})
	then := func(e ir.Exp) *ir.Block { return def(s, e).Blocks[0] }
	require.Equal(t, []*ir.Block{then(ifs[0]), then(ifs[1])}, placedIn(s, foo.Sym()), "cheap: duplicated\n%s", s)
	requireDecision(t, s, foo.Sym(), Duplicated)
	r := newRef(s.Graph(), nil)
	require.Len(t, r.blocks[foo.Sym()], 2, "LMS duplicates too")

	g, foo, _ = build(true)
	s = run(t, g, Options{Verbose: true})
	require.Equal(t, []*ir.Block{s.Graph().Block}, placedIn(s, foo.Sym()), "costly: placed once\n%s", s)
	requireDecision(t, s, foo.Sym(), Once)
	r = newRef(s.Graph(), nil)
	require.Len(t, r.blocks[foo.Sym()], 2, "LMS duplicates the call")

	g, foo, _ = build(false)
	s = run(t, g, Options{NoDuplicate: true})
	require.Equal(t, []*ir.Block{s.Graph().Block}, placedIn(s, foo.Sym()), "NoDuplicate\n%s", s)
}

func requireDecision(t *testing.T, s *Schedule, x ir.Sym, k DecisionKind) {
	t.Helper()
	for _, d := range s.Decisions() {
		if d.Node == x {
			require.Equal(t, k, d.Kind, "%v", d)
			require.NotEmpty(t, d.String())
			return
		}
	}
	require.Failf(t, "no decision", "no decision about %v in %v", x, s.Decisions())
}
