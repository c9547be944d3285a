// Package conv stages the 2-D convolution of an image with a kernel known
// at build time, against the generic loop over a kernel held as data.
//
// Images are row-major float32 slices: pixel (x, y) of a w×h image is
// src[y*w+x]. The kernel is applied as image libraries and CNNs do, without
// flipping it (strictly, a correlation), over the valid region only: the
// result has (w-k+1)×(h-k+1) pixels for a k×k kernel.
//
// Conv uses what the kernel's weights are to compute fewer operations, in
// another order than the generic loop: its results are within a float32
// rounding tolerance of the exact sum (see Conv). ConvExact sums in the
// generic loop's order and gives its results bit for bit.
package conv

import "github.com/lmsgen/lmsgen/stage"

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// Kernel is a square convolution kernel: weight (i, j) is W[i*Size+j], the
// weight of pixel (x+j, y+i) in output pixel (x, y).
type Kernel struct {
	Size int
	W    []float32
}

// Kernels of the generated functions.
var (
	// Gauss3 is the 3×3 binomial blur: [1 2 1]ᵀ·[1 2 1]/16.
	Gauss3 = Kernel{3, scale(1.0/16, []float32{
		1, 2, 1,
		2, 4, 2,
		1, 2, 1,
	})}
	// SobelX is the horizontal Sobel derivative: [1 2 1]ᵀ·[-1 0 1].
	SobelX = Kernel{3, []float32{
		-1, 0, 1,
		-2, 0, 2,
		-1, 0, 1,
	}}
	// Gauss5 is the 5×5 binomial blur: [1 4 6 4 1]ᵀ·[1 4 6 4 1]/256.
	Gauss5 = Kernel{5, scale(1.0/256, []float32{
		1, 4, 6, 4, 1,
		4, 16, 24, 16, 4,
		6, 24, 36, 24, 6,
		4, 16, 24, 16, 4,
		1, 4, 6, 4, 1,
	})}
	// Sharpen is a 3×3 sharpening filter (rank 2: not separable).
	Sharpen = Kernel{3, []float32{
		0, -1, 0,
		-1, 5, -1,
		0, -1, 0,
	}}
)

func scale(f float32, w []float32) []float32 {
	for i := range w {
		w[i] *= f
	}
	return w
}

// Conv sets dst[y*ow+x], for x < ow = w-k.Size+1 and y < oh = h-k.Size+1,
// to Σ k.W[i*k.Size+j]·src[(y+i)*w+x+j], computed in float32 in an order
// and a form chosen from the kernel at build time. The result is within
// (n²+2n)·2⁻²⁴·Σ|k.W[i*n+j]·src[(y+i)*w+x+j]| of the exact sum, for
// n = k.Size: to first order, every order of summing the n² products
// meets that bound, the generic loop's included, and so do the factored
// and grouped forms below, which round each product fewer times (the
// tests check the bound). ConvExact gives the generic loop's bits.
//
// The image and its size are dynamic: the loops over pixels are staged
// loops. The kernel is static, and decides the code:
//
//   - a kernel of rank 1, weight (i, j) = s·col[i]·row[j], is separable:
//     each column of the image under the kernel is summed once, with the
//     weights col (a vertical pass), and each output pixel is the sum of
//     the n column sums of its window with the weights row, times s. The
//     column sums slide with the window: a column is summed once for the
//     n output pixels that need it. Each pass costs about 2n operations
//     per pixel instead of the 2n² of the 2-D sum;
//   - any other kernel is summed over its n×n window;
//   - every weighted sum (weighted) adds the pixels of equal weight first
//     and multiplies once ((a+c)·w for a symmetric pair), skips zero
//     weights, does not multiply by 1, and adds its terms as a balanced
//     tree.
//
//lms:gen Blur3 k=Gauss3 -simd
//lms:gen Sobel3 k=SobelX -simd
//lms:gen Blur5 k=Gauss5 -simd
//lms:gen Sharpen3 k=Sharpen -simd
func Conv(dst, src []stage.Float32, w, h stage.Int, k Kernel) {
	n := k.Size
	if f, ok := separate(k); ok {
		if f.scale < 0 {
			// -(a-b) as b-a: no negation (the vector code has none); the
			// same value, but +0 where it was -0.
			f.scale = -f.scale
			for j := range f.row {
				f.row[j] = -f.row[j]
			}
		}
		sweep(dst, src, w, h, n, 1,
			func(col []stage.Float32) []stage.Float32 {
				return []stage.Float32{weighted(f.col, col)}
			},
			func(sums []stage.Float32) stage.Float32 {
				return times(f.scale, weighted(f.row, sums))
			})
		return
	}
	// The window holds its columns one after another: pixel (x+j, y+i) is
	// win[j*n+i], whose weight is k.W[i*n+j].
	wt := make([]float32, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			wt[j*n+i] = k.W[i*n+j]
		}
	}
	sweep(dst, src, w, h, n, n, pixels, func(win []stage.Float32) stage.Float32 {
		return weighted(wt, win)
	})
}

