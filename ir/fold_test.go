package ir

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

type intT interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// edges returns the edge values of an integer type: 0, ±1, 2, the minimum
// and maximum, and their neighbours.
func edges[T intT]() []T {
	var zero T
	one := T(1)
	max := ^zero
	min := zero
	if max < 0 { // signed
		max = T(uint64(1)<<(bitsOf(zero)-1) - 1)
		min = -max - 1
	}
	return []T{zero, one, one + one, zero - one, max, max - one, min, min + one, T(7), zero - T(7)}
}

func bitsOf[T intT](x T) uint {
	switch any(x).(type) {
	case int8, uint8:
		return 8
	case int16, uint16:
		return 16
	case int32, uint32:
		return 32
	}
	return 64
}

// testIntFolding folds every binary operator on every pair of edge values
// of T and compares with Go, run here; a division by zero must not fold.
func testIntFolding[T intT](t *testing.T, typ *Type) {
	vals := edges[T]()
	ops := []struct {
		op Op
		f  func(x, y T) T
	}{
		{OpAdd, func(x, y T) T { return x + y }},
		{OpSub, func(x, y T) T { return x - y }},
		{OpMul, func(x, y T) T { return x * y }},
		{OpDiv, func(x, y T) T { return x / y }},
		{OpRem, func(x, y T) T { return x % y }},
		{OpAnd, func(x, y T) T { return x & y }},
		{OpOr, func(x, y T) T { return x | y }},
		{OpXor, func(x, y T) T { return x ^ y }},
		{OpAndNot, func(x, y T) T { return x &^ y }},
	}
	b := NewBuilder()
	b.Build(nil, func([]Exp) Exp {
		for _, x := range vals {
			for _, y := range vals {
				for _, o := range ops {
					got := b.Binary(o.op, b.Const(typ, x), b.Const(typ, y))
					if (o.op == OpDiv || o.op == OpRem) && y == 0 {
						require.True(t, got.IsSym(), "%v %v %v must not fold", x, o.op, y)
						require.True(t, b.g.Def(got.Sym()).CanTrap())
						continue
					}
					require.True(t, got.IsConst(), "%v %v %v", x, o.op, y)
					require.Equal(t, o.f(x, y), got.Const().Val, "%v: %v %v %v", typ, x, o.op, y)
				}
				for _, cmp := range []struct {
					op Op
					f  func(x, y T) bool
				}{{OpEq, func(x, y T) bool { return x == y }}, {OpLt, func(x, y T) bool { return x < y }}, {OpGe, func(x, y T) bool { return x >= y }}} {
					got := b.Compare(cmp.op, b.Const(typ, x), b.Const(typ, y))
					require.Equal(t, cmp.f(x, y), got.Const().Val)
				}
			}
			require.Equal(t, -x, b.Unary(OpNeg, b.Const(typ, x)).Const().Val)
			require.Equal(t, ^x, b.Unary(OpCom, b.Const(typ, x)).Const().Val)
			w := bitsOf(x)
			for _, n := range []uint{0, w - 1, w, 200} {
				for _, ct := range []*Type{Uint, Int8, Uint8} {
					if ct == Int8 && n > 127 || ct == Uint8 && n > 255 {
						continue
					}
					count := b.Const(ct, intOfBits(ct, uint64(n)))
					require.Equal(t, x<<n, b.Binary(OpShl, b.Const(typ, x), count).Const().Val, "%v << %d", x, n)
					require.Equal(t, x>>n, b.Binary(OpShr, b.Const(typ, x), count).Const().Val, "%v >> %d", x, n)
				}
			}
			// A negative shift count traps: never folded.
			neg := b.Binary(OpShl, b.Const(typ, x), b.Const(Int, -1))
			require.True(t, neg.IsSym())
		}
		return b.Unit()
	})
	require.NoError(t, Check(b.g))
}

func TestFoldIntegers(t *testing.T) {
	t.Run("int", func(t *testing.T) { testIntFolding[int](t, Int) })
	t.Run("int8", func(t *testing.T) { testIntFolding[int8](t, Int8) })
	t.Run("int16", func(t *testing.T) { testIntFolding[int16](t, Int16) })
	t.Run("int32", func(t *testing.T) { testIntFolding[int32](t, Int32) })
	t.Run("int64", func(t *testing.T) { testIntFolding[int64](t, Int64) })
	t.Run("uint", func(t *testing.T) { testIntFolding[uint](t, Uint) })
	t.Run("uint8", func(t *testing.T) { testIntFolding[uint8](t, Uint8) })
	t.Run("uint16", func(t *testing.T) { testIntFolding[uint16](t, Uint16) })
	t.Run("uint32", func(t *testing.T) { testIntFolding[uint32](t, Uint32) })
	t.Run("uint64", func(t *testing.T) { testIntFolding[uint64](t, Uint64) })
	t.Run("uintptr", func(t *testing.T) { testIntFolding[uintptr](t, Uintptr) })
}

