package frontend

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file analyses the control-flow graph of an SSA function once, for
// the structuring of staged control: registers, post-dominators (to find
// the join point of a conditional), natural loops (headers, bodies, exits,
// shapes) and reachability (to know which values are live after a join).

// fnInfo is the analysis of one function.
type fnInfo struct {
	fn         *ssa.Function
	idx        map[ssa.Value]int // register of each value
	vals       []ssa.Value       // value of each register
	nregs      int
	ipdom      []*ssa.BasicBlock          // immediate post-dominator, ignoring paths that panic; nil if none
	ipdomLive  []*ssa.BasicBlock          // the same, ignoring paths that return and back edges
	liveJoins  map[[2]int]*ssa.BasicBlock // liveJoin by its targets' indices
	loops      []*loop                    // the loop of which each block is the header, or nil
	loopOf     []*loop                    // the innermost loop containing each block
	reachAvoid map[reachKey][]bool
	// irreducible: a cycle of the CFG has no header that dominates it
	// (a goto into a loop); staged control cannot be structured there.
	irreducible bool
	// noRunDefers: fn has no RunDefers instruction (go/ssa removes them
	// from a function without Defer instructions, even when a range
	// over a function in it defers calls to it: defer.go).
	noRunDefers bool
	phis        []int // number of phis at the start of each block
	// literalLoads are the loads that may take a composite literal's
	// storage (complit.go).
	literalLoads map[*ssa.UnOp]bool
	// order holds each block's instructions in gc's order, once needed
	// (evalorder.go); stmts the statements of the function's syntax.
	order [][]ssa.Instruction
	stmts *stmtIndex
	// free holds the registers of returned frames, cleared, for the next
	// frames of the function (frame.release).
	free [][]value
	// regsOrder holds, parallel to order, the registers each instruction
	// sets and reads (frame.bodyRegs).
	regsOrder [][]instrRegs
	// exitTo holds the shared outcome exits to each block (frame.single).
	exitTo [][]exitT
}

// instrRegs are the registers of an instruction: its own (val, in reg;
// val is nil if it is not a value) and those of its operands (ops, in
// opRegs). frame.get and set look a value up there before idx: most of
// the values they are asked for are the instruction being executed and
// its operands, and comparing an interface is cheaper than hashing it.
// pos is the instruction's Pos, which frame.execRegs reads instead of
// asking the instruction; name is the name of the field a FieldAddr
// addresses in the variable named nameBase, the last one it addressed
// (frame.fieldNameAt), if nameBase is not 0.
type instrRegs struct {
	val      ssa.Value
	reg      int32
	pos      token.Pos
	nameBase nameID
	name     nameID
	ops      []ssa.Value
	opRegs   []int32
	// consts are the operands that are static constants (staticConst),
	// with their values in constVals: frame.get returns them without
	// converting the constant again.
	consts    []ssa.Value
	constVals []value
}

// bodyRegs returns the instrRegs of the instructions of body(b).
func (fr *frame) bodyRegs(b *ssa.BasicBlock) []instrRegs {
	fi := fr.info
	if fi.regsOrder == nil {
		fi.regsOrder = make([][]instrRegs, len(fr.fn.Blocks))
	}
	if r := fi.regsOrder[b.Index]; r != nil {
		return r
	}
	body := fr.body(b)
	r := make([]instrRegs, len(body))
	var ops []*ssa.Value
	for k, in := range body {
		r[k].pos = in.Pos()
		if v, ok := in.(ssa.Value); ok {
			if i, ok := fi.idx[v]; ok {
				r[k].val, r[k].reg = v, int32(i)
			}
		}
		ops = in.Operands(ops[:0])
		for _, o := range ops {
			if o == nil || *o == nil {
				continue
			}
			if i, ok := fi.idx[*o]; ok {
				r[k].ops = append(r[k].ops, *o)
				r[k].opRegs = append(r[k].opRegs, int32(i))
			} else if c, ok := (*o).(*ssa.Const); ok {
				if x, ok := staticConst(c); ok {
					r[k].consts = append(r[k].consts, *o)
					r[k].constVals = append(r[k].constVals, x)
				}
			}
		}
	}
	fi.regsOrder[b.Index] = r
	return r
}

