package ir

import (
	"fmt"
	"runtime"
	"sync"
)

// Flat is a graph's nodes and blocks as flat arrays, made in one walk over
// the nodes, for passes that scan the whole graph several times (DCE, the
// scheduler): they read arrays in order instead of chasing the nodes'
// pointers, and allocate a few arrays rather than objects per node.
// A Flat is read-only; it describes the graph it was made from.
//
// Nodes are named by their index in Graph.Nodes, blocks by a dense id: 0
// is the top-level block, then the blocks of each node, in node order.
// Each node has a list of edges, the symbols it depends on, in this order:
// its symbol arguments (EdgeArg), its hard dependencies (EdgeHdep), its
// soft dependencies (EdgeSdep), then for each of its blocks k the block's
// result if it is a symbol (EdgeBlock+3k), its hard dependencies
// (EdgeBlock+3k+1) and its soft dependencies (EdgeBlock+3k+2).
type Flat struct {
	Graph  *Graph
	Sym    []Sym      // node index -> symbol
	Op     []Op       // node index -> operator
	Bits   []NodeBits // node index -> facts about the node
	Index  []int32    // symbol -> index of the node defining it + 1 (0: none)
	Start  []int32    // node index -> its first edge; node i's edges are [Start[i], Start[i+1])
	Dep    []Sym      // edge -> the symbol it names
	Target []int32    // edge -> index of the node defining its symbol, -1 for a symbol a block binds
	Kind   []EdgeKind // edge -> kind
	First  []int32    // node index -> id of its first block; node i's blocks are [First[i], First[i+1])
	Blocks []*Block   // block id -> block
	Binds  []int32    // block id -> its first bound symbol; block b binds Bound[Binds[b]:Binds[b+1]]
	Bound  []Sym      // the symbols the blocks bind, each block's effect input first, then its inputs

	// The symbol keys the nodes that have BitWriteSym write, for DCE (only
	// in a Flat made by NewFlat): writes[k] names a node, its keys are
	// wkeys[wstart[k]:wstart[k+1]].
	writes, wstart []int32
	wkeys          []Key
}

// EdgeKind says how a node depends on the symbol of an edge (see Flat).
type EdgeKind uint8

// The kinds of edges. An edge of kind k >= EdgeBlock belongs to the block
// (k-EdgeBlock)/3 of its node; (k-EdgeBlock)%3 is 0 for the block's
// result, 1 for a hard and 2 for a soft dependency of the block.
const (
	EdgeArg EdgeKind = iota
	EdgeHdep
	EdgeSdep
	EdgeBlock
)

// maxFlatBlocks is the most blocks a node may have in a Flat (edge kinds
// are bytes).
const maxFlatBlocks = (256 - int(EdgeBlock)) / 3

// NodeBits are facts about a node, recorded in a Flat so that passes need
// not read the node.
type NodeBits uint8

// The node bits.
const (
	BitTrap     NodeBits = 1 << iota // CanTrap
	BitEffect                        // not IsPure: the effect summary is not empty
	BitSimple                        // Eff.HasSimpleEffect: writes CTRL, STORE or TRAP
	BitWriteSym                      // writes a symbol key (a variable, an object, a heap class)
	BitWrite                         // writes a key other than TRAP
	BitReadSym                       // reads a symbol key
	BitVoid                          // its type is Void
	BitTuple                         // its type is a tuple
)

// BitsOf returns the facts NodeBits records about n.
func BitsOf(n *Node) NodeBits {
	var b NodeBits
	if n.CanTrap() {
		b |= BitTrap
	}
	if e := n.Eff; e != nil {
		if !e.IsEmpty() {
			b |= BitEffect
		}
		for _, k := range e.Wkeys {
			switch {
			case k.IsSym():
				b |= BitWriteSym | BitWrite
			case k == TRAP:
				b |= BitSimple
			default:
				b |= BitSimple | BitWrite
			}
		}
		for _, k := range e.Rkeys {
			if k.IsSym() {
				b |= BitReadSym
			}
		}
	}
	switch {
	case n.Type == Void:
		b |= BitVoid
	case n.Type != nil && n.Type.Kind == KTuple:
		b |= BitTuple
	}
	return b
}

// NewFlat flattens g in one walk over its nodes. It panics on a symbol
// defined twice.
//
// The walk is what costs (reading every node's scattered objects), and
// each node's arrays depend only on the node: a large graph is walked by
// two goroutines, one per half of the nodes, each appending to its own
// part of the same arrays (the second half's edges and blocks from the
// middle of their room), and the second part is then moved down to follow
// the first, its offsets moved with it. The result is the same as one
// walk's.
func NewFlat(g *Graph) *Flat { return newFlat(g, spareArrays()) }

