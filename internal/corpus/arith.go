package corpus

import (
	"fmt"
	"math"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the arithmetic cases: every operator on every integer
// width (with overflow, negative operands and MinInt / -1), shifts by
// counts 0, width-1, width and beyond, given and constant, and both float
// widths with NaN, infinities and negative zero. Their expected output is
// computed by the same operations run natively.

type integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

type float interface{ ~float32 | ~float64 }

func arithCases() []Case {
	return []Case{
		arithCase(ir.Int, signedPairs[int](math.MinInt, math.MaxInt)),
		arithCase(ir.Int8, signedPairs[int8](math.MinInt8, math.MaxInt8)),
		arithCase(ir.Int16, signedPairs[int16](math.MinInt16, math.MaxInt16)),
		arithCase(ir.Int32, signedPairs[int32](math.MinInt32, math.MaxInt32)),
		arithCase(ir.Int64, signedPairs[int64](math.MinInt64, math.MaxInt64)),
		arithCase(ir.Uint, unsignedPairs[uint](math.MaxUint)),
		arithCase(ir.Uint8, unsignedPairs[uint8](math.MaxUint8)),
		arithCase(ir.Uint16, unsignedPairs[uint16](math.MaxUint16)),
		arithCase(ir.Uint32, unsignedPairs[uint32](math.MaxUint32)),
		arithCase(ir.Uint64, unsignedPairs[uint64](math.MaxUint64)),
		arithCase(ir.Uintptr, unsignedPairs[uintptr](math.MaxUint64)),
	}
}

// signedPairs returns operands that overflow, divide MinInt by -1, and
// divide with negative operands.
func signedPairs[T integer](lo, hi T) [][2]T {
	zero := lo - lo
	return [][2]T{{hi, hi}, {lo, hi}, {lo, lo}, {lo, zero - 1}, {zero - 7, 2}, {7, zero - 2}, {zero - 7, zero - 2}, {5, 3}}
}

func unsignedPairs[T integer](hi T) [][2]T {
	return [][2]T{{hi, hi}, {hi, 3}, {0, 1}, {7, 2}, {5, 3}}
}

func caseName(prefix string, t *ir.Type) string {
	s := t.String()
	return prefix + strings.ToUpper(s[:1]) + s[1:]
}

// arithCase: func(a, b T) T prints every arithmetic, bitwise and
// comparison operator on a and b, and returns a*b + a.
func arithCase[T integer](t *ir.Type, pairs [][2]T) Case {
	name := caseName("Arith", t)
	var main, out strings.Builder
	for _, p := range pairs {
		a, b := p[0], p[1]
		fmt.Fprintf(&main, "fmt.Println(%s(%d, %d))\n", name, a, b)
		fmt.Fprintln(&out, a+b, a-b, a*b, a/b, a%b, -a, ^a, a&b, a|b, a^b, a&^b, a == b, a != b, a < b, a <= b, a > b, a >= b)
		fmt.Fprintln(&out, a*b+a)
	}
	return Case{
		Name: name,
		Sig:  fmt.Sprintf("func(a, b %s) %s", t, t),
		Build: func() *ir.Graph {
			b := newBld()
			return b.Build(ts(t, t), func(p []ir.Exp) ir.Exp {
				b.params(p, "a", "b")
				x, y := p[0], p[1]
				var vals []ir.Exp
				for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem} {
					vals = append(vals, b.Binary(op, x, y))
				}
				vals = append(vals, b.Unary(ir.OpNeg, x), b.Unary(ir.OpCom, x))
				for _, op := range []ir.Op{ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot} {
					vals = append(vals, b.Binary(op, x, y))
				}
				for _, op := range []ir.Op{ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe} {
					vals = append(vals, b.Compare(op, x, y))
				}
				b.println(vals...)
				return b.add(b.mul(x, y), x)
			})
		},
		Main:   main.String(),
		Stdout: out.String(),
	}
}

func shiftCases() []Case {
	return []Case{
		shiftCase[int](ir.Int, -5, math.MaxInt),
		shiftCase[int8](ir.Int8, -5, math.MaxInt8),
		shiftCase[int16](ir.Int16, -5, math.MaxInt16),
		shiftCase[int32](ir.Int32, -5, math.MaxInt32),
		shiftCase[int64](ir.Int64, -5, math.MinInt64),
		shiftCase[uint](ir.Uint, 11, math.MaxUint),
		shiftCase[uint8](ir.Uint8, 11, math.MaxUint8),
		shiftCase[uint16](ir.Uint16, 11, math.MaxUint16),
		shiftCase[uint32](ir.Uint32, 11, math.MaxUint32),
		shiftCase[uint64](ir.Uint64, 11, math.MaxUint64),
		shiftCase[uintptr](ir.Uintptr, 11, math.MaxUint64),
	}
}

