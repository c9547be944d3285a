package sched

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/lmsgen/lmsgen/ir"
)

// The loop phases on graphs built directly: each rule of fusion, each
// case fusion must leave alone, and lowering. Check runs before and
// after every phase; the fused graphs print as golden text.

// loopBuilder builds loops over a slice parameter.
type loopBuilder struct{ b *ir.Builder }

// over builds a loop over xs with one generator; body returns the value
// to yield (Collect, Reduce with +) or, for a Bucket, the key and value
// (folded with +), or nothing to yield.
func (lb loopBuilder) over(xs ir.Exp, kind ir.GenKind, body func(l ir.Sym, i, x ir.Exp)) ir.Exp {
	b := lb.b
	g := ir.LoopGen{Kind: kind, Elem: ir.Int}
	switch kind {
	case ir.Reduce:
		g.Zero = b.Const(ir.Int, 0)
		g.Combine = func(acc, x ir.Exp) ir.Exp { return b.Binary(ir.OpAdd, acc, x) }
	case ir.Bucket:
		g.Key = ir.Int
		g.Combine = func(acc, x ir.Exp) ir.Exp { return b.Binary(ir.OpAdd, acc, x) }
	}
	return b.Loop(b.Len(xs), &xs, []ir.LoopGen{g}, func(l ir.Sym, in []ir.Exp) { body(l, in[0], in[1]) })
}

func (lb loopBuilder) mapLoop(xs ir.Exp, f func(x ir.Exp) ir.Exp) ir.Exp {
	return lb.over(xs, ir.Collect, func(l ir.Sym, _, x ir.Exp) { lb.b.Yield(l, 0, f(x)) })
}

func (lb loopBuilder) filter(xs ir.Exp, p func(x ir.Exp) ir.Exp) ir.Exp {
	b := lb.b
	return lb.over(xs, ir.Collect, func(l ir.Sym, _, x ir.Exp) {
		b.If(p(x), ir.Void, func() ir.Exp { b.Yield(l, 0, x); return b.Unit() }, b.Unit)
	})
}

func (lb loopBuilder) sum(xs ir.Exp) ir.Exp {
	return lb.over(xs, ir.Reduce, func(l ir.Sym, _, x ir.Exp) { lb.b.Yield(l, 0, x) })
}

// build builds a function of one []int parameter.
func buildLoops(t *testing.T, body func(lb loopBuilder, xs ir.Exp) ir.Exp) *ir.Graph {
	t.Helper()
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.SliceOf(ir.Int)}, func(in []ir.Exp) ir.Exp { return body(loopBuilder{b}, in[0]) })
	require.NoError(t, ir.Check(g))
	return g
}

// fuse runs FuseLoops and DCE, checking the graphs, and returns the
// result and the generators of its loops, in order.
func fuse(t *testing.T, g *ir.Graph) (*ir.Graph, []string) {
	t.Helper()
	f := ir.DCE(FuseLoops(g))
	require.NoError(t, ir.Check(f))
	var loops []string
	for _, n := range f.Nodes {
		if n.Op == ir.OpLoop {
			loops = append(loops, n.Aux.(*ir.Loop).String())
		}
	}
	// Lowering leaves no loop node and a valid graph, which schedules.
	low := ir.DCE(LowerLoops(f))
	require.NoError(t, ir.Check(low))
	require.False(t, HasLoops(low))
	require.NoError(t, Verify(Run(low, Options{})))
	return f, loops
}

func add(b *ir.Builder, x ir.Exp, c int) ir.Exp { return b.Binary(ir.OpAdd, x, b.Const(ir.Int, c)) }

func TestFuseVerticalMapMap(t *testing.T) {
	g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
		b := lb.b
		ys := lb.mapLoop(xs, func(x ir.Exp) ir.Exp { return add(b, x, 1) })
		return lb.mapLoop(ys, func(y ir.Exp) ir.Exp { return b.Binary(ir.OpMul, y, b.Const(ir.Int, 3)) })
	})
	f, loops := fuse(t, g)
	require.Equal(t, []string{"Collect! over"}, loops)
	require.Equal(t, strings.TrimLeft(`
================ Block(List(x1),x10,x0,[x3: _ | x0]) ==============
x2 = (slice_len x1)  
x14 = (+ x13 1)  
x15 = (* x14 3)  
x16 = (yield x10#0 x15)  [x10*: _ | x11]
x10 = (loop Collect! over x2 x1 Block(List(x12, x13),(),x11,[: _ | x16])) [x3: _ | x0]
`, "\n"), f.String())
}

