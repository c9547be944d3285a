package frontend

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file evaluates control flow. Static branches are followed. A
// branch on a Rep is staged: both successors are evaluated, each inside a
// block of the graph, until control reaches the join point (the immediate
// post-dominator of the branch, ignoring paths that panic) or leaves the
// enclosing region (a loop's back edge or exit, a return); the values
// assigned on the way (registers live after the join, and cells of static
// memory) are merged into the results of the conditional. When the two
// branches leave in different ways (break and continue, return and
// fall-through), the conditional also yields a label, and the code after
// it dispatches on the label.

// stopSet is a layer of blocks where the evaluation of a region stops.
// A staged loop's layer holds its header and its exits, and its hooks
// handle the back edge and the exits.
type stopSet struct {
	blocks []*ssa.BasicBlock
	loop   *loopState
	parent *stopSet
}

func (s *stopSet) owner(b *ssa.BasicBlock) *stopSet {
	for l := s; l != nil; l = l.parent {
		if slices.Contains(l.blocks, b) {
			return l
		}
	}
	return nil
}

// innermostLoop returns the innermost staged loop layer.
func (s *stopSet) innermostLoop() *stopSet {
	for l := s; l != nil; l = l.parent {
		if l.loop != nil {
			return l
		}
	}
	return nil
}

func (s *stopSet) with(blocks ...*ssa.BasicBlock) *stopSet {
	return &stopSet{blocks: blocks, parent: s}
}

type exitKind uint8

const (
	exitHandled exitKind = iota // consumed by a staged loop's exit hook
	exitReturn                  // the function returns (result in frame.ret)
	exitBlock                   // control reaches blk (its phis evaluated)
)

type exitT struct {
	kind exitKind
	blk  *ssa.BasicBlock
	// pending: the exit has not yet been processed against the stop set
	// of the code it returns to (after a staged loop); phis are then the
	// values of blk's phis (nil: unknown on this exit).
	pending bool
	phis    []value
}

func (e exitT) id() int {
	switch e.kind {
	case exitHandled:
		return 0
	case exitReturn:
		return 1
	}
	return e.blk.Index + 2
}

// outcome is how the evaluation of a region ended: the possible exits
// (none: it always panics), and, if there are several, a label (a static
// id or a Rep) telling which was taken. A staged loop's bottom-tested
// iteration ends closed, with the loop's condition.
type outcome struct {
	exits  []exitT
	label  value
	closed bool
	cond   ir.Exp
}

// single returns the outcome of the one exit e, made of a kind and a
// block. The list of one exit is shared (an outcome's exits are never
// changed in place, only cloned): one per kind, and per block of fr's
// function, instead of an allocation per block run.
func (fr *frame) single(e exitT) outcome {
	return outcome{exits: fr.oneExit(e), label: e.id()}
}

var (
	handledExit = []exitT{{kind: exitHandled}}
	returnExit  = []exitT{{kind: exitReturn}}
)

func (fr *frame) oneExit(e exitT) []exitT {
	if e.pending || e.phis != nil {
		panic("BUG: a shared exit with phis")
	}
	switch {
	case e.kind == exitHandled:
		return handledExit
	case e.kind == exitReturn:
		return returnExit
	case e.kind == exitBlock && e.blk.Parent() == fr.fn:
		fi := fr.info
		if fi.exitTo == nil {
			fi.exitTo = make([][]exitT, len(fr.fn.Blocks))
		}
		x := fi.exitTo[e.blk.Index]
		if x == nil {
			x = []exitT{e}
			fi.exitTo[e.blk.Index] = x
		}
		return x
	}
	return []exitT{e}
}

func (o outcome) diverged() bool { return len(o.exits) == 0 && !o.closed }

// labelExp returns the label as an expression.
func (ev *evaluator) labelExp(o outcome) ir.Exp {
	if len(o.exits) == 1 {
		return ev.b.Const(ir.Int, o.exits[0].id())
	}
	switch l := o.label.(type) {
	case int:
		return ev.b.Const(ir.Int, l)
	case *rep:
		return l.e
	}
	panic(fmt.Sprintf("BUG: label %T", o.label))
}

