package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// simdSrc has kernels with independent lanes over contiguous elements
// (a register-blocked product, an unrolled axpy in float64 and float32)
// and one whose lanes depend on each other (a prefix sum), which must stay
// scalar.
const simdSrc = `package kernels

import "github.com/lmsgen/lmsgen/stage"

// MatBlock sets c[0:8] to the product of the row a[0:n] and the n×8 block of
// b (rows of stride 8), with sums in registers across a staged k loop.
//
//lms:gen Block16 n=16
//lms:test c.len=8..12 a.len=16 b.len=128
func MatBlock(c, a, b []stage.Float64, n int) {
	N := stage.Int(n)
	ar := a[0:N]
	acc := make([]stage.Float64, 8)
	b0 := b[0:8]
	for j := range acc {
		acc[j] = ar[0] * b0[stage.Int(j)]
	}
	for k := stage.Int(1); k < N; k++ {
		ak := ar[k]
		bk := b[k*8 : k*8+8]
		for j := range acc {
			acc[j] += ak * bk[stage.Int(j)]
		}
	}
	cr := c[0:8]
	for j := range acc {
		cr[stage.Int(j)] = acc[j]
	}
}

// Axpy sets out[0:n] to (a·x+y)/3, n unrolled. x and y are read before
// out is written (out may alias them).
//
//lms:gen Axpy16 n=16
//lms:test out.len=16..20 x.len=16 y.len=16
func Axpy(out, x, y []stage.Float64, a stage.Float64, n int) {
	o, xs, ys := out[0:n], x[0:n], y[0:n]
	xv, yv := make([]stage.Float64, n), make([]stage.Float64, n)
	for i := range xv {
		xv[i], yv[i] = xs[i], ys[i]
	}
	for i := 0; i < n; i++ {
		o[i] = (a*xv[i] + yv[i]) / 3
	}
}

// Axpy32 sets out[0:n] to a·x-y/2 in float32; out[i] is written right after
// x[i] and y[i] are read, so it vectorizes only if out aliases neither.
//
//lms:gen Axpy32x16 n=16
//lms:test out.len=16 x.len=16..17 y.len=16
func Axpy32(out, x, y []stage.Float32, a stage.Float32, n int) {
	o, xs, ys := out[0:n], x[0:n], y[0:n]
	xv, yv := make([]stage.Float32, n), make([]stage.Float32, n)
	for i := range xv {
		xv[i], yv[i] = xs[i], ys[i]
	}
	for i := 0; i < n; i++ {
		o[i] = a*xv[i] - yv[i]*0.5
	}
}

// Shift sets out[0:n] to x[0:n] + 1 element by element, each element
// stored before the next is loaded: out may alias x (out = x[1:]), so it
// must stay scalar.
//
//lms:gen Shift16 n=16
//lms:test out.len=16 x.len=16
func Shift(out, x []stage.Float64, n int) {
	o, xs := out[0:n], x[0:n]
	for i := 0; i < n; i++ {
		o[i] = xs[i] + 1
	}
}

// Scale sets out[i] to 2·x[i] four elements a turn of a staged loop, and
// returns the sum of the elements left after the last full turn: scalar
// float code after the vector loop, which ClearAVXUpperBits precedes.
//
//lms:gen Scale4
//lms:test out.len=12 x.len=12 w=0..12
func Scale(out, x []stage.Float64, w stage.Int) stage.Float64 {
	i := stage.Int(0)
	for i+4 <= w {
		xs, o := x[i:i+4], out[i:i+4]
		v := make([]stage.Float64, 4)
		for j := range v {
			v[j] = xs[j] * 2
		}
		for j := range v {
			o[j] = v[j]
		}
		i += 4
	}
	s := stage.Float64(0)
	for ; i < w; i++ {
		s += x[i]
	}
	return s
}

// Prefix sets out[i] to the sum of x[0..i]: each lane needs the one before.
//
//lms:gen Prefix8 n=8
//lms:test out.len=8 x.len=8
func Prefix(out, x []stage.Float64, n int) {
	o, xs := out[0:n], x[0:n]
	s := xs[0]
	o[0] = s
	for i := 1; i < n; i++ {
		s += xs[i]
		o[i] = s
	}
}
`

