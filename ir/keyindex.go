package ir

// This file is the index of distinct keys that a lowered Bucket generator
// (GroupBy, see loop.go) uses to find the slot of a key: a hash table
// from keys to slots 0, 1, 2, ... in the order the keys were added. It is
// a map[K]int in Go and a hash table of the C runtime (open addressing).
// Keys compare as Go compares map keys: a NaN key is never found, so it
// is added again each time.

// IndexOf returns the type of indexes of keys of type key (a basic type).
func IndexOf(key *Type) *Type {
	if !key.IsBasic() {
		panic("BUG: an index of keys of type " + key.String())
	}
	return intern(&Type{Kind: KIndex, Elem: key, str: "index[" + key.str + "]"})
}

// NewIndex builds an empty index of keys of type key, a new object.
func (b *Builder) NewIndex(key *Type) Exp {
	s := b.ReflectEffect(OpIndexNew, IndexOf(key), nil, nil, nil, []Key{STORE}, nil, false, 0)
	b.newObject(s.s)
	return s
}

// IndexSlot builds the slot of key k in index ix: the slot it was given
// when it was added, or, for a new key, the number of keys ix had, and k
// is added with it.
func (b *Builder) IndexSlot(ix, k Exp) Exp {
	t := b.g.TypeOf(ix)
	if t.Kind != KIndex {
		panic("BUG: not an index: " + ix.String() + " of type " + t.String())
	}
	b.mustType("index key", b.g.TypeOf(k), t.Elem)
	key := b.keyOf(ix)
	return b.ReflectEffect(OpIndexSlot, Int, nil, []Exp{ix, k}, nil, []Key{key}, []Key{key}, false, 0)
}