func TestFuseVerticalSumFilter(t *testing.T) {
	g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
		b := lb.b
		pos := lb.filter(xs, func(x ir.Exp) ir.Exp { return b.Compare(ir.OpGt, x, b.Const(ir.Int, 0)) })
		return lb.sum(lb.mapLoop(pos, func(x ir.Exp) ir.Exp { return b.Binary(ir.OpMul, x, x) }))
	})
	f, loops := fuse(t, g)
	require.Equal(t, []string{"Reduce over"}, loops, f.String())
	require.Contains(t, f.String(), "(? ", "the yield stays under the filter's condition")
}

func TestFuseHorizontal(t *testing.T) {
	g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
		b := lb.b
		s1 := lb.sum(lb.mapLoop(xs, func(x ir.Exp) ir.Exp { return b.Binary(ir.OpMul, add(b, x, 1), x) }))
		s2 := lb.sum(lb.mapLoop(xs, func(x ir.Exp) ir.Exp { return b.Binary(ir.OpSub, add(b, x, 1), x) }))
		return b.Tuple(s1, s2)
	})
	f, loops := fuse(t, g)
	require.Equal(t, []string{"Reduce!,Reduce! over"}, loops, f.String())
	// CSE across the fused bodies: x+1 is computed once.
	require.Len(t, regexp.MustCompile(`= \(\+ x\d+ 1\)`).FindAllString(f.String(), -1), 1, f.String())
}

func TestFuseBucketConsumer(t *testing.T) {
	g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
		b := lb.b
		ys := lb.mapLoop(xs, func(x ir.Exp) ir.Exp { return b.Binary(ir.OpMul, x, b.Const(ir.Int, 7)) })
		zs := lb.filter(ys, func(y ir.Exp) ir.Exp {
			return b.Compare(ir.OpNe, b.Binary(ir.OpAnd, y, b.Const(ir.Int, 1)), b.Const(ir.Int, 0))
		})
		grp := lb.over(zs, ir.Bucket, func(l ir.Sym, _, z ir.Exp) { b.Yield(l, 0, b.Binary(ir.OpAnd, z, b.Const(ir.Int, 3)), z) })
		return b.Tuple(b.LoopResult(grp, 0), b.LoopResult(grp, 1))
	})
	_, loops := fuse(t, g)
	require.Equal(t, []string{"Bucket over"}, loops)
}

func TestFuseKeepsUsedIntermediate(t *testing.T) {
	// The filtered slice is a result too: one loop computes it and the
	// sum (the tutorial's x1=Collect, x2=Reduce); unused, it is dropped.
	for _, keep := range []bool{true, false} {
		g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
			b := lb.b
			pos := lb.filter(xs, func(x ir.Exp) ir.Exp { return b.Compare(ir.OpGt, x, b.Const(ir.Int, 0)) })
			s := lb.sum(pos)
			if keep {
				return b.Tuple(s, pos)
			}
			return s
		})
		_, loops := fuse(t, g)
		if keep {
			require.Equal(t, []string{"Collect,Reduce over"}, loops)
		} else {
			require.Equal(t, []string{"Reduce over"}, loops)
		}
	}
}

func TestFuseLeavesEffectsAlone(t *testing.T) {
	g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
		b := lb.b
		ys := lb.mapLoop(xs, func(x ir.Exp) ir.Exp {
			b.Print(ir.OpPrintln, x)
			return x
		})
		return lb.sum(ys)
	})
	_, loops := fuse(t, g)
	require.Equal(t, []string{"Collect! over", "Reduce! over"}, loops)
}

func TestFuseIndexNeedsExactProducer(t *testing.T) {
	// The consumer uses its index: over a filtered slice, the indices
	// differ from the producer's, so it is not fused.
	g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
		b := lb.b
		pos := lb.filter(xs, func(x ir.Exp) ir.Exp { return b.Compare(ir.OpGt, x, b.Const(ir.Int, 0)) })
		return lb.over(pos, ir.Reduce, func(l ir.Sym, i, x ir.Exp) { b.Yield(l, 0, b.Binary(ir.OpMul, i, x)) })
	})
	_, loops := fuse(t, g)
	require.Equal(t, []string{"Collect over", "Reduce! over"}, loops)
}

