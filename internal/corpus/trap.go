package corpus

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the cases that panic, or that are where Go does not:
// division by zero (given and constant), MinInt / -1, an index and a
// slice out of range, a negative shift count, an explicit panic.

func trapCases() []Case {
	return []Case{
		{
			Name: "DivZero",
			Sig:  "func(a, b int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "b")
					b.println(b.s("dividing"), p[0], p[1])
					return b.div(p[0], p[1])
				})
			},
			Main:   "fmt.Println(DivZero(7, 2))\nfmt.Println(DivZero(1, 0))\nfmt.Println(\"not reached\")",
			Stdout: "dividing 7 2\n3\ndividing 1 0\n",
			Stderr: "panic: runtime error: integer divide by zero\n",
			Exit:   2,
		},
		{
			// The builder does not fold a % 0: it traps.
			Name: "RemZeroConst",
			Sig:  "func(a int8) int8",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int8), func(p []ir.Exp) ir.Exp {
					b.params(p, "a")
					b.println(b.s("before"))
					return b.rem(p[0], b.k(ir.Int8, 0))
				})
			},
			Main:   "fmt.Println(RemZeroConst(5))",
			Stdout: "before\n",
			Stderr: "panic: runtime error: integer divide by zero\n",
			Exit:   2,
		},
		{
			// MinInt64 / -1 is MinInt64 and MinInt64 % -1 is 0 in Go, by a
			// given and by a constant divisor.
			Name: "MinDiv",
			Sig:  "func(a, b int64) (int64, int64)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int64, ir.Int64), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "b")
					m1 := b.k(ir.Int64, -1)
					b.println(b.div(p[0], m1), b.rem(p[0], m1))
					return b.Tuple(b.div(p[0], p[1]), b.rem(p[0], p[1]))
				})
			},
			Main:   "fmt.Println(MinDiv(math.MinInt64, -1))\nfmt.Println(MinDiv(-7, 2))\nfmt.Println(MinDiv(7, -2))\nfmt.Println(MinDiv(-7, -2))",
			Stdout: "-9223372036854775808 0\n-9223372036854775808 0\n7 0\n-3 -1\n-7 0\n-3 1\n7 0\n3 -1\n",
		},
		{
			Name: "IndexOutOfRange",
			Sig:  "func(s []int, i int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.SliceOf(ir.Int), ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "i")
					return b.Index(p[0], p[1])
				})
			},
			Main:   "s := []int{10, 20, 30}\nfmt.Println(IndexOutOfRange(s, 2))\nfmt.Println(IndexOutOfRange(s, 5))",
			Stdout: "30\n",
			Stderr: "panic: runtime error: index out of range [5] with length 3\n",
			Exit:   2,
		},
		{
			// A constant negative index does not compile in Go: it must
			// still panic at run time.
			Name: "IndexNegativeConst",
			Sig:  "func(s []int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.SliceOf(ir.Int)), func(p []ir.Exp) ir.Exp {
					b.params(p, "s")
					b.println(b.Len(p[0]))
					return b.Index(p[0], b.i(-1))
				})
			},
			Main:   "fmt.Println(IndexNegativeConst([]int{1}))",
			Stdout: "1\n",
			Stderr: "panic: runtime error: index out of range [-1]\n",
			Exit:   2,
		},
		{
			Name: "SliceOutOfRange",
			Sig:  "func(s []int, hi int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.SliceOf(ir.Int), ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "hi")
					return b.Len(b.SubSlice(p[0], b.i(1), p[1]))
				})
			},
			Main:   "s := make([]int, 2, 3)\nfmt.Println(SliceOutOfRange(s, 3))\nfmt.Println(SliceOutOfRange(s, 4))",
			Stdout: "2\n",
			Stderr: "panic: runtime error: slice bounds out of range [:4] with capacity 3\n",
			Exit:   2,
		},
		{
			Name: "ShiftNegative",
			Sig:  "func(x, c int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x", "c")
					return b.Binary(ir.OpShl, p[0], p[1])
				})
			},
			Main:   "fmt.Println(ShiftNegative(1, 3))\nfmt.Println(ShiftNegative(1, -1))",
			Stdout: "8\n",
			Stderr: "panic: runtime error: negative shift amount\n",
			Exit:   2,
		},
		{
			Name: "PanicMessage",
			Sig:  "func(x int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					b.If(b.lt(p[0], b.i(0)), ir.Void, func() ir.Exp {
						b.Panic(b.s("negative input"))
						return b.Unit()
					}, func() ir.Exp { return b.Unit() })
					return b.mul(p[0], b.i(2))
				})
			},
			Main:   "fmt.Println(PanicMessage(3))\nfmt.Println(PanicMessage(-1))",
			Stdout: "6\n",
			Stderr: "panic: negative input\n",
			Exit:   2,
		},
	}
}
