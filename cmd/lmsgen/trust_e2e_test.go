package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// trustSrc holds the programs on which the random staging-program
// generator (internal/rpg, issue 19) found lmsgen wrong, reduced.
const trustSrc = `package trust

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

func boom(x, y stage.Int) stage.Int { return x / y }

// Order: gc calls boom, which may divide by zero, before it shifts
// (negative counts panic).
//
//lms:test s=-2..2 y=-1..1
//lms:gen Order
func order(x, s, y stage.Int) stage.Int { return (x << s) * boom(x, y) }

// OpAssign: gc loads xs[5], checking the index, before it divides.
//
//lms:test d=-1..1 xs.len=4..7
//lms:gen OpAssign
func opAssign(xs []stage.Int, d stage.Int) { xs[5] += 1 / d }

// OpAssignLen: the index of the op= is computed with len (seed 5515
// F74a): gc still calls boom, then loads the element, then divides.
//
//lms:test d=-1..1 xs.len=0..4
//lms:gen OpAssignLen
func opAssignLen(xs []stage.Int, n, d stage.Int) {
	xs[stage.Uint8(len(xs))&2] += (n % d) >> (boom(n, 1) & 7)
}

// Exclusive: float32(a) == 2 && float32(a) == -1 (seed 5534 F10a) is
// false; written out, go vet rejects it as a suspect and.
//
//lms:gen Exclusive k=2
func exclusive(a stage.Int64, b stage.Int, k int) stage.Int {
	if stage.Float32(a) == stage.Float32(k) && stage.Float32(a) == stage.Float32(-1) && b > 0 {
		return 1
	}
	if b != 3 || b != stage.Int(k) {
		return 2
	}
	return 3
}

// VetSuspect, VetExit, VetRepeat: arms of an if chain that do the same
// thing are joined by ||, but never into what go vet rejects: n != 0 ||
// n != 1 (a "suspect or": seeds 5642 F34a, 5664 F32a, the arms stay
// else ifs) or x || y || x (a "redundant or": seeds 5668 F98a, 5670
// F25a, 5671 F20a, the repeated operand goes).
//
//lms:gen VetSuspect
func vetSuspect(xs []stage.Int, a stage.Int) (stage.Int, stage.Bool) {
	n := stage.Int32(len(xs)) * 5
	for j := 0; j < 3; j++ {
		if n != stage.Int32(j) {
			return a, true
		}
	}
	return 2, false
}

//lms:gen VetExit
func vetExit(xs []stage.Int) stage.Int {
	k := 0
	for i := stage.Int(0); i < stage.Int(len(xs)); i++ {
		x := stage.Uint8(i) | 1
		for j := 0; j < 3; j++ {
			if 1%x != stage.Uint8(j) {
				k = 8
				break
			}
		}
		if k == 8 {
			break
		}
	}
	return stage.Int(k)
}

//lms:gen VetRepeat
func vetRepeat(a, b stage.Int) (stage.Int, stage.Bool) {
	x := a < 0
	y := b > 3
	for j := 0; j < 3; j++ {
		if x {
			return 1, true
		}
		if y {
			return 1, true
		}
	}
	return 2, false
}

// VetMirror: 1 < x and x > 1 are one test (seed 6126 F56a printed both
// as x > 1 joined by &&, which go vet rejects as a redundant and).
//
//lms:gen VetMirror
func vetMirror(a stage.Uint8) stage.Int {
	if stage.Uintptr(a) > 1 && 1 < stage.Uintptr(a) {
		return 1
	}
	return stage.Int(a) & 3
}

// InnerExit: an inner staged loop, inside another, left by a return of
// its own variable or by its invariant condition (seed 6200 F91a: the
// variable, unchanged on the path that continues the outer loop, was
// refused as "a value a staged loop assigns").
//
//lms:test n=0..8
//lms:gen InnerExit
func innerExit(a, n stage.Int) stage.Int {
	for i := stage.Int(0); i < n; i++ {
		for e := 0; a < 0 && e < 2; e++ {
			if a == -5 {
				return stage.Int(e) + i
			}
		}
	}
	return 7
}

// LaterExit: a return from an inner staged loop in the second and third
// unrolled iterations of a loop inside a staged range (seed 6252 F42a:
// only the first iteration's return recorded the range's exit; the
// later ones left it with the results of the first).
//
//lms:gen LaterExit
func laterExit(a stage.Int, xs []stage.Uint32) stage.Int {
	for _, e := range xs {
		for i := stage.Int(0); i < 3; i++ {
			for range xs {
				if i != a {
					return i + stage.Int(e)
				}
			}
		}
	}
	return -1
}

// VetSelfElem: xs[0] += 0 is xs[0] = xs[0] after folding, from two reads
// of the loop's variable xs (seed 6424 F63a, go vet: self-assignment); it
// is written _ = xs[0], which keeps the bounds check.
//
//lms:gen VetSelfElem
func vetSelfElem(a stage.Int64, xs []stage.Int16) stage.Int {
	for range xs {
		xs = xs[0:]
	}
	a = ((a ^ a) << 55) * a
	xs[stage.Int(a)%5] += stage.Int16(a)
	return stage.Int(len(xs))
}

// VetRepeatOr: three unrolled iterations test the staged loop's variable
// with one condition and one body, joined into one if; each read of i is
// its own node, so the || repeated the test (seed 6500 F5a, go vet:
// redundant or). It is written once.
//
//lms:test a=0..8
//lms:gen VetRepeatOr
func vetRepeatOr(a stage.Int, s stage.String) stage.String {
	for i := stage.Int(0); i < a; i++ {
		for j := range 3 {
			_ = j
			if i < 4 {
				s = "é!"
			}
		}
	}
	return s
}

// JoinArms: three unrolled iterations set a to -4 when j != len(xs)
// (seed 5567 F1a): a is -4 for every length, and the conditions joined
// (len(xs) != 2 || len(xs) != 1 || ...) are what go vet rejects as a
// suspect or.
//
//lms:test xs.len=0..4
//lms:gen JoinArms
func joinArms(a stage.Int, xs []stage.Uint32) stage.Int {
	for j := range 3 {
		if stage.Uintptr(j) != stage.Uintptr(len(xs)) {
			a = -4
		}
	}
	return a
}

// DeadMerge: the slice the last unrolled iteration appends to is dead
// once a later loop that only reslices it is gone (seed 5571 F78a): the
// value of the conditional merging it was declared and never read. The
// appends stay: they may store into the caller's array.
//
//lms:test xs.len=0..4 n=0..12
//lms:gen DeadMerge
func deadMerge(xs []stage.Float64, n stage.Int) stage.Int {
	for j := 0; j < 3; j++ {
		for i := stage.Int(0); i < 2 && !(stage.Uintptr(len(xs)) <= stage.Uintptr(j)); i++ {
			xs = append(xs, 2.5)
		}
	}
	for e := 0; n > 8 && e < 3; e++ {
		xs = xs[:]
	}
	return 7
}

// AlwaysReturns: every iteration of the staged loop returns (lmsgen
// reported "BUG: phi read before it is set").
//
//lms:gen AlwaysReturns
func alwaysReturns(a stage.Int32) stage.Int32 {
	for range 2 {
		for i := stage.Int(0); i < 2; i++ {
			if i < 4 {
				return 7
			}
			a++
		}
	}
	return a
}

// RemStatic divides static values of a stage type by zero: a panic of
// the generated code, not a generation error.
//
//lms:gen RemStatic c=7 j=0
func remStatic(x stage.Int64, c, j int) stage.Int64 {
	if x > 0 {
		return stage.Int64(c) % stage.Int64(j)
	}
	return x
}

// Fused: the second test of a && reads a value its block computes, and
// the join after the conditional needs it (the conditions were fused and
// a lost its new value).
//
//lms:gen Fused
func fused(a stage.Int8) stage.Int8 {
	if a != 3 {
		a = ^a
		if a < 4 {
			panic("small")
		}
	}
	return a
}

//lms:fun
func h(a stage.Int32, d stage.Int) stage.Int32 {
	if d <= 0 || d > 2 {
		return a
	}
	return h(stage.Int32(2147483647), d-1) + (-(a >> stage.Uint32(d)))
}

// Recurse: gcc 12 -O2 miscompiled the C of h (tail recursion with an
// accumulator).
//
//lms:test a=-3..3
//lms:gen Recurse
func recurse(a stage.Int32) {
	a ^= h(a, -stage.Int(a))
	fmt.Print(stage.Int(a), "\n")
}

// Unused writes c in a staged loop and never reads it: c and its writes
// are gone (they made Go reject the output: declared and not used).
//
//lms:gen Unused
func unused(x stage.Int) stage.Int {
	c := 0
	_ = c
	for i := stage.Int(0); i < 2; i++ {
		if i > x {
			fmt.Println(x)
			c++
			c = 6
			x = -x
		}
	}
	return x
}

// CarriedUnread: v is carried round the staged loop through a branch
// that prints (v = v on one side, v = e on the other) and never read
// after it; gc rejected the variable the loop kept for it as declared
// and not used (rpg seed 5614 F46a).
//
//lms:test a=-3..3
//lms:gen CarriedUnread
func carriedUnread(a stage.Int8) stage.Int64 {
	v := stage.Uint(a)
	if stage.Int(a) < 1 {
		for i := stage.Int(0); i < 2; i++ {
			for j := stage.Int(0); j < 2 && len(seven) == 7; j++ {
				if i < 3 {
					break
				}
				_ = hu(stage.Uint16(stage.Int8(v))>>(stage.Uint16(i)&15), i)
			}
			if i < 4 {
				continue
			}
			v = (stage.Uint(i) ^ stage.Uint(stage.Uint32(a))) | stage.Uint(a)
			fmt.Println(-stage.Float64(v), stage.Int16(a))
		}
	}
	return stage.Int64(a) * 3
}

var seven = make([]int, 1)

//lms:fun
func hu(a stage.Uint16, d stage.Int) stage.Uint16 {
	if d <= 0 || d > 4 {
		return a &^ a
	}
	return hu(a, d-1) + stage.Uint16(d)/7
}

// PrintMade prints slices the function makes from Reps: the print read
// none of the slice's memory, so once the bounds-check pass proved the
// stores in range nothing ordered it after them and DCE removed them
// (it printed [0] for append(nil, n)).
//
//lms:test n=-3..3
//lms:gen PrintMade
func printMade(n stage.Int) {
	var xs []stage.Int
	xs = append(xs, n)
	fmt.Println(xs, []stage.Int{n, n + 1})
}

// ElseAfterExit: a loop with exits whose then branch goes round again
// and whose else branch is an if that exits followed by a print. The C
// wrote the print after the else if, where the then branch also ran it
// (rpg seed 5513 F8a: "6" printed where Go prints nothing).
//
//lms:test a=-3..8 xs.len=0..5
//lms:gen ElseAfterExit
func elseAfterExit(a stage.Int, xs []stage.Int) stage.Int {
	for j := range 4 {
		if stage.Int(j) < stage.Int(len(xs)) {
			a = a + 1
		} else {
			if stage.Int(j) < 4 {
				return 1
			}
			fmt.Println(a)
		}
		if a < 3 {
			if a > 0 {
				panic("p")
			}
		}
	}
	return a
}

// AppendPanic: an append into the caller's array (spare capacity), then
// a panic. The append cannot trap and the panic wrote only CTRL: nothing
// ordered them, and the append, used once after the panic, was inlined
// there, so the caller's array was unwritten after the panic (rpg seed
// 5637 F15a). CopyPanic: the same with copy.
//
//lms:test a=0..15
//lms:gen AppendPanic
func appendPanic(a stage.Int8, xs []stage.Uint8) stage.Int {
	xs = append(xs, stage.Uint8(a), stage.Uint8(a)|8)
	if a > 7 {
		panic("p")
	}
	return stage.Int(len(xs))
}

//lms:test a=0..15
//lms:gen CopyPanic
func copyPanic(a stage.Int8, xs, ys []stage.Uint8) stage.Int {
	n := copy(xs, ys)
	if a > 7 {
		panic("p")
	}
	return stage.Int(n)
}
`

