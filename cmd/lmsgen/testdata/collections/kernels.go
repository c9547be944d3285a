// Package kernels uses stage's collection API: each specialization is a
// rule of loop fusion (or a case fusion must leave alone), compiled to Go
// and C and compared with the staging function run natively.
package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

// Vertical fusion, twice: Sum of Map of Filter is one loop, with no allocation.
//
//lms:gen SumSq
func sSumSq(xs []stage.Float64) stage.Float64 {
	return stage.Sum(stage.Map(stage.Filter(xs, func(x stage.Float64) stage.Bool { return x > 0 }), func(x stage.Float64) stage.Float64 { return x * x }))
}

// Fill with a Rep length (empty when n <= 0).
//
//lms:gen Squares
func sSquares(n stage.Int) []stage.Int {
	return stage.Fill(n, func(i stage.Int) stage.Int { return i * i })
}

// Filter: a yield inside a conditional.
//
//lms:gen Pos
func sPos(xs []stage.Int) []stage.Int {
	return stage.Filter(xs, func(x stage.Int) stage.Bool { return x > 0 })
}

// Reduce: a left fold with a non-associative op.
//
//lms:gen Rev
func sRev(xs []stage.Int, k stage.Int) stage.Int {
	return stage.Reduce(xs, k, func(acc, x stage.Int) stage.Int { return acc*3 - x })
}

// FlatMap over a Fill: the inner Fill fuses into the inner loop (nested fusion).
//
//lms:gen Rep
func sRep(xs []stage.Int) []stage.Int {
	return stage.FlatMap(xs, func(x stage.Int) []stage.Int { return stage.Fill(x%4, func(i stage.Int) stage.Int { return x + i }) })
}

// FlatMap to a slice of static length: yields in sequence, no inner loop.
//
//lms:gen Pair
func sPair(xs []stage.Int) []stage.Int {
	return stage.FlatMap(xs, func(x stage.Int) []stage.Int { return []stage.Int{x, -x} })
}

// GroupBy: keys in first-seen order, values folded per key.
//
//lms:gen Group
func sGroup(xs []stage.Int) ([]stage.Int, []stage.Int) {
	return stage.GroupBy(xs, func(x stage.Int) stage.Int { return x % 3 }, func(x stage.Int) stage.Int { return x }, func(a, v stage.Int) stage.Int { return a + v })
}

// len(Map(xs, f)) is len(xs): no loop at all.
//
//lms:gen LenMap
func sLenMap(xs []stage.Int) stage.Int {
	return stage.Int(len(stage.Map(xs, func(x stage.Int) stage.Int { return x + 1 })))
}

// Horizontal fusion: two consumers of one Filter become one loop (CSE shares the test).
//
//lms:gen Two
func sTwo(xs []stage.Float64) (stage.Float64, stage.Float64) {
	pos := stage.Filter(xs, func(x stage.Float64) stage.Bool { return x > 0 })
	a := stage.Sum(stage.Map(pos, func(x stage.Float64) stage.Float64 { return x * 2 }))
	b := stage.Reduce(pos, 1, func(acc, x stage.Float64) stage.Float64 { return acc * x })
	return a, b
}

// Map of Map is one map.
//
//lms:gen MapMap
func sMapMap(xs []stage.Int) []stage.Int {
	return stage.Map(stage.Map(xs, func(x stage.Int) stage.Int { return x + 1 }), func(x stage.Int) stage.Int { return x * 3 })
}

// Sum of Fill never allocates.
//
//lms:gen SumFill
func sSumFill(n stage.Int) stage.Int {
	return stage.Sum(stage.Fill(n, func(i stage.Int) stage.Int { return i * i }))
}

// Map, then Filter, then GroupBy: one loop (a Bucket consumer).
//
//lms:gen GroupQ
func sGroupQ(xs []stage.Int) ([]stage.Int, []stage.Int) {
	ys := stage.Filter(stage.Map(xs, func(x stage.Int) stage.Int { return x * 7 }), func(x stage.Int) stage.Bool { return x%2 == 0 })
	return stage.GroupBy(ys, func(x stage.Int) stage.Int { return x % 5 }, func(x stage.Int) stage.Int { return 1 }, func(a, v stage.Int) stage.Int { return a + v })
}

