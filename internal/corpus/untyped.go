package corpus

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the cases where an untyped constant of Go would take
// another type than the constant's from its context: the left operand of
// a shift by a variable count takes the type of the shift's context (a
// conversion to uint8, int32 or float64, a shift count, an argument of
// type any), and an operation on two constants the builder leaves alone
// would be a constant expression, computed exactly at compile time.

func untypedCases() []Case {
	var main, out strings.Builder
	for _, s := range []uint{0, 1, 7, 8, 31, 62, 63, 64, 200} {
		fmt.Fprintf(&main, "fmt.Println(ShiftConstLeft(%d))\n", s)
		x := s & 63
		c1, c2 := -257, 1594203347672561416
		a := int(uint8(c1 >> x))
		b := int(int32(c2 << x))
		f := float64(int(1) << x)
		k := int8(-128)
		fmt.Fprintln(&out, a, b, f, int(1)<<(int(1)<<(s&3)), int(100)<<(s&3), uint8(200)<<(s&7), k>>(s&7))
		fmt.Fprintln(&out, a+b)
	}
	return []Case{{
		Name: "ShiftConstLeft",
		Sig:  "func(s uint) int",
		Build: func() *ir.Graph {
			b := newBld()
			return b.Build(ts(ir.Uint), func(p []ir.Exp) ir.Exp {
				b.params(p, "s")
				x := b.Binary(ir.OpAnd, p[0], b.k(ir.Uint, 63))
				x3 := b.Binary(ir.OpAnd, p[0], b.k(ir.Uint, 3))
				x7 := b.Binary(ir.OpAnd, p[0], b.k(ir.Uint, 7))
				a := b.Convert(ir.Int, b.Convert(ir.Uint8, b.Binary(ir.OpShr, b.i(-257), x)))
				bb := b.Convert(ir.Int, b.Convert(ir.Int32, b.Binary(ir.OpShl, b.i(1594203347672561416), x)))
				f := b.Convert(ir.Float64, b.Binary(ir.OpShl, b.i(1), x))
				// 1 << (1 << s): the inner shift is a count, which Go
				// would make a uint.
				cnt := b.Binary(ir.OpShl, b.i(1), b.Binary(ir.OpShl, b.i(1), x3))
				b.println(a, bb, f, cnt, b.Binary(ir.OpShl, b.i(100), x3),
					b.Binary(ir.OpShl, b.k(ir.Uint8, 200), x7), b.Binary(ir.OpShr, b.k(ir.Int8, -128), x7))
				return b.add(a, bb)
			})
		},
		Main:   main.String(),
		Stdout: out.String(),
	}}
}
