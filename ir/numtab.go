package ir

// numTable interns the constants of the basic types other than complex
// numbers and strings (booleans, integers, floats and Void's unit): such
// a constant is its type's kind and 64 bits (constKey's lo; basic types
// are interned, so the kind names the type), which a slot holds beside
// the constant's interning number, 16 bytes without a pointer. The
// constants themselves are the Builder's, by number (Builder.byID).
//
// It is an open-addressing table with linear probing, at most three
// quarters full.
// It replaces a map[numKey]*Const (a 24-byte key holding the type's
// pointer, an 8-byte pointer value, both scanned by the collector):
// on a graph of 10^6 nodes with as many constants, that map's lookups
// and growth were about a tenth of the builder's CPU time.
type numTable struct {
	slots []numSlot
	n     int
}

type numSlot struct {
	lo   uint64
	ref  int32 // the constant's interning number + 1; 0: an empty slot
	kind Kind
}

func numHash(k Kind, lo uint64) uint64 {
	h := (lo ^ uint64(k)<<56) * 0x9E3779B97F4A7C15
	return h ^ h>>29
}

// find returns the interning number of the constant (k, lo), or -1.
func (t *numTable) find(k Kind, lo uint64) int32 {
	if t.n == 0 {
		return -1
	}
	mask := uint64(len(t.slots) - 1)
	for i := numHash(k, lo) & mask; ; i = (i + 1) & mask {
		e := &t.slots[i]
		if e.ref == 0 {
			return -1
		}
		if e.lo == lo && e.kind == k {
			return e.ref - 1
		}
	}
}

// insert adds the constant (k, lo), not in the table, whose interning
// number is id.
func (t *numTable) insert(k Kind, lo uint64, id int32) {
	if 4*(t.n+1) > 3*len(t.slots) {
		old := t.slots
		t.slots = make([]numSlot, max(64, 2*len(old)))
		for _, e := range old {
			if e.ref != 0 {
				t.put(e)
			}
		}
	}
	t.put(numSlot{lo: lo, ref: id + 1, kind: k})
	t.n++
}

func (t *numTable) put(e numSlot) {
	mask := uint64(len(t.slots) - 1)
	i := numHash(e.kind, e.lo) & mask
	for t.slots[i].ref != 0 {
		i = (i + 1) & mask
	}
	t.slots[i] = e
}