// A staged conditional inside the function given to Map.
//
//lms:gen Abs
func sAbs(xs []stage.Int, k stage.Int) []stage.Int {
	return stage.Map(xs, func(x stage.Int) stage.Int {
		if x < 0 {
			return -x * k
		}
		return x
	})
}

// A staged loop inside the function given to Map.
//
//lms:gen Inner
func sInner(xs []stage.Int) []stage.Int {
	return stage.Map(xs, func(x stage.Int) stage.Int {
		s := stage.Int(0)
		for i := stage.Int(0); i < x%5; i++ {
			s += i
		}
		return s
	})
}

// A slice of static length: the calls run during staging (unrolled).
//
//lms:gen Static
func sStatic(a, b stage.Int) stage.Int {
	return stage.Sum(stage.Map([]stage.Int{a, b, a}, func(x stage.Int) stage.Int { return x * 2 }))
}

// A write to a Map result between it and its consumer blocks fusion.
//
//lms:gen Write
func sWrite(xs []stage.Int) stage.Int {
	ys := stage.Map(xs, func(x stage.Int) stage.Int { return x + 1 })
	if len(ys) > 0 {
		ys[0] = 100
	}
	return stage.Sum(ys) + stage.Int(len(ys))
}

// Output in the functions: no fusion, the order of output is the native one.
//
//lms:gen Print
func sPrint(xs []stage.Int) stage.Int {
	ys := stage.Map(xs, func(x stage.Int) stage.Int { fmt.Println("map", x); return x * 2 })
	fmt.Println("between")
	return stage.Sum(stage.Filter(ys, func(y stage.Int) stage.Bool { fmt.Println("filter", y); return y > 2 }))
}

// Trapping functions: two Maps that may trap are not fused (the first panic
// is the native one); the Sum absorbs the second.
//
//lms:gen Div
func sDiv(xs []stage.Int, k stage.Int) stage.Int {
	ys := stage.Map(xs, func(x stage.Int) stage.Int { return 100 / x })
	return stage.Sum(stage.Map(ys, func(y stage.Int) stage.Int { return y / k }))
}

// A Filter result used by ordinary Go code (range).
//
//lms:gen Range
func sRange(xs []stage.Float64) stage.Float64 {
	ys := stage.Filter(xs, func(x stage.Float64) stage.Bool { return x == x })
	s := stage.Float64(0)
	for i, y := range ys {
		s += y * stage.Float64(i)
	}
	return s
}

// A Map result appended to.
//
//lms:gen AppendTo
func sAppendTo(xs []stage.Int) []stage.Int {
	ys := stage.Map(xs, func(x stage.Int) stage.Int { return x })
	return append(ys, 7)
}

// GroupBy with string keys.
//
//lms:gen Strs
func sStrs(xs []stage.Int) []stage.Int {
	_, vals := stage.GroupBy(xs, func(x stage.Int) stage.String {
		if x > 0 {
			return "pos"
		}
		return "neg"
	}, func(x stage.Int) stage.Int { return x }, func(a, v stage.Int) stage.Int { return a + v })
	return vals
}

// GroupBy with float keys: a NaN key starts a group of its own each time.
//
//lms:gen GroupF
func sGroupF(xs []stage.Float64) ([]stage.Float64, []stage.Float64) {
	return stage.GroupBy(xs, func(x stage.Float64) stage.Float64 { return x }, func(x stage.Float64) stage.Float64 { return x }, func(a, v stage.Float64) stage.Float64 { return a + v })
}

// Sum of complex numbers.
//
//lms:gen Cplx
func sCplx(xs []stage.Complex128) stage.Complex128 {
	return stage.Sum(xs)
}

// A Filter result used and also summed: horizontal fusion keeps both results.
//
//lms:gen Both
func sBoth(xs []stage.Int) (stage.Int, []stage.Int) {
	ys := stage.Filter(xs, func(x stage.Int) stage.Bool { return x > 0 })
	return stage.Sum(ys), ys
}