// ConvExact is Conv summing the products in the generic loop's order (over
// i, then j, k.W[i*k.Size+j]·pixel, zero weights skipped, no
// multiplication by ±1, which are exact): its results are the generic
// loop's, bit for bit.
//
//lms:gen Blur3Exact k=Gauss3 -simd
func ConvExact(dst, src []stage.Float32, w, h stage.Int, k Kernel) {
	n := k.Size
	sweep(dst, src, w, h, n, n, pixels, func(win []stage.Float32) stage.Float32 {
		var s stage.Float32
		first := true // static: whether s holds a term yet
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				wt := k.W[i*n+j]
				if wt == 0 {
					continue
				}
				term := times(wt, win[j*n+i])
				if first {
					s, first = term, false
				} else {
					s += term
				}
			}
		}
		return s
	})
}

// sweep sets each output pixel of an n×n filter to pixel(win), where win
// holds, for each of the n image columns under the kernel, from left to
// right, the c values column(px) computed from that column's n pixels px
// (top to bottom).
//
// The window slides along a row: it is a static slice of Reps, which the
// staged loop over x turns into variables, and each step computes column
// only for the column that enters it, from the n rows of src under the
// kernel (sub-slices taken once per output row). The loop makes n steps per
// turn: within a turn the slide is static (no code), only the window's state
// at the end of a turn is carried; the rest of a row is a loop of single
// steps.
func sweep(dst, src []stage.Float32, w, h stage.Int, n, c int,
	column func(px []stage.Float32) []stage.Float32, pixel func(win []stage.Float32) stage.Float32) {
	ow, oh := w-stage.Int(n)+1, h-stage.Int(n)+1
	if ow <= 0 {
		return
	}
	var sums []stage.Float32 // the vector build's row of column sums (lanesSums)
	if stage.SIMD() && c == 1 {
		sums = make([]stage.Float32, w)
	}
	for y := stage.Int(0); y < oh; y++ {
		// The rows of src and dst are cut to their capacity (full slice
		// expressions): no access leaves its row, and the Go compiler
		// then knows their capacity is their length (w, ow), so the
		// vector build's sub-slices cost fewer checks and registers.
		rows := make([][]stage.Float32, n)
		for i := range rows {
			end := (y + stage.Int(i) + 1) * w
			rows[i] = src[(y+stage.Int(i))*w : end : end]
		}
		out := dst[y*ow : (y+1)*ow : (y+1)*ow]
		x := stage.Int(0)
		switch {
		case sums != nil:
			x = lanesSums(out, sums, rows, ow, n, column, pixel)
		case stage.SIMD():
			x = lanes(out, rows, ow, n, c, column, pixel)
		}
		win := make([]stage.Float32, n*c)
		// enter computes the column of the n pixels at(i) into window
		// column j.
		enter := func(j int, at func(i int) stage.Float32) {
			px := make([]stage.Float32, n)
			for i := range px {
				px[i] = at(i)
			}
			copy(win[j*c:(j+1)*c], column(px))
		}
		for j := 0; j < n-1; j++ {
			enter(j, func(i int) stage.Float32 { return rows[i][x+stage.Int(j)] })
		}
		// A turn of n steps reads each row through one sub-slice of the n
		// columns that enter the window, and writes through one sub-slice
		// of out: the indexes within them are constants, so the Go
		// compiler checks the bounds once per sub-slice, not per pixel.
		for ; x+stage.Int(n) <= ow; x += stage.Int(n) {
			in := make([][]stage.Float32, n)
			for i := range in {
				in[i] = rows[i][x+stage.Int(n-1) : x+stage.Int(2*n-1)]
			}
			o := out[x : x+stage.Int(n)]
			for u := 0; u < n; u++ {
				enter(n-1, func(i int) stage.Float32 { return in[i][stage.Int(u)] })
				o[stage.Int(u)] = pixel(win)
				copy(win[:(n-1)*c], win[c:])
			}
		}
		for ; x < ow; x++ {
			enter(n-1, func(i int) stage.Float32 { return rows[i][x+stage.Int(n-1)] })
			out[x] = pixel(win)
			copy(win[:(n-1)*c], win[c:])
		}
	}
}

// vectorLanes is the number of output pixels the vector build computes at
// once: the lanes of one vector of float32 of 512 bits (AVX-512; two
// vectors of 256 bits on a CPU with AVX2 only).
const vectorLanes = 16

