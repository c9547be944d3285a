package sched

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// index numbers the nodes and blocks of the graph densely and records, for
// every node, its uses: which nodes use it and how (argument or hard
// dependency, soft dependency, or through the result or dependencies of a
// block), so that later phases walk edges backwards in linear time.
//
// Needs: dce (every node live). Must run after: early, place, order,
// compact use its tables.
func index(st *state) {
	g := st.g
	ns := g.NumSyms()
	st.idx = make([]int32, ns)
	for i, n := range g.Nodes {
		if int(n.Sym) >= ns || st.idx[n.Sym] != 0 {
			panic(fmt.Sprintf("BUG: sched: node %v defined twice or out of range", n.Sym))
		}
		st.idx[n.Sym] = int32(i + 1)
	}
	st.binder = make([]int32, ns)
	for i := range st.binder {
		st.binder[i] = -1
	}
	st.firstBlock = make([]int32, len(g.Nodes))
	st.blocks = append(st.blocks, g.Block)
	st.owner = append(st.owner, -1)
	st.slot = append(st.slot, 0)
	for i, n := range g.Nodes {
		st.firstBlock[i] = int32(len(st.blocks))
		for k, b := range n.Blocks {
			st.blocks = append(st.blocks, b)
			st.owner = append(st.owner, int32(i))
			st.slot = append(st.slot, int32(k))
		}
	}
	for id, b := range st.blocks {
		bind := func(s ir.Sym) {
			if int(s) >= ns || st.binder[s] >= 0 || st.idx[s] != 0 {
				panic(fmt.Sprintf("BUG: sched: %v bound twice, out of range, or also a node", s))
			}
			st.binder[s] = int32(id)
		}
		bind(b.Ein)
		for _, s := range b.In {
			bind(s)
		}
	}

	// Uses, in two passes (count, then fill) into one array.
	st.topUse = make([]bool, len(g.Nodes))
	count := make([]int32, len(g.Nodes)+1)
	fill := false
	var data []use
	add := func(s ir.Sym, u use) {
		if int(s) >= ns {
			panic(fmt.Sprintf("BUG: sched: %v out of range", s))
		}
		j := st.idx[s] - 1
		if j < 0 {
			if st.binder[s] < 0 {
				panic(fmt.Sprintf("BUG: sched: %v is neither a node nor bound by a block", s))
			}
			return
		}
		if !fill {
			count[j+1]++
			return
		}
		data[count[j]] = u
		count[j]++
	}
	for pass := 0; pass < 2; pass++ {
		for i, n := range g.Nodes {
			from := int32(i)
			for k, a := range n.Args {
				if a.IsSym() {
					kind := int32(useArg)
					if n.Op == ir.OpForward && k == 0 {
						kind = useForward
					}
					add(a.Sym(), use{from, kind})
				}
			}
			if n.Eff != nil {
				for _, s := range n.Eff.Hdeps {
					add(s, use{from, useArg})
				}
				for _, s := range n.Eff.Sdeps {
					add(s, use{from, useSoft})
				}
			}
			for k, b := range n.Blocks {
				kind := useBlock + 2*int32(k)
				b.Used(func(s ir.Sym) { add(s, use{from, kind}) })
				for _, s := range b.Eff.Sdeps {
					add(s, use{from, kind + 1})
				}
			}
		}
		if !fill {
			for i := 1; i < len(count); i++ {
				count[i] += count[i-1]
			}
			data = make([]use, count[len(count)-1])
			st.users.start = append([]int32(nil), count...)
			fill = true
		}
	}
	st.users.data = data
	top := g.Block
	mark := func(s ir.Sym) {
		if j := st.nodeOf(s); j >= 0 {
			st.topUse[j] = true
		}
	}
	top.Used(mark)
	for _, s := range top.Eff.Sdeps {
		mark(s)
	}
}

// A use records that node from uses a node, and how.
type use struct {
	from int32
	kind int32
}

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
