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

// Call is one entry of Graph.Calls: a call site (an index into the
// graph's distinct sites), and the chain of call sites of the code that
// made the call. A chain is interned per distinct path of calls, which an
// unrolled recursion makes per call: an entry is 8 bytes, the site it
// names is stored once.
type Call struct {
	site int32
	Up   Chain
}

// posEntry is what a Pos stands for: a place (an index into the graph's
// distinct source positions) and the chain of inlined calls that led
// there. A Pos is interned per place and chain, so per inlined call too.
type posEntry struct {
	place int32
	chain Chain
}

// CallChain returns the call sites through which n's code was inlined,
// innermost first (nil if none is known).
func (g *Graph) CallChain(n *Node) []CallSite {
	var sites []CallSite
	if int(n.Pos) < len(g.positions) {
		for c := g.positions[n.Pos].chain; c != 0; c = g.Calls[c].Up {
			sites = append(sites, g.sites[g.Calls[c].site])
		}
	}
	return sites
}

// Inline returns the chain of code inlined by the call at site, made in
// code whose chain is up.
func (b *Builder) Inline(up Chain, site CallSite) Chain {
	sk := siteKey{at: b.placeOf(site.Pos), caller: b.callers.id(site.Caller)}
	si, ok := b.siteIdx[sk]
	if !ok {
		si = int32(len(b.g.sites))
		b.g.sites = append(b.g.sites, site)
		b.siteIdx[sk] = si
	}
	k := pairKey(si, int32(up))
	if c, ok := b.callIdx[k]; ok {
		return c
	}
	if len(b.g.Calls) == 0 {
		b.g.Calls = []Call{{}} // the empty chain
	}
	c := Chain(len(b.g.Calls))
	b.g.Calls = append(b.g.Calls, Call{site: si, Up: up})
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
	k := pairKey(b.placeOf(p), int32(c))
	pos, ok := b.posIdx[k]
	if !ok {
		pos = Pos(len(b.g.positions))
		b.g.positions = append(b.g.positions, posEntry{place: int32(k >> 32), chain: c})
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
// place is its file's number and its offset, line and column, and a
// caller its number; a position and a call are then two numbers. They are small, hashed without reading a string, and
// hold no pointer (the maps are not scanned by the collector), for the
// positions and calls of every frame the evaluator runs.

// placeKey is a token.Position as a key.
type placeKey struct {
	file, off, line, col int32
}

// siteKey interns a call site: its place and its caller's number.
type siteKey struct {
	at, caller int32
}

// pairKey is the key of two numbers in one word (a position's place and
// chain, a call's site and caller chain).
func pairKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// place returns the key of p.
func (b *Builder) place(p token.Position) placeKey {
	if p.Offset > math.MaxInt32 || p.Line > math.MaxInt32 || p.Column > math.MaxInt32 {
		panic(fmt.Sprintf("BUG: source position %v beyond 2^31", p))
	}
	return placeKey{file: b.files.id(p.Filename), off: int32(p.Offset), line: int32(p.Line), col: int32(p.Column)}
}

// placeOf returns the number of p among the graph's distinct places.
func (b *Builder) placeOf(p token.Position) int32 {
	k := b.place(p)
	i, ok := b.placeIdx[k]
	if !ok {
		i = int32(len(b.g.places))
		b.g.places = append(b.g.places, p)
		b.placeIdx[k] = i
	}
	return i
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
