package corpus

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the cases of control flow: nested loops with variables,
// conditionals with results, else-if chains, early exits, loops whose
// condition needs statements, and boolean operators.

func controlCases() []Case {
	return []Case{
		namesCase(),
		{
			// acc = Σ_{i<n} Σ_{j<i} i*j
			Name: "NestedLoops",
			Sig:  "func(n int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					acc := b.named(b.NewVar(b.i(0)), "acc")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.lt(b.ReadVar(i), p[0]) }, func() {
						j := b.named(b.NewVar(b.i(0)), "j")
						b.While(func() ir.Exp { return b.lt(b.ReadVar(j), b.ReadVar(i)) }, func() {
							b.WriteVar(acc, b.add(b.ReadVar(acc), b.mul(b.ReadVar(i), b.ReadVar(j))))
							b.incr(j)
						})
						b.incr(i)
					})
					return b.ReadVar(acc)
				})
			},
			Main:   "fmt.Println(NestedLoops(0))\nfmt.Println(NestedLoops(5))\nfmt.Println(NestedLoops(10))",
			Stdout: "0\n35\n870\n",
		},
		{
			Name: "Sign",
			Sig:  "func(x int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					return b.If(b.lt(p[0], b.i(0)), ir.Int,
						func() ir.Exp { return b.i(-1) },
						func() ir.Exp {
							return b.If(b.eq(p[0], b.i(0)), ir.Int,
								func() ir.Exp { return b.i(0) },
								func() ir.Exp { return b.i(1) })
						})
				})
			},
			Main:   "fmt.Println(Sign(-5), Sign(0), Sign(7))",
			Stdout: "-1 0 1\n",
		},
		{
			// A conditional whose result is used, not returned.
			Name: "Clamp",
			Sig:  "func(x, lo, hi float64) float64",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Float64, ir.Float64, ir.Float64), func(p []ir.Exp) ir.Exp {
					b.params(p, "x", "lo", "hi")
					x, lo, hi := p[0], p[1], p[2]
					r := b.If(b.lt(x, lo), ir.Float64,
						func() ir.Exp { return lo },
						func() ir.Exp {
							return b.If(b.Compare(ir.OpGt, x, hi), ir.Float64,
								func() ir.Exp { return hi },
								func() ir.Exp { return x })
						})
					b.Name(r, "r")
					return b.mul(r, b.k(ir.Float64, 2.0))
				})
			},
			Main:   "fmt.Println(Clamp(-1, 0, 10), Clamp(5.5, 0, 10), Clamp(11, 0, 10), Clamp(math.NaN(), 0, 10))",
			Stdout: "0 11 20 NaN\n",
		},
		{
			// A conditional with an effect in one branch and a result.
			Name: "AbsPrint",
			Sig:  "func(x int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					r := b.If(b.lt(p[0], b.i(0)), ir.Int,
						func() ir.Exp {
							b.println(b.s("negative"))
							return b.Unary(ir.OpNeg, p[0])
						},
						func() ir.Exp { return p[0] })
					b.Name(r, "abs")
					b.println(b.s("abs"), r)
					return b.add(r, b.i(1))
				})
			},
			Main:   "fmt.Println(AbsPrint(-3))\nfmt.Println(AbsPrint(4))",
			Stdout: "negative\nabs 3\n4\nabs 4\n5\n",
		},
		{
			Name: "Grade",
			Sig:  "func(score int) string",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "score")
					var grade func(i int) ir.Exp
					limits := []int{90, 80, 70}
					grade = func(i int) ir.Exp {
						if i == len(limits) {
							return b.s("F")
						}
						return b.If(b.Compare(ir.OpGe, p[0], b.i(limits[i])), ir.String,
							func() ir.Exp { return b.s(string(rune('A' + i))) },
							func() ir.Exp { return grade(i + 1) })
					}
					g := grade(0)
					b.Name(g, "grade")
					return b.Concat(b.s("grade "), g)
				})
			},
			Main:   "fmt.Println(Grade(95), Grade(85), Grade(75), Grade(10))",
			Stdout: "grade A grade B grade C grade F\n",
		},
		{
			// Conditionals with two results: taken apart, and returned.
			Name: "MinMax",
			Sig:  "func(a, b int) (int, int)",
			Build: func() *ir.Graph {
				b := newBld()
				pair := ir.TupleOf(ts(ir.Int, ir.Int))
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "b")
					x, y := p[0], p[1]
					r := b.If(b.lt(x, y), pair,
						func() ir.Exp { return b.Tuple(x, y) },
						func() ir.Exp { return b.Tuple(y, x) })
					lo, hi := b.named(b.Proj(r, 0), "lo"), b.named(b.Proj(r, 1), "hi")
					b.println(lo, hi)
					return b.If(b.lt(hi, b.i(10)), pair,
						func() ir.Exp { return b.Tuple(b.mul(lo, b.i(2)), hi) },
						func() ir.Exp { return b.Tuple(hi, lo) })
				})
			},
			Main:   "fmt.Println(MinMax(3, 1))\nfmt.Println(MinMax(20, 5))",
			Stdout: "1 3\n2 3\n5 20\n20 5\n",
		},
		{
			// An early exit from a loop, through a flag in its condition.
			Name: "Find",
			Sig:  "func(s []int, x int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.SliceOf(ir.Int), ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "x")
					i := b.named(b.NewVar(b.i(0)), "i")
					found := b.named(b.NewVar(b.i(-1)), "found")
					b.While(func() ir.Exp {
						return b.Binary(ir.OpAnd, b.lt(b.ReadVar(i), b.Len(p[0])), b.lt(b.ReadVar(found), b.i(0)))
					}, func() {
						b.If(b.eq(b.Index(p[0], b.ReadVar(i)), p[1]), ir.Void, func() ir.Exp {
							b.WriteVar(found, b.ReadVar(i))
							return b.Unit()
						}, func() ir.Exp { return b.Unit() })
						b.incr(i)
					})
					return b.ReadVar(found)
				})
			},
			Main:   "s := []int{4, 8, 15, 16, 23, 42}\nfmt.Println(Find(s, 15), Find(s, 5), Find(nil, 1), Find(s, 4))",
			Stdout: "2 -1 -1 0\n",
		},
		{
			// A loop whose condition needs a statement (the print).
			Name: "Collatz",
			Sig:  "func(start int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "start")
					n := b.named(b.NewVar(p[0]), "n")
					steps := b.named(b.NewVar(b.i(0)), "steps")
					b.While(func() ir.Exp {
						b.Print(ir.OpPrintf, b.s("%d "), b.ReadVar(n))
						return b.Compare(ir.OpNe, b.ReadVar(n), b.i(1))
					}, func() {
						v := b.ReadVar(n)
						b.WriteVar(n, b.If(b.eq(b.rem(v, b.i(2)), b.i(0)), ir.Int,
							func() ir.Exp { return b.div(v, b.i(2)) },
							func() ir.Exp { return b.add(b.mul(v, b.i(3)), b.i(1)) }))
						b.incr(steps)
					})
					return b.ReadVar(steps)
				})
			},
			Main:   "fmt.Println(Collatz(6))\nfmt.Println(Collatz(1))",
			Stdout: "6 3 10 5 16 8 4 2 1 8\n1 0\n",
		},
		{
			Name: "BubbleSort",
			Sig:  "func(s []int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.SliceOf(ir.Int)), func(p []ir.Exp) ir.Exp {
					b.params(p, "s")
					s := p[0]
					n := b.Len(s)
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.lt(b.ReadVar(i), n) }, func() {
						j := b.named(b.NewVar(b.i(0)), "j")
						b.While(func() ir.Exp {
							return b.lt(b.ReadVar(j), b.sub(b.sub(n, b.ReadVar(i)), b.i(1)))
						}, func() {
							jv := b.ReadVar(j)
							j1 := b.add(jv, b.i(1))
							x, y := b.Index(s, jv), b.Index(s, j1)
							b.If(b.Compare(ir.OpGt, x, y), ir.Void, func() ir.Exp {
								b.SetIndex(s, jv, y)
								b.SetIndex(s, j1, x)
								return b.Unit()
							}, func() ir.Exp { return b.Unit() })
							b.incr(j)
						})
						b.incr(i)
					})
					return b.Unit()
				})
			},
			Main:   "s := []int{5, 2, 9, 1, 5, 6}\nBubbleSort(s)\nfmt.Println(s)\nBubbleSort(nil)",
			Stdout: "[1 2 5 5 6 9]\n",
		},
		{
			// Accumulating in a float32 variable overflows to +Inf.
			Name: "Accumulate32",
			Sig:  "func(n int) float32",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					acc := b.named(b.NewVar(b.k(ir.Float32, float32(0))), "acc")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.lt(b.ReadVar(i), p[0]) }, func() {
						b.WriteVar(acc, b.add(b.mul(b.ReadVar(acc), b.k(ir.Float32, float32(10))), b.k(ir.Float32, float32(0.1))))
						b.incr(i)
					})
					return b.ReadVar(acc)
				})
			},
			Main:   "fmt.Println(Accumulate32(0), Accumulate32(3), Accumulate32(50))",
			Stdout: fmt.Sprintln(accumulate32(0), accumulate32(3), accumulate32(50)),
		},
		{
			Name: "BoolOps",
			Sig:  "func(a, b bool) bool",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Bool, ir.Bool), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "b")
					x, y := p[0], p[1]
					b.println(b.Binary(ir.OpAnd, x, y), b.Binary(ir.OpOr, x, y), b.Binary(ir.OpXor, x, y),
						b.Binary(ir.OpAndNot, x, y), b.Unary(ir.OpNot, x), b.eq(x, y), b.Compare(ir.OpNe, x, y))
					return b.Unary(ir.OpNot, b.Binary(ir.OpAnd, x, b.Unary(ir.OpNot, y)))
				})
			},
			Main: "fmt.Println(BoolOps(false, false))\nfmt.Println(BoolOps(false, true))\n" +
				"fmt.Println(BoolOps(true, false))\nfmt.Println(BoolOps(true, true))",
			Stdout: boolOps(),
		},
	}
}

