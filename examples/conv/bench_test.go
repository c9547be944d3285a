package conv

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// Benchmark names follow examples/README.md: Benchmark{Anchor,Alt,Native,
// GenGo,GenC}<kernel>. Anchor is the generic loop with the kernel as data.
// Every benchmark filters one 256×256 image.

const benchW, benchH = 256, 256

type images struct {
	src, dst   []float32
	rsrc, rdst []stage.Float32
}

func newImages(k Kernel) *images {
	src := randImage(rand.New(rand.NewPCG(3, 4)), benchW, benchH)
	n := (benchW - k.Size + 1) * (benchH - k.Size + 1)
	return &images{src: src, dst: make([]float32, n), rsrc: reps(src), rdst: make([]stage.Float32, n)}
}

func benchLoop(b *testing.B, k Kernel) {
	im := newImages(k)
	defer cputime.Report(b)()
	for b.Loop() {
		convLoop(im.dst, im.src, benchW, benchH, k.W, k.Size)
	}
}

func benchNative(b *testing.B, conv staging, k Kernel) {
	im := newImages(k)
	defer cputime.Report(b)()
	for b.Loop() {
		conv(im.rdst, im.rsrc, benchW, benchH, k)
	}
}

func BenchmarkAnchorBlur3(b *testing.B)      { benchLoop(b, Gauss3) }
func BenchmarkAnchorSobel3(b *testing.B)     { benchLoop(b, SobelX) }
func BenchmarkAnchorBlur5(b *testing.B)      { benchLoop(b, Gauss5) }
func BenchmarkAnchorSharpen3(b *testing.B)   { benchLoop(b, Sharpen) }
func BenchmarkAnchorBlur3Exact(b *testing.B) { benchLoop(b, Gauss3) }
func BenchmarkNativeBlur3(b *testing.B)      { benchNative(b, Conv, Gauss3) }
func BenchmarkNativeSobel3(b *testing.B)     { benchNative(b, Conv, SobelX) }
func BenchmarkNativeBlur5(b *testing.B)      { benchNative(b, Conv, Gauss5) }
func BenchmarkNativeSharpen3(b *testing.B)   { benchNative(b, Conv, Sharpen) }
func BenchmarkNativeBlur3Exact(b *testing.B) { benchNative(b, ConvExact, Gauss3) }
