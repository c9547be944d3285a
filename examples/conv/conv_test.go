package conv

import (
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/rep"
	"github.com/lmsgen/lmsgen/stage"
)

// convLoop is the generic loop: the kernel is data.
func convLoop(dst, src []float32, w, h int, k []float32, n int) {
	ow, oh := w-n+1, h-n+1
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			var s float32
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					s += k[i*n+j] * src[(y+i)*w+x+j]
				}
			}
			dst[y*ow+x] = s
		}
	}
}

func randImage(r *rand.Rand, w, h int) []float32 {
	img := make([]float32, w*h)
	for i := range img {
		img[i] = float32(r.IntN(256)) / 255
	}
	return img
}

func reps(v []float32) []stage.Float32 { return rep.Convert[stage.Float32](v) }

// kernels are the kernels of the tests: the generated ones, a rank-1
// kernel whose factors are not powers of two, a non-separable one with
// unrelated weights, and degenerate ones.
var kernels = map[string]Kernel{"Gauss3": Gauss3, "SobelX": SobelX, "Gauss5": Gauss5, "Sharpen": Sharpen,
	"rank1":  {3, []float32{0.3, 0.6, -0.9, 1.5, 3, -4.5, 0, 0, 0}},
	"random": {3, []float32{0.1, -0.7, 0.25, 3, 0.5, -0.3, 0.1, 0, 2}},
	"ones2":  {2, []float32{1, 1, 1, 1}}, "zeros3": {3, make([]float32, 9)}, "one1": {1, []float32{-1}}}

// convLoop64 is the exact sum (float64 products and sums of float32 values
// are exact to far below float32 precision) and the sum of the absolute
// values of its terms, which bounds the rounding of any float32 summation.
func convLoop64(src []float32, w, h int, k []float32, n int) (sum, mag []float64) {
	ow, oh := w-n+1, h-n+1
	sum, mag = make([]float64, ow*oh), make([]float64, ow*oh)
	for y := 0; y < oh; y++ {
		for x := 0; x < ow; x++ {
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					t := float64(k[i*n+j]) * float64(src[(y+i)*w+x+j])
					sum[y*ow+x] += t
					mag[y*ow+x] += math.Abs(t)
				}
			}
		}
	}
	return sum, mag
}

// tolerance is Conv's documented bound, (n²+2n)·2⁻²⁴·Σ|k·p|.
func tolerance(n int, mag float64) float64 {
	return float64(n*n+2*n) * 0x1p-24 * mag
}

var testSizes = func(n int) [][2]int { return [][2]int{{n, n}, {7, 5}, {32, 17}, {64, 64}} }

// Conv is within its tolerance of the exact sum, and the kernels it
// separates are the rank-1 ones.
func TestConvNative(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, name := range slices.Sorted(maps.Keys(kernels)) {
		k := kernels[name]
		for _, sz := range testSizes(k.Size) {
			w, h := sz[0], sz[1]
			src := randImage(r, w, h)
			want, mag := convLoop64(src, w, h, k.W, k.Size)
			got := make([]stage.Float32, len(want))
			Conv(got, reps(src), stage.Int(w), stage.Int(h), k)
			for i := range want {
				if d := math.Abs(float64(got[i]) - want[i]); d > tolerance(k.Size, mag[i]) {
					t.Fatalf("%s on %dx%d: dst[%d] = %v, exact %v: error %.3g > tolerance %.3g",
						name, w, h, i, got[i], want[i], d, tolerance(k.Size, mag[i]))
				}
			}
		}
	}
}

func TestSeparate(t *testing.T) {
	for name, want := range map[string]bool{"Gauss3": true, "SobelX": true, "Gauss5": true, "rank1": true,
		"ones2": true, "one1": true, "Sharpen": false, "random": false, "zeros3": false} {
		f, ok := separate(kernels[name])
		if ok != want {
			t.Errorf("separate(%s) reports %v, want %v", name, ok, want)
		}
		if ok && name == "Gauss3" && (!slices.Equal(f.col, []float32{1, 2, 1}) || !slices.Equal(f.row, f.col) || f.scale != 1.0/16) {
			t.Errorf("separate(Gauss3) = %v", f)
		}
	}
}

// ConvExact gives the generic loop's bits: the same products in the same
// order, less the zero ones and the multiplications by ±1, which are exact
// (-0 and +0 compare equal).
func TestConvExactNative(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, name := range slices.Sorted(maps.Keys(kernels)) {
		k := kernels[name]
		for _, sz := range testSizes(k.Size) {
			w, h := sz[0], sz[1]
			src := randImage(r, w, h)
			ow, oh := w-k.Size+1, h-k.Size+1
			want := make([]float32, ow*oh)
			convLoop(want, src, w, h, k.W, k.Size)
			got := make([]stage.Float32, ow*oh)
			ConvExact(got, reps(src), stage.Int(w), stage.Int(h), k)
			for i := range want {
				if float32(got[i]) != want[i] {
					t.Fatalf("%s on %dx%d: dst[%d] = %v, generic loop = %v", name, w, h, i, got[i], want[i])
				}
			}
		}
	}
}

// A constant image blurs to itself, and has no horizontal derivative.
func TestConvConstantImage(t *testing.T) {
	const w, h = 9, 8
	src := make([]stage.Float32, w*h)
	for i := range src {
		src[i] = 0.5
	}
	for name, k := range map[string]Kernel{"Gauss3": Gauss3, "Gauss5": Gauss5, "SobelX": SobelX} {
		dst := make([]stage.Float32, (w-k.Size+1)*(h-k.Size+1))
		Conv(dst, src, w, h, k)
		want := float32(0.5)
		if name == "SobelX" {
			want = 0
		}
		for i, v := range dst {
			if math.Abs(float64(v)-float64(want)) > 1e-6 {
				t.Fatalf("%s: dst[%d] = %v, want %v", name, i, v, want)
			}
		}
	}
}

// An image smaller than the kernel has no valid pixel: nothing is written.
func TestConvSmallImage(t *testing.T) {
	Conv(nil, make([]stage.Float32, 4), 2, 2, Gauss3)
	ConvExact(nil, make([]stage.Float32, 4), 2, 2, Gauss3)
}