func TestFuseCutoff(t *testing.T) {
	g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
		b := lb.b
		ys := lb.mapLoop(xs, func(x ir.Exp) ir.Exp {
			for k := range fuseCutoff {
				x = b.Binary(ir.OpXor, b.Binary(ir.OpMul, x, x), b.Const(ir.Int, k))
			}
			return x
		})
		return lb.sum(ys)
	})
	_, loops := fuse(t, g)
	require.Len(t, loops, 2, "a body over the cutoff is not copied into its consumer")
}

// trapMap builds a Map whose function may trap: tbl[x].
func (lb loopBuilder) trapMap(xs, tbl ir.Exp) ir.Exp {
	return lb.mapLoop(xs, func(x ir.Exp) ir.Exp { return lb.b.Index(tbl, x) })
}

func buildLoops2(t *testing.T, body func(lb loopBuilder, xs, tbl ir.Exp) ir.Exp) *ir.Graph {
	t.Helper()
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.SliceOf(ir.Int)}, func(in []ir.Exp) ir.Exp { return body(loopBuilder{b}, in[0], in[1]) })
	require.NoError(t, ir.Check(g))
	return g
}

func TestFuseAbsorbsTrappingProducer(t *testing.T) {
	// A Map that may trap, consumed only by a Sum with no effect: the
	// fused loop replaces it.
	g := buildLoops2(t, func(lb loopBuilder, xs, tbl ir.Exp) ir.Exp { return lb.sum(lb.trapMap(xs, tbl)) })
	f, loops := fuse(t, g)
	require.Equal(t, []string{"Reduce! over"}, loops, f.String())
}

func TestFuseKeepsTrappingProducer(t *testing.T) {
	cases := map[string]func(lb loopBuilder, xs, tbl ir.Exp) ir.Exp{
		// Output between them: the panic must come before it.
		"output between": func(lb loopBuilder, xs, tbl ir.Exp) ir.Exp {
			ys := lb.trapMap(xs, tbl)
			lb.b.Print(ir.OpPrintln, lb.b.Const(ir.String, "between"))
			return lb.sum(ys)
		},
		// Another user: the producer must run anyway.
		"two users": func(lb loopBuilder, xs, tbl ir.Exp) ir.Exp {
			ys := lb.trapMap(xs, tbl)
			return lb.b.Tuple(lb.sum(ys), ys)
		},
		// A consumer that may trap too: which panics first would change.
		"trapping consumer": func(lb loopBuilder, xs, tbl ir.Exp) ir.Exp {
			return lb.sum(lb.trapMap(lb.trapMap(xs, tbl), tbl))
		},
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			_, loops := fuse(t, buildLoops2(t, body))
			require.GreaterOrEqual(t, len(loops), 2)
		})
	}
}

func TestFuseIndexByFillIndex(t *testing.T) {
	// Fill(len(tbl), i => tbl[i]) reads in bounds: no trap, so its
	// consumer fuses with it even though the consumer may trap.
	g := buildLoops2(t, func(lb loopBuilder, xs, tbl ir.Exp) ir.Exp {
		b := lb.b
		fill := b.Loop(b.Len(tbl), nil, []ir.LoopGen{{Kind: ir.Collect, Elem: ir.Int}}, func(l ir.Sym, in []ir.Exp) {
			b.Yield(l, 0, b.Index(tbl, in[0]))
		})
		require.Empty(t, b.Graph().Def(fill.Sym()).Eff.Wkeys, "the read of the index cannot trap")
		return lb.sum(lb.trapMap(fill, xs))
	})
	f, loops := fuse(t, g)
	require.Equal(t, []string{"Reduce!"}, loops, f.String())
}

func TestFuseAbsorbChain(t *testing.T) {
	// Sum(Map(Map(xs, tbl[x]), f)): the outer Map absorbs the inner one
	// while the Sum waits a round (the slice it ran over is gone), then
	// fuses: one loop.
	g := buildLoops2(t, func(lb loopBuilder, xs, tbl ir.Exp) ir.Exp {
		b := lb.b
		return lb.sum(lb.mapLoop(lb.trapMap(xs, tbl), func(y ir.Exp) ir.Exp { return b.Binary(ir.OpMul, y, b.Const(ir.Int, 3)) }))
	})
	f, loops := fuse(t, g)
	require.Equal(t, []string{"Reduce! over"}, loops, f.String())
}

