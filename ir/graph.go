package ir

import (
	"go/token"
	"sync/atomic"
)

// Pos is a source position with its chain of inlined calls, interned in
// its graph (Graph.Position, Graph.CallChain; 0 is unknown).
type Pos int32

// NodeFlags are per-node facts decided when the node is built.
type NodeFlags uint8

// The node flags.
const (
	// FlagTrap marks a node that may panic at run time with its actual
	// arguments (a division by a non-constant, an index, a call that may
	// panic). Such a node must not run on a path where the source would not.
	FlagTrap NodeFlags = 1 << iota
)

// Node binds a symbol to an operator applied to arguments. Expression
// arguments come first, then block arguments, in the order of the op.
type Node struct {
	Sym    Sym
	Op     Op
	Flags  NodeFlags
	Pos    Pos
	Type   *Type
	Args   []Exp
	Blocks []*Block
	Aux    any            // Callee, *StaticData, proj index, or nil
	Eff    *EffectSummary // nil for a pure node
}

// CanTrap reports whether the node may panic at run time.
func (n *Node) CanTrap() bool { return n.Flags&FlagTrap != 0 }

// IsPure reports whether the node has no effect summary.
func (n *Node) IsPure() bool { return n.Eff.IsEmpty() }

// Block is a scope: inputs, a result, an effect input, and an effect
// summary. It lists no nodes: which nodes it contains is decided by the
// scheduler from the dependencies.
type Block struct {
	In  []Sym
	Res Exp
	Ein Sym
	Eff EffectSummary
}

// Bound returns the symbols the block binds: its effect input, then its
// inputs.
func (b *Block) Bound() []Sym {
	return append([]Sym{b.Ein}, b.In...)
}

// Used calls f for the symbols the block uses: its result (if a symbol),
// and its hard dependencies.
func (b *Block) Used(f func(Sym)) {
	if b.Res.IsSym() {
		f(b.Res.s)
	}
	for _, s := range b.Eff.Hdeps {
		f(s)
	}
}

// Graph is a staged function: its nodes, in an order in which every node
// comes after its arguments (except references to a λ through its
// λforward), and its top-level block.
type Graph struct {
	Nodes []*Node
	Block *Block

	// positions holds the position of each Pos: a place and a chain of
	// inlined calls (calls.go); positions[0] is the unknown position.
	// places are the distinct source positions (places[0] is the zero
	// Position), sites the distinct call sites, and Calls the interned
	// chains of inlined call sites (calls.go).
	positions []posEntry
	places    []token.Position
	sites     []CallSite
	Calls     []Call

	heaps []Sym          // the heap alias classes (symbols bound by no block)
	defs  symTab[*Node]  // node by symbol, nil for bound symbols
	types symTab[*Type]  // type of every symbol, including block inputs
	names symTab[string] // source names, "" where unknown

	// flat is the Flat DCE made of the graph with it, until TakeFlat
	// takes it (the scheduler, which would flatten the graph again).
	flat atomic.Pointer[Flat]
}

// TakeFlat returns the graph's Flat if DCE made the graph and its Flat
// has not been taken yet, else nil (then NewFlat makes one). The Flat is
// given once: its arrays are its taker's to change, and the graph holds
// no more of them. The graph's nodes must not have been changed since
// DCE made it (a Graph is not changed once built: passes make new ones);
// a Flat whose node count is no longer the graph's is not given.
func (g *Graph) TakeFlat() *Flat {
	f := g.flat.Swap(nil)
	if f != nil && (f.Graph != g || len(f.Sym) != len(g.Nodes)) {
		return nil
	}
	return f
}

// flatOf returns the graph's Flat, taken (TakeFlat) or made (NewFlat).
func flatOf(g *Graph) *Flat {
	if f := g.TakeFlat(); f != nil {
		return f
	}
	return NewFlat(g)
}

// Heaps returns the symbols that name heap alias classes: effect keys for
// memory the graph does not own (slices of one element type that may
// alias). They are neither nodes nor bound by a block.
func (g *Graph) Heaps() []Sym { return g.heaps }

// NumSyms returns one more than the largest symbol of the graph.
func (g *Graph) NumSyms() int { return g.types.len() }

// Def returns the node that defines s, or nil if s is bound by a block.
func (g *Graph) Def(s Sym) *Node {
	if int(s) < g.defs.len() {
		return g.defs.at(s)
	}
	return nil
}

// TypeOf returns the type of e.
func (g *Graph) TypeOf(e Exp) *Type {
	if e.c != nil {
		return e.c.Type
	}
	return g.types.at(e.s)
}

// Name returns the source name of s, or "" if it has none.
func (g *Graph) Name(s Sym) string {
	if int(s) < g.names.len() {
		return g.names.at(s)
	}
	return ""
}

// Position returns the source position of n.
func (g *Graph) Position(n *Node) token.Position {
	return g.places[g.positions[n.Pos].place]
}

// WithNodes returns a graph with the same symbols, types, names and
// positions as g but the given nodes and top-level block (for passes such
// as DCE that drop or rewrite nodes).
func (g *Graph) WithNodes(nodes []*Node, block *Block) *Graph {
	h := g.withNodes(nodes, block)
	for _, n := range nodes {
		h.defs.set(n.Sym, n)
	}
	return h
}

// withNodes is WithNodes without the definitions: the caller fills defs.
func (g *Graph) withNodes(nodes []*Node, block *Block) *Graph {
	h := &Graph{Nodes: nodes, Block: block, positions: g.positions, places: g.places, sites: g.sites, Calls: g.Calls, types: g.types.share(), names: g.names.share(), heaps: g.heaps}
	h.defs = newSymTab[*Node](g.types.len())
	return h
}

// Blocks calls f for every block of the graph: the top-level block, then
// the blocks of each node in node order.
func (g *Graph) Blocks(f func(*Block)) {
	f(g.Block)
	for _, n := range g.Nodes {
		for _, b := range n.Blocks {
			f(b)
		}
	}
}
