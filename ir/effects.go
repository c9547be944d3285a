package ir

import "slices"

// This file turns read and write keys into dependencies (the seeds' rules:
// read-after-write hard, write-after-read soft, write-after-write hard, or
// soft when the second write overwrites a variable entirely) and computes
// the effect summaries of blocks.

// effState is, for one key in one scope, the last write and the reads
// since it.
type effState struct {
	lw    Sym
	reads []Sym
}

// scope is the effect environment of the block being built.
type scope struct {
	ein         Sym
	eff         map[Key]*effState
	localReads  map[Key]bool
	localWrites map[Key]bool
	localDefs   map[Key]bool
	lastVal     map[Key]lastVal // the value a variable was last set to
	keep        []Key           // classes whose last write the block keeps (Builder.Keep)

	// Bounds checks made in this block (guard.go), and the enclosing
	// block's scope; fn marks a function body, which does not see the
	// checks of its parent.
	parent  *scope
	fn      bool
	fnDepth int32      // the function bodies this block is in
	checks  checkTable // checktab.go
	// indexed, shared by the scopes of a builder, holds the symbols
	// that index a check record of some scope: most accesses of a big
	// graph have a fresh index, whose lookups in the check tables of
	// their scope and the enclosing ones (cache misses on big tables) it
	// spares (guard.go, checked).
	indexed   *symBits
	maxChecks map[Sym]maxCheck
}

type lastVal struct {
	w   Sym // the node that stored it
	val Exp
}

// newScope returns the scope of a block whose effect input is ein. Its
// maps are made by the first node with effects (record) or the first
// variable set (setLastVal): a big graph has a block for every few nodes,
// many of them without effects of their own (a branch computing a value).
func newScope(ein Sym) *scope { return &scope{ein: ein} }

// setLastVal records that variable k was last set to lv.val by lv.w.
func (sc *scope) setLastVal(k Key, lv lastVal) {
	if sc.lastVal == nil {
		sc.lastVal = map[Key]lastVal{}
	}
	sc.lastVal[k] = lv
}

// lastWrite returns the last write of k in the current scope, or the
// scope's effect input if the scope has not written k.
func (sc *scope) lastWrite(k Key) Sym {
	if st := sc.eff[k]; st != nil {
		return st.lw
	}
	return sc.ein
}

// gatherDeps computes the dependencies of a node with the given effect
// keys. over, if not nil, is the key the node's write replaces whole (the
// variable of an assignment), which makes write-after-write on that key
// soft (the first write may then die); the other keys it writes (the
// classes of a slice it stores) keep hard dependencies on their last
// writes. Such a write, and a write with no earlier
// write in the block, depends hard on the block's effect input, which
// binds it to the block.
func (sc *scope) gatherDeps(reads, writes []Key, over *Key) (soft, hard []Sym) {
	for _, k := range writes {
		st := sc.eff[k]
		if st == nil {
			hard = append(hard, sc.ein)
			continue
		}
		soft = append(soft, st.reads...)
		if over != nil && k == *over && k.IsSym() && st.lw != sc.ein {
			// The earlier write may die; the block's effect input keeps
			// this one in its block even then.
			soft = append(soft, st.lw)
			hard = append(hard, sc.ein)
		} else {
			hard = append(hard, st.lw)
		}
	}
	for _, k := range reads {
		hard = append(hard, sc.lastWrite(k))
	}
	hard = sortSyms(hard)
	soft = sortSyms(soft)
	// A soft dependency that is also hard is just hard.
	soft = slices.DeleteFunc(soft, func(s Sym) bool { _, found := slices.BinarySearch(hard, s); return found })
	return soft, hard
}

// record updates the environment after a node s with the given keys.
func (sc *scope) record(s Sym, reads, writes []Key) {
	if sc.eff == nil {
		sc.eff, sc.localReads, sc.localWrites, sc.localDefs = map[Key]*effState{}, map[Key]bool{}, map[Key]bool{}, map[Key]bool{}
	}
	for _, k := range reads {
		sc.localReads[k] = true
		st := sc.eff[k]
		if st == nil {
			st = &effState{lw: sc.ein}
			sc.eff[k] = st
		}
		st.reads = append(st.reads, s)
		if k == STORE {
			sc.eff[SymKey(s)] = &effState{lw: s}
			sc.localDefs[SymKey(s)] = true
		}
	}
	for _, k := range writes {
		sc.localWrites[k] = true
		if st := sc.eff[k]; st != nil {
			st.lw, st.reads = s, st.reads[:0:0]
		} else {
			sc.eff[k] = &effState{lw: s}
		}
	}
}

// summary computes the effect summary of the finished block: the keys it
// reads and writes that outlive it, and a hard dependency on the last
// write of each (or on its effect input if it writes nothing), so that
// scheduling the block schedules its effects (and the last write to each
// class in resKeys, the slices its result lets out).
func (sc *scope) summary(resKeys []Key) EffectSummary {
	var e EffectSummary
	for k := range sc.localReads {
		if !sc.localDefs[k] {
			e.Rkeys = append(e.Rkeys, k)
		}
	}
	for k := range sc.localWrites {
		if !sc.localDefs[k] {
			e.Wkeys = append(e.Wkeys, k)
		}
	}
	e.Rkeys, e.Wkeys = sortKeys(e.Rkeys), sortKeys(e.Wkeys)
	for _, k := range e.Wkeys {
		e.Hdeps = append(e.Hdeps, sc.eff[k].lw)
	}
	for _, k := range resKeys {
		if st := sc.eff[k]; st != nil {
			e.Hdeps = append(e.Hdeps, st.lw)
		}
	}
	if len(e.Hdeps) == 0 {
		e.Hdeps = []Sym{sc.ein}
	}
	e.Hdeps = sortSyms(e.Hdeps)
	return e
}

// sortKeys sorts and deduplicates keys: CTRL, STORE, TRAP, then objects.
func sortKeys(ks []Key) []Key {
	slices.SortFunc(ks, func(a, b Key) int {
		// Global keys (negative) first, CTRL before STORE.
		if a < 0 && b < 0 {
			return int(b - a)
		}
		return int(a - b)
	})
	return slices.Compact(ks)
}

func sortSyms(ss []Sym) []Sym {
	slices.Sort(ss)
	return slices.Compact(ss)
}