// staticConst returns the value of c, a constant of a basic type that is
// not a stage type, as evaluator.constant does; false for the others (a
// Rep, a nil, a zero value of another type, a pointer). Such a value is
// a number, a boolean or a string, which nothing changes: one value
// serves every execution.
func staticConst(c *ssa.Const) (value, bool) {
	t := c.Type()
	if c.Value == nil || isStageBasic(t) {
		return nil, false
	}
	if _, ok := t.Underlying().(*types.Basic); !ok {
		return nil, false
	}
	if k := basicKind(t); k == types.UnsafePointer || k == types.UntypedNil {
		return nil, false
	}
	return constValue(c.Value, t), true
}

// loop is a natural loop.
type loop struct {
	header  *ssa.BasicBlock
	in      []bool // blocks of the loop, by index
	parent  *loop
	latches []*ssa.BasicBlock // sources of back edges
	exits   []*ssa.BasicBlock // blocks outside the loop with a predecessor inside
	exitIfs []*ssa.BasicBlock // blocks inside whose If leaves the loop
	returns bool              // a block of the loop returns
	shape   loopShape
	liveOut []ssa.Value // values defined in the loop and used after it
}

type loopShape uint8

const (
	// shapeGeneral: exits from anywhere (break, return).
	shapeGeneral loopShape = iota
	// shapeHeader: the only exit is the test at the header (for c {}).
	shapeHeader
	// shapeBottom: the only exit is the test of the only latch (range
	// over an integer, do-while).
	shapeBottom
)

func (l *loop) contains(b *ssa.BasicBlock) bool { return l.in[b.Index] }

func (ev *evaluator) info(fn *ssa.Function) *fnInfo {
	if fi := ev.infos[fn]; fi != nil {
		return fi
	}
	fi := analyse(fn)
	ev.infos[fn] = fi
	return fi
}

func analyse(fn *ssa.Function) *fnInfo {
	fi := &fnInfo{fn: fn, idx: map[ssa.Value]int{}}
	for _, p := range fn.Params {
		fi.idx[p] = fi.nregs
		fi.vals = append(fi.vals, p)
		fi.nregs++
	}
	for _, fv := range fn.FreeVars {
		fi.idx[fv] = fi.nregs
		fi.vals = append(fi.vals, fv)
		fi.nregs++
	}
	n := len(fn.Blocks)
	fi.phis = make([]int, n)
	sawRunDefers := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				fi.idx[v] = fi.nregs
				fi.vals = append(fi.vals, v)
				fi.nregs++
			}
			if _, ok := instr.(*ssa.Phi); ok {
				fi.phis[b.Index]++
			}
			if _, ok := instr.(*ssa.RunDefers); ok {
				sawRunDefers = true
			}
		}
	}
	fi.noRunDefers = !sawRunDefers
	fi.literalLoads = literalLoads(fn)
	if n == 0 {
		return fi
	}
	fi.postdominators()
	fi.findLoops()
	fi.irreducible = hasIrreducibleCycle(fn)
	return fi
}

// postdominators computes immediate post-dominators on the reverse CFG
// with a virtual exit whose predecessors are the returning blocks. Blocks
// that end in a panic are not connected to the exit: a join is where the
// paths that do not panic meet.
func (fi *fnInfo) postdominators() {
	fi.ipdom = postDominators(fi.fn.Blocks, func(_, _ *ssa.BasicBlock) bool { return true }, returns)
}

// returns reports whether b ends the function with a return.
func returns(b *ssa.BasicBlock) bool {
	if len(b.Succs) > 0 {
		return false
	}
	_, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	return ok
}

// livePostdominators computes ipdomLive, once a conditional needs it
// (liveJoin): post-dominators of the paths that go on, with no edge into
// a returning block and no back edge; a block that then has no successor
// (but had one) ends such a path.
func (fi *fnInfo) livePostdominators() {
	goesOn := func(from, to *ssa.BasicBlock) bool { return !returns(to) && !dominates(to, from) }
	fi.ipdomLive = postDominators(fi.fn.Blocks, goesOn, func(b *ssa.BasicBlock) bool {
		return len(b.Succs) > 0 && !slices.ContainsFunc(b.Succs, func(s *ssa.BasicBlock) bool { return goesOn(b, s) })
	})
}

