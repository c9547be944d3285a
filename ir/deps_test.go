package ir

import (
	"strings"
	"testing"
)

// loopN builds for i := 0; i < n; i++ { body(i) } with a variable i.
func loopN(b *Builder, n Exp, body func(i Exp)) {
	v := b.NewVar(b.Const(Int, 0))
	b.While(func() Exp { return b.Compare(OpLt, b.ReadVar(v), n) }, func() {
		i := b.ReadVar(v)
		body(i)
		b.WriteVar(v, b.Binary(OpAdd, b.ReadVar(v), b.Const(Int, 1)))
	})
}

// depsOf builds a graph with one []int parameter and an int parameter,
// checks it, and returns its analysis.
func depsOf(t *testing.T, body func(b *Builder, s, n Exp)) (*Graph, *Deps) {
	t.Helper()
	b := NewBuilder()
	g := b.Build([]*Type{SliceOf(Int), Int}, func(a []Exp) Exp { body(b, a[0], a[1]); return b.Unit() })
	if err := Check(g); err != nil {
		t.Fatal(err)
	}
	return g, NewDeps(g)
}

func (d *Deps) nth(t *testing.T, op Op, k int) *Access {
	t.Helper()
	for _, a := range d.Accesses {
		if a.Node.Op == op {
			if k == 0 {
				return a
			}
			k--
		}
	}
	t.Fatalf("no access %d of %v", k, op)
	return nil
}

func carried(dep Dep) string {
	var parts []string
	for _, c := range dep.Carried {
		s := c.Dir.String()
		if c.HasDist {
			s += " " + itoa(c.Dist)
		}
		parts = append(parts, s)
	}
	return dep.Kind.String() + " [" + strings.Join(parts, ",") + "]"
}

func itoa(x int64) string { return Affine{Const: x}.String() }

func TestDepsConstant(t *testing.T) {
	_, d := depsOf(t, func(b *Builder, s, n Exp) {
		b.SetIndex(s, b.Const(Int, 0), n)
		b.Index(s, b.Const(Int, 1))
		i := b.Binary(OpAdd, n, b.Const(Int, 2))
		b.SetIndex(s, i, n)
		b.Index(b.SubSlice(s, b.Const(Int, 2), b.Len(s)), n) // s[2:][n]
		b.Index(s, b.Binary(OpMul, n, b.Const(Int, 2)))
	})
	w0, r1 := d.nth(t, OpSliceSet, 0), d.nth(t, OpSliceGet, 0)
	if k := d.Test(w0, r1).Kind; k != Never {
		t.Errorf("s[0] vs s[1]: %v", k)
	}
	if k := d.Test(w0, w0).Kind; k != Same {
		t.Errorf("s[0] vs s[0]: %v", k)
	}
	wn, rn, r2n := d.nth(t, OpSliceSet, 1), d.nth(t, OpSliceGet, 1), d.nth(t, OpSliceGet, 2)
	if got := wn.Sub.String(); got != "x2 + 2" {
		t.Errorf("subscript of s[n+2] is %s", got)
	}
	if k := d.Test(wn, rn).Kind; k != Same {
		t.Errorf("s[n+2] vs s[2:][n]: %v", k)
	}
	if k := d.Test(wn, r2n).Kind; k != May {
		t.Errorf("s[n+2] vs s[2n]: %v", k)
	}
	if k := d.Test(wn, w0).Kind; k != May {
		t.Errorf("s[n+2] vs s[0]: %v", k)
	}
}

