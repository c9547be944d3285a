package frontend

import (
	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages slices.Sort (which sort.Ints and sort.Strings call)
// on a static slice of Reps as a sorting network. The standard library's
// pdqsort chooses the indices it compares from the outcome of earlier
// comparisons: on Reps its control would be staged and its indices
// Reps, which a static slice of cells cannot be indexed by. Up to 12
// elements it is an insertion sort, which stages as it is (nested
// conditionals, exactly Go's order of comparisons), so the network is
// used only above that. For integers and strings the sorted order is
// unique, so any correct network gives Go's result; for floats it is not
// (where -0 and +0, or NaNs, end up depends on pdqsort's choices), so a
// float slice of more than 12 Rep elements is an error. A slice of the
// generated code (a Rep) is sorted by an insertion sort, a staged loop,
// for integers and strings; floats are an error there too.

// maxInsertion is the length up to which slices.Sort is an insertion
// sort (pdqsortOrdered's maxInsertion).
const maxInsertion = 12

// sortNetwork evaluates slices.Sort(args[0]) as a sorting network if the
// slice is static, longer than maxInsertion and holds a Rep; it reports
// whether it did.
func (fr *frame) sortNetwork(fn *ssa.Function, args []value) bool {
	ev := fr.ev
	ta := fn.TypeArgs()
	if len(ta) != 2 {
		panic("BUG: slices.Sort without its two type arguments")
	}
	et := ta[1]
	it := irBasic(et)
	if r, ok := args[0].(*rep); ok && it != nil {
		if it.IsFloat() {
			ev.fail("slices.Sort of a slice of the generated code of %s elements: the order of equal floats (-0 and +0, NaNs) depends on pdqsort's data-dependent choices, which the generated code cannot follow exactly; sort integers or strings, or a static slice of at most %d floats",
				typeString(et), maxInsertion)
		}
		ev.sortLoop(r.e)
		return true
	}
	s, ok := args[0].(sliceV)
	if !ok || s.len <= maxInsertion || !hasRep(s, 0) || it == nil {
		return false
	}
	if it.IsFloat() {
		ev.fail("slices.Sort of %d %s elements that are Reps: above %d elements the order of equal floats (-0 and +0, NaNs) depends on pdqsort's data-dependent choices, which the generated code cannot follow exactly; sort at most %d, or integers or strings",
			s.len, typeString(et), maxInsertion, maxInsertion)
	}
	xs := make([]ir.Exp, s.len)
	for i := range xs {
		xs[i] = ev.lift(ev.load(&s.base[s.off+i]), et, "an element of the slice slices.Sort sorts")
	}
	cmpx := func(i, j int) {
		lo := ev.repMinMax("min", xs[i], xs[j])
		hi := ev.repMinMax("max", xs[i], xs[j])
		xs[i], xs[j] = lo, hi
	}
	batcher(len(xs), cmpx)
	for i, x := range xs {
		ev.store(&s.base[s.off+i], ev.newRep(x, "an element sorted by slices.Sort", args[0]))
	}
	return true
}

// batcher calls cmpx(i, j), i < j, for each comparator of Batcher's
// odd-even merge sort of n elements (Knuth, TAOCP 5.3.4, exercise 12),
// in an order that sorts.
func batcher(n int, cmpx func(i, j int)) {
	for p := 1; p < n; p *= 2 {
		for k := p; k >= 1; k /= 2 {
			for j := k % p; j+k < n; j += 2 * k {
				for i := 0; i < min(k, n-j-k); i++ {
					if (i+j)/(2*p) == (i+j+k)/(2*p) {
						cmpx(i+j, i+j+k)
					}
				}
			}
		}
	}
}

// sortLoop sorts the slice s of the generated code in place: an
// insertion sort of staged loops.
func (ev *evaluator) sortLoop(s ir.Exp) {
	b := ev.b
	ev.at()
	zero, one := b.Const(ir.Int, 0), b.Const(ir.Int, 1)
	n := b.Len(s)
	i := b.NewVar(one)
	b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(i), n) }, func() {
		j := b.NewVar(b.ReadVar(i))
		b.While(func() ir.Exp {
			jv := b.ReadVar(j)
			return b.If(b.Compare(ir.OpGt, jv, zero), ir.Bool, func() ir.Exp {
				return b.Compare(ir.OpLt, b.Index(s, jv), b.Index(s, b.Binary(ir.OpSub, jv, one)))
			}, func() ir.Exp { return b.Const(ir.Bool, false) })
		}, func() {
			jv := b.ReadVar(j)
			jm := b.Binary(ir.OpSub, jv, one)
			x, y := b.Index(s, jv), b.Index(s, jm)
			b.SetIndex(s, jv, y)
			b.SetIndex(s, jm, x)
			b.WriteVar(j, jm)
		})
		b.WriteVar(i, b.Binary(ir.OpAdd, b.ReadVar(i), one))
	})
	ev.writes++
}
