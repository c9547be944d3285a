package ir

import (
	"strings"
	"testing"
)

// loopCase builds func(a, n T) int { v := init(a, n); for cond(v, n) {
// step(v) }; return 1 }, a loop whose effects are its variable's.
type loopCase struct {
	name  string
	t     *Type
	cond  func(b *Builder, v, n Exp) Exp
	step  func(b *Builder, v, n Exp)
	ends  bool // DCE may remove the loop
	notes string
}

func incr(by int64) func(b *Builder, v, n Exp) {
	return func(b *Builder, v, n Exp) {
		t := b.g.TypeOf(v)
		op := OpAdd
		if by < 0 {
			op, by = OpSub, -by
		}
		b.WriteVar(v, b.Binary(op, b.ReadVar(v), b.Const(t, by)))
	}
}

func cmpN(op Op) func(b *Builder, v, n Exp) Exp {
	return func(b *Builder, v, n Exp) Exp { return b.Compare(op, b.ReadVar(v), n) }
}

func cmpC(op Op, c int64) func(b *Builder, v, n Exp) Exp {
	return func(b *Builder, v, n Exp) Exp { return b.Compare(op, b.ReadVar(v), b.Const(b.g.TypeOf(n), c)) }
}

// TestLoopTermination: a loop whose only effects are on its own variable
// is removed by DCE when it provably ends (a counted loop stepping toward
// its bound without wrapping around), and kept, with the effect of a
// trap, otherwise (x != 0 with x -= 2 never ends for an odd x).
func TestLoopTermination(t *testing.T) {
	cases := []loopCase{
		{name: "i<n i++", t: Int, cond: cmpN(OpLt), step: incr(1), ends: true},
		{name: "n>i i++", t: Int, cond: func(b *Builder, v, n Exp) Exp { return b.Compare(OpGt, n, b.ReadVar(v)) }, step: incr(1), ends: true},
		{name: "i>n i--", t: Int, cond: cmpN(OpGt), step: incr(-1), ends: true},
		{name: "i<n i+=2", t: Int, cond: cmpN(OpLt), step: incr(2), notes: "wraps for n = MaxInt"},
		{name: "i<=n i++", t: Int, cond: cmpN(OpLe), step: incr(1), notes: "never ends for n = MaxInt"},
		{name: "i>=n i--", t: Int, cond: cmpN(OpGe), step: incr(-1)},
		{name: "i<100 i+=2", t: Int, cond: cmpC(OpLt, 100), step: incr(2), ends: true},
		{name: "i>=0 i--", t: Int, cond: cmpC(OpGe, 0), step: incr(-1), ends: true},
		{name: "u>=0 u--", t: Uint, cond: cmpC(OpGe, 0), step: incr(-1), notes: "always true"},
		{name: "i8<=126 i++", t: Int8, cond: cmpC(OpLe, 126), step: incr(1), ends: true},
		{name: "i8<=127 i++", t: Int8, cond: cmpC(OpLe, 127), step: incr(1)},
		{name: "i8<127 i+=2", t: Int8, cond: cmpC(OpLt, 127), step: incr(2)},
		{name: "i<n i--", t: Int, cond: cmpN(OpLt), step: incr(-1), notes: "away from the bound"},
		{name: "x!=0 x-=2", t: Int, cond: cmpC(OpNe, 0), step: incr(-2)},
		{name: "i<n i+=0", t: Int, cond: cmpN(OpLt), step: incr(0)},
		{name: "i<n step in if", t: Int, cond: cmpN(OpLt), step: func(b *Builder, v, n Exp) {
			b.If(b.Compare(OpGt, n, b.Const(Int, 3)), Void, func() Exp { incr(1)(b, v, n); return b.Unit() }, b.Unit)
		}},
		{name: "i<n two steps", t: Int, cond: cmpN(OpLt), step: func(b *Builder, v, n Exp) {
			incr(1)(b, v, n)
			incr(-1)(b, v, n)
		}},
		{name: "i<n bound read in loop", t: Int, cond: func(b *Builder, v, n Exp) Exp {
			return b.Compare(OpLt, b.ReadVar(v), b.Binary(OpAdd, b.ReadVar(v), n))
		}, step: incr(1)},
		{name: "i<n stale read", t: Int, cond: cmpN(OpLt), step: func(b *Builder, v, n Exp) {
			b.WriteVar(v, b.Binary(OpAdd, n, b.Const(Int, 1)))
		}},
		{name: "i<n*2 i++", t: Int, cond: func(b *Builder, v, n Exp) Exp {
			return b.Compare(OpLt, b.ReadVar(v), b.Binary(OpMul, n, b.Const(Int, 2)))
		}, step: incr(1), ends: true, notes: "a pure invariant bound made in the loop"},
		{name: "false", t: Int, cond: func(b *Builder, v, n Exp) Exp { return b.Const(Bool, false) }, step: incr(1), ends: true,
			notes: "the body never runs: a loop whose every iteration returns, once the return is taken out (issue 19)"},
		{name: "true", t: Int, cond: func(b *Builder, v, n Exp) Exp { return b.Const(Bool, true) }, step: incr(1)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBuilder()
			g := b.Build([]*Type{c.t}, func(a []Exp) Exp {
				v := b.NewVar(b.Const(c.t, 0))
				b.While(func() Exp { return c.cond(b, v, a[0]) }, func() { c.step(b, v, a[0]) })
				return b.Const(Int, 1)
			})
			if err := Check(g); err != nil {
				t.Fatal(err)
			}
			h := DCE(g)
			if err := Check(h); err != nil {
				t.Fatal(err)
			}
			kept := strings.Contains(h.String(), "(W ")
			if kept == c.ends {
				t.Errorf("loop kept: %v, want %v (%s)\n%s", kept, !c.ends, c.notes, h)
			}
			if kept && !strings.Contains(h.String(), "TRAP*") {
				t.Errorf("a loop that may not end does not write TRAP\n%s", h)
			}
		})
	}
}

