package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// TestBoundsChecks: in a loop for i < len(x) (or i < n with x made of
// length n), x[i] and x[i+c] for c ≤ 0 from an entry e ≥ -c are proved
// in range and cannot trap after BoundsChecks; x[i+1], x[i-1] from 0,
// an index of a loop over another length, and i <= len(x) keep their
// checks (and so does any access in a loop not known to end).
func TestBoundsChecks(t *testing.T) {
	type idx func(b *ir.Builder, i ir.Exp) ir.Exp
	at := func(k int) idx {
		return func(b *ir.Builder, i ir.Exp) ir.Exp { return b.Binary(ir.OpAdd, i, c(b, k)) }
	}
	for _, c0 := range []struct {
		name   string
		made   bool // x made with length n, else a parameter and n = len(x)
		entry  int
		le     bool
		at     idx
		proved bool
	}{
		{"x[i]", false, 0, false, at(0), true},
		{"x[i] in made", true, 0, false, at(0), true},
		{"x[i-2] from 2", false, 2, false, at(-2), true},
		{"x[i-1] from 0", false, 0, false, at(-1), false},
		{"x[i+1]", false, 0, false, at(1), false},
		{"x[i] for i <= len", false, 0, true, at(0), false},
		{"x[i-1] for i <= len from 1", false, 1, true, at(-1), false}, // i <= n with a staged n: not counted
	} {
		t.Run(c0.name, func(t *testing.T) {
			b := ir.NewBuilder()
			g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.Int}, func(a []ir.Exp) ir.Exp {
				x, n := a[0], b.Len(a[0])
				if c0.made {
					n = a[1]
					x = b.MakeSlice(ir.Int, n, n)
				}
				v := b.NewVar(c(b, c0.entry))
				acc := b.NewVar(c(b, 0))
				op := ir.OpLt
				if c0.le {
					op = ir.OpLe
				}
				b.While(func() ir.Exp { return b.Compare(op, b.ReadVar(v), n) }, func() {
					i := b.ReadVar(v)
					b.WriteVar(acc, b.Binary(ir.OpAdd, b.ReadVar(acc), b.Index(x, c0.at(b, i))))
					b.SetIndex(x, c0.at(b, i), i)
					b.WriteVar(v, b.Binary(ir.OpAdd, b.ReadVar(v), c(b, 1)))
				})
				return b.ReadVar(acc)
			})
			require.NoError(t, ir.Check(g))
			h := BoundsChecks(g)
			require.NoError(t, ir.Check(h), "%s", h)
			for _, n := range h.Nodes {
				if n.Op == ir.OpSliceGet || n.Op == ir.OpSliceSet {
					require.Equal(t, !c0.proved, n.CanTrap(), "%v\n%s", n.Op, h)
				}
			}
			if !c0.proved {
				require.Same(t, g, h, "nothing to do: the graph is kept")
			}
		})
	}
}
