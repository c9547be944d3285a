package frontend

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

// TestSymBits checks symBits against a map of the same adds and removes,
// symbols spread over several words and past the set's length.
func TestSymBits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var b symBits
	m := map[ir.Sym]bool{}
	for range 20000 {
		s := ir.Sym(r.IntN(3000))
		switch r.IntN(3) {
		case 0:
			b.add(s)
			m[s] = true
		case 1:
			b.remove(s)
			delete(m, s)
		}
		if q := ir.Sym(r.IntN(4000)); b.has(q) != m[q] {
			t.Fatalf("has(%d) = %v, want %v", q, b.has(q), m[q])
		}
	}
	for s := range ir.Sym(4000) {
		if b.has(s) != m[s] {
			t.Fatalf("has(%d) = %v, want %v", s, b.has(s), m[s])
		}
	}
}