// step of the run loop: continue at next (its phis done), or stop with out.
type next struct {
	blk     *ssa.BasicBlock
	from    *ssa.BasicBlock // a block control came from (for loop headers)
	out     outcome
	final   bool
	arrived bool // the loop-header logic has run for blk
}

func stopWith(o outcome) next { return next{out: o, final: true} }

// run evaluates from block b (its phis done) until control stops.
func (fr *frame) run(b *ssa.BasicBlock, from *ssa.BasicBlock, stop *stopSet) outcome {
	return fr.guard(func() outcome { return fr.loop(next{blk: b, from: from}, stop) })
}

// loop runs from n until control stops.
func (fr *frame) loop(n next, stop *stopSet) outcome {
	for !n.final {
		if !n.arrived {
			n = fr.arrive(n.blk, n.from, stop)
			continue
		}
		n = fr.runBlock(n.blk, stop)
	}
	return n.out
}

// guard runs f, turning the end of control it may unwind with into an
// outcome: a call that always panics (diverged), or a panic of the
// evaluated program (staged, or an error at the top level).
func (fr *frame) guard(f func() outcome) (out outcome) {
	ev := fr.ev
	depth := len(ev.regions)
	defer func() {
		if ev.passes(nil) {
			return
		}
		if x := recover(); x != nil {
			ev.regions = ev.regions[:depth]
			switch x := x.(type) {
			case diverged:
				out = outcome{}
			case *goPanic:
				if x.goexit {
					panic(x) // to the goroutine's start (see callMain, spawn)
				}
				if ev.unwindsToDefer(x) {
					panic(x)
				}
				out = fr.panicked(x)
			default:
				panic(x)
			}
		}
	}()
	return f()
}

// The unroll budget bounds the code unrolling writes: it counts the
// iterations of a static loop that added symbols to the graph (nodes,
// blocks), not those that emitted nothing (a loop of 10^6 iterations
// computing a static value), whose cost is evaluation time alone, which
// the steps budget bounds (every iteration takes steps). An iteration
// is counted when the graph has more symbols at the loop's header than at
// its previous arrival there (the first one always): a trial of a staged
// loop that was undone counts too, so the count never misses code. The
// count of all iterations (frame.unroll) is unchanged, and it alone is
// the time slice of a goroutine spinning in a loop that does not end
// (goroutine.go's preempt): the scheduler's choices are the same as
// before, and depend only on the program.

// grewCount is the symbols of the graph at a loop header's last arrival,
// and the iterations of the loop that added some.
type grewCount struct{ syms, iters int }

// grew records an arrival at the loop header b by its back edge and
// returns the number of the loop's iterations that added symbols.
func (fr *frame) grew(b *ssa.BasicBlock) int {
	if fr.unrollGrew == nil {
		fr.unrollGrew = map[*ssa.BasicBlock]grewCount{}
	}
	c := fr.unrollGrew[b]
	if n := fr.ev.b.Graph().NumSyms(); n != c.syms || c.iters == 0 {
		c.syms = n
		c.iters++
	}
	fr.unrollGrew[b] = c
	return c.iters
}

// panicked handles a panic of the evaluated program: under staged control
// it becomes a panic of the generated code; at the top level it is an
// error.
func (fr *frame) panicked(p *goPanic) outcome {
	ev := fr.ev
	if len(ev.regions) == 0 {
		ev.throw(ev.errAt(ev.pos, "panic during static evaluation: "+p.msg))
	}
	ev.at()
	ev.b.Panic(ev.panicMessage(p))
	ev.writes++
	return outcome{}
}

