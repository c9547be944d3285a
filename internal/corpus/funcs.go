package corpus

import (
	"fmt"
	"math"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the cases of staged functions: recursion (fib,
// Ackermann) and mutual recursion (even/odd) through λforward, closures
// that capture dynamic values or variables, functions that capture
// nothing, multiple results, unused results, and library calls.

func funcCases() []Case {
	intFn := ir.FuncOf(ts(ir.Int), ts(ir.Int))
	return []Case{
		{
			Name: "Fib",
			Sig:  "func(n int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					fib := b.named(b.Forward(intFn), "fib")
					b.DefineForward(fib, func(a []ir.Exp) ir.Exp {
						b.params(a, "n")
						n := a[0]
						return b.If(b.lt(n, b.i(2)), ir.Int,
							func() ir.Exp { return n },
							func() ir.Exp {
								return b.add(b.Apply(fib, b.sub(n, b.i(1))), b.Apply(fib, b.sub(n, b.i(2))))
							})
					})
					return b.Apply(fib, p[0])
				})
			},
			Main:   "fmt.Println(Fib(0), Fib(1), Fib(10), Fib(20))",
			Stdout: "0 1 55 6765\n",
		},
		{
			Name: "Ackermann",
			Sig:  "func(m, n int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "m", "n")
					ack := b.named(b.Forward(ir.FuncOf(ts(ir.Int, ir.Int), ts(ir.Int))), "ack")
					b.DefineForward(ack, func(a []ir.Exp) ir.Exp {
						b.params(a, "m", "n")
						m, n := a[0], a[1]
						return b.If(b.eq(m, b.i(0)), ir.Int,
							func() ir.Exp { return b.add(n, b.i(1)) },
							func() ir.Exp {
								return b.If(b.eq(n, b.i(0)), ir.Int,
									func() ir.Exp { return b.Apply(ack, b.sub(m, b.i(1)), b.i(1)) },
									func() ir.Exp {
										return b.Apply(ack, b.sub(m, b.i(1)), b.Apply(ack, m, b.sub(n, b.i(1))))
									})
							})
					})
					return b.Apply(ack, p[0], p[1])
				})
			},
			Main:   "fmt.Println(Ackermann(0, 0), Ackermann(1, 2), Ackermann(2, 3), Ackermann(3, 3))",
			Stdout: "1 4 9 61\n",
		},
		{
			Name: "EvenOdd",
			Sig:  "func(n uint) (bool, bool)",
			Build: func() *ir.Graph {
				b := newBld()
				predFn := ir.FuncOf(ts(ir.Uint), ts(ir.Bool))
				return b.Build(ts(ir.Uint), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					even := b.named(b.Forward(predFn), "even")
					odd := b.named(b.Forward(predFn), "odd")
					def := func(f, other ir.Exp, zero bool) {
						b.DefineForward(f, func(a []ir.Exp) ir.Exp {
							b.params(a, "n")
							return b.If(b.eq(a[0], b.k(ir.Uint, 0)), ir.Bool,
								func() ir.Exp { return b.k(ir.Bool, zero) },
								func() ir.Exp { return b.Apply(other, b.sub(a[0], b.k(ir.Uint, 1))) })
						})
					}
					def(even, odd, true)
					def(odd, even, false)
					return b.Tuple(b.Apply(even, p[0]), b.Apply(odd, p[0]))
				})
			},
			Main:   "fmt.Println(EvenOdd(0))\nfmt.Println(EvenOdd(7))\nfmt.Println(EvenOdd(10))",
			Stdout: "true false\nfalse true\ntrue false\n",
		},
		{
			// A recursive closure: it captures step.
			Name: "SumBy",
			Sig:  "func(n, step int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n", "step")
					sum := b.named(b.Forward(intFn), "sum")
					b.DefineForward(sum, func(a []ir.Exp) ir.Exp {
						b.params(a, "k")
						k := a[0]
						return b.If(b.Compare(ir.OpLe, k, b.i(0)), ir.Int,
							func() ir.Exp { return b.i(0) },
							func() ir.Exp { return b.add(k, b.Apply(sum, b.sub(k, p[1]))) })
					})
					return b.Apply(sum, p[0])
				})
			},
			Main:   "fmt.Println(SumBy(10, 3), SumBy(0, 1), SumBy(5, 1))",
			Stdout: "22 0 15\n",
		},
		{
			// Mutually recursive closures: they capture d.
			Name: "EvenBy",
			Sig:  "func(n, d uint) bool",
			Build: func() *ir.Graph {
				b := newBld()
				predFn := ir.FuncOf(ts(ir.Uint), ts(ir.Bool))
				return b.Build(ts(ir.Uint, ir.Uint), func(p []ir.Exp) ir.Exp {
					b.params(p, "n", "d")
					d := p[1]
					even := b.named(b.Forward(predFn), "even")
					odd := b.named(b.Forward(predFn), "odd")
					def := func(f, other ir.Exp, small bool) {
						b.DefineForward(f, func(a []ir.Exp) ir.Exp {
							b.params(a, "m")
							return b.If(b.lt(a[0], d), ir.Bool,
								func() ir.Exp { return b.k(ir.Bool, small) },
								func() ir.Exp { return b.Apply(other, b.sub(a[0], d)) })
						})
					}
					def(even, odd, true)
					def(odd, even, false)
					return b.Apply(even, p[0])
				})
			},
			Main:   "fmt.Println(EvenBy(7, 2), EvenBy(8, 2), EvenBy(9, 3), EvenBy(1, 5))",
			Stdout: "false true false true\n",
		},
		{
			// A closure that captures a parameter.
			Name: "AddK",
			Sig:  "func(k, x int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "k", "x")
					addK := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp {
						b.params(a, "y")
						return b.add(a[0], p[0])
					}), "addK")
					return b.add(b.Apply(addK, p[1]), b.Apply(addK, b.mul(p[1], b.i(2))))
				})
			},
			Main:   "fmt.Println(AddK(3, 4), AddK(-1, 0))",
			Stdout: "18 -2\n",
		},
		{
			// A closure that updates a captured variable.
			Name: "Counter",
			Sig:  "func(n, step int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n", "step")
					count := b.named(b.NewVar(b.i(0)), "count")
					inc := b.named(b.Lambda(nil, nil, func([]ir.Exp) ir.Exp {
						b.WriteVar(count, b.add(b.ReadVar(count), p[1]))
						return b.Unit()
					}), "inc")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.lt(b.ReadVar(i), p[0]) }, func() {
						b.Apply(inc)
						b.incr(i)
					})
					return b.ReadVar(count)
				})
			},
			Main:   "fmt.Println(Counter(4, 3), Counter(0, 5))",
			Stdout: "12 0\n",
		},
		{
			// A function that captures nothing: a top-level function.
			Name: "SumSquares",
			Sig:  "func(a, b float64) float64",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Float64, ir.Float64), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "b")
					sq := b.named(b.Lambda(ts(ir.Float64), ts(ir.Float64), func(a []ir.Exp) ir.Exp {
						b.params(a, "x")
						return b.mul(a[0], a[0])
					}), "square")
					return b.add(b.Apply(sq, p[0]), b.Apply(sq, p[1]))
				})
			},
			Main:   "fmt.Println(SumSquares(3, 4), SumSquares(-1.5, 0))",
			Stdout: "25 2.25\n",
		},
		{
			// Multiple results: a function of two results, returned
			// whole and taken apart.
			Name: "DivMod",
			Sig:  "func(a, b int) (int, int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "b")
					dm := b.named(b.Lambda(ts(ir.Int, ir.Int), ts(ir.Int, ir.Int), func(a []ir.Exp) ir.Exp {
						b.params(a, "x", "y")
						return b.Tuple(b.div(a[0], a[1]), b.rem(a[0], a[1]))
					}), "divmod")
					r := b.Apply(dm, p[1], b.i(3))
					b.println(b.named(b.Proj(r, 0), "q"), b.named(b.Proj(r, 1), "r"))
					return b.Apply(dm, p[0], p[1])
				})
			},
			Main:   "fmt.Println(DivMod(17, 5))\nfmt.Println(DivMod(-17, 5))",
			Stdout: "1 2\n3 2\n1 2\n-3 -2\n",
		},
		{
			// Results nobody uses: a call kept for its output, a copy kept
			// for its writes.
			Name: "UnusedResults",
			Sig:  "func(dst, src []int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.SliceOf(ir.Int), ir.SliceOf(ir.Int)), func(p []ir.Exp) ir.Exp {
					b.params(p, "dst", "src")
					logf := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp {
						b.params(a, "x")
						b.println(b.s("log"), a[0])
						return b.mul(a[0], b.i(2))
					}), "logged")
					b.Copy(p[0], p[1])
					b.Apply(logf, b.Len(p[0]))
					return b.Index(p[0], b.i(0))
				})
			},
			Main:   "d := make([]int, 3)\nfmt.Println(UnusedResults(d, []int{7, 8}))\nfmt.Println(d)",
			Stdout: "log 3\n7\n[7 8 0]\n",
		},
		{
			Name: "MathCalls",
			Sig:  "func(x float64) float64",
			Build: func() *ir.Graph {
				b := newBld()
				fn := func(name string) ir.Callee { return ir.Callee{Pkg: "math", Name: name, Pure: true} }
				return b.Build(ts(ir.Float64), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					x := p[0]
					mf := b.Call(fn("Modf"), ir.TupleOf(ts(ir.Float64, ir.Float64)), x)
					b.println(b.Call(fn("Sqrt"), ir.Float64, x), b.Call(fn("Floor"), ir.Float64, x),
						b.Call(fn("Max"), ir.Float64, x, b.k(ir.Float64, 2.0)),
						b.named(b.Proj(mf, 0), "whole"), b.named(b.Proj(mf, 1), "frac"))
					return b.Call(fn("Pow"), ir.Float64, x, b.k(ir.Float64, 3.0))
				})
			},
			Main:   "fmt.Println(MathCalls(2.5))\nfmt.Println(MathCalls(-4))",
			Stdout: mathCalls(2.5) + mathCalls(-4),
		},
	}
}

func mathCalls(x float64) string {
	whole, frac := math.Modf(x)
	return fmt.Sprintln(math.Sqrt(x), math.Floor(x), math.Max(x, 2), whole, frac) + fmt.Sprintln(math.Pow(x, 3))
}
