package sched

import "sync"

// scratch lends the phases of one Run the int32 arrays they need only
// while they run (early's bound-variable lists and their cells, anchor's
// risk, place's marks and placements, order's cursors, compact's
// locations, counts and parents), and takes the arrays of the uses and
// of the early blocks once place has read them: an array one phase gives
// back is the next one's, instead of fresh memory. On a big graph this is fewer bytes
// allocated, so fewer collections while Run holds the input graph (each
// marks all of it), and fewer page faults of new pages. An array lent
// must not be reachable from the Schedule, nor used after it is given
// back.
//
// Run borrows the free arrays of an earlier Run and gives its own back
// when it ends (a sync.Pool: Runs at once on several goroutines each have
// their own, and arrays no Run takes are dropped by the collector), so a
// scheduler that runs on graph after graph allocates these arrays once:
// on the random 10^6-node graph they are 30 MB of each Run's 141 (with
// the Flat's arrays, which ir keeps the same way, 70 MB), and the
// collections a Run's allocations bring each mark the whole input graph.
type scratch struct {
	free [][]int32
}

// scratchPool holds the free arrays Runs gave back.
var scratchPool sync.Pool // of *[][]int32

// borrow takes the free arrays an earlier Run gave back, if any.
func (s *scratch) borrow() {
	if p, ok := scratchPool.Get().(*[][]int32); ok {
		s.free = *p
	}
}

// giveBack gives the free arrays to a later Run's borrow; s has none
// after it.
func (s *scratch) giveBack() {
	if len(s.free) > 0 {
		free := s.free
		scratchPool.Put(&free)
	}
	s.free = nil
}

// int32s returns an array of n zeros: the smallest free one that holds n,
// or a new one.
func (s *scratch) int32s(n int) []int32 {
	a := s.uncleared(n)
	clear(a)
	return a
}

// uncleared returns an array of n int32s as int32s does, without zeroing
// a free one (for a caller that writes every entry it reads).
func (s *scratch) uncleared(n int) []int32 {
	best := -1
	for i, a := range s.free {
		if cap(a) >= n && (best < 0 || cap(a) < cap(s.free[best])) {
			best = i
		}
	}
	if best < 0 {
		return make([]int32, n)
	}
	a := s.free[best][:n]
	s.free = append(s.free[:best], s.free[best+1:]...)
	return a
}

// release gives back arrays int32s returned.
func (s *scratch) release(as ...[]int32) {
	for _, a := range as {
		s.free = append(s.free, a[:0])
	}
}
