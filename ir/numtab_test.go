package ir

import (
	"math/rand/v2"
	"testing"
)

// TestNumTable interns random (kind, bits) pairs, many of them repeated,
// and checks every lookup against a map, across the table's growths.
func TestNumTable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var tab numTable
	ref := map[numKey]int32{}
	for n := 0; n < 20000; n++ {
		k := numKey{kind: Kind(r.IntN(int(KFloat64) + 1)), lo: r.Uint64N(5000)}
		if r.IntN(4) == 0 {
			k.lo = r.Uint64() // far apart
		}
		id, ok := ref[k]
		if got := tab.find(k.kind, k.lo); ok != (got >= 0) || ok && got != id {
			t.Fatalf("find(%v, %d) = %d, want %d (present %v)", k.kind, k.lo, got, id, ok)
		}
		if !ok {
			ref[k] = int32(len(ref))
			tab.insert(k.kind, k.lo, int32(len(ref)-1))
		}
	}
	if tab.n != len(ref) {
		t.Fatalf("%d constants, want %d", tab.n, len(ref))
	}
}

type numKey struct {
	kind Kind
	lo   uint64
}

// TestConstInterned checks that Builder.Const gives one constant per type
// and value, and distinct ones for distinct types or values.
func TestConstInterned(t *testing.T) {
	b := NewBuilder()
	for i := range 3000 {
		v := i % 1000
		for _, c := range []struct {
			t *Type
			v any
		}{{Int, v}, {Int64, int64(v)}, {Uint8, uint8(v)}, {Float64, float64(v)}, {Bool, v%2 == 0}} {
			e1, e2 := b.Const(c.t, c.v), b.Const(c.t, c.v)
			if e1 != e2 || e1.c.Type != c.t || e1.c.Val != c.v || b.byID.at(Sym(e1.c.id)) != e1.c {
				t.Fatalf("Const(%v, %v): %v (%v) and %v", c.t, c.v, e1.c, e1.c.Type, e2.c)
			}
		}
	}
	if b.Const(Int, 5) == b.Const(Int64, int64(5)) || b.Const(Int, 5) == b.Const(Int, 6) {
		t.Fatal("distinct constants interned as one")
	}
}