// liveJoin returns where the paths that go on from t and e, the targets
// of a conditional with no post-dominator, meet (a branch may return, so
// the rest of the function follows each branch): their nearest common
// post-dominator when the paths that return and a loop's back edges are
// ignored (ipdomLive); nil if none. The join is always correct (a path
// that does not reach it leaves by a return or a loop's back edge, exits
// the dispatch after the join handles); this one is where an early
// return's else and the code after its conditional meet.
func (fi *fnInfo) liveJoin(t, e *ssa.BasicBlock) *ssa.BasicBlock {
	key := [2]int{t.Index, e.Index}
	if x, ok := fi.liveJoins[key]; ok {
		return x
	}
	if fi.liveJoins == nil {
		fi.liveJoins = map[[2]int]*ssa.BasicBlock{}
		fi.livePostdominators()
	}
	var up []*ssa.BasicBlock
	for x := t; x != nil; x = fi.ipdomLive[x.Index] {
		up = append(up, x)
	}
	var join *ssa.BasicBlock
	for x := e; x != nil && join == nil; x = fi.ipdomLive[x.Index] {
		if slices.Contains(up, x) {
			join = x
		}
	}
	fi.liveJoins[key] = join
	return join
}

// postDominators returns the immediate post-dominator of each block in
// the CFG restricted to the edges edge keeps, with a virtual exit whose
// predecessors are the blocks toExit; nil for none.
func postDominators(blocks []*ssa.BasicBlock, edge func(from, to *ssa.BasicBlock) bool, toExit func(*ssa.BasicBlock) bool) []*ssa.BasicBlock {
	n := len(blocks)
	exit := n // virtual exit node
	// Reverse post-order of the reverse CFG, from the exit.
	order := make([]int, 0, n+1)
	num := make([]int, n+1)
	for i := range num {
		num[i] = -1
	}
	visited := make([]bool, n+1)
	// predecessors in the reverse CFG = successors
	preds := func(i int) []int {
		if i == exit {
			return nil
		}
		var ps []int
		for _, s := range blocks[i].Succs {
			if edge(blocks[i], s) {
				ps = append(ps, s.Index)
			}
		}
		if toExit(blocks[i]) {
			ps = append(ps, exit)
		}
		return ps
	}
	// Successors in the reverse CFG: predecessors in the CFG, and for the
	// exit, the blocks connected to it.
	succs := func(i int) []int {
		var ss []int
		if i == exit {
			for _, b := range blocks {
				if toExit(b) {
					ss = append(ss, b.Index)
				}
			}
			return ss
		}
		for _, p := range blocks[i].Preds {
			if edge(p, blocks[i]) {
				ss = append(ss, p.Index)
			}
		}
		return ss
	}
	var post []int
	var dfs func(i int)
	dfs = func(i int) {
		visited[i] = true
		for _, s := range succs(i) {
			if !visited[s] {
				dfs(s)
			}
		}
		post = append(post, i)
	}
	dfs(exit)
	for i := len(post) - 1; i >= 0; i-- {
		num[post[i]] = len(order)
		order = append(order, post[i])
	}
	idom := make([]int, n+1)
	for i := range idom {
		idom[i] = -1
	}
	idom[exit] = exit
	intersect := func(a, b int) int {
		for a != b {
			for num[a] > num[b] {
				a = idom[a]
			}
			for num[b] > num[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range order[1:] {
			nd := -1
			for _, p := range preds(b) {
				if num[p] < 0 || idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd >= 0 && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	ipdom := make([]*ssa.BasicBlock, n)
	for i := range n {
		if d := idom[i]; d >= 0 && d != exit {
			ipdom[i] = blocks[d]
		}
	}
	return ipdom
}

// dominates reports whether a dominates b.
func dominates(a, b *ssa.BasicBlock) bool {
	for ; b != nil; b = b.Idom() {
		if a == b {
			return true
		}
	}
	return false
}

// findLoops finds the natural loops, their nesting, exits and shapes.
func (fi *fnInfo) findLoops() {
	blocks := fi.fn.Blocks
	n := len(blocks)
	fi.loops = make([]*loop, n)
	fi.loopOf = make([]*loop, n)
	var all []*loop
	for _, h := range blocks {
		if l := naturalLoop(h, n); l != nil {
			fi.loops[h.Index] = l
			all = append(all, l)
		}
	}
	fi.nestLoops(all)
	for _, l := range all {
		l.findExits(blocks)
		l.shape = l.classify()
		l.findLiveOut(blocks)
	}
}

// naturalLoop returns the natural loop whose header is h (its latches and
// blocks), or nil if no back edge enters h; n is the number of blocks.
func naturalLoop(h *ssa.BasicBlock, n int) *loop {
	var latches []*ssa.BasicBlock
	for _, p := range h.Preds {
		if dominates(h, p) {
			latches = append(latches, p)
		}
	}
	if len(latches) == 0 {
		return nil
	}
	l := &loop{header: h, in: make([]bool, n), latches: latches}
	l.in[h.Index] = true
	stack := append([]*ssa.BasicBlock(nil), latches...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if l.in[b.Index] {
			continue
		}
		l.in[b.Index] = true
		stack = append(stack, b.Preds...)
	}
	return l
}

// nestLoops sets the innermost loop of each block (the smallest
// containing it) and the parent of each loop.
func (fi *fnInfo) nestLoops(all []*loop) {
	size := func(l *loop) int {
		c := 0
		for _, x := range l.in {
			if x {
				c++
			}
		}
		return c
	}
	sizes := map[*loop]int{}
	for _, l := range all {
		sizes[l] = size(l)
	}
	for _, b := range fi.fn.Blocks {
		for _, l := range all {
			if l.in[b.Index] && (fi.loopOf[b.Index] == nil || sizes[l] < sizes[fi.loopOf[b.Index]]) {
				fi.loopOf[b.Index] = l
			}
		}
	}
	for _, l := range all {
		for _, m := range all {
			if m != l && m.in[l.header.Index] && sizes[m] > sizes[l] && (l.parent == nil || sizes[m] < sizes[l.parent]) {
				l.parent = m
			}
		}
	}
}

// findExits sets whether the loop returns, the blocks outside it that it
// exits to and its blocks that leave it.
func (l *loop) findExits(blocks []*ssa.BasicBlock) {
	seen := map[*ssa.BasicBlock]bool{}
	for _, b := range blocks {
		if !l.in[b.Index] {
			continue
		}
		last := b.Instrs[len(b.Instrs)-1]
		if _, ok := last.(*ssa.Return); ok {
			l.returns = true
		}
		leaves := false
		for _, s := range b.Succs {
			if !l.in[s.Index] {
				leaves = true
				if !seen[s] {
					seen[s] = true
					l.exits = append(l.exits, s)
				}
			}
		}
		if leaves {
			l.exitIfs = append(l.exitIfs, b)
		}
	}
}

// classify returns the loop's shape (needs its exits, see findExits).
func (l *loop) classify() loopShape {
	if l.returns || len(l.exitIfs) != 1 {
		return shapeGeneral
	}
	x := l.exitIfs[0]
	_, isIf := x.Instrs[len(x.Instrs)-1].(*ssa.If)
	switch {
	case !isIf:
	case len(l.latches) == 1 && l.latches[0] == x && (x.Succs[0] == l.header || x.Succs[1] == l.header):
		return shapeBottom
	case x == l.header && (l.in[x.Succs[0].Index] != l.in[x.Succs[1].Index]):
		return shapeHeader
	}
	return shapeGeneral
}

// findLiveOut sets the values defined in the loop and used outside it.
func (l *loop) findLiveOut(blocks []*ssa.BasicBlock) {
	for _, b := range blocks {
		if !l.in[b.Index] {
			continue
		}
		for _, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok || v.Referrers() == nil {
				continue
			}
			for _, r := range *v.Referrers() {
				if _, dbg := r.(*ssa.DebugRef); dbg {
					continue
				}
				rb := r.Block()
				if rb == nil || l.in[rb.Index] {
					continue
				}
				if phi, isPhi := r.(*ssa.Phi); isPhi {
					used := false
					for k, e := range phi.Edges {
						if e == v && !l.in[rb.Preds[k].Index] {
							used = true
						}
					}
					if !used {
						continue
					}
				}
				l.liveOut = append(l.liveOut, v)
				break
			}
		}
	}
}

// liveAt reports whether value v may be used once control is at block t
// (the phis of t already evaluated): on a path from t that does not pass
// through v's definition (which would redefine it), a use of v, or an
// edge into a phi that uses v.
func (fi *fnInfo) liveAt(v ssa.Value, t *ssa.BasicBlock) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	var def *ssa.BasicBlock
	if instr, ok := v.(ssa.Instruction); ok {
		def = instr.Block()
	}
	r := fi.reachableAvoiding(t, def)
	if _, isPhi := v.(*ssa.Phi); isPhi && def == t {
		// A phi of t was just assigned: its uses in t and after it count,
		// up to the next arrival at t.
		r = slices.Clone(r)
		r[t.Index] = true
		for _, s := range t.Succs {
			for i, ok := range fi.reachableAvoiding(s, def) {
				r[i] = r[i] || ok
			}
		}
	}
	for _, instr := range *refs {
		rb := instr.Block()
		if _, dbg := instr.(*ssa.DebugRef); dbg || rb == nil {
			continue
		}
		if phi, ok := instr.(*ssa.Phi); ok {
			for k, e := range phi.Edges {
				if e == v && r[rb.Preds[k].Index] {
					return true
				}
			}
			continue
		}
		if r[rb.Index] {
			return true
		}
	}
	return false
}

type reachKey struct{ from, avoid *ssa.BasicBlock }

// reachableAvoiding returns the blocks reachable from b (b included)
// without passing through avoid (avoid itself is never included).
func (fi *fnInfo) reachableAvoiding(b, avoid *ssa.BasicBlock) []bool {
	k := reachKey{b, avoid}
	if r := fi.reachAvoid[k]; r != nil {
		return r
	}
	r := make([]bool, len(fi.fn.Blocks))
	if b != avoid {
		stack := []*ssa.BasicBlock{b}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if r[x.Index] {
				continue
			}
			r[x.Index] = true
			for _, s := range x.Succs {
				if s != avoid {
					stack = append(stack, s)
				}
			}
		}
	}
	if fi.reachAvoid == nil {
		fi.reachAvoid = map[reachKey][]bool{}
	}
	fi.reachAvoid[k] = r
	return r
}

// hasIrreducibleCycle reports whether a retreating edge of a depth-first
// search goes to a block that does not dominate its source.
func hasIrreducibleCycle(fn *ssa.Function) bool {
	n := len(fn.Blocks)
	state := make([]uint8, n) // 0 new, 1 on the stack, 2 done
	found := false
	var dfs func(b *ssa.BasicBlock)
	dfs = func(b *ssa.BasicBlock) {
		state[b.Index] = 1
		for _, s := range b.Succs {
			switch state[s.Index] {
			case 0:
				dfs(s)
			case 1:
				if !dominates(s, b) {
					found = true
				}
			}
		}
		state[b.Index] = 2
	}
	dfs(fn.Blocks[0])
	return found
}

// repJoin reports whether the branches of the conditional ending block b
// can differ, where they meet again at live, only in Reps: every phi of
// live and every value returned on the way is of a Rep type, and no
// block on the way (up to live, or to a return) stores, updates a map,
// calls, or loops (which could change static state the branches would
// then disagree on). Joining such branches loses nothing a later static
// decision could use.
func (fi *fnInfo) repJoin(b, live *ssa.BasicBlock) bool {
	for _, in := range live.Instrs {
		phi, ok := in.(*ssa.Phi)
		if !ok {
			break
		}
		if !isRepType(phi.Type()) {
			return false
		}
	}
	seen := map[*ssa.BasicBlock]bool{b: true, live: true}
	work := slices.Clone(b.Succs)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if fi.loops[x.Index] != nil {
			return false // a loop on the way
		}
		for _, in := range x.Instrs {
			switch in := in.(type) {
			case *ssa.Call:
				if b, ok := in.Call.Value.(*ssa.Builtin); !ok || !pureBuiltins[b.Name()] {
					return false
				}
			case *ssa.Store, *ssa.MapUpdate, *ssa.Go, *ssa.Defer, *ssa.Send, *ssa.Select, *ssa.RunDefers:
				return false
			case *ssa.Return:
				for _, r := range in.Results {
					if !isRepType(r.Type()) {
						return false
					}
				}
			}
		}
		work = append(work, x.Succs...)
	}
	return true
}

// pureBuiltins are the builtin functions that change no state.
var pureBuiltins = map[string]bool{"len": true, "cap": true, "min": true, "max": true, "real": true, "imag": true, "complex": true}
