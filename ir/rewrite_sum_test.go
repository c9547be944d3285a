package ir

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// sumOf builds f over parameters of type t and returns the graph and the
// result's defining node (nil for a parameter or a constant).
func sumOf(t *Type, n int, f func(b *Builder, p []Exp) Exp) (*Graph, Exp) {
	b := NewBuilder()
	var res Exp
	params := make([]*Type, n)
	for i := range params {
		params[i] = t
	}
	g := b.Build(params, func(p []Exp) Exp { res = f(b, p); return res })
	return g, res
}

// shape describes e as "op(arg, arg)" with parameters named p0, p1 and
// constants by value.
func shape(g *Graph, e Exp) string {
	if c := e.Const(); c != nil {
		return c.String()
	}
	for i, in := range g.Block.In {
		if in == e.s {
			return []string{"p0", "p1", "p2"}[i]
		}
	}
	n := g.Def(e.s)
	s := n.Op.String() + "("
	for i, a := range n.Args {
		if i > 0 {
			s += ", "
		}
		s += shape(g, a)
	}
	return s + ")"
}

func TestRewriteSum(t *testing.T) {
	tests := []struct {
		name string
		t    *Type
		f    func(b *Builder, p []Exp) Exp
		want string
	}{
		{"x + -y", Int, func(b *Builder, p []Exp) Exp { return b.Binary(OpAdd, p[0], b.Unary(OpNeg, p[1])) }, "-(p0, p1)"},
		{"-x + y", Float64, func(b *Builder, p []Exp) Exp { return b.Binary(OpAdd, b.Unary(OpNeg, p[0]), p[1]) }, "-(p1, p0)"},
		{"x - -y", Float32, func(b *Builder, p []Exp) Exp { return b.Binary(OpSub, p[0], b.Unary(OpNeg, p[1])) }, "+(p0, p1)"},
		{"x + -3", Int, func(b *Builder, p []Exp) Exp { return b.Binary(OpAdd, p[0], b.Const(Int, -3)) }, "-(p0, 3)"},
		{"x - -2.5", Float64, func(b *Builder, p []Exp) Exp { return b.Binary(OpSub, p[0], b.Const(Float64, -2.5)) }, "+(p0, 2.5)"},
		{"x + MinInt8 stays", Int8, func(b *Builder, p []Exp) Exp { return b.Binary(OpAdd, p[0], b.Const(Int8, math.MinInt8)) }, "+(p0, -128)"},
		{"x - -0.0 stays", Float64, func(b *Builder, p []Exp) Exp { return b.Binary(OpSub, p[0], b.Const(Float64, math.Copysign(0, -1))) }, "-(p0, -0)"},
		{"(x+1)+1", Int, func(b *Builder, p []Exp) Exp {
			return b.Binary(OpAdd, b.Binary(OpAdd, p[0], b.Const(Int, 1)), b.Const(Int, 1))
		}, "+(p0, 2)"},
		{"(x+3)-2", Int, func(b *Builder, p []Exp) Exp {
			return b.Binary(OpSub, b.Binary(OpAdd, p[0], b.Const(Int, 3)), b.Const(Int, 2))
		}, "+(p0, 1)"},
		{"(x-3)+1", Int64, func(b *Builder, p []Exp) Exp {
			return b.Binary(OpAdd, b.Binary(OpSub, p[0], b.Const(Int64, 3)), b.Const(Int64, 1))
		}, "-(p0, 2)"},
		{"(x+3)-3", Int, func(b *Builder, p []Exp) Exp {
			return b.Binary(OpSub, b.Binary(OpAdd, p[0], b.Const(Int, 3)), b.Const(Int, 3))
		}, "p0"},
		{"int8 (x+100)+100 wraps", Int8, func(b *Builder, p []Exp) Exp {
			return b.Binary(OpAdd, b.Binary(OpAdd, p[0], b.Const(Int8, 100)), b.Const(Int8, 100))
		}, "-(p0, 56)"},
		{"uint8 (x-1)+3", Uint8, func(b *Builder, p []Exp) Exp {
			return b.Binary(OpAdd, b.Binary(OpSub, p[0], b.Const(Uint8, 1)), b.Const(Uint8, 3))
		}, "+(p0, 2)"},
		{"float (x+1)+1 not reassociated", Float64, func(b *Builder, p []Exp) Exp {
			return b.Binary(OpAdd, b.Binary(OpAdd, p[0], b.Const(Float64, 1.0)), b.Const(Float64, 1.0))
		}, "+(+(p0, 1), 1)"},
		{"3 + x puts the constant right", Int, func(b *Builder, p []Exp) Exp { return b.Binary(OpAdd, b.Const(Int, 3), p[0]) }, "+(p0, 3)"},
		{"x * -1", Int16, func(b *Builder, p []Exp) Exp { return b.Binary(OpMul, p[0], b.Const(Int16, -1)) }, "neg(p0)"},
		{"-1.0 * x", Float64, func(b *Builder, p []Exp) Exp { return b.Binary(OpMul, b.Const(Float64, -1.0), p[0]) }, "neg(p0)"},
		{"a*-1 + b", Float64, func(b *Builder, p []Exp) Exp {
			return b.Binary(OpAdd, b.Binary(OpMul, p[0], b.Const(Float64, -1.0)), p[1])
		}, "-(p1, p0)"},
		{"complex x * -1 stays", Complex128, func(b *Builder, p []Exp) Exp { return b.Binary(OpMul, p[0], b.Const(Complex128, complex(-1, 0))) }, "*(p0, (-1+0i))"},
		{"y * x keeps its order", Int, func(b *Builder, p []Exp) Exp { return b.Binary(OpMul, p[1], p[0]) }, "*(p1, p0)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, e := sumOf(tc.t, 2, tc.f)
			require.Equal(t, tc.want, shape(g, e))
		})
	}
}

