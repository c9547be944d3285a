package ir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file is the loop abstraction of the compiler tutorial ("Loop Fusion
// and Deforestation"): a loop node runs its body for i in [0, size) and
// computes several results at once, each by a generator to which the body
// yields values, possibly inside conditionals and nested loops:
//
//	loop(s) x1=G1, x2=G2 { i => E[x1 <- f1(i); x2 <- f2(i)] }
//
// A generator is Collect (the yielded values, in order, as a slice),
// Reduce (a left fold of the yielded values from an initial value) or
// Bucket (values yielded with a key are grouped by key: the distinct keys
// in first-seen order, and per key the left fold of its values starting
// from its first value).
//
// An OpLoop node's arguments are its size, then (if the loop runs over a
// slice, Loop.Src) the slice, whose length the size is, then the initial
// value of each Reduce generator. Its first block is the body: inputs i
// (and, over a slice, its element i), result unit; then one block per
// Reduce or Bucket generator combining an accumulator and a value (inputs
// acc and x, result the new acc). Its type is the tuple of its results
// (Loop.Results), projected with OpProj.
//
// An OpYield node's arguments are the value (a Bucket's: the key, then the
// value); its Aux (a Yield) names the loop and the generator. A yield
// writes the effect key of its loop's symbol, so the yields of a loop stay
// in order, inside the body; the loop node does not show that key, so it
// is pure when its body is (apart from its yields), and DCE removes it when
// its results are unused. Lowering (package sched) turns loops into
// staged while loops before code generation.

// GenKind is the kind of a loop generator.
type GenKind uint8

// The generator kinds.
const (
	Collect GenKind = iota
	Reduce
	Bucket
)

func (k GenKind) String() string {
	return [...]string{"Collect", "Reduce", "Bucket"}[k]
}

// Gen is a generator of a loop: its kind, the type of the values yielded
// to it, and for a Bucket the type of the keys.
type Gen struct {
	Kind GenKind
	Key  *Type // Bucket only
	Elem *Type

	// Exact reports whether the body yields to the generator exactly
	// once per iteration, outside any conditional or nested loop: a
	// Collect's result then has the loop's size as length. The builder
	// decides it.
	Exact bool
}

// Loop is the Aux of an OpLoop node.
type Loop struct {
	Src  bool // the loop runs over the slice Args[1]; the body's inputs are i and Args[1][i]
	Gens []Gen
}

// Results returns the types of the loop's results, generator by generator
// (a Bucket has two: its keys and its values).
func (l *Loop) Results() []*Type {
	var ts []*Type
	for _, g := range l.Gens {
		switch g.Kind {
		case Collect:
			ts = append(ts, SliceOf(g.Elem))
		case Reduce:
			ts = append(ts, g.Elem)
		case Bucket:
			ts = append(ts, SliceOf(g.Key), SliceOf(g.Elem))
		}
	}
	return ts
}

// Result returns the index among the loop's results of generator k's
// first result.
func (l *Loop) Result(k int) int {
	r := 0
	for _, g := range l.Gens[:k] {
		r++
		if g.Kind == Bucket {
			r++
		}
	}
	return r
}

// Combines reports whether generator k has a combining block (Reduce and
// Bucket).
func (g Gen) Combines() bool { return g.Kind != Collect }

// CombineBlock returns the index among the loop node's blocks of
// generator k's combining block.
func (l *Loop) CombineBlock(k int) int {
	j := 1
	for _, g := range l.Gens[:k] {
		if g.Combines() {
			j++
		}
	}
	return j
}

// ZeroArg returns the index among the loop node's arguments of Reduce
// generator k's initial value.
func (l *Loop) ZeroArg(k int) int {
	j := 1
	if l.Src {
		j++
	}
	for _, g := range l.Gens[:k] {
		if g.Kind == Reduce {
			j++
		}
	}
	return j
}

func (l *Loop) String() string {
	parts := make([]string, len(l.Gens))
	for i, g := range l.Gens {
		parts[i] = g.Kind.String()
		if g.Exact {
			parts[i] += "!"
		}
	}
	s := strings.Join(parts, ",")
	if l.Src {
		s += " over"
	}
	return s
}

// Yield is the Aux of an OpYield node: the loop (its symbol) and the index
// of the generator the value goes to.
type Yield struct {
	Loop Sym
	Gen  int
}

func (y Yield) String() string { return y.Loop.String() + "#" + strconv.Itoa(y.Gen) }

// LoopGen is a generator given to Builder.Loop: for a Reduce its initial
// value, and for a Reduce or Bucket its combining function (which builds
// the combining block, called with the accumulator and the value).
type LoopGen struct {
	Kind    GenKind
	Key     *Type // Bucket only
	Elem    *Type
	Zero    Exp                  // Reduce only
	Combine func(acc, x Exp) Exp // Reduce and Bucket
}

// loopState is what the builder knows of a loop whose body it is building.
type loopState struct {
	sc    *scope // the body's scope
	loop  *Loop  // the node's Aux, filled as the body yields
	count []int  // yields per generator
	exact []bool // every yield so far is in the body's own scope
	index Sym    // the body's index input
	size  Exp    // the loop's size
}

// Loop builds a loop node: size iterations (over src if src is not nil,
// whose length size must be), computing the generators' results. body
// builds the body: it is called with the loop's symbol (for Yield) and the
// body's inputs (i, and src[i] over a slice). The result is the tuple of
// the results (a single result if there is one); LoopResult projects it.
func (b *Builder) Loop(size Exp, src *Exp, gens []LoopGen, body func(loop Sym, in []Exp)) Exp {
	b.mustType("loop size", b.g.TypeOf(size), Int)
	l := &Loop{Src: src != nil, Gens: make([]Gen, len(gens))}
	args := []Exp{size}
	in := []*Type{Int}
	var reads []Key
	if src != nil {
		st := b.mustSlice(*src)
		args = append(args, *src)
		in = append(in, st.Elem)
		reads = append(reads, b.keyOf(*src))
	}
	for k, g := range gens {
		l.Gens[k] = Gen{Kind: g.Kind, Key: g.Key, Elem: g.Elem}
		if g.Kind == Reduce {
			b.mustType("reduce initial value", b.g.TypeOf(g.Zero), g.Elem)
			args = append(args, g.Zero)
		}
	}
	t := TupleOf(l.Results())
	s := b.fresh(t)
	st := &loopState{loop: l, count: make([]int, len(gens)), exact: make([]bool, len(gens)), size: size}
	for k := range st.exact {
		st.exact[k] = true
	}
	if b.loops == nil {
		b.loops = map[Sym]*loopState{}
	}
	b.loops[s] = st
	blk := b.Reify(in, func(ins []Exp) Exp {
		st.sc, st.index = b.sc, ins[0].Sym()
		body(s, ins)
		return b.Unit()
	})
	delete(b.loops, s)
	blocks := []*Block{blk}
	for _, g := range gens {
		if g.Kind == Collect {
			continue
		}
		cb := b.Reify([]*Type{g.Elem, g.Elem}, func(ins []Exp) Exp { return g.Combine(ins[0], ins[1]) })
		b.mustType("combined value", b.g.TypeOf(cb.Res), g.Elem)
		blocks = append(blocks, cb)
	}
	for k := range l.Gens {
		l.Gens[k].Exact = st.count[k] == 1 && st.exact[k]
	}
	// The loop's own key is written only inside it.
	own := SymKey(s)
	blk.Eff.Wkeys = slices.DeleteFunc(slices.Clone(blk.Eff.Wkeys), func(k Key) bool { return k == own })
	for _, bb := range blocks {
		reads = append(reads, bb.Eff.Rkeys...)
	}
	var writes []Key
	for _, bb := range blocks {
		writes = append(writes, bb.Eff.Wkeys...)
	}
	reads, writes = sortKeys(reads), sortKeys(writes)
	soft, hard := b.sc.gatherDeps(reads, writes, nil)
	var eff *EffectSummary
	if len(reads)+len(writes)+len(soft)+len(hard) > 0 {
		eff = &EffectSummary{Sdeps: soft, Hdeps: hard, Rkeys: reads, Wkeys: writes}
	}
	var flags NodeFlags
	if hasKey(writes, TRAP) || hasKey(writes, CTRL) {
		flags = FlagTrap
	}
	b.node(s, OpLoop, t, b.argList(args), blocks, l, eff, flags)
	b.sc.record(s, reads, writes)
	return s.E()
}

// LoopResult returns result r of a loop built by Loop.
func (b *Builder) LoopResult(loop Exp, r int) Exp {
	if b.g.TypeOf(loop).Kind != KTuple {
		if r != 0 {
			panic(fmt.Sprintf("BUG: result %d of a loop with one result", r))
		}
		return loop
	}
	return b.Proj(loop, r)
}

// Yield builds a yield of x (a Bucket's: key and x) to generator gen of
// the loop whose body is being built.
func (b *Builder) Yield(loop Sym, gen int, xs ...Exp) {
	st := b.loops[loop]
	if st == nil {
		panic(fmt.Sprintf("BUG: yield to %v outside its body", loop))
	}
	g := st.loop.Gens[gen]
	want := []*Type{g.Elem}
	if g.Kind == Bucket {
		want = []*Type{g.Key, g.Elem}
	}
	if len(xs) != len(want) {
		panic(fmt.Sprintf("BUG: yield of %d values to a %v", len(xs), g.Kind))
	}
	for i, x := range xs {
		b.mustType("yielded value", b.g.TypeOf(x), want[i])
	}
	st.count[gen]++
	if b.sc != st.sc {
		st.exact[gen] = false
	}
	b.ReflectEffect(OpYield, Void, Yield{Loop: loop, Gen: gen}, xs, nil, nil, []Key{SymKey(loop)}, false, 0)
}

// loopLen returns the length of s when s is the result of a Collect that
// yields exactly once per iteration of a loop over a slice: the loop's
// size (len(Map(xs, f)) is len(xs)). The size of a loop over no slice may
// be negative (Fill(n, f) with n < 0 is empty), so it is not a length.
func (b *Builder) loopLen(s Exp) (Exp, bool) {
	n, ok := b.defOp(s)
	r := 0
	if ok && n.Op == OpProj {
		r = n.Aux.(int)
		n, ok = b.defOp(n.Args[0])
	}
	if !ok || n.Op != OpLoop || !n.Aux.(*Loop).Src {
		return Exp{}, false
	}
	l := n.Aux.(*Loop)
	for k, g := range l.Gens {
		if l.Result(k) == r && g.Kind == Collect && g.Exact {
			return n.Args[0], true
		}
	}
	return Exp{}, false
}

// inBounds reports whether s[i] is in bounds because i is the index of a
// loop whose body is being built and whose size is len(s): the read of
// Fill(len(xs), f)'s index in xs cannot panic, nor, with xs = ys[:n], the
// read of Fill(n, f)'s (xs exists only if the slicing did not panic).
func (b *Builder) inBounds(s, i Exp) bool {
	if !i.IsSym() || len(b.loops) == 0 {
		return false
	}
	for _, st := range b.loops {
		if st.index != i.Sym() {
			continue
		}
		if d, ok := b.defOp(s); ok && d.Op == OpSliceSub {
			if lo := d.Args[1].Const(); lo != nil && isZero(lo) && d.Args[2] == st.size {
				return true
			}
		}
		if b.Len(s) == st.size {
			return true
		}
	}
	return false
}

// inBoundsRead builds the read s[i] of an index known to be in bounds: a
// read of s's class that cannot trap.
func (b *Builder) inBoundsRead(t *Type, s, i Exp, k Key) Exp {
	reads := []Key{k}
	soft, hard := b.sc.gatherDeps(reads, nil, nil)
	r := b.fresh(t)
	b.node(r, OpSliceGet, t, b.argList([]Exp{s, i}), nil, nil, &EffectSummary{Sdeps: soft, Hdeps: hard, Rkeys: reads}, 0)
	b.sc.record(r, reads, nil)
	b.sc.noteCheck(s, i, r, r.E(), b.sc.lastWrite(k))
	return r.E()
}

// checkLoop verifies the shape of a loop or yield node.
func (c *checker) checkLoop(where fmt.Stringer, n *Node) {
	g := c.g
	switch n.Op {
	case OpLoop:
		l, ok := n.Aux.(*Loop)
		if !ok {
			c.errorf("%s: loop without its generators", where)
			return
		}
		if n.Type != TupleOf(l.Results()) {
			c.errorf("%s: type %v, want %v", where, n.Type, TupleOf(l.Results()))
		}
		nargs, nblocks := 1, 1
		if l.Src {
			nargs++
		}
		for _, gen := range l.Gens {
			if gen.Kind == Reduce {
				nargs++
			}
			if gen.Combines() {
				nblocks++
			}
		}
		if len(n.Args) != nargs || len(n.Blocks) != nblocks {
			c.errorf("%s: %d arguments and %d blocks, want %d and %d", where, len(n.Args), len(n.Blocks), nargs, nblocks)
			return
		}
		if g.TypeOf(n.Args[0]) != Int {
			c.errorf("%s: size of type %v", where, g.TypeOf(n.Args[0]))
		}
		if want := 1 + btoi(l.Src); len(n.Blocks[0].In) != want {
			c.errorf("%s: body with %d inputs, want %d", where, len(n.Blocks[0].In), want)
		}
		for k, gen := range l.Gens {
			if gen.Kind == Reduce && g.TypeOf(n.Args[l.ZeroArg(k)]) != gen.Elem {
				c.errorf("%s: initial value of generator %d of type %v", where, k, g.TypeOf(n.Args[l.ZeroArg(k)]))
			}
			if gen.Combines() {
				cb := n.Blocks[l.CombineBlock(k)]
				if len(cb.In) != 2 || g.TypeOf(cb.Res) != gen.Elem {
					c.errorf("%s: combining block of generator %d does not combine two %v", where, k, gen.Elem)
				}
			}
		}
	case OpYield:
		y, ok := n.Aux.(Yield)
		if !ok {
			c.errorf("%s: yield without its loop", where)
			return
		}
		d := g.Def(y.Loop)
		if d == nil || d.Op != OpLoop || y.Gen < 0 || y.Gen >= len(d.Aux.(*Loop).Gens) {
			c.errorf("%s: yields to no generator of a loop", where)
			return
		}
		want := 1
		if d.Aux.(*Loop).Gens[y.Gen].Kind == Bucket {
			want = 2
		}
		if len(n.Args) != want {
			c.errorf("%s: %d values, want %d", where, len(n.Args), want)
		}
		if !n.Eff.Writes(SymKey(y.Loop)) {
			c.errorf("%s: does not write its loop's key", where)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
