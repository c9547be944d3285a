package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// pairType is a struct of two float64 leaves, the second nested
// (pkg.P{Re float64; In pkg.Q{Im float64}}): complex128's layout.
func pairType() *ir.Type {
	f64 := ir.GoName{Path: "github.com/lmsgen/lmsgen/stage", Name: "Float64"}
	q := ir.StructOf(ir.GoName{Path: "pkg", Name: "Q"}, []ir.StructField{{Name: "Im", Type: ir.Float64, Named: f64}})
	return ir.StructOf(ir.GoName{Path: "pkg", Name: "P"}, []ir.StructField{
		{Name: "Re", Type: ir.Float64, Named: f64},
		{Name: "In", Type: q},
	})
}

// rotateFields is rotate over arrays of pair structs: for lanes l < 4,
// out[l*stride] = {re+im, im-re} of src[l*stride] = {re, im}, field by
// field; with loadFirst every load comes before the first store; with
// whole, the re of each element is also stored in out2[l].
func rotateFields(stride int, loadFirst, whole bool) *ir.Graph {
	b := ir.NewBuilder()
	ps := ir.SliceOf(pairType())
	ls := pairType().Leaves()
	c := func(i int) ir.Exp { return b.Const(ir.Int, i) }
	return b.Build([]*ir.Type{ps, ps, ir.SliceOf(ir.Float64)}, func(p []ir.Exp) ir.Exp {
		o := b.SubSlice(p[0], c(0), c(3*stride+1))
		xs := b.SubSlice(p[1], c(0), c(3*stride+1))
		o2 := b.SubSlice(p[2], c(0), c(4))
		type pair struct{ re, im ir.Exp }
		vals := make([]pair, 4)
		store := func(l int) {
			b.FieldSet(o, c(l*stride), ls[0], vals[l].re)
			b.FieldSet(o, c(l*stride), ls[1], vals[l].im)
		}
		for l := range 4 {
			re, im := b.FieldGet(xs, c(l*stride), ls[0]), b.FieldGet(xs, c(l*stride), ls[1])
			vals[l] = pair{b.Binary(ir.OpAdd, re, im), b.Binary(ir.OpSub, im, re)}
			if whole {
				b.SetIndex(o2, c(l), re)
			}
			if !loadFirst {
				store(l)
			}
		}
		if loadFirst {
			for l := range 4 {
				store(l)
			}
		}
		return b.Unit()
	})
}

// TestVectorizeFields: the fields of four pair structs at a stride are
// packed as the parts of complex128 are: a store of both fields (the
// first field's stores absorbed), two ops, the loads of either field.
func TestVectorizeFields(t *testing.T) {
	for _, stride := range []int{1, 3} {
		s := run(t, rotateFields(stride, true, false), Options{})
		v := Vectorize(s, false)
		require.Equal(t, []PackKind{PackStore, PackOp, PackLoad, PackLoad, PackOp}, kinds(v), "stride %d", stride)
		st := v.Packs[0]
		require.Equal(t, PartBoth, st.Part)
		require.Equal(t, int64(stride), st.Stride)
		require.Same(t, v.Packs[1], st.Args[0].Pack)
		require.Same(t, v.Packs[4], st.Args[1].Pack)
		require.Equal(t, PartRe, v.Packs[2].Part)
		require.Equal(t, PartIm, v.Packs[3].Part)
		require.Len(t, st.Mem, 4)
		for j, n := range st.Mem {
			require.Equal(t, ir.OpFieldSet, n.Op)
			require.Equal(t, "Re", n.Aux.(ir.FieldSel).Sel)
			require.Equal(t, "In.Im", st.Lanes[j].Aux.(ir.FieldSel).Sel)
			require.True(t, v.Absorbed(n.Sym))
		}
		for _, p := range v.Packs {
			require.Equal(t, 4, p.Width())
			if p.Kind == PackLoad {
				require.Empty(t, p.Mem)
				for _, n := range p.Lanes {
					require.Equal(t, ir.OpFieldGet, n.Op)
				}
			}
		}
		require.Equal(t, v.Packs, Vectorize(s, false).Packs, "deterministic")
		require.Empty(t, VectorizeWide(s, false).Packs)
	}
}

// TestVectorizeFieldsNot: what must stay scalar.
func TestVectorizeFieldsNot(t *testing.T) {
	for name, g := range map[string]*ir.Graph{
		// out may alias src: the store of lane 0 comes before the load of
		// lane 1.
		"interleaved": rotateFields(1, false, false),
		// A loaded field is also used by a scalar node.
		"whole": rotateFields(2, true, true),
	} {
		v := Vectorize(run(t, g, Options{}), false)
		require.Empty(t, v.Packs, name)
	}
}
