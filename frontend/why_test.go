package frontend

import (
	"go/types"
	"testing"
)

// TestWhyZeroDescribe: the explanation of a zero value, written lazily,
// names its type.
func TestWhyZeroDescribe(t *testing.T) {
	w := &why{zeroOf: types.Typ[types.Float64]}
	if got, want := w.describe(), "the zero value of float64, a stage type"; got != want {
		t.Errorf("describe() = %q, want %q", got, want)
	}
	if got := (&why{what: "a parameter"}).describe(); got != "a parameter" {
		t.Errorf("describe() = %q, want %q", got, "a parameter")
	}
}
