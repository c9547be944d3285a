// Package approx compares the floating-point results of the example kernels
// with those of their anchors, which may sum or round in another order.
package approx

import "math"

// RelErr returns the largest absolute difference between got and want,
// divided by the largest absolute value in want (by 1 if want is all zero).
// It returns +Inf if the lengths differ or if exactly one of a pair is NaN.
func RelErr(got, want []float64) float64 {
	if len(got) != len(want) {
		return math.Inf(1)
	}
	var diff, scale float64
	for i := range want {
		g, w := got[i], want[i]
		if math.IsNaN(g) || math.IsNaN(w) {
			if math.IsNaN(g) != math.IsNaN(w) {
				return math.Inf(1)
			}
			continue
		}
		diff = max(diff, math.Abs(g-w))
		scale = max(scale, math.Abs(w))
	}
	if scale == 0 {
		scale = 1
	}
	return diff / scale
}

// RelErrComplex is RelErr for complex vectors, with the modulus as the
// absolute value.
func RelErrComplex(got, want []complex128) float64 {
	if len(got) != len(want) {
		return math.Inf(1)
	}
	var diff, scale float64
	for i := range want {
		diff = max(diff, abs(got[i]-want[i]))
		scale = max(scale, abs(want[i]))
	}
	if scale == 0 {
		scale = 1
	}
	return diff / scale
}

func abs(z complex128) float64 { return math.Hypot(real(z), imag(z)) }

// Same reports whether a and b are the same float64: equal, or both NaN.
func Same(a, b float64) bool {
	return a == b || (math.IsNaN(a) && math.IsNaN(b))
}
