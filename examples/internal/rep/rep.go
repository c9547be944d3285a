// Package rep converts, for the examples' tests, between slices of basic
// types and slices of the stage types defined over them ([]float64 and
// []stage.Float64, ...).
package rep

// Real is the element types of the real-valued slices the examples pass.
type Real interface {
	~uint8 | ~int | ~float32 | ~float64
}

// Complex is the element types of the complex-valued slices.
type Complex interface {
	~complex64 | ~complex128
}

// Convert returns a new slice of the elements of v converted to To.
func Convert[To, From Real](v []From) []To {
	out := make([]To, len(v))
	for i, x := range v {
		out[i] = To(x)
	}
	return out
}

// ConvertComplex returns a new slice of the elements of v converted to To.
func ConvertComplex[To, From Complex](v []From) []To {
	out := make([]To, len(v))
	for i, x := range v {
		out[i] = To(x)
	}
	return out
}
