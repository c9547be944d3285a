package cgen_test

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
)

// This file holds cases the gogen corpus does not have, about what is
// particular to C: 64-bit unsigned indices and bounds, printing slices,
// lambda lifting (captured values and variables, transitively, through
// mutual recursion), function values, comparisons C compilers warn about,
// conversions at the edges, math functions, static tables of every type,
// appends that alias the caller's array through the bridge, names that
// are C keywords or library names, evaluation order in expressions. The
// expected output is computed by the same operations in Go wherever that
// is practical.

// goDiffers names the cases where the Go output (gogen) is known not to
// follow the graph, and why: C is then compared with the expected result
// only.
var goDiffers = map[string]string{}

// b is the ir builder with abbreviations for building cases.
type b struct{ *ir.Builder }

func nb() b { return b{ir.NewBuilder()} }

func (b b) i(v int) ir.Exp                     { return b.Const(ir.Int, v) }
func (b b) s(v string) ir.Exp                  { return b.Const(ir.String, v) }
func (b b) k(t *ir.Type, v any) ir.Exp         { return b.Const(t, v) }
func (b b) add(x, y ir.Exp) ir.Exp             { return b.Binary(ir.OpAdd, x, y) }
func (b b) sub(x, y ir.Exp) ir.Exp             { return b.Binary(ir.OpSub, x, y) }
func (b b) mul(x, y ir.Exp) ir.Exp             { return b.Binary(ir.OpMul, x, y) }
func (b b) cmp(op ir.Op, x, y ir.Exp) ir.Exp   { return b.Compare(op, x, y) }
func (b b) println(xs ...ir.Exp)               { b.Print(ir.OpPrintln, xs...) }
func (b b) named(e ir.Exp, name string) ir.Exp { b.Name(e, name); return e }
func (b b) params(p []ir.Exp, names ...string) {
	for i, n := range names {
		b.Name(p[i], n)
	}
}
func (b b) call(name string, t *ir.Type, args ...ir.Exp) ir.Exp {
	return b.Call(ir.Callee{Pkg: "math", Name: name, Pure: true}, t, args...)
}
func ts(t ...*ir.Type) []*ir.Type { return t }

var ints = ir.SliceOf(ir.Int)