// newFlat is NewFlat in the arrays of sp where they are large enough (sp
// may be nil).
func newFlat(g *Graph, sp *flatArrays) *Flat {
	nn := len(g.Nodes)
	f := &Flat{Graph: g, Index: make([]int32, g.NumSyms())}
	f.alloc(nn, 3*nn, nn/4, nn/4, sp)
	if nn < parallelFlat || runtime.GOMAXPROCS(0) < 2 {
		f.block(g.Block)
		f.walk(g.Nodes, 0)
	} else {
		h := nn / 2
		whole := *f
		second := &Flat{Graph: g}
		f.cut(second, h)
		both(func() {
			f.block(g.Block)
			f.walk(g.Nodes[:h], 0)
		}, func() { second.walk(g.Nodes[h:], int32(h)) })
		f.join(&whole, second, h)
	}
	f.indexNodes(0)
	f.wstart = append(f.wstart, int32(len(f.wkeys)))
	f.finish()
	return f
}

// parallelFlat is the number of nodes from which NewFlat walks the graph
// with two goroutines (and twice that the number of edges from which
// finish resolves them with two); a variable for the tests.
var parallelFlat = 1 << 15

// walk appends nodes, the first of which has index base, and records the
// symbol keys of those that write symbols.
func (f *Flat) walk(nodes []*Node, base int32) {
	for k, n := range nodes {
		f.add(n)
		if f.Bits[len(f.Bits)-1]&BitWriteSym != 0 {
			f.writes = append(f.writes, base+int32(k))
			f.wstart = append(f.wstart, int32(len(f.wkeys)))
			for _, k := range n.Eff.Wkeys {
				if k.IsSym() {
					f.wkeys = append(f.wkeys, k)
				}
			}
		}
	}
}

// cut gives s the second part of f's empty arrays, for the nodes from
// index h on: their node entries from h, their edges, blocks and bound
// symbols from the middle of the room alloc made. f keeps the first part.
func (f *Flat) cut(s *Flat, h int) {
	s.Sym, f.Sym = f.Sym[h:h], f.Sym[:0:h]
	s.Op, f.Op = f.Op[h:h], f.Op[:0:h]
	s.Bits, f.Bits = f.Bits[h:h], f.Bits[:0:h]
	s.Start, f.Start = f.Start[h:h], f.Start[:0:h]
	s.First, f.First = f.First[h:h], f.First[:0:h]
	e := cap(f.Dep) / 2
	s.Dep, f.Dep = f.Dep[e:e], f.Dep[:0:e]
	s.Kind, f.Kind = f.Kind[e:e], f.Kind[:0:e]
	b := cap(f.Blocks) / 2
	s.Blocks, f.Blocks = f.Blocks[b:b], f.Blocks[:0:b]
	s.Binds, f.Binds = f.Binds[b:b], f.Binds[:0:b]
	v := cap(f.Bound) / 2
	s.Bound, f.Bound = f.Bound[v:v], f.Bound[:0:v]
}

// join appends s, the second part cut from whole's arrays, to f, the
// first, moving s's offsets: after it, f has the arrays of one walk.
func (f *Flat) join(whole, s *Flat, h int) {
	de, db, dv, dw := int32(len(f.Dep)), int32(len(f.Blocks)), int32(len(f.Bound)), int32(len(f.wkeys))
	nb, nw := len(f.Binds), len(f.wstart)
	f.Sym = joinPart(whole.Sym, f.Sym, s.Sym, h)
	f.Op = joinPart(whole.Op, f.Op, s.Op, h)
	f.Bits = joinPart(whole.Bits, f.Bits, s.Bits, h)
	f.Start = joinPart(whole.Start, f.Start, s.Start, h)
	f.First = joinPart(whole.First, f.First, s.First, h)
	f.Dep = joinPart(whole.Dep, f.Dep, s.Dep, cap(whole.Dep)/2)
	f.Kind = joinPart(whole.Kind, f.Kind, s.Kind, cap(whole.Kind)/2)
	f.Blocks = joinPart(whole.Blocks, f.Blocks, s.Blocks, cap(whole.Blocks)/2)
	f.Binds = joinPart(whole.Binds, f.Binds, s.Binds, cap(whole.Blocks)/2)
	f.Bound = joinPart(whole.Bound, f.Bound, s.Bound, cap(whole.Bound)/2)
	f.writes = append(f.writes, s.writes...)
	f.wstart = append(f.wstart, s.wstart...)
	f.wkeys = append(f.wkeys, s.wkeys...)
	shift(f.Start[h:], de)
	shift(f.First[h:], db)
	shift(f.Binds[nb:], dv)
	shift(f.wstart[nw:], dw)
}