// len and Sum of a Fill whose length may be negative.
//
//lms:gen FillNeg
func sFillNeg(n stage.Int) (stage.Int, stage.Int) {
	ys := stage.Fill(n-3, func(i stage.Int) stage.Int { return i })
	return stage.Int(len(ys)), stage.Sum(ys)
}

// Lookup: a Map that may trap is replaced by the loop fused with its
// consumer, which has no effect: one loop, the same first panic.
//
//lms:gen Lookup
func sLookup(xs []stage.Int, tbl []stage.Int) stage.Int {
	return stage.Sum(stage.Map(xs, func(x stage.Int) stage.Int { return tbl[x&7] }))
}

// LookupPrint: output between a Map that may trap and its consumer: no
// fusion.
//
//lms:gen LookupPrint
func sLookupPrint(xs []stage.Int, tbl []stage.Int) stage.Int {
	ys := stage.Map(xs, func(x stage.Int) stage.Int { return tbl[x&7] })
	fmt.Println("between")
	return stage.Sum(ys)
}

// LookupTwice: a Map that may trap with two users: no fusion.
//
//lms:gen LookupTwice
func sLookupTwice(xs []stage.Int, tbl []stage.Int) (stage.Int, []stage.Int) {
	ys := stage.Map(xs, func(x stage.Int) stage.Int { return tbl[x&7] })
	return stage.Sum(ys), ys
}

// Q6 is TPC-H Q6 over columns: the row indices of a Fill, filtered, then
// summed. The columns are cut to one length first, so indexing them by
// the index of the Fill of that length cannot panic: the filter has no
// effect, and the whole query is one loop with no allocation.
//
//lms:gen Q6
func sQ6(ship []stage.Int, price, disc, qty []stage.Float64, lo stage.Int) stage.Float64 {
	n := min(len(ship), len(price), len(disc), len(qty))
	ship, price, disc, qty = ship[:n], price[:n], disc[:n], qty[:n]
	rows := stage.Filter(stage.Fill(stage.Int(n), func(i stage.Int) stage.Int { return i }), func(i stage.Int) stage.Bool {
		return ship[i] >= lo && ship[i] < lo+365 && qty[i] < 24
	})
	return stage.Sum(stage.Map(rows, func(i stage.Int) stage.Float64 { return price[i] * disc[i] }))
}

// Q6Ragged is Q6 with columns of unchecked lengths: reading them may
// panic, in the filter and in the map, so those two loops stay apart.
//
//lms:gen Q6Ragged
func sQ6Ragged(ship []stage.Int, price, disc, qty []stage.Float64, lo stage.Int) stage.Float64 {
	rows := stage.Filter(stage.Fill(stage.Int(len(ship)), func(i stage.Int) stage.Int { return i }), func(i stage.Int) stage.Bool {
		return ship[i] >= lo && ship[i] < lo+365 && qty[i] < 24
	})
	return stage.Sum(stage.Map(rows, func(i stage.Int) stage.Float64 { return price[i] * disc[i] }))
}

// Chain: a Map that may trap, absorbed by the Map after it, which the Sum
// then consumes: one loop.
//
//lms:gen Chain
func sChain(xs []stage.Int, tbl []stage.Int) stage.Int {
	return stage.Sum(stage.Map(stage.Map(xs, func(x stage.Int) stage.Int { return tbl[x&7] }), func(y stage.Int) stage.Int { return y * 3 }))
}

// Group3: three GroupBys of one Filter by one key, fused into one loop
// with three Buckets, which share one search of the key and one slice of
// keys, and (their combines cannot panic) one test of whether the key is
// new and one slice of values, copied out per Bucket after the loop; the
// second's keys are used too (a copy: natively they are a slice of their
// own).
//
//lms:gen Group3
func sGroup3(xs []stage.Int) ([]stage.Int, []stage.Int, []stage.Int, []stage.Int, []stage.Int) {
	rows := stage.Filter(xs, func(x stage.Int) stage.Bool { return x%5 != 0 })
	key := func(x stage.Int) stage.Int { return x % 4 }
	add := func(a, v stage.Int) stage.Int { return a + v }
	k, a := stage.GroupBy(rows, key, func(x stage.Int) stage.Int { return 1 }, add)
	k2, b := stage.GroupBy(rows, key, func(x stage.Int) stage.Int { return x }, add)
	_, c := stage.GroupBy(rows, key, func(x stage.Int) stage.Int { return x * x }, add)
	return k, a, k2, b, c
}

