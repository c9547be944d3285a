package ir

// This file builds the slice accesses that Deps.InRange proves in range
// (sched.BoundsChecks): they cannot panic, so they carry no FlagTrap and
// the C output writes them without a bounds check. The generated Go
// still indexes them (the Go compiler checks, or proves, them itself).

// IndexInRange builds s[i] for an index proved in range: a read of s's
// alias class that cannot trap, so it is not ordered with the operations
// that may panic and dies when unused.
func (b *Builder) IndexInRange(s, i Exp) Exp {
	t := b.mustSlice(s)
	b.mustInt("index", i)
	k := b.keyOf(s)
	if _, local, isLocal, ok := b.sc.checked(s, i); ok && isLocal && b.sc.lastWrite(k) == local.write {
		return local.val
	}
	return b.inBoundsRead(t.Elem, s, i, k)
}

// SetIndexInRange builds s[i] = x for an index proved in range: a write
// of s's alias class that cannot trap. It reads TRAP, so it stays after
// the operations that may panic before it and before those after it: a
// panic observes exactly the writes made before it in the source.
func (b *Builder) SetIndexInRange(s, i, x Exp) {
	b.setIndex(s, i, x, false)
}

// SliceInRange builds s[lo:hi] of a slice or a string for bounds proved
// in range (Deps.SliceInRange): a value of s alone that cannot trap, so
// it is not ordered with the operations that may panic and dies when
// unused. A slice result shares s's alias class.
func (b *Builder) SliceInRange(s, lo, hi Exp) Exp {
	b.mustInt("slice bound", lo)
	b.mustInt("slice bound", hi)
	if b.g.TypeOf(s) == String {
		return b.Reflect(OpStrSlice, String, nil, s, lo, hi)
	}
	t := b.mustSlice(s)
	r := b.Reflect(OpSliceSub, t, nil, s, lo, hi)
	b.class[r.s] = b.keyOf(s)
	return r
}
