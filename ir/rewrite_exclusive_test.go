package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestExclusive folds chains that go vet calls suspect (seed 5534 F10a:
// float32(a) == 2 && float32(a) == -1 reached the generated Go) and
// leaves alone the ones that are not.
func TestExclusive(t *testing.T) {
	b := NewBuilder()
	b.Build([]*Type{Float32, Int, Int}, func(p []Exp) Exp {
		f, x, y := p[0], p[1], p[2]
		fc := func(v float32) Exp { return b.Const(Float32, v) }
		ic := func(v int) Exp { return b.Const(Int, v) }
		isConst := func(e Exp, want bool) {
			t.Helper()
			c := e.Const()
			require.NotNil(t, c, "folded")
			require.Equal(t, want, c.Val)
		}
		eqF := func(v float32) Exp { return b.Compare(OpEq, f, fc(v)) }
		isConst(b.Binary(OpAnd, eqF(2), eqF(-1)), false)
		// Inside a chain, on either side, constant first or second.
		gt := b.Compare(OpGt, y, ic(0))
		isConst(b.Binary(OpAnd, b.Binary(OpAnd, b.Compare(OpEq, x, ic(2)), gt), b.Compare(OpEq, ic(-1), x)), false)
		isConst(b.Binary(OpAnd, b.Compare(OpEq, x, ic(2)), b.Binary(OpAnd, gt, b.Compare(OpEq, x, ic(3)))), false)
		isConst(b.Binary(OpOr, b.Compare(OpNe, x, ic(1)), b.Compare(OpNe, x, ic(2))), true)
		// Not exclusive: the same constant, different values, || of
		// equalities, && of inequalities, a chain of the other operator.
		kept := []Exp{
			b.Binary(OpAnd, b.Compare(OpEq, x, ic(2)), b.Compare(OpEq, y, ic(3))),
			b.Binary(OpOr, b.Compare(OpEq, x, ic(2)), b.Compare(OpEq, x, ic(3))),
			b.Binary(OpAnd, b.Compare(OpNe, x, ic(2)), b.Compare(OpNe, x, ic(3))),
			b.Binary(OpAnd, b.Binary(OpOr, b.Compare(OpEq, x, ic(2)), gt), b.Compare(OpEq, x, ic(3))),
			b.Binary(OpAnd, eqF(0), b.Compare(OpLt, f, fc(1))),
		}
		for i, e := range kept {
			require.Nil(t, e.Const(), "case %d folded", i)
		}
		return b.Unit()
	})
}

// TestDedupChain folds chains that repeat an operand, which go vet calls
// redundant (seeds 5668 F98a, 5670 F25a: x17 || x8 || x17), keeping the
// first of each operand in its place.
func TestDedupChain(t *testing.T) {
	b := NewBuilder()
	b.Build([]*Type{Int, Int, Int}, func(p []Exp) Exp {
		ic := func(v int) Exp { return b.Const(Int, v) }
		a := b.Compare(OpLt, p[0], ic(0))
		c := b.Compare(OpGt, p[1], ic(3))
		d := b.Compare(OpEq, p[2], p[0])
		for _, op := range []Op{OpOr, OpAnd} {
			ac := b.Binary(op, a, c)
			require.Equal(t, ac, b.Binary(op, ac, a), "(a op c) op a")
			require.Equal(t, ac, b.Binary(op, ac, c), "(a op c) op c")
			require.Equal(t, ac, b.Binary(op, a, b.Binary(op, c, a)), "a op (c op a)")
			acd := b.Binary(op, ac, d)
			require.Equal(t, acd, b.Binary(op, ac, b.Binary(op, a, d)), "(a op c) op (a op d)")
			require.Equal(t, acd, b.Binary(op, b.Binary(op, acd, c), a), "a op c op d op c op a")
			// No repeated operand: nothing folds.
			cd := b.Binary(op, c, d)
			n, ok := b.defOp(b.Binary(op, a, cd))
			require.True(t, ok)
			require.Equal(t, op, n.Op)
			require.Equal(t, []Exp{a, cd}, n.Args)
		}
		return b.Unit()
	})
}

// TestCompareMirror builds a comparison with its constant first as the
// mirrored one, so that the two spellings are one node and a chain of
// both is one test (seed 6126 F56a: x > 1 && 1 < x printed as
// "x2 > 1 && x2 > 1", which go vet rejects).
func TestCompareMirror(t *testing.T) {
	b := NewBuilder()
	b.Build([]*Type{Int, Int}, func(p []Exp) Exp {
		x, one := p[0], b.Const(Int, 1)
		for op, m := range map[Op]Op{OpLt: OpGt, OpGt: OpLt, OpLe: OpGe, OpGe: OpLe, OpEq: OpEq, OpNe: OpNe} {
			require.Equal(t, b.Compare(m, x, one), b.Compare(op, one, x), "1 %v x", op)
		}
		gt := b.Compare(OpGt, x, one)
		require.Equal(t, gt, b.Binary(OpAnd, gt, b.Compare(OpLt, one, x)), "x > 1 && 1 < x")
		// Two variables keep their order.
		y := b.Compare(OpLt, x, p[1])
		n, ok := b.defOp(y)
		require.True(t, ok)
		require.Equal(t, OpLt, n.Op)
		return b.Unit()
	})
}