// arrive handles control arriving at block b (phis done): loop headers.
func (fr *frame) arrive(b, from *ssa.BasicBlock, stop *stopSet) next {
	l := fr.info.loops[b.Index]
	if l == nil {
		return next{blk: b, arrived: true}
	}
	ev := fr.ev
	if from != nil && l.contains(from) {
		if fr.unroll == nil {
			fr.unroll = map[*ssa.BasicBlock]int{}
		}
		fr.unroll[b]++
		grew := fr.grew(b)
		if fr.unroll[b] > ev.budgets.Unroll && fr.preempt(l) {
			fr.unroll[b] = 0
		}
		if fr.unroll[b] > ev.budgets.Unroll && grew > ev.budgets.Unroll {
			ev.failAt(fr.blockPos(b), "this loop runs at generation time (its condition is static) and exceeds the budget of %d unrolled iterations; raise it with -unroll=N on the //lms:gen directive or the -unroll flag, or make the loop a loop of the generated code by making its condition a Rep (stage.Dyn)", ev.budgets.Unroll)
		}
		if fr.forced[b] {
			delete(fr.forced, b)
			return fr.stagedLoop(b, stop)
		}
		return next{blk: b, arrived: true}
	}
	if fr.unroll != nil {
		delete(fr.unroll, b)
		delete(fr.unrollGrew, b)
	}
	if l.shape != shapeHeader && fr.trial(l, stop) {
		return fr.stagedLoop(b, stop)
	}
	return next{blk: b, arrived: true}
}

// blockPos returns a position for block b: its last positioned
// instruction (for a loop header, the condition).
func (fr *frame) blockPos(b *ssa.BasicBlock) token.Pos {
	for i := len(b.Instrs) - 1; i >= 0; i-- {
		if p := b.Instrs[i].Pos(); p.IsValid() {
			return p
		}
	}
	return fr.ev.pos
}

// runBlock executes b (its phis done) and its terminator.
func (fr *frame) runBlock(b *ssa.BasicBlock, stop *stopSet) next {
	ev := fr.ev
	w0, s0 := ev.writes, ev.stores
	regs := fr.bodyRegs(b)
	for k, in := range fr.body(b) {
		fr.execRegs(in, &regs[k])
	}
	term := b.Instrs[len(b.Instrs)-1]
	if p := term.Pos(); p.IsValid() {
		ev.pos = p
	}
	ev.step()
	switch t := term.(type) {
	case *ssa.Jump:
		return fr.edge(b, b.Succs[0], stop)
	case *ssa.If:
		c := fr.get(t.Cond)
		if ls := fr.closing(b, stop); ls != nil {
			return stopWith(ls.close(b, c))
		}
		if r, ok := c.(*rep); ok {
			// Binding time decides: a Rep condition stages a loop it
			// exits even when the builder folded it to a constant; a
			// conditional on a constant Rep is folded.
			if k := r.e.Const(); k == nil || fr.exitsStaticLoop(b, stop) {
				return fr.dynIf(b, r, stop, ev.writes == w0 && ev.stores == s0)
			} else {
				c = k.Val.(bool)
			}
		}
		if tr := fr.trialOf(b); tr != nil {
			tr.sawStatic()
		}
		if c.(bool) {
			return fr.edge(b, b.Succs[0], stop)
		}
		return fr.edge(b, b.Succs[1], stop)
	case *ssa.Return:
		get := fr.get
		if fr.dst != nil && len(fr.dst.calls) > 0 && fr.info.noRunDefers {
			get = fr.runDefersAtReturn()
		}
		var res value
		switch len(t.Results) {
		case 0:
		case 1:
			res = get(t.Results[0])
		default:
			tu := make(tuple, len(t.Results))
			for i, r := range t.Results {
				tu[i] = get(r)
			}
			res = tu
		}
		fr.setRet(res)
		return fr.doReturn(stop)
	case *ssa.Panic:
		v := fr.get(t.X)
		p := ev.userPanic(v)
		p.explicit = true
		panic(p)
	}
	panic(fmt.Sprintf("BUG: terminator %T", term))
}

