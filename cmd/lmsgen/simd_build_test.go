package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// simdBuildSrc has staging functions that call stage.SIMD(): Row16 sums a
// row of a product in 4 columns at a time in the plain build and 16 in the
// vector build (the same sums, in the same order, either way); Wrong4
// computes another result in its vector build, which breaks the contract
// of stage.SIMD and which the vector build's differential test must
// catch; Plain4 asks stage.SIMD() but has no -simd, so it is evaluated
// once.
const simdBuildSrc = `package kernels

import "github.com/lmsgen/lmsgen/stage"

// Row sets c[0:n] to the row a[0:n] times the n×n matrix b.
//
//lms:gen Row16 n=16 -simd
//lms:test c.len=16..18 a.len=16 b.len=256
func Row(c, a, b []stage.Float64, n int) {
	cols := 4
	if stage.SIMD() {
		cols = 16
	}
	N := stage.Int(n)
	ar := a[0:N]
	for j0 := 0; j0 < n; j0 += cols {
		acc := make([]stage.Float64, cols)
		b0 := b[j0 : j0+cols]
		for j := range acc {
			acc[j] = ar[0] * b0[stage.Int(j)]
		}
		for k := stage.Int(1); k < N; k++ {
			ak := ar[k]
			bk := b[k*N+stage.Int(j0) : k*N+stage.Int(j0+cols)]
			for j := range acc {
				acc[j] += ak * bk[stage.Int(j)]
			}
		}
		cr := c[j0 : j0+cols]
		for j := range acc {
			cr[stage.Int(j)] = acc[j]
		}
	}
}

// Scale sets out[0:n] to 2·x, or to 3·x in the vector build.
//
//lms:gen Wrong4 n=4 -simd
//lms:gen Plain4 n=4
//lms:test out.len=4 x.len=4
func Scale(out, x []stage.Float64, n int) {
	k := stage.Float64(2)
	if stage.SIMD() {
		k = 3
	}
	o, xs := out[0:n], x[0:n]
	for i := 0; i < n; i++ {
		o[i] = k * xs[i]
	}
}
`

// TestSIMDPerBuild: a staging function that calls stage.SIMD() is
// evaluated once per build, so the plain and the vector file of one
// specialization come from different static choices; each build's
// differential test compares it with the staging function run natively
// (stage.SIMD() false), which catches a vector build that computes
// something else.
func TestSIMDPerBuild(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": simdBuildSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-test", "-lang=go,c")
	require.Equal(t, 0, r.status, r.stderr)
	scalar := read(t, filepath.Join(kdir, "kernels_lms.go"))
	vector := read(t, filepath.Join(kdir, "kernels_lms_simd.go"))

	// Row16: four blocks of 4 columns (four k loops) in the plain file;
	// one block of 16 in the vector file: one k loop of two Float64x8
	// sums with AVX-512, of four Float64x4 sums with AVX2 only.
	require.Equal(t, 4, strings.Count(funcBody(t, scalar, "Row16"), "for "))
	vrow := funcBody(t, vector, "Row16")
	require.Equal(t, 1, strings.Count(vrow, "for "), vrow)
	require.Equal(t, 4, strings.Count(vrow, "archsimd.LoadFloat64x8("), vrow) // row 0 of b, row k
	vrow = funcBody(t, vector, "row16AVX2")
	require.Equal(t, 1, strings.Count(vrow, "for "), vrow)
	require.Equal(t, 8, strings.Count(vrow, "archsimd.LoadFloat64x4("), vrow)
	// Wrong4: 2 in the plain file, 3 in the vector file; Plain4 (no
	// -simd) is the plain build in both files.
	require.Contains(t, funcBody(t, scalar, "Wrong4"), "* 2\n")
	require.Contains(t, funcBody(t, vector, "Wrong4"), "* 3\n")
	for _, src := range []string{scalar, vector} {
		require.Contains(t, funcBody(t, src, "Plain4"), "* 2\n")
	}
	// The C file is the vector build's (one C file serves both Go builds).
	csrc := read(t, filepath.Join(kdir, "lmsc", "kernels_lms.c"))
	for name, want := range map[string]string{"Wrong4": "* 3.0);", "Plain4": "* 2.0);"} {
		body := csrc[strings.Index(csrc, "/* "+name+" is the specialization "+name+". */\n"):]
		require.Contains(t, body[:strings.Index(body, "\n}\n")], want, name)
	}

	r = runIn(t, kdir, []string{"GOFLAGS=-mod=mod"}, "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
	require.Equal(t, 0, r.status, r.stdout+r.stderr)
	for _, name := range []string{"Row16", "Wrong4", "Plain4"} {
		require.Contains(t, r.stdout, "lms: "+name+" tried=500 mismatches=0", name)
	}
	r = runIn(t, kdir, []string{"GOFLAGS=-mod=mod", "GOEXPERIMENT=simd"}, "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
	require.NotEqual(t, 0, r.status, "the vector build of Wrong4 computes 3·x: its test must fail\n"+r.stdout)
	for _, name := range []string{"Row16", "Plain4"} {
		require.Contains(t, r.stdout, "lms: "+name+" tried=500 mismatches=0", name)
	}
	require.Regexp(t, `lms: Wrong4 tried=500 mismatches=[1-9]`, r.stdout)
	r = runIn(t, filepath.Join(kdir, "lmsc"), []string{"GOFLAGS=-mod=mod"}, "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
	require.NotEqual(t, 0, r.status, "the C of Wrong4 computes 3·x: its test must fail\n"+r.stdout)
	for _, name := range []string{"Row16", "Plain4"} {
		require.Contains(t, r.stdout, "lms: "+name+" tried=500 mismatches=0", name)
	}
	require.Regexp(t, `lms: Wrong4 tried=500 mismatches=[1-9]`, r.stdout)
}