func accumulate32(n int) float32 {
	var acc float32
	for i := 0; i < n; i++ {
		acc = acc*10 + 0.1
	}
	return acc
}

func boolOps() string {
	var s string
	for _, a := range []bool{false, true} {
		for _, b := range []bool{false, true} {
			s += fmt.Sprintln(a && b, a || b, a != b, a && !b, !a, a == b, a != b)
			s += fmt.Sprintln(!(a && !b))
		}
	}
	return s
}

// namesCase has source names that are keywords, predeclared identifiers,
// import names, an x<N> name and a name with a space: the generated names
// must be valid and distinct.
func namesCase() Case {
	return Case{
		Name: "AwkwardNames",
		Sig:  "func(type1, len1, fmt1 int, x2 float64, a_b string) float64",
		Build: func() *ir.Graph {
			b := newBld()
			return b.Build(ts(ir.Int, ir.Int, ir.Int, ir.Float64, ir.String), func(p []ir.Exp) ir.Exp {
				b.params(p, "type", "len", "fmt", "x2", "a b")
				math := b.named(b.NewVar(p[0]), "math")
				b.If(b.lt(b.i(0), p[1]), ir.Void, func() ir.Exp {
					b.WriteVar(math, b.add(b.add(p[0], p[1]), p[2]))
					return b.Unit()
				}, func() ir.Exp { return b.Unit() })
				b.println(p[4], b.ReadVar(math))
				sq := b.Call(ir.Callee{Pkg: "math", Name: "Sqrt", Pure: true}, ir.Float64, b.Convert(ir.Float64, b.ReadVar(math)))
				return b.add(b.named(sq, "x2"), p[3])
			})
		},
		Main:   "fmt.Println(AwkwardNames(1, 2, 6, 0.5, \"ok\"))",
		Stdout: "ok 9\n3.5\n",
	}
}
