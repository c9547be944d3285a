package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// TestVectorizeArrays: a sub-slice of constant length used only by load
// and store packs may be written as an array pointer; one also read by a
// scalar node, or not a sub-slice, may not.
func TestVectorizeArrays(t *testing.T) {
	id := func(j int) int { return j }
	v := Vectorize(run(t, elementwise(8, id, true), Options{}), false)
	require.NotEmpty(t, v.Packs)
	lens := map[PackKind]int64{}
	for _, p := range v.Packs {
		if p.Kind == PackLoad || p.Kind == PackStore {
			lens[p.Kind] = v.ArrayLen(p.Base.Sym())
		}
	}
	// out[0:8], whose 8 elements the stores write; x[0:16], of which
	// the loads read 8.
	require.Equal(t, map[PackKind]int64{PackStore: 8, PackLoad: 16}, lens)

	// The same, and a scalar read of x[0:16][15] returned: x stays a slice.
	b := ir.NewBuilder()
	f64s := ir.SliceOf(ir.Float64)
	c := func(i int) ir.Exp { return b.Const(ir.Int, i) }
	g := b.Build([]*ir.Type{f64s, f64s, ir.Float64}, func(p []ir.Exp) ir.Exp {
		o := b.SubSlice(p[0], c(0), c(4))
		xs := b.SubSlice(p[1], c(0), c(16))
		last := b.Index(xs, c(15))
		vals := make([]ir.Exp, 4)
		for j := range vals {
			vals[j] = b.Binary(ir.OpMul, p[2], b.Index(xs, c(j)))
		}
		for j, x := range vals {
			b.SetIndex(o, c(j), x)
		}
		return last
	})
	v = Vectorize(run(t, g, Options{}), false)
	require.Len(t, v.Packs, 3)
	for _, p := range v.Packs {
		switch p.Kind {
		case PackStore:
			require.Equal(t, int64(4), v.ArrayLen(p.Base.Sym()))
		case PackLoad:
			require.Zero(t, v.ArrayLen(p.Base.Sym()), "x[0:16] is also read by a scalar node")
		}
	}
	require.Zero(t, v.ArrayLen(g.Block.In[0]), "a parameter")
}
