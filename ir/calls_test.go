package ir

import (
	"go/token"
	"testing"
)

// TestCallChain: chains are interned (one entry per call site and caller
// chain), a node's chain lists its call sites innermost first, and
// ShortChain cuts a deep one.
func TestCallChain(t *testing.T) {
	site := func(line int, caller string) CallSite {
		return CallSite{Pos: token.Position{Filename: "a.go", Line: line, Column: 1}, Caller: caller}
	}
	b := NewBuilder()
	var inner *Node
	g := b.Build([]*Type{Int}, func(p []Exp) Exp {
		outer := b.Inline(0, site(1, "specialization F"))
		c := b.Inline(outer, site(2, "f"))
		if again := b.Inline(b.Inline(0, site(1, "specialization F")), site(2, "f")); again != c {
			t.Errorf("the same chain interned twice: %d and %d", c, again)
		}
		b.AtIn(token.Position{Filename: "a.go", Line: 9, Column: 1}, c)
		x := b.Reflect(OpAdd, Int, nil, p[0], p[0])
		inner = b.g.Def(x.Sym())
		return x
	})
	if len(g.Calls) != 3 {
		t.Errorf("%d entries in Calls, want 3 (the empty chain and two calls)", len(g.Calls))
	}
	got := g.CallChain(inner)
	if len(got) != 2 || got[0] != site(2, "f") || got[1] != site(1, "specialization F") {
		t.Errorf("chain %v", got)
	}
	var deep []CallSite
	for i := range 20 {
		deep = append(deep, site(i, "g"))
	}
	if s := ShortChain(deep); len(s) != 11 || s[6].Caller != "... (10 more calls)" || s[10] != deep[19] {
		t.Errorf("ShortChain: %v", s)
	}
}
