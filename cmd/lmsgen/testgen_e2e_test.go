package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// honestSrc holds kernels on which a -test that is not careful reports
// false mismatches, tests nothing, or never ends.
const honestSrc = `package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

// Block mixes a 64-byte block as 16 big-endian words: it panics on a
// shorter slice, so only long enough inputs test it.
//
//lms:gen Block
func block(b []stage.Byte) stage.Uint32 {
	s := stage.Uint32(0)
	for i := 0; i < 16; i++ {
		w := stage.Uint32(b[4*i])<<24 | stage.Uint32(b[4*i+1])<<16 | stage.Uint32(b[4*i+2])<<8 | stage.Uint32(b[4*i+3])
		s = s*31 + w
	}
	return s
}

// Block64 is Block with its inputs set by //lms:test.
//
//lms:test b.len=64 b.elem=0..255 inputs=100
//lms:gen Block64
func block64(b []stage.Byte) stage.Uint32 { return block(b) }

// Short is Block given blocks too short: every input panics.
//
//lms:test b.len=0..8
//lms:gen Short
func short(b []stage.Byte) stage.Uint32 { return block(b) }

// Widen sorts xs after reslicing it up to its capacity.
//
//lms:gen Widen
func widen(xs []stage.Int) stage.Int {
	xs = xs[:cap(xs)]
	for i := stage.Int(1); i < stage.Int(len(xs)); i++ {
		for j := i; j > 0 && xs[j-1] > xs[j]; j-- {
			xs[j-1], xs[j] = xs[j], xs[j-1]
		}
	}
	return stage.Int(len(xs))
}

// Net4 sorts four elements by a sorting network after reslicing xs to
// four, up to its capacity: inputs shorter than four with room for four
// run.
//
//lms:gen Net4
func net4(xs []stage.Int) stage.Int {
	xs = xs[:4]
	for _, p := range [][2]int{{0, 1}, {2, 3}, {0, 2}, {1, 3}, {1, 2}} {
		if xs[p[0]] > xs[p[1]] {
			xs[p[0]], xs[p[1]] = xs[p[1]], xs[p[0]]
		}
	}
	return xs[0]*1000000 + xs[1]*10000 + xs[2]*100 + xs[3]
}

// Repeat runs as many times as the elements of ns say.
//
//lms:gen Repeat
func repeat(ns []stage.Int, k stage.Float64) stage.Float64 {
	s := stage.Float64(0)
	for _, n := range ns {
		for i := stage.Int(0); i < n; i++ {
			s += k
		}
	}
	return s
}

// Dot has two slice parameters.
//
//lms:gen Dot
func dot(a, b []stage.Float64) stage.Float64 {
	s := stage.Float64(0)
	for i := range a {
		if i < len(b) {
			s += a[i] * b[i]
		}
	}
	return s
}

// cube is a specialization with an unexported name.
//
//lms:gen cube
func cubeIt(x stage.Int) stage.Int { return x * x * x }

var weights = map[string]int{"a": 1, "b": 2, "c": 3, "d": 4}

// Weigh ranges over a static map: natively, Go's order shows.
//
//lms:gen Weigh
func weigh(x stage.Int) stage.Int {
	s := x
	for _, w := range weights {
		s = s*2 + stage.Int(w)
	}
	return s
}

// Stamp adds the weights to xs in the map's order: the order shows in
// xs, which a rerun of the staging function must not see modified.
//
//lms:gen Stamp
func stamp(xs []stage.Int) {
	i := 0
	for _, w := range weights {
		if i < len(xs) {
			xs[i] += stage.Int(w)
		}
		i++
	}
}

//lms:fun
func fib(n stage.Int) stage.Int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

// Fib is tree recursion on a Rep: n up to 64 would run for years.
//
//lms:gen Fib
func fibK(n stage.Int) stage.Int { return fib(n) }

//lms:fun
func noisy(n stage.Int) stage.Int {
	if n < 2 {
		fmt.Print(".")
		return n
	}
	return noisy(n-1) + noisy(n-2)
}

// Noisy prints fib(n) dots: a call abandoned over the work budget would
// print into the output of the next calls.
//
//lms:test n=0..40
//lms:gen Noisy
func noisyK(n stage.Int) stage.Int { return noisy(n) }

// Answer has no parameter left: every input is the same call.
//
//lms:gen Answer n=6
func answer(n int) stage.Int { return stage.Int(n * 7) }
`

