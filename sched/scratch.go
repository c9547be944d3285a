package sched

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
type scratch struct {
	free [][]int32
}

// int32s returns an array of n zeros: the smallest free one that holds n,
// or a new one.
func (s *scratch) int32s(n int) []int32 {
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
	clear(a)
	return a
}

// release gives back arrays int32s returned.
func (s *scratch) release(as ...[]int32) {
	for _, a := range as {
		s.free = append(s.free, a[:0])
	}
}