func extraCases() []corpus.Case {
	return []corpus.Case{
		{
			// Indices and bounds of 64-bit unsigned types are checked and
			// reported unsigned.
			Name: "CUnsignedIndex",
			Sig:  "func(s []int, i uint64, lo uint, hi uintptr) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ints, ir.Uint64, ir.Uint, ir.Uintptr), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "i", "lo", "hi")
					sub := b.SubSlice(p[0], p[2], p[3])
					b.println(b.Len(sub), b.Len(b.SubSlice(p[0], p[2], p[3], p[3])))
					b.SetIndex(p[0], p[1], b.add(b.Index(p[0], p[1]), b.i(1)))
					return b.Index(p[0], p[1])
				})
			},
			Main: "s := []int{1, 2, 3}\nfmt.Println(CUnsignedIndex(s, 2, 0, 3))\nfmt.Println(CUnsignedIndex(s, 0, 1, 2), s)\n" +
				"fmt.Println(CUnsignedIndex(s, math.MaxUint64, 1, 2))",
			Stdout: "3 3\n4\n1 1\n2 [2 2 4]\n1 1\n",
			Stderr: "panic: runtime error: index out of range [18446744073709551615] with length 3\n",
			Exit:   2,
		},
		{
			Name: "CUnsignedSlice",
			Sig:  "func(s []int, hi uint64) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ints, ir.Uint64), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "hi")
					return b.Len(b.SubSlice(p[0], b.k(ir.Uint64, uint64(1)), p[1]))
				})
			},
			Main:   "fmt.Println(CUnsignedSlice([]int{1, 2, 3}, 3))\nfmt.Println(CUnsignedSlice([]int{1, 2, 3}, math.MaxUint64))",
			Stdout: "2\n",
			Stderr: "panic: runtime error: slice bounds out of range [:18446744073709551615] with capacity 3\n",
			Exit:   2,
		},
		{
			Name: "CStringBounds",
			Sig:  "func(s string, i uint64, lo int) string",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.String, ir.Uint64, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "i", "lo")
					b.println(b.StrIndex(p[0], p[1]))
					return b.StrSlice(p[0], p[2], b.StrLen(p[0]))
				})
			},
			Main:   "fmt.Println(CStringBounds(\"abc\", 1, 1))\nfmt.Println(CStringBounds(\"abc\", 0, 4))",
			Stdout: "98\nbc\n97\n",
			Stderr: "panic: runtime error: slice bounds out of range [4:3]\n",
			Exit:   2,
		},
		{
			// fmt.Print puts spaces between operands that are not
			// strings: slices are not strings.
			Name: "CPrintSlices",
			Sig:  "func(n int)",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					xs := b.named(b.MakeSlice(ir.Int, b.i(2), b.i(2)), "xs")
					b.SetIndex(xs, b.i(0), p[0])
					b.SetIndex(xs, b.i(1), b.i(2))
					fs := b.MakeSlice(ir.Float64, b.i(1), b.i(4))
					strs := b.Static(ir.SliceOf(ir.String), []string{"a", "b c"})
					bs := b.Static(ir.SliceOf(ir.Bool), []bool{true})
					nested := b.MakeSlice(ints, b.i(0), b.i(1))
					nested = b.Append(nested, xs)
					b.Print(ir.OpPrint, b.i(1), xs, b.s("x"), xs, b.k(ir.Float64, 2.5), strs, b.s("\n"))
					b.println(nested, fs, bs, b.Static(ir.SliceOf(ir.Uint8), []uint8{}))
					return b.Unit()
				})
			},
			Main: "CPrintSlices(1)",
			Stdout: fmt.Sprint(1, []int{1, 2}, "x", []int{1, 2}, 2.5, []string{"a", "b c"}, "\n") +
				fmt.Sprintln([][]int{{1, 2}}, []float64{0}, []bool{true}, []uint8{}),
		},
		{
			// Closures within closures, capturing parameters of the
			// function around them and variables, and mutual recursion
			// with captured values.
			Name: "CClosures",
			Sig:  "func(n, step int) (int, bool)",
			Build: func() *ir.Graph {
				b := nb()
				predFn := ir.FuncOf(ts(ir.Int), ts(ir.Bool))
				return b.Build(ts(ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n", "step")
					acc := b.named(b.NewVar(b.i(0)), "acc")
					outer := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp {
						b.params(a, "y")
						inner := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(c []ir.Exp) ir.Exp {
							b.params(c, "z")
							b.WriteVar(acc, b.add(b.ReadVar(acc), b.mul(a[0], c[0])))
							return b.add(b.ReadVar(acc), p[1])
						}), "inner")
						return b.add(b.Apply(inner, b.i(1)), b.Apply(inner, b.i(2)))
					}), "outer")
					i := b.named(b.NewVar(b.i(0)), "i")
					sum := b.named(b.NewVar(b.i(0)), "sum")
					b.While(func() ir.Exp { return b.cmp(ir.OpLt, b.ReadVar(i), p[0]) }, func() {
						b.WriteVar(sum, b.add(b.ReadVar(sum), b.Apply(outer, b.ReadVar(i))))
						b.WriteVar(i, b.add(b.ReadVar(i), b.i(1)))
					})
					even := b.named(b.Forward(predFn), "even")
					odd := b.named(b.Forward(predFn), "odd")
					def := func(f, other ir.Exp, zero bool) ir.Exp {
						return b.DefineForward(f, func(a []ir.Exp) ir.Exp {
							b.params(a, "m")
							return b.If(b.cmp(ir.OpLe, a[0], b.i(0)), ir.Bool,
								func() ir.Exp { return b.k(ir.Bool, zero) },
								func() ir.Exp { return b.Apply(other, b.sub(a[0], p[1])) })
						})
					}
					evenL := def(even, odd, true)
					def(odd, even, false)
					b.println(b.ReadVar(acc))
					// The call through the λ itself (the others go through
					// the forward declarations).
					return b.Tuple(b.ReadVar(sum), b.Apply(evenL, p[0]))
				})
			},
			Main:   "fmt.Println(CClosures(4, 1))\nfmt.Println(CClosures(3, 1))\nfmt.Println(CClosures(0, 2))",
			Stdout: closures(4, 1) + closures(3, 1) + closures(0, 2),
		},
		{
			// Function values: a conditional choosing between two
			// functions that capture nothing.
			Name: "CFuncValue",
			Sig:  "func(c bool, x int) int",
			Build: func() *ir.Graph {
				b := nb()
				fnT := ir.FuncOf(ts(ir.Int), ts(ir.Int))
				return b.Build(ts(ir.Bool, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "c", "x")
					sq := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp { return b.mul(a[0], a[0]) }), "square")
					neg := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp { return b.Unary(ir.OpNeg, a[0]) }), "negate")
					f := b.named(b.If(p[0], fnT, func() ir.Exp { return sq }, func() ir.Exp { return neg }), "f")
					return b.add(b.Apply(f, p[1]), b.Apply(f, b.i(1)))
				})
			},
			Main:   "fmt.Println(CFuncValue(true, 5), CFuncValue(false, 5))",
			Stdout: "26 -6\n",
		},
		{
			// Functions as arguments of functions (C function pointers).
			Name: "CHigherOrder",
			Sig:  "func(x int) int",
			Build: func() *ir.Graph {
				b := nb()
				fnT := ir.FuncOf(ts(ir.Int), ts(ir.Int))
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					twice := b.named(b.Lambda(ts(fnT, ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp {
						b.params(a, "f", "y")
						return b.Apply(a[0], b.Apply(a[0], a[1]))
					}), "twice")
					sq := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp { return b.mul(a[0], a[0]) }), "square")
					inc := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp { return b.add(a[0], b.i(1)) }), "inc")
					fv := b.named(b.NewVar(sq), "fv")
					b.println(b.Apply(twice, b.ReadVar(fv), p[0]))
					b.WriteVar(fv, inc)
					return b.Apply(twice, b.ReadVar(fv), p[0])
				})
			},
			Main:   "fmt.Println(CHigherOrder(3))",
			Stdout: "81\n5\n",
		},
		{
			// A function that writes a captured table (a copy, since it is
			// written) and appends to a captured string variable.
			Name: "CCaptureTable",
			Sig:  "func(n int) string",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					t := b.named(b.Static(ir.SliceOf(ir.String), []string{"a", "b", "c"}), "letters")
					s := b.named(b.NewVar(b.s("")), "s")
					step := b.named(b.Lambda(ts(ir.Int), nil, func(a []ir.Exp) ir.Exp {
						b.params(a, "i")
						j := b.Binary(ir.OpRem, a[0], b.i(3))
						b.WriteVar(s, b.Concat(b.ReadVar(s), b.Index(t, j)))
						b.SetIndex(t, j, b.Concat(b.Index(t, j), b.s("+")))
						return b.Unit()
					}), "step")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.cmp(ir.OpLt, b.ReadVar(i), p[0]) }, func() {
						b.Apply(step, b.ReadVar(i))
						b.WriteVar(i, b.add(b.ReadVar(i), b.i(1)))
					})
					b.println(t)
					return b.ReadVar(s)
				})
			},
			Main:   "fmt.Println(CCaptureTable(5))\nfmt.Println(CCaptureTable(1))",
			Stdout: "[a++ b++ c+]\nabca+b+\n[a+ b c]\na\n",
		},
		{
			// Comparisons the type's range decides, which C compilers
			// warn about when written out.
			Name: "CRangeCompare",
			Sig:  "func(u uint, c uint8, i int8, x int64)",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Uint, ir.Uint8, ir.Int8, ir.Int64), func(p []ir.Exp) ir.Exp {
					b.params(p, "u", "c", "i", "x")
					u, c, i, x := p[0], p[1], p[2], p[3]
					b.println(b.cmp(ir.OpGe, u, b.k(ir.Uint, uint(0))), b.cmp(ir.OpLt, u, b.k(ir.Uint, uint(0))),
						b.cmp(ir.OpLe, c, b.k(ir.Uint8, uint8(255))), b.cmp(ir.OpGt, c, b.k(ir.Uint8, uint8(255))),
						b.cmp(ir.OpGe, i, b.k(ir.Int8, int8(-128))), b.cmp(ir.OpLt, b.k(ir.Int8, int8(-128)), i),
						b.cmp(ir.OpLe, x, b.k(ir.Int64, int64(math.MaxInt64))), b.cmp(ir.OpGt, b.k(ir.Int64, int64(math.MinInt64)), x),
						b.cmp(ir.OpEq, c, b.k(ir.Uint8, uint8(255))), b.cmp(ir.OpNe, u, b.k(ir.Uint, uint(0))))
					return b.Unit()
				})
			},
			Main:   "CRangeCompare(0, 255, -128, math.MinInt64)\nCRangeCompare(7, 3, 5, math.MaxInt64)",
			Stdout: "true false true false true false true false true false\ntrue false true false true true true false false true\n",
		},
		{
			// A conditional with two results of which only the first is
			// read: C assigns that component only, not the second's
			// constant (DCE left a zero there; issue 19).
			Name: "CDeadComponent",
			Sig:  "func(x int) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					x := p[0]
					pair := ir.TupleOf(ts(ir.Int, ir.Int))
					t := b.If(b.cmp(ir.OpGt, x, b.i(3)), pair, func() ir.Exp {
						b.println(x)
						return b.Tuple(b.Unary(ir.OpNeg, x), b.i(6))
					}, func() ir.Exp { return b.Tuple(b.add(x, b.i(1)), b.mul(x, b.i(2))) })
					return b.Proj(t, 0)
				})
			},
			Main:   "fmt.Println(CDeadComponent(5), CDeadComponent(2))",
			Stdout: "5\n-5 3\n",
		},
		{
			// An index of keys (a lowered GroupBy's, issue 14): slots in
			// first-seen order, the same key its first slot; a NaN key is
			// never found, so each NaN gets a new slot.
			Name: "CKeyIndex",
			Sig:  "func(a int, b int, f float64) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int, ir.Int, ir.Float64), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "b", "f")
					ix := b.NewIndex(ir.Int)
					s0 := b.IndexSlot(ix, p[0])
					s1 := b.IndexSlot(ix, p[1])
					s2 := b.IndexSlot(ix, p[0])
					fx := b.NewIndex(ir.Float64)
					f0 := b.IndexSlot(fx, p[2])
					f1 := b.IndexSlot(fx, p[2])
					b.println(s0, s1, s2, f0, f1)
					return b.add(b.mul(s1, b.i(10)), s2)
				})
			},
			Main:   "fmt.Println(CKeyIndex(5, 7, 1.5))\nfmt.Println(CKeyIndex(5, 5, math.NaN()))",
			Stdout: "0 1 0 0 0\n10\n0 0 0 0 1\n0\n",
		},
		{
			// The growth of a field of a split slice of structs (ir.OpGrow):
			// in place when the elements fit, else a copy with the capacity
			// Go's append gives elements of 24, 40 and 1000 bytes (with
			// pointers: a malloc header).
			Name: "CGrow",
			Sig:  "func(s []int, n int) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ints, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "n")
					g1 := b.Grow(p[0], p[1], ir.GrowElem{Size: 24})
					g2 := b.Grow(p[0], p[1], ir.GrowElem{Size: 40})
					g3 := b.Grow(p[0], p[1], ir.GrowElem{Size: 1000, Pointers: true})
					b.println(b.Len(g1), b.Cap(g1), b.Cap(g2), b.Cap(g3), b.Index(g3, b.i(1)))
					b.SetIndex(g1, b.i(0), b.i(9))
					return b.Index(p[0], b.i(0))
				})
			},
			Main:   "s := []int{1, 2, 3}[:2]\nfmt.Println(CGrow(s, 1))\nfmt.Println(CGrow([]int{1, 2, 3}[:2], 35))",
			Stdout: "2 3 3 3 2\n9\n2 37 38 40 2\n1\n",
		},
		{
			// Makes that do not escape the function (free.go): a is freed
			// at the end, b and e (constant sizes) are on the stack, e
			// appended to in place; c (returned through a sub-slice) and
			// d (stored in a variable) escape and are neither.
			Name: "CFree",
			Sig:  "func(n int) []int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "n")
					a := b.named(b.MakeSlice(ir.Int, p[0], p[0]), "a")
					bs := b.named(b.MakeSlice(ir.Int, b.i(4), b.i(4)), "bs")
					c := b.named(b.MakeSlice(ir.Int, p[0], p[0]), "c")
					d := b.named(b.MakeSlice(ir.Int, p[0], p[0]), "d")
					e := b.named(b.MakeSlice(ir.Int, b.i(2), b.i(8)), "e")
					v := b.NewVar(d)
					b.SetIndex(a, b.i(0), p[0])
					b.SetIndex(bs, b.i(1), b.Index(a, b.i(0)))
					b.Copy(c, bs)
					e2 := b.named(b.Append(e, b.i(7)), "e2")
					b.println(b.Index(bs, b.i(1)), b.Len(e2), b.Cap(e2), b.Index(b.ReadVar(v), b.i(0)), b.Index(e, b.i(1)))
					return b.SubSlice(c, b.i(1), b.Len(c))
				})
			},
			Main:   "fmt.Println(CFree(3))",
			Stdout: "3 3 8 0 0\n[3 0]\n",
		},
		{
			// 0.0 - float64(i) is +0 for i = 0: GCC 12 folded the C
			// 0.0 - (double)i to -(double)i (rpg seed 5513 F1a), so the
			// conversion is a function (runtime.h lms_i64_to_f64). 1/x
			// shows the sign of a zero.
			Name: "CZeroMinusConv",
			Sig:  "func(i int64, u uint8) (float64, float32)",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int64, ir.Uint8), func(p []ir.Exp) ir.Exp {
					b.params(p, "i", "u")
					d := b.Binary(ir.OpSub, b.k(ir.Float64, 0.0), b.Convert(ir.Float64, p[0]))
					e := b.Binary(ir.OpAdd, b.Unary(ir.OpNeg, b.Convert(ir.Float64, p[1])), b.k(ir.Float64, 0.0))
					f := b.Binary(ir.OpSub, b.k(ir.Float32, float32(0)), b.Convert(ir.Float32, p[0]))
					b.println(b.Binary(ir.OpDiv, b.k(ir.Float64, 1.0), e))
					return b.Tuple(b.Binary(ir.OpDiv, b.k(ir.Float64, 1.0), d), b.Binary(ir.OpDiv, b.k(ir.Float32, float32(1)), f))
				})
			},
			Main:   "fmt.Println(CZeroMinusConv(0, 0))\nfmt.Println(CZeroMinusConv(2, 4))",
			Stdout: "+Inf\n+Inf +Inf\n-0.25\n-0.5 -0.5\n",
		},
		{
			Name: "CConvert",
			Sig:  "func(f float64, g float32, i int64, u uint64)",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Float64, ir.Float32, ir.Int64, ir.Uint64), func(p []ir.Exp) ir.Exp {
					b.params(p, "f", "g", "i", "u")
					var vals []ir.Exp
					for _, src := range p[:2] {
						for _, t := range []*ir.Type{ir.Int8, ir.Uint8, ir.Int16, ir.Uint16, ir.Int32, ir.Uint32, ir.Int64, ir.Uint64, ir.Uintptr} {
							vals = append(vals, b.Convert(t, src))
						}
					}
					for _, src := range p[2:] {
						for _, t := range []*ir.Type{ir.Int8, ir.Uint8, ir.Int32, ir.Uint32, ir.Float32, ir.Float64, ir.Int, ir.Uint64} {
							vals = append(vals, b.Convert(t, src))
						}
					}
					vals = append(vals, b.Convert(ir.Float32, p[0]), b.Convert(ir.Float64, p[1]), b.Convert(ir.String, p[3]),
						b.Convert(ir.String, b.Convert(ir.Int8, p[2])))
					b.println(vals...)
					return b.Unit()
				})
			},
			Main: strings.Join(convertMains(), "\n"),
			Stdout: convert(math.NaN(), float32(math.Inf(1)), -1, math.MaxUint64) +
				convert(1e10, -1e10, math.MinInt64, 1<<63+1) + convert(-3.7, 3.7, 0x12345678, 0x10FFFF) +
				convert(math.Inf(-1), 255.9, 97, 0xD800),
		},
		{
			Name: "CMath",
			Sig:  "func(x, y float64)",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Float64, ir.Float64), func(p []ir.Exp) ir.Exp {
					b.params(p, "x", "y")
					x, y := p[0], p[1]
					f := ir.Float64
					mf := b.call("Modf", ir.TupleOf(ts(f, f)), x)
					b.println(b.call("Sqrt", f, x), b.call("Floor", f, x), b.call("Ceil", f, x), b.call("Trunc", f, x),
						b.call("Round", f, x), b.call("RoundToEven", f, x), b.call("FMA", f, x, y, b.k(f, 1.0)),
						b.call("Mod", f, x, y), b.call("Abs", f, x), b.call("Copysign", f, y, x))
					b.println(b.call("Max", f, x, y), b.call("Min", f, x, y), b.call("Dim", f, x, y),
						b.call("Signbit", ir.Bool, x), b.call("IsInf", ir.Bool, x, b.i(0)), b.call("IsInf", ir.Bool, x, b.i(-1)),
						b.call("IsNaN", ir.Bool, x), b.Proj(mf, 0), b.Proj(mf, 1), b.call("Float64bits", ir.Uint64, x),
						b.call("Inf", f, b.i(-1)), b.call("Float64frombits", f, b.k(ir.Uint64, uint64(0x3FF8000000000000))))
					return b.Unit()
				})
			},
			Main:   strings.Join(mathMains(), "\n"),
			Stdout: mathOut(),
		},
		{
			// The math functions ported from Go (runtime_math.h), whose
			// results must be Go's to the last bit (TestMathExact tries
			// them on many more arguments).
			Name: "CMathPorts",
			Sig:  "func(x float64) float64",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Float64), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					x, f := p[0], ir.Float64
					var vals []ir.Exp
					for _, name := range portNames {
						vals = append(vals, b.call("Float64bits", ir.Uint64, b.call(name, f, x)))
					}
					b.println(vals...)
					b.println(b.call("Pow", f, x, b.k(f, 0.3)), b.call("Pow", f, b.k(f, -2.5), x), b.call("Atan2", f, x, b.k(f, 3.0)),
						b.call("Hypot", f, x, b.k(f, 3.0)), b.call("Mod", f, b.k(f, 10.0), x), b.call("Round", f, x),
						b.call("FMA", f, x, x, b.k(f, -1.0)))
					return b.call("Log2", f, x)
				})
			},
			Main:   "fmt.Println(CMathPorts(0.5))\nfmt.Println(CMathPorts(2))\nfmt.Println(CMathPorts(-10))\nfmt.Println(CMathPorts(1e10))",
			Stdout: portsOut(0.5) + portsOut(2) + portsOut(-10) + portsOut(1e10),
		},
		{
			// Static tables of every type, with the values C literals
			// get wrong easily.
			Name: "CTables",
			Sig:  "func(i int)",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "i")
					var vals []ir.Exp
					for _, tb := range tables {
						s := b.Static(ir.SliceOf(tb.t), tb.vals)
						vals = append(vals, s, b.Len(s))
					}
					b.println(vals...)
					return b.Unit()
				})
			},
			Main:   "CTables(0)",
			Stdout: tablesOut(),
		},
		{
			// An append within capacity writes the caller's array, and
			// its result aliases it, through the bridge too; beyond
			// capacity it does not.
			Name: "CAppendAlias",
			Sig:  "func(s []int, x int) []int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ints, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "x")
					return b.Append(p[0], p[1], b.mul(p[1], b.i(2)))
				})
			},
			Main: "s := make([]int, 1, 4)\nr := CAppendAlias(s, 7)\nr[0] = 9\nfmt.Println(s[0], r, len(r), cap(r), s[:3])\n" +
				"s2 := []int{1}\nr2 := CAppendAlias(s2, 2)\nr2[0] = 5\nfmt.Println(s2, r2, cap(r2))\n" +
				"fmt.Println(CAppendAlias(nil, 3))",
			Stdout: "9 [9 7 14] 3 4 [9 7 14]\n[1] [5 2 4] 3\n[3 6]\n",
		},
		{
			Name: "CWindow",
			Sig:  "func(s []float64, lo, hi int) []float64",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.SliceOf(ir.Float64), ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "lo", "hi")
					w := b.SubSlice(p[0], p[1], p[2])
					b.SetIndex(w, b.i(0), b.k(ir.Float64, -1.5))
					return w
				})
			},
			Main:   "s := []float64{1, 2, 3, 4}\nw := CWindow(s, 1, 3)\nw[1] = 10\nfmt.Println(s, w, len(w), cap(w))",
			Stdout: "[1 -1.5 10 4] [-1.5 10] 2 3\n",
		},
		{
			// A table the code writes, returned: each call gets a copy.
			Name: "CTableResult",
			Sig:  "func(i int, x int8) []int8",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int, ir.Int8), func(p []ir.Exp) ir.Exp {
					b.params(p, "i", "x")
					t := b.named(b.Static(ir.SliceOf(ir.Int8), []int8{1, 2, 3}), "small")
					b.SetIndex(t, p[0], p[1])
					return t
				})
			},
			Main:   "a := CTableResult(0, 9)\nb := CTableResult(2, -1)\nfmt.Println(a, b, cap(a))",
			Stdout: "[9 2 3] [1 2 -1] 8\n",
		},
		{
			Name: "CStrings",
			Sig:  "func(s, t string, r uint64) (string, bool)",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.String, ir.String, ir.Uint64), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "t", "r")
					s, t := p[0], p[1]
					b.Print(ir.OpPrintf, b.s("%q %q %v %v %v %v\n"), s, b.s("??=\x00\x012é\t\"\\"), b.cmp(ir.OpLt, s, t),
						b.cmp(ir.OpGe, s, t), b.cmp(ir.OpEq, s, t), b.Convert(ir.String, p[2]))
					return b.Tuple(b.Concat(b.Concat(s, t), b.Convert(ir.String, p[2])), b.cmp(ir.OpNe, s, t))
				})
			},
			Main:   "fmt.Println(CStrings(\"a\\xffb\", \"ab\", 1<<63))\nfmt.Println(CStrings(\"\", \"\", 0x263A))",
			Stdout: cstrings("a\xffb", "ab", 1<<63) + cstrings("", "", 0x263A),
		},
		{
			// fmt.Sprintf, Sprint and Sprintln, which the Go output calls
			// for formatting with Reps: the runtime's formatter into a
			// string of the call.
			Name: "CSprint",
			Sig:  "func(x int, f float64, s string) (string, string, string)",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int, ir.Float64, ir.String), func(p []ir.Exp) ir.Exp {
					b.params(p, "x", "f", "s")
					fmtCall := func(name string, args ...ir.Exp) ir.Exp {
						return b.Call(ir.Callee{Pkg: "fmt", Name: name, Pure: true}, ir.String, args...)
					}
					return b.Tuple(
						fmtCall("Sprintf", b.s("%5d|%-8.3f|%q|%x|%v"), p[0], p[1], p[2], p[0], p[1]),
						fmtCall("Sprint", p[0], p[1], p[2], p[0]),
						fmtCall("Sprintln", p[2], p[0], p[1]))
				})
			},
			Main: "a, b, c := CSprint(-42, 2.5e-7, \"a\\xffb\")\nfmt.Printf(\"%q %q %q\\n\", a, b, c)\n" +
				"a, b, c = CSprint(1<<62, -1e21, \"\")\nfmt.Printf(\"%q %q %q\\n\", a, b, c)",
			Stdout: csprint(-42, 2.5e-7, "a\xffb") + csprint(1<<62, -1e21, ""),
		},
		{
			// Parameters named as C keywords, C library names and the
			// names the entry point and the bridge use themselves.
			Name: "CNames",
			Sig:  "func(int, double, stdout, r, out, lms_x, C, unsafe, x_t int) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int, ir.Int, ir.Int, ir.Int, ir.Int, ir.Int, ir.Int, ir.Int, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "int", "double", "stdout", "r", "out", "lms_x", "C", "unsafe", "x_t")
					acc := b.named(b.NewVar(p[0]), "sqrt")
					for _, x := range p[1:] {
						b.WriteVar(acc, b.add(b.mul(b.ReadVar(acc), b.i(10)), x))
					}
					return b.ReadVar(acc)
				})
			},
			Main:   "fmt.Println(CNames(1, 2, 3, 4, 5, 6, 7, 8, 9))",
			Stdout: "123456789\n",
		},
		{
			// A loop whose condition reads out of range after printing.
			Name: "CLoopCondPanic",
			Sig:  "func(s []int) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ints), func(p []ir.Exp) ir.Exp {
					b.params(p, "s")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp {
						b.Print(ir.OpPrintf, b.s("i=%d "), b.ReadVar(i))
						return b.cmp(ir.OpGt, b.Index(p[0], b.ReadVar(i)), b.i(0))
					}, func() { b.WriteVar(i, b.add(b.ReadVar(i), b.i(1))) })
					return b.ReadVar(i)
				})
			},
			Main:   "fmt.Println(CLoopCondPanic([]int{3, 0}))\nfmt.Println(CLoopCondPanic([]int{1, 2}))",
			Stdout: "i=0 i=1 1\ni=0 i=1 i=2 ",
			Stderr: "panic: runtime error: index out of range [2] with length 2\n",
			Exit:   2,
		},
		{
			// x & y of booleans evaluates y, which may panic, even when x
			// is false.
			Name: "CBoolTrap",
			Sig:  "func(a bool, s []int, i int) bool",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Bool, ints, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "s", "i")
					return b.Binary(ir.OpAnd, p[0], b.cmp(ir.OpGt, b.Index(p[1], p[2]), b.i(0)))
				})
			},
			Main:   "fmt.Println(CBoolTrap(true, []int{1}, 0))\nfmt.Println(CBoolTrap(false, []int{1}, 3))",
			Stdout: "true\n",
			Stderr: "panic: runtime error: index out of range [3] with length 1\n",
			Exit:   2,
		},
		{
			// Calls with output as operands of one expression run in the
			// order of the source.
			Name: "COrder",
			Sig:  "func(x int) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "x")
					show := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp {
						b.println(b.s("show"), a[0])
						return a[0]
					}), "show")
					b.println(b.Apply(show, p[0]), b.Apply(show, b.add(p[0], b.i(1))), b.Apply(show, b.add(p[0], b.i(2))))
					return b.sub(b.Apply(show, b.i(10)), b.Apply(show, b.i(20)))
				})
			},
			Main:   "fmt.Println(COrder(1))",
			Stdout: "show 1\nshow 2\nshow 3\n1 2 3\nshow 10\nshow 20\n-10\n",
		},
		{
			// Complex numbers in variables, through the entry points'
			// _Complex types, and complex64 rounding.
			Name: "CComplexVars",
			Sig:  "func(a complex64, n int) complex64",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ir.Complex64, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "a", "n")
					z := b.named(b.NewVar(b.k(ir.Complex64, complex64(1))), "z")
					i := b.named(b.NewVar(b.i(0)), "i")
					b.While(func() ir.Exp { return b.cmp(ir.OpLt, b.ReadVar(i), p[1]) }, func() {
						b.WriteVar(z, b.Binary(ir.OpDiv, b.mul(b.ReadVar(z), p[0]), b.k(ir.Complex64, complex64(complex(0.3, 0.1)))))
						b.WriteVar(i, b.add(b.ReadVar(i), b.i(1)))
					})
					return b.ReadVar(z)
				})
			},
			Main:   "fmt.Println(CComplexVars(0.5+0.25i, 5), CComplexVars(1e30+1e30i, 3))",
			Stdout: fmt.Sprintln(complexVars(0.5+0.25i, 5), complexVars(1e30+1e30i, 3)),
		},
		{
			// A nil slice and s == nil: an empty slice that is not nil
			// stays apart from nil, and append to nil allocates.
			Name: "CNilSlice",
			Sig:  "func(s []int, x int) int",
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(ints, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "s", "x")
					v := b.named(b.NewVar(b.NilSlice(ints)), "v")
					b.println(b.IsNil(p[0]), b.IsNil(b.ReadVar(v)))
					w := b.Append(b.ReadVar(v), p[1])
					b.println(b.IsNil(w), b.IsNil(b.MakeSlice(ir.Int, b.i(0), b.i(0))))
					return b.Len(w)
				})
			},
			Main:   "fmt.Println(CNilSlice(nil, 3))\nfmt.Println(CNilSlice([]int{}, 4))",
			Stdout: "true true\nfalse false\n1\nfalse true\nfalse false\n1\n",
		},
	}
}

