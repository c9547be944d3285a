package frontend

import (
	"go/token"
	"go/types"
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

// loopState is a staged loop being built.
type loopState struct {
	fr     *frame
	l      *loop
	form   loopShape
	stop   *stopSet
	region *region

	phiTrees  []value // per phi of the header: a value with *varRef leaves
	shifts    []value // per phi of the header: c if its variable holds phi+c (see shiftOf), else nil
	shiftQ    []*ssa.BinOp
	rot       *rotation // a range over a Rep int tested at the top, or nil
	advances  []advance // advances of ranges over Rep strings, made at the end of the body
	promoted  []*value
	exitTrees map[slotKey]value
	needVar   map[slotKey]value // exit slots that need staged variables, with a template value
	exitSeen  map[slotKey]value // static values of exit slots in this attempt
	taken     map[int]bool      // ids of the exits taken in this attempt
	lbl       ir.Exp
	hasLbl    bool
	kinds     []exitT
}

// slotKey names a value live after a loop: a phi of an exit block, a
// value defined in the loop, or a result of the function.
type slotKey struct {
	v   ssa.Value
	ret int // result index + 1, 0 if not a result
}

type trialState struct {
	l               *loop
	static, dynamic bool
	ev              *evaluator
	region          *region
}

type trialDone struct{}

// runArrived evaluates from block b (phis done, loop logic done).
func (fr *frame) runArrived(b *ssa.BasicBlock, stop *stopSet) outcome {
	return fr.guard(func() outcome { return fr.loop(next{blk: b, arrived: true}, stop) })
}

// trial evaluates the first iteration of a loop without keeping anything,
// to learn whether its exit is decided by a Rep.
func (fr *frame) trial(l *loop, stop *stopSet) bool {
	ev := fr.ev
	tr := &trialState{l: l, ev: ev}
	fr.trials = append(fr.trials, tr)
	defer func() { fr.trials = fr.trials[:len(fr.trials)-1] }()
	for attempt := 0; ; attempt++ {
		r := ev.pushRegion(rTrial)
		tr.region = r
		layer := stop.with(append([]*ssa.BasicBlock{l.header}, l.exits...)...)
		var again *restartReq
		pos := ev.pos
		ev.b.Reify(nil, func([]ir.Exp) ir.Exp {
			func() {
				defer func() {
					if ev.passes(r) {
						return
					}
					if x := recover(); x != nil {
						ev.unw = unwinding{}
						ev.regions = ev.regions[:r.depth]
						if _, ok := x.(trialDone); ok {
							return
						}
						if rr, ok := x.(*restartReq); ok && rr.target == r {
							again = rr
							return
						}
						panic(x)
					}
				}()
				fr.runArrived(l.header, layer)
			}()
			ev.rollback(r.mark)
			return ev.b.Unit()
		})
		ev.popRegion(r)
		ev.pos = pos
		if again == nil || attempt > 16 {
			return tr.dynamic && !tr.static
		}
		ev.applyRestart(again)
		tr.static, tr.dynamic = false, false
	}
}

// trialOf returns the trial in progress whose loop block b exits.
func (fr *frame) trialOf(b *ssa.BasicBlock) *trialState {
	if len(fr.trials) == 0 {
		return nil
	}
	tr := fr.trials[len(fr.trials)-1]
	if slices.Contains(tr.l.exitIfs, b) {
		return tr
	}
	return nil
}

func (tr *trialState) sawStatic() {
	tr.static = true
	tr.end()
}

func (tr *trialState) sawDynamic() {
	tr.dynamic = true
	tr.end()
}

func (tr *trialState) end() {
	tr.ev.unw = unwinding{kind: unwindTrial, target: tr.region}
	panic(trialDone{})
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
	for attempt := 0; ; attempt++ {
		if attempt > 256 {
			panic("BUG: a staged loop restarts forever")
		}
		ev.pos = pos
		ev.at()
		// Staged variables, before the loop.
		if ls.phiTrees == nil {
			ls.shifts, ls.shiftQ = make([]value, nphi), make([]*ssa.BinOp, nphi)
			for i := range nphi {
				phi := h.Instrs[i].(*ssa.Phi)
				init, name := entry[i], commentOf(phi)
				if ls.rot != nil && i == ls.rot.iter {
					if name = sourceName(phi); name == "" {
						name = "i"
					}
				}
				if q := ls.shiftOf(phi, init); q != nil {
					c := ev.constant(q.Y.(*ssa.Const))
					init = ev.binopValues(token.ADD, init, c, phi.Type(), phi.Type(), phi.Type())
					ls.shifts[i], ls.shiftQ[i], name = c, q, sourceName(q)
					if name == "" && strings.HasPrefix(commentOf(phi), "range") {
						name = "i" // the index of a range with no key variable
					}
				}
				ls.phiTrees = append(ls.phiTrees, ls.makeVars(init, phi.Type(), false, name))
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
			if _, ok := (*p).(*varRef); !ok {
				v := ev.load(p)
				if !liftable(v) || isComposite(v) {
					ev.fail("a static variable assigned in a staged loop must become a variable of the generated code, but it holds %s", describe(v))
				}
				ev.rawWrite(p, &varRef{v: ev.newVar(v, nil, ev.cellName(p))})
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

// restart applies what an attempt found.
func (ls *loopState) restart(rr *restartReq) {
	ev := ls.fr.ev
	for _, p := range rr.promote {
		if !slices.Contains(ls.promoted, p) {
			ls.promoted = append(ls.promoted, p)
		}
	}
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
}

func (ls *loopState) slotOrder(k slotKey) int {
	if k.ret > 0 {
		return k.ret
	}
	if i, ok := ls.fr.info.idx[k.v]; ok {
		return 1000 + i
	}
	return 1 << 30
}

// makeVars makes staged variables for the liftable leaves of v (with zero
// initial values if zeroInit), leaving the other leaves static.
func (ls *loopState) makeVars(v value, gt types.Type, zeroInit bool, name string) value {
	ev := ls.fr.ev
	switch x := v.(type) {
	case structure:
		c := make(structure, len(x))
		st, _ := gt.Underlying().(*types.Struct)
		for i := range x {
			var ft types.Type
			fname := "" // z.Re's variable is zRe, as a struct parameter's leaves
			if st != nil {
				ft = st.Field(i).Type()
				if name != "" {
					fname = fieldName(name, st.Field(i).Name())
				}
			}
			c[i] = ls.makeVars(x[i], ft, zeroInit, fname)
		}
		return c
	case array:
		c := make(array, len(x))
		var et types.Type
		if at, ok := gt.Underlying().(*types.Array); ok {
			et = at.Elem()
		}
		for i := range x {
			c[i] = ls.makeVars(x[i], et, zeroInit, "")
		}
		return c
	case *rep, sliceV:
		if s, ok := x.(sliceV); ok && !liftable(s) {
			return v
		}
	default:
		if irTypeOfValue(v) == nil {
			return v
		}
	}
	if zeroInit {
		var t *ir.Type
		switch x := v.(type) {
		case *rep:
			t = ev.b.Graph().TypeOf(x.e)
		case sliceV:
			t = ev.sliceType(x, gt)
		default:
			t = irTypeOfValue(v)
		}
		if t == nil {
			return v
		}
		var init ir.Exp
		if t.Kind == ir.KSlice {
			init = ev.b.MakeSlice(t.Elem, ev.b.Const(ir.Int, 0), ev.b.Const(ir.Int, 0))
			ev.local[init.Sym()] = true
		} else {
			init = ev.b.Const(t, zeroOf(t))
		}
		e := ev.b.NewVar(init)
		if name != "" {
			ev.b.Name(e, name)
		}
		return &varRef{v: e}
	}
	return &varRef{v: ev.newVar(v, gt, name)}
}

// slotType returns the Go type of an exit slot.
func (ls *loopState) slotType(k slotKey) types.Type {
	if k.ret > 0 {
		return ls.fr.fn.Signature.Results().At(k.ret - 1).Type()
	}
	return k.v.Type()
}

// newVar makes a staged variable holding v.
func (ev *evaluator) newVar(v value, gt types.Type, name string) ir.Exp {
	var init ir.Exp
	switch x := v.(type) {
	case *rep:
		init = x.e
	case sliceV:
		init = ev.materialize(x, ev.sliceType(x, gt).Elem)
	default:
		init = ev.b.Const(irTypeOfValue(v), v)
	}
	e := ev.b.NewVar(init)
	if name != "" {
		ev.b.Name(e, name)
	}
	return e
}

// sliceType returns the graph type of a static slice: from its Go type
// gt if known, else from its elements.
func (ev *evaluator) sliceType(s sliceV, gt types.Type) *ir.Type {
	if gt != nil {
		if t := irTypeOf(gt); t != nil && t.Kind == ir.KSlice {
			return t
		}
	}
	for _, x := range s.elems() {
		if r, ok := x.(*rep); ok {
			return ir.SliceOf(ev.b.Graph().TypeOf(r.e))
		}
		if t := irTypeOfValue(x); t != nil {
			return ir.SliceOf(t)
		}
	}
	for _, x := range s.base {
		if r, ok := x.(*rep); ok {
			return ir.SliceOf(ev.b.Graph().TypeOf(r.e))
		}
		if t := irTypeOfValue(x); t != nil {
			return ir.SliceOf(t)
		}
	}
	ev.fail("an empty static slice cannot become a variable of the generated code here: give it a length or make it with stage.Dyn")
	return nil
}

func isComposite(v value) bool {
	switch v.(type) {
	case structure, array:
		return true
	}
	return false
}

// regContent is what a register holds for a tree of staged variables.
func regContent(tree value) value {
	switch tree.(type) {
	case *varRef:
		return tree
	case structure, array:
		if hasVarRef(tree) {
			return &varComposite{v: tree}
		}
	}
	return tree
}

func hasVarRef(v value) bool {
	switch x := v.(type) {
	case *varRef:
		return true
	case structure:
		for _, e := range x {
			if hasVarRef(e) {
				return true
			}
		}
	case array:
		for _, e := range x {
			if hasVarRef(e) {
				return true
			}
		}
	}
	return false
}

// writeVars assigns v to a tree of staged variables; a static leaf must
// keep its value. It reports false if a static leaf would change.
func (ls *loopState) writeVars(tree, v value) bool {
	ev := ls.fr.ev
	switch t := tree.(type) {
	case *varRef:
		e := ev.liftTo(v, ev.b.Graph().TypeOf(t.v), "a value assigned in a staged loop")
		if e.IsSym() {
			if n := ev.b.Graph().Def(e.Sym()); n != nil && n.Op == ir.OpVarGet && n.Args[0] == t.v {
				return true // the variable keeps its value
			}
		}
		ev.at()
		ev.b.WriteVar(t.v, e)
		ev.writes++
		return true
	case structure:
		x := v.(structure)
		ok := true
		for i := range t {
			ok = ls.writeVars(t[i], x[i]) && ok
		}
		return ok
	case array:
		x := v.(array)
		ok := true
		for i := range t {
			ok = ls.writeVars(t[i], x[i]) && ok
		}
		return ok
	}
	return identical(tree, v)
}

// writePhi assigns v to the variables of the header's phi i.
func (ls *loopState) writePhi(i int, v value) bool {
	if c := ls.shifts[i]; c != nil {
		t := ls.l.header.Instrs[i].(*ssa.Phi).Type()
		v = ls.fr.ev.binopValues(token.ADD, v, c, t, t, t)
	}
	return ls.writeVars(ls.phiTrees[i], v)
}

// shiftOf returns the instruction q = phi + c of the header if the phi's
// staged variable can hold q instead of the phi: every back edge assigns
// q to the phi, and its value on entry is an integer. This is the index
// of a range over a slice (rangeindex starts at -1 and the header
// computes rangeindex+1): its variable then starts at 0, the header tests
// it directly and the back edges increment it, the natural
// for i := 0; i < len(s); i++, whose bounds checks Go's prove pass drops.
func (ls *loopState) shiftOf(phi *ssa.Phi, entry value) *ssa.BinOp {
	h := ls.l.header
	if b, ok := phi.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return nil
	}
	if r, ok := entry.(*rep); ok {
		if !ls.fr.ev.b.Graph().TypeOf(r.e).IsInteger() {
			return nil
		}
	} else if !isIntegerValue(entry) {
		return nil
	}
	var q *ssa.BinOp
	for k, e := range phi.Edges {
		if !ls.l.contains(h.Preds[k]) {
			continue
		}
		b, ok := e.(*ssa.BinOp)
		if !ok || b.Op != token.ADD || b.X != phi || b.Block() != h || q != nil && q != b {
			return nil
		}
		if c, ok := b.Y.(*ssa.Const); !ok || isStageBasic(c.Type()) {
			return nil
		}
		q = b
	}
	return q
}

// sourceName returns the name of the source variable v is assigned to,
// or "".
func sourceName(v ssa.Value) string {
	for _, r := range *v.Referrers() {
		if d, ok := r.(*ssa.DebugRef); ok && !d.IsAddr {
			if obj, ok := d.Object().(*types.Var); ok && obj.Name() != "_" {
				return obj.Name()
			}
		}
	}
	return ""
}

// shifted returns the value of q = p + c when the register of p is a
// *varShift with that c: the staged variable, read.
func (fr *frame) shifted(in *ssa.BinOp) (value, bool) {
	if in.Op != token.ADD {
		return nil, false
	}
	i, ok := fr.info.idx[in.X]
	if !ok {
		return nil, false
	}
	vs, ok := fr.regs[i].(*varShift)
	if !ok {
		return nil, false
	}
	c, ok := in.Y.(*ssa.Const)
	if !ok || !identical(fr.ev.constant(c), vs.c) {
		return nil, false
	}
	ev := fr.ev
	ev.at()
	return &rep{e: ev.b.ReadVar(vs.v), why: &why{pos: ev.position(in.Pos()), what: "a variable of a staged loop"}}, true
}

// backEdge assigns the header's phis for the back edge from block from.
func (ls *loopState) backEdge(from *ssa.BasicBlock) {
	fr := ls.fr
	h := ls.l.header
	k := slices.Index(h.Preds, from)
	n := fr.info.phis[h.Index]
	vals := make([]value, n)
	for i := range n {
		vals[i] = fr.get(h.Instrs[i].(*ssa.Phi).Edges[k])
	}
	ls.assignPhis(vals)
}

// assignPhis assigns values to the header's phis (their variables).
func (ls *loopState) assignPhis(vals []value) {
	ev := ls.fr.ev
	h := ls.l.header
	for i := range vals {
		if vals[i] == nil {
			panic("BUG: a back edge without the value of a phi")
		}
		if ls.shifts[i] != nil && ls.form == shapeHeader {
			continue // incremented once, at the end of the body
		}
		if !ls.writePhi(i, vals[i]) {
			phi := h.Instrs[i].(*ssa.Phi)
			ev.fail("%s changes in a staged loop (its condition is a Rep), but it holds %s, which cannot be a variable of the generated code", varName(phi), describe(vals[i]))
		}
	}
}

// definedHere reports whether register v was assigned in the current
// iteration.
func (ls *loopState) definedHere(v ssa.Value) bool {
	fr, ev := ls.fr, ls.fr.ev
	i, ok := fr.info.idx[v]
	if !ok {
		return false
	}
	p := &fr.regs[i]
	for _, e := range ev.journal[ls.region.mark:] {
		if e.p == p {
			return true
		}
	}
	return false
}

// saveSlot saves the value of an exit slot: in its staged variables, or
// as a static value that must be the same at every exit.
func (ls *loopState) saveSlot(k slotKey, v value) {
	ev := ls.fr.ev
	if tree, ok := ls.exitTrees[k]; ok {
		if !ls.writeVars(tree, v) {
			ev.fail("%s is used after a staged loop, but it holds %s, which differs between the loop's exits and cannot be a variable of the generated code", ls.slotName(k), describe(v))
		}
		return
	}
	if !hasRep(v, 0) {
		prev, seen := ls.exitSeen[k]
		if !seen || identical(prev, v) {
			ls.exitSeen[k] = v
			return
		}
	}
	ev.unwind(&restartReq{target: ls.region, vars: map[slotKey]value{k: v}})
}

func (ls *loopState) slotName(k slotKey) string {
	if k.ret > 0 {
		return "a result of " + funcName(ls.fr.fn)
	}
	return varName(k.v)
}

// exitTo handles an exit of the loop to block t (its phis evaluated).
func (ls *loopState) exitTo(t *ssa.BasicBlock) {
	fr, ev := ls.fr, ls.fr.ev
	if ls.form != shapeGeneral {
		ev.unwind(&restartReq{target: ls.region, general: true})
	}
	ls.taken[exitT{kind: exitBlock, blk: t}.id()] = true
	for i := range fr.info.phis[t.Index] {
		phi := t.Instrs[i].(*ssa.Phi)
		ls.saveSlot(slotKey{v: phi}, fr.get(phi))
	}
	for _, v := range ls.l.liveOut {
		if ls.definedHere(v) {
			ls.saveSlot(slotKey{v: v}, fr.get(v))
		}
	}
	if ls.hasLbl {
		ev.at()
		ev.b.WriteVar(ls.lbl, ev.b.Const(ir.Int, t.Index+2))
		ev.writes++
	}
}

// exitReturn handles a return from inside the loop (result in fr.ret).
func (ls *loopState) exitReturn() {
	fr, ev := ls.fr, ls.fr.ev
	if ls.form != shapeGeneral {
		ev.unwind(&restartReq{target: ls.region, general: true})
	}
	ls.taken[exitT{kind: exitReturn}.id()] = true
	switch r := fr.ret.(type) {
	case tuple:
		for i, x := range r {
			ls.saveSlot(slotKey{ret: i + 1}, x)
		}
	case nil:
	default:
		ls.saveSlot(slotKey{ret: 1}, r)
	}
	if ls.hasLbl {
		ev.at()
		ev.b.WriteVar(ls.lbl, ev.b.Const(ir.Int, 1))
		ev.writes++
	}
}

// execHeader executes the header's instructions (not its phis or test).
func (ls *loopState) execHeader() {
	for _, in := range ls.fr.body(ls.l.header) {
		ls.fr.exec(in)
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
	cond := ev.liftTo(c, ir.Bool, "the loop condition")
	for _, s := range saves {
		ls.saveSlot(s.k, s.v)
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

// backValue returns the index of the header phi whose back-edge value
// (edge k) is v, or -1.
func (ls *loopState) backValue(v ssa.Value, k int) int {
	h := ls.l.header
	for i := range ls.fr.info.phis[h.Index] {
		if h.Instrs[i].(*ssa.Phi).Edges[k] == v {
			return i
		}
	}
	return -1
}

// slotValue returns the value of an exit slot after the loop, and
// whether it has one.
func (ls *loopState) slotValue(k slotKey) (value, bool) {
	if tree, ok := ls.exitTrees[k]; ok {
		return ls.fr.ev.resolve(tree), true
	}
	v, ok := ls.exitSeen[k]
	return v, ok
}

// after continues once the loop is built.
func (ls *loopState) after() next {
	fr, ev := ls.fr, ls.fr.ev
	h := ls.l.header
	switch ls.form {
	case shapeHeader:
		ls.testHeader()
		out := h.Succs[0]
		if ls.l.contains(out) {
			out = h.Succs[1]
		}
		return fr.edge(h, out, ls.stop)
	case shapeBottom:
		b := ls.l.latches[0]
		t := b.Succs[0]
		if t == h {
			t = b.Succs[1]
		}
		kh := slices.Index(h.Preds, b)
		kt := slices.Index(t.Preds, b)
		var phis []value
		for i := range fr.info.phis[t.Index] {
			phi := t.Instrs[i].(*ssa.Phi)
			w := phi.Edges[kt]
			if j := ls.backValue(w, kh); j >= 0 {
				phis = append(phis, fr.get(h.Instrs[j].(*ssa.Phi)))
			} else if ls.rot != nil && outside(ls.l, w) {
				phis = append(phis, fr.get(w))
			} else if v, ok := ls.slotValue(slotKey{v: phi}); ok {
				phis = append(phis, v)
			} else {
				phis = append(phis, nil)
			}
		}
		for _, v := range ls.l.liveOut {
			if j := ls.backValue(v, kh); j >= 0 {
				fr.set(v, fr.get(h.Instrs[j].(*ssa.Phi)))
			} else if x, ok := ls.slotValue(slotKey{v: v}); ok {
				fr.set(v, x)
			}
		}
		return fr.arriveWith(t, b, phis, ls.stop)
	}
	// General form: the values of every exit, then dispatch.
	for _, e := range ls.kinds {
		if e.kind == exitReturn {
			res := ls.fr.fn.Signature.Results()
			switch res.Len() {
			case 0:
			case 1:
				if v, ok := ls.slotValue(slotKey{ret: 1}); ok {
					fr.setRet(v)
				}
			default:
				tu := make(tuple, res.Len())
				all := true
				for i := range tu {
					v, ok := ls.slotValue(slotKey{ret: i + 1})
					tu[i], all = v, all && ok
				}
				if all {
					fr.setRet(tu)
				}
			}
			continue
		}
	}
	// An exit no path of the loop takes is not continued at: its phis
	// have no values (a loop whose every iteration returns never reaches
	// the block after it).
	kinds := slices.DeleteFunc(slices.Clone(ls.kinds), func(e exitT) bool { return !ls.taken[e.id()] })
	for j, e := range kinds {
		if e.kind != exitBlock {
			continue
		}
		n := fr.info.phis[e.blk.Index]
		if n == 0 {
			continue
		}
		phis := make([]value, n)
		for i := range n {
			phi := e.blk.Instrs[i].(*ssa.Phi)
			if v, ok := ls.slotValue(slotKey{v: phi}); ok {
				phis[i] = v
			}
		}
		kinds[j].phis = phis
	}
	for _, v := range ls.l.liveOut {
		if x, ok := ls.slotValue(slotKey{v: v}); ok {
			fr.set(v, x)
		}
	}
	out := outcome{exits: kinds}
	if len(kinds) == 1 {
		out.label = kinds[0].id()
	} else if len(kinds) > 1 {
		ev.at()
		out.label = &rep{e: ev.b.ReadVar(ls.lbl), why: &why{pos: ev.position(ev.pos), what: "the exit taken by a staged loop"}}
	}
	return fr.settle(out, h, ls.stop)
}

func commentOf(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Phi:
		return v.Comment
	case *ssa.Alloc:
		return v.Comment
	}
	return ""
}

func varName(v ssa.Value) string {
	if c := commentOf(v); c != "" {
		return "variable " + c
	}
	return "the value " + v.Name()
}
