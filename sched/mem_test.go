package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// memPasses runs Forward and DeadArrays, then DCE, checking every graph.
func memPasses(t *testing.T, g *ir.Graph) *ir.Graph {
	t.Helper()
	require.NoError(t, ir.Check(g), "input\n%s", g)
	f := Forward(g)
	require.NoError(t, ir.Check(f), "after Forward\n%s", f)
	d := DeadArrays(f)
	require.NoError(t, ir.Check(d), "after DeadArrays\n%s", d)
	s := DeadStores(d)
	require.NoError(t, ir.Check(s), "after DeadStores\n%s", s)
	return ir.DCE(s)
}

func c(b *ir.Builder, v int) ir.Exp { return b.Const(ir.Int, v) }

// TestForwardStraight: stores and loads of distinct constant elements in
// straight-line code: every load is forwarded, and the array, then never
// read, disappears.
func TestForwardStraight(t *testing.T) {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.Int, ir.Int}, func(a []ir.Exp) ir.Exp {
		s := b.MakeSlice(ir.Int, c(b, 4), c(b, 4))
		b.SetIndex(s, c(b, 0), a[0])
		b.SetIndex(s, c(b, 1), a[1])
		x := b.Index(s, c(b, 0)) // after a store to s[1]: the builder reloads it
		b.SetIndex(s, c(b, 0), b.Binary(ir.OpAdd, x, b.Index(s, c(b, 1))))
		return b.Binary(ir.OpMul, b.Index(s, c(b, 0)), b.Index(s, c(b, 1)))
	})
	require.Positive(t, count(g, ir.OpSliceGet))
	h := memPasses(t, g)
	for _, op := range []ir.Op{ir.OpSliceGet, ir.OpSliceSet, ir.OpSliceNew} {
		require.Zero(t, count(h, op), "%v left in\n%s", op, h)
	}
	require.Equal(t, "(* (+ x1 x2) x2)", render(h, h.Block.Res))
}

// render prints an expression of h as a tree.
func render(h *ir.Graph, e ir.Exp) string {
	if e.IsConst() || h.Def(e.Sym()) == nil {
		return e.String()
	}
	n := h.Def(e.Sym())
	s := "(" + n.Op.String()
	for _, a := range n.Args {
		s += " " + render(h, a)
	}
	return s + ")"
}

// TestForwardAliasing: a store through a slice that may share memory
// (another parameter of the same element type, a sub-slice at a staged
// offset, copy, a call of a staged function) keeps the load; a store to
// a distinct element of the same slice, or to another element type, does
// not.
func TestForwardAliasing(t *testing.T) {
	for _, c0 := range []struct {
		name    string
		loads   int
		between func(b *ir.Builder, s, u, f ir.Exp, k ir.Exp)
	}{
		{"distinct element", 0, func(b *ir.Builder, s, u, f, k ir.Exp) { b.SetIndex(s, c(b, 1), k) }},
		{"sub-slice at 1", 0, func(b *ir.Builder, s, u, f, k ir.Exp) {
			b.SetIndex(b.SubSlice(s, c(b, 1), b.Len(s)), c(b, 0), k)
		}},
		{"float slice", 0, func(b *ir.Builder, s, u, f, k ir.Exp) { b.SetIndex(f, c(b, 0), b.Const(ir.Float64, 1.5)) }},
		{"other parameter", 1, func(b *ir.Builder, s, u, f, k ir.Exp) { b.SetIndex(u, c(b, 0), k) }},
		{"sub-slice at k", 1, func(b *ir.Builder, s, u, f, k ir.Exp) {
			b.SetIndex(b.SubSlice(s, k, b.Len(s)), c(b, 0), k)
		}},
		{"copy", 1, func(b *ir.Builder, s, u, f, k ir.Exp) { b.Copy(b.SubSlice(s, c(b, 1), b.Len(s)), s) }},
		{"staged function", 1, func(b *ir.Builder, s, u, f, k ir.Exp) {
			fn := b.Lambda([]*ir.Type{ir.SliceOf(ir.Int)}, nil, func(p []ir.Exp) ir.Exp {
				b.SetIndex(p[0], c(b, 0), c(b, 9))
				return b.Unit()
			})
			b.Apply(fn, u)
		}},
	} {
		t.Run(c0.name, func(t *testing.T) {
			b := ir.NewBuilder()
			g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.SliceOf(ir.Int), ir.SliceOf(ir.Float64), ir.Int}, func(a []ir.Exp) ir.Exp {
				b.SetIndex(a[0], c(b, 0), a[3])
				c0.between(b, a[0], a[1], a[2], a[3])
				return b.Index(a[0], c(b, 0))
			})
			h := memPasses(t, g)
			require.Equal(t, c0.loads, count(h, ir.OpSliceGet), "%s", h)
			if c0.loads == 0 {
				require.Equal(t, h.Block.In[3].E(), h.Block.Res)
			}
		})
	}
}

// TestForwardBranches: what both branches of a conditional know is known
// after it, through a new result when they differ; a loop that writes
// s[2] forgets s[2] only.
func TestForwardBranches(t *testing.T) {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.Bool, ir.Int}, func(a []ir.Exp) ir.Exp {
		s := a[0]
		b.SetIndex(s, c(b, 0), a[2])
		b.If(a[1], ir.Void, func() ir.Exp {
			b.SetIndex(s, c(b, 1), b.Binary(ir.OpAdd, b.Index(s, c(b, 0)), c(b, 1)))
			return b.Unit()
		}, func() ir.Exp {
			b.SetIndex(s, c(b, 1), c(b, 7))
			return b.Unit()
		})
		r := b.Binary(ir.OpAdd, b.Index(s, c(b, 0)), b.Index(s, c(b, 1)))
		b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.Index(s, c(b, 2)), c(b, 10)) }, func() {
			b.SetIndex(s, c(b, 2), b.Binary(ir.OpAdd, b.Index(s, c(b, 2)), c(b, 1)))
		})
		return b.Binary(ir.OpAdd, r, b.Index(s, c(b, 0)))
	})
	h := memPasses(t, g)
	// Left: the loop's condition and body read s[2].
	require.Equal(t, 2, count(h, ir.OpSliceGet), "%s", h)
	var ifs []*ir.Node
	for _, n := range h.Nodes {
		if n.Op == ir.OpIf {
			ifs = append(ifs, n)
		}
	}
	require.Len(t, ifs, 1)
	require.Equal(t, ir.Int, ifs[0].Type, "one φ, for s[1]")
}

