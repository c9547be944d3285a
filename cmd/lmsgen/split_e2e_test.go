package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSpeculate generates Go and C for testdata/split (staged loops whose
// loop-carried values keep their static values: speculative rewriting;
// statement splitting), runs the differential tests of both against the
// staging functions, and checks the shape of the Go code: the stack
// machines keep no stack in memory, the tutorial's x is no variable, its
// b is gone.
func TestSpeculate(t *testing.T) {
	t.Parallel()
	kdir, gen := generateDiffTested(t, "split")

	// Generating again gives the same bytes.
	r := lmsgen(t, kdir, "-lang=go,c", "-test")
	require.Equal(t, 0, r.status, r.stderr)
	require.Equal(t, gen, read(t, filepath.Join(kdir, "kernels_lms.go")))

	// The tutorial: x is 7 throughout, the conditional on it is gone.
	tut := funcBody(t, gen, "Tutorial")
	require.Contains(t, tut, "fmt.Print(7)")
	require.NotContains(t, tut, "if ")
	require.Equal(t, 1, strings.Count(tut, "for "), tut)

	// The stack machines: one loop, no slice, no variable left unchanged.
	for _, name := range []string{"Machine", "Factorial", "VM"} {
		body := funcBody(t, gen, name)
		require.Equal(t, 1, strings.Count(body, "for "), "loops of %s:\n%s", name, body)
		require.NotContains(t, body, "make(", name)
		require.NotContains(t, body, "[", "%s indexes a slice:\n%s", name, body)
		require.Equal(t, 2, strings.Count(body, ":="), "variables of %s:\n%s", name, body)
	}
	// A stack that changes its storage is a slice of the generated code.
	for _, name := range []string{"Grown", "Pushes"} {
		require.Contains(t, funcBody(t, gen, name), "append(", name)
	}
	// A flag that a staged branch changes is a variable.
	require.Contains(t, funcBody(t, gen, "Changing"), "neg = true")

	// Statement splitting: b is gone, a and c are assigned by one
	// conditional.
	split := funcBody(t, gen, "Split")
	require.Equal(t, 1, strings.Count(split, "if "), split)
	require.NotRegexp(t, `\bb\d* :?=`, split)

	// Slices of the generated code merged by a conditional.
	for _, name := range []string{"Merged", "Made"} {
		require.Contains(t, funcBody(t, gen, name), "if cond", name)
	}

	// Structs of Reps are split into their fields through staged
	// variables, conditionals and loops: no struct value but the results.
	for _, name := range []string{"StructLoop", "StructPick"} {
		body := funcBody(t, gen, name)
		require.Equal(t, 1, strings.Count(body, "Complex{"), "%s builds no struct but its result:\n%s", name, body)
		require.NotContains(t, body, "&", name)
	}
	require.NotContains(t, funcBody(t, gen, "BufPick"), "Buf{")
}