// trustRangeSrc holds rpg's findings in ranges over Rep strings whose
// header runs unstaged: the body read 0 as the rune.
const trustRangeSrc = `package trust

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

// AppendMerged: a slice appended to in one branch, merged with a number
// the loop after prints (seed 6300 F73a): gc gives the append its stack
// array (cap 4, so xs[:3] is in range), and so must the C, though the
// printed number comes out of the same merge as the slice.
//
//lms:gen AppendMerged
func appendMerged(a stage.Uint64, xs []stage.Uintptr, s stage.String) stage.Int {
	v := a
	if len(s) > 100 {
		v += v
	} else {
		xs = append(xs[:0:0], stage.Uintptr(a))
		_ = xs[:3]
	}
	for _, e := range xs {
		fmt.Println(v, e)
	}
	return stage.Int(len(xs))
}

// SliceFirst: gc evaluates a slice expression into a temporary in source
// order with the calls of its statement, so s[2:] panics before bang
// runs (seed 6306 F42a: the generated code called first).
//
//lms:gen SliceFirst
func sliceFirst(s stage.String, k stage.Int) stage.String {
	return s[2:] + bang(k)
}

// EmptyTable: an empty static slice read at a staged index is a package
// table of length 0, and gc compiles an index of a zero-length array to a
// bounds check of the constant 0 ("index out of range [0] with length
// 0" for any index; seed 6706 F55a): the table is read as a slice.
//
//lms:test i=0..200 k=0..5
//lms:gen EmptyTable
func emptyTable(i stage.Uint8, k stage.Int) stage.Uint16 {
	m := make([]stage.Uint16, 0)
	if k > 2 {
		m[i] += 7
	}
	return stage.Uint16(i)
}

// AppendArgs: gc evaluates append's arguments in two passes, their
// arithmetic and conversions first, then their indexing, each in argument
// order (rpg seed 6459 F31a: lmsgen indexed first, left to right). Here
// 7%a panics before xs[i], and stage.Int(ys[a]), a conversion, before
// xs[ys[i]].
//
//lms:test xs.len=2..4 ys.len=2..3 ys.elem=0..4 i=0..4 a=0..2
//lms:gen AppendArgs
func appendArgs(xs []stage.Int, ys []stage.Uint8, i stage.Int, a stage.Int) []stage.Int {
	xs = append(xs, xs[i], 7%a)
	return append(xs, xs[ys[i%2]], stage.Int(ys[a]))
}

// SplitNested: statement splitting split c's result off the conditional
// of each unrolled iteration; in the split graph the builder folded the
// second iteration's test of the same condition, so the first
// iteration's c looked dead, and pruning it from the unsplit graph, where
// the second still read it, made it 0 (rpg seed 7003 F73a: println(c)
// printed 0 where Go prints 1).
//
//lms:gen SplitNested
func splitNested(a stage.Uint, b stage.Int32) stage.Int32 {
	c := 1
	for j := 0; j < 3; j++ {
		for i := stage.Int(0); i < 4 && stage.Uint16(a) < stage.Uint16(i); i++ {
			b = (b | stage.Int32(a)) + b
			c = 3
		}
	}
	println(c)
	return b
}

// ExitString: the last loop's exit sets a string variable to a constant
// that the function returns; cgen took that variable for the code of the
// loop's exits (exitreturn.go) and crashed reading an integer from a
// string constant (rpg seed 7420 F48b).
//
//lms:gen ExitString a=5 k=false
func exitString(a stage.Uint16, k bool, s stage.String) (stage.String, stage.Uint8) {
	_ = k
	fmt.Println(stage.Int64((stage.Uint(a) << 23)), s)
	for j := range 4 {
		if (a <= a) || (a >= a) {
			v := stage.Bool(true)
			_ = v
			s = stage.String("xyz")
			for i := 0; i < 4; i++ {
				_ = i
				v = (stage.Int(a) == stage.Int(j))
				if (stage.Int(a) <= stage.Int(-3)) || (stage.Int(7) == stage.Int(len(s))) {
					panic("unreachable")
				}
			}
		}
	}
	return s, stage.Uint8(a)
}

// EarlyReturns: the rest of the function followed each branch of a
// staged conditional whose branch may return, so 24 unrolled iterations
// of a nested early return cost 2^24 evaluations (over the unroll
// budget; rpg seed 7429 F74a took over ten minutes): the branches that
// go on join (frontend dynIf), and the Go returns in place (gogen
// threadret.go).
//
//lms:gen EarlyReturns
func earlyReturns(a, b stage.Int) stage.Int {
	for i := 0; i < 24; i++ {
		a = a*3 + b
		if a > b {
			if b > stage.Int(i) {
				return stage.Int(i)
			}
		}
	}
	return a
}

// DeadSlotDup: a value the scheduler places in two branches (a / -a)
// counted its uses over both, so a dead result slot reading it was left
// out in one branch as if a use remained there, leaving a declared and
// unused variable (rpg seed 7460 F35a).
//
//lms:gen DeadSlotDup
func deadSlotDup(a336 stage.Int64, a338 stage.Float32, xs339 []stage.Uintptr) stage.Uint32 {
	for e341 := 0; ((stage.Int(a336) < 3) || (stage.Int(e341) <= stage.Int(a336))) && e341 < 2; e341++ {
		for i342 := stage.Int(0); i342 < 2 && (!(i342 < i342)); i342++ {
			for i343 := stage.Int(0); i343 < 3 && (xs339[(stage.Uint8(len(xs339))&7)] >= xs339[(stage.Uint8(i343)&2)]); i343++ {
				a338 /= (-a338)
				if (stage.Int16(len(xs339)) >> (stage.Uintptr(i342) & 15)) != (stage.Int16(i342) + stage.Int16(cap(xs339))) {
					continue
				}
				a336 = stage.Int64(((stage.Uint32(i343) + stage.Uint32(i342)) * (stage.Uint32(a336) - stage.Uint32(1))))
			}
		}
	}
	return (stage.Uint32(8) | (stage.Uint32(a336) * stage.Uint32(1905828595)))
}

func bang(k stage.Int) stage.String {
	if k > 3 {
		panic("boom")
	}
	return "x"
}

func show(a stage.Uint32, k int) stage.Uint32 {
	fmt.Println(stage.Int32(k) / stage.Int32(a))
	return a
}

// RangeReturn: every iteration of the range returns, so it is no loop
// (rpg seed 5655 F80a): show divided by the rune 0 and panicked before
// it printed, where Go prints 0 and then panics or returns.
//
//lms:test a=0..3
//lms:gen RangeReturn
func rangeReturn(a stage.Uint8) stage.Uint32 {
	s := stage.String("0123456789")
	for e := 0; e < 5; e++ {
		for j, c := range s {
			print(stage.Float64(a)/0.5, "\n")
			s = stage.String("\xff")
			if stage.Int32(s[stage.Int16(e)|stage.Int16(j)])&stage.Int32(c) >= stage.Int32(c)*-2 {
				return show(stage.Uint32(c), 3) / (stage.Uint32(a) + stage.Uint32(e))
			}
			fmt.Println(a, s[a&7])
		}
	}
	return 7
}

// RangeFirst: only the first rune of a Rep string is read.
//
//lms:gen RangeFirst
func rangeFirst(s stage.String) stage.Int32 {
	for i, c := range s {
		if c == 'x' {
			return stage.Int32(c) + stage.Int32(i)
		}
		break
	}
	return 7
}

// RangeUnrolled: a range over a constant string with an exit on a Rep
// runs at generation time, its runes constants.
//
//lms:test a=95..125
//lms:gen RangeUnrolled
func rangeUnrolled(a stage.Int) stage.Int {
	for i, c := range stage.String("aé\xffz") {
		if stage.Int(c) == a {
			return stage.Int(i)
		}
		fmt.Println(i, c)
	}
	return -1
}
`

