// Package kernels uses stage's collection functions with structs of Reps
// as elements, accumulators and group values: each is held as one slice
// (one generator, one variable) per field in the generated Go and C.
package kernels

import "github.com/lmsgen/lmsgen/stage"

type Pair struct{ A, B stage.Int }

type Complex struct{ Re, Im stage.Float64 }

type Point struct {
	C Complex
	N stage.Int
}

type Stats struct {
	Count stage.Int
	Sum   stage.Float64
	Max   stage.Float64
}

// Map to structs, then a Map and a Sum over them.
//
//lms:gen MapPairs
func mapPairs(xs []stage.Int) (stage.Int, []stage.Int) {
	ps := stage.Map(xs, func(x stage.Int) Pair { return Pair{x, x * x} })
	ds := stage.Map(ps, func(p Pair) stage.Int { return p.B - p.A })
	return stage.Sum(ds) + stage.Int(len(ps)), ds
}

// Fill of nested structs, a Filter of them, and a Map of what is kept.
//
//lms:gen FilterPoints
func filterPoints(n stage.Int, k stage.Float64) []stage.Float64 {
	ps := stage.Fill(n, func(i stage.Int) Point {
		return Point{Complex{stage.Float64(i) * k, -stage.Float64(i)}, i % 3}
	})
	kept := stage.Filter(ps, func(p Point) stage.Bool { return p.N != 1 && p.C.Re >= 0 })
	return stage.Map(kept, func(p Point) stage.Float64 { return p.C.Re + p.C.Im*stage.Float64(p.N) })
}

// Reduce with a struct accumulator whose fields depend on each other.
//
//lms:gen ReducePair
func reducePair(xs []stage.Int, k stage.Int) (stage.Int, stage.Int) {
	ps := stage.Map(xs, func(x stage.Int) Pair { return Pair{x, x % 5} })
	r := stage.Reduce(ps, Pair{k, 1}, func(acc, p Pair) Pair {
		return Pair{acc.A*2 - p.B + acc.B, acc.A + p.A}
	})
	return r.A, r.B
}

// GroupBy whose values are structs: count, sum and maximum per key.
//
//lms:gen GroupStats
func groupStats(xs []stage.Float64) ([]stage.Int, []stage.Int, []stage.Float64, []stage.Float64) {
	keys, vals := stage.GroupBy(xs,
		func(x stage.Float64) stage.Int { return stage.Int(x) % 4 },
		func(x stage.Float64) Stats { return Stats{1, x, x} },
		func(acc, v Stats) Stats {
			m := acc.Max
			if v.Max > m {
				m = v.Max
			}
			return Stats{acc.Count + v.Count, acc.Sum + v.Sum, m}
		})
	counts := stage.Map(vals, func(s Stats) stage.Int { return s.Count })
	sums := stage.Map(vals, func(s Stats) stage.Float64 { return s.Sum })
	maxs := stage.Map(vals, func(s Stats) stage.Float64 { return s.Max })
	return keys, counts, sums, maxs
}

// GroupBy over structs with basic values, keyed by a field.
//
//lms:gen GroupOfPairs
func groupOfPairs(xs []stage.Int) ([]stage.Int, []stage.Int) {
	ps := stage.Map(xs, func(x stage.Int) Pair { return Pair{x % 3, x} })
	return stage.GroupBy(ps, func(p Pair) stage.Int { return p.A }, func(p Pair) stage.Int { return p.B }, func(a, v stage.Int) stage.Int { return a*2 + v })
}

// FlatMap to structs: a slice of static length per element, and one of
// dynamic length (a Fill of structs).
//
//lms:gen FlatPairs
func flatPairs(xs []stage.Int) ([]stage.Int, stage.Int) {
	two := stage.FlatMap(xs, func(x stage.Int) []Pair { return []Pair{{x, 1}, {-x, 2}} })
	many := stage.FlatMap(xs, func(x stage.Int) []Pair {
		return stage.Fill(x%4, func(i stage.Int) Pair { return Pair{x, i} })
	})
	return stage.Map(two, func(p Pair) stage.Int { return p.A * p.B }),
		stage.Reduce(many, Pair{}, func(acc, p Pair) Pair { return Pair{acc.A + p.A*p.B, acc.B + 1} }).A
}

var table = []Pair{{1, 10}, {2, 20}, {3, 30}, {4, 40}, {5, 50}}

// A static slice of structs filtered on a Rep: it becomes a staged slice
// of structs.
//
//lms:gen FilterTable
func filterTable(k stage.Int) stage.Int {
	kept := stage.Filter(table, func(p Pair) stage.Bool { return p.A > k })
	return stage.Sum(stage.Map(kept, func(p Pair) stage.Int { return p.B }))
}
