package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// build builds a function with the given parameter types and checks it.
func build(t *testing.T, params []*Type, body func(b *Builder, args []Exp) Exp) *Graph {
	t.Helper()
	b := NewBuilder()
	g := b.Build(params, func(args []Exp) Exp { return body(b, args) })
	require.NoError(t, Check(g))
	return g
}

func def(g *Graph, e Exp) *Node { return g.Def(e.Sym()) }

func TestReadAfterWriteIsHard(t *testing.T) {
	var w, r Exp
	g := build(t, []*Type{SliceOf(Int)}, func(b *Builder, a []Exp) Exp {
		b.SetIndex(a[0], b.Const(Int, 0), b.Const(Int, 7))
		w = b.g.Nodes[len(b.g.Nodes)-1].Sym.E()
		r = b.Index(a[0], b.Const(Int, 1))
		return r
	})
	require.Contains(t, def(g, r).Eff.Hdeps, w.Sym())
}

func TestWriteAfterReadIsSoft(t *testing.T) {
	// In a loop body (no forwarding from an earlier write), read v, then
	// write it: the write must not move before the read, but does not
	// make it live.
	var r Exp
	var w *Node
	build(t, []*Type{Bool}, func(b *Builder, a []Exp) Exp {
		v := b.NewVar(b.Const(Int, 0))
		b.While(func() Exp { return a[0] }, func() {
			r = b.ReadVar(v)
			b.WriteVar(v, b.Const(Int, 7))
			w = b.g.Nodes[len(b.g.Nodes)-1]
		})
		return b.Unit()
	})
	require.Equal(t, OpVarSet, w.Op)
	require.Contains(t, w.Eff.Sdeps, r.Sym())
	require.NotContains(t, w.Eff.Hdeps, r.Sym())
}

func TestWriteAfterWriteIsHard(t *testing.T) {
	g := build(t, []*Type{SliceOf(Int)}, func(b *Builder, a []Exp) Exp {
		b.SetIndex(a[0], b.Const(Int, 0), b.Const(Int, 1))
		b.SetIndex(a[0], b.Const(Int, 1), b.Const(Int, 2))
		return b.Unit()
	})
	w1, w2 := g.Nodes[0], g.Nodes[1]
	require.Contains(t, w2.Eff.Hdeps, w1.Sym)
	require.Equal(t, []Key{CTRL}, w2.Eff.Rkeys, "an index can trap: it reads CTRL")
	require.Contains(t, w2.Eff.Wkeys, TRAP, "and writes TRAP")
	// Both writes survive DCE: the parameter's memory outlives the function.
	require.Len(t, DCE(g).Nodes, 2)
}

func TestReadAfterReadIsFree(t *testing.T) {
	build(t, []*Type{Bool}, func(b *Builder, a []Exp) Exp {
		v := b.NewVar(b.Const(Int, 0))
		var r1, r2 Exp
		b.While(func() Exp { return a[0] }, func() {
			r1 = b.ReadVar(v)
			r2 = b.ReadVar(v)
			b.Print(OpPrintln, b.Binary(OpAdd, r1, r2))
		})
		n1, n2 := b.g.Def(r1.Sym()), b.g.Def(r2.Sym())
		require.NotContains(t, n2.Eff.Hdeps, n1.Sym)
		require.NotContains(t, n2.Eff.Sdeps, n1.Sym)
		return b.Unit()
	})
}

func TestTrapsStayInOrder(t *testing.T) {
	// Two indexings that may both panic keep their source order (the
	// first panic's message is the source's), and an unused one is kept.
	g := build(t, []*Type{SliceOf(Int)}, func(b *Builder, a []Exp) Exp {
		b.Index(a[0], b.Const(Int, 1))
		return b.Index(a[0], b.Const(Int, 2))
	})
	first, second := g.Nodes[0], g.Nodes[1]
	require.Contains(t, second.Eff.Hdeps, first.Sym)
	require.Len(t, DCE(g).Nodes, 2, "an unused index still panics: it is kept")
}

