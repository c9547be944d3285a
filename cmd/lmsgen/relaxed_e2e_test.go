package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// relaxedSrc has kernels with relaxed floating point: a dot product (a sum
// of 16 products, reassociated into 4 lanes of fused multiply-adds), its
// float32 twin (32 terms, 8 lanes, no fusion: math.FMA is float64), a
// register-blocked product (sums in variables across a staged loop:
// fused, not reassociated), the zero identities, and an exact dot product
// that must stay as it is.
const relaxedSrc = `package kernels

import "github.com/lmsgen/lmsgen/stage"

// Dot returns the sum of x[i]·y[i] for i < n, n unrolled.
//
//lms:gen Dot16 n=16 -fp=relaxed
//lms:gen DotExact16 n=16
//lms:test x.len=16 y.len=16
func Dot(x, y []stage.Float64, n int) stage.Float64 {
	xs, ys := x[0:n], y[0:n]
	s := xs[0] * ys[0]
	for i := 1; i < n; i++ {
		s += xs[i] * ys[i]
	}
	return s
}

// Dot32 is Dot in float32.
//
//lms:gen Dot32x32 n=32 -fp=relaxed
//lms:test x.len=32 y.len=32
func Dot32(x, y []stage.Float32, n int) stage.Float32 {
	xs, ys := x[0:n], y[0:n]
	s := xs[0] * ys[0]
	for i := 1; i < n; i++ {
		s += xs[i] * ys[i]
	}
	return s
}

// MatBlock sets c[0:8] to the product of the row a[0:n] and the n×8 block
// of b (rows of stride 8), with sums in registers across a staged k loop.
//
//lms:gen Block16 n=16 -fp=relaxed
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

// Zero is x·0 + y + 0 - 0 with static zeros: relaxed, y.
//
//lms:gen Zeros -fp=relaxed
func Zero(x, y stage.Float64) stage.Float64 {
	var zero stage.Float64
	return x*zero + y + zero - zero
}
`

// TestRelaxedFP generates the relaxed kernels and runs their differential
// tests (within the bound written in the test file) in both Go builds
// and in C; the exact specialization of the same function is unchanged.
func TestRelaxedFP(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": relaxedSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-simd", "-test", "-lang=go,c")
	require.Equal(t, 0, r.status, r.stderr)
	scalar := read(t, filepath.Join(kdir, "kernels_lms.go"))
	vector := read(t, filepath.Join(kdir, "kernels_lms_simd.go"))
	test := read(t, filepath.Join(kdir, "kernels_lms_test.go"))
	require.Contains(t, test, "lmsRelaxed64 = 0x1p-32")
	require.Contains(t, funcBody(t, test, "TestLMSDot16"), "lmsDiffRelaxed(got, want)")
	require.NotContains(t, funcBody(t, test, "TestLMSDotExact16"), "lmsDiffRelaxed")

	// Dot16: four lanes of one product and three fused multiply-adds,
	// then (l0+l1)+(l2+l3): in the vector file one vector product, three
	// vector multiply-adds and the reduction of the lanes; in the
	// portable file x*y + z (the scalar fallback of the vector file keeps
	// math.FMA).
	dot := funcBody(t, vector, "Dot16")
	require.Equal(t, 3, strings.Count(dot, ".MulAdd("), dot)
	require.Contains(t, dot, "!archsimd.X86.AVX2() || !archsimd.X86.FMA()")
	require.Contains(t, dot, ".GetLo(), ")
	require.Equal(t, 4, strings.Count(dot, ".GetElem("), dot)
	require.Equal(t, 12, strings.Count(funcBody(t, vector, "dot16Scalar"), "math.FMA("))
	require.NotContains(t, funcBody(t, scalar, "Dot16"), "math.FMA", scalar)
	require.Equal(t, 16, strings.Count(funcBody(t, scalar, "Dot16"), "*")) // 4 products, 12 written x*y + z
	require.Contains(t, funcBody(t, vector, "Dot32x32"), "archsimd.LoadFloat32x8(")
	require.Equal(t, 8, strings.Count(funcBody(t, vector, "Dot32x32"), ".GetElem("))
	exact := funcBody(t, scalar, "DotExact16")
	require.Equal(t, 15, strings.Count(exact, "+"), exact)
	require.NotContains(t, funcBody(t, vector, "DotExact16"), "math.FMA")
	require.Contains(t, funcBody(t, vector, "Block16"), "MulAdd(")
	require.NotContains(t, funcBody(t, scalar, "Zeros"), "*")

	for _, env := range [][]string{nil, {"GOEXPERIMENT=simd"}} {
		r := runIn(t, kdir, append([]string{"GOFLAGS=-mod=mod"}, env...), "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
		require.Equal(t, 0, r.status, "%v\n%s%s", env, r.stdout, r.stderr)
		for _, name := range []string{"Dot16", "DotExact16", "Dot32x32", "Block16", "Zeros"} {
			require.Contains(t, r.stdout, "lms: "+name+" tried=500 mismatches=0", env)
		}
	}
	cdir := filepath.Join(kdir, "lmsc")
	r = runIn(t, cdir, []string{"GOFLAGS=-mod=mod"}, "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
	require.Equal(t, 0, r.status, "%s%s", r.stdout, r.stderr)
	for _, name := range []string{"Dot16", "DotExact16", "Dot32x32", "Block16", "Zeros"} {
		require.Contains(t, r.stdout, "lms: "+name+" tried=500 mismatches=0")
	}
}

// TestRelaxedFPFlag: the flag -fp=relaxed relaxes every specialization;
// -fp takes exact or relaxed only.
func TestRelaxedFPFlag(t *testing.T) {
	src := strings.ReplaceAll(relaxedSrc, " -fp=relaxed", "")
	dir := module(t, map[string]string{"kernels/kernels.go": src})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir)
	require.Equal(t, 0, r.status, r.stderr)
	require.NotContains(t, read(t, filepath.Join(kdir, "kernels_lms.go")), "math.FMA")
	r = lmsgen(t, kdir, "-fp=relaxed", "-simd", "-d=check")
	require.Equal(t, 0, r.status, r.stderr)
	require.Contains(t, funcBody(t, read(t, filepath.Join(kdir, "kernels_lms_simd.go")), "DotExact16"), ".MulAdd(")
	r = lmsgen(t, kdir, "-fp=fast")
	require.NotEqual(t, 0, r.status)
	require.Contains(t, r.stderr, `-fp needs exact or relaxed, found "fast"`)
}
