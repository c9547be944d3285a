// Tests and benchmarks of the generated Go code (conv_lms.go).

package conv

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// staging is the signature of the staging functions, Conv and ConvExact.
type staging func(dst, src []stage.Float32, w, h stage.Int, k Kernel)

// filter is a generated convolution, the staging function and the kernel
// of its directive.
type filter struct {
	name string
	conv staging
	k    Kernel
	fn   func(dst, src []float32, w, h int)
}

var genGo = []filter{{"Blur3", Conv, Gauss3, Blur3}, {"Sobel3", Conv, SobelX, Sobel3}, {"Blur5", Conv, Gauss5, Blur5},
	{"Sharpen3", Conv, Sharpen, Sharpen3}, {"Blur3Exact", ConvExact, Gauss3, Blur3Exact}}

// checkFilters compares each filter with its staging function run natively
// (the same operations: the same bits), on images of several shapes.
func checkFilters(t *testing.T, lang string, fs []filter) {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	for _, f := range fs {
		for _, sz := range [][2]int{{f.k.Size, f.k.Size}, {f.k.Size + 1, 9}, {17, 6}, {f.k.Size + 15, 4}, {31, 7}, {64, 48}, {101, 5}} {
			w, h := sz[0], sz[1]
			src := randImage(r, w, h)
			n := (w - f.k.Size + 1) * (h - f.k.Size + 1)
			got := make([]float32, n)
			f.fn(got, src, w, h)
			want := make([]stage.Float32, n)
			f.conv(want, reps(src), stage.Int(w), stage.Int(h), f.k)
			for i := range got {
				if got[i] != float32(want[i]) {
					t.Fatalf("%s %s on %dx%d: dst[%d] = %v, staging function = %v", lang, f.name, w, h, i, got[i], want[i])
				}
			}
			// In place: dst is the start of src.
			inGot := slices.Clone(src)
			f.fn(inGot[:n], inGot, w, h)
			inWant := reps(src)
			f.conv(inWant[:n], inWant, stage.Int(w), stage.Int(h), f.k)
			for i := range inGot {
				if inGot[i] != float32(inWant[i]) {
					t.Fatalf("%s %s in place on %dx%d: src[%d] = %v, staging function = %v", lang, f.name, w, h, i, inGot[i], inWant[i])
				}
			}
		}
	}
}

func TestGeneratedGo(t *testing.T) { checkFilters(t, "Go", genGo) }

func benchFilter(b *testing.B, f filter) {
	im := newImages(f.k)
	defer cputime.Report(b)()
	for b.Loop() {
		f.fn(im.dst, im.src, benchW, benchH)
	}
}

func BenchmarkGenGoBlur3(b *testing.B)      { benchFilter(b, genGo[0]) }
func BenchmarkGenGoSobel3(b *testing.B)     { benchFilter(b, genGo[1]) }
func BenchmarkGenGoBlur5(b *testing.B)      { benchFilter(b, genGo[2]) }
func BenchmarkGenGoSharpen3(b *testing.B)   { benchFilter(b, genGo[3]) }
func BenchmarkGenGoBlur3Exact(b *testing.B) { benchFilter(b, genGo[4]) }
