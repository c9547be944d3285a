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