// lanes is the vector build's (stage.SIMD) part of sweep for one output
// row out: a staged loop over x computing vectorLanes adjacent output
// pixels per turn, each from its own window (nothing slides from one
// pixel to the next), so that lane u of every operation belongs to pixel
// x+u only and the vectorizer makes one vector operation of the
// vectorLanes copies. Each pixel's operations are those of the sliding
// window in sweep, on the same pixels, in the same order: the same bits.
// A column is summed once per pixel that uses it (n times, not once), for
// 1/vectorLanes of the operations per pixel. Column j of the windows is
// read through one sub-slice per row of src, starting at x+j, its
// vectorLanes pixels at constant indices (one vector load each); each
// sub-slice is taken separately so that lanes of different columns never
// share a load; the pixels are stored after the last load (dst may alias
// src: a store before a later lane's load would order the lanes). It
// returns the first pixel left to sweep's scalar steps. A separable
// kernel takes lanesSums instead, which sums each column once.
func lanes(out []stage.Float32, rows [][]stage.Float32, ow stage.Int, n, c int,
	column func(px []stage.Float32) []stage.Float32, pixel func(win []stage.Float32) stage.Float32) stage.Int {
	x := stage.Int(0)
	for ; x+vectorLanes <= ow; x += vectorLanes {
		in := make([][][]stage.Float32, n) // in[j][i]: row i from column x+j
		for j := range in {
			in[j] = make([][]stage.Float32, n)
			for i := range in[j] {
				in[j][i] = rows[i][x+stage.Int(j) : x+stage.Int(j+vectorLanes)]
			}
		}
		v := make([]stage.Float32, vectorLanes)
		for u := range v {
			win := make([]stage.Float32, n*c)
			for j := 0; j < n; j++ {
				px := make([]stage.Float32, n)
				for i := range px {
					px[i] = in[j][i][stage.Int(u)]
				}
				copy(win[j*c:(j+1)*c], column(px))
			}
			v[u] = pixel(win)
		}
		o := out[x : x+vectorLanes]
		for u := range v {
			o[stage.Int(u)] = v[u]
		}
	}
	return x
}

// lanesSums is lanes for a separable kernel (one value per column, c =
// 1): two passes over the row instead of one, each a staged loop of
// vectorLanes lanes per turn. The first computes every column's sum of
// the row into sums (sums[x] from the n pixels of rows at x), the second
// every output pixel from the n sums of its window (sums[x+j] for
// j < n): each column is summed once, not n times, and each of a turn's
// n windows is one load from sums. Every column sum and every pixel is
// computed by the operations of sweep's sliding window on the same
// values: the same bits. Each pass ends with one more turn that ends at
// the row's end, when the row is not a multiple of vectorLanes: it
// computes some values again, the same bits, and writes them over
// themselves (the second pass reads sums only, and the first pass reads
// rows of src that no output pixel of this row or an earlier one
// overwrites when dst aliases src). Loads come before stores in each
// turn. It returns ow, or, for a row narrower than vectorLanes, the
// first pixel left to sweep's scalar steps.
func lanesSums(out, sums []stage.Float32, rows [][]stage.Float32, ow stage.Int, n int,
	column func(px []stage.Float32) []stage.Float32, pixel func(win []stage.Float32) stage.Float32) stage.Int {
	cols := ow + stage.Int(n-1) // the row's width
	if cols < vectorLanes {
		return 0
	}
	sumTurn := func(x stage.Int) {
		in := make([][]stage.Float32, n) // in[i]: row i from column x
		for i := range in {
			in[i] = rows[i][x : x+vectorLanes]
		}
		v := make([]stage.Float32, vectorLanes)
		for u := range v {
			px := make([]stage.Float32, n)
			for i := range px {
				px[i] = in[i][stage.Int(u)]
			}
			v[u] = column(px)[0]
		}
		s := sums[x : x+vectorLanes]
		for u := range v {
			s[stage.Int(u)] = v[u]
		}
	}
	x := stage.Int(0)
	for ; x+vectorLanes <= cols; x += vectorLanes {
		sumTurn(x)
	}
	if x < cols {
		sumTurn(cols - vectorLanes)
	}
	if ow < vectorLanes {
		return 0
	}
	pixelTurn := func(x stage.Int) {
		in := make([][]stage.Float32, n) // in[j]: the sums from column x+j
		for j := range in {
			in[j] = sums[x+stage.Int(j) : x+stage.Int(j+vectorLanes)]
		}
		v := make([]stage.Float32, vectorLanes)
		for u := range v {
			win := make([]stage.Float32, n)
			for j := range win {
				win[j] = in[j][stage.Int(u)]
			}
			v[u] = pixel(win)
		}
		o := out[x : x+vectorLanes]
		for u := range v {
			o[stage.Int(u)] = v[u]
		}
	}
	for x = 0; x+vectorLanes <= ow; x += vectorLanes {
		pixelTurn(x)
	}
	if x < ow {
		pixelTurn(ow - vectorLanes)
	}
	return ow
}

// pixels is the column function of a 2-D window: the column's pixels.
func pixels(px []stage.Float32) []stage.Float32 { return px }

// times returns wt·v, with no operation for a weight of 1 and a negation
// for -1.
func times(wt float32, v stage.Float32) stage.Float32 {
	switch wt {
	case 1:
		return v
	case -1:
		return -v
	}
	return stage.Float32(wt) * v
}
