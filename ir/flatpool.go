package ir

import "sync"

// The arrays of a Flat its user is done with (Release) are kept for the
// next NewFlat, and DCE's marks from one DCE to the next: a scheduler that
// runs on graph after graph then allocates most of its arrays once, not
// once per graph. At 10^6 nodes a Flat is some 40 MB of arrays; each MB a
// Run allocates brings the next collection closer, and a collection marks
// the whole input graph (hundreds of MB of nodes), which was a third of
// the scheduler's CPU time (docs/scale.md, session 16). The pools are
// sync.Pools: goroutines scheduling at once each get their own arrays,
// and arrays nobody takes back are dropped by the collector.
var (
	flatPool  sync.Pool // of *flatArrays
	marksPool sync.Pool // of *dceMarks
)

// flatArrays are the arrays of a Flat that Release gives back: all but
// Index, First and Blocks, which the Flat's user may keep (a Schedule
// does).
type flatArrays struct {
	sym, dep, bound      []Sym
	op                   []Op
	bits                 []NodeBits
	start, target, binds []int32
	kind                 []EdgeKind
	writes, wstart       []int32
	wkeys                []Key
}

// Release gives f's arrays other than Index, First and Blocks to a later
// NewFlat, and empties f. Neither f nor the arrays given back may be
// used afterwards; Index, First and Blocks stay the caller's.
func (f *Flat) Release() {
	if f.Sym == nil {
		return
	}
	flatPool.Put(&flatArrays{
		sym: f.Sym[:0], dep: f.Dep[:0], bound: f.Bound[:0], op: f.Op[:0], bits: f.Bits[:0],
		start: f.Start[:0], target: f.Target[:0], binds: f.Binds[:0], kind: f.Kind[:0],
		writes: f.writes[:0], wstart: f.wstart[:0], wkeys: f.wkeys[:0],
	})
	*f = Flat{}
}

// spareArrays returns arrays a Flat gave back, or nil.
func spareArrays() *flatArrays {
	a, _ := flatPool.Get().(*flatArrays)
	return a
}

// room returns a (emptied) if it holds n elements, else a new array of
// capacity n.
func room[T any](a []T, n int) []T {
	if cap(a) >= n {
		return a[:0]
	}
	return make([]T, 0, n)
}

// dceMarks are DCE's arrays of marks (deadCode's sym, used and node).
type dceMarks struct {
	sym  []uint8
	used []bool
	node []uint8
}

// newMarks returns zeroed marks for ns symbols and nn nodes, in arrays a
// previous DCE gave back when they are large enough.
func newMarks(ns, nn int) *dceMarks {
	m, _ := marksPool.Get().(*dceMarks)
	if m == nil {
		m = &dceMarks{}
	}
	m.sym = zeroed(m.sym, ns)
	m.used = zeroed(m.used, ns)
	m.node = zeroed(m.node, nn)
	return m
}

// zeroed returns n zeros in a's memory if it holds them, else new ones.
func zeroed[T any](a []T, n int) []T {
	if cap(a) >= n {
		a = a[:n]
		clear(a)
		return a
	}
	return make([]T, n)
}
