package sched

import "sync"

// scratch lends the phases of one Run the arrays they need only while
// they run (early's bound-variable lists and their cells, anchor's risk,
// place's marks and placements, order's cursors, compact's locations,
// counts and parents), and takes the arrays of the uses and of the early
// blocks once place has read them: an array one phase gives back is the
// next one's, instead of fresh memory. On a big graph this is fewer bytes
// allocated, so fewer collections while Run holds the input graph (each
// marks all of it), and fewer page faults of new pages. An array lent
// must not be reachable from the Schedule, nor used after it is given
// back.
//
// Run borrows the free arrays of an earlier Run and gives its own back
// when it ends, with the arrays it needed until then (the node
// properties, the uses' kinds, the pinned and anchored marks, the block
// tree, place's placements): a sync.Pool, so that Runs at once on several
// goroutines each have their own, and arrays no Run takes are dropped by
// the collector. A scheduler that runs on graph after graph thus
// allocates these arrays once. On the random 10^6-node graph a Run
// allocated 141 MB, and each collection its allocations bring marks the
// whole input graph (some 250 MB of nodes); see docs/scale.md, session 16.
type scratch struct {
	free  freeList[int32]
	bytes freeList[uint8]
	bools freeList[bool]
	nodes freeList[tnode]
}

// scratchPool holds the free arrays Runs gave back.
var scratchPool sync.Pool // of *scratch

// borrow takes the free arrays an earlier Run gave back, if any.
func (s *scratch) borrow() {
	if p, ok := scratchPool.Get().(*scratch); ok {
		*s = *p
	}
}

// giveBack gives the free arrays to a later Run's borrow; s has none
// after it.
func (s *scratch) giveBack() {
	p := new(scratch)
	*p, *s = *s, scratch{}
	scratchPool.Put(p)
}

// int32s returns an array of n zeros: the smallest free one that holds n,
// or a new one.
func (s *scratch) int32s(n int) []int32 { return s.free.take(n, true) }

// uncleared returns an array of n int32s as int32s does, without zeroing
// a free one (for a caller that writes every entry it reads).
func (s *scratch) uncleared(n int) []int32 { return s.free.take(n, false) }

// release gives back arrays int32s returned.
func (s *scratch) release(as ...[]int32) { s.free.give(as...) }

// A freeList holds arrays given back, to be lent again.
type freeList[T any] [][]T

// take returns an array of n elements: the smallest free one that holds
// n (zeroed if clear), or a new one.
func (l *freeList[T]) take(n int, zero bool) []T {
	best := -1
	for i, a := range *l {
		if cap(a) >= n && (best < 0 || cap(a) < cap((*l)[best])) {
			best = i
		}
	}
	if best < 0 {
		return make([]T, n)
	}
	a := (*l)[best][:n]
	*l = append((*l)[:best], (*l)[best+1:]...)
	if zero {
		clear(a)
	}
	return a
}

// give gives back arrays take returned (nil ones are skipped).
func (l *freeList[T]) give(as ...[]T) {
	for _, a := range as {
		if cap(a) > 0 {
			*l = append(*l, a[:0])
		}
	}
}