// TestSIMD generates vector code with -simd and runs the differential
// tests of both builds: the scalar file without GOEXPERIMENT=simd, the
// vector file with it; both must agree bit for bit with the staging
// functions.
func TestSIMD(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": simdSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-simd", "-test", "-lang=go,c")
	require.Equal(t, 0, r.status, r.stderr)
	scalar := read(t, filepath.Join(kdir, "kernels_lms.go"))
	vector := read(t, filepath.Join(kdir, "kernels_lms_simd.go"))
	require.Contains(t, scalar, "//go:build !goexperiment.simd || !amd64\n")
	require.NotContains(t, scalar, "archsimd")
	require.Contains(t, vector, "//go:build goexperiment.simd && amd64\n")
	// Each vectorized kernel is written three times: with vectors of 512
	// bits under its own name (on a CPU without AVX-512 it calls its
	// code with vectors of 256 bits, which calls the scalar code on a
	// CPU without AVX2).
	for _, name := range []string{"Block16", "Axpy16", "Axpy32x16"} {
		lower := strings.ToLower(name[:1]) + name[1:]
		body := funcBody(t, vector, name)
		require.Contains(t, body, "if !archsimd.X86.AVX512() {\n\t\t"+lower+"AVX2(", name)
		avx2 := funcBody(t, vector, lower+"AVX2")
		require.Contains(t, avx2, "if !archsimd.X86.AVX2() {\n\t\t"+lower+"Scalar(", name)
		for _, body := range []string{body, avx2} {
			// Every sub-slice is used only by vector loads and stores:
			// an array pointer, accessed without a check (vector_arrays.go).
			require.Contains(t, body, ".Store(", name)
			require.NotContains(t, body, "Slice(", name)
			require.NotContains(t, body, "+=", name) // no scalar sum is left
			require.NotContains(t, body, "ClearAVXUpperBits", name)
		}
	}
	require.Contains(t, funcBody(t, vector, "Block16"), "archsimd.LoadFloat64x8(")
	require.Contains(t, funcBody(t, vector, "Axpy32x16"), "archsimd.LoadFloat32x16(")
	require.Contains(t, funcBody(t, vector, "block16AVX2"), "archsimd.LoadFloat64x4((*[4]float64)(")
	require.Contains(t, funcBody(t, vector, "axpy32x16AVX2"), "archsimd.LoadFloat32x8((*[8]float32)(")
	// Scale4: the vector loop, then VZEROUPPER before the scalar sum.
	scale := funcBody(t, vector, "Scale4")
	require.Contains(t, scale, "if !archsimd.X86.AVX2() {\n\t\treturn scale4Scalar(")
	require.Contains(t, scale, "xs := (*[4]float64)(x[i : i+4])")
	require.Contains(t, scale, "archsimd.LoadFloat64x4(xs)")
	loop, tail, ok := strings.Cut(scale, "archsimd.ClearAVXUpperBits()")
	require.True(t, ok, scale)
	require.Contains(t, loop, ".Mul(")
	require.Contains(t, tail, "+=")
	require.NotContains(t, tail, "archsimd.ClearAVXUpperBits()")
	for _, name := range []string{"Prefix8", "Shift16"} {
		require.NotContains(t, funcBody(t, vector, name), "archsimd", name)
		require.NotContains(t, vector, "func "+strings.ToLower(name[:1])+name[1:]+"Scalar", name)
	}

	// The vector build runs each of its three codes: GODEBUG turns the
	// CPU's features off for archsimd's checks.
	for _, env := range [][]string{nil, {"GOEXPERIMENT=simd"}, {"GOEXPERIMENT=simd", "GODEBUG=cpu.avx512f=off"},
		{"GOEXPERIMENT=simd", "GODEBUG=cpu.avx512f=off,cpu.avx2=off"}} {
		r := runIn(t, kdir, append([]string{"GOFLAGS=-mod=mod"}, env...), "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
		require.Equal(t, 0, r.status, "%v\n%s%s", env, r.stdout, r.stderr)
		for _, name := range []string{"Block16", "Axpy16", "Axpy32x16", "Scale4", "Prefix8", "Shift16"} {
			require.Contains(t, r.stdout, "lms: "+name+" tried=500 mismatches=0", env)
		}
	}
	r = runIn(t, kdir, []string{"GOFLAGS=-mod=mod", "GOEXPERIMENT=simd"}, "go", "vet", ".")
	require.Equal(t, 0, r.status, r.stdout+r.stderr)

	// The C file: vector extensions in the vectorized kernels, each
	// written again for AVX2 (<name>_avx2) and called from the kernel
	// when the CPU has it; it compiles cleanly with gcc and clang, and
	// its tests (C against Go) pass with each: with the AVX2 clones (at
	// -O2 on a CPU with AVX2), without them (two 128-bit halves per
	// vector), with the file compiled for the machine (no clones) and
	// with the scalar fallback of the vector operations
	// (-DLMS_NO_VECTOR_EXT).
	cdir := filepath.Join(kdir, "lmsc")
	csrc := read(t, filepath.Join(cdir, "kernels_lms.c"))
	require.Contains(t, csrc, "typedef double lms_f64x4 __attribute__((vector_size(32)));")
	require.Contains(t, csrc, "typedef float lms_f32x8 __attribute__((vector_size(32)));")
	require.Contains(t, csrc, "lms_f64x4_mul(")
	for _, name := range []string{"Block16", "Axpy16", "Axpy32x16"} {
		require.Contains(t, csrc, "\tif (lms_cpu_avx2()) {\n\t\t"+name+"_avx2(", name)
		clone := csrc[strings.Index(csrc, "/* "+name+"_avx2 is the specialization "+name+". */\n"):]
		require.Contains(t, clone[:strings.Index(clone, "\n}\n")], "_avx2_mul(", name)
	}
	for _, name := range []string{"Prefix8", "Shift16"} {
		require.NotContains(t, csrc, name+"_avx2", name)
	}
	for _, cc := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(cc); err != nil {
			t.Logf("no %s", cc)
			continue
		}
		for _, flags := range [][]string{{"-O2"}, {"-O3", "-march=native"}, {"-O2", "-DLMS_NO_VECTOR_EXT"}, {"-O2", "-DLMS_NO_AVX2_CLONES"}} {
			args := append([]string{"-std=c11", "-Wall", "-Wextra", "-Werror", "-c", "-o", os.DevNull, "kernels_lms.c"}, flags...)
			r := runIn(t, cdir, nil, cc, args...)
			require.Equal(t, 0, r.status, "%s %v\n%s", cc, flags, r.stderr)
		}
		for _, cflags := range []string{"-O2", "-O2 -DLMS_NO_AVX2_CLONES", "-O2 -march=native", "-O2 -DLMS_NO_VECTOR_EXT"} {
			r := runIn(t, cdir, []string{"GOFLAGS=-mod=mod", "CC=" + cc, "CGO_CFLAGS=" + cflags}, "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
			require.Equal(t, 0, r.status, "%s %s\n%s%s", cc, cflags, r.stdout, r.stderr)
			for _, name := range []string{"Block16", "Axpy16", "Axpy32x16", "Scale4", "Prefix8", "Shift16"} {
				require.Contains(t, r.stdout, "lms: "+name+" tried=500 mismatches=0", cc)
			}
		}
	}

	// Deterministic: a second run writes the same bytes.
	require.Equal(t, 0, lmsgen(t, kdir, "-simd", "-test", "-lang=go,c").status)
	require.Equal(t, vector, read(t, filepath.Join(kdir, "kernels_lms_simd.go")))
	// Without -simd the vector file is not written again, and the scalar
	// file has no build constraint: remove the stale one first.
	require.NoError(t, os.Remove(filepath.Join(kdir, "kernels_lms_simd.go")))
	require.Equal(t, 0, lmsgen(t, kdir).status)
	require.NotContains(t, read(t, filepath.Join(kdir, "kernels_lms.go")), "goexperiment")
}

// TestSIMDDirective: the directive option -simd vectorizes its
// specialization only, and makes the package's vector file without the
// flag.
func TestSIMDDirective(t *testing.T) {
	src := strings.Replace(simdSrc, "//lms:gen Axpy16 n=16\n", "//lms:gen Axpy16 n=16 -simd\n", 1)
	dir := module(t, map[string]string{"kernels/kernels.go": src})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir)
	require.Equal(t, 0, r.status, r.stderr)
	vector := read(t, filepath.Join(kdir, "kernels_lms_simd.go"))
	require.Contains(t, funcBody(t, vector, "Axpy16"), "archsimd.")
	for _, name := range []string{"Block16", "Axpy32x16"} {
		require.NotContains(t, funcBody(t, vector, name), "archsimd", name)
	}
	require.Contains(t, read(t, filepath.Join(kdir, "kernels_lms.go")), "//go:build !goexperiment.simd || !amd64\n")
	r = runIn(t, kdir, []string{"GOFLAGS=-mod=mod", "GOEXPERIMENT=simd"}, "go", "vet", ".")
	require.Equal(t, 0, r.status, r.stdout+r.stderr)
}
