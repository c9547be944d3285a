package gogen

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file decides, before anything is written, how each block is
// written: which nodes are expressions written inline at their use, where
// each node is evaluated, and which variable reads need no temporary.

// blockPlan is how one block is written.
type blockPlan struct {
	nodes  []*ir.Node
	inline []bool  // written inline at its single use in the block
	pos    []int32 // where each node is evaluated: its index, or its user's for an inline node (len(nodes): the block's result)
}

// placement is where a node is scheduled: a block and an index in it
// (a nil block: the node is not scheduled).
type placement struct {
	b *ir.Block
	j int32
}

// planBlocks walks the schedule's block tree and plans every block, then
// finds the variable reads that can be written as the variable itself.
func (a *analysis) planBlocks() {
	a.plans = map[*ir.Block]*blockPlan{}
	a.place = make([]placement, a.g.NumSyms())
	a.owner = map[*ir.Block]*ir.Node{}
	a.dup = make([]bool, a.g.NumSyms())
	a.forwarded = make([]bool, a.g.NumSyms())
	local := make([]int32, a.g.NumSyms())
	index := make([]int32, a.g.NumSyms())
	a.copies = make([]int32, a.g.NumSyms())
	var count func(b *ir.Block)
	count = func(b *ir.Block) {
		for _, n := range a.s.Nodes(b) {
			a.copies[n.Sym]++
			for _, c := range n.Blocks {
				count(c)
			}
		}
	}
	count(a.g.Block)
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		p := a.plan(b, local, index)
		for j, n := range p.nodes {
			if a.place[n.Sym].b != nil {
				a.dup[n.Sym] = true
			}
			a.place[n.Sym] = placement{b, int32(j)}
			for _, c := range n.Blocks {
				a.owner[c] = n
				walk(c)
			}
		}
	}
	walk(a.g.Block)
	a.forwardReads()
}

// plan plans one block. local and index are scratch space indexed by
// symbol, all zero, left all zero; index holds a node's position in the
// block + 1 (0: not a node of the block, or not yet seen).
func (a *analysis) plan(b *ir.Block, local, index []int32) *blockPlan {
	nodes := a.s.Nodes(b)
	p := &blockPlan{nodes: nodes, inline: make([]bool, len(nodes)), pos: make([]int32, len(nodes))}
	a.plans[b] = p
	user := make([]int32, len(nodes))
	count := func(e ir.Exp, at int32) {
		if e.IsSym() {
			local[e.Sym()]++
			if j := index[e.Sym()]; j > 0 {
				user[j-1] = at
			}
		}
	}
	for j, n := range nodes {
		index[n.Sym] = int32(j) + 1
		switch {
		case n.Op == ir.OpForward || n.Op == ir.OpProj:
		case n.Op == ir.OpTuple && b.Res != n.Sym.E():
			// A tuple is written where it is used, maybe in another
			// block: its elements must have names.
			for _, x := range n.Args {
				count(x, int32(j))
				count(x, int32(j))
			}
		default:
			for _, x := range n.Args {
				count(x, int32(j))
			}
		}
	}
	count(b.Res, int32(len(nodes)))
	for j, n := range nodes {
		p.inline[j] = a.s.Inlined(b, n.Sym) && a.expression(n, local[n.Sym], true)
	}
	boundDepth(p, index)
	a.fuse(b, p, local, user)
	for _, n := range nodes {
		local[n.Sym] = 0
		index[n.Sym] = 0
		for _, x := range n.Args {
			if x.IsSym() {
				local[x.Sym()] = 0
			}
		}
	}
	if b.Res.IsSym() {
		local[b.Res.Sym()] = 0
	}
	for j := len(nodes) - 1; j >= 0; j-- {
		p.pos[j] = int32(j)
		if p.inline[j] {
			if u := user[j]; int(u) < len(nodes) {
				p.pos[j] = p.pos[u]
			} else {
				p.pos[j] = u
			}
		}
	}
	return p
}

// isCopied reports whether the schedule placed s in several blocks.
func (a *analysis) isCopied(s ir.Sym) bool { return a.copies[s] > 1 }

