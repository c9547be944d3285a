package ir

import "slices"

// This file is the dependence analysis of slice accesses (the DDRefs of
// hir-ddrefs.rst, on the graph IR).
//
// Every slice_get and slice_set is an Access with its alias set (the key
// of its slice's alias class: the symbase; accesses in different sets
// never touch the same memory) and, when its index is affine in the
// counters of the enclosing loops and in values that do not change in
// them, its canonical subscript relative to the root of its slice (the
// slice it is sub-sliced from, through constant or affine lower bounds).
// copy, append and append... are accesses to a whole slice.
//
// Test decides for two accesses whether they touch the same element:
// Never, Same (in the same iteration of the loops that enclose both), or
// May, with, for every common loop, whether a dependence is carried by it
// and at which distance. May is always the safe answer; Never and Same are
// given only when they hold for every execution. Two accesses through
// different roots of one alias set (two parameters, say) are May.

// Access is a read or write of slice memory.
type Access struct {
	Node  *Node
	Write bool
	Whole bool // copy, append: the whole slice, no subscript
	Key   Key  // alias set
	Slice Exp  // the slice accessed
	Root  Exp  // the slice Slice is sub-sliced from (Slice itself if none)
	// Sub is the index relative to Root (the sum of the sub-slices' lower
	// bounds and the index) when Affine.
	Sub    Affine
	Affine bool
	Block  Sym         // effect input of the block the access is in
	Loops  []*LoopInfo // enclosing loops, outermost first
}

// Deps is the dependence analysis of a graph.
type Deps struct {
	g        *Graph
	ns       *nest
	Accesses []*Access // in node order
	byNode   map[Sym]*Access
	writesIn map[*LoopInfo]map[Key]*loopWrites // made by WritesIn
}

// NewDeps analyzes the slice accesses of g.
func NewDeps(g *Graph) *Deps {
	d := &Deps{g: g, ns: newNest(g), byNode: map[Sym]*Access{}}
	for _, n := range g.Nodes {
		var a *Access
		switch n.Op {
		case OpSliceGet, OpSliceSet:
			a = &Access{Node: n, Write: n.Op == OpSliceSet, Slice: n.Args[0]}
			a.Root, a.Sub, a.Affine = d.position(n.Args[0], n.Args[1])
		case OpCopy:
			d.add(&Access{Node: n, Whole: true, Slice: n.Args[1], Root: n.Args[1], Key: d.keyOfRead(n)})
			a = &Access{Node: n, Write: true, Whole: true, Slice: n.Args[0]}
		case OpAppend, OpAppendSlice, OpGrow:
			a = &Access{Node: n, Write: true, Whole: true, Slice: n.Args[0]}
		case OpFieldGet, OpFieldSet:
			// A field of an element of a slice of structs (aos.go): an
			// access to the element, as if to all its fields.
			a = &Access{Node: n, Write: n.Op == OpFieldSet, Slice: n.Args[0]}
			a.Root, a.Sub, a.Affine = d.position(n.Args[0], n.Args[1])
		default:
			continue
		}
		if a.Root == (Exp{}) {
			a.Root = a.Slice
		}
		if a.Write {
			a.Key = objectKey(n.Eff.Wkeys, -1)
		} else {
			a.Key = objectKey(n.Eff.Rkeys, -1)
		}
		d.add(a)
	}
	return d
}

// keyOfRead returns the alias set a copy reads from: its read keys less
// the one it writes, or -1 if that is not one key.
func (d *Deps) keyOfRead(n *Node) Key {
	w := objectKey(n.Eff.Wkeys, -1)
	var r []Key
	for _, k := range n.Eff.Rkeys {
		if k.IsSym() && k != w {
			r = append(r, k)
		}
	}
	if len(r) == 1 {
		return r[0]
	}
	return w // copy within one alias set
}

// objectKey returns the one object key among ks, def if there is none, or
// -1 (no alias set: conservatively every access) if there are several.
func objectKey(ks []Key, def Key) Key {
	k := def
	found := false
	for _, x := range ks {
		if x.IsSym() {
			if found {
				return -1
			}
			k, found = x, true
		}
	}
	return k
}

func (d *Deps) add(a *Access) {
	a.Block = d.ns.blockOf[a.Node.Sym]
	a.Loops = d.ns.loopsAt(a.Block)
	d.Accesses = append(d.Accesses, a)
	if !a.Whole || d.byNode[a.Node.Sym] == nil {
		d.byNode[a.Node.Sym] = a
	}
}

