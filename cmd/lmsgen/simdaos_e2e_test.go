package main

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSIMDAoS generates vector code (-simd) for testdata/simdaos: arrays
// of structs of two float64 ([]T parameters, read and written field by
// field) whose fields are packed as the parts of complex128
// (sched/vector_fields.go), a nested pair among them, and kernels that
// must stay scalar (stores interleaved with loads of a slice that may
// alias them; a struct of three fields). The differential tests of the
// scalar and the vector Go builds and of the C (vector extensions, their
// scalar fallback, no AVX2 clones) compare every kernel with its staging
// function, arrays included.
func TestSIMDAoS(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	src := read(t, filepath.Join("testdata", "simdaos", "kernels.go"))
	dir := module(t, map[string]string{"kernels/kernels.go": src})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-simd", "-test", "-lang=go,c")
	require.Equal(t, 0, r.status, r.stderr)
	vector := read(t, filepath.Join(kdir, "kernels_lms_simd.go"))
	packed := []string{"Rotate1", "Rotate3", "Mul8"}
	all := append(packed, "Shift4", "Scale3")
	for _, name := range packed {
		body := funcBody(t, vector, name)
		require.Contains(t, body, ".SelectFromPairGrouped(", name)
		require.Contains(t, body, "archsimd.LoadFloat64x2((*[2]float64)(unsafe.Pointer(&", name)
		require.NotContains(t, body, ".Re =", name) // both fields stored by the vector code
	}
	for _, name := range []string{"Shift4", "Scale3"} {
		require.NotContains(t, funcBody(t, vector, name), "archsimd", name)
	}
	for _, env := range [][]string{nil, {"GOEXPERIMENT=simd"}, {"GOEXPERIMENT=simd", "GODEBUG=cpu.avx2=off"}} {
		r := runIn(t, kdir, append([]string{"GOFLAGS=-mod=mod"}, env...), "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
		require.Equal(t, 0, r.status, "%v\n%s%s", env, r.stdout, r.stderr)
		for _, name := range all {
			require.Regexp(t, "lms: "+name+" tried=[1-9][0-9]* mismatches=0", r.stdout, env)
		}
	}
	r = runIn(t, kdir, []string{"GOFLAGS=-mod=mod", "GOEXPERIMENT=simd"}, "go", "vet", ".")
	require.Equal(t, 0, r.status, r.stdout+r.stderr)

	cdir := filepath.Join(kdir, "lmsc")
	csrc := read(t, filepath.Join(cdir, "kernels_lms.c"))
	for _, name := range packed {
		body := funcBodyC(t, csrc, name)
		require.Contains(t, body, "lms_f64x4_parts_load(&", name)
		require.Contains(t, body, "lms_f64x4_parts_store(&", name)
	}
	require.Regexp(t, `lms_f64x4_parts_store\(&\w+\.p\[4\]\.f0, .*&\w+\.p\[7\]\.f0, `, funcBodyC(t, csrc, "Mul8")) // the nested pair, lanes 4-7
	// -march=native: on a CPU with AVX, 256-bit vectors and the helpers'
	// shuffles (cgen/simd_complex.go), which -O2 alone (SSE2) does not use
	for _, cflags := range []string{"-O2", "-O2 -DLMS_NO_AVX2_CLONES", "-O2 -DLMS_NO_VECTOR_EXT", "-O2 -march=native"} {
		r := runIn(t, cdir, []string{"GOFLAGS=-mod=mod", "CC=gcc", "CGO_CFLAGS=" + cflags}, "go", "test", "-count=1", "-v", "-run", "TestLMS", ".")
		require.Equal(t, 0, r.status, "%s\n%s%s", cflags, r.stdout, r.stderr)
		for _, name := range all {
			require.Regexp(t, "lms: "+name+" tried=[1-9][0-9]* mismatches=0", r.stdout, cflags)
		}
	}
}
