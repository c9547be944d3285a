package ir

import (
	"math/rand/v2"
	"testing"
)

// TestCSETable builds thousands of random pure nodes over two inputs,
// constants and earlier nodes (across the table's batches of pending
// inserts, its growths and its probes skipped for fresh arguments), and
// checks every result against a map of the nodes built: an expression
// built again is the node built first, a new one a fresh node.
func TestCSETable(t *testing.T) {
	type key struct {
		op   Op
		x, y Exp
	}
	r := rand.New(rand.NewPCG(3, 4))
	b := NewBuilder()
	b.Build([]*Type{Int, Int}, func(a []Exp) Exp {
		vals := []Exp{a[0], a[1]}
		ref := map[key]Exp{}
		ops := []Op{OpSub, OpAndNot, OpAdd, OpXor}
		for range 20000 {
			pick := func() Exp {
				switch r.IntN(4) {
				case 0:
					return b.Const(Int, r.IntN(50)+2)
				case 1:
					return vals[len(vals)-1-r.IntN(min(len(vals), 8))] // recent
				}
				return vals[r.IntN(len(vals))]
			}
			k := key{ops[r.IntN(len(ops))], pick(), pick()}
			if k.x.IsConst() || k.y == k.x {
				continue // folded, or a constant moved right: not what this tests
			}
			nodes := len(b.g.Nodes)
			e := b.Binary(k.op, k.x, k.y)
			old, ok := ref[k]
			if !ok && k.op.Info().Commutative {
				old, ok = ref[key{k.op, k.y, k.x}] // either order finds the other
			}
			if ok {
				if e != old || len(b.g.Nodes) != nodes {
					t.Fatalf("%v(%v, %v) built again: %v, want %v", k.op, k.x, k.y, e, old)
				}
				continue
			}
			if !e.IsSym() || len(b.g.Nodes) != nodes+1 || b.g.Nodes[nodes].Sym != e.s {
				continue // rewritten ((x+1)+2 is x+3): not a node of its own
			}
			ref[k] = e
			vals = append(vals, e)
		}
		if len(ref) < 5000 {
			t.Fatalf("only %d distinct nodes", len(ref))
		}
		return vals[len(vals)-1]
	})
}
