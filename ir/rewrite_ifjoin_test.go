package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJoinArms joins nested selections of one value (seed 5567 F1a: three
// unrolled iterations set a to -4 when j != len(xs)) and leaves alone the
// ones it must not.
func TestJoinArms(t *testing.T) {
	b := NewBuilder()
	b.Build([]*Type{Int, Int}, func(p []Exp) Exp {
		x, a := p[0], p[1]
		k := b.Const(Int, -4)
		ne := func(v int) Exp { return b.Compare(OpNe, x, b.Const(Int, v)) }
		sel := func(c Exp, th, el func() Exp) Exp { return b.If(c, Int, th, el) }
		val := func(e Exp) func() Exp { return func() Exp { return e } }
		// x != 2 ? -4 : (x != 1 ? -4 : (x != 0 ? -4 : a)) is -4: joined,
		// x != 2 || x != 1 is true.
		require.Equal(t, k, sel(ne(2), val(k), val(sel(ne(1), val(k), val(sel(ne(0), val(k), val(a)))))))
		// if c { a } else { a } is a.
		lt := b.Compare(OpLt, x, a)
		require.Equal(t, a, sel(lt, val(a), val(a)))
		// x != 3 ? -4 : (x < a ? -4 : a) is (x != 3 || x < a) ? -4 : a.
		e := sel(ne(3), val(k), val(sel(lt, val(k), val(a))))
		n, ok := b.defOp(e)
		require.True(t, ok)
		require.Equal(t, OpIf, n.Op)
		or, ok := b.defOp(n.Args[0])
		require.True(t, ok)
		require.Equal(t, OpOr, or.Op)
		require.Equal(t, []Exp{k, a}, []Exp{n.Blocks[0].Res, n.Blocks[1].Res})
		// Not joined: the inner arm chooses another value; a branch
		// prints (its effect runs only when the outer condition is false).
		for i, e := range []Exp{
			sel(ne(2), val(k), val(sel(ne(1), val(a), val(k)))),
			sel(ne(2), val(k), func() Exp {
				b.Print(OpPrintln, a)
				return sel(ne(1), val(k), val(a))
			}),
		} {
			n, ok := b.defOp(e)
			require.True(t, ok, "case %d", i)
			c, _ := b.defOp(n.Args[0])
			require.NotEqual(t, OpOr, c.Op, "case %d joined", i)
		}
		return b.Unit()
	})
}