// expression reports whether n may be written inline at a use: an
// expression whose value has exactly one use (local of them in the
// block), all of it, and that is not the right operand of && unless it is
// pure. With copies, the schedule has placed n in several blocks and
// inlines this copy: its one use is local (the others' uses are theirs).
func (a *analysis) expression(n *ir.Node, local int32, copies bool) bool {
	return exprOp(n.Op) && n.Type != ir.Void && (a.uses[n.Sym] == 1 || copies && a.isCopied(n.Sym)) && local == 1 &&
		a.projs[n.Sym] == nil && (!a.noInline[n.Sym] || pureNode(n))
}

// fuse writes inline some nodes the schedule leaves as statements (an
// allocation, a multi-result call) when their single use is the very next
// statement and is evaluated first in it: x := make(...); s := x becomes
// s := make(...), and q, r := f(); return q, r becomes return f(). Nothing
// moves: the node is evaluated exactly where it was.
func (a *analysis) fuse(b *ir.Block, p *blockPlan, local, user []int32) {
	nodes := p.nodes
	next := -1 // the next statement after j
	for j := len(nodes) - 1; j >= 0; j-- {
		n := nodes[j]
		if p.inline[j] || a.silent(n) {
			continue
		}
		if a.expression(n, local[n.Sym], false) {
			switch {
			case next < 0 && b.Res == n.Sym.E():
				p.inline[j] = true
				user[j] = int32(len(nodes))
				continue
			case next >= 0 && user[j] == int32(next) &&
				(nodes[next].Op == ir.OpVarNew && nodes[next].Args[0] == n.Sym.E() ||
					nodes[next].Op == ir.OpVarSet && nodes[next].Args[1] == n.Sym.E()):
				p.inline[j] = true
				continue
			}
		}
		next = j
	}
}

// silent reports whether n is written nowhere in its block: a projection
// or a tuple (written at their use), a static table that is never
// written, a top-level function and its forward declaration.
func (a *analysis) silent(n *ir.Node) bool {
	switch n.Op {
	case ir.OpProj, ir.OpTuple:
		return true
	case ir.OpStatic:
		return !a.written[n.Sym]
	case ir.OpLambda:
		return a.hoisted[n.Sym]
	case ir.OpForward:
		return a.hoisted[n.Args[0].Sym()]
	case ir.OpSliceLen, ir.OpSliceCap, ir.OpStrLen:
		return a.lenOfInput(n)
	}
	return false
}

// lenOfInput reports whether n is len or cap of a parameter: written
// len(s) at every use rather than named once (n := len(s)), which reads
// as a programmer writes it and lets Go's prove pass see i < len(s).
func (a *analysis) lenOfInput(n *ir.Node) bool {
	if n == nil {
		return false
	}
	switch n.Op {
	case ir.OpSliceLen, ir.OpSliceCap, ir.OpStrLen:
		return n.Args[0].IsSym() && a.g.Def(n.Args[0].Sym()) == nil
	}
	return false
}

// pureNode reports whether evaluating n has no effect and cannot panic.
func pureNode(n *ir.Node) bool {
	return n.Eff.IsEmpty() && !n.CanTrap() && n.Op != ir.OpApply && n.Op != ir.OpVarGet
}

// forwardReads finds the variable reads that can be written as the
// variable itself instead of a temporary (x7 := i; ... x7 ...): those
// whose every use is evaluated, in the read's block, before any write of
// the variable (a write by the statement that evaluates the last use,
// v = f(x7), is after it), and none inside a function literal, which
// could run later.
func (a *analysis) forwardReads() {
	last := make([]int32, a.g.NumSyms()) // evaluation position of the last use, +1
	bad := make([]bool, a.g.NumSyms())
	candidate := func(s ir.Sym) bool {
		d := a.g.Def(s)
		if d == nil || d.Op != ir.OpVarGet || a.dup[s] {
			return false
		}
		pl := a.place[s]
		return pl.b != nil && !a.plans[pl.b].inline[pl.j]
	}
	use := func(s ir.Sym, b *ir.Block, at *ir.Node) {
		if !candidate(s) || bad[s] {
			return
		}
		home := a.place[s].b
		pos, ok := a.posIn(home, b, at)
		if !ok {
			bad[s] = true
			return
		}
		last[s] = max(last[s], pos+1)
	}
	for _, n := range a.g.Nodes {
		if n.Op == ir.OpForward {
			continue
		}
		for _, x := range n.Args {
			if x.IsSym() {
				use(x.Sym(), nil, n)
			}
		}
	}
	a.g.Blocks(func(b *ir.Block) {
		if b.Res.IsSym() {
			use(b.Res.Sym(), b, nil)
		}
	})
	for _, n := range a.g.Nodes {
		s := n.Sym
		if !candidate(s) || bad[s] || last[s] == 0 {
			continue
		}
		pl := a.place[s]
		p := a.plans[pl.b]
		q := last[s] - 1
		key := ir.SymKey(n.Args[0].Sym())
		ok := true
		for k := pl.j + 1; k < int32(len(p.nodes)) && ok; k++ {
			w := p.nodes[k]
			if !w.Eff.Writes(key) {
				continue
			}
			switch pw := p.pos[k]; {
			case pw > q:
			case pw == q && k == q && w.Op == ir.OpVarSet && !p.inline[k]:
			case pw == q && k == q && w.Op == ir.OpIf && !p.inline[k] && a.readsFirst(w, s, key):
			default:
				ok = false
			}
		}
		a.forwarded[s] = ok
	}
}