// tally is the summary line of one generated test.
type tally struct {
	tried, mismatches, completed, panicked, skipped, overBudget, orderDependent int
}

var tallyLineRE = regexp.MustCompile(`lms: (\w+) tried=(\d+) mismatches=(\d+) completed=(\d+) panicked=(\d+) skipped=(\d+) over-budget=(\d+) order-dependent=(\d+)`)

// tallies reads the summary lines of go test -v's output.
func tallies(t *testing.T, out string) map[string]tally {
	t.Helper()
	m := map[string]tally{}
	for _, x := range tallyLineRE.FindAllStringSubmatch(out, -1) {
		n := make([]int, 7)
		for i := range n {
			n[i], _ = strconv.Atoi(x[2+i])
		}
		m[x[1]] = tally{n[0], n[1], n[2], n[3], n[4], n[5], n[6]}
	}
	return m
}

// TestTestHonest: the generated tests, Go and C, of kernels that need
// 64-byte inputs, reslice up to capacity (a sorting network among them),
// recurse exponentially, loop as many times as an element says, take two
// slices, have an unexported name or range over a map, are gofmt'd and vet
// clean, end, agree, count what they tested, and fail when an input set
// tests nothing; compare on the tree recursion ends.
func TestTestHonest(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": honestSrc})
	kdir := filepath.Join(dir, "kernels")
	args, hasC := testFlags()
	r := lmsgen(t, kdir, args...)
	require.Equal(t, 0, r.status, r.stderr)
	files := []string{"kernels_lms_test.go"}
	if hasC {
		files = append(files, "lmsc/kernels_lms_test.go", "lmsc/kernels_lms_ref_test.go")
	}
	for _, f := range files {
		checkGenerated(t, filepath.Join(kdir, f))
	}
	src := strings.ReplaceAll(read(t, filepath.Join(kdir, "kernels_lms_test.go")), "\n// ", " ")
	for _, want := range []string{
		"lmsClone(a0)", // copies keep the capacity
		"lmsInputsRepeat draws arguments for Repeat. The elements of ns may bound a staged loop",
		"lmsSlice(r, lmsLen(r), true, func() int { return int(lmsSmallInt(r, false)) })",
		"//lms:test sets b.len=64 and b.elem=0..255.",
		"lmsSlice(r, int(lmsRangeInt(r, 64, 64)), false, func() uint8 { return uint8(lmsRangeUint(r, 0, 255)) })",
		"TestLMSWeigh: weigh ranges over a static map (at kernels.go:",
		"order-dependent in the summary).\nfunc TestLMSWeigh(",
	} {
		require.Contains(t, src, want)
	}
	goCmd(t, dir, "vet", "./...")

	check := func(out string, c bool) {
		t.Helper()
		m := tallies(t, out)
		for _, name := range []string{"Block", "Block64", "Short", "Widen", "Net4", "Fib", "Repeat", "Dot", "cube", "Weigh", "Answer", "Noisy", "Stamp"} {
			require.Contains(t, m, name, out)
			require.Zero(t, m[name].mismatches, "%s\n%s", name, out)
		}
		require.GreaterOrEqual(t, m["Block"].completed, 50, "lengths of 64 and more are drawn")
		require.Equal(t, 100, m["Block64"].completed, "//lms:test b.len=64 inputs=100")
		require.Equal(t, 500, m["Widen"].completed)
		require.GreaterOrEqual(t, m["Net4"].completed, 50, "a sorting network that reslices to four")
		require.Positive(t, m["Net4"].panicked, "capacities under four are drawn")
		require.Equal(t, 500, m["Repeat"].completed)
		require.Equal(t, 500, m["cube"].completed)
		require.Equal(t, 500, m["Answer"].completed)
		require.Positive(t, m["Noisy"].completed)
		require.Positive(t, m["Noisy"].overBudget)
		require.Contains(t, out, "lms: Noisy: stopped after", "a printing call over the budget stops its test")
		require.Contains(t, out, "lms: run in a process of its own: a call of Noisy over the work budget may still print", "the next test is isolated")
		require.Positive(t, m["Fib"].completed)
		require.Positive(t, m["Fib"].overBudget, "fib(64) exceeds the work budget")
		require.Zero(t, m["Short"].completed)
		require.Regexp(t, `--- FAIL: TestLMSShort`, out)
		require.Contains(t, out, "lms: Short tests nothing: only 0 of 500 inputs drawn ran to completion")
		require.NotRegexp(t, `--- FAIL: TestLMS(Block|Block64|Widen|Net4|Fib|Repeat|Dot|cube|Weigh|Answer|Noisy|Stamp)\b`, out)
		if c {
			// The Go version is deterministic: C agrees with it.
			require.Equal(t, 500, m["Weigh"].completed)
			require.Equal(t, 500, m["Short"].skipped, "C cannot run what panics in Go")
		} else {
			require.Positive(t, m["Weigh"].orderDependent, "the map's order shows natively")
			require.Positive(t, m["Stamp"].orderDependent)
		}
	}
	res := runIn(t, kdir, []string{"GOFLAGS=-mod=mod"}, "go", "test", "-v", "-timeout=300s", "-run", "TestLMS", ".")
	require.Equal(t, 1, res.status, res.stdout+res.stderr)
	check(res.stdout, false)
	if !hasC {
		t.Log("no C compiler: the C comparison is not tested")
		return
	}
	res = runIn(t, filepath.Join(kdir, "lmsc"), []string{"GOFLAGS=-mod=mod"}, "go", "test", "-v", "-timeout=300s", "-run", "TestLMS", ".")
	require.Equal(t, 1, res.status, res.stdout+res.stderr)
	check(res.stdout, true)

	// A row says why it stopped (the time limit: TestRunKernelTimeLimit).
	r = lmsgen(t, kdir, "compare", "-lang=go,c", "-run", "Short")
	require.Equal(t, 1, r.status, r.stderr)
	require.Regexp(t, `Short\s+500\s+FAIL\s+.*tests nothing`, r.stdout)
	require.NotContains(t, r.stdout, "Block")

	// compare on tree recursion ends: inputs over the work budget are
	// skipped, and the benchmark uses one that completes.
	r = lmsgen(t, kdir, "compare", "-lang=go,c", "-run", "Fib")
	require.Equal(t, 0, r.status, r.stdout+r.stderr)
	require.Regexp(t, `\bFib\s+\d+(\+\d+)?\s+0\s.*\s-\n`, r.stdout, "no mismatch, not stopped")
}

// TestRunWithoutDump: -run without -dump is a usage error and writes
// nothing: generating writes every specialization of a package, and the
// output with only one would lose the others.
func TestRunWithoutDump(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir)
	require.Equal(t, 0, r.status, r.stderr)
	before := read(t, filepath.Join(kdir, "kernels_lms.go"))
	r = lmsgen(t, kdir, "-run", "Cube")
	require.Equal(t, 2, r.status)
	require.Contains(t, r.stderr, "-run NAME selects the specialization for -dump, -explain or compare")
	require.Equal(t, before, read(t, filepath.Join(kdir, "kernels_lms.go")))
	require.True(t, strings.Contains(before, "func Pow10(") && strings.Contains(before, "func SumAll("))
	_, err := os.Stat(filepath.Join(kdir, "kernels_lms_test.go"))
	require.True(t, os.IsNotExist(err))
}
