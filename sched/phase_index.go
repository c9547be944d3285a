package sched

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// index numbers the nodes and blocks of the graph densely and copies what
// the later phases read into flat arrays, in one walk over the graph: for
// every node its operator, its properties, and its edges (arguments, hard
// and soft dependencies, and the results and dependencies of its blocks);
// then, from those, every node's uses. Later phases scan arrays in order
// instead of chasing the graph's pointers.
//
// Needs: dce. Must run after: prune (which may index again), then early,
// anchor, place, order and compact use its tables.
func index(st *state) {
	g := st.g
	ns := g.NumSyms()
	nn := len(g.Nodes)
	st.idx = make([]int32, ns)
	st.binder = make([]int32, ns)
	for i := range st.binder {
		st.binder[i] = -1
	}
	st.firstBlock = make([]int32, nn+1)
	st.blocks = append(st.blocks, g.Block)
	st.owner = append(st.owner, -1)
	st.slot = append(st.slot, 0)
	f := &st.flat
	f.estart = make([]int32, nn+1)
	f.op = make([]ir.Op, nn)
	f.sym = make([]ir.Sym, nn)
	f.props = make([]uint8, nn)
	f.esym = make([]int32, 0, 3*nn)
	f.ekind = make([]uint8, 0, 3*nn)
	edge := func(s ir.Sym, kind uint8) {
		f.esym = append(f.esym, int32(s))
		f.ekind = append(f.ekind, kind)
	}
	for i, n := range g.Nodes {
		if int(n.Sym) >= ns || st.idx[n.Sym] != 0 {
			panic(fmt.Sprintf("BUG: sched: node %v defined twice or out of range", n.Sym))
		}
		st.idx[n.Sym] = int32(i + 1)
		st.firstBlock[i] = int32(len(st.blocks))
		f.estart[i] = int32(len(f.esym))
		f.op[i] = n.Op
		f.sym[i] = n.Sym
		f.props[i] = propsOf(n)
		for _, a := range n.Args {
			if a.IsSym() {
				edge(a.Sym(), eArg)
			}
		}
		if n.Eff != nil {
			for _, s := range n.Eff.Hdeps {
				edge(s, eHdep)
			}
			for _, s := range n.Eff.Sdeps {
				edge(s, eSdep)
			}
		}
		for k, b := range n.Blocks {
			st.blocks = append(st.blocks, b)
			st.owner = append(st.owner, int32(i))
			st.slot = append(st.slot, int32(k))
			kind := eBlock + 3*uint8(k)
			if b.Res.IsSym() {
				edge(b.Res.Sym(), kind)
			}
			for _, s := range b.Eff.Hdeps {
				edge(s, kind+1)
			}
			for _, s := range b.Eff.Sdeps {
				edge(s, kind+2)
			}
		}
	}
	st.firstBlock[nn] = int32(len(st.blocks))
	f.estart[nn] = int32(len(f.esym))
	st.ein = make([]ir.Sym, len(st.blocks))
	for id, b := range st.blocks {
		st.ein[id] = b.Ein
		for _, s := range append([]ir.Sym{b.Ein}, b.In...) {
			if int(s) >= ns || st.binder[s] >= 0 || st.idx[s] != 0 {
				panic(fmt.Sprintf("BUG: sched: %v bound twice, out of range, or also a node", s))
			}
			st.binder[s] = int32(id)
		}
	}
	// Edge targets: node indices, or -2-symbol for bound symbols, in place
	// of the symbols.
	f.etgt = f.esym
	f.esym = nil
	start := make([]int32, nn+1) // uses: count, then fill
	for e, t := range f.etgt {
		s := ir.Sym(t)
		if int(s) >= ns || st.idx[s] == 0 && st.binder[s] < 0 {
			panic(fmt.Sprintf("BUG: sched: %v is neither a node nor bound by a block", s))
		}
		j := st.idx[s]
		if j == 0 {
			f.etgt[e] = -2 - t
			continue
		}
		f.etgt[e] = j - 1
		start[j]++
	}
	for i := 1; i <= nn; i++ {
		start[i] += start[i-1]
	}
	st.users.start = start
	st.users.data = make([]use, start[nn])
	next := append([]int32(nil), start[:nn]...)
	for i := int32(0); i < int32(nn); i++ {
		for e := f.estart[i]; e < f.estart[i+1]; e++ {
			j := f.etgt[e]
			if j < 0 {
				continue
			}
			kind := int32(useArg)
			switch k := f.ekind[e]; {
			case k == eArg && f.op[i] == ir.OpForward && e == f.estart[i]:
				kind = useForward
			case k == eSdep:
				kind = useSoft
			case k >= eBlock:
				blk := int32(k-eBlock) / 3
				kind = useBlock + 2*blk
				if (k-eBlock)%3 == 2 {
					kind++
				}
			}
			st.users.data[next[j]] = use(i)<<3 | use(kind)
			next[j]++
		}
	}
	st.topUse = make([]bool, nn)
	mark := func(s ir.Sym) {
		if j := st.nodeOf(s); j >= 0 {
			st.topUse[j] = true
		}
	}
	g.Block.Used(mark)
	for _, s := range g.Block.Eff.Sdeps {
		mark(s)
	}
}