// TestDeadArrays: a local array written in a counted loop and never read
// is removed with the loop; one written at an index that may be out of
// range, or in a loop that may not be counted, stays.
func TestDeadArrays(t *testing.T) {
	build := func(step int, bound func(b *ir.Builder, n ir.Exp) ir.Exp, idx func(b *ir.Builder, i, n ir.Exp) ir.Exp) *ir.Graph {
		b := ir.NewBuilder()
		return b.Build([]*ir.Type{ir.Int}, func(a []ir.Exp) ir.Exp {
			s := b.MakeSlice(ir.Int, c(b, 10), c(b, 10))
			v := b.NewVar(c(b, 0))
			b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), bound(b, a[0])) }, func() {
				i := b.ReadVar(v)
				b.SetIndex(s, idx(b, i, a[0]), i)
				b.WriteVar(v, b.Binary(ir.OpAdd, b.ReadVar(v), c(b, step)))
			})
			return a[0]
		})
	}
	ten := func(b *ir.Builder, n ir.Exp) ir.Exp { return c(b, 10) }
	staged := func(b *ir.Builder, n ir.Exp) ir.Exp { return n }
	at := func(b *ir.Builder, i, n ir.Exp) ir.Exp { return i }
	for _, c0 := range []struct {
		name string
		g    *ir.Graph
		gone bool
	}{
		{"free_dead4", build(1, ten, at), true},
		{"step 3 to 10", build(3, ten, at), true},
		{"index i+1", build(1, ten, func(b *ir.Builder, i, n ir.Exp) ir.Exp { return b.Binary(ir.OpAdd, i, c(b, 1)) }), false},
		{"staged bound", build(1, staged, at), false},
		{"staged index", build(1, ten, func(b *ir.Builder, i, n ir.Exp) ir.Exp { return n }), false},
	} {
		t.Run(c0.name, func(t *testing.T) {
			h := memPasses(t, c0.g)
			if c0.gone {
				require.Empty(t, h.Nodes, "%s", h)
			} else {
				require.Equal(t, 1, count(h, ir.OpSliceNew), "%s", h)
				require.Equal(t, 1, count(h, ir.OpWhile), "%s", h)
			}
		})
	}
}

// TestForwardLoopWrites: s[0], known before a loop that writes s[i+1],
// is known after it when the loop runs 8 times (i+1 is in [1, 8]), and
// read again when its trip count is staged (i+1 may wrap to 0).
func TestForwardLoopWrites(t *testing.T) {
	for _, c0 := range []struct {
		name  string
		bound func(b *ir.Builder, n ir.Exp) ir.Exp
		loads int
	}{
		{"8 iterations", func(b *ir.Builder, n ir.Exp) ir.Exp { return c(b, 8) }, 0},
		{"n iterations", func(b *ir.Builder, n ir.Exp) ir.Exp { return n }, 1},
	} {
		t.Run(c0.name, func(t *testing.T) {
			b := ir.NewBuilder()
			g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.Int}, func(a []ir.Exp) ir.Exp {
				s := a[0]
				b.SetIndex(s, c(b, 0), a[1])
				v := b.NewVar(c(b, 0))
				b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), c0.bound(b, a[1])) }, func() {
					i := b.ReadVar(v)
					b.SetIndex(s, b.Binary(ir.OpAdd, i, c(b, 1)), i)
					b.WriteVar(v, b.Binary(ir.OpAdd, b.ReadVar(v), c(b, 1)))
				})
				return b.Index(s, c(b, 0))
			})
			h := memPasses(t, g)
			require.Equal(t, c0.loads, count(h, ir.OpSliceGet), "%s", h)
		})
	}
}

// TestDeadStores: a store to a constant element of a local slice that a
// later store overwrites with no read in between is removed; a read of
// any element at a staged index in between, or a parameter slice (seen
// by the caller after a panic), keeps it.
func TestDeadStores(t *testing.T) {
	for _, c0 := range []struct {
		name   string
		param  bool
		read   bool
		stores int
	}{
		{"local", false, false, 2},
		{"local, read between", false, true, 3},
		{"parameter", true, false, 3},
	} {
		t.Run(c0.name, func(t *testing.T) {
			b := ir.NewBuilder()
			g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.Int}, func(a []ir.Exp) ir.Exp {
				s := a[0]
				if !c0.param {
					s = b.MakeSlice(ir.Int, c(b, 4), c(b, 4))
				}
				b.SetIndex(s, c(b, 0), a[1])
				b.SetIndex(s, c(b, 1), a[1])
				r := c(b, 0)
				if c0.read {
					r = b.Index(s, a[1])
				}
				b.SetIndex(s, c(b, 0), b.Binary(ir.OpAdd, a[1], c(b, 1)))
				return b.Binary(ir.OpAdd, r, b.Index(s, a[1]))
			})
			h := memPasses(t, g)
			require.Equal(t, c0.stores, count(h, ir.OpSliceSet), "%s", h)
		})
	}
}
