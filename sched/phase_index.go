package sched

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// index makes the tables the later phases read from the graph's ir.Flat
// (made by dce, or here when dce did not run): for every node its
// operator, its properties and its edges (arguments, hard and soft
// dependencies, and the results and dependencies of its blocks), with the
// targets as node indices; the blocks, their owners and the symbols they
// bind; and every node's uses. Later phases scan arrays in order instead
// of chasing the graph's pointers. Two things only one later phase needs
// are jobs (see parallel.go), made beside the phases that follow: every
// node's uses, for place, and prune's reach pass.
//
// Needs: dce. Must run after: prune (which waits for its reach pass and
// may index again), then early, anchor, place (which waits for the uses),
// order and compact use its tables.
func index(st *state) {
	g := st.g
	if st.fl == nil || st.fl.Graph != g {
		if st.fl = g.TakeFlat(); st.fl == nil {
			st.fl = ir.NewFlat(g)
		}
	}
	fl := st.fl
	ns := g.NumSyms()
	nn := fl.Len()
	st.idx = fl.Index
	st.blocks = fl.Blocks
	st.firstBlock = fl.First
	f := &st.flat
	f.sym, f.op, f.estart, f.ekind, f.dep, f.index = fl.Sym, fl.Op, fl.Start, fl.Kind, fl.Dep, fl.Index
	f.etgt = fl.Target
	if !st.reindexed {
		// prune's pass reads only these arrays: in a large graph it runs
		// on another goroutine while the tables below are made.
		st.reach.start(len(f.etgt), func() reachSet { return reachable(g, f) })
	}
	f.props = st.scratch.bytes.take(nn, false) // every entry set below
	nb := len(st.blocks)
	st.owner = make([]int32, nb)
	st.slot = make([]int32, nb)
	st.bres = make([]int32, nb)
	st.owner[0], st.bres[0] = -1, -1
	if r := g.Block.Res; r.IsSym() {
		st.bres[0] = st.nodeOf(r.Sym())
	}
	for i := range int32(nn) {
		lo, hi := st.firstBlock[i], st.firstBlock[i+1]
		f.props[i] = propsOf(f.op[i], fl.Bits[i], int(hi-lo))
		if lo == hi {
			continue
		}
		for b := lo; b < hi; b++ {
			st.owner[b], st.slot[b], st.bres[b] = i, b-lo, -1
		}
		// The blocks' edges come last; a result that is a node.
		for e := f.estart[i+1] - 1; e >= f.estart[i] && f.ekind[e] >= eBlock; e-- {
			if k := f.ekind[e]; (k-eBlock)%3 == 0 {
				st.bres[lo+int32(k-eBlock)/3] = fl.Target[e]
			}
		}
	}
	st.binder = make([]int32, ns)
	for i := range st.binder {
		st.binder[i] = -1
	}
	st.ein = make([]ir.Sym, nb)
	bind := func(s ir.Sym, id int32) {
		if int(s) >= ns || st.binder[s] >= 0 || st.idx[s] != 0 {
			panic(fmt.Sprintf("BUG: sched: %v bound twice, out of range, or also a node", s))
		}
		st.binder[s] = id
	}
	for id := range int32(nb) {
		bound := fl.Binders(id)
		st.ein[id] = bound[0]
		for _, s := range bound {
			bind(s, id)
		}
	}
	// Only place reads the uses: in a large graph they are tabled on
	// another goroutine while prune, early and anchor run.
	// Its arrays are lent by st.scratch (place and Run give them back),
	// taken here: st.scratch is not for the job's goroutine.
	u := usesTable{
		users:  csr{start: st.scratch.int32s(nn + 2), from: st.scratch.uncleared(len(f.etgt)), kind: st.scratch.bytes.take(len(f.etgt), false)},
		topUse: st.scratch.bools.take(nn, true),
	}
	st.uses.start(len(f.etgt), func() usesTable {
		tableUses(g, f, st.binder, &u)
		return u
	})
}

// usesTable is what tableUses makes.
type usesTable struct {
	users  csr    // node index -> uses of it (see use)
	topUse []bool // node index -> used by the top-level block
}