func TestDepsAliasSets(t *testing.T) {
	b := NewBuilder()
	g := b.Build([]*Type{SliceOf(Int), SliceOf(Int), SliceOf(Float64)}, func(a []Exp) Exp {
		l := b.MakeSlice(Int, b.Const(Int, 4), b.Const(Int, 4))
		b.SetIndex(l, b.Const(Int, 0), b.Const(Int, 1))
		b.SetIndex(a[0], b.Const(Int, 0), b.Const(Int, 1))
		b.Index(a[1], b.Const(Int, 1))
		b.Index(a[2], b.Const(Int, 0))
		sub := b.SubSlice(l, b.Const(Int, 1), b.Const(Int, 3))
		b.Index(sub, b.Const(Int, 0))
		b.Index(sub, b.Const(Int, 1))
		return b.Unit()
	})
	if err := Check(g); err != nil {
		t.Fatal(err)
	}
	d := NewDeps(g)
	wl, wp := d.nth(t, OpSliceSet, 0), d.nth(t, OpSliceSet, 1)
	rq, rf, rs0, rs1 := d.nth(t, OpSliceGet, 0), d.nth(t, OpSliceGet, 1), d.nth(t, OpSliceGet, 2), d.nth(t, OpSliceGet, 3)
	for _, c := range []struct {
		name string
		a, b *Access
		want DepKind
	}{
		{"local vs parameter", wl, wp, Never},
		{"two []int parameters", wp, rq, May},
		{"[]int vs []float64", wp, rf, Never},
		{"l[0] vs l[1:3][0]", wl, rs0, Never},
		{"l[0] vs l[1:3][1]", wl, rs1, Never},
		{"l[1:3][0] vs itself", rs0, rs0, Same},
	} {
		if got := d.Test(c.a, c.b).Kind; got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if rs1.Root != wl.Slice || rs1.Sub.String() != "2" {
		t.Errorf("l[1:3][1] is %v[%v]", rs1.Root, rs1.Sub)
	}
}

func TestDepsLoops(t *testing.T) {
	var l *Access
	g, d := depsOf(t, func(b *Builder, s, n Exp) {
		loopN(b, n, func(i Exp) {
			x := b.Index(s, i)                                                                // s[i]
			b.SetIndex(s, b.Binary(OpAdd, i, b.Const(Int, 1)), x)                             // s[i+1]
			b.SetIndex(s, b.Binary(OpMul, i, b.Const(Int, 2)), x)                             // s[2i]
			b.Index(s, b.Binary(OpAdd, b.Binary(OpMul, i, b.Const(Int, 2)), b.Const(Int, 1))) // s[2i+1]
		})
		loopN(b, b.Const(Int, 8), func(i Exp) {
			b.SetIndex(s, i, n)                             // s[i], i < 8
			b.Index(s, b.Binary(OpAdd, i, b.Const(Int, 8))) // s[i+8]
			b.Index(s, b.Binary(OpAdd, i, b.Const(Int, 3))) // s[i+3]
		})
	})
	_ = l
	r, w1, w2, r21 := d.nth(t, OpSliceGet, 0), d.nth(t, OpSliceSet, 0), d.nth(t, OpSliceSet, 1), d.nth(t, OpSliceGet, 1)
	var loop *LoopInfo
	for _, n := range g.Nodes {
		if n.Op == OpWhile {
			loop = d.Loop(n.Sym)
			break
		}
	}
	if loop == nil || !loop.Counted || loop.Trip != -1 {
		t.Fatalf("first loop: %+v", loop)
	}
	for _, c := range []struct {
		name string
		a, b *Access
		want string
	}{
		{"s[i] then s[i+1]", r, w1, "never [> -1]"},
		{"s[i+1] then s[i]", w1, r, "never [< 1]"},
		{"s[2i] vs s[2i+1]", w2, r21, "never [none]"},
		{"s[i] vs s[2i]", r, w2, "may [*]"},
	} {
		if got := carried(d.Test(c.a, c.b)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	w8, r8, r3 := d.nth(t, OpSliceSet, 2), d.nth(t, OpSliceGet, 2), d.nth(t, OpSliceGet, 3)
	if lp := w8.Loops[0]; lp.Trip != 8 || !lp.Counted {
		t.Fatalf("second loop: %+v", lp)
	}
	for _, c := range []struct {
		name string
		a, b *Access
		want string
	}{
		{"s[i] vs s[i+8], 8 iterations", w8, r8, "never [none]"},
		{"s[i] then s[i+3]", w8, r3, "never [> -3]"},
		{"s[i] vs s[i] in the other loop", w8, r, "may []"},
	} {
		if got := carried(d.Test(c.a, c.b)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	var sb strings.Builder
	FprintDeps(&sb, g)
	for _, want := range []string{"counted trip 8", "[k", "-> "} {
		if !strings.Contains(sb.String(), want) {
			t.Errorf("FprintDeps lacks %q:\n%s", want, sb.String())
		}
	}
}

func TestAffine(t *testing.T) {
	a := Affine{Terms: []Term{{Sym: 3, Coef: 2}, {Sym: 5, Loop: true, Coef: 1}}, Const: -1}
	if got := a.String(); got != "2*x3 + k5 - 1" {
		t.Errorf("String: %s", got)
	}
	if z := a.Add(a, -1); !z.IsConst() || z.Const != 0 {
		t.Errorf("a - a = %v", z)
	}
	if !twoAdicNever(Affine{Terms: []Term{{Sym: 1, Coef: 2}, {Sym: 2, Coef: -4}}, Const: 1}) {
		t.Error("2x - 4y = 1 has no solution")
	}
	if twoAdicNever(Affine{Terms: []Term{{Sym: 1, Coef: 3}}, Const: 1}) {
		t.Error("3x = 1 has a solution modulo 2^64")
	}
}

// TestSameBound: the lengths of made slices and sub-slices are known in
// canonical form (len(x[1:n+1]) is n); other lengths and bounds are not
// known equal.
func TestSameBound(t *testing.T) {
	var u, v, w, m, lu, lw Exp
	var n Exp
	g, d := depsOf(t, func(b *Builder, s, nn Exp) {
		n = nn
		u = b.SubSlice(s, b.Const(Int, 0), n)
		v = b.SubSlice(s, b.Const(Int, 1), b.Binary(OpAdd, n, b.Const(Int, 1)))
		w = b.SubSlice(s, b.Const(Int, 1), n)
		m = b.MakeSlice(Int, n, b.Binary(OpMul, n, b.Const(Int, 2)))
		lu, lw = b.Len(u), b.Len(w)
		b.SetIndex(u, b.Const(Int, 0), b.Binary(OpAdd, b.Index(v, b.Const(Int, 0)), b.Index(m, b.Const(Int, 0))))
		b.SetIndex(w, b.Const(Int, 0), b.Binary(OpAdd, lu, lw))
	})
	for _, c := range []struct {
		name string
		s    Exp
		want bool
	}{{"x[:n]", u, true}, {"x[1:n+1]", v, true}, {"x[1:n]", w, false}, {"make(n, 2n)", m, true}, {"x", g.Block.In[0].E(), false}} {
		if got := d.LenEquals(c.s, n); got != c.want {
			t.Errorf("LenEquals(%s, n) = %v, want %v", c.name, got, c.want)
		}
	}
	if !d.SameBound(lu, n) || d.SameBound(lw, n) || !d.SameBound(n, n) {
		t.Errorf("SameBound: len(x[:n]) and n %v, len(x[1:n]) and n %v", d.SameBound(lu, n), d.SameBound(lw, n))
	}
}
