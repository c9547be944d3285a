package ir

import "fmt"

// This file is the growth of a slice that stands for one field of a slice
// of structs split per field (the frontend's SoA, array of structs to
// struct of arrays). Go's append gives a grown []T a capacity that
// depends on the size of T (runtime.growslice rounds the new array up to
// a malloc size class) and on whether T holds pointers (malloc headers);
// a field's []F grown by append would get the capacity of a []F instead.
// So an append to such a slice is grow then append: grow reallocates
// exactly when append on the []T would, with the capacity it would give,
// and the append that follows then fits.

// GrowElem is the Aux of an OpGrow node: the element type of the slice of
// structs whose growth the node reproduces.
type GrowElem struct {
	Size     int64 // unsafe.Sizeof of the struct type
	Pointers bool  // the struct type holds pointers (strings)
}

func (e GrowElem) String() string {
	if e.Pointers {
		return fmt.Sprintf("size=%d,pointers", e.Size)
	}
	return fmt.Sprintf("size=%d", e.Size)
}

// Grow builds grow(s, n): s itself if n more elements fit in its capacity
// (len(s)+n <= cap(s)), else a new array holding a copy of s's len(s)
// elements, of length len(s) and of the capacity Go's append gives a
// slice of elements described by e that grows from cap(s) to len(s)+n
// elements. Like an append it reads and may write s's class, and the
// result shares that class.
func (b *Builder) Grow(s, n Exp, e GrowElem) Exp {
	t := b.mustSlice(s)
	b.mustInt("grow count", n)
	if e.Size <= 0 {
		panic(fmt.Sprintf("BUG: Grow for elements of size %d", e.Size))
	}
	k := b.keyOf(s)
	r := b.ReflectEffect(OpGrow, t, e, []Exp{s, n}, nil, []Key{STORE, k, TRAP}, []Key{k}, false, 0)
	b.class[r.s] = k
	return r
}
