package ir

import "testing"

// TestSliceInRange proves s[0:hi] in range for hi = len(s), a length
// equal to s's, a constant within a constant length, and mins of those
// with values at least 0; and not for a low bound other than 0, a bare
// parameter, a min with a value that may be negative, a max, or a
// constant past a constant length.
func TestSliceInRange(t *testing.T) {
	zero := func(b *Builder) Exp { return b.Const(Int, 0) }
	min := func(b *Builder, x, y Exp) Exp {
		return b.If(b.Compare(OpLt, x, y), Int, func() Exp { return x }, func() Exp { return y })
	}
	max := func(b *Builder, x, y Exp) Exp {
		return b.If(b.Compare(OpGt, x, y), Int, func() Exp { return x }, func() Exp { return y })
	}
	type slicing struct {
		name string
		s    Exp
		want bool
	}
	var cases []slicing
	g, d := depsOf(t, func(b *Builder, s, n Exp) {
		add := func(name string, x, lo, hi Exp, want bool) {
			cases = append(cases, slicing{name, b.SubSlice(x, lo, hi), want})
		}
		ls := b.Len(s)
		add("s[:len(s)]", s, zero(b), ls, true)
		add("s[1:len(s)]", s, b.Const(Int, 1), ls, false)
		add("s[:n]", s, zero(b), n, false)
		add("s[:min(len(s), n)]", s, zero(b), min(b, ls, n), false)
		m := b.MakeSlice(Int, n, n)
		add("make(n)[:n]", m, zero(b), n, true)
		u := b.SubSlice(s, b.Const(Int, 2), n)
		add("s[:min(len(s), len(s[2:n]))]", s, zero(b), min(b, ls, b.Len(u)), true)
		add("s[:min(5, len(s))]", s, zero(b), min(b, b.Const(Int, 5), ls), true)
		add("s[:min(-1, len(s))]", s, zero(b), min(b, b.Const(Int, -1), ls), false)
		add("s[:max(len(s), 3)]", s, zero(b), max(b, ls, b.Const(Int, 3)), false)
		add("s[:min(len(s), max(n, 0))]", s, zero(b), min(b, ls, max(b, n, zero(b))), true)
		c := b.MakeSlice(Int, b.Const(Int, 8), b.Const(Int, 8))
		add("make(8)[:8]", c, zero(b), b.Const(Int, 8), true)
		add("make(8)[:9]", c, zero(b), b.Const(Int, 9), false)
		for _, k := range cases {
			b.SetIndex(k.s, zero(b), ls)
		}
	})
	_ = g
	for _, c := range cases {
		if got := d.SliceInRange(g.Def(c.s.Sym())); got != c.want {
			t.Errorf("SliceInRange(%s) = %v, want %v", c.name, got, c.want)
		}
	}
}
