// Package conv stages the 2-D convolution of an image with a kernel known
// at build time, against the generic loop over a kernel held as data.
//
// Images are row-major float32 slices: pixel (x, y) of a w×h image is
// src[y*w+x]. The kernel is applied as image libraries and CNNs do, without
// flipping it (strictly, a correlation), over the valid region only: the
// result has (w-k+1)×(h-k+1) pixels for a k×k kernel.
package conv

import "github.com/lmsgen/lmsgen/stage"

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// Kernel is a square convolution kernel: weight (i, j) is W[i*Size+j].
type Kernel struct {
	Size int
	W    []float32
}

// Kernels of the generated functions.
var (
	// Gauss3 is the 3×3 binomial blur.
	Gauss3 = Kernel{3, scale(1.0/16, []float32{
		1, 2, 1,
		2, 4, 2,
		1, 2, 1,
	})}
	// SobelX is the horizontal Sobel derivative: three weights are zero and
	// four are ±1.
	SobelX = Kernel{3, []float32{
		-1, 0, 1,
		-2, 0, 2,
		-1, 0, 1,
	}}
	// Gauss5 is the 5×5 binomial blur.
	Gauss5 = Kernel{5, scale(1.0/256, []float32{
		1, 4, 6, 4, 1,
		4, 16, 24, 16, 4,
		6, 24, 36, 24, 6,
		4, 16, 24, 16, 4,
		1, 4, 6, 4, 1,
	})}
)

func scale(f float32, w []float32) []float32 {
	for i := range w {
		w[i] *= f
	}
	return w
}

// Conv sets dst[y*ow+x], for x < ow = w-k.Size+1 and y < oh = h-k.Size+1,
// to Σ k.W[i*k.Size+j]·src[(y+i)*w+x+j] summed over i, then j, in
// increasing order.
//
// The image and its size are dynamic: the loops over pixels are staged
// loops. The kernel is static: the loops over its weights unroll, each
// weight is a constant, a zero weight costs nothing and a weight of ±1 no
// multiplication. The pixels under the kernel slide along a row: the
// window (k.Size columns of k.Size pixels, a static slice of Reps) is a
// set of variables of the generated loop, and each step loads only the
// column that enters it, from the k.Size rows of src under the kernel
// (sub-slices taken once per output row).
//
//lms:gen Blur3 k=Gauss3
//lms:gen Sobel3 k=SobelX
//lms:gen Blur5 k=Gauss5
func Conv(dst, src []stage.Float32, w, h stage.Int, k Kernel) {
	n := k.Size
	ow, oh := w-stage.Int(n)+1, h-stage.Int(n)+1
	if ow <= 0 {
		return
	}
	for y := stage.Int(0); y < oh; y++ {
		rows := make([][]stage.Float32, n)
		for i := range rows {
			rows[i] = src[(y+stage.Int(i))*w : (y+stage.Int(i)+1)*w]
		}
		out := dst[y*ow : (y+1)*ow]
		// win[i*n+j] is pixel (x+j, y+i); columns 0..n-2 are loaded
		// before the first step.
		win := make([]stage.Float32, n*n)
		for i := 0; i < n; i++ {
			for j := 0; j < n-1; j++ {
				win[i*n+j] = rows[i][stage.Int(j)]
			}
		}
		step := func(x stage.Int) {
			for i := 0; i < n; i++ {
				win[i*n+n-1] = rows[i][x+stage.Int(n-1)]
			}
			out[x] = dot(k, win)
			for i := 0; i < n; i++ {
				copy(win[i*n:i*n+n-1], win[i*n+1:i*n+n])
			}
		}
		// n steps per turn: the shifts of the window within a turn are
		// static (no code), only its state at the end of a turn is
		// carried in variables.
		x := stage.Int(0)
		for ; x+stage.Int(n) <= ow; x += stage.Int(n) {
			for u := 0; u < n; u++ {
				step(x + stage.Int(u))
			}
		}
		for ; x < ow; x++ {
			step(x)
		}
	}
}

// dot returns Σ k.W[i]·win[i] in increasing order of i, skipping the zero
// weights and the multiplications by ±1.
func dot(k Kernel, win []stage.Float32) stage.Float32 {
	var s stage.Float32
	first := true // static: whether s holds a term yet
	for i, wt := range k.W {
		if wt == 0 {
			continue
		}
		p := win[i]
		var term stage.Float32
		switch wt {
		case 1:
			term = p
		case -1:
			term = -p
		default:
			term = stage.Float32(wt) * p
		}
		if first {
			s, first = term, false
		} else {
			s += term
		}
	}
	return s
}
