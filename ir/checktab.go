package ir

import "fmt"

// checkTable holds the bounds-check records of one scope (guard.go), keyed
// by the access: the slice or string symbol and the index, its symbol or
// its constant. A constant index is keyed by its kind and bits (constKey's
// lo; an index is an integer), which names the constant the builder
// interned for them. A slot is 16 bytes without a pointer: the index's
// 64 bits, the slice's symbol, and the record's number with the index's
// kind (checkSymIndex for a symbol); the records (which hold a value,
// an Exp) are in pages of their own, in the order they were made: the
// first page grows as append grows it (most scopes have few records),
// the others are allocated whole, so that a scope with many records
// never copies them.
//
// It is an open-addressing table with linear probing, at most three
// quarters full.
// It replaces a map[checkKey]check (16-byte keys holding a *Const,
// 24-byte values): on a graph of 10^6 nodes with a slice read for every
// four of them, that map's lookups and growth were about a tenth of
// the builder's CPU time; the table grows by rehashing its slots without
// reading a record.
type checkTable struct {
	slots []checkSlot
	recs  [][]check // pages of checkPage records
	n     int       // the records
}

// checkPage is the number of records of a full page, a power of two.
const (
	checkPageBits = 10
	checkPage     = 1 << checkPageBits
)

type checkSlot struct {
	lo  uint64 // the index: its symbol, or its constant's bits
	s   Sym    // the slice or string
	ref uint32 // kind<<checkRefBits | the record's number + 1; 0: an empty slot
}

// checkKey names one access, as a slot does.
type checkKey struct {
	lo   uint64
	s    Sym
	kind Kind
}

// checkSymIndex is the kind of a key whose index is a symbol; the record's
// number takes the other checkRefBits bits of a slot's ref.
const (
	checkRefBits  = 27
	checkSymIndex = Kind(1<<(32-checkRefBits) - 1)
)

func keyOfCheck(s Sym, i Exp) checkKey {
	if c := i.c; c != nil {
		if !c.Type.IsInteger() {
			panic(fmt.Sprintf("BUG: index %v of %v is not an integer", c, s))
		}
		return checkKey{lo: keyOf(c.Type, c.Val).lo, s: s, kind: c.Type.Kind}
	}
	return checkKey{lo: uint64(uint32(i.s)), s: s, kind: checkSymIndex}
}

func (k checkKey) hash() uint64 {
	h := (k.lo ^ uint64(k.kind)<<56 ^ uint64(uint32(k.s))<<24) * 0x9E3779B97F4A7C15
	return h ^ h>>29
}

// find returns the record of k, or nil.
func (t *checkTable) find(k checkKey) *check {
	if t.n == 0 {
		return nil
	}
	mask := uint64(len(t.slots) - 1)
	for i := k.hash() & mask; ; i = (i + 1) & mask {
		e := &t.slots[i]
		if e.ref == 0 {
			return nil
		}
		if e.lo == k.lo && e.s == k.s && Kind(e.ref>>checkRefBits) == k.kind {
			r := e.ref&(1<<checkRefBits-1) - 1
			return &t.recs[r>>checkPageBits][r&(checkPage-1)]
		}
	}
}

// set records c for k, replacing k's record if it has one.
func (t *checkTable) set(k checkKey, c check) {
	if r := t.find(k); r != nil {
		*r = c
		return
	}
	t.add(k, c)
}

// add records c for k, which has no record.
func (t *checkTable) add(k checkKey, c check) {
	if t.n+1 >= 1<<checkRefBits {
		panic("BUG: ir: more bounds-check records in a block than a checkTable holds")
	}
	if 4*(t.n+1) > 3*len(t.slots) {
		old := t.slots
		t.slots = make([]checkSlot, max(16, 2*len(old)))
		for _, e := range old {
			if e.ref != 0 {
				t.put(e, checkKey{lo: e.lo, s: e.s, kind: Kind(e.ref >> checkRefBits)}.hash())
			}
		}
	}
	if p := t.n >> checkPageBits; p == len(t.recs) {
		size := 0 // the first page: as append grows it
		if p > 0 {
			size = checkPage
		}
		t.recs = append(t.recs, make([]check, 0, size))
	}
	p := &t.recs[len(t.recs)-1]
	*p = append(*p, c)
	t.n++
	t.put(checkSlot{lo: k.lo, s: k.s, ref: uint32(k.kind)<<checkRefBits | uint32(t.n)}, k.hash())
}

func (t *checkTable) put(e checkSlot, h uint64) {
	mask := uint64(len(t.slots) - 1)
	i := h & mask
	for t.slots[i].ref != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = e
}
