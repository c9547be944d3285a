package ir

// symBits is a set of symbols (or of constants' interning numbers), a bit
// each, growing by doubling: a few hundred kilobytes for a graph of 10^6
// nodes, which stay in a cache where the big tables they spare lookups in
// do not. Its users (cseTable's argument bits, scope.indexed) only add to
// it, so that it answers "never added" exactly and "added" for everything
// once added.
type symBits struct{ w []uint64 }

// has reports whether s was added.
func (b *symBits) has(s Sym) bool {
	i := uint32(s)
	return int(i>>6) < len(b.w) && b.w[i>>6]&(1<<(i&63)) != 0
}

// add adds s.
func (b *symBits) add(s Sym) {
	i := uint32(s)
	for int(i>>6) >= len(b.w) {
		b.w = append(b.w, make([]uint64, max(len(b.w), 64))...)
	}
	b.w[i>>6] |= 1 << (i & 63)
}