// TestTrustRegressions: the generated Go and C of rpg's findings agree
// with the staging functions run natively (-test, Go and C), the panics
// included, and the unused variable is not in the output.
func TestTrustRegressions(t *testing.T) {
	dir := module(t, map[string]string{"trust/trust.go": trustSrc, "trust/ranges.go": trustRangeSrc})
	tdir := filepath.Join(dir, "trust")
	args, hasC := testFlags()
	r := lmsgen(t, tdir, args...)
	require.Equal(t, 0, r.status, r.stderr)
	src := read(t, filepath.Join(tdir, "trust_lms.go"))
	require.NotContains(t, src, "c :=", "the unused variable is removed")
	require.NotContains(t, src, "_ = c")
	require.NotContains(t, src, "for false", "a loop whose every iteration returns leaves no loop")
	if hasC {
		require.NotContains(t, read(t, filepath.Join(tdir, "lmsc", "trust_lms.c")), "while (false)")
	}
	goCmd(t, dir, "vet", "./...")
	dirs := []string{tdir}
	if hasC {
		dirs = append(dirs, filepath.Join(tdir, "lmsc"))
	} else {
		t.Log("no C compiler: the C comparison is not tested")
	}
	names := []string{"Order", "OpAssign", "OpAssignLen", "Exclusive", "JoinArms", "DeadMerge", "AlwaysReturns", "RemStatic", "Fused", "Recurse", "Unused", "CarriedUnread", "PrintMade", "ElseAfterExit",
		"AppendPanic", "CopyPanic"}
	names = append(names, "VetSuspect", "VetExit", "VetRepeat", "VetMirror", "InnerExit", "LaterExit", "AppendMerged", "SliceFirst", "VetSelfElem", "VetRepeatOr", "EmptyTable", "AppendArgs", "SplitNested", "ExitString", "EarlyReturns", "DeadSlotDup")
	names = append(names, "RangeReturn", "RangeFirst", "RangeUnrolled")
	for _, d := range dirs {
		res := runIn(t, d, []string{"GOFLAGS=-mod=mod"}, "go", "test", "-v", "-count=1", "-run", "TestLMS", ".")
		require.Equal(t, 0, res.status, res.stdout+res.stderr)
		m := tallies(t, res.stdout)
		for _, name := range names {
			require.Contains(t, m, name, res.stdout)
			require.Zero(t, m[name].mismatches, "%s\n%s", name, res.stdout)
			require.Positive(t, m[name].completed, name)
		}
		for _, name := range []string{"Order", "OpAssign", "OpAssignLen", "RemStatic", "Fused"} {
			require.Positive(t, m[name].panicked, "%s: inputs that panic are compared", name)
		}
		for _, name := range []string{"AppendPanic", "CopyPanic", "SliceFirst", "EmptyTable", "AppendArgs"} {
			require.Positive(t, m[name].panicked, "%s: inputs that panic are compared", name)
		}
	}
}