func closures(n, step int) string {
	acc, sum := 0, 0
	outer := func(y int) int {
		inner := func(z int) int {
			acc += y * z
			return acc + step
		}
		return inner(1) + inner(2)
	}
	for i := 0; i < n; i++ {
		sum += outer(i)
	}
	var even, odd func(int) bool
	even = func(m int) bool { return m <= 0 || odd(m-step) }
	odd = func(m int) bool { return m > 0 && even(m-step) }
	return fmt.Sprintln(acc) + fmt.Sprintln(sum, even(n))
}

func convertMains() []string {
	return []string{
		"CConvert(math.NaN(), float32(math.Inf(1)), -1, math.MaxUint64)",
		"CConvert(1e10, -1e10, math.MinInt64, 1<<63+1)",
		"CConvert(-3.7, 3.7, 0x12345678, 0x10FFFF)",
		"CConvert(math.Inf(-1), 255.9, 97, 0xD800)",
	}
}

// sink keeps conversions from being folded by the Go compiler.
var sink struct {
	f float64
	g float32
	i int64
	u uint64
}

func convert(f float64, g float32, i int64, u uint64) string {
	sink.f, sink.g, sink.i, sink.u = f, g, i, u
	f, g, i, u = sink.f, sink.g, sink.i, sink.u
	var vals []any
	vals = append(vals, int8(f), uint8(f), int16(f), uint16(f), int32(f), uint32(f), int64(f), uint64(f), uintptr(f))
	vals = append(vals, int8(g), uint8(g), int16(g), uint16(g), int32(g), uint32(g), int64(g), uint64(g), uintptr(g))
	vals = append(vals, int8(i), uint8(i), int32(i), uint32(i), float32(i), float64(i), int(i), uint64(i))
	vals = append(vals, int8(u), uint8(u), int32(u), uint32(u), float32(u), float64(u), int(u), uint64(u))
	r := "\uFFFD"
	if u <= math.MaxInt32 {
		r = string(rune(u))
	}
	vals = append(vals, float32(f), float64(g), r, string(rune(int8(i))))
	return fmt.Sprintln(vals...)
}