// joinPart returns x followed by y, where x is whole[:0:k] and y is
// whole[k:k] after appends: in whole's memory, y moved down to follow x,
// unless one of them outgrew its room (and was moved by append).
func joinPart[T any](whole, x, y []T, k int) []T {
	if cap(x) == k && cap(y) == cap(whole)-k { // append grows a slice's capacity
		n := copy(whole[len(x):cap(whole)], whole[k:k+len(y)])
		return whole[:len(x)+n]
	}
	return append(x[:len(x):len(x)], y...)
}

// shift adds d to every element of a.
func shift(a []int32, d int32) {
	for i := range a {
		a[i] += d
	}
}

// indexNodes records in Index the symbols of the nodes from index lo on.
func (f *Flat) indexNodes(lo int32) {
	for i := lo; i < int32(len(f.Sym)); i++ {
		s := f.Sym[i]
		if int(s) >= len(f.Index) || s < 0 || f.Index[s] != 0 {
			panic(fmt.Sprintf("BUG: ir: node %v defined twice or out of range", s))
		}
		f.Index[s] = i + 1
	}
}

// alloc makes room for nn nodes, ne edges, nb blocks and nv bound
// symbols, in the arrays of sp (a Flat given back, see Release) where
// they are large enough; sp may be nil. First and Blocks are always new
// (a Flat's user may keep them).
func (f *Flat) alloc(nn, ne, nb, nv int, sp *flatArrays) {
	if sp == nil {
		sp = &flatArrays{}
	}
	f.Sym = room(sp.sym, nn)
	f.Op = room(sp.op, nn)
	f.Bits = room(sp.bits, nn)
	f.Start = room(sp.start, nn+1)
	f.First = make([]int32, 0, nn+1)
	f.Dep = room(sp.dep, ne)
	f.Kind = room(sp.kind, ne)
	f.Target = sp.target[:0] // finish sizes it
	f.Blocks = make([]*Block, 0, nb+1)
	f.Binds = room(sp.binds, nb+2)
	f.Bound = room(sp.bound, nv+2)
	f.writes, f.wstart, f.wkeys = sp.writes[:0], sp.wstart[:0], sp.wkeys[:0]
}

// reuse makes f's arrays those of src, emptied: f is made in place of
// src, whose contents are lost as f grows. Nodes must be added at no
// higher position than src holds them (see copyNodes).
func (f *Flat) reuse(src *Flat) {
	f.Sym, f.Op, f.Bits = src.Sym[:0], src.Op[:0], src.Bits[:0]
	f.Start, f.First = src.Start[:0], src.First[:0]
	f.Dep, f.Kind, f.Target = src.Dep[:0], src.Kind[:0], src.Target[:0]
	f.Blocks, f.Binds, f.Bound = src.Blocks[:0], src.Binds[:0], src.Bound[:0]
	f.Index = src.Index
	clear(f.Index)
}

// edgeCount returns the number of edges add appends for n.
func edgeCount(n *Node) int {
	c := 0
	for _, a := range n.Args {
		if a.IsSym() {
			c++
		}
	}
	if n.Eff != nil {
		c += len(n.Eff.Hdeps) + len(n.Eff.Sdeps)
	}
	for _, b := range n.Blocks {
		if b.Res.IsSym() {
			c++
		}
		c += len(b.Eff.Hdeps) + len(b.Eff.Sdeps)
	}
	return c
}

// add appends node n.
func (f *Flat) add(n *Node) {
	f.begin(n.Sym, n.Op, BitsOf(n))
	for _, a := range n.Args {
		if a.IsSym() {
			f.edge(a.s, EdgeArg)
		}
	}
	if n.Eff != nil {
		f.edges(n.Eff.Hdeps, EdgeHdep)
		f.edges(n.Eff.Sdeps, EdgeSdep)
	}
	if len(n.Blocks) > maxFlatBlocks {
		panic(fmt.Sprintf("BUG: ir: %v has more than %d blocks", n.Sym, maxFlatBlocks))
	}
	for k, b := range n.Blocks {
		f.block(b)
		kind := EdgeBlock + 3*EdgeKind(k)
		if b.Res.IsSym() {
			f.edge(b.Res.s, kind)
		}
		f.edges(b.Eff.Hdeps, kind+1)
		f.edges(b.Eff.Sdeps, kind+2)
	}
}

// block appends block b.
func (f *Flat) block(b *Block) {
	f.Blocks = append(f.Blocks, b)
	f.Binds = append(f.Binds, int32(len(f.Bound)))
	f.Bound = append(f.Bound, b.Ein)
	f.Bound = append(f.Bound, b.In...)
}