// tableUses tables every node's uses, and which nodes the top-level
// block uses, in u's arrays: u.users.start holds len(f.op)+2 zeros,
// u.users.from and u.users.kind room for an entry per edge (their
// contents are not read), u.topUse len(f.op) false.
func tableUses(g *ir.Graph, f *flat, binder []int32, u *usesTable) {
	nn := len(f.op)
	start := u.users.start
	// The uses, counted in start[j+2]; the prefix sums make start[j+1]
	// the first use of j, then filling moves it to the first use of j+1.
	for e, j := range f.etgt {
		if j < 0 {
			if s := f.dep[e]; binder[s] < 0 {
				panic(fmt.Sprintf("BUG: sched: %v is neither a node nor bound by a block", s))
			}
			continue
		}
		start[j+2]++
	}
	for i := 2; i <= nn+1; i++ {
		start[i] += start[i-1]
	}
	users := csr{from: u.users.from[:start[nn+1]], kind: u.users.kind[:start[nn+1]]}
	for i := int32(0); i < int32(nn); i++ {
		for e := f.estart[i]; e < f.estart[i+1]; e++ {
			j := f.etgt[e]
			if j < 0 {
				continue
			}
			kind := uint8(useArg)
			switch k := f.ekind[e]; {
			case k == eArg && f.op[i] == ir.OpForward && e == f.estart[i]:
				kind = useForward
			case k == eSdep:
				kind = useSoft
			case k >= eBlock:
				blk := uint8(k-eBlock) / 3
				kind = useBlock + 2*blk
				if (k-eBlock)%3 == 2 {
					kind++
				}
			}
			users.from[start[j+1]], users.kind[start[j+1]] = i, kind
			start[j+1]++
		}
	}
	users.start = start[:nn+1]
	topUse := u.topUse
	mark := func(s ir.Sym) {
		if int(s) < len(f.index) && f.index[s] > 0 {
			topUse[f.index[s]-1] = true
		}
	}
	g.Block.Used(mark)
	for _, s := range g.Block.Eff.Sdeps {
		mark(s)
	}
	u.users = users
}

// flat holds the graph's nodes as arrays (see index).
type flat struct {
	sym    []ir.Sym
	op     []ir.Op
	props  []uint8  // node index -> prop bits
	estart []int32  // node index -> first edge; edges of node i are [estart[i], estart[i+1])
	etgt   []int32  // edge -> target node index, -1 for a bound symbol
	dep    []ir.Sym // edge -> target symbol
	index  []int32  // symbol -> node index + 1 (0: not a node)
	ekind  []ir.EdgeKind
}

// The kinds of edges, in the order a node's edges are listed: arguments,
// hard dependencies, soft dependencies, then for each block k the result
// (eBlock+3k), hard dependencies (+1) and soft dependencies (+2).
const (
	eArg   = ir.EdgeArg
	eHdep  = ir.EdgeHdep
	eSdep  = ir.EdgeSdep
	eBlock = ir.EdgeBlock
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

// propsOf returns the properties of a node with operator op, facts bits
// and nblocks blocks.
func propsOf(op ir.Op, bits ir.NodeBits, nblocks int) uint8 {
	var p uint8
	if bits&ir.BitTrap != 0 {
		p |= propTrap
	}
	if bits&ir.BitEffect != 0 {
		p |= propEff
	}
	if mayInlineOp(op, bits, nblocks) {
		p |= propInline
	}
	if isCallOp(op) {
		p |= propCall
	}
	if bits&ir.BitWrite != 0 {
		p |= propWrite
	}
	if bits&ir.BitReadSym != 0 {
		p |= propRead
	}
	if cheapOp(op, bits, nblocks) {
		p |= propCheap
	}
	return p
}

// A use records that a node uses a node, and how: the user's index and
// the kind of use, in two arrays of the csr (the kinds are bytes: a
// node has at most ir's limit of blocks, under 128).
// The kinds of use. A use through block k of the user has kind
// useBlock+2k (the block's result or hard dependencies) or useBlock+2k+1
// (its soft dependencies).
const (
	useArg     = 0 // argument or hard dependency
	useSoft    = 1 // soft dependency
	useForward = 2 // the λ named by a λforward
	useBlock   = 3
)

// csr is a compressed sparse row table: the uses of node i are the
// positions [start[i], start[i+1]) of from (the users) and kind (the
// kinds of use). from and start are given to the scratch arrays once
// place, their one reader, is done.
type csr struct {
	start []int32
	from  []int32
	kind  []uint8
}

// of returns the range of node i's uses.
func (c *csr) of(i int32) (lo, hi int32) { return c.start[i], c.start[i+1] }

// symOf returns the symbol edge e targets.
func (f *flat) symOf(e int32) ir.Sym { return f.dep[e] }