// posIn returns the evaluation position, in block home, of a use: by node
// at, or as the result of block res. It fails if the use is not in home
// or a block nested in it, or is inside a function literal.
func (a *analysis) posIn(home, res *ir.Block, at *ir.Node) (int32, bool) {
	if res != nil {
		if res == home {
			return int32(len(a.plans[home].nodes)), true
		}
		at = a.owner[res]
		if at == nil || at.Op == ir.OpLambda {
			return 0, false
		}
	}
	for {
		pl := a.place[at.Sym]
		if pl.b == nil || a.dup[at.Sym] {
			return 0, false
		}
		if pl.b == home {
			return a.plans[home].pos[pl.j], true
		}
		at = a.owner[pl.b]
		if at == nil || at.Op == ir.OpLambda {
			return 0, false
		}
	}
}

// readsFirst reports whether, in every branch of conditional w, the uses
// of read s come before the writes of the variable key names: w reads s
// in a branch and sets the variable after (i = i1 + 1 after if xs[i1] >
// t { return i1 }), so s can be the variable itself. A branch that
// writes the variable and then uses s, or a loop inside that does both
// (a later iteration would use s after the write), fails. Branches of
// more than readsFirstBudget nodes in all are not looked into.
func (a *analysis) readsFirst(w *ir.Node, s ir.Sym, key ir.Key) bool {
	budget := readsFirstBudget
	var ordered func(b *ir.Block) bool
	var usesIn func(b *ir.Block) bool
	usesIn = func(b *ir.Block) bool {
		if b.Res == s.E() {
			return true
		}
		for _, y := range a.plans[b].nodes {
			if budget--; budget < 0 {
				return true // too large to look into: as if used
			}
			if containsExp(y.Args, s) {
				return true
			}
			for _, c := range y.Blocks {
				if usesIn(c) {
					return true
				}
			}
		}
		return false
	}
	ordered = func(b *ir.Block) bool {
		p := a.plans[b]
		// The positions where s is used: by a node evaluated there, or
		// inside the blocks of the statement there.
		used := map[int32]bool{}
		for j, y := range p.nodes {
			if budget--; budget < 0 {
				return false
			}
			if containsExp(y.Args, s) {
				used[p.pos[j]] = true
			}
		}
		if b.Res == s.E() {
			used[int32(len(p.nodes))] = true
		}
		written := false
		for k, x := range p.nodes {
			if p.inline[k] {
				continue
			}
			nested := false
			for _, c := range x.Blocks {
				nested = nested || usesIn(c)
			}
			if budget < 0 || written && (used[int32(k)] || nested) {
				return false
			}
			if x.Eff.Writes(key) && nested {
				if x.Op != ir.OpIf {
					return false // a loop: its next iteration uses s after the write
				}
				for _, c := range x.Blocks {
					if !ordered(c) {
						return false
					}
				}
			}
			written = written || x.Eff.Writes(key)
		}
		return !written || !used[int32(len(p.nodes))]
	}
	for _, c := range w.Blocks {
		if !ordered(c) {
			return false
		}
	}
	return budget >= 0
}

// readsFirstBudget bounds the nodes readsFirst looks at for one read.
const readsFirstBudget = 256

// containsExp reports whether args holds s.
func containsExp(args []ir.Exp, s ir.Sym) bool {
	for _, x := range args {
		if x == s.E() {
			return true
		}
	}
	return false
}
