package sched

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

// TestBoundMatchesIR compares the persistent lists with ir.Bound's sets on
// random graphs: a node's list holds exactly the blocks of its bound
// symbols, deepest first, and the head's flag says whether the deepest
// block's effect input is among them.
func TestBoundMatchesIR(t *testing.T) {
	for seed := uint64(0); seed < 2000; seed++ {
		st := &state{g: randomGraph(rand.New(rand.NewPCG(seed, 11)), shape(seed))}
		dce(st)
		index(st)
		prune(st)
		st.lost = nil // compare the lists alone with ir.Bound
		g, blocks := st.g, st.blocks
		binder := st.binder
		st.early, st.pinned = make([]int32, len(g.Nodes)), make([]bool, len(g.Nodes))
		bv := newBound(st)
		want := ir.Bound(g)
		for i, n := range g.Nodes {
			set := want.Of(n.Sym)
			e, pinned := bv.first(bv.head[n.Sym])
			if e != st.early[i] || pinned != st.pinned[i] {
				t.Fatalf("seed %d: %v: newBound set early %d pinned %v, its list says %d %v", seed, n.Sym, st.early[i], st.pinned[i], e, pinned)
			}
			we, wp := int32(0), false
			if len(set) > 0 {
				// The deepest block has the largest effect input.
				deep := ir.Sym(-1)
				for _, s := range set {
					if b := blocks[binder[s]]; b.Ein > deep {
						deep, we = b.Ein, binder[s]
					}
				}
				_, wp = slices.BinarySearch(set, blocks[we].Ein)
			}
			if e != we || pinned != wp {
				t.Fatalf("seed %d: %v: early %d pinned %v, ir.Bound %v gives %d %v", seed, n.Sym, e, pinned, set, we, wp)
			}
			// Every block of the set is in the list, and no other.
			var got []ir.Sym
			for c := bv.head[n.Sym]; c >= 0; c = bv.cell(c).next {
				got = append(got, bv.cell(c).key)
			}
			var blks []ir.Sym
			for _, s := range set {
				blks = append(blks, blocks[binder[s]].Ein)
			}
			slices.Sort(blks)
			blks = slices.Compact(blks)
			slices.Reverse(got)
			if !slices.Equal(got, blks) {
				t.Fatalf("seed %d: %v: blocks %v, ir.Bound %v", seed, n.Sym, got, blks)
			}
		}
	}
}