// TestLoopTerminationEffects: a loop that may not end makes the
// conditional around it, and a call of a function holding it, effects of
// their own, which DCE keeps, ordered between the outputs around them.
func TestLoopTerminationEffects(t *testing.T) {
	b := NewBuilder()
	g := b.Build([]*Type{Int}, func(a []Exp) Exp {
		forever := func() {
			v := b.NewVar(a[0])
			b.While(func() Exp { return b.Compare(OpNe, b.ReadVar(v), b.Const(Int, 0)) },
				func() { b.WriteVar(v, b.Binary(OpSub, b.ReadVar(v), b.Const(Int, 2))) })
		}
		b.Print(OpPrintln, b.Const(String, "before"))
		b.If(b.Compare(OpGt, a[0], b.Const(Int, 5)), Void, func() Exp { forever(); return b.Unit() }, b.Unit)
		f := b.Lambda([]*Type{Int}, []*Type{Int}, func(x []Exp) Exp { forever(); return x[0] })
		b.Apply(f, a[0])
		b.Print(OpPrintln, b.Const(String, "after"))
		return b.Const(Int, 1)
	})
	h := DCE(g)
	if err := Check(h); err != nil {
		t.Fatal(err)
	}
	s := h.String()
	for _, want := range []string{"(? ", "(@ ", "(λ "} {
		if !strings.Contains(s, want) {
			t.Errorf("DCE removed %s\n%s", want, s)
		}
	}
	var before, after *Node
	for _, n := range h.Nodes {
		switch {
		case n.Op == OpPrintln && before == nil:
			before = n
		case n.Op == OpPrintln:
			after = n
		}
	}
	var ifn *Node
	for _, n := range h.Nodes {
		if n.Op == OpIf {
			ifn = n
		}
	}
	if ifn == nil || !hasSym(ifn.Eff.Hdeps, before.Sym) || !hasSym(after.Eff.Sdeps, ifn.Sym) && !hasSym(after.Eff.Hdeps, ifn.Sym) {
		t.Errorf("the conditional holding the loop is not ordered between the outputs\n%s", s)
	}
}

func hasSym(ss []Sym, s Sym) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