func TestOutputOrder(t *testing.T) {
	g := build(t, []*Type{Int}, func(b *Builder, a []Exp) Exp {
		b.Print(OpPrintln, b.Const(String, "a"))
		q := b.Binary(OpDiv, b.Const(Int, 1), a[0]) // may trap: after "a", before "b"
		b.Print(OpPrintln, q)
		return b.Unit()
	})
	p1, q, p2 := g.Nodes[0], g.Nodes[1], g.Nodes[2]
	require.True(t, q.CanTrap())
	require.Contains(t, q.Eff.Hdeps, p1.Sym)
	require.Equal(t, []Sym{p1.Sym}, p2.Eff.Hdeps)
	require.Equal(t, []Sym{q.Sym}, p2.Eff.Sdeps, "write after read: the print may not move before the division")
}

func TestVariableDeadWrite(t *testing.T) {
	// var x = 0; x = 3; x = 10; print(x): the write x = 3 is dead.
	b := NewBuilder()
	g := b.Build(nil, func([]Exp) Exp {
		x := b.NewVar(b.Const(Int, 0))
		b.WriteVar(x, b.Const(Int, 3))
		b.WriteVar(x, b.Const(Int, 10))
		b.Print(OpPrintln, b.ReadVar(x))
		return b.Unit()
	})
	require.NoError(t, Check(g))
	// The read after the write in the same block is the written value.
	print := g.Nodes[len(g.Nodes)-1]
	require.Equal(t, "10", print.Args[0].String())
	d := DCE(g)
	require.NoError(t, Check(d))
	require.Equal(t, "================ Block(List(),(),x0,[STORE CTRL*: _ | x4]) ==============\nx4 = (println 10)  [CTRL*: _ | x0]\n", d.String())
}

func TestVariableDeadWriteWithRead(t *testing.T) {
	// Same, but the read is in a loop (no forwarding): x = 3 still dies, x = 10
	// is kept because the loop reads it.
	b := NewBuilder()
	g := b.Build([]*Type{Bool}, func(a []Exp) Exp {
		x := b.NewVar(b.Const(Int, 0))
		b.WriteVar(x, b.Const(Int, 3))
		b.WriteVar(x, b.Const(Int, 10))
		b.While(func() Exp { return a[0] }, func() { b.Print(OpPrintln, b.ReadVar(x)) })
		return b.Unit()
	})
	d := DCE(g)
	require.NoError(t, Check(d))
	var sets []string
	for _, n := range d.Nodes {
		if n.Op == OpVarSet {
			sets = append(sets, n.Args[1].String())
		}
	}
	require.Equal(t, []string{"10"}, sets)
}

func TestVarWriteInLoopKept(t *testing.T) {
	// The loop's write is read by the loop's condition, which precedes it
	// in node order: DCE must keep it (the result is read after the loop).
	b := NewBuilder()
	g := b.Build([]*Type{Int}, func(a []Exp) Exp {
		i := b.NewVar(b.Const(Int, 0))
		b.While(func() Exp { return b.Compare(OpLt, b.ReadVar(i), a[0]) }, func() {
			b.WriteVar(i, b.Binary(OpAdd, b.ReadVar(i), b.Const(Int, 1)))
		})
		return b.ReadVar(i)
	})
	d := DCE(g)
	require.NoError(t, Check(d))
	require.Equal(t, g.String(), d.String())
}

func TestAliasSubSliceWrite(t *testing.T) {
	// s := make([]int, 4); t := s[1:3]; t[0] = 5; print(s[1])
	b := NewBuilder()
	g := b.Build(nil, func([]Exp) Exp {
		s := b.MakeSlice(Int, b.Const(Int, 4), b.Const(Int, 4))
		sub := b.SubSlice(s, b.Const(Int, 1), b.Const(Int, 3))
		b.SetIndex(sub, b.Const(Int, 0), b.Const(Int, 5))
		b.Print(OpPrintln, b.Index(s, b.Const(Int, 1)))
		return b.Unit()
	})
	require.NoError(t, Check(g))
	var set, get *Node
	for _, n := range g.Nodes {
		switch n.Op {
		case OpSliceSet:
			set = n
		case OpSliceGet:
			get = n
		}
	}
	require.Contains(t, get.Eff.Hdeps, set.Sym, "the read through the base depends on the write through the sub-slice")
	d := DCE(g)
	require.NoError(t, Check(d))
	require.NotNil(t, d.Def(set.Sym), "DCE keeps the write")
}

