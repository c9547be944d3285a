package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

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
		loop := func(body func(i ir.Exp)) {
			v := b.NewVar(c(b, 0))
			b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), n) }, func() {
				body(b.ReadVar(v))
				b.WriteVar(v, b.Binary(ir.OpAdd, b.ReadVar(v), c(b, 1)))
			})
		}
		loop(func(i ir.Exp) { b.SetIndex(tmp, i, b.Binary(ir.OpMul, b.Index(x, i), c(b, 3))) })
		acc := b.NewVar(c(b, 0))
		loop(func(i ir.Exp) {
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
