package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAoS generates Go and C for testdata/aos ([]T parameters and
// results, T a struct of Reps: arrays of structs at the boundary) and
// runs the differential tests of both against the staging functions:
// the arguments after the call (the writes the caller sees, also those
// before a panic in Go) and the results. Among them: append to a []T
// parameter (into the caller's array when it fits), a slice the function
// makes (split per field) returned (converted at the boundary, capacity
// included) or copied to and from a parameter, a static one returned,
// one merged with a parameter across a staged conditional (converted at
// the end of its branch), staged functions (//lms:fun) taking a []T of
// either kind and returning a sub-slice of it. It then calls AoSAlias with two
// overlapping slices of one array, natively, in Go and in C: the writes
// through one are read through the other, as in Go.
func TestAoS(t *testing.T) {
	t.Parallel()
	kdir, gen := generateDiffTested(t, "aos")
	for _, name := range []string{"AoSScale", "AoSPanic", "AoSSub", "AoSAlias", "AoSCopy", "AoSPtr", "AoSAppend", "AoSAppendParams", "AoSAppendMade", "AoSMade", "AoSStatic", "AoSCopyIn", "AoSCopyOut", "AoSMerge", "AoSMergeElse", "AoSFun", "AoSFunResult", "AoSLoopMerge", "AoSLoopRange", "AoSLoopCond", "AoSLoopBreak", "AoSRangeUnused", "AoSRangeNotRead", "AoSAppendStatic", "AoSCopyStatic", "AoSPrint"} {
		body := funcBody(t, gen, name)
		require.Regexp(t, `\[\](Complex|Pair)`, body, name)
	}
	require.NoError(t, os.WriteFile(filepath.Join(kdir, "export_test.go"), []byte(aosExport), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(kdir, "alias_test.go"), []byte(aosAliasTest), 0o644))
	out := goCmd(t, kdir, "test", "-v", "-run", "TestAliasOverlap", ".")
	require.Contains(t, out, "--- PASS: TestAliasOverlap", out)
}

const aosExport = `package kernels

var NativeAlias = aosAlias
`

const aosAliasTest = `package kernels_test

import (
	"reflect"
	"testing"

	"example.com/m/kernels"
	"example.com/m/kernels/lmsc"
	"github.com/lmsgen/lmsgen/stage"
)

func TestAliasOverlap(t *testing.T) {
	mk := func() []kernels.Complex {
		xs := make([]kernels.Complex, 7, 9)
		for i := range xs {
			xs[i] = kernels.Complex{Re: stage.Float64(1.5 * float64(i)), Im: -1}
		}
		return xs
	}
	fns := map[string]func(dst, src []kernels.Complex) int{
		"go": func(d, s []kernels.Complex) int { return kernels.AoSAlias(d, s) },
		"c":  func(d, s []kernels.Complex) int { return lmsc.AoSAlias(d, s) },
	}
	for _, shift := range []int{-2, -1, 0, 1, 3} {
		want := mk()
		var wn stage.Int
		if shift >= 0 {
			wn = kernels.NativeAlias(want[shift:], want)
		} else {
			wn = kernels.NativeAlias(want, want[-shift:])
		}
		for name, f := range fns {
			got := mk()
			var gn int
			if shift >= 0 {
				gn = f(got[shift:], got)
			} else {
				gn = f(got, got[-shift:])
			}
			if int(wn) != gn || !reflect.DeepEqual(got, want) {
				t.Errorf("%s, shift %d: got %d %v, want %v %v", name, shift, gn, got, wn, want)
			}
		}
	}
}
`