func TestAliasParametersShareHeap(t *testing.T) {
	// Two slice parameters may be the same slice: a write to one orders the
	// reads of the other.
	var w *Node
	g := build(t, []*Type{SliceOf(Float64), SliceOf(Float64)}, func(b *Builder, a []Exp) Exp {
		b.SetIndex(a[0], b.Const(Int, 0), b.Const(Float64, 1.0))
		w = b.g.Nodes[len(b.g.Nodes)-1]
		return b.Index(a[1], b.Const(Int, 0))
	})
	r := g.Nodes[len(g.Nodes)-1]
	require.Contains(t, r.Eff.Hdeps, w.Sym)
}

func TestAliasEscape(t *testing.T) {
	// A local slice stored in a variable joins the heap class: a write
	// through the variable's value orders the reads through the original.
	b := NewBuilder()
	g := b.Build([]*Type{Bool}, func(a []Exp) Exp {
		s := b.MakeSlice(Int, b.Const(Int, 2), b.Const(Int, 2))
		v := b.NewVar(s)
		b.While(func() Exp { return a[0] }, func() {
			b.SetIndex(b.ReadVar(v), b.Const(Int, 0), b.Const(Int, 9))
		})
		return b.Index(s, b.Const(Int, 0))
	})
	require.NoError(t, Check(g))
	get := g.Nodes[len(g.Nodes)-1]
	loop := g.Nodes[len(g.Nodes)-2]
	require.Equal(t, OpWhile, loop.Op)
	require.Contains(t, get.Eff.Hdeps, loop.Sym)
	d := DCE(g)
	require.NotNil(t, d.Def(loop.Sym))
}

func TestLatentEffects(t *testing.T) {
	// A function that prints: calling it writes CTRL; defining it does not.
	b := NewBuilder()
	g := b.Build([]*Type{Int}, func(a []Exp) Exp {
		f := b.Lambda([]*Type{Int}, []*Type{Int}, func(x []Exp) Exp {
			b.Print(OpPrintln, x[0])
			return b.Binary(OpAdd, x[0], b.Const(Int, 1))
		})
		require.Nil(t, b.g.Def(f.Sym()).Eff)
		return b.Apply(f, a[0])
	})
	require.NoError(t, Check(g))
	app := g.Nodes[len(g.Nodes)-1]
	require.Equal(t, OpApply, app.Op)
	require.True(t, app.Eff.Writes(CTRL))
}

func TestForwardConservative(t *testing.T) {
	// fib through a forward declaration: the recursive calls read and write
	// everything; Bound gives the forward declaration the λ's bound set.
	b := NewBuilder()
	g := b.Build([]*Type{Int}, func(a []Exp) Exp {
		ft := FuncOf([]*Type{Int}, []*Type{Int})
		fwd := b.Forward(ft)
		fib := b.DefineForward(fwd, func(x []Exp) Exp {
			n := x[0]
			return b.If(b.Compare(OpLt, n, b.Const(Int, 2)), Int,
				func() Exp { return n },
				func() Exp {
					return b.Binary(OpAdd,
						b.Apply(fwd, b.Binary(OpSub, n, b.Const(Int, 1))),
						b.Apply(fwd, b.Binary(OpSub, n, b.Const(Int, 2))))
				})
		})
		return b.Apply(fib, a[0])
	})
	require.NoError(t, Check(g))
	var calls int
	for _, n := range g.Nodes {
		if n.Op == OpApply && n.Args[0].Sym() == g.Nodes[0].Sym {
			calls++
			require.True(t, n.Eff.Writes(CTRL))
		}
	}
	require.Equal(t, 2, calls)
	bv := Bound(g)
	fwd := g.Nodes[0]
	require.Equal(t, OpForward, fwd.Op)
	require.Equal(t, bv.Of(fwd.Args[0].Sym()), bv.Of(fwd.Sym))
	d := DCE(g)
	require.NoError(t, Check(d))
	require.Equal(t, len(g.Nodes), len(d.Nodes), "recursion keeps everything")
}

