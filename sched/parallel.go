package sched

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// parallelWork is the amount of work (list positions, nodes) from which a
// phase splits a loop between two goroutines; a variable for the tests.
var parallelWork int32 = 1 << 15

// split runs work(lo, hi) over the ranges of [0, n) cut at a point where
// the weight start[x] reaches half of start[n] (start nil: every x weighs
// one), on two goroutines when that weight is at least parallelWork and
// two processors are available, on the calling goroutine otherwise. start
// is non-decreasing (a CSR start array: block id -> first position).
// work must write nothing that work on the other range reads or writes;
// the result is then the same as one call over [0, n).
func split(start []int32, n int32, work func(lo, hi int32)) {
	w := func(x int32) int32 { return x }
	if start != nil {
		w = func(x int32) int32 { return start[x] - start[0] }
	}
	total := w(n)
	if total < parallelWork || runtime.GOMAXPROCS(0) < 2 {
		work(0, n)
		return
	}
	m, hi := int32(0), n // the first x with w(x) >= total/2
	for m < hi {
		mid := int32(uint32(m+hi) >> 1)
		if w(mid) < total/2 {
			m = mid + 1
		} else {
			hi = mid
		}
	}
	var wg sync.WaitGroup
	var failed any
	wg.Go(func() {
		defer func() { failed = recover() }()
		work(m, n)
	})
	work(0, m)
	wg.Wait()
	if failed != nil {
		panic(failed) // a broken invariant, raised on the caller's goroutine
	}
}

// bitset is a set of small integers that goroutines may add to at the
// same time (set is atomic); has reads it once they are done.
type bitset []uint32

func newBitset(n int) bitset { return make(bitset, (n+31)/32) }

func (s bitset) set(i int32) { atomic.OrUint32(&s[i>>5], 1<<(i&31)) }

func (s bitset) has(i int32) bool { return s[i>>5]&(1<<(i&31)) != 0 }

// A job computes a value on its own goroutine while the phases go on; a
// phase that needs the value waits for it. A panic in the job (a broken
// invariant) is raised again by wait, on the phase's goroutine.
type job[T any] struct {
	wg    sync.WaitGroup
	v     T
	panic any
}

// start runs f on its own goroutine when work (a count of nodes or edges)
// is at least parallelWork, at once otherwise.
func (j *job[T]) start(work int, f func() T) {
	if int32(min(work, math.MaxInt32)) < parallelWork || runtime.GOMAXPROCS(0) < 2 {
		j.v = f()
		return
	}
	j.wg.Go(func() {
		defer func() { j.panic = recover() }()
		j.v = f()
	})
}

// wait returns the job's value once it is computed.
func (j *job[T]) wait() T {
	j.wg.Wait()
	if j.panic != nil {
		panic(j.panic)
	}
	return j.v
}