var mathArgs = [][2]float64{{2.5, 2}, {-0.5, 3}, {math.Copysign(0, -1), 0}, {math.Inf(1), 1}, {math.Inf(-1), math.Inf(-1)},
	{math.NaN(), 1}, {1e308, 1e308}, {-7.5, -2}, {0.5, math.Copysign(0, -1)}}

func mathMains() []string {
	lit := func(x float64) string {
		switch {
		case math.IsNaN(x):
			return "math.NaN()"
		case math.IsInf(x, 0):
			return fmt.Sprintf("math.Inf(%d)", int(math.Copysign(1, x)))
		case x == 0 && math.Signbit(x):
			return "math.Copysign(0, -1)"
		}
		return fmt.Sprint(x)
	}
	var out []string
	for _, a := range mathArgs {
		out = append(out, fmt.Sprintf("CMath(%s, %s)", lit(a[0]), lit(a[1])))
	}
	return out
}

func mathOut() string {
	var sb strings.Builder
	for _, a := range mathArgs {
		x, y := a[0], a[1]
		whole, frac := math.Modf(x)
		fmt.Fprintln(&sb, math.Sqrt(x), math.Floor(x), math.Ceil(x), math.Trunc(x), math.Round(x), math.RoundToEven(x),
			math.FMA(x, y, 1), math.Mod(x, y), math.Abs(x), math.Copysign(y, x))
		fmt.Fprintln(&sb, math.Max(x, y), math.Min(x, y), math.Dim(x, y), math.Signbit(x), math.IsInf(x, 0), math.IsInf(x, -1),
			math.IsNaN(x), whole, frac, math.Float64bits(x), math.Inf(-1), math.Float64frombits(0x3FF8000000000000))
	}
	return sb.String()
}