// edge follows the edge from -> to: it evaluates to's phis and reaches it.
func (fr *frame) edge(from, to *ssa.BasicBlock, stop *stopSet) next {
	owner := stop.owner(to)
	if owner != nil && owner.loop != nil && to == owner.loop.l.header {
		owner.loop.backEdge(from)
		return stopWith(fr.single(exitT{kind: exitBlock, blk: to}))
	}
	fr.phis(from, to)
	return fr.reach(to, from, stop)
}

// phis evaluates the phis of to for the edge from -> to, in parallel.
func (fr *frame) phis(from, to *ssa.BasicBlock) {
	n := fr.info.phis[to.Index]
	if n == 0 {
		return
	}
	k := slices.Index(to.Preds, from)
	vals := make([]value, n)
	for i := range n {
		vals[i] = copyVal(fr.get(to.Instrs[i].(*ssa.Phi).Edges[k]))
	}
	for i := range n {
		fr.set(to.Instrs[i].(*ssa.Phi), vals[i])
	}
}

// reach handles control reaching block to (its phis done) from block from.
func (fr *frame) reach(to, from *ssa.BasicBlock, stop *stopSet) next {
	owner := stop.owner(to)
	if owner == nil {
		return next{blk: to, from: from}
	}
	if owner.loop != nil {
		if to == owner.loop.l.header {
			return stopWith(fr.single(exitT{kind: exitBlock, blk: to}))
		}
		owner.loop.exitTo(to)
		return stopWith(fr.single(exitT{kind: exitHandled}))
	}
	return stopWith(fr.single(exitT{kind: exitBlock, blk: to}))
}

// doReturn handles a return (the result in fr.ret).
func (fr *frame) doReturn(stop *stopSet) next {
	if l := stop.innermostLoop(); l != nil {
		l.loop.exitReturn()
		return stopWith(fr.single(exitT{kind: exitHandled}))
	}
	return stopWith(fr.single(exitT{kind: exitReturn}))
}

// exitsStaticLoop reports whether the conditional ending b leaves a loop
// that is running at generation time.
func (fr *frame) exitsStaticLoop(b *ssa.BasicBlock, stop *stopSet) bool {
	l := fr.info.loopOf[b.Index]
	return l != nil && stop.owner(l.header) == nil && l.contains(b.Succs[0]) != l.contains(b.Succs[1])
}

// maxTails is the number of nested staged conditionals after which the
// rest of a function, that follows each branch of one whose branches may
// return (the Go a programmer writes: an early return), is evaluated once
// at the join of the branches that go on (fnInfo.liveJoin), with a
// dispatch on how each branch left (frame.tails). Following each branch
// keeps what the branches know statically apart (a static n set to 2 in
// one branch and left 0 in the other stays static in both rests); where
// the branches can differ only in Reps (fnInfo.repJoin), nothing is lost
// by joining at once, and the rest is evaluated and written once (gogen
// writes the returns back in place, threadret.go).
const maxTails = 3

// tailBranch runs f, counting it in frame.tails when the rest of the
// function follows each of its branches (tail), until f returns or
// unwinds (a restart evaluates it again from the same count).
func (fr *frame) tailBranch(tail bool, f func() branchResult) branchResult {
	if !tail {
		return f()
	}
	fr.tails++
	defer func() { fr.tails-- }()
	return f()
}