// GroupJoinF: two GroupBys of floats by one key joined (one test, one
// slice of values): a group's first value is the value itself (-0 stays
// -0, where 0 + -0 would be +0), NaN values propagate.
//
//lms:gen GroupJoinF
func sGroupJoinF(xs []stage.Float64) ([]stage.Int, []stage.Float64, []stage.Float64) {
	key := func(x stage.Float64) stage.Int { return stage.Int(x) & 3 }
	k, s := stage.GroupBy(xs, key, func(x stage.Float64) stage.Float64 { return -x }, func(a, v stage.Float64) stage.Float64 { return a + v })
	_, m := stage.GroupBy(xs, key, func(x stage.Float64) stage.Float64 { return x * 0 }, func(a, v stage.Float64) stage.Float64 { return a * v })
	return k, s, m
}

// GroupC: complex keys (a NaN part starts a group of its own each time;
// -0 and +0 are one key).
//
//lms:gen GroupC
func sGroupC(xs []stage.Float64) ([]stage.Complex128, []stage.Float64) {
	return stage.GroupBy(xs, func(x stage.Float64) stage.Complex128 { return stage.Complex128(complex(x*0, -x)) }, func(x stage.Float64) stage.Float64 { return x }, func(a, v stage.Float64) stage.Float64 { return a + v })
}

// GroupI8: negative keys of a narrow integer type, and bool keys.
//
//lms:gen GroupI8
func sGroupI8(xs []stage.Int8) ([]stage.Int8, []stage.Int, []stage.Bool, []stage.Int) {
	k, n := stage.GroupBy(xs, func(x stage.Int8) stage.Int8 { return x }, func(stage.Int8) stage.Int { return 1 }, func(a, v stage.Int) stage.Int { return a + v })
	kb, nb := stage.GroupBy(xs, func(x stage.Int8) stage.Bool { return x < 0 }, func(x stage.Int8) stage.Int { return stage.Int(x) }, func(a, v stage.Int) stage.Int { return a + v })
	return k, n, kb, nb
}

func sq(x stage.Int) stage.Int { return x * x }

// Two identical Maps and two identical Fills, only read: one loop, one
// slice of each (CSE of collections).
//
//lms:gen SameMaps
func sSameMaps(xs []stage.Int, k stage.Int) stage.Int {
	ys, zs := stage.Map(xs, sq), stage.Map(xs, sq)
	as, bs := stage.Fill(k, sq), stage.Fill(k, sq)
	return ys[k] + zs[stage.Int(len(zs))-1-k] + stage.Int(len(as)) + bs[k/2]
}

// The same, but one of the slices is written: they cannot be one.
//
//lms:gen SameMapsWritten
func sSameMapsWritten(xs []stage.Int, k stage.Int) stage.Int {
	ys, zs := stage.Map(xs, sq), stage.Map(xs, sq)
	ys[k] = -1
	return zs[k] + ys[0]
}

// A static variable the first Map's function reads changes before the
// second Map: the Maps are not composed (the first function would run
// again with the new value).
//
//lms:gen ComposeStore
func sComposeStore(xs []stage.Int) []stage.Int {
	k := 2
	ys := stage.Map(xs, func(x stage.Int) stage.Int { return x * stage.Int(k) })
	k = 3
	return stage.Map(ys, func(y stage.Int) stage.Int { return y + stage.Int(k) })
}

// The slice the first Map ran over is written before the second Map: not
// composed (the second would read the new element).
//
//lms:gen ComposeWrite
func sComposeWrite(xs []stage.Int, k stage.Int) []stage.Int {
	ys := stage.Map(xs, func(x stage.Int) stage.Int { return x + 1 })
	xs[k] = 100
	return stage.Map(ys, func(y stage.Int) stage.Int { return y * 2 })
}
