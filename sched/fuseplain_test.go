package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// countedLoop builds for i := 0; i < n; i++ { body(i) }.
func countedLoop(b *ir.Builder, n ir.Exp, body func(i ir.Exp)) {
	v := b.NewVar(c(b, 0))
	b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), n) }, func() {
		body(b.ReadVar(v))
		b.WriteVar(v, b.Binary(ir.OpAdd, b.ReadVar(v), c(b, 1)))
	})
}

// plainPasses runs FusePlain, then the memory passes and DCE, checking
// every graph.
func plainPasses(t *testing.T, g *ir.Graph) *ir.Graph {
	t.Helper()
	require.NoError(t, ir.Check(g), "input\n%s", g)
	f := FusePlain(g)
	require.NoError(t, ir.Check(f), "after FusePlain\n%s", f)
	return memPasses(t, f)
}

// producerConsumer builds: t := make(len(x)); for i < len(x) { t[i] =
// x[i]*3 }; acc := 0; for i < len(x) { acc += t[at(i)] }; return acc.
func producerConsumer(at func(b *ir.Builder, i, n ir.Exp) ir.Exp) *ir.Graph {
	b := ir.NewBuilder()
	return b.Build([]*ir.Type{ir.SliceOf(ir.Int)}, func(a []ir.Exp) ir.Exp {
		x := a[0]
		n := b.Len(x)
		tmp := b.MakeSlice(ir.Int, n, n)
		countedLoop(b, n, func(i ir.Exp) { b.SetIndex(tmp, i, b.Binary(ir.OpMul, b.Index(x, i), c(b, 3))) })
		acc := b.NewVar(c(b, 0))
		countedLoop(b, n, func(i ir.Exp) {
			b.WriteVar(acc, b.Binary(ir.OpAdd, b.ReadVar(acc), b.Index(tmp, at(b, i, n))))
		})
		return b.ReadVar(acc)
	})
}

// TestFusePlain: a producer and a consumer loop over len(x) become one
// loop without the temporary; a consumer that reads the temporary ahead
// or backwards (an element the fused loop would not have written yet)
// keeps two loops and the temporary.
func TestFusePlain(t *testing.T) {
	for _, c0 := range []struct {
		name  string
		at    func(b *ir.Builder, i, n ir.Exp) ir.Exp
		fused bool
	}{
		{"same element", func(b *ir.Builder, i, n ir.Exp) ir.Exp { return i }, true},
		{"backwards", func(b *ir.Builder, i, n ir.Exp) ir.Exp {
			return b.Binary(ir.OpSub, b.Binary(ir.OpSub, n, c(b, 1)), i)
		}, false},
		{"ahead", func(b *ir.Builder, i, n ir.Exp) ir.Exp {
			return b.Binary(ir.OpAdd, i, c(b, 1))
		}, false},
		{"behind", func(b *ir.Builder, i, n ir.Exp) ir.Exp {
			return b.Binary(ir.OpSub, i, c(b, 1))
		}, false}, // fused (t[i-1] is written an iteration before), but read: the temporary stays
	} {
		t.Run(c0.name, func(t *testing.T) {
			g := producerConsumer(c0.at)
			require.Equal(t, 2, count(g, ir.OpWhile))
			h := plainPasses(t, g)
			if c0.fused {
				require.Equal(t, 1, count(h, ir.OpWhile), "%s", h)
				require.Zero(t, count(h, ir.OpSliceNew), "%s", h)
				require.Equal(t, 1, count(h, ir.OpSliceGet), "x[i] only\n%s", h)
			} else {
				require.Equal(t, 1, count(h, ir.OpSliceNew), "%s", h)
			}
			switch c0.name {
			case "ahead", "backwards":
				require.Equal(t, 2, count(h, ir.OpWhile), "%s", h)
			case "behind":
				require.Equal(t, 1, count(h, ir.OpWhile), "%s", h)
			}
		})
	}
}

