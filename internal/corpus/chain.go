package corpus

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the cases of else-if chains whose arms do the same
// thing, as a staged switch leaves them: runs of equal arms (2, 3 and
// more), equal arms that are not adjacent, a last arm equal to the else
// with a condition that cannot panic and with one that can, an if whose
// branches are equal, and the same with returns.

// arm is one arm of a chain: if cond { body }.
type arm struct {
	cond func() ir.Exp
	body func()
}

// chain builds if a0.cond { a0.body } else if a1.cond { ... } else { els }
// as nested conditionals without results.
func (b bld) chain(arms []arm, els func()) {
	if len(arms) == 0 {
		els()
		return
	}
	b.If(arms[0].cond(), ir.Void,
		func() ir.Exp { arms[0].body(); return b.Unit() },
		func() ir.Exp { b.chain(arms[1:], els); return b.Unit() })
}

// is returns the condition x == v, for an int x.
func (b bld) is(x ir.Exp, v int) func() ir.Exp {
	return func() ir.Exp { return b.eq(x, b.i(v)) }
}

// isRune returns the condition r == v, for an int32 r.
func (b bld) isRune(r ir.Exp, v rune) func() ir.Exp {
	return func() ir.Exp { return b.eq(r, b.k(ir.Int32, v)) }
}

// say returns a body that prints s.
func (b bld) say(s string) func() {
	return func() { b.println(b.s(s)) }
}

func chainCases() []Case {
	return []Case{
		{
			// A staged switch over runes, case by case:
			// case 'a': n++; case 'e': n++; ...; case ' ':; default: other++.
			Name: "Vowels",
			Sig:  "func(rs []int32) (int, int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.SliceOf(ir.Int32)), func(p []ir.Exp) ir.Exp {
					b.params(p, "rs")
					n := b.named(b.NewVar(b.i(0)), "n")
					other := b.named(b.NewVar(b.i(0)), "other")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.lt(b.ReadVar(i), b.Len(p[0])) }, func() {
						r := b.named(b.Index(p[0], b.ReadVar(i)), "r")
						var arms []arm
						for _, v := range "aeiou" {
							arms = append(arms, arm{b.isRune(r, v), func() { b.incr(n) }})
						}
						arms = append(arms, arm{b.isRune(r, ' '), func() {}})
						b.chain(arms, func() { b.incr(other) })
						b.incr(i)
					})
					return b.Tuple(b.ReadVar(n), b.ReadVar(other))
				})
			},
			Main:   "fmt.Println(Vowels([]int32(\"a quiet evening\")))\nfmt.Println(Vowels(nil))",
			Stdout: "7 6\n0 0\n",
		},
		{
			// Runs of two and three equal arms become one arm each.
			Name: "ChainRuns",
			Sig:  "func(x int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					x := p[0]
					b.chain([]arm{
						{b.is(x, 1), b.say("one to three")},
						{b.is(x, 2), b.say("one to three")},
						{b.is(x, 3), b.say("one to three")},
						{b.is(x, 4), b.say("four")},
						{b.is(x, 5), b.say("five or six")},
						{b.is(x, 6), b.say("five or six")},
					}, b.say("other"))
					return b.Unit()
				})
			},
			Main:   "for x := 0; x <= 7; x++ {\nChainRuns(x)\n}",
			Stdout: "other\none to three\none to three\none to three\nfour\nfive or six\nfive or six\nother\n",
		},
		{
			// Equal arms that are not adjacent stay apart: merging them
			// would change which arm runs.
			Name: "ChainApart",
			Sig:  "func(x int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					x := p[0]
					b.chain([]arm{
						{b.is(x, 1), b.say("odd")},
						{b.is(x, 2), b.say("even")},
						{b.is(x, 3), b.say("odd")},
					}, b.say("even"))
					return b.Unit()
				})
			},
			Main:   "for x := 0; x <= 4; x++ {\nChainApart(x)\n}",
			Stdout: "even\nodd\neven\nodd\neven\n",
		},
		{
			// A last arm that does what the else does, with a condition
			// that cannot panic, goes.
			Name: "ChainTail",
			Sig:  "func(x int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					x := p[0]
					b.chain([]arm{
						{b.is(x, 1), b.say("one")},
						{func() ir.Exp { return b.lt(b.i(5), x) }, b.say("other")},
					}, b.say("other"))
					return b.Unit()
				})
			},
			Main:   "ChainTail(1)\nChainTail(9)\nChainTail(0)",
			Stdout: "one\nother\nother\n",
		},
		{
			// The same, but the last arm's condition divides: it stays,
			// and panics for x == 0 as the graph says.
			Name: "ChainTailTrap",
			Sig:  "func(x int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					x := p[0]
					b.chain([]arm{
						{b.is(x, 1), b.say("one")},
						{func() ir.Exp { return b.eq(b.div(b.i(12), x), b.i(3)) }, b.say("other")},
					}, b.say("other"))
					return b.Unit()
				})
			},
			Main:   "ChainTailTrap(1)\nChainTailTrap(4)\nChainTailTrap(5)\nChainTailTrap(0)\nfmt.Println(\"not reached\")",
			Stdout: "one\nother\nother\n",
			Stderr: "panic: runtime error: integer divide by zero\n",
			Exit:   2,
		},
		{
			// if c { S } else { S } is S when c cannot panic; with a
			// condition that can, the if stays.
			Name: "SameBranches",
			Sig:  "func(x, y int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x", "y")
					x, y := p[0], p[1]
					b.chain([]arm{{func() ir.Exp { return b.lt(x, y) }, b.say("same")}}, b.say("same"))
					b.chain([]arm{{func() ir.Exp { return b.lt(b.rem(x, y), b.i(2)) }, b.say("again")}}, b.say("again"))
					return b.Unit()
				})
			},
			Main:   "SameBranches(1, 2)\nSameBranches(3, 2)\nSameBranches(3, 0)\nfmt.Println(\"not reached\")",
			Stdout: "same\nagain\nsame\nagain\nsame\n",
			Stderr: "panic: runtime error: integer divide by zero\n",
			Exit:   2,
		},
		{
			// Equal branches that declare a name (the schedule copies
			// x*3, used by both, into each): the if stays, so that the
			// name keeps its scope.
			Name: "SameDeclares",
			Sig:  "func(x, y int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x", "y")
					x, y := p[0], p[1]
					both := func() {
						z := b.mul(x, b.i(3))
						b.println(z, z)
					}
					b.chain([]arm{{func() ir.Exp { return b.lt(x, y) }, both}}, both)
					return b.Unit()
				})
			},
			Main:   "SameDeclares(1, 2)\nSameDeclares(3, 2)",
			Stdout: "3 3\n9 9\n",
		},
		{
			// Returns: if a { return true }; if b { return true } is
			// if a || b { return true }.
			Name: "IsVowel",
			Sig:  "func(r int32) bool",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int32), func(p []ir.Exp) ir.Exp {
					b.params(p, "r")
					var pick func(vs string) ir.Exp
					pick = func(vs string) ir.Exp {
						if vs == "" {
							return b.Const(ir.Bool, false)
						}
						return b.If(b.isRune(p[0], rune(vs[0]))(), ir.Bool,
							func() ir.Exp { return b.Const(ir.Bool, true) },
							func() ir.Exp { return pick(vs[1:]) })
					}
					return pick("aeiou")
				})
			},
			Main:   "fmt.Println(IsVowel('a'), IsVowel('u'), IsVowel('x'), IsVowel(0))",
			Stdout: "true true false false\n",
		},
	}
}
