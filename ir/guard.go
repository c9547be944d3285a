package ir

// This file removes bounds checks that an earlier access has already made.
//
// A slice or string value never changes its length, so once s[i] has been
// read or written without panicking, a later s[i] (the same value s, the
// same index i) cannot panic, and neither can s[c] for a constant c at most
// the largest constant index already checked. Such a later read is built
// without FlagTrap: it is no longer an effect of its own, so it dies when
// unused and is not ordered with other operations that may panic. It gets
// a hard dependency on the access that made the check, so the scheduler
// never places it before that access (the generated Go still checks
// bounds, and an earlier panic would move a panic across other effects).
// In the same block, with no write to the slice's alias class in between,
// the read is not built at all: it is the value read or stored before.
//
// The checks an access makes are recorded in the scope of its block and
// seen by the blocks nested in it, which run after it (a nested node's
// dependency on an outer node makes the scheduler place the outer node
// first). A function body does not see the checks of the scope it is
// defined in: it may run before them, through a forward declaration.

// check is what an access left: the node that made the check and, for a
// slice, the value it read or stored and the class's last write after it
// (for forwarding within one block).
type check struct {
	by    Sym
	write Sym // last write of the class once the access is done
	val   Exp
}

// maxCheck is the largest constant index checked on a value, and by which
// node.
type maxCheck struct {
	idx int64
	by  Sym
}

// noteCheck records that node by accessed s[i]; val is the element read or
// stored, and write the class's last write after the access (0 for a
// string).
func (sc *scope) noteCheck(s, i Exp, by Sym, val Exp, write Sym) {
	if s.IsConst() {
		return
	}
	c := check{by: by, val: val, write: write}
	if i.IsSym() && !sc.indexed.has(i.s) {
		sc.indexed.add(i.s)
		sc.checks.add(keyOfCheck(s.s, i), c) // no record has this index
	} else {
		sc.checks.set(keyOfCheck(s.s, i), c)
	}
	if c := i.Const(); c != nil {
		if sc.maxChecks == nil {
			sc.maxChecks = map[Sym]maxCheck{}
		}
		v := toInt64(c)
		if c.Type.IsUnsigned() && toUint64(c) > 1<<62 {
			v = -1 // beyond any length
		}
		if m, ok := sc.maxChecks[s.s]; v >= 0 && (!ok || v > m.idx) {
			sc.maxChecks[s.s] = maxCheck{idx: v, by: by}
		}
	}
}

// checked returns the node that already checked s[i] in this scope or an
// enclosing one (up to a function body), and the check itself, with
// isLocal, when it was made in this very scope.
func (sc *scope) checked(s, i Exp) (by Sym, local check, isLocal, ok bool) {
	if s.IsConst() {
		return 0, check{}, false, false
	}
	if i.IsSym() && !sc.indexed.has(i.s) {
		return 0, check{}, false, false // no record has this index
	}
	k := keyOfCheck(s.s, i)
	for x := sc; x != nil; x = x.parent {
		if c := x.checks.find(k); c != nil {
			if x == sc {
				return c.by, *c, true, true
			}
			return c.by, check{}, false, true
		}
		if c := i.Const(); c != nil {
			if m, found := x.maxChecks[s.s]; found && toUint64(c) <= uint64(m.idx) {
				return m.by, check{}, false, true
			}
		}
		if x.fn {
			break
		}
	}
	return 0, check{}, false, false
}

// guarded builds a read whose bounds check was made by node by: no
// FlagTrap, the given read keys, and a hard dependency on by.
func (b *Builder) guarded(op Op, t *Type, args []Exp, reads []Key, by Sym) Exp {
	reads = sortKeys(reads)
	soft, hard := b.sc.gatherDeps(reads, nil, nil)
	hard = sortSyms(append(hard, by))
	s := b.fresh(t)
	b.node(s, op, t, b.argList(args), nil, nil, &EffectSummary{Sdeps: soft, Hdeps: hard, Rkeys: reads}, 0)
	b.sc.record(s, reads, nil)
	return s.E()
}
