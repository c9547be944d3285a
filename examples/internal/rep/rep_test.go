package rep

import (
	"slices"
	"testing"

	"github.com/lmsgen/lmsgen/stage"
)

func TestConvert(t *testing.T) {
	v := []float64{1, -2.5, 3}
	s := Convert[stage.Float64](v)
	v[0] = 9 // the result shares no memory with v
	if !slices.Equal(s, []stage.Float64{1, -2.5, 3}) {
		t.Errorf("Convert = %v", s)
	}
	if b := Convert[byte](Convert[stage.Byte]([]byte{0, 255})); !slices.Equal(b, []byte{0, 255}) {
		t.Errorf("round trip of bytes = %v", b)
	}
	c := ConvertComplex[complex128](ConvertComplex[stage.Complex128]([]complex128{1 + 2i}))
	if !slices.Equal(c, []complex128{1 + 2i}) {
		t.Errorf("round trip of complexes = %v", c)
	}
}