// Of returns the access of node s (the write, for a copy), or nil.
func (d *Deps) Of(s Sym) *Access { return d.byNode[s] }

// Loop returns the loop analysis of the W node s, or nil.
func (d *Deps) Loop(s Sym) *LoopInfo { return d.ns.loopOf[s] }

// Subscript returns the canonical form of an int expression, with the
// reads of induction variables as loop counters.
func (d *Deps) Subscript(e Exp) (Affine, bool) { return Subscript(d.g, e, d.ns.ivValue) }

// BlockOf returns the effect input of the block s belongs to.
func (d *Deps) BlockOf(s Sym) Sym { return d.ns.blockOf[s] }

// position returns the root of slice s and the subscript of index i
// relative to it.
func (d *Deps) position(s, i Exp) (root Exp, sub Affine, ok bool) {
	sub, ok = d.Subscript(i)
	root = s
	for root.IsSym() {
		n := d.g.Def(root.s)
		if n == nil || n.Op != OpSliceSub {
			break
		}
		lo, lok := d.Subscript(n.Args[1])
		sub, ok = sub.Add(lo, 1), ok && lok
		root = n.Args[0]
	}
	return root, sub, ok
}

// DepKind is whether two accesses touch the same element.
type DepKind uint8

// The answers of Test.
const (
	May   DepKind = iota // unknown: they may
	Never                // never, in any iterations
	Same                 // always, in the same iterations of their common loops
)

func (k DepKind) String() string { return [...]string{"may", "never", "same"}[k] }

// Direction is the direction of a dependence carried by a loop: the sign
// of the second access's iteration minus the first's.
type Direction uint8

// The directions.
const (
	DirNone Direction = iota // no dependence carried by the loop
	DirLT                    // the second access is in a later iteration
	DirGT                    // in an earlier iteration
	DirAny                   // unknown
)

func (d Direction) String() string { return [...]string{"none", "<", ">", "*"}[d] }

// LoopDep is the dependence between two accesses carried by one loop that
// encloses both (with the same iteration of the loops outside it).
type LoopDep struct {
	Loop    *LoopInfo
	Dir     Direction
	Dist    int64 // iterations from the first access to the second, when HasDist
	HasDist bool
}

// Dep is the result of Test.
type Dep struct {
	Kind    DepKind   // in the same iteration of every common loop
	Carried []LoopDep // per common loop, outermost first
}

// Test returns the dependence between accesses a and b.
func (d *Deps) Test(a, b *Access) Dep {
	n := 0
	for n < len(a.Loops) && n < len(b.Loops) && a.Loops[n] == b.Loops[n] {
		n++
	}
	common := a.Loops[:n]
	may := func() Dep {
		dep := Dep{Kind: May}
		for _, l := range common {
			dep.Carried = append(dep.Carried, LoopDep{Loop: l, Dir: DirAny})
		}
		return dep
	}
	none := func(k DepKind) Dep {
		dep := Dep{Kind: k}
		for _, l := range common {
			dep.Carried = append(dep.Carried, LoopDep{Loop: l})
		}
		return dep
	}
	if a.Key >= 0 && b.Key >= 0 && a.Key != b.Key {
		return none(Never)
	}
	if a.Whole || b.Whole || !a.Affine || !b.Affine || a.Root != b.Root || a.Key < 0 || b.Key < 0 {
		return may()
	}
	diff := a.Sub.Add(b.Sub, -1)
	dep := Dep{Kind: d.solve(diff)}
	for j, l := range common {
		dep.Carried = append(dep.Carried, d.carried(a.Sub, b.Sub, l, common[j+1:]))
	}
	return dep
}

// solve decides whether diff can be 0, its terms taken as independent
// variables: Same if diff is 0, Never if no value of its terms makes it
// 0, May otherwise.
func (d *Deps) solve(diff Affine) DepKind {
	if diff.IsConst() {
		if diff.Const == 0 {
			return Same
		}
		return Never
	}
	if twoAdicNever(diff) {
		return Never
	}
	if lo, hi, ok := d.bounds(diff); ok {
		if lo > 0 || hi < 0 || !intGCDDivides(diff) {
			return Never
		}
	}
	return May
}