// portNames are the math functions of one argument ported from Go.
var portNames = strings.Fields("Sin Cos Tan Asin Acos Atan Sinh Cosh Tanh Asinh Acosh Atanh Exp Exp2 Expm1 " +
	"Log Log2 Log10 Log1p Cbrt Erf Erfc Gamma")

// portsOut is the output of CMathPorts(x).
func portsOut(x float64) string {
	fs := map[string]func(float64) float64{"Sin": math.Sin, "Cos": math.Cos, "Tan": math.Tan, "Asin": math.Asin,
		"Acos": math.Acos, "Atan": math.Atan, "Sinh": math.Sinh, "Cosh": math.Cosh, "Tanh": math.Tanh,
		"Asinh": math.Asinh, "Acosh": math.Acosh, "Atanh": math.Atanh, "Exp": math.Exp, "Exp2": math.Exp2,
		"Expm1": math.Expm1, "Log": math.Log, "Log2": math.Log2, "Log10": math.Log10, "Log1p": math.Log1p,
		"Cbrt": math.Cbrt, "Erf": math.Erf, "Erfc": math.Erfc, "Gamma": math.Gamma}
	var bits []any
	for _, name := range portNames {
		bits = append(bits, math.Float64bits(fs[name](x)))
	}
	return fmt.Sprintln(bits...) + fmt.Sprintln(math.Pow(x, 0.3), math.Pow(-2.5, x), math.Atan2(x, 3), math.Hypot(x, 3),
		math.Mod(10, x), math.Round(x), math.FMA(x, x, -1)) + fmt.Sprintln(math.Log2(x))
}

