package frontend

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages loops. A loop whose exit test is a Rep becomes a loop
// of the generated code (ir.While). Its header's phis (the values that
// change from one iteration to the next) become staged variables, and so
// do the cells of static memory it assigns (found while evaluating the
// body: the body is then evaluated again, see restartReq). The loop is
// built in one of three forms:
//
//   - header-tested (for c { body }): the condition block evaluates the
//     header, the body block evaluates the header again (it is pure) and
//     the body; after the loop the header is evaluated once more, for the
//     values used after it;
//   - bottom-tested (range over an int): the condition block evaluates a
//     whole iteration, writes the phis and returns the test;
//   - general (break, return): the condition block evaluates a whole
//     iteration and returns whether it ended at the back edge; each exit
//     saves the values used after the loop in staged variables and sets a
//     label, on which the code after the loop dispatches.
//
// This file is the loop driver and the three forms; looptrial.go decides
// whether a loop is staged, loopvars.go finds its loop-carried variables,
// loopexit.go handles its exits and the code after it.

// loopState is a staged loop being built.
type loopState struct {
	fr     *frame
	l      *loop
	form   loopShape
	stop   *stopSet
	region *region

	phiTrees  []value // per phi of the header: a value with *varRef leaves, or its entry value if assumed unchanged
	entry     []value // per phi of the header: its value on entry
	same      []bool  // per phi of the header: assumed to keep its entry value (speculate.go)
	shifts    []value // per phi of the header: c if its variable holds phi+c (see shiftOf), else nil
	shiftQ    []*ssa.BinOp
	rot       *rotation // a range over a Rep int tested at the top, or nil
	advances  []advance // advances of ranges over Rep strings, made at the end of the body
	promoted  []*value
	cells     []watchedCell // cells assumed to keep their values (speculate.go)
	exitTrees map[slotKey]value
	needVar   map[slotKey]value // exit slots that need staged variables, with a template value
	exitSeen  map[slotKey]value // static values of exit slots in this attempt
	taken     map[int]bool      // ids of the exits taken in this attempt
	lbl       ir.Exp
	hasLbl    bool
	kinds     []exitT
	symMark   int // symbols from here on were built in this attempt's blocks (aosloop.go)
}

// closing returns the bottom-tested staged loop whose test ends block b.
func (fr *frame) closing(b *ssa.BasicBlock, stop *stopSet) *loopState {
	l := stop.innermostLoop()
	if l == nil || l.loop.fr != fr || l.loop.form != shapeBottom || l.loop.l.latches[0] != b {
		return nil
	}
	return l.loop
}

// stagedLoop builds the loop whose header is h; h's phis hold the values
// on entry.
func (fr *frame) stagedLoop(h *ssa.BasicBlock, stop *stopSet) next {
	return fr.stagedLoopRot(h, stop, nil)
}

