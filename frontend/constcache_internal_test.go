package frontend

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// TestFloatConsts: a float or complex constant of a static type is
// converted once (floatConsts) to the value constValue gives; an integer
// constant is not kept.
func TestFloatConsts(t *testing.T) {
	ev := &evaluator{b: ir.NewBuilder()}
	twoPi := constant.BinaryOp(constant.MakeInt64(-2), token.MUL, constant.MakeFloat64(math.Pi))
	f := ssa.NewConst(twoPi, types.Typ[types.Float64])
	c := ssa.NewConst(constant.MakeImag(constant.MakeInt64(3)), types.Typ[types.Complex128])
	i := ssa.NewConst(constant.MakeInt64(1000), types.Typ[types.Int])
	for range 2 {
		if got := ev.constant(f); got != constValue(twoPi, types.Typ[types.Float64]) || got != -2*math.Pi {
			t.Errorf("constant(-2π) = %v", got)
		}
		if got := ev.constant(c); got != complex128(3i) {
			t.Errorf("constant(3i) = %v", got)
		}
		if got := ev.constant(i); got != 1000 {
			t.Errorf("constant(1000) = %v", got)
		}
	}
	if len(ev.floatConsts) != 2 || ev.floatConsts[f] != -2*math.Pi || ev.floatConsts[c] != complex128(3i) {
		t.Errorf("floatConsts = %v, want -2π and 3i", ev.floatConsts)
	}
}
