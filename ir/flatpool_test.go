package ir

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFlatReleased: a Flat made in the arrays another gave back (Release),
// full of that one's entries, and DCE with the marks another DCE gave
// back, are the Flat and the DCE made in fresh memory, whatever the
// sizes of the two graphs (one walk and two halves).
func TestFlatReleased(t *testing.T) {
	defer func(p int) { parallelFlat = p }(parallelFlat)
	var prev *Flat
	for seed := uint64(0); seed < 200; seed++ {
		parallelFlat = []int{1, 1 << 30}[seed%2]
		g := randomGraph(rand.New(rand.NewPCG(seed, 5)), 10+int(seed*7%30), int(seed%4))
		want := newFlat(g, nil)
		var sp *flatArrays
		if prev != nil {
			sp = &flatArrays{
				sym: prev.Sym, dep: prev.Dep, bound: prev.Bound, op: prev.Op, bits: prev.Bits,
				start: prev.Start, target: prev.Target, binds: prev.Binds, kind: prev.Kind,
				writes: prev.writes, wstart: prev.wstart, wkeys: prev.wkeys,
			}
		}
		got := newFlat(g, sp)
		sameFlat(t, seed, got, want)
		if !slices.Equal(got.writes, want.writes) || !slices.Equal(got.wstart, want.wstart) || !slices.Equal(got.wkeys, want.wkeys) {
			t.Fatalf("seed %d: write keys differ", seed)
		}
		// DCE of the one made in old arrays, with marks an earlier DCE
		// used (the pool's, on this goroutine), against DCE on the nodes.
		h, fl := got.DCE()
		if a, b := h.String(), refDCE(g).String(); a != b {
			t.Fatalf("seed %d: DCE in reused arrays printed\n%s\nreference printed\n%s", seed, a, b)
		}
		sameFlat(t, seed, fl, newFlat(h, nil))
		prev = newFlat(g, nil) // the next graph's NewFlat reuses these, full
		fl.Release()
		if fl.Sym != nil || fl.Dep != nil {
			t.Fatalf("seed %d: a released Flat keeps its arrays", seed)
		}
	}
}
