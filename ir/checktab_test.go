package ir

import (
	"math/rand/v2"
	"testing"
)

// TestCheckTable sets and finds random records, symbol and constant
// indices mixed, and checks every lookup against a map, across the
// table's growths.
func TestCheckTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	b := NewBuilder()
	var tab checkTable
	ref := map[checkKey]check{}
	for n := range 20000 {
		s := Sym(r.IntN(50))
		var i Exp
		switch r.IntN(3) {
		case 0:
			i = Sym(r.IntN(400)).E()
		case 1:
			i = b.Const(Int, r.IntN(400))
		default:
			i = b.Const(Uint32, uint32(r.IntN(400)))
		}
		k := keyOfCheck(s, i)
		want, ok := ref[k]
		got := tab.find(k)
		if ok != (got != nil) || ok && *got != want {
			t.Fatalf("find(%v[%v]) = %v, want %v (present %v)", s, i, got, want, ok)
		}
		if r.IntN(2) == 0 {
			c := check{by: Sym(n), write: Sym(n + 1), val: Sym(n + 2).E()}
			tab.set(k, c)
			ref[k] = c
		}
	}
	if tab.n != len(ref) {
		t.Fatalf("%d records, want %d", tab.n, len(ref))
	}
}