// TestJoinBuckets lowers one loop with two Buckets by one key: with
// combines that cannot panic their values are folded under one test into
// one slice; with a division (it may panic) each keeps its own test, in
// order.
func TestJoinBuckets(t *testing.T) {
	lowered := func(op ir.Op) *ir.Graph {
		g := buildLoops(t, func(lb loopBuilder, xs ir.Exp) ir.Exp {
			b := lb.b
			gen := func() ir.LoopGen {
				return ir.LoopGen{Kind: ir.Bucket, Elem: ir.Int, Key: ir.Int,
					Combine: func(acc, x ir.Exp) ir.Exp { return b.Binary(op, acc, x) }}
			}
			loop := b.Loop(b.Len(xs), &xs, []ir.LoopGen{gen(), gen()}, func(l ir.Sym, in []ir.Exp) {
				key := b.Binary(ir.OpAnd, in[1], b.Const(ir.Int, 3))
				b.Yield(l, 0, key, in[1])
				b.Yield(l, 1, key, add(b, in[1], 1))
			})
			return b.Tuple(b.Proj(loop, 0), b.Proj(loop, 1), b.Proj(loop, 3))
		})
		low := ir.DCE(LowerLoops(g))
		require.NoError(t, ir.Check(low))
		require.NoError(t, Verify(Run(low, Options{})))
		return low
	}
	count := func(g *ir.Graph, op ir.Op) int {
		c := 0
		for _, n := range g.Nodes {
			if n.Op == op {
				c++
			}
		}
		return c
	}
	joined := lowered(ir.OpAdd)
	require.Equal(t, 1, count(joined, ir.OpIndexSlot))
	require.Equal(t, 1, count(joined, ir.OpIf), "one test of whether the key is new")
	require.Equal(t, 4, count(joined, ir.OpSliceNew), "the keys, one slice of values, then one per Bucket after the loop")
	apart := lowered(ir.OpDiv)
	require.Equal(t, 1, count(apart, ir.OpIndexSlot), "the key is still searched once")
	require.Equal(t, 3, count(apart, ir.OpIf), "the key's append, then one test per Bucket")
	require.Equal(t, 3, count(apart, ir.OpSliceNew), "the keys, then the values of each Bucket")
}

