package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// elementwise builds out[0:n][j] = a * x[0:n][idx(j)] for j < n: with
// loadFirst every load comes before the first store, else each element is
// stored right after its load.
func elementwise(n int, idx func(int) int, loadFirst bool) *ir.Graph {
	b := ir.NewBuilder()
	f64s := ir.SliceOf(ir.Float64)
	c := func(i int) ir.Exp { return b.Const(ir.Int, i) }
	return b.Build([]*ir.Type{f64s, f64s, ir.Float64}, func(p []ir.Exp) ir.Exp {
		o := b.SubSlice(p[0], c(0), c(n))
		xs := b.SubSlice(p[1], c(0), c(2*n))
		vals := make([]ir.Exp, n)
		for j := range n {
			vals[j] = b.Binary(ir.OpMul, p[2], b.Index(xs, c(idx(j))))
			if !loadFirst {
				b.SetIndex(o, c(j), vals[j])
			}
		}
		if loadFirst {
			for j := range n {
				b.SetIndex(o, c(j), vals[j])
			}
		}
		return b.Unit()
	})
}

func kinds(v *Vectors) []PackKind {
	var ks []PackKind
	for _, p := range v.Packs {
		ks = append(ks, p.Kind)
	}
	return ks
}

func TestVectorizeElementwise(t *testing.T) {
	id := func(j int) int { return j }
	g := elementwise(8, id, true)
	s := run(t, g, Options{})
	v := Vectorize(s, false)
	// Two groups of four lanes: a store, the products, the loads each.
	require.Equal(t, []PackKind{PackStore, PackOp, PackLoad, PackStore, PackOp, PackLoad}, kinds(v))
	for k, p := range v.Packs {
		require.Len(t, p.Lanes, 4)
		for j, n := range p.Lanes {
			q, lane := v.Of(n.Sym)
			require.Same(t, p, q)
			require.Equal(t, j, lane)
		}
		if p.Kind == PackLoad || p.Kind == PackStore {
			require.Equal(t, int64(4*(k/3)), p.Index, "pack %d", k)
		}
		if p.Kind == PackOp {
			require.Nil(t, p.Args[0].Pack) // a, one value for every lane
			require.Same(t, v.Packs[k+1], p.Args[1].Pack)
		}
	}
	require.Equal(t, v.Packs, Vectorize(s, false).Packs, "deterministic")
}

// TestVectorizeNot: what must stay scalar.
func TestVectorizeNot(t *testing.T) {
	for name, g := range map[string]*ir.Graph{
		// out may alias x: the store of lane 0 comes before the load of
		// lane 1.
		"interleaved": elementwise(4, func(j int) int { return j }, false),
		// Not contiguous.
		"strided": elementwise(4, func(j int) int { return 2 * j }, true),
		// Not a full vector.
		"three": elementwise(3, func(j int) int { return j }, true),
	} {
		v := Vectorize(run(t, g, Options{}), false)
		require.Empty(t, v.Packs, name)
	}
}

// TestVectorizeWide: 512-bit packs where a run of stores fills one, 256-bit
// packs for the rest; Vectorize alone never makes a 512-bit pack.
func TestVectorizeWide(t *testing.T) {
	id := func(j int) int { return j }
	s := run(t, elementwise(12, id, true), Options{})
	v := VectorizeWide(s, false)
	require.True(t, v.Wide())
	require.Equal(t, []PackKind{PackStore, PackOp, PackLoad, PackStore, PackOp, PackLoad}, kinds(v))
	for k, p := range v.Packs {
		w, index := 8, int64(0)
		if k >= 3 {
			w, index = 4, 8
		}
		require.Equal(t, w, p.Width(), "pack %d", k)
		if p.Kind == PackLoad || p.Kind == PackStore {
			require.Equal(t, index, p.Index, "pack %d", k)
		}
	}
	require.Equal(t, v.Packs, VectorizeWide(s, false).Packs, "deterministic")
	narrow := Vectorize(s, false)
	require.False(t, narrow.Wide())
	for _, p := range narrow.Packs {
		require.Equal(t, 4, p.Width())
	}
	// Fewer than 8 lanes: no 512-bit pack.
	require.False(t, VectorizeWide(run(t, elementwise(4, id, true), Options{}), false).Wide())
}