// panicking builds: t := make(n); m := bound(n); for i < n { t[i] =
// x[i]*3 } (x[i] may panic: n is a parameter); then a consumer for i < m
// that adds t[i] into a variable, or, with write, stores it into x[i].
func panicking(write bool, bound func(b *ir.Builder, x, n, tmp ir.Exp) ir.Exp) *ir.Graph {
	b := ir.NewBuilder()
	return b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.Int}, func(a []ir.Exp) ir.Exp {
		x, n := a[0], a[1]
		tmp := b.MakeSlice(ir.Int, n, n)
		m := bound(b, x, n, tmp)
		countedLoop(b, n, func(i ir.Exp) { b.SetIndex(tmp, i, b.Binary(ir.OpMul, b.Index(x, i), c(b, 3))) })
		acc := b.NewVar(c(b, 0))
		countedLoop(b, m, func(i ir.Exp) {
			if write {
				b.SetIndex(x, i, b.Index(tmp, i))
			} else {
				b.WriteVar(acc, b.Binary(ir.OpAdd, b.ReadVar(acc), b.Index(tmp, i)))
			}
		})
		return b.ReadVar(acc)
	})
}

// TestFusePlainPanics: a producer that may panic is fused with a
// consumer that writes only a local variable and cannot panic (what it
// did before the producer's panic cannot be seen), not with one that
// writes the caller's memory; bounds written differently but equal
// (len(x[:n]) and n) fuse, bounds that differ do not.
func TestFusePlainPanics(t *testing.T) {
	same := func(b *ir.Builder, x, n, tmp ir.Exp) ir.Exp { return n }
	for _, c0 := range []struct {
		name  string
		write bool
		bound func(b *ir.Builder, x, n, tmp ir.Exp) ir.Exp
		fused bool
	}{
		{"local consumer", false, same, true},
		{"consumer writes x", true, same, false},
		{"len of x[:n]", false, func(b *ir.Builder, x, n, tmp ir.Exp) ir.Exp {
			return b.Len(b.SubSlice(x, c(b, 0), n))
		}, true},
		{"len of x[1:n]", false, func(b *ir.Builder, x, n, tmp ir.Exp) ir.Exp {
			return b.Len(b.SubSlice(x, c(b, 1), n))
		}, false},
		{"len(x)", false, func(b *ir.Builder, x, n, tmp ir.Exp) ir.Exp { return b.Len(x) }, false},
	} {
		t.Run(c0.name, func(t *testing.T) {
			g := panicking(c0.write, c0.bound)
			require.Equal(t, 2, count(g, ir.OpWhile))
			h := plainPasses(t, g)
			want := 2
			if c0.fused {
				want = 1
			}
			require.Equal(t, want, count(h, ir.OpWhile), "%s", h)
		})
	}
}

// TestFusePlainHangs: a producer that cannot panic and writes only a
// temporary but runs a loop that may not end (v != 7) is not fused with
// a consumer that may panic (y[i], y []float64 of any length): Go would hang in the
// producer where the fused loop would panic first. With a counted inner
// loop, it is fused.
func TestFusePlainHangs(t *testing.T) {
	for _, counted := range []bool{false, true} {
		b := ir.NewBuilder()
		g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.SliceOf(ir.Float64)}, func(a []ir.Exp) ir.Exp {
			x, y := a[0], a[1]
			n := b.Len(x)
			tmp := b.MakeSlice(ir.Int, n, n)
			countedLoop(b, n, func(i ir.Exp) {
				v := b.NewVar(b.Index(x, i))
				cond := func() ir.Exp { return b.Compare(ir.OpNe, b.ReadVar(v), c(b, 7)) }
				if counted {
					cond = func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), c(b, 7)) }
				}
				b.While(cond, func() { b.WriteVar(v, b.Binary(ir.OpAdd, b.ReadVar(v), c(b, 1))) })
				b.SetIndex(tmp, i, b.ReadVar(v))
			})
			countedLoop(b, n, func(i ir.Exp) { b.SetIndex(y, i, b.Convert(ir.Float64, b.Index(tmp, i))) })
			return b.Unit()
		})
		require.Equal(t, 3, count(g, ir.OpWhile))
		h := plainPasses(t, g)
		want := 3
		if counted {
			want = 2
		}
		require.Equal(t, want, count(h, ir.OpWhile), "counted inner loop %v\n%s", counted, h)
	}
}
