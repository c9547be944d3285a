package ir

// This file proves slicings in range, for sched.BoundsChecks: a slicing
// s[lo:hi] proved in range cannot panic, so it is a value of s alone,
// without a check in C, and it dies when nobody uses it (a Go programmer
// does not write _ = b[:n] either):
//
//	n := min(len(a), len(b)); c := b[:n]
//
// The proof is small and by value: lo is the constant 0, and hi is at
// most len(s) and at least 0. hi is len(s), or a length equal to s's
// (Deps.LenEquals: s made with length hi, or a sub-slice of that
// length), or a constant within a constant length, or the min of such a
// value and one at least 0 (a constant, a length or a capacity, or a
// min or max of such values; ir.Graph.MinMax). A bound proved so holds
// wherever s and hi are defined, so the slicing may move freely.

// sliceDepth bounds the mins a proof goes through.
const sliceDepth = 8

// SliceInRange reports whether the two-index slicing n (slice_sub or
// str_slice) provably cannot panic (see the file comment).
func (d *Deps) SliceInRange(n *Node) bool {
	if n.Op != OpSliceSub && n.Op != OpStrSlice || len(n.Args) != 3 {
		return false
	}
	s, lo, hi := n.Args[0], n.Args[1], n.Args[2]
	if !s.IsSym() || !lo.IsConst() || !lo.c.Type.IsInteger() || toUint64(lo.c) != 0 {
		return false
	}
	return d.atMostLen(hi, s.s, sliceDepth)
}

// atMostLen reports whether 0 ≤ e ≤ len(s) is proved by at most depth
// steps through mins.
func (d *Deps) atMostLen(e Exp, s Sym, depth int) bool {
	if depth == 0 || d.g.TypeOf(e) != Int {
		return false
	}
	if e.IsConst() {
		L, ok := d.constLen(s.E())
		v := toInt64(e.c)
		return ok && v >= 0 && v <= L
	}
	if d.g.TypeOf(s.E()).Kind == KSlice && d.LenEquals(s.E(), e) {
		return true
	}
	n := d.g.Def(e.s)
	if n == nil {
		return false
	}
	if (n.Op == OpSliceLen || n.Op == OpStrLen) && n.Args[0].IsSym() && n.Args[0].s == s {
		return true
	}
	isMin, x, y, ok := d.g.MinMax(n)
	if !ok || !isMin {
		return false
	}
	return d.atMostLen(x, s, depth-1) && d.nonNeg(y, depth-1) ||
		d.atMostLen(y, s, depth-1) && d.nonNeg(x, depth-1)
}

// nonNeg reports whether the integer e is proved to be at least 0.
func (d *Deps) nonNeg(e Exp, depth int) bool {
	if e.IsConst() {
		return e.c.Type.IsInteger() && (e.c.Type.IsUnsigned() || toInt64(e.c) >= 0)
	}
	n := d.g.Def(e.s)
	if n == nil || depth == 0 {
		return false
	}
	switch n.Op {
	case OpSliceLen, OpSliceCap, OpStrLen:
		return true
	}
	isMin, x, y, ok := d.g.MinMax(n)
	if !ok {
		return false
	}
	if isMin {
		return d.nonNeg(x, depth-1) && d.nonNeg(y, depth-1)
	}
	return d.nonNeg(x, depth-1) || d.nonNeg(y, depth-1)
}
