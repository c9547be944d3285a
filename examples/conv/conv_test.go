package conv

import (
	"math"
	"math/rand/v2"
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

var kernels = map[string]Kernel{"Gauss3": Gauss3, "SobelX": SobelX, "Gauss5": Gauss5,
	"ones2": {2, []float32{1, 1, 1, 1}}, "zeros3": {3, make([]float32, 9)}, "one1": {1, []float32{-1}}}

func TestConvNative(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for name, k := range kernels {
		for _, sz := range [][2]int{{k.Size, k.Size}, {7, 5}, {32, 17}, {64, 64}} {
			w, h := sz[0], sz[1]
			src := randImage(r, w, h)
			ow, oh := w-k.Size+1, h-k.Size+1
			want := make([]float32, ow*oh)
			convLoop(want, src, w, h, k.W, k.Size)
			got := make([]stage.Float32, ow*oh)
			Conv(got, reps(src), stage.Int(w), stage.Int(h), k)
			for i := range want {
				// The same products in the same order, less the zero ones
				// and the multiplications by ±1, which are exact: the same
				// value (-0 and +0 compare equal).
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
}