// TestCommutativeCSE: x*y and y*x are one node, whichever comes first.
func TestCommutativeCSE(t *testing.T) {
	var xy, yx Exp
	sumOf(Float64, 2, func(b *Builder, p []Exp) Exp {
		xy = b.Binary(OpMul, p[0], p[1])
		yx = b.Binary(OpMul, p[1], p[0])
		return xy
	})
	require.Equal(t, xy, yx)
}

// TestRewriteSumSemantics checks the integer rules against Go on every
// pair of edge values: (x + c1) + c2, (x - c1) - c2 and x + -c.
func TestRewriteSumSemantics(t *testing.T) {
	for _, x := range edges[int8]() {
		for _, c1 := range edges[int8]() {
			for _, c2 := range edges[int8]() {
				for _, ops := range [][2]Op{{OpAdd, OpAdd}, {OpAdd, OpSub}, {OpSub, OpAdd}, {OpSub, OpSub}} {
					want := apply8(ops[1], apply8(ops[0], x, c1), c2)
					g, e := sumOf(Int8, 1, func(b *Builder, p []Exp) Exp {
						return b.Binary(ops[1], b.Binary(ops[0], p[0], b.Const(Int8, c1)), b.Const(Int8, c2))
					})
					require.Equal(t, want, eval8(t, g, e, x), "(%d %v %d) %v %d", x, ops[0], c1, ops[1], c2)
				}
			}
		}
	}
}

func apply8(op Op, x, y int8) int8 {
	if op == OpAdd {
		return x + y
	}
	return x - y
}

// eval8 evaluates a tree of +, - and unary - over the one parameter p0.
func eval8(t *testing.T, g *Graph, e Exp, p0 int8) int8 {
	if c := e.Const(); c != nil {
		return c.Val.(int8)
	}
	if e.s == g.Block.In[0] {
		return p0
	}
	n := g.Def(e.s)
	switch n.Op {
	case OpAdd:
		return eval8(t, g, n.Args[0], p0) + eval8(t, g, n.Args[1], p0)
	case OpSub:
		return eval8(t, g, n.Args[0], p0) - eval8(t, g, n.Args[1], p0)
	case OpNeg:
		return -eval8(t, g, n.Args[0], p0)
	}
	t.Fatalf("unexpected %v", n.Op)
	return 0
}