// shiftCase: func(x T, s uint, c int) T prints x shifted both ways by s,
// by c, and by the constants width-1 (uint), width and width+37 (int),
// and returns x << 1.
func shiftCase[T integer](t *ir.Type, x1, x2 T) Case {
	name := caseName("Shift", t)
	w := t.Bits()
	counts := [][2]int{{0, w - 1}, {w - 1, 0}, {w, w + 1}, {w + 1, 100}, {100, w}}
	var main, out strings.Builder
	for _, x := range []T{x1, x2} {
		for _, sc := range counts {
			s, c := uint(sc[0]), sc[1]
			fmt.Fprintf(&main, "fmt.Println(%s(%d, %d, %d))\n", name, x, s, c)
			fmt.Fprintln(&out, x<<s, x>>s, x<<c, x>>c, x<<(w-1), x>>(w-1), x<<w, x>>w, x<<(w+37), x>>(w+37))
			fmt.Fprintln(&out, x<<1)
		}
	}
	return Case{
		Name: name,
		Sig:  shiftSig(t),
		Build: func() *ir.Graph {
			b := newBld()
			return b.Build(ts(t, ir.Uint, ir.Int), func(p []ir.Exp) ir.Exp {
				b.params(p, "x", "s", "c")
				x := p[0]
				var vals []ir.Exp
				for _, n := range []ir.Exp{p[1], p[2], b.k(ir.Uint, w-1), b.i(w), b.i(w + 37)} {
					vals = append(vals, b.Binary(ir.OpShl, x, n), b.Binary(ir.OpShr, x, n))
				}
				b.println(vals...)
				return b.Binary(ir.OpShl, x, b.k(ir.Uint, 1))
			})
		},
		Main:   main.String(),
		Stdout: out.String(),
	}
}

func floatCases() []Case {
	nan32, inf32 := float32(math.NaN()), float32(math.Inf(1))
	return []Case{
		floatCase(ir.Float64, []floatArg[float64]{
			{"1.5", 1.5}, {"2", 2}, {"math.MaxFloat64", math.MaxFloat64}, {"math.MaxFloat64", math.MaxFloat64},
			{"1", 1}, {"0", 0}, {"0", 0}, {"0", 0}, {"-0.1", -0.1}, {"3", 3},
			{"math.NaN()", math.NaN()}, {"1", 1}, {"math.Inf(-1)", math.Inf(-1)}, {"math.Inf(1)", math.Inf(1)},
			{"5e-324", 5e-324}, {"0.5", 0.5},
		}),
		floatCase(ir.Float32, []floatArg[float32]{
			{"1.5", 1.5}, {"2", 2}, {"math.MaxFloat32", math.MaxFloat32}, {"math.MaxFloat32", math.MaxFloat32},
			{"1", 1}, {"0", 0}, {"0", 0}, {"0", 0}, {"-0.1", -0.1}, {"3", 3},
			{"float32(math.NaN())", nan32}, {"1", 1}, {"float32(math.Inf(-1))", -inf32}, {"float32(math.Inf(1))", inf32},
			{"1e-45", 1e-45}, {"0.5", 0.5},
		}),
	}
}

type floatArg[T float] struct {
	lit string
	v   T
}

// floatCase: func(a, b T) T prints the arithmetic and comparisons of a and
// b and of a with the constants NaN, +Inf and -0, and returns a / b.
func floatCase[T float](t *ir.Type, args []floatArg[T]) Case {
	name := caseName("Float", t)
	nan, inf, negz := T(math.NaN()), T(math.Inf(1)), T(math.Copysign(0, -1))
	var main, out strings.Builder
	for i := 0; i < len(args); i += 2 {
		a, b := args[i].v, args[i+1].v
		fmt.Fprintf(&main, "fmt.Println(%s(%s, %s))\n", name, args[i].lit, args[i+1].lit)
		fmt.Fprintln(&out, a+b, a-b, a*b, a/b, -a, a == b, a != b, a < b, a <= b, a > b, a >= b, a*nan, a+inf, a*negz, a-inf)
		fmt.Fprintln(&out, a/b)
	}
	return Case{
		Name: name,
		Sig:  fmt.Sprintf("func(a, b %s) %s", t, t),
		Build: func() *ir.Graph {
			b := newBld()
			return b.Build(ts(t, t), func(p []ir.Exp) ir.Exp {
				b.params(p, "a", "b")
				x, y := p[0], p[1]
				var vals []ir.Exp
				for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv} {
					vals = append(vals, b.Binary(op, x, y))
				}
				vals = append(vals, b.Unary(ir.OpNeg, x))
				for _, op := range []ir.Op{ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe} {
					vals = append(vals, b.Compare(op, x, y))
				}
				vals = append(vals, b.mul(x, b.k(t, nan)), b.add(x, b.k(t, inf)), b.mul(x, b.k(t, negz)), b.add(x, b.k(t, -inf)))
				b.println(vals...)
				return b.div(x, y)
			})
		},
		Main:   main.String(),
		Stdout: out.String(),
	}
}

func shiftSig(t *ir.Type) string {
	if t == ir.Uint {
		return "func(x, s uint, c int) uint"
	}
	return fmt.Sprintf("func(x %s, s uint, c int) %s", t, t)
}