func TestBoundNested(t *testing.T) {
	b := NewBuilder()
	var inner, outer Exp
	g := b.Build([]*Type{Int, Int}, func(a []Exp) Exp {
		f := b.Lambda([]*Type{Int}, []*Type{Int}, func(x []Exp) Exp {
			outer = b.Binary(OpMul, a[1], a[1]) // depends only on the top block's input
			inner = b.Binary(OpAdd, x[0], outer)
			return inner
		})
		return b.Apply(f, a[0])
	})
	bv := Bound(g)
	lam := g.Nodes[len(g.Nodes)-2]
	require.Equal(t, []Sym{g.Block.In[1]}, bv.Of(outer.Sym()))
	require.Equal(t, []Sym{g.Block.In[1], lam.Blocks[0].In[0]}, bv.Of(inner.Sym()))
	require.Equal(t, []Sym{g.Block.In[1]}, bv.Of(lam.Sym), "the λ does not depend on what it binds")
}

func TestCSE(t *testing.T) {
	build(t, []*Type{Int, Int}, func(b *Builder, a []Exp) Exp {
		x := b.Binary(OpAdd, a[0], a[1])
		y := b.Binary(OpAdd, a[1], a[0]) // commutative
		require.Equal(t, x, y)
		require.NotEqual(t, b.Binary(OpSub, a[0], a[1]), b.Binary(OpSub, a[1], a[0]))
		// Effectful nodes are never shared.
		p := b.Index(b.MakeSlice(Int, a[0], a[0]), a[1])
		q := b.Index(b.MakeSlice(Int, a[0], a[0]), a[1])
		require.NotEqual(t, p, q)
		return x
	})
}

func TestOverwriteStaysInItsBlock(t *testing.T) {
	// while c { x = 1; x = 5 }: x = 1 dies, and x = 5 must still be bound
	// to the loop body (a loop that runs zero times writes nothing).
	b := NewBuilder()
	var w *Node
	var body *Block
	g := b.Build([]*Type{Bool}, func(a []Exp) Exp {
		x := b.NewVar(b.Const(Int, 0))
		b.While(func() Exp { return a[0] }, func() {
			b.WriteVar(x, b.Const(Int, 1))
			b.WriteVar(x, b.Const(Int, 5))
			w = b.g.Nodes[len(b.g.Nodes)-1]
		})
		body = b.g.Nodes[len(b.g.Nodes)-1].Blocks[1]
		return b.ReadVar(x)
	})
	require.Contains(t, w.Eff.Hdeps, body.Ein)
	d := DCE(g)
	require.NoError(t, Check(d))
	require.Equal(t, []Sym{body.Ein}, d.Def(w.Sym).Eff.Hdeps)
	require.Contains(t, Bound(d).Of(w.Sym), body.Ein)
}

func TestWriteStaysBeforePanic(t *testing.T) {
	// An append into a parameter's array (it cannot trap), then a
	// conditional panic: the caller sees the array after the panic, so
	// the panic may not move before the append, nor the append after the
	// panic (rpg seed 5637 F15a: the append was inlined into a use after
	// it). A store proved in range after the panic stays after it.
	var app Exp
	var cond *Node
	var set *Node
	build(t, []*Type{SliceOf(Int), Bool}, func(b *Builder, a []Exp) Exp {
		app = b.Append(a[0], b.Const(Int, 7))
		b.If(a[1], Void, func() Exp { b.Panic(b.Const(String, "p")); return b.Unit() }, func() Exp { return b.Unit() })
		cond = b.g.Nodes[len(b.g.Nodes)-1]
		b.SetIndexInRange(a[0], b.Const(Int, 0), b.Const(Int, 1))
		set = b.g.Nodes[len(b.g.Nodes)-1]
		return b.Len(app)
	})
	require.Equal(t, OpIf, cond.Op)
	require.True(t, cond.Eff.Writes(TRAP), "a panic is a trap")
	require.Contains(t, cond.Eff.Sdeps, app.Sym(), "write after read of TRAP: the panic stays after the append")
	require.Equal(t, OpSliceSet, set.Op)
	require.Contains(t, set.Eff.Hdeps, cond.Sym, "the store stays after the panic")
}
