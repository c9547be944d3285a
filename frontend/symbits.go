package frontend

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// symBits is a set of a builder's symbols, one bit per symbol: the
// symbols are dense from 0, and a set marking a fraction of a big
// graph's nodes (evaluator.leafNamed) costs an eighth of a byte per node
// instead of a map entry per member and the map's growth.
type symBits []uint64

func (b symBits) has(s ir.Sym) bool {
	i := symBitIndex(s)
	return i/64 < len(b) && b[i/64]&(1<<(i%64)) != 0
}

func (b *symBits) add(s ir.Sym) {
	i := symBitIndex(s)
	if i/64 >= len(*b) {
		*b = append(*b, make(symBits, i/64+1-len(*b))...)
	}
	(*b)[i/64] |= 1 << (i % 64)
}

func (b symBits) remove(s ir.Sym) {
	if i := symBitIndex(s); i/64 < len(b) {
		b[i/64] &^= 1 << (i % 64)
	}
}

func symBitIndex(s ir.Sym) int {
	if s < 0 {
		panic(fmt.Sprintf("BUG: symbol %d in a symBits", s))
	}
	return int(s)
}
