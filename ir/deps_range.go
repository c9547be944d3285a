package ir

// This file proves slice accesses in range, for the passes that remove
// bounds checks (sched.BoundsChecks) and fuse loops (sched.FusePlain).
//
// An access s[e] inside a counted loop l (LoopHeader: iv from a constant
// entry e0 ≥ 0 by a positive step while iv < n, or iv <= n) is in range
// when its subscript is the induction variable plus a constant,
// e = iv + c (iv's value at the start of the iteration, so a read of iv
// after its set counts the step in c), with e0 + c ≥ 0 and, since
// iv < n at the start of every iteration, n + c ≤ len(s) (n + c < len(s)
// for iv <= n), where len(s) ≥ n is known when len(s) is n
// (Deps.LenEquals: n is len(s), s is made with length n or is a
// sub-slice s[lo:hi] with hi - lo = n), or when both are constants. A
// counted loop does not wrap around, so neither does e. An access whose
// subscript takes values in a range known from constant trip counts
// (Deps.Range) is in range when that range is inside a constant length.

// LoopHeader is the shape of a counted loop: for Var := Entry; Var < Bound
// (Var <= Bound when Le); Var += Step, with Set the loop's single
// var_set of Var.
type LoopHeader struct {
	Var, Set Sym
	Entry    Exp
	Step     int64
	Bound    Exp
	Le       bool
}

// Header returns the shape of l, and false if l is not counted.
func (l *LoopInfo) Header() (LoopHeader, bool) { return l.header, l.Counted }

// SameExp reports whether e and f are the same symbol or equal constants.
func SameExp(e, f Exp) bool {
	if e.IsConst() != f.IsConst() {
		return false
	}
	if e.IsSym() {
		return e.s == f.s
	}
	return e.c.Type == f.c.Type && e.c.Val == f.c.Val
}

// InRange reports whether the slice_get or slice_set (field_get or
// field_set) n provably indexes inside its slice (see the file comment).
func (d *Deps) InRange(n *Node) bool {
	switch n.Op {
	case OpSliceGet, OpSliceSet, OpFieldGet, OpFieldSet:
	default:
		return false
	}
	s, i := n.Args[0], n.Args[1]
	if d.g.TypeOf(i) != Int {
		return false
	}
	sub, ok := d.Subscript(i)
	if !ok {
		return false
	}
	if L, ok := d.constLen(s); ok {
		if lo, hi, ok := d.bounds(sub); ok && lo >= 0 && hi < L {
			for _, t := range sub.Terms {
				if l := d.ns.loopOf[t.Sym]; l == nil || !l.Counted {
					return false
				}
			}
			return true
		}
	}
	if len(sub.Terms) != 1 || !sub.Terms[0].Loop {
		return false
	}
	l := d.ns.loopOf[sub.Terms[0].Sym]
	h, ok := l.Header()
	if !ok || h.Step <= 0 || sub.Terms[0].Coef != h.Step || !h.Entry.IsConst() {
		return false
	}
	e0 := int64(h.Entry.c.Val.(int))
	c := sub.Const - e0 // e = iv + c
	if e0 < 0 || e0+c < 0 || c > 0 || h.Le && c > -1 {
		return false
	}
	return d.lenCovers(s, h.Bound)
}

// constLen returns the length of s when it is made with a constant one.
func (d *Deps) constLen(s Exp) (int64, bool) {
	if s.IsConst() {
		return 0, false
	}
	if m := d.g.Def(s.s); m != nil && m.Op == OpSliceNew {
		if c := m.Args[0].Const(); c != nil && c.Type == Int {
			return int64(c.Val.(int)), true
		}
	}
	return 0, false
}

// lenCovers reports whether len(s) ≥ bound always holds.
func (d *Deps) lenCovers(s, bound Exp) bool {
	if s.IsConst() {
		return false
	}
	if d.LenEquals(s, bound) {
		return true
	}
	if L, ok := d.constLen(s); ok && bound.IsConst() {
		return int64(bound.c.Val.(int)) <= L
	}
	return false
}