func TestFoldMinIntByMinusOne(t *testing.T) {
	b := NewBuilder()
	b.Build(nil, func([]Exp) Exp {
		require.Equal(t, int8(math.MinInt8), b.Binary(OpDiv, b.Const(Int8, int8(math.MinInt8)), b.Const(Int8, int8(-1))).Const().Val)
		require.Equal(t, int8(0), b.Binary(OpRem, b.Const(Int8, int8(math.MinInt8)), b.Const(Int8, int8(-1))).Const().Val)
		require.Equal(t, math.MinInt64, b.Binary(OpDiv, b.Const(Int, math.MinInt64), b.Const(Int, -1)).Const().Val)
		return b.Unit()
	})
}

func TestFoldDivisionByConstant(t *testing.T) {
	// x / 3 cannot trap: it is pure. x / 0 and x / y can: they trap.
	build(t, []*Type{Int, Int}, func(b *Builder, a []Exp) Exp {
		d := b.Binary(OpDiv, a[0], b.Const(Int, 3))
		require.False(t, b.g.Def(d.Sym()).CanTrap())
		require.Nil(t, b.g.Def(d.Sym()).Eff)
		require.Equal(t, d, b.Binary(OpDiv, a[0], b.Const(Int, 3)), "CSE")
		require.True(t, b.g.Def(b.Binary(OpDiv, a[0], b.Const(Int, 0)).Sym()).CanTrap())
		require.True(t, b.g.Def(b.Binary(OpRem, a[0], a[1]).Sym()).CanTrap())
		// float division never traps
		f := b.Binary(OpDiv, b.Convert(Float64, a[0]), b.Const(Float64, 0.0))
		require.False(t, b.g.Def(f.Sym()).CanTrap())
		return d
	})
}

func TestFoldFloats(t *testing.T) {
	negZero := math.Copysign(0, -1)
	nan := math.NaN()
	build(t, []*Type{Float64, Float32}, func(b *Builder, a []Exp) Exp {
		x, y := a[0], a[1]
		c := func(v float64) Exp { return b.Const(Float64, v) }
		// Identities that are not exact on floats are not applied.
		require.True(t, b.Binary(OpAdd, x, c(0)).IsSym(), "x+0 is not x (-0+0 = +0)")
		require.True(t, b.Binary(OpMul, x, c(0)).IsSym(), "x*0 is not 0 (NaN, Inf, -0)")
		require.True(t, b.Binary(OpSub, x, x).IsSym(), "x-x is not 0 (NaN, Inf)")
		require.True(t, b.Compare(OpEq, x, x).IsSym(), "x==x is not true (NaN)")
		require.True(t, b.Binary(OpSub, x, c(negZero)).IsSym(), "x-(-0) is not x")
		// Exact ones are.
		require.Equal(t, x, b.Binary(OpMul, x, c(1)))
		require.Equal(t, x, b.Binary(OpDiv, x, c(1)))
		require.Equal(t, x, b.Binary(OpSub, x, c(0)))
		require.Equal(t, x, b.Binary(OpAdd, x, c(negZero)))
		// Signed zeros are distinct constants and fold as Go does.
		require.False(t, c(0) == c(negZero))
		sum := b.Binary(OpAdd, c(negZero), c(negZero)).Const().Val.(float64)
		require.True(t, sum == 0 && math.Signbit(sum))
		sum = b.Binary(OpAdd, c(negZero), c(0)).Const().Val.(float64)
		require.False(t, math.Signbit(sum))
		// NaN folds to NaN and compares unequal to itself.
		require.True(t, math.IsNaN(b.Binary(OpMul, c(nan), c(0)).Const().Val.(float64)))
		require.Equal(t, false, b.Compare(OpEq, c(nan), c(nan)).Const().Val)
		require.Equal(t, true, b.Compare(OpNe, c(nan), c(nan)).Const().Val)
		// float32 arithmetic rounds to float32.
		f32 := b.Binary(OpAdd, b.Const(Float32, float32(16777216)), b.Const(Float32, float32(1))).Const().Val
		require.Equal(t, float32(16777216), f32)
		require.Equal(t, float32(0.1)*float32(3), b.Binary(OpMul, b.Const(Float32, float32(0.1)), b.Const(Float32, float32(3))).Const().Val)
		require.Equal(t, y, b.Binary(OpMul, y, b.Const(Float32, float32(1))))
		return x
	})
}

