package ir

import "slices"

// BoundVars is the bound-variable analysis of lms-traversal.md: for every
// symbol, the block-bound symbols (block inputs and effect inputs) it
// depends on, through arguments, blocks and effect dependencies, minus the
// symbols its own blocks bind. A node can be placed in a block only where
// all of them are in scope.
type BoundVars struct {
	sets [][]Sym
}

// Of returns the bound symbols s depends on, sorted. The slice is shared:
// do not modify it.
func (bv *BoundVars) Of(s Sym) []Sym { return bv.sets[s] }

// Bound computes the bound-variable analysis of g. A λforward depends on
// what its λ depends on; since the λ comes later in node order, the
// analysis repeats until nothing changes (twice when there is recursion,
// once otherwise). Each pass is linear in the graph times the depth of
// block nesting.
func Bound(g *Graph) *BoundVars {
	bv := &BoundVars{sets: make([][]Sym, g.NumSyms())}
	g.Blocks(func(b *Block) {
		for _, s := range b.Bound() {
			bv.sets[s] = []Sym{s}
		}
	})
	hasForward := false
	for _, n := range g.Nodes {
		if n.Op == OpForward {
			hasForward = true
		}
	}
	for {
		changed := false
		for _, n := range g.Nodes {
			var set []Sym
			if n.Op == OpForward {
				set = bv.sets[n.Args[0].s]
			} else {
				set = bv.compute(n)
			}
			if !slices.Equal(set, bv.sets[n.Sym]) {
				bv.sets[n.Sym] = set
				changed = true
			}
		}
		if !changed || !hasForward {
			return bv
		}
	}
}

func (bv *BoundVars) compute(n *Node) []Sym {
	var set []Sym
	add := func(s Sym) {
		if other := bv.sets[s]; len(other) > 0 {
			set = union(set, other)
		}
	}
	for _, a := range n.Args {
		if a.IsSym() {
			add(a.s)
		}
	}
	for _, b := range n.Blocks {
		b.Used(add)
		for _, s := range b.Eff.Sdeps {
			add(s)
		}
	}
	if n.Eff != nil {
		for _, s := range n.Eff.Hdeps {
			add(s)
		}
		for _, s := range n.Eff.Sdeps {
			add(s)
		}
	}
	if len(n.Blocks) > 0 && len(set) > 0 {
		own := map[Sym]bool{}
		for _, b := range n.Blocks {
			for _, s := range b.Bound() {
				own[s] = true
			}
		}
		set = slices.DeleteFunc(slices.Clone(set), func(s Sym) bool { return own[s] })
	}
	if len(set) == 0 {
		return nil
	}
	return set
}

// union merges two sorted sets. It returns one of its arguments, unchanged
// and shared, when the other adds nothing.
func union(a, b []Sym) []Sym {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 || slices.Equal(a, b) {
		return a
	}
	r := make([]Sym, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			r = append(r, a[i])
			i++
		case a[i] > b[j]:
			r = append(r, b[j])
			j++
		default:
			r = append(r, a[i])
			i++
			j++
		}
	}
	r = append(append(r, a[i:]...), b[j:]...)
	if len(r) == len(a) {
		return a
	}
	if len(r) == len(b) {
		return b
	}
	return r
}
