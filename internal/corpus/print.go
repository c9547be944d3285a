package corpus

import (
	"fmt"
	"math"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the cases of output: every type printed, in order,
// through fmt.Println, fmt.Print, fmt.Printf and the builtin print and
// println, given values and constants.

func printCases() []Case {
	return []Case{
		{
			Name: "PrintAll",
			Sig: "func(b bool, i int, i8 int8, i16 int16, i32 int32, i64 int64, u uint, u8 uint8, u16 uint16, " +
				"u32 uint32, u64 uint64, p uintptr, f32 float32, f64 float64, c64 complex64, c128 complex128, s string)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ir.BasicTypes, func(p []ir.Exp) ir.Exp {
					b.params(p, "b", "i", "i8", "i16", "i32", "i64", "u", "u8", "u16", "u32", "u64", "p",
						"f32", "f64", "c64", "c128", "s")
					b.println(p...)
					s, i, bo, u8, f64, c128 := p[16], p[1], p[0], p[7], p[13], p[15]
					b.Print(ir.OpPrint, s, i, bo, b.s("\n"))
					b.Print(ir.OpPrintf, b.s("%d|%x|%q|%t|%g|%s|%v|%c\n"), i, u8, s, bo, f64, s, c128, p[4])
					b.println(printConsts(b)...)
					b.Print(ir.OpEprintln, i, s, bo, f64)
					b.Print(ir.OpEprint, b.s("i8="), p[2], b.s(" u64="), p[10], b.s("\n"))
					return b.Unit()
				})
			},
			Main: "PrintAll(true, -5, -128, -32768, -2147483648, math.MinInt64, math.MaxUint, 255, 65535, math.MaxUint32, " +
				"math.MaxUint64, 12345, 0.1, 1.5, 0.5+1i, complex(0.5, 3), \"hello\")",
			Stdout: printAll(),
			Stderr: "-5 hello true 1.5\ni8=-128 u64=18446744073709551615\n",
		},
		{
			// A format that is not a constant, with and without arguments.
			Name: "PrintfDynamic",
			Sig:  "func(format string, x int)",
			Build: func() *ir.Graph {
				b := newBld()
				return b.Build(ts(ir.String, ir.Int), func(p []ir.Exp) ir.Exp {
					b.params(p, "format", "x")
					b.Print(ir.OpPrintf, p[0], p[1])
					b.Print(ir.OpPrintf, p[0])
					return b.Unit()
				})
			},
			Main:   "PrintfDynamic(\"x=%d\\n\", 5)",
			Stdout: "x=5\nx=%!d(MISSING)\n",
		},
	}
}

// constVals are constants of every type, some without a Go literal.
var constVals = []any{true, 42, int8(-128), int16(-300), int32(1 << 20), int64(math.MinInt64), uint(math.MaxUint),
	uint8(200), uint16(65535), uint32(1 << 31), uint64(math.MaxUint64), uintptr(7), float32(0.1), 1e21,
	math.NaN(), math.Copysign(0, -1), float32(math.Inf(-1)), complex64(complex(1.5, -2)),
	complex(math.NaN(), 1), complex(2, 0), 3.0, "const \"quoted\"\t"}

func printConsts(b bld) []ir.Exp {
	es := make([]ir.Exp, len(constVals))
	for i, v := range constVals {
		var t *ir.Type
		switch v.(type) {
		case bool:
			t = ir.Bool
		case int:
			t = ir.Int
		case int8:
			t = ir.Int8
		case int16:
			t = ir.Int16
		case int32:
			t = ir.Int32
		case int64:
			t = ir.Int64
		case uint:
			t = ir.Uint
		case uint8:
			t = ir.Uint8
		case uint16:
			t = ir.Uint16
		case uint32:
			t = ir.Uint32
		case uint64:
			t = ir.Uint64
		case uintptr:
			t = ir.Uintptr
		case float32:
			t = ir.Float32
		case float64:
			t = ir.Float64
		case complex64:
			t = ir.Complex64
		case complex128:
			t = ir.Complex128
		case string:
			t = ir.String
		}
		es[i] = b.k(t, v)
	}
	return es
}

func printAll() string {
	var (
		b    = true
		i    = -5
		i8   = int8(-128)
		i16  = int16(-32768)
		i32  = int32(-2147483648)
		i64  = int64(math.MinInt64)
		u    = uint(math.MaxUint)
		u8   = uint8(255)
		u16  = uint16(65535)
		u32  = uint32(math.MaxUint32)
		u64  = uint64(math.MaxUint64)
		p    = uintptr(12345)
		f32  = float32(0.1)
		f64  = 1.5
		c64  = complex64(0.5 + 1i)
		c128 = complex(0.5, 3)
		s    = "hello"
	)
	out := fmt.Sprintln(b, i, i8, i16, i32, i64, u, u8, u16, u32, u64, p, f32, f64, c64, c128, s)
	out += fmt.Sprint(s, i, b, "\n")
	out += fmt.Sprintf("%d|%x|%q|%t|%g|%s|%v|%c\n", i, u8, s, b, f64, s, c128, i32)
	out += fmt.Sprintln(constVals...)
	return out
}
