package approx

import (
	"math"
	"testing"
)

func TestRelErr(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		got, want []float64
		err       float64
	}{
		{[]float64{1, 2}, []float64{1, 2}, 0},
		{[]float64{1, 2.5}, []float64{1, 2}, 0.25},
		{[]float64{0, 1e-3}, []float64{0, 0}, 1e-3},
		{[]float64{nan}, []float64{nan}, 0},
		{[]float64{nan}, []float64{1}, math.Inf(1)},
		{[]float64{1}, []float64{1, 2}, math.Inf(1)},
	}
	for _, tt := range tests {
		if got := RelErr(tt.got, tt.want); got != tt.err {
			t.Errorf("RelErr(%v, %v) = %v, want %v", tt.got, tt.want, got, tt.err)
		}
	}
}

func TestRelErrComplex(t *testing.T) {
	if got := RelErrComplex([]complex128{3 + 4i}, []complex128{0 + 5i}); math.Abs(got-math.Sqrt(10)/5) > 1e-15 {
		t.Errorf("RelErrComplex = %v, want sqrt(10)/5", got)
	}
	if got := RelErrComplex(nil, []complex128{1}); !math.IsInf(got, 1) {
		t.Errorf("RelErrComplex of different lengths = %v, want +Inf", got)
	}
}

func TestSame(t *testing.T) {
	if !Same(math.NaN(), math.NaN()) || !Same(0, math.Copysign(0, -1)) || Same(1, 2) || Same(math.NaN(), 0) {
		t.Error("Same: wrong answer")
	}
}
