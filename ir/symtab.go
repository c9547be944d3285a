package ir

// symTab holds one value per symbol (a graph's types, definitions, names) in
// pages of symPage entries, so that a growing graph never copies what it
// already holds: a slice doubled as it grows allocates as much again as
// its final size and copies it, 16 bytes per symbol for the types and the
// definitions of a big graph. The first page grows by doubling (small
// graphs stay small); the others are allocated whole.
//
// A copy of a symTab (a Graph made from another, see withNodes) shares
// the pages: it sees the entries of its length, and entries appended to
// the original later are beyond it.
type symTab[T any] struct {
	pages [][]T
	n     int
}

// symPage is the number of entries of a full page, a power of two.
const (
	symPageBits = 12
	symPage     = 1 << symPageBits
)

// newSymTab returns a table of n zero entries.
func newSymTab[T any](n int) symTab[T] {
	t := symTab[T]{n: n}
	for lo := 0; lo < n; lo += symPage {
		t.pages = append(t.pages, make([]T, min(symPage, n-lo), symPage))
	}
	return t
}

// len returns the number of entries.
func (t *symTab[T]) len() int { return t.n }

// at returns the entry of s, which must be below len.
func (t *symTab[T]) at(s Sym) T { return t.pages[s>>symPageBits][s&(symPage-1)] }

// set sets the entry of s, which must be below len.
func (t *symTab[T]) set(s Sym, v T) { t.pages[s>>symPageBits][s&(symPage-1)] = v }

// push appends v.
func (t *symTab[T]) push(v T) {
	k := t.n >> symPageBits
	if k == len(t.pages) {
		c := symPage
		if k == 0 {
			c = 256
		}
		t.pages = append(t.pages, make([]T, 0, c))
	}
	p := t.pages[k]
	if len(p) == cap(p) {
		p = append(make([]T, 0, min(2*cap(p), symPage)), p...)
	}
	t.pages[k] = append(p, v)
	t.n++
}

// share returns a table that shares t's pages but not the list of them,
// for a graph made from another while the other may still grow.
func (t *symTab[T]) share() symTab[T] {
	return symTab[T]{pages: append([][]T(nil), t.pages...), n: t.n}
}
