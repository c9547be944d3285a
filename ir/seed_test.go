package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// buildSnippet builds the traversal seed's worked example:
//
//	def snippet(arg: Rep[Int]) = {
//	  printf("hello, world1")
//	  printf("hello, world2")
//	  if (arg > 0) { printf("hello, world3"); arg + 1 } else { arg + 2 }
//	}
func buildSnippet() *Graph {
	b := NewBuilder()
	return b.Build([]*Type{Int}, func(args []Exp) Exp {
		arg := args[0]
		b.Print(OpPrintf, b.Const(String, "hello, world1"))
		b.Print(OpPrintf, b.Const(String, "hello, world2"))
		return b.If(b.Compare(OpGt, arg, b.Const(Int, 0)), Int,
			func() Exp {
				b.Print(OpPrintf, b.Const(String, "hello, world3"))
				return b.Binary(OpAdd, arg, b.Const(Int, 1))
			},
			func() Exp { return b.Binary(OpAdd, arg, b.Const(Int, 2)) })
	})
}

// The block line and the seven node lines of lms-traversal.md, exactly.
const snippetGolden = `================ Block(List(x1),x10,x0,[CTRL*: _ | x10]) ==============
x2 = (printf hello, world1)  [CTRL*: _ | x0]
x3 = (printf hello, world2)  [CTRL*: _ | x2]
x4 = (> x1 0)  
x6 = (printf hello, world3)  [CTRL*: _ | x5]
x7 = (+ x1 1)  
x9 = (+ x1 2)  
x10 = (? x4 Block(List(),x7,x5,[CTRL*: _ | x6]) Block(List(),x9,x8,[: _ | x8])) [CTRL*: _ | x3]
`

func TestSeedSnippet(t *testing.T) {
	g := buildSnippet()
	require.Equal(t, snippetGolden, g.String())
}

// buildWhileOneEffect builds the while-loop example of lms-backend.md ("One
// Effect System"): every statement depends on the previous one, modelled
// here by making every node write CTRL.
//
//	var idx = 0; var agg = 0
//	while (idx < x) { val p = y * y; agg = agg + p * idx; idx += 1 }
//	agg
func buildWhileOneEffect() *Graph {
	b := NewBuilder()
	ctrl := []Key{CTRL}
	op := func(op Op, t *Type, args ...Exp) Exp {
		return b.ReflectEffect(op, t, nil, args, nil, nil, ctrl, false, 0)
	}
	return b.Build([]*Type{Int, Int}, func(args []Exp) Exp {
		x, y := args[0], args[1]
		idx := op(OpVarNew, Int, b.Const(Int, 0))
		agg := op(OpVarNew, Int, b.Const(Int, 0))
		cond := b.Reify(nil, func([]Exp) Exp { return op(OpLt, Bool, op(OpVarGet, Int, idx), x) })
		body := b.Reify(nil, func([]Exp) Exp {
			p := op(OpMul, Int, y, y)
			a := op(OpVarGet, Int, agg)
			i := op(OpVarGet, Int, idx)
			op(OpVarSet, Void, agg, op(OpAdd, Int, a, op(OpMul, Int, p, i)))
			op(OpVarSet, Void, idx, op(OpAdd, Int, op(OpVarGet, Int, idx), b.Const(Int, 1)))
			return b.Unit()
		})
		b.ReflectEffect(OpWhile, Void, nil, nil, []*Block{cond, body}, nil, nil, false, 0)
		return op(OpVarGet, Int, agg)
	})
}

// The seed's graph, with its dependencies, in our numbering: the seed
// numbers the inputs x0, x1 and the effect input x2; the builder allocates
// the effect input first (as in the traversal seed), so x0 -> x1, x1 -> x2,
// x2 -> x0, and every other symbol keeps its number. Each "[dep: xN]" of the
// seed is the hard dependency "[CTRL*: _ | xN]" here.
const whileGolden = `================ Block(List(x1, x2),x19,x0,[CTRL*: _ | x19]) ==============
x3 = (var_new 0)  [CTRL*: _ | x0]
x4 = (var_new 0)  [CTRL*: _ | x3]
x6 = (var_get x3)  [CTRL*: _ | x5]
x7 = (< x6 x1)  [CTRL*: _ | x6]
x9 = (* x2 x2)  [CTRL*: _ | x8]
x10 = (var_get x4)  [CTRL*: _ | x9]
x11 = (var_get x3)  [CTRL*: _ | x10]
x12 = (* x9 x11)  [CTRL*: _ | x11]
x13 = (+ x10 x12)  [CTRL*: _ | x12]
x14 = (var_set x4 x13)  [CTRL*: _ | x13]
x15 = (var_get x3)  [CTRL*: _ | x14]
x16 = (+ x15 1)  [CTRL*: _ | x15]
x17 = (var_set x3 x16)  [CTRL*: _ | x16]
x18 = (W Block(List(),x7,x5,[CTRL*: _ | x7]) Block(List(),(),x8,[CTRL*: _ | x17])) [CTRL*: _ | x4]
x19 = (var_get x4)  [CTRL*: _ | x18]
`

func TestSeedWhileOneEffect(t *testing.T) {
	g := buildWhileOneEffect()
	require.NoError(t, Check(g))
	require.Equal(t, whileGolden, g.String())
	// Nothing is dead: DCE keeps every node.
	require.Equal(t, whileGolden, DCE(g).String())
}

// With the real effect system the same program has per-variable keys: the
// pure multiplications lose their dependencies (y*y can be hoisted), and
// each variable access depends only on accesses to the same variable.
func TestSeedWhileKeys(t *testing.T) {
	b := NewBuilder()
	g := b.Build([]*Type{Int, Int}, func(args []Exp) Exp {
		x, y := args[0], args[1]
		idx := b.NewVar(b.Const(Int, 0))
		agg := b.NewVar(b.Const(Int, 0))
		b.While(func() Exp { return b.Compare(OpLt, b.ReadVar(idx), x) }, func() {
			p := b.Binary(OpMul, y, y)
			b.WriteVar(agg, b.Binary(OpAdd, b.ReadVar(agg), b.Binary(OpMul, p, b.ReadVar(idx))))
			b.WriteVar(idx, b.Binary(OpAdd, b.ReadVar(idx), b.Const(Int, 1)))
		})
		return b.ReadVar(agg)
	})
	require.NoError(t, Check(g))
	const want = `================ Block(List(x1, x2),x19,x0,[STORE: _ | x0]) ==============
x3 = (var_new 0)  [STORE: _ | x0]
x4 = (var_new 0)  [STORE: _ | x0]
x6 = (var_get x3)  [x3: _ | x5]
x7 = (< x6 x1)  
x9 = (* x2 x2)  
x10 = (var_get x4)  [x4: _ | x8]
x11 = (var_get x3)  [x3: _ | x8]
x12 = (* x9 x11)  
x13 = (+ x10 x12)  
x14 = (var_set x4 x13)  [x4*: x10 | x8]
x15 = (var_get x3)  [x3: _ | x8]
x16 = (+ x15 1)  
x17 = (var_set x3 x16)  [x3*: x11 x15 | x8]
x18 = (W Block(List(),x7,x5,[x3: _ | x5]) Block(List(),(),x8,[x3 x4 x3* x4*: _ | x14 x17])) [x3 x4 x3* x4*: _ | x3 x4]
x19 = (var_get x4)  [x4: _ | x18]
`
	require.Equal(t, want, g.String())
}