// flat holds the graph's nodes as arrays (see index).
type flat struct {
	sym    []ir.Sym
	op     []ir.Op
	props  []uint8 // node index -> prop bits
	estart []int32 // node index -> first edge; edges of node i are [estart[i], estart[i+1])
	esym   []int32 // edge targets, as symbols, while index builds etgt
	etgt   []int32 // edge targets: node index, or -2-symbol for a bound symbol
	ekind  []uint8
}

// The kinds of edges, in the order a node's edges are listed: arguments,
// hard dependencies, soft dependencies, then for each block k the result
// (eBlock+3k), hard dependencies (+1) and soft dependencies (+2).
const (
	eArg uint8 = iota
	eHdep
	eSdep
	eBlock
)

// Node properties.
const (
	propTrap   uint8 = 1 << iota // can trap
	propEff                      // has a non-empty effect summary
	propInline                   // may be an expression (mayInline)
	propCall                     // a call for Go's order of evaluation (isCall)
	propWrite                    // writes memory or output (writes)
	propRead                     // reads memory (readsMemory)
	propCheap                    // cheap (duplicable)
)

func propsOf(n *ir.Node) uint8 {
	var p uint8
	if n.CanTrap() {
		p |= propTrap
	}
	if !n.Eff.IsEmpty() {
		p |= propEff
	}
	if mayInline(n) {
		p |= propInline
	}
	if isCall(n) {
		p |= propCall
	}
	if writes(n) {
		p |= propWrite
	}
	if readsMemory(n) {
		p |= propRead
	}
	if cheap(n) {
		p |= propCheap
	}
	return p
}

// A use records that a node uses a node, and how: the user's index and
// the kind of use, in one word.
type use uint32

func (u use) from() int32 { return int32(u >> 3) }
func (u use) kind() int32 { return int32(u & 7) }

// The kinds of use. A use through block k of the user has kind
// useBlock+2k (the block's result or hard dependencies) or useBlock+2k+1
// (its soft dependencies).
const (
	useArg     = 0 // argument or hard dependency
	useSoft    = 1 // soft dependency
	useForward = 2 // the λ named by a λforward
	useBlock   = 3
)

// csr is a compressed sparse row table: the uses of node i are
// data[start[i]:start[i+1]].
type csr struct {
	start []int32
	data  []use
}

func (c *csr) of(i int32) []use { return c.data[c.start[i]:c.start[i+1]] }

// symOf returns the symbol edge e targets.
func (f *flat) symOf(e int32) ir.Sym {
	if t := f.etgt[e]; t >= 0 {
		return f.sym[t]
	}
	return ir.Sym(-2 - f.etgt[e])
}
