package frontend

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

// TestWhyZeroDescribe: the explanation of a zero value, written lazily,
// names its type; the zero values of one type made at one position are
// one Rep of the zero constant, with one why; those made at another
// position, or of another type, are not.
func TestWhyZeroDescribe(t *testing.T) {
	ev := &evaluator{b: ir.NewBuilder()}
	f64 := types.Typ[types.Float64]
	r := ev.zeroRep(f64)
	if c := r.e.Const(); c == nil || c.Val != float64(0) {
		t.Errorf("zero of float64 is %v, want the constant 0", r.e)
	}
	if got, want := ev.describe(r.why), "the zero value of float64, a stage type"; got != want {
		t.Errorf("describe() = %q, want %q", got, want)
	}
	if ev.zeroRep(f64) != r {
		t.Errorf("two zero values of one type at one position are two Reps")
	}
	r32 := ev.zeroRep(types.Typ[types.Float32])
	if r32 == r || r32.e == r.e {
		t.Errorf("the zero values of float32 and float64 are one Rep or one constant")
	}
	if got, want := ev.describe(r32.why), "the zero value of float32, a stage type"; got != want {
		t.Errorf("describe() = %q, want %q", got, want)
	}
	ev.pos = token.Pos(7)
	if r7 := ev.zeroRep(f64); r7 == r || r7.why.pos != ev.pos || r7.e != r.e {
		t.Errorf("the zero value made at another position is the first one's Rep, or another constant")
	}
	if got := ev.describe(&why{what: "a parameter"}); got != "a parameter" {
		t.Errorf("describe() = %q, want %q", got, "a parameter")
	}
}
