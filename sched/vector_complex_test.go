package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// rotate builds, for lanes l < 4, out[l*stride] = complex(re+im, im-re)
// of x = src[l*stride] (re, im its parts): with loadFirst every load comes
// before the first store, else each element is stored right after its
// load; with whole, x is also stored as it is in out2[l].
func rotate(stride int, loadFirst, whole bool) *ir.Graph {
	b := ir.NewBuilder()
	c128s := ir.SliceOf(ir.Complex128)
	c := func(i int) ir.Exp { return b.Const(ir.Int, i) }
	return b.Build([]*ir.Type{c128s, c128s, c128s}, func(p []ir.Exp) ir.Exp {
		o := b.SubSlice(p[0], c(0), c(3*stride+1))
		xs := b.SubSlice(p[1], c(0), c(3*stride+1))
		o2 := b.SubSlice(p[2], c(0), c(4))
		vals := make([]ir.Exp, 4)
		for l := range 4 {
			x := b.Index(xs, c(l*stride))
			re, im := b.Real(x), b.Imag(x)
			vals[l] = b.Complex(b.Binary(ir.OpAdd, re, im), b.Binary(ir.OpSub, im, re))
			if whole {
				b.SetIndex(o2, c(l), x)
			}
			if !loadFirst {
				b.SetIndex(o, c(l*stride), vals[l])
			}
		}
		if loadFirst {
			for l := range 4 {
				b.SetIndex(o, c(l*stride), vals[l])
			}
		}
		return b.Unit()
	})
}

// TestVectorizeSplit: four complex128 elements at a stride become a store
// of both parts, two ops and the loads of the real and the imaginary
// parts; the slice_get and complex nodes are absorbed.
func TestVectorizeSplit(t *testing.T) {
	for _, stride := range []int{1, 3} {
		s := run(t, rotate(stride, true, false), Options{})
		v := Vectorize(s, false)
		require.Equal(t, []PackKind{PackStore, PackOp, PackLoad, PackLoad, PackOp}, kinds(v), "stride %d", stride)
		st := v.Packs[0]
		require.Equal(t, PartBoth, st.Part)
		require.Equal(t, int64(stride), st.Stride)
		require.Equal(t, int64(0), st.Index)
		require.Same(t, v.Packs[1], st.Args[0].Pack)
		require.Same(t, v.Packs[4], st.Args[1].Pack)
		require.Equal(t, PartRe, v.Packs[2].Part)
		require.Equal(t, PartIm, v.Packs[3].Part)
		for _, p := range v.Packs {
			require.Equal(t, 4, p.Width())
			for _, n := range p.Mem {
				require.True(t, v.Absorbed(n.Sym))
				q, _ := v.Of(n.Sym)
				require.Nil(t, q)
			}
			if p.Part != PartNone {
				require.Len(t, p.Mem, 4)
			}
		}
		require.Equal(t, v.Packs, Vectorize(s, false).Packs, "deterministic")
		// VectorizeWide leaves split packs to 256 bits: they are Vectorize's.
		require.False(t, VectorizeWide(s, false).Wide())
	}
}

// TestVectorizeSplitNot: what must stay scalar.
func TestVectorizeSplitNot(t *testing.T) {
	for name, g := range map[string]*ir.Graph{
		// out may alias src: the store of lane 0 comes before the load of
		// lane 1.
		"interleaved": rotate(1, false, false),
		// A loaded element is also used whole (stored as it is).
		"whole": rotate(2, true, true),
	} {
		v := Vectorize(run(t, g, Options{}), false)
		require.Empty(t, v.Packs, name)
	}
}