func (fr *frame) stagedLoopRot(h *ssa.BasicBlock, stop *stopSet, rot *rotation) next {
	ev := fr.ev
	l := fr.info.loops[h.Index]
	ls := &loopState{fr: fr, l: l, form: l.shape, stop: stop, rot: rot,
		exitTrees: map[slotKey]value{}, needVar: map[slotKey]value{}}
	for _, x := range l.exits {
		ls.kinds = append(ls.kinds, exitT{kind: exitBlock, blk: x, pending: true})
	}
	slices.SortFunc(ls.kinds, func(a, b exitT) int { return a.id() - b.id() })
	if l.returns {
		ls.kinds = append([]exitT{{kind: exitReturn, pending: true}}, ls.kinds...)
	}
	pos := fr.blockPos(h)
	nphi := fr.info.phis[h.Index]
	entry := make([]value, nphi)
	for i := range nphi {
		entry[i] = fr.get(h.Instrs[i].(*ssa.Phi))
	}
	ls.entry = entry
	for attempt := 0; ; attempt++ {
		if attempt > 256 {
			panic("BUG: a staged loop restarts forever")
		}
		ev.pos = pos
		ev.at()
		// Staged variables, before the loop: one per phi that is not
		// assumed to keep its value (speculate.go).
		if ls.phiTrees == nil {
			ls.phiTrees = make([]value, nphi)
			ls.shifts, ls.shiftQ = make([]value, nphi), make([]*ssa.BinOp, nphi)
			for i := range nphi {
				if q := ls.shiftOf(h.Instrs[i].(*ssa.Phi), entry[i]); q != nil {
					ls.shifts[i], ls.shiftQ[i] = ev.constant(q.Y.(*ssa.Const)), q
				}
			}
			ls.assume(entry)
		}
		for i := range nphi {
			if ls.phiTrees[i] == nil {
				ls.phiTrees[i] = ls.phiVars(i, entry[i])
			}
		}
		for i := range nphi {
			content := regContent(ls.phiTrees[i])
			if c := ls.shifts[i]; c != nil {
				content = &varShift{v: ls.phiTrees[i].(*varRef).v, c: c}
			}
			fr.set(h.Instrs[i].(*ssa.Phi), content)
		}
		for _, p := range ls.promoted {
			if _, ok := (*p).(*matElem); ok {
				continue // materialized since (soamat.go): its element is the variable
			}
			if _, ok := (*p).(*varRef); !ok {
				v := ev.load(p)
				if !liftable(v) && !ev.materialized(v) || isComposite(v) {
					ev.fail("a static variable assigned in a staged loop must become a variable of the generated code, but it holds %s", describe(v))
				}
				ev.rawWrite(p, ev.promoteVar(p, v))
			}
		}
		keys := make([]slotKey, 0, len(ls.needVar))
		for k := range ls.needVar {
			if _, ok := ls.exitTrees[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.SortFunc(keys, func(a, b slotKey) int { return ls.slotOrder(a) - ls.slotOrder(b) })
		for _, k := range keys {
			ls.exitTrees[k] = ls.makeVars(ls.needVar[k], ls.slotType(k), true, "")
		}
		if ls.form == shapeGeneral && len(ls.kinds) > 1 && !ls.hasLbl {
			ls.lbl, ls.hasLbl = ev.b.NewVar(ev.b.Const(ir.Int, 0)), true
		}
		ls.exitSeen = map[slotKey]value{}
		ls.taken = map[int]bool{}

		ls.symMark = ev.b.Graph().NumSyms()
		r := ev.pushRegion(rLoop)
		r.loop, ls.region = ls, r
		layer := &stopSet{blocks: append([]*ssa.BasicBlock{h}, l.exits...), loop: ls, parent: stop}
		var cb, bb *ir.Block
		switch {
		case ls.form == shapeHeader:
			cb, bb = ls.headerForm(r, layer)
		case ls.rot != nil:
			cb, bb = ls.rotatedForm(r, layer)
		default:
			cb, bb = ls.iterationForm(r, layer)
		}
		ev.popRegion(r)
		ev.pos = pos
		if r.restart != nil {
			ls.restart(r.restart)
			continue
		}
		ev.at()
		ev.b.WhileBlocks(cb, bb)
		ev.writes++
		return ls.after()
	}
}

// phiVars makes the staged variables of the header's phi i, whose value
// on entry is init.
func (ls *loopState) phiVars(i int, init value) value {
	ev := ls.fr.ev
	phi := ls.l.header.Instrs[i].(*ssa.Phi)
	name := commentOf(phi)
	if _, synthetic := ssaLocals[name]; synthetic {
		// A range's own counter: the source's key variable, or i.
		if name = sourceName(phi); name == "" {
			name = "i"
		}
	}
	if ls.rot != nil && i == ls.rot.iter {
		if name = sourceName(phi); name == "" {
			name = "i"
		}
	}
	if q := ls.shiftQ[i]; q != nil {
		init = ev.binopValues(token.ADD, init, ls.shifts[i], phi.Type(), phi.Type(), phi.Type())
		name = sourceName(q)
		if name == "" && strings.HasPrefix(commentOf(phi), "range") {
			name = "i" // the index of a range with no key variable
		}
	}
	return ls.makeVars(init, phi.Type(), false, name)
}

// restart applies what an attempt found.
func (ls *loopState) restart(rr *restartReq) {
	ev := ls.fr.ev
	for _, p := range rr.promote {
		if !slices.Contains(ls.promoted, p) {
			ls.promoted = append(ls.promoted, p)
		}
	}
	ls.cells = slices.DeleteFunc(ls.cells, func(c watchedCell) bool { return slices.Contains(ls.promoted, c.p) })
	for _, m := range rr.material {
		ev.materializeBase(m)
	}
	if rr.general {
		if ls.rot != nil {
			panic("BUG: a range over an int needs the general form")
		}
		ls.form = shapeGeneral
	}
	for k, v := range rr.vars {
		ls.needVar[k] = v
	}
	ls.weaken(rr.phis)
}

// execHeader executes the header's instructions (not its phis or test).
func (ls *loopState) execHeader() {
	regs := ls.fr.bodyRegs(ls.l.header)
	for k, in := range ls.fr.body(ls.l.header) {
		ls.fr.execRegs(in, &regs[k])
	}
}

// advance is the advance of the position of a range over a Rep string.
type advance struct {
	pos  *value
	next *rep
}

// stagedLoopOf returns the staged loop of frame fr whose header is h
// being built, or nil.
func (ev *evaluator) stagedLoopOf(fr *frame, h *ssa.BasicBlock) *loopState {
	for i := len(ev.regions) - 1; i >= 0; i-- {
		if ls := ev.regions[i].loop; ls != nil && ls.fr == fr && ls.l.header == h {
			return ls
		}
	}
	return nil
}

// testHeader executes the header's instructions for its test or for the
// values used after the loop: the advance of a range over a Rep string in
// the header is left out (the body's evaluation of the header makes it,
// and after the loop it advances by nothing).
func (ls *loopState) testHeader() {
	ev := ls.fr.ev
	saved := ev.quiet
	ev.quiet = quietHeader{fr: ls.fr, b: ls.l.header}
	defer func() { ev.quiet = saved }()
	ls.execHeader()
}

// headerForm builds the blocks of a header-tested loop.
func (ls *loopState) headerForm(r *region, layer *stopSet) (cb, bb *ir.Block) {
	fr, ev := ls.fr, ls.fr.ev
	h := ls.l.header
	test := h.Instrs[len(h.Instrs)-1].(*ssa.If)
	in := 0
	if !ls.l.contains(h.Succs[0]) {
		in = 1
	}
	cb = ev.b.Reify(nil, func([]ir.Exp) ir.Exp {
		c := ev.b.Const(ir.Bool, false)
		ev.catchRestart(r, func() {
			w0, s0 := ev.writes, ev.stores
			ls.testHeader()
			if ev.writes != w0 || ev.stores != s0 {
				ev.unwind(&restartReq{target: r, general: true})
			}
			c = ev.liftTo(fr.get(test.Cond), ir.Bool, "the loop condition")
			if in == 1 {
				ev.at()
				c = ev.b.Unary(ir.OpNot, c)
			}
		})
		ev.rollback(r.mark)
		return c
	})
	if r.restart != nil {
		return cb, nil
	}
	bb = ev.b.Reify(nil, func([]ir.Exp) ir.Exp {
		ev.catchRestart(r, func() {
			ls.execHeader()
			out := fr.follow(h, h.Succs[in], layer)
			for _, e := range out.exits {
				if e.kind != exitBlock || e.blk != h {
					ev.unwind(&restartReq{target: r, general: true})
				}
			}
			if !out.diverged() {
				// Every back edge assigns q to a shifted phi, and q is
				// the variable's value, unchanged in the body: the
				// variable is incremented once, at the end.
				for i, q := range ls.shiftQ {
					if q != nil {
						ls.writePhi(i, fr.get(q))
					}
				}
				for _, a := range ls.advances {
					ev.store(a.pos, a.next)
				}
				ls.checkCells() // the advances change their positions
			}
			ls.advances = nil
		})
		ev.rollback(r.mark)
		return ev.b.Unit()
	})
	return cb, bb
}

// iterationForm builds the blocks of a bottom-tested or general loop: the
// condition block runs a whole iteration.
func (ls *loopState) iterationForm(r *region, layer *stopSet) (cb, bb *ir.Block) {
	fr, ev := ls.fr, ls.fr.ev
	h := ls.l.header
	cb = ev.b.Reify(nil, func([]ir.Exp) ir.Exp {
		c := ev.b.Const(ir.Bool, false)
		ev.catchRestart(r, func() {
			out := fr.runArrived(h, layer)
			switch {
			case out.closed:
				if ls.form != shapeBottom {
					panic("BUG: closed iteration of a general loop")
				}
				c = out.cond
			case out.diverged():
			case ls.form == shapeBottom:
				ev.unwind(&restartReq{target: r, general: true})
			default:
				back := slices.ContainsFunc(out.exits, func(e exitT) bool { return e.kind == exitBlock && e.blk == h })
				other := slices.ContainsFunc(out.exits, func(e exitT) bool { return !(e.kind == exitBlock && e.blk == h) })
				switch {
				case back && !other:
					c = ev.b.Const(ir.Bool, true)
				case back:
					ev.at()
					c = ev.b.Compare(ir.OpEq, ev.labelExp(out), ev.b.Const(ir.Int, h.Index+2))
				}
			}
		})
		ev.rollback(r.mark)
		return c
	})
	bb = ev.b.Reify(nil, func([]ir.Exp) ir.Exp { return ev.b.Unit() })
	return cb, bb
}

// close handles the test of a bottom-tested loop at the end of latch b:
// it saves the values used after the loop, assigns the phis, and returns
// the condition to go on.
func (ls *loopState) close(b *ssa.BasicBlock, c value) outcome {
	fr, ev := ls.fr, ls.fr.ev
	h := ls.l.header
	in := 0
	if b.Succs[0] != h {
		in = 1
	}
	t := b.Succs[1-in]
	kh := slices.Index(h.Preds, b)
	kt := slices.Index(t.Preds, b)
	// The values used after the loop.
	type save struct {
		k slotKey
		v value
	}
	var saves []save
	for i := range fr.info.phis[t.Index] {
		phi := t.Instrs[i].(*ssa.Phi)
		w := phi.Edges[kt]
		if ls.backValue(w, kh) >= 0 || ls.rot != nil && outside(ls.l, w) {
			continue
		}
		saves = append(saves, save{slotKey{v: phi}, fr.get(w)})
	}
	for _, v := range ls.l.liveOut {
		if ls.backValue(v, kh) >= 0 || !ls.definedHere(v) {
			continue
		}
		saves = append(saves, save{slotKey{v: v}, fr.get(v)})
	}
	n := fr.info.phis[h.Index]
	vals := make([]value, n)
	for i := range n {
		vals[i] = fr.get(h.Instrs[i].(*ssa.Phi).Edges[kh])
	}
	ls.check(vals)
	saved := make([]value, len(saves))
	for i, s := range saves {
		saved[i] = s.v
	}
	ls.convertSplitPhis(vals, saved)
	keys := make([]slotKey, len(saves))
	for i, s := range saves {
		keys[i] = s.k
	}
	ls.convertSaves(keys, saved, vals)
	cond := ev.liftTo(c, ir.Bool, "the loop condition")
	for i, s := range saves {
		ls.saveSlot(s.k, saved[i])
	}
	order := make([]int, 0, n)
	for i := range n {
		if ls.rot == nil || i != ls.rot.iter {
			order = append(order, i)
		}
	}
	if ls.rot != nil {
		order = append(order, ls.rot.iter) // i++ last: the for clause's post statement
	}
	for _, i := range order {
		if !ls.writePhi(i, vals[i]) {
			ev.fail("%s changes in a staged loop (its condition is a Rep), but it holds %s, which cannot be a variable of the generated code", varName(h.Instrs[i].(*ssa.Phi)), describe(vals[i]))
		}
	}
	if in == 1 {
		ev.at()
		cond = ev.b.Unary(ir.OpNot, cond)
	}
	return outcome{closed: true, cond: cond}
}