// dynIf stages the conditional ending block b. pure reports whether b's
// instructions built no write and stored nothing (so that a loop header
// can be evaluated again inside a loop).
func (fr *frame) dynIf(b *ssa.BasicBlock, c *rep, stop *stopSet, pure bool) next {
	ev := fr.ev
	if tr := fr.trialOf(b); tr != nil {
		tr.sawDynamic()
	}
	if fr.info.irreducible {
		ev.fail("a conditional on a Rep in %s, whose control flow has a cycle entered in the middle (a goto into a loop): lmsgen cannot structure it; rewrite the loop with for", funcName(fr.fn))
	}
	if rot := fr.rotatable(b); rot != nil && stop.owner(b.Succs[0]) == nil {
		// The guard of a range over a Rep int: a loop tested at the top.
		fr.phis(b, b.Succs[0])
		return fr.stagedLoopRot(b.Succs[0], stop, rot)
	}
	// A dynamic exit test of a loop that is running statically.
	if l := fr.info.loopOf[b.Index]; l != nil && stop.owner(l.header) == nil {
		out0, out1 := !l.contains(b.Succs[0]), !l.contains(b.Succs[1])
		if out0 != out1 {
			switch {
			case b == l.header && pure && (l.shape == shapeHeader || c.e.Const() == nil):
				// Evaluate the loop again, as a staged loop. A loop of
				// another shape gets here when its header test was a
				// constant until now (lo, hi := stage.Int(0),
				// stage.Int(8); for lo < hi: lo becomes a Rep when a
				// staged conditional assigns it); following each later
				// test as a conditional with the rest of the loop in its
				// branch would nest without end.
				return fr.stagedLoop(b, stop)
			case b == l.header && l.shape == shapeHeader,
				l.shape == shapeBottom && slices.Contains(l.latches, b),
				len(l.exitIfs) == 1:
				// Peel: this iteration's test is staged, and the rest of
				// the loop is a staged loop.
				if fr.forced == nil {
					fr.forced = map[*ssa.BasicBlock]bool{}
				}
				fr.forced[l.header] = true
			}
		}
	}
	// A constant Rep test of a loop (the loop is staged from the next
	// arrival at its header), or a test an enclosing staged conditional
	// decided on this path: folded.
	holds, decided := ev.known(c.e)
	if k := c.e.Const(); k != nil {
		holds, decided = k.Val.(bool), true
	}
	if decided {
		if holds {
			return fr.edge(b, b.Succs[0], stop)
		}
		return fr.edge(b, b.Succs[1], stop)
	}
	j := fr.info.ipdom[b.Index]
	inner := stop
	if j != nil && stop.owner(j) == nil {
		inner = stop.with(j)
	}
	ev.at()
	if nx, ok := fr.boolJoin(b, c.e, stop); ok {
		return nx
	}
	cond, then, els := fr.shortCircuit(b, c.e, inner)
	tail := false // the rest of the function follows each branch
	if j == nil {
		// A join in b's loop, not a loop's header: where both branches
		// leave the loop, its exits are the loop's to handle.
		if live := fr.info.liveJoin(then.to, els.to); live != nil && fr.info.loopOf[live.Index] == fr.info.loopOf[b.Index] && fr.info.loops[live.Index] == nil {
			switch {
			case fr.tails < maxTails && !fr.info.repJoin(b, live):
				tail = true
			case stop.owner(live) == nil:
				inner = stop.with(live)
			}
		}
	}
	res := fr.tailBranch(tail, func() branchResult {
		return fr.branch(cond, inner, func() outcome {
			return fr.follow(then.from, then.to, inner)
		}, func() outcome {
			return fr.follow(els.from, els.to, inner)
		})
	})
	if l := fr.info.loopOf[b.Index]; l != nil && fr.forced != nil {
		delete(fr.forced, l.header)
	}
	switch res.which {
	case 0:
		return fr.edge(els.from, els.to, stop)
	case 1:
		return fr.edge(then.from, then.to, stop)
	}
	return fr.settle(res.out, b, stop)
}

// follow runs from the edge from -> to until control stops.
func (fr *frame) follow(from, to *ssa.BasicBlock, stop *stopSet) outcome {
	return fr.guard(func() outcome { return fr.loop(fr.edge(from, to, stop), stop) })
}

// settle continues after a staged construct whose outcome is out: if
// control may continue inside the current region (at a join, or at exits
// of a staged loop not yet processed), it continues there, dispatching on
// the label when there are several possibilities.
func (fr *frame) settle(out outcome, from *ssa.BasicBlock, stop *stopSet) next {
	for {
		fr.ev.step()
		if out.closed || len(out.exits) == 0 {
			return stopWith(out)
		}
		k := slices.IndexFunc(out.exits, func(e exitT) bool { return fr.continues(e, stop) })
		if k < 0 {
			return stopWith(out)
		}
		if len(out.exits) == 1 {
			return fr.process(out.exits[0], from, stop)
		}
		out = fr.dispatch(out, from, stop)
	}
}

