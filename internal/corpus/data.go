package corpus

import (
	"fmt"
	"math"
	"unicode"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the cases of data: static tables (read, shared, and
// written), slices and their aliasing, strings, complex numbers and
// conversions.

var coef = []float64{0.5, 1, 2.5, -3, math.Inf(1)}

func dataCases() []Case {
	ints := ir.SliceOf(ir.Int)
	return []Case{
		{
			Name: "StaticTable",
			Sig:  "func(i int, x float64) float64",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Float64), func(p []ir.Exp) ir.Exp {
					b.params(p, "i", "x")
					c := b.named(b.Static(ir.SliceOf(ir.Float64), coef), "coef")
					names := b.named(b.Static(ir.SliceOf(ir.String), []string{"zero", "one", "two"}), "names")
					small := b.Static(ir.SliceOf(ir.Int8), []int8{-128, 0, 127})
					j := b.rem(p[0], b.i(3))
					b.println(b.Index(names, j), b.Index(small, j), b.Len(c))
					return b.mul(b.Index(c, p[0]), p[1])
				})
			},
			Main:   "fmt.Println(StaticTable(0, 2))\nfmt.Println(StaticTable(2, 4))\nfmt.Println(StaticTable(4, 1))\nfmt.Println(StaticTable(5, 1))",
			Stdout: "zero -128 5\n1\ntwo 127 5\n10\none 0 5\n+Inf\ntwo 127 5\n",
			Stderr: "panic: runtime error: index out of range [5] with length 5\n",
			Exit:   2,
		},
		{
			// The same table as StaticTable's: one variable in a file with
			// both.
			Name: "TableSum",
			Sig:  "func(n int) float64",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					c := b.named(b.Static(ir.SliceOf(ir.Float64), coef), "coef")
					sum := b.named(b.NewVar(b.k(ir.Float64, 0.0)), "sum")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.lt(b.ReadVar(i), p[0]) }, func() {
						b.WriteVar(sum, b.add(b.ReadVar(sum), b.Index(c, b.ReadVar(i))))
						b.incr(i)
					})
					return b.ReadVar(sum)
				})
			},
			Main:   "fmt.Println(TableSum(4), TableSum(5), TableSum(0))",
			Stdout: "1 +Inf 0\n",
		},
		{
			// A table the code writes: no call may see another's writes.
			Name: "StaticWrite",
			Sig:  "func(i int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "i")
					t := b.named(b.Static(ints, []int{1, 2, 3}), "t")
					b.SetIndex(t, p[0], b.add(b.Index(t, p[0]), b.i(10)))
					return b.add(b.add(b.Index(t, b.i(0)), b.Index(t, b.i(1))), b.Index(t, b.i(2)))
				})
			},
			Main:   "fmt.Println(StaticWrite(0), StaticWrite(0), StaticWrite(2))",
			Stdout: "16 16 16\n",
		},
		{
			// A table written by a function declared ahead of its body,
			// through the captured table and through a parameter that
			// is a sub-slice of it: each call starts from the table.
			Name: "StaticWriteInCallee",
			Sig:  "func(i int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "i")
					t := b.named(b.Static(ints, []int{1, 2, 3, 4}), "t")
					bump := b.named(b.Forward(ir.FuncOf(ts(ir.Int), nil)), "bump")
					call := b.named(b.Lambda(ts(ir.Int), nil, func(a []ir.Exp) ir.Exp {
						b.Apply(bump, a[0]) // through the declaration
						return b.Unit()
					}), "call")
					b.DefineForward(bump, func(a []ir.Exp) ir.Exp {
						b.SetIndex(t, a[0], b.add(b.Index(t, a[0]), b.i(10)))
						return b.Unit()
					})
					b.Apply(call, p[0])
					set := b.named(b.Lambda(ts(ints), nil, func(a []ir.Exp) ir.Exp {
						b.SetIndex(a[0], b.i(0), b.i(100))
						return b.Unit()
					}), "set")
					b.Apply(set, b.SubSlice(t, b.i(3), b.i(4)))
					return b.add(b.add(b.Index(t, b.i(0)), b.Index(t, b.i(1))), b.add(b.Index(t, b.i(2)), b.Index(t, b.i(3))))
				})
			},
			Main:   "fmt.Println(StaticWriteInCallee(0), StaticWriteInCallee(0), StaticWriteInCallee(2))",
			Stdout: "116 116 116\n",
		},
		{
			// A table read, never written, by a function declared ahead
			// of its body: a package-level variable, not copied.
			Name: "StaticReadInCallee",
			Sig:  "func(i int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "i")
					t := b.named(b.Static(ints, []int{5, 6, 7}), "t")
					get := b.named(b.Forward(ir.FuncOf(ts(ir.Int), ts(ir.Int))), "get")
					call := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp {
						return b.Apply(get, a[0]) // through the declaration
					}), "call")
					b.DefineForward(get, func(a []ir.Exp) ir.Exp { return b.Index(t, a[0]) })
					return b.Apply(call, p[0])
				})
			},
			Main:   "fmt.Println(StaticReadInCallee(0), StaticReadInCallee(2))",
			Stdout: "5 7\n",
		},
		{
			// A write through a sub-slice, read through its base, and
			// the other way round.
			Name: "SubSliceAlias",
			Sig:  "func(n int) int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					s := b.named(b.MakeSlice(ir.Int, p[0], p[0]), "s")
					t := b.named(b.SubSlice(s, b.i(2), b.i(5)), "t")
					b.SetIndex(t, b.i(1), b.i(42))
					b.SetIndex(s, b.i(4), b.i(7))
					b.println(b.Index(s, b.i(3)), b.Index(t, b.i(2)))
					return b.add(b.mul(b.Len(t), b.i(100)), b.Cap(t))
				})
			},
			Main:   "fmt.Println(SubSliceAlias(10))",
			Stdout: "42 7\n308\n",
		},
		{
			// make, append in a loop, copy, append..., three-index slices.
			// append(s[:1], t...) writes into s's array.
			Name: "Slices",
			Sig:  "func(n int) []int",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					sv := b.named(b.NewVar(b.MakeSlice(ir.Int, b.i(0), p[0])), "s")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.lt(b.ReadVar(i), p[0]) }, func() {
						iv := b.ReadVar(i)
						b.WriteVar(sv, b.Append(b.ReadVar(sv), b.mul(iv, iv)))
						b.incr(i)
					})
					s := b.ReadVar(sv)
					t := b.named(b.MakeSlice(ir.Int, b.i(2), b.i(2)), "t")
					copied := b.named(b.Copy(t, s), "copied")
					u := b.named(b.AppendSlice(b.SubSlice(s, b.i(0), b.i(1)), t), "u")
					v := b.SubSlice(s, b.i(0), b.i(2), b.i(3))
					b.println(copied, b.Len(u), b.Cap(u), b.SubSlice(s, b.i(1), b.i(3)), b.Len(v), b.Cap(v))
					return s
				})
			},
			Main:   "fmt.Println(Slices(5))\nfmt.Println(Slices(3))",
			Stdout: "2 3 5 [0 1] 2 3\n[0 0 1 9 16]\n2 3 3 [0 1] 2 3\n[0 0 1]\n",
		},
		{
			Name: "Strings",
			Sig:  "func(s string, i int, r int32, w int) (string, int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.String, ir.Int, ir.Int32, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "i", "r", "w")
					s, i := p[0], p[1]
					rs := b.Convert(ir.String, p[2])
					b.println(b.StrLen(s), b.StrIndex(s, i), b.StrSlice(s, b.i(1), b.i(3)), b.Concat(s, b.s("!")),
						rs, b.Convert(ir.String, p[3]), b.Convert(ir.String, b.Convert(ir.Uint8, i)))
					return b.Tuple(b.Concat(b.StrSlice(s, i, b.StrLen(s)), rs), b.StrLen(s))
				})
			},
			Main: "fmt.Println(Strings(\"héllo\", 1, 0x4e16, 0x1F600))\n" +
				"fmt.Println(Strings(\"abc\", 0, 65, -1))\n" +
				"fmt.Println(Strings(\"xyz\", 2, -5, 0x100000041))",
			Stdout: stringsOut("héllo", 1, 0x4e16, 0x1F600) + stringsOut("abc", 0, 65, -1) + stringsOut("xyz", 2, -5, 0x100000041),
		},
		{
			Name: "Complex",
			Sig:  "func(a, b complex128, c complex64) complex128",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Complex128, ir.Complex128, ir.Complex64), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "b", "c")
					a, x, c := p[0], p[1], p[2]
					b.println(b.add(a, x), b.sub(a, x), b.mul(a, x), b.div(a, x), b.Unary(ir.OpNeg, a),
						b.Real(a), b.Imag(x), b.Complex(b.Imag(a), b.Real(x)), b.eq(a, x),
						b.mul(c, c), b.Convert(ir.Complex128, c), b.mul(a, b.k(ir.Complex128, complex(0, 1))),
						b.add(c, b.k(ir.Complex64, complex64(complex(1.5, -2)))))
					return b.mul(a, x)
				})
			},
			Main:   "fmt.Println(Complex(1+2i, 3-4i, 0.5+1i))\nfmt.Println(Complex(0, 0, 0))",
			Stdout: complexOut(1+2i, 3-4i, 0.5+1i) + complexOut(0, 0, 0),
		},
		{
			Name: "Conversions",
			Sig:  "func(i int, f float64, u uint8, s int8) int64",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.Int, ir.Float64, ir.Uint8, ir.Int8), func(p []ir.Exp) ir.Exp {
					b.params(p, "i", "f", "u", "s")
					i, f, u, s := p[0], p[1], p[2], p[3]
					b.println(b.Convert(ir.Float64, i), b.Convert(ir.Int, f), b.Convert(ir.Uint8, s),
						b.Convert(ir.Int8, u), b.Convert(ir.Uint64, s), b.Convert(ir.Float32, f),
						b.Convert(ir.Int32, i), b.Convert(ir.Uint16, i), b.Convert(ir.Float64, b.Convert(ir.Float32, f)),
						b.Convert(ir.Uintptr, u), b.Convert(ir.Float32, s))
					return b.add(b.Convert(ir.Int64, s), b.Convert(ir.Int64, u))
				})
			},
			Main:   "fmt.Println(Conversions(70000, -3.75, 200, -100))\nfmt.Println(Conversions(-1, 1e10, 0, 127))",
			Stdout: conversionsOut(70000, -3.75, 200, -100) + conversionsOut(-1, 1e10, 0, 127),
		},
	}
}

// runeString is Go's string(w) for an int w.
func runeString(w int) string {
	if w < 0 || w > unicode.MaxRune {
		return "\uFFFD"
	}
	return string(rune(w))
}

func stringsOut(s string, i int, r int32, w int) string {
	return fmt.Sprintln(len(s), s[i], s[1:3], s+"!", string(r), runeString(w), string(rune(uint8(i)))) +
		fmt.Sprintln(s[i:]+string(r), len(s))
}

func complexOut(a, b complex128, c complex64) string {
	return fmt.Sprintln(a+b, a-b, a*b, a/b, -a, real(a), imag(b), complex(imag(a), real(b)), a == b,
		c*c, complex128(c), a*1i, c+complex64(complex(1.5, -2))) + fmt.Sprintln(a*b)
}

func conversionsOut(i int, f float64, u uint8, s int8) string {
	return fmt.Sprintln(float64(i), int(f), uint8(s), int8(u), uint64(s), float32(f), int32(i), uint16(i),
		float64(float32(f)), uintptr(u), float32(s)) + fmt.Sprintln(int64(s)+int64(u))
}
