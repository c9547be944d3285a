package ir

import (
	"fmt"
	"go/token"
)

// This file records where a node came from through inlined calls: each
// position of Graph.Positions has a chain of call sites (the call that
// inlined the code at the position, the call that inlined that call, and
// so on out to the specialization), so that a stage after the frontend
// (an emitter) reports an error in an inlined call as the frontend does,
// with its chain. Chains are interned as a tree, Graph.Calls: a chain is
// the index of its innermost call, whose Up is the chain of the caller;
// 0 is the empty chain. A chain costs one entry per distinct call site
// and caller chain, whatever the number of nodes.

// Chain names an interned chain of call sites: an index into Graph.Calls
// (0 is the empty chain).
type Chain int32

// Call is one entry of Graph.Calls: a call site, and the chain of call
// sites of the code that made the call.
type Call struct {
	Site CallSite
	Up   Chain
}

// CallChain returns the call sites through which n's code was inlined,
// innermost first (nil if none is known).
func (g *Graph) CallChain(n *Node) []CallSite {
	var sites []CallSite
	if int(n.Pos) < len(g.chains) {
		for c := g.chains[n.Pos]; c != 0; c = g.Calls[c].Up {
			sites = append(sites, g.Calls[c].Site)
		}
	}
	return sites
}

// Inline returns the chain of code inlined by the call at site, made in
// code whose chain is up.
func (b *Builder) Inline(up Chain, site CallSite) Chain {
	k := Call{Site: site, Up: up}
	if c, ok := b.callIdx[k]; ok {
		return c
	}
	if len(b.g.Calls) == 0 {
		b.g.Calls = []Call{{}} // the empty chain
	}
	c := Chain(len(b.g.Calls))
	b.g.Calls = append(b.g.Calls, k)
	b.callIdx[k] = c
	return c
}

// AtIn sets the source position of the nodes built from now on, in code
// inlined through the chain c (see At).
func (b *Builder) AtIn(p token.Position, c Chain) {
	if !p.IsValid() {
		b.pos = 0
		return
	}
	k := posKey{p, c}
	pos, ok := b.posIdx[k]
	if !ok {
		pos = Pos(len(b.g.Positions))
		b.g.Positions = append(b.g.Positions, p)
		for len(b.g.chains) < int(pos) {
			b.g.chains = append(b.g.chains, 0)
		}
		b.g.chains = append(b.g.chains, c)
		b.posIdx[k] = pos
	}
	b.pos = pos
}

// AtNode sets the source position of the nodes built from now on to that
// of n, a node of g, with its chain (a pass rebuilding g).
func (b *Builder) AtNode(g *Graph, n *Node) {
	sites := g.CallChain(n)
	c := Chain(0)
	for i := len(sites) - 1; i >= 0; i-- {
		c = b.Inline(c, sites[i])
	}
	b.AtIn(g.Position(n), c)
}

// posKey interns a position with its chain.
type posKey struct {
	p token.Position
	c Chain
}

// ShortChain returns sites, or for a chain of more than 12 sites (a deep
// recursion) its first 6 and last 4 with a site between them saying how
// many were left out: they tell the story.
func ShortChain(sites []CallSite) []CallSite {
	n := len(sites)
	if n <= 12 {
		return sites
	}
	return append(sites[:6:6], append([]CallSite{{Caller: fmt.Sprintf("... (%d more calls)", n-10)}}, sites[n-4:]...)...)
}
