package ir

import (
	"fmt"
	"go/token"
	"math"
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
	k := callKey{at: b.place(site.Pos), caller: b.callers.id(site.Caller), up: up}
	if c, ok := b.callIdx[k]; ok {
		return c
	}
	if len(b.g.Calls) == 0 {
		b.g.Calls = []Call{{}} // the empty chain
	}
	c := Chain(len(b.g.Calls))
	b.g.Calls = append(b.g.Calls, Call{Site: site, Up: up})
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
	k := posKey{b.place(p), c}
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

// The keys that intern positions and call sites hold no string: a
// position is its file's number and its offset, line and column, and a
// caller its number. They are small, hashed without reading a string, and
// hold no pointer (the maps are not scanned by the collector), for the
// positions and calls of every frame the evaluator runs.

// placeKey is a token.Position as a key.
type placeKey struct {
	file, off, line, col int32
}

// posKey interns a position with its chain.
type posKey struct {
	at placeKey
	c  Chain
}

// callKey interns a call site with the chain of the caller.
type callKey struct {
	at     placeKey
	caller int32
	up     Chain
}

// place returns the key of p.
func (b *Builder) place(p token.Position) placeKey {
	if p.Offset > math.MaxInt32 || p.Line > math.MaxInt32 || p.Column > math.MaxInt32 {
		panic(fmt.Sprintf("BUG: source position %v beyond 2^31", p))
	}
	return placeKey{file: b.files.id(p.Filename), off: int32(p.Offset), line: int32(p.Line), col: int32(p.Column)}
}

// interner numbers strings; the string it numbered last is looked up
// without the map (positions come in runs of one file).
type interner struct {
	ids    map[string]int32
	last   string
	lastID int32
}

// id returns the number of s.
func (in *interner) id(s string) int32 {
	if in.ids != nil && s == in.last {
		return in.lastID
	}
	if in.ids == nil {
		in.ids = map[string]int32{}
	}
	id, ok := in.ids[s]
	if !ok {
		id = int32(len(in.ids))
		in.ids[s] = id
	}
	in.last, in.lastID = s, id
	return id
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
