package ir

// This file decides when two loop bounds, or a bound and a slice's
// length, are the same int although written differently: the bounds of
// loops FusePlain fuses (len(u) with u := x[:n], and n), the lengths
// InRange compares with a loop's bound, and the slices whose length the
// Go output writes as a loop's bound (gogen) so that gc proves the
// indexing.
//
// An int is compared through its canonical form (subscript.go) in which
// the length of a slice that exists is known: len(make([]T, n, c)) is n
// (the builder folds it already when it builds the len) and len(s[lo:hi])
// is hi - lo (a sub-slice that exists has 0 ≤ lo ≤ hi ≤ cap(s), so the
// difference does not wrap). Equal forms are equal values; any other
// answer is "not known equal".

// SameBound reports whether the ints a and b always hold the same value
// (both defined).
func (d *Deps) SameBound(a, b Exp) bool {
	if SameExp(a, b) {
		return true
	}
	fa, oka := d.boundForm(a)
	fb, okb := d.boundForm(b)
	return oka && okb && fa.Equal(fb)
}

// LenEquals reports whether len(s) equals the int n whenever s exists.
func (d *Deps) LenEquals(s, n Exp) bool {
	if s.IsConst() {
		return false
	}
	if n.IsSym() {
		if m := d.g.Def(n.s); m != nil && m.Op == OpSliceLen && m.Args[0] == s {
			return true
		}
	}
	fs, ok := d.sliceLen(s.s)
	if !ok {
		return false
	}
	fn, ok := d.boundForm(n)
	return ok && fs.Equal(fn)
}

// boundForm returns the canonical form of an int with the lengths of
// made slices and sub-slices expanded.
func (d *Deps) boundForm(e Exp) (Affine, bool) { return Subscript(d.g, e, d.lenLeaf) }

// lenLeaf is the leaf of boundForm: a len of a slice whose length is
// known from its definition is that length's form.
func (d *Deps) lenLeaf(s Sym) (Affine, bool) {
	n := d.g.Def(s)
	if n == nil || n.Op != OpSliceLen || !n.Args[0].IsSym() {
		return Affine{}, false
	}
	return d.sliceLen(n.Args[0].s)
}

// sliceLen returns the form of the length of slice s when its definition
// gives it: make([]T, n, ...) or s[lo:hi].
func (d *Deps) sliceLen(s Sym) (Affine, bool) {
	m := d.g.Def(s)
	if m == nil {
		return Affine{}, false
	}
	switch m.Op {
	case OpSliceNew:
		return d.boundForm(m.Args[0])
	case OpSliceSub:
		hi, okh := d.boundForm(m.Args[2])
		lo, okl := d.boundForm(m.Args[1])
		if okh && okl {
			return hi.Add(lo, -1), true
		}
	}
	return Affine{}, false
}
