package frontend

import (
	"go/types"
	"testing"
)

// TestWhyZeroDescribe: the explanation of a zero value, written lazily,
// names its type; the whys of zero values made at one position are
// shared, those made at another are not.
func TestWhyZeroDescribe(t *testing.T) {
	ev := &evaluator{}
	w := ev.zeroWhy(types.Typ[types.Float64])
	if got, want := ev.describe(w), "the zero value of float64, a stage type"; got != want {
		t.Errorf("describe() = %q, want %q", got, want)
	}
	if ev.zeroWhy(types.Typ[types.Float64]) != w {
		t.Errorf("two zero values of one type at one position have two whys")
	}
	w32 := ev.zeroWhy(types.Typ[types.Float32])
	if got, want := ev.describe(w32), "the zero value of float32, a stage type"; got != want {
		t.Errorf("describe() = %q, want %q", got, want)
	}
	if got := ev.describe(&why{what: "a parameter"}); got != "a parameter" {
		t.Errorf("describe() = %q, want %q", got, "a parameter")
	}
}
