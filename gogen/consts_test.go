package gogen_test

import (
	"math"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
)

func TestConstText(t *testing.T) {
	for _, tc := range []struct {
		t              *ir.Type
		v              any
		untyped, typed string
	}{
		{ir.Int, 3, "3", "3"},
		{ir.Int, -3, "-3", "-3"},
		{ir.Int8, int8(-128), "-128", "int8(-128)"},
		{ir.Uint64, uint64(math.MaxUint64), "18446744073709551615", "uint64(18446744073709551615)"},
		{ir.Uintptr, uintptr(7), "7", "uintptr(7)"},
		{ir.Float64, 3.0, "3", "3.0"},
		{ir.Float64, 0.1, "0.1", "0.1"},
		{ir.Float64, 1e21, "1e+21", "1e+21"},
		{ir.Float64, 5e-324, "5e-324", "5e-324"},
		{ir.Float64, math.MaxFloat64, "1.7976931348623157e+308", "1.7976931348623157e+308"},
		{ir.Float64, math.NaN(), "math.NaN()", "math.NaN()"},
		{ir.Float64, math.Inf(-1), "math.Inf(-1)", "math.Inf(-1)"},
		{ir.Float64, math.Copysign(0, -1), "math.Copysign(0, -1)", "math.Copysign(0, -1)"},
		{ir.Float64, math.Float64frombits(0x7ff8000000000002), "math.Float64frombits(0x7ff8000000000002)", "math.Float64frombits(0x7ff8000000000002)"},
		{ir.Float32, float32(0.1), "0.1", "float32(0.1)"},
		{ir.Float32, float32(math.Inf(1)), "float32(math.Inf(1))", "float32(math.Inf(1))"},
		{ir.Float32, float32(16777216), "1.6777216e+07", "float32(1.6777216e+07)"},
		{ir.Complex128, complex(1, -2), "1 - 2i", "1 - 2i"},
		{ir.Complex128, complex(0, 2), "2i", "2i"},
		{ir.Complex128, complex(2, 0), "2", "2 + 0i"},
		{ir.Complex128, complex(math.NaN(), 1), "complex(math.NaN(), 1)", "complex(math.NaN(), 1)"},
		{ir.Complex64, complex64(complex(1.5, 0.25)), "1.5 + 0.25i", "complex64(1.5 + 0.25i)"},
		{ir.Complex64, complex64(complex(1, float32(math.Inf(1)))), "complex(1, float32(math.Inf(1)))", "complex(1, float32(math.Inf(1)))"},
		{ir.String, "a\"b\n", `"a\"b\n"`, `"a\"b\n"`},
		{ir.Bool, true, "true", "true"},
	} {
		c := &ir.Const{Type: tc.t, Val: tc.v}
		if got := gogen.ConstText(c, false); got != tc.untyped {
			t.Errorf("%v %v untyped: %s, want %s", tc.t, tc.v, got, tc.untyped)
		}
		if got := gogen.ConstText(c, true); got != tc.typed {
			t.Errorf("%v %v typed: %s, want %s", tc.t, tc.v, got, tc.typed)
		}
	}
}
