package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadable generates Go and C for testdata/readable, runs the
// differential tests of both against the staging functions, and checks
// that the C reads like the Go: a return inside a staged loop is a plain
// return, a loop's leading exit is its condition, a break is a break, a
// chain of comparisons of one value is a switch (but for a case that
// leaves the loop), and locals have the source's names.
func TestReadable(t *testing.T) {
	t.Parallel()
	kdir, gen := generateDiffTested(t, "readable")
	c := read(t, filepath.Join(kdir, "lmsc", "kernels_lms.c"))

	// The protobuf-style decoder: a switch on the tag, returns from the
	// loop, no exit code.
	dec := funcBody(t, gen, "DecodePoint")
	require.Contains(t, dec, "switch tag {")
	rets := strings.Count(dec, "return 0, -1")
	require.GreaterOrEqual(t, rets, 6, dec)
	decC := funcBodyC(t, c, "DecodePoint")
	require.Contains(t, decC, "\twhile (i < ")
	require.Contains(t, decC, "switch (tag) {")
	for _, k := range []string{"8u", "16u", "26u", "40u"} {
		require.Contains(t, decC, "case "+k+": {")
	}
	require.GreaterOrEqual(t, strings.Count(decC, "return (lmsg_tuple_uint64_int64){0u, -1};"), rets, decC)
	require.Contains(t, decC, "\treturn (lmsg_tuple_uint64_int64){sum, skipped};\n}")
	require.NotContains(t, decC, "for (;;)")
	require.NotRegexp(t, `if \(x\d+ [!=]= \d+\) break;`, decC)

	// A search: the loop's condition, a return inside, one after.
	find := funcBodyC(t, c, "Find")
	require.Contains(t, find, "while (i < ")
	require.Contains(t, find, "\t\t\treturn i;\n")
	require.Contains(t, find, "\treturn -1;\n}")
	require.Equal(t, 2, strings.Count(find, "return"), find)

	// A break, then the statement after the loop.
	neg := funcBodyC(t, c, "FirstNeg")
	require.Regexp(t, `if \(x < 0\) \{\n\t+break;`, neg)
	require.Contains(t, neg, "}\n\tlms_println(")

	// A chain on one byte: one switch, || as two labels.
	cls := funcBodyC(t, c, "Classify")
	require.Contains(t, cls, "switch (c) {\n\tcase 32: case 9:\n\t\treturn 1;\n")
	require.NotContains(t, cls, "if ")

	// Integer min and max are the builtins in Go, nested and spread as
	// the source wrote them, a conditional expression in C; the float
	// min is the builtin in Go (the frontend's tree of conditionals for
	// NaN and -0 is exactly Go's min) and keeps its conditionals in C.
	clamp := funcBody(t, gen, "ClampSum")
	require.Contains(t, clamp, " := min(max(x, lo), hi)\n")
	require.Regexp(t, `return min\(x\d+, len\(ys\), len\(zs\)\)\n`, clamp)
	require.NotContains(t, clamp, "if ")
	clampC := funcBodyC(t, c, "ClampSum")
	require.Regexp(t, `= x > lo \? x : lo;\n`, clampC)
	require.Regexp(t, `\treturn x\d+ < zs\.len \? x\d+ : zs\.len;\n`, clampC)
	require.NotContains(t, clampC, "if ")
	require.Contains(t, funcBody(t, gen, "MinFloat"), "\treturn min(a, b)\n")
	require.Contains(t, funcBodyC(t, c, "MinFloat"), "a != a") // the NaN test

	// A slicing nobody reads that cannot panic is left out; one that may
	// panic stays.
	heads := funcBody(t, gen, "Heads")
	require.NotContains(t, heads, "ys[:")
	require.Contains(t, heads, "_ = xs[:n]\n")

	// The case that breaks the loop stays an if before the switch.
	tok := funcBodyC(t, c, "Tokens")
	require.Regexp(t, `if \(c == 59\) \{\n\t+break;\n\t+\}\n\t+switch \(c\) \{`, tok)
	sw := tok[strings.Index(tok, "switch (c)"):]
	require.Equal(t, 3, len(regexp.MustCompile(`(?m)^\t+break;$`).FindAllString(sw, -1)), "breaks of the switch:\n%s", sw)

	// Locals are named after the source's variables: the elements of a
	// static slice (acc[0] is acc0), a struct's fields (p.lo is pLo), a
	// Fill's index; a copy of a variable taken before it changes after
	// the variable (C: i_2). No x<N> where the source had a name.
	generated := regexp.MustCompile(`\bx\d+\b`)
	spread, spreadC := funcBody(t, gen, "Spread"), funcBodyC(t, c, "Spread")
	for _, body := range []string{spread, spreadC} {
		require.NotRegexp(t, generated, body)
		for _, name := range []string{"acc0", "acc1", "pLo", "pHi", "sq", "i"} {
			require.Regexp(t, `\b`+name+`\b`, body)
		}
	}
	require.Contains(t, spread, "for i := 0; i < len(xs); i++ {")
	// Go: the read of i the loop's exit test and its increment share is
	// i itself (gogen's readsFirst: no copy, i1 := i, since session 16).
	require.Contains(t, funcBody(t, gen, "FirstNeg"), "for i < len(xs) {")
	require.NotContains(t, funcBody(t, gen, "FirstNeg"), "i1 := i")
	require.Contains(t, funcBodyC(t, c, "FirstNeg"), "int64_t i_2 = i;\n")

	// A range's own counter is named after the key, or i: never go/ssa's
	// rangeint.iter.
	for _, k := range []struct{ name, counter string }{{"RangeKey", "k"}, {"RangeNoKey", "i"}} {
		body, bodyC := funcBody(t, gen, k.name), funcBodyC(t, c, k.name)
		require.NotContains(t, body+bodyC, "rangeint")
		require.Contains(t, body, "\t"+k.counter+" := 0\n")
		require.Contains(t, bodyC, "int64_t "+k.counter+" = 0;\n")
	}
}