// twoAdicNever reports whether diff = 0 has no solution modulo 2^64: the
// largest power of two dividing every coefficient does not divide the
// constant (the GCD test in int's arithmetic).
func twoAdicNever(diff Affine) bool {
	var or uint64
	for _, t := range diff.Terms {
		or |= uint64(t.Coef)
	}
	if or == 0 {
		return diff.Const != 0
	}
	low := or & -or // largest power of two dividing every coefficient
	return uint64(diff.Const)&(low-1) != 0
}

// intGCDDivides reports whether the GCD of diff's coefficients divides its
// constant (over the integers).
func intGCDDivides(diff Affine) bool {
	g := int64(0)
	for _, t := range diff.Terms {
		g = gcd(g, abs64(t.Coef))
	}
	return g == 0 || diff.Const%g == 0
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// boundLimit keeps the Banerjee bounds far from overflow: a term whose
// bound would pass it makes the bounds unknown.
const boundLimit = 1 << 60

// bounds returns the smallest and largest values of diff when every term
// is the counter of a loop with a known trip count (the Banerjee bounds);
// then no value of the form wraps, and integer reasoning is exact.
func (d *Deps) bounds(diff Affine) (lo, hi int64, ok bool) {
	lo, hi = diff.Const, diff.Const
	if abs64(lo) > boundLimit {
		return 0, 0, false
	}
	for _, t := range diff.Terms {
		l := d.ns.loopOf[t.Sym]
		if !t.Loop || l == nil || l.Trip < 0 || l.Trip > boundLimit || abs64(t.Coef) > boundLimit/max(l.Trip, 1) {
			return 0, 0, false
		}
		if l.Trip == 0 {
			return 1, 1, true // the loop never runs: nothing is accessed
		}
		span := t.Coef * (l.Trip - 1)
		if span < 0 {
			lo += span
		} else {
			hi += span
		}
		if abs64(lo) > boundLimit || abs64(hi) > boundLimit {
			return 0, 0, false
		}
	}
	return lo, hi, true
}

// carried computes the dependence of b on a carried by loop l: b runs
// dist iterations of l after a, in the same iterations of the loops
// outside l, in any iterations of the common loops inside it (inner).
func (d *Deps) carried(fa, fb Affine, l *LoopInfo, inner []*LoopInfo) LoopDep {
	dep := LoopDep{Loop: l, Dir: DirAny}
	ka, kb := fa.Coef(l.Node.Sym, true), fb.Coef(l.Node.Sym, true)
	// Terms that vary with l, other than its counter, make the answer
	// unknown: a blob defined inside l, or the counter of an inner loop.
	for _, f := range []Affine{fa, fb} {
		for _, t := range f.Terms {
			if t.Loop && t.Sym == l.Node.Sym {
				continue
			}
			if t.Loop && slices.ContainsFunc(inner, func(x *LoopInfo) bool { return x.Node.Sym == t.Sym }) {
				return dep
			}
			if !t.Loop && d.ns.inside(d.ns.blockOf[t.Sym], l) {
				return dep
			}
		}
	}
	// fa(k) = fb(k + dist): (ka - kb)·k - kb·dist + rest = 0, with rest
	// the difference of the terms invariant in l (equal blobs cancel) and
	// of the counters of loops that are not common (independent).
	rest := fa.Add(fb, -1)
	rest = rest.Add(Affine{Terms: []Term{{Sym: l.Node.Sym, Loop: true, Coef: ka - kb}}}, -1)
	switch {
	case ka == kb && ka == 0:
		// The subscripts do not move with l: every iteration touches
		// the same elements, a dependence at any distance if any.
		if d.solve(rest) == Never {
			dep.Dir = DirNone
		}
		return dep
	case ka == kb && rest.IsConst():
		// ka·dist = rest.Const.
		c := rest.Const
		exact := c%ka == 0
		unique := ka == 1 || ka == -1 // modulo 2^64, ka·dist = c has one solution
		if l.Trip >= 0 && l.Trip <= boundLimit && abs64(ka) <= boundLimit/max(l.Trip, 1) && abs64(c) <= boundLimit {
			unique = true // no wrap: integer reasoning
			if !exact || c == 0 || abs64(c/ka) >= l.Trip {
				dep.Dir = DirNone
				return dep
			}
		}
		if c == 0 && unique {
			dep.Dir = DirNone // only the same iteration
			return dep
		}
		if exact && unique {
			dep.Dist, dep.HasDist = c/ka, true
			dep.Dir = DirLT
			if dep.Dist < 0 {
				dep.Dir = DirGT
			}
			return dep
		}
		if twoAdicNever(Affine{Terms: []Term{{Sym: l.Node.Sym, Loop: true, Coef: ka}}, Const: -c}) {
			dep.Dir = DirNone
		}
		return dep
	}
	// Different coefficients: k and k' independent.
	eq := rest.Add(Affine{Terms: []Term{{Sym: l.Node.Sym, Loop: true, Coef: ka}}}, 1)
	eq = eq.Add(Affine{Terms: []Term{{Sym: -1 - l.Node.Sym, Loop: true, Coef: -kb}}}, 1)
	if twoAdicNever(eq) {
		dep.Dir = DirNone
	} else if l.Trip >= 0 {
		// The same bounds for the second counter (named by a symbol no
		// loop has, so bounds treats it through l's trip count).
		lo, hi, ok := d.boundsWith(eq, l, -1-l.Node.Sym)
		if ok && (lo > 0 || hi < 0 || !intGCDDivides(eq)) {
			dep.Dir = DirNone
		}
	}
	return dep
}

// boundsWith is bounds where the counter alias stands for a second,
// independent counter of loop l.
func (d *Deps) boundsWith(diff Affine, l *LoopInfo, alias Sym) (lo, hi int64, ok bool) {
	var renamed Affine
	renamed.Const = diff.Const
	var extra int64
	for _, t := range diff.Terms {
		if t.Sym == alias {
			extra = t.Coef
			continue
		}
		renamed.Terms = append(renamed.Terms, t)
	}
	lo, hi, ok = d.bounds(renamed)
	if !ok || l.Trip == 0 {
		return lo, hi, ok
	}
	if abs64(extra) > boundLimit/max(l.Trip, 1) {
		return 0, 0, false
	}
	if span := extra * (l.Trip - 1); span < 0 {
		lo += span
	} else {
		hi += span
	}
	return lo, hi, true
}

// Distinct reports whether two subscripts of one root, in the same
// iteration of every loop, never denote the same element.
func Distinct(x, y Affine) bool {
	diff := x.Add(y, -1)
	if diff.IsConst() {
		return diff.Const != 0
	}
	return twoAdicNever(diff)
}

// ObjectKey returns the one object key (alias set) among ks, and false if
// there is none or several.
func ObjectKey(ks []Key) (Key, bool) {
	k := objectKey(ks, -1)
	return k, k >= 0
}

// Range returns the smallest and largest values of a subscript whose
// terms are all counters of loops with known trip counts (the Banerjee
// bounds); ok is false otherwise. No value of such a form wraps.
func (d *Deps) Range(a Affine) (lo, hi int64, ok bool) { return d.bounds(a) }

// NeverEqual reports whether subscripts x and y of one root, in the same
// iterations of the loops whose counters they share, never denote the
// same element (the counters of other loops range over their trips).
func (d *Deps) NeverEqual(x, y Affine) bool { return d.solve(x.Add(y, -1)) == Never }

// WritesIn returns the element writes (slice_set) into alias set k inside
// loop l, in its blocks or nested ones, and false if a node inside l
// writes k otherwise (copy, append, a call).
func (d *Deps) WritesIn(l *LoopInfo, k Key) ([]*Access, bool) {
	if d.writesIn == nil {
		d.writesIn = map[*LoopInfo]map[Key]*loopWrites{}
		for _, n := range d.g.Nodes {
			if n.Eff == nil || len(n.Eff.Wkeys) == 0 || n.Op == OpIf || n.Op == OpWhile {
				continue // a conditional's or loop's writes are its nodes'
			}
			for x := d.ns.loopAt(d.ns.blockOf[n.Sym]); x != nil; x = x.Parent {
				m := d.writesIn[x]
				if m == nil {
					m = map[Key]*loopWrites{}
					d.writesIn[x] = m
				}
				for _, wk := range n.Eff.Wkeys {
					if !wk.IsSym() {
						continue
					}
					w := m[wk]
					if w == nil {
						w = &loopWrites{}
						m[wk] = w
					}
					if a := d.byNode[n.Sym]; n.Op == OpSliceSet && a != nil && a.Key == wk {
						w.sets = append(w.sets, a)
					} else {
						w.other = true
					}
				}
			}
		}
	}
	w := d.writesIn[l][k]
	if w == nil {
		return nil, true
	}
	return w.sets, !w.other
}

type loopWrites struct {
	sets  []*Access
	other bool
}