// continues reports whether control continues at exit e in the current
// region (rather than leaving it).
func (fr *frame) continues(e exitT, stop *stopSet) bool {
	return e.pending || e.kind == exitBlock && (stop.owner(e.blk) == nil || leavesLoop(e.blk, stop))
}

// leavesLoop reports whether reaching block b leaves a staged loop of the
// stop set (b is one of its exits, not its header). An exit that stopped
// at b for an inner construct (the dispatch after an inner loop, which
// merges the paths reaching b) is handed to the loop after that merge:
// the loop records its slots and label there (rpg seed 6252 F42a, where
// the later unrolled iterations' returns left the loop unrecorded).
func leavesLoop(b *ssa.BasicBlock, stop *stopSet) bool {
	owner := stop.owner(b)
	return owner != nil && owner.loop != nil && b != owner.loop.l.header
}

// dispatch continues at every exit of out that stays in the region, in a
// chain of staged conditionals on the label: if label == a { ... } else
// if label == b { ... } else { the exits that leave }.
func (fr *frame) dispatch(out outcome, from *ssa.BasicBlock, stop *stopSet) outcome {
	ev := fr.ev
	k := slices.IndexFunc(out.exits, func(e exitT) bool { return fr.continues(e, stop) })
	if k < 0 {
		return out
	}
	e := out.exits[k]
	if len(out.exits) == 1 {
		return fr.processAll(e, from, stop)
	}
	others := slices.Delete(slices.Clone(out.exits), k, k+1)
	var blocks []*ssa.BasicBlock
	for _, o := range others {
		if o.kind == exitBlock {
			blocks = append(blocks, o.blk)
		}
	}
	inner := stop.with(blocks...)
	rest := outcome{exits: others, label: out.label}
	if len(others) == 1 {
		rest.label = others[0].id()
	}
	ev.at()
	cond := ev.b.Compare(ir.OpEq, ev.labelExp(out), ev.b.Const(ir.Int, e.id()))
	res := fr.branch(cond, inner, func() outcome {
		return fr.processAll(e, from, inner)
	}, func() outcome {
		return fr.guard(func() outcome { return fr.dispatch(rest, from, stop) })
	})
	switch res.which {
	case 0:
		return rest
	case 1:
		return fr.processAll(e, from, stop)
	}
	return res.out
}

// processAll continues at exit e until control stops.
func (fr *frame) processAll(e exitT, from *ssa.BasicBlock, stop *stopSet) outcome {
	return fr.guard(func() outcome { return fr.loop(fr.process(e, from, stop), stop) })
}

// process continues at exit e.
func (fr *frame) process(e exitT, from *ssa.BasicBlock, stop *stopSet) next {
	switch {
	case e.kind == exitReturn:
		return fr.doReturn(stop)
	case e.pending:
		return fr.arriveWith(e.blk, from, e.phis, stop)
	case e.kind == exitBlock && leavesLoop(e.blk, stop):
		return fr.reach(e.blk, from, stop)
	}
	return next{blk: e.blk, from: from}
}

// arriveWith reaches block t with the given values of its phis: assigned
// to its registers, or, if t is the header of an enclosing staged loop,
// to that loop's variables (a back edge).
func (fr *frame) arriveWith(t, from *ssa.BasicBlock, phis []value, stop *stopSet) next {
	owner := stop.owner(t)
	if owner != nil && owner.loop != nil && t == owner.loop.l.header {
		owner.loop.assignPhis(phis)
		return stopWith(fr.single(exitT{kind: exitBlock, blk: t}))
	}
	for i, v := range phis {
		if v != nil {
			fr.set(t.Instrs[i].(*ssa.Phi), v)
		}
	}
	return fr.reach(t, from, stop)
}
