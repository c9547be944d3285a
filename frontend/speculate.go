package frontend

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the speculative rewriting of staged loops: a loop's body is
// built under optimistic assumptions about its loop-carried values, and
// built again under weaker ones when the body contradicts them, until
// nothing is contradicted (a fixpoint).
//
// The assumption is made per phi of the loop's header: it keeps its value
// on entry at every iteration. While it holds, the phi is no staged
// variable: its register holds the entry value itself, static or Rep, so
// that static code on it still runs at generation time (a stack machine's
// stack pointer, a flag tested in the body). Every back edge checks the
// values it assigns to the assumed phis (check); one that differs (not
// identical, see identical: a different static value, a Rep instead of a
// static value, another expression) is a contradiction: the attempt is
// unwound to the loop (restartReq.phis), its nodes are left unreachable,
// the phi gets a staged variable (weaken) and the loop is built again.
// An assumption is only ever dropped, so a loop is built at most once per
// phi more than without speculation; phis that visibly change (a phi
// stepped by a constant at some back edge, a range index) are never
// assumed. The last attempt, where every remaining assumption held on
// every back edge, is the loop: each assumed phi holds the same value on
// entry and after every iteration, so it holds it throughout.
//
// Static memory gets the same assumption: a cell born before the loop and
// assigned in it (a variable captured by a closure, a field of a struct
// behind a pointer, an element of a static slice) is watched from its
// first assignment in the attempt (outerWrite, cells.go): every back edge
// and every exit of the loop checks that it holds its entry value again,
// and a contradiction makes it a staged variable of the outermost staged
// loop after its birth (restartReq.promote), as it always was before. The
// cells of a static slice whose phi keeps its value are a set of scalars:
// each element the body assigns is a staged variable of its own, and the
// slice itself is no variable of the generated code.

// assume makes the initial assumptions of a loop, whose phis hold entry on
// entry: every phi keeps its value, unless it visibly changes.
func (ls *loopState) assume(entry []value) {
	h := ls.l.header
	ls.same = make([]bool, len(entry))
	for i := range entry {
		phi := h.Instrs[i].(*ssa.Phi)
		if ls.shiftQ[i] != nil || ls.rot != nil && i == ls.rot.iter || ls.steps(phi) {
			continue
		}
		ls.same[i] = true
		ls.phiTrees[i] = entry[i]
	}
}

// steps reports whether some back edge assigns phi ± c to phi, with c a
// nonzero integer constant: it cannot keep its value there.
func (ls *loopState) steps(phi *ssa.Phi) bool {
	h := ls.l.header
	for k, e := range phi.Edges {
		if !ls.l.contains(h.Preds[k]) {
			continue
		}
		b, ok := e.(*ssa.BinOp)
		if !ok || b.Op != token.ADD && b.Op != token.SUB || b.X != phi {
			continue
		}
		if c, ok := b.Y.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int && constant.Sign(c.Value) != 0 {
			return true
		}
	}
	return false
}

// check verifies, at a back edge assigning vals to the header's phis
// (nil: not assigned there), the assumptions of the loop; a contradiction
// unwinds to the loop, which is built again without the assumptions that
// failed.
func (ls *loopState) check(vals []value) {
	var failed []int
	for i, v := range vals {
		if v != nil && ls.same[i] && !identical(ls.entry[i], v) {
			failed = append(failed, i)
		}
	}
	if len(failed) > 0 {
		ls.fr.ev.unwind(&restartReq{target: ls.region, phis: failed})
	}
	ls.checkCells()
}

// watchedCell is a cell assumed to keep its value over the iterations
// of a loop, with its value on entry.
type watchedCell struct {
	p     *value
	entry value
}

// watch adds cells assigned in the loop to those assumed to keep their
// values; they hold their entry values now (before the assignment).
func (ls *loopState) watch(ps []*value) {
	for _, p := range ps {
		if !slices.ContainsFunc(ls.cells, func(c watchedCell) bool { return c.p == p }) {
			ls.cells = append(ls.cells, watchedCell{p: p, entry: *p})
		}
	}
}

// checkCells checks, at a back edge or an exit of the loop, that the
// watched cells hold their entry values; the cells that do not become
// staged variables of the outermost staged loop after their birth, which
// is built again. (When several such loops are concerned, the outermost
// goes first; the others are found again when it is rebuilt.)
func (ls *loopState) checkCells() {
	ev := ls.fr.ev
	var target *region
	var promote []*value
	for _, c := range ls.cells {
		if identical(c.entry, *c.p) {
			continue
		}
		if e, ok := c.entry.(sliceV); ok && len(e.base) == 0 {
			// A variable that starts as an empty slice: its type is
			// the one of the elements it is given, or of the slice of
			// the generated code it becomes.
			switch s := (*c.p).(type) {
			case sliceV:
				if len(s.base) > 0 {
					ev.promoteTypes[c.p] = ev.sliceType(s, nil)
				}
			case *rep:
				if t := ev.b.Graph().TypeOf(s.e); t.Kind == ir.KSlice {
					ev.promoteTypes[c.p] = t
				}
			}
		}
		r := ev.promotingLoop(c.p)
		switch {
		case target == nil || r.depth < target.depth:
			target, promote = r, []*value{c.p}
		case r == target:
			promote = append(promote, c.p)
		}
	}
	if target != nil {
		ev.unwind(&restartReq{target: target, promote: promote})
	}
}

// promotingLoop returns the outermost staged loop being built after the
// birth of cell p.
func (ev *evaluator) promotingLoop(p *value) *region {
	for _, r := range ev.regions[ev.outermostAfter(ev.birth[p]):] {
		if r.kind == rLoop {
			return r
		}
	}
	panic("BUG: a watched cell outside any staged loop")
}

// promoteVar makes cell p, holding v, a staged variable of a loop.
func (ev *evaluator) promoteVar(p *value, v value) *varRef {
	if s, ok := v.(sliceV); ok && len(s.base) == 0 {
		if t := ev.promoteTypes[p]; t != nil {
			e := ev.b.NewVar(ev.materialize(s, t.Elem))
			if name := ev.cellName(p); name != "" {
				ev.b.Name(e, name)
			}
			return &varRef{v: e}
		}
	}
	return &varRef{v: ev.newVar(v, nil, ev.cellName(p))}
}

// weaken drops the assumptions of the phis that failed: each gets its
// staged variables at the next attempt. The variables of the other phis
// and of the exits are made again too, after them, so that variables are
// declared in the order of the phis whatever the attempt that found them
// (the loop's own counter last, just before the loop, where the Go
// emitter makes it the loop's init statement); the unused ones are dead
// code.
func (ls *loopState) weaken(phis []int) {
	if len(phis) == 0 {
		return
	}
	for _, i := range phis {
		ls.same[i] = false
	}
	for i := range ls.phiTrees {
		if !ls.same[i] {
			ls.phiTrees[i] = nil
		}
	}
	clear(ls.exitTrees)
}