var tables = []struct {
	t    *ir.Type
	vals any
}{
	{ir.Float32, []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.Copysign(0, -1)),
		1e-45, math.MaxFloat32, 0.1, 16777217}},
	{ir.Float64, []float64{math.NaN(), math.Inf(-1), 5e-324, math.MaxFloat64, 0.1, 1e21, 123456789, math.Copysign(0, -1)}},
	{ir.Complex64, []complex64{complex(1.5, -2), complex(float32(math.Inf(1)), 0)}},
	{ir.Complex128, []complex128{complex(math.NaN(), 1e-310)}},
	{ir.Bool, []bool{true, false}},
	{ir.Uint64, []uint64{math.MaxUint64, 0}},
	{ir.Int64, []int64{math.MinInt64, math.MaxInt64}},
	{ir.Int8, []int8{-128, 127}},
	{ir.Uint32, []uint32{math.MaxUint32}},
	{ir.Uintptr, []uintptr{42}},
	{ir.String, []string{"??=", "a\x00b", "\x012", "é\t\"\\", ""}},
	{ir.Int, []int{}},
}

func tablesOut() string {
	var vals []any
	for _, tb := range tables {
		vals = append(vals, tb.vals, lenOf(tb.vals))
	}
	return fmt.Sprintln(vals...)
}

func lenOf(v any) int { return reflect.ValueOf(v).Len() }

// csprint is the line CSprint's main prints, by Go's fmt.
func csprint(x int, f float64, s string) string {
	return fmt.Sprintf("%q %q %q\n", fmt.Sprintf("%5d|%-8.3f|%q|%x|%v", x, f, s, x, f), fmt.Sprint(x, f, s, x), fmt.Sprintln(s, x, f))
}

func cstrings(s, t string, r uint64) string {
	rs := "\uFFFD"
	if r <= math.MaxInt32 {
		rs = string(rune(r))
	}
	return fmt.Sprintf("%q %q %v %v %v %v\n", s, "??=\x00\x012é\t\"\\", s < t, s >= t, s == t, rs) +
		fmt.Sprintln(s+t+rs, s != t)
}

func complexVars(a complex64, n int) complex64 {
	z := complex64(1)
	for i := 0; i < n; i++ {
		z = z * a / complex64(complex(0.3, 0.1))
	}
	return z
}
