package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// buildSnippet builds the traversal seed's worked example, as
// ir/seed_test.go does:
//
//	def snippet(arg: Rep[Int]) = {
//	  printf("hello, world1")
//	  printf("hello, world2")
//	  if (arg > 0) { printf("hello, world3"); arg + 1 } else { arg + 2 }
//	}
func buildSnippet() *ir.Graph {
	b := ir.NewBuilder()
	return b.Build([]*ir.Type{ir.Int}, func(args []ir.Exp) ir.Exp {
		arg := args[0]
		b.Print(ir.OpPrintf, b.Const(ir.String, "hello, world1"))
		b.Print(ir.OpPrintf, b.Const(ir.String, "hello, world2"))
		return b.If(b.Compare(ir.OpGt, arg, b.Const(ir.Int, 0)), ir.Int,
			func() ir.Exp {
				b.Print(ir.OpPrintf, b.Const(ir.String, "hello, world3"))
				return b.Binary(ir.OpAdd, arg, b.Const(ir.Int, 1))
			},
			func() ir.Exp { return b.Binary(ir.OpAdd, arg, b.Const(ir.Int, 2)) })
	})
}

const snippetSchedule = `================ Block(List(x1),x10,x0,[CTRL*: _ | x10]) ==============
x2 = (printf hello, world1)  [CTRL*: _ | x0]
x3 = (printf hello, world2)  [CTRL*: _ | x2]
x4 = (> x1 0)  inline
x10 = (? x4 Block(List(),x7,x5,[CTRL*: _ | x6]) Block(List(),x9,x8,[: _ | x8])) [CTRL*: _ | x3]
  x10.then:
    x6 = (printf hello, world3)  [CTRL*: _ | x5]
    x7 = (+ x1 1)  inline
  x10.else:
    x9 = (+ x1 2)  inline
`

// TestSeedTraversal checks the worked example of lms-traversal.md: top
// block [x2, x3, x4, x10], then-block [x6, x7], else-block [x9], with the
// production scheduler and with the reference transcription.
func TestSeedTraversal(t *testing.T) {
	g := buildSnippet()
	s := run(t, g, Options{})
	top := s.Graph().Block
	x10 := s.Graph().Def(10)
	require.Equal(t, xs(2, 3, 4, 10), syms(s.Nodes(top)))
	require.Equal(t, xs(6, 7), syms(s.Nodes(x10.Blocks[0])))
	require.Equal(t, xs(9), syms(s.Nodes(x10.Blocks[1])))
	require.Equal(t, snippetSchedule, s.String())

	r := newRef(s.Graph(), nil)
	require.Equal(t, xs(2, 3, 4, 10), r.placed[top])
	require.Equal(t, xs(6, 7), r.placed[x10.Blocks[0]])
	require.Equal(t, xs(9), r.placed[x10.Blocks[1]])
}
