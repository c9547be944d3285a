package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// dot builds the sum of x[i]·y[i] for i < n, left to right, over
// sub-slices of length n, plus z·0 + 0.
func dot(n int) *ir.Graph {
	b := ir.NewBuilder()
	f64s := ir.SliceOf(ir.Float64)
	c := func(i int) ir.Exp { return b.Const(ir.Int, i) }
	return b.Build([]*ir.Type{f64s, f64s, ir.Float64}, func(p []ir.Exp) ir.Exp {
		xs, ys := b.SubSlice(p[0], c(0), c(n)), b.SubSlice(p[1], c(0), c(n))
		s := b.Binary(ir.OpMul, b.Index(xs, c(0)), b.Index(ys, c(0)))
		for i := 1; i < n; i++ {
			s = b.Binary(ir.OpAdd, s, b.Binary(ir.OpMul, b.Index(xs, c(i)), b.Index(ys, c(i))))
		}
		z := b.Binary(ir.OpMul, p[2], b.Const(ir.Float64, 0.0))
		return b.Binary(ir.OpAdd, b.Binary(ir.OpAdd, s, z), b.Const(ir.Float64, 0.0))
	})
}

func countOps(g *ir.Graph) map[string]int {
	m := map[string]int{}
	for _, n := range g.Nodes {
		name := n.Op.String()
		if IsFMA(n) {
			name = "fma"
		}
		m[name]++
	}
	return m
}

// TestRelaxFP: a dot product of 16 terms becomes four lanes (a product
// and three fused multiply-adds each) and a pairwise sum of the lanes;
// z·0 + 0 is gone. Vectorize packs the lanes and the reduction.
func TestRelaxFP(t *testing.T) {
	g := dot(16)
	before := countOps(g)
	require.Equal(t, 17, before["*"])
	require.Equal(t, 17, before["+"]) // 15, + z·0, + 0
	h := ir.DCE(RelaxFP(g))
	ops := countOps(h)
	require.Equal(t, 4, ops["*"], "one product per lane")
	require.Equal(t, 12, ops["fma"])
	require.Equal(t, 3, ops["+"], "(l0+l1)+(l2+l3)")

	// Two terms: no lanes, one fused multiply-add.
	ops = countOps(ir.DCE(RelaxFP(dot(2))))
	require.Equal(t, 1, ops["fma"])
	require.Equal(t, 1, ops["*"])
	require.Zero(t, ops["+"])

	v := Vectorize(run(t, h, Options{}), true)
	require.Equal(t, map[PackKind]int{PackReduce: 1, PackOp: 4, PackLoad: 8}, packCounts(v))
	for _, p := range v.Packs {
		if p.Kind == PackReduce {
			require.Len(t, p.Lanes, 3)
			require.True(t, IsFMA(p.Args[0].Pack.Anchor))
		}
	}
	// Exact vectorization does not pack math.FMA (its C vector code
	// rounds twice), so nothing here.
	require.Empty(t, Vectorize(run(t, h, Options{}), false).Packs)
}

// TestRelaxFPNothing: a graph without float arithmetic is returned as it
// is.
func TestRelaxFPNothing(t *testing.T) {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.Int}, func(p []ir.Exp) ir.Exp { return b.Binary(ir.OpAdd, p[0], b.Const(ir.Int, 1)) })
	require.Same(t, g, RelaxFP(g))
}

func packCounts(v *Vectors) map[PackKind]int {
	m := map[PackKind]int{}
	for _, p := range v.Packs {
		m[p.Kind]++
	}
	return m
}