// copyNodes appends the nodes [lo, hi) of src unchanged. src may be the
// Flat f reuses (see reuse): its nodes only move down, and every entry of
// src is read before its position is written.
func (f *Flat) copyNodes(src *Flat, lo, hi int32) {
	if lo == hi {
		return
	}
	e0, e1 := src.Start[lo], src.Start[hi]
	b0, b1 := src.First[lo], src.First[hi]
	v0, v1 := src.Binds[b0], src.Binds[b1]
	de := int32(len(f.Dep)) - e0
	db := int32(len(f.Blocks)) - b0
	dv := int32(len(f.Bound)) - v0
	for i := lo; i < hi; i++ {
		s := src.Sym[i]
		if int(s) >= len(f.Index) || f.Index[s] != 0 {
			panic(fmt.Sprintf("BUG: ir: node %v defined twice or out of range", s))
		}
		f.Index[s] = int32(len(f.Start)) + 1
		f.Start = append(f.Start, src.Start[i]+de)
		f.First = append(f.First, src.First[i]+db)
	}
	for b := b0; b < b1; b++ {
		f.Binds = append(f.Binds, src.Binds[b]+dv)
	}
	f.Sym = append(f.Sym, src.Sym[lo:hi]...)
	f.Op = append(f.Op, src.Op[lo:hi]...)
	f.Bits = append(f.Bits, src.Bits[lo:hi]...)
	f.Dep = append(f.Dep, src.Dep[e0:e1]...)
	f.Kind = append(f.Kind, src.Kind[e0:e1]...)
	f.Blocks = append(f.Blocks, src.Blocks[b0:b1]...)
	f.Bound = append(f.Bound, src.Bound[v0:v1]...)
}

func (f *Flat) begin(s Sym, op Op, bits NodeBits) {
	f.Sym = append(f.Sym, s)
	f.Op = append(f.Op, op)
	f.Bits = append(f.Bits, bits)
	f.Start = append(f.Start, int32(len(f.Dep)))
	f.First = append(f.First, int32(len(f.Blocks)))
}

func (f *Flat) edge(s Sym, k EdgeKind) {
	f.Dep = append(f.Dep, s)
	f.Kind = append(f.Kind, k)
}

func (f *Flat) edges(ss []Sym, k EdgeKind) {
	for _, s := range ss {
		f.edge(s, k)
	}
}

// finish closes the node and block arrays and resolves the edges'
// targets.
func (f *Flat) finish() {
	f.Start = append(f.Start, int32(len(f.Dep)))
	f.First = append(f.First, int32(len(f.Blocks)))
	f.Binds = append(f.Binds, int32(len(f.Bound)))
	if cap(f.Target) >= len(f.Dep) {
		f.Target = f.Target[:len(f.Dep)]
	} else {
		f.Target = make([]int32, len(f.Dep))
	}
	ne := len(f.Dep)
	if ne < 2*parallelFlat || runtime.GOMAXPROCS(0) < 2 {
		f.resolve(0, ne)
		return
	}
	both(func() { f.resolve(0, ne/2) }, func() { f.resolve(ne/2, ne) })
}

// both runs a on the calling goroutine and b on another, and returns when
// both are done. A panic in b (a broken invariant) is raised again here.
func both(a, b func()) {
	var wg sync.WaitGroup
	var failed any
	wg.Go(func() {
		defer func() { failed = recover() }()
		b()
	})
	a()
	wg.Wait()
	if failed != nil {
		panic(failed)
	}
}

// resolve sets the targets of the edges [lo, hi).
func (f *Flat) resolve(lo, hi int) {
	for e, s := range f.Dep[lo:hi] {
		if int(s) >= len(f.Index) || s < 0 {
			panic(fmt.Sprintf("BUG: ir: edge to %v, out of range", s))
		}
		f.Target[lo+e] = f.Index[s] - 1
	}
}

// Binders returns the symbols block b binds: its effect input, then its
// inputs.
func (f *Flat) Binders(b int32) []Sym { return f.Bound[f.Binds[b]:f.Binds[b+1]] }

// Len returns the number of nodes.
func (f *Flat) Len() int { return len(f.Sym) }

// Edges returns the range of node i's edges.
func (f *Flat) Edges(i int32) (lo, hi int32) { return f.Start[i], f.Start[i+1] }

// NodeOf returns the index of the node defining s, or -1.
func (f *Flat) NodeOf(s Sym) int32 {
	if int(s) < len(f.Index) {
		return f.Index[s] - 1
	}
	return -1
}