// TestCSEGenerators: two identical Reduces (or GroupBys) over one slice,
// fused horizontally, are one generator; they stay two when their
// combines, initial values or yielded values differ, or when a Bucket's
// slices are not only read (returned: the caller may write one).
func TestCSEGenerators(t *testing.T) {
	reduce := func(lb loopBuilder, xs ir.Exp, zero int, op ir.Op, f func(x ir.Exp) ir.Exp) ir.Exp {
		b := lb.b
		g := ir.LoopGen{Kind: ir.Reduce, Elem: ir.Int, Zero: b.Const(ir.Int, zero),
			Combine: func(acc, x ir.Exp) ir.Exp { return b.Binary(op, acc, x) }}
		return b.Loop(b.Len(xs), &xs, []ir.LoopGen{g}, func(l ir.Sym, in []ir.Exp) { b.Yield(l, 0, f(in[1])) })
	}
	group := func(lb loopBuilder, xs ir.Exp, op ir.Op) ir.Exp {
		b := lb.b
		g := ir.LoopGen{Kind: ir.Bucket, Elem: ir.Int, Key: ir.Int,
			Combine: func(acc, x ir.Exp) ir.Exp { return b.Binary(op, acc, x) }}
		return b.Loop(b.Len(xs), &xs, []ir.LoopGen{g}, func(l ir.Sym, in []ir.Exp) {
			b.Yield(l, 0, b.Binary(ir.OpAnd, in[1], b.Const(ir.Int, 3)), add(b, in[1], 1))
		})
	}
	id := func(x ir.Exp) ir.Exp { return x }
	// read uses a GroupBy's keys and values by reading them only.
	read := func(lb loopBuilder, grp ir.Exp) ir.Exp {
		b := lb.b
		return b.Binary(ir.OpAdd, lb.sum(b.LoopResult(grp, 0)), lb.sum(b.LoopResult(grp, 1)))
	}
	cases := []struct {
		name string
		body func(lb loopBuilder, xs ir.Exp) ir.Exp
		want []string
	}{
		{"same reduces", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			return lb.b.Binary(ir.OpMul, reduce(lb, xs, 1, ir.OpMul, id), reduce(lb, xs, 1, ir.OpMul, id))
		}, []string{"Reduce! over"}},
		{"other combine", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			return lb.b.Binary(ir.OpMul, reduce(lb, xs, 1, ir.OpMul, id), reduce(lb, xs, 1, ir.OpAdd, id))
		}, []string{"Reduce!,Reduce! over"}},
		{"other zero", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			return lb.b.Binary(ir.OpMul, reduce(lb, xs, 1, ir.OpMul, id), reduce(lb, xs, 2, ir.OpMul, id))
		}, []string{"Reduce!,Reduce! over"}},
		{"other values", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			neg := func(x ir.Exp) ir.Exp { return lb.b.Unary(ir.OpNeg, x) }
			return lb.b.Binary(ir.OpMul, reduce(lb, xs, 1, ir.OpMul, id), reduce(lb, xs, 1, ir.OpMul, neg))
		}, []string{"Reduce!,Reduce! over"}},
		{"same groupbys", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			return lb.b.Binary(ir.OpMul, read(lb, group(lb, xs, ir.OpAdd)), read(lb, group(lb, xs, ir.OpAdd)))
		}, []string{"Bucket! over", "Reduce! over", "Reduce! over"}},
		{"groupbys, other combine", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			return lb.b.Binary(ir.OpMul, read(lb, group(lb, xs, ir.OpAdd)), read(lb, group(lb, xs, ir.OpSub)))
		}, []string{"Bucket!,Bucket! over", "Reduce! over", "Reduce! over", "Reduce! over", "Reduce! over"}},
		{"groupbys returned", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			b := lb.b
			g1, g2 := group(lb, xs, ir.OpAdd), group(lb, xs, ir.OpAdd)
			return b.Tuple(b.LoopResult(g1, 0), b.LoopResult(g1, 1), b.LoopResult(g2, 0), b.LoopResult(g2, 1))
		}, []string{"Bucket!,Bucket! over"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, loops := fuse(t, buildLoops(t, c.body))
			require.Equal(t, c.want, loops, f.String())
		})
	}
}

// TestFuseBucketKeys: a Map over a GroupBy's keys becomes a Bucket by the
// same key, keeping the first value, in the GroupBy's loop; a Map over
// its values (folded) stays a second loop, as does one using its index.
func TestFuseBucketKeys(t *testing.T) {
	group := func(lb loopBuilder, xs ir.Exp) ir.Exp {
		b := lb.b
		return lb.over(xs, ir.Bucket, func(l ir.Sym, _, x ir.Exp) { b.Yield(l, 0, b.Binary(ir.OpAnd, x, b.Const(ir.Int, 3)), x) })
	}
	sq := func(b *ir.Builder) func(x ir.Exp) ir.Exp {
		return func(x ir.Exp) ir.Exp { return add(b, b.Binary(ir.OpMul, x, x), 1) }
	}
	cases := []struct {
		name string
		body func(lb loopBuilder, xs ir.Exp) ir.Exp
		want []string
	}{
		{"keys", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			b := lb.b
			grp := group(lb, xs)
			return b.Tuple(b.LoopResult(grp, 1), lb.mapLoop(b.LoopResult(grp, 0), sq(b)))
		}, []string{"Bucket!,Bucket! over"}},
		{"keys only", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			b := lb.b
			return lb.mapLoop(b.LoopResult(group(lb, xs), 0), sq(b))
		}, []string{"Bucket! over"}},
		{"values", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			b := lb.b
			return lb.mapLoop(b.LoopResult(group(lb, xs), 1), sq(b))
		}, []string{"Bucket! over", "Collect! over"}},
		{"index", func(lb loopBuilder, xs ir.Exp) ir.Exp {
			b := lb.b
			return lb.over(b.LoopResult(group(lb, xs), 0), ir.Collect, func(l ir.Sym, i, x ir.Exp) { b.Yield(l, 0, b.Binary(ir.OpMul, i, x)) })
		}, []string{"Bucket! over", "Collect! over"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, loops := fuse(t, buildLoops(t, c.body))
			require.Equal(t, c.want, loops, f.String())
		})
	}
}