func TestFoldConversions(t *testing.T) {
	b := NewBuilder()
	b.Build(nil, func([]Exp) Exp {
		conv := func(to *Type, from *Type, v any) any { return b.Convert(to, b.Const(from, v)).Const().Val }
		require.Equal(t, int8(-1), conv(Int8, Int, 255))
		require.Equal(t, uint8(0x34), conv(Uint8, Int, 0x1234))
		require.Equal(t, uint64(math.MaxUint64), conv(Uint64, Int8, int8(-1)))
		require.Equal(t, int32(-2), conv(Int32, Float64, -2.9))
		require.Equal(t, float32(0.1), conv(Float32, Float64, 0.1))
		require.Equal(t, float64(float32(0.1)), conv(Float64, Float32, float32(0.1)))
		require.Equal(t, "A", conv(String, Int, 65))
		require.Equal(t, "\uFFFD", conv(String, Int, -1))
		require.Equal(t, "\uFFFD", conv(String, Uint64, uint64(1)<<40))
		big := 1e300
		var i64 int64 = int64(big) // the machine's conversion
		require.Equal(t, i64, conv(Int64, Float64, big))
		require.Equal(t, complex64(complex(1, 2)), conv(Complex64, Complex128, complex(1, 2)))
		return b.Unit()
	})
}

func TestFoldStrings(t *testing.T) {
	build(t, []*Type{String}, func(b *Builder, a []Exp) Exp {
		s := func(v string) Exp { return b.Const(String, v) }
		require.Equal(t, "ab", b.Concat(s("a"), s("b")).Const().Val)
		require.Equal(t, a[0], b.Concat(a[0], s("")))
		require.Equal(t, 3, b.StrLen(s("abc")).Const().Val)
		require.Equal(t, uint8('b'), b.StrIndex(s("abc"), b.Const(Int, 1)).Const().Val)
		require.True(t, b.StrIndex(s("abc"), b.Const(Int, 3)).IsSym(), "out of range: traps, not folded")
		require.Equal(t, "bc", b.StrSlice(s("abc"), b.Const(Int, 1), b.Const(Int, 3)).Const().Val)
		require.True(t, b.StrSlice(s("abc"), b.Const(Int, 2), b.Const(Int, 1)).IsSym())
		require.Equal(t, true, b.Compare(OpLt, s("a"), s("b")).Const().Val)
		return a[0]
	})
}

func TestFoldIdentities(t *testing.T) {
	build(t, []*Type{Int, Bool, Uint8}, func(b *Builder, a []Exp) Exp {
		x, p, u := a[0], a[1], a[2]
		zero := b.Const(Int, 0)
		one := b.Const(Int, 1)
		require.Equal(t, x, b.Binary(OpAdd, x, zero))
		require.Equal(t, x, b.Binary(OpAdd, zero, x))
		require.Equal(t, zero, b.Binary(OpMul, x, zero), "exact for integers")
		require.Equal(t, x, b.Binary(OpMul, one, x))
		require.Equal(t, zero, b.Binary(OpSub, x, x))
		require.Equal(t, zero, b.Binary(OpXor, x, x))
		require.Equal(t, x, b.Binary(OpShl, x, b.Const(Uint, uint(0))))
		require.Equal(t, x, b.Unary(OpNeg, b.Unary(OpNeg, x)))
		require.Equal(t, p, b.Unary(OpNot, b.Unary(OpNot, p)))
		require.Equal(t, p, b.Compare(OpEq, p, b.Const(Bool, true)))
		// p && p and p || p are p (go vet rejects them written out).
		require.Equal(t, p, b.Binary(OpAnd, p, p))
		require.Equal(t, p, b.Binary(OpOr, p, p))
		require.Equal(t, b.Const(Bool, true), b.Compare(OpLe, x, x))
		require.Equal(t, u, b.Convert(Uint8, u))
		// A conditional on a constant runs one branch, in place.
		n := len(b.g.Nodes)
		r := b.If(b.Const(Bool, false), Int, func() Exp { panic("not taken") }, func() Exp { return x })
		require.Equal(t, x, r)
		require.Equal(t, n, len(b.g.Nodes))
		// len and cap of a fresh make are its arguments.
		s := b.MakeSlice(Int, x, x)
		require.Equal(t, x, b.Len(s))
		return x
	})
}
