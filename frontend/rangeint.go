package frontend

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages a range over a Rep integer as a loop tested at the top.
// go/ssa lowers for i := range n to a guard and a loop tested at the
// bottom:
//
//	guard:  if 0 < n goto body else done
//	body:   i = phi [guard: 0, latch: incr]; ...; jump latch
//	latch:  incr = i + 1; if incr < n goto body else done
//
// Staged as it is, that is if n > 0 { for { ...; if i >= n { break } } }.
// The guard is the latch's test for i = 0, so the loop is staged instead
// as i := 0; for i < n { ...; i = incr }, which gogen writes
// for i := 0; i < n; i++ (and Go's prove pass then knows 0 <= i < n).

// rotation describes a range over an int staged with its test at the top.
type rotation struct {
	iter  int       // index of i among the header's phis
	bound ssa.Value // n
}

// rotatable returns the rotation of the loop guarded by the conditional
// ending block g, or nil if it is not the lowering of a range over an int
// that can be tested at the top: the values used after the loop must be
// the header's phis (their variables hold them after zero iterations too)
// or values defined before the loop.
func (fr *frame) rotatable(g *ssa.BasicBlock) *rotation {
	if len(g.Succs) != 2 {
		return nil
	}
	h, done := g.Succs[0], g.Succs[1]
	l := fr.info.loops[h.Index]
	if l == nil || l.shape != shapeBottom || len(l.latches) != 1 || len(l.exits) != 1 || l.exits[0] != done || len(l.liveOut) > 0 || l.contains(g) {
		return nil
	}
	lb := l.latches[0]
	if lb.Succs[0] != h || lb.Succs[1] != done {
		return nil
	}
	guard, ok := g.Instrs[len(g.Instrs)-1].(*ssa.If).Cond.(*ssa.BinOp)
	if !ok || guard.Op != token.LSS || !isZeroConst(guard.X) {
		return nil
	}
	test, ok := lb.Instrs[len(lb.Instrs)-1].(*ssa.If).Cond.(*ssa.BinOp)
	if !ok || test.Op != token.LSS || test.Y != guard.Y {
		return nil
	}
	incr, ok := test.X.(*ssa.BinOp)
	if !ok || incr.Op != token.ADD || incr.Block() != lb {
		return nil
	}
	phi, ok := incr.X.(*ssa.Phi)
	if !ok || phi.Block() != h {
		return nil
	}
	kg, kl := slices.Index(h.Preds, g), slices.Index(h.Preds, lb)
	if kg < 0 || kl < 0 || len(h.Preds) != 2 || phi.Edges[kl] != incr || !isZeroConst(phi.Edges[kg]) {
		return nil
	}
	if c, ok := incr.Y.(*ssa.Const); !ok || c.Int64() != 1 {
		return nil
	}
	dg, dl := slices.Index(done.Preds, g), slices.Index(done.Preds, lb)
	if dg < 0 || dl < 0 {
		return nil
	}
	for i := range fr.info.phis[done.Index] {
		dp := done.Instrs[i].(*ssa.Phi)
		found := dp.Edges[dg] == dp.Edges[dl] && outside(l, dp.Edges[dl])
		for j := range fr.info.phis[h.Index] {
			hp := h.Instrs[j].(*ssa.Phi)
			if hp.Edges[kl] == dp.Edges[dl] && hp.Edges[kg] == dp.Edges[dg] {
				found = true
			}
		}
		if !found {
			return nil
		}
	}
	return &rotation{iter: slices.Index(h.Instrs, ssa.Instruction(phi)), bound: guard.Y}
}

// outside reports whether v is defined outside loop l (it has the same
// value before, in and after the loop).
func outside(l *loop, v ssa.Value) bool {
	in, ok := v.(ssa.Instruction)
	return !ok || in.Block() == nil || !l.contains(in.Block())
}

func isZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Int64() == 0
}

// rotatedForm builds the blocks of a range over an int tested at the top:
// the condition block tests i < n, the body block runs an iteration (its
// test at the latch, incr < n, is the next condition, left unused).
func (ls *loopState) rotatedForm(r *region, layer *stopSet) (cb, bb *ir.Block) {
	fr, ev := ls.fr, ls.fr.ev
	h := ls.l.header
	phi := h.Instrs[ls.rot.iter].(*ssa.Phi)
	cb = ev.b.Reify(nil, func([]ir.Exp) ir.Exp {
		c := ev.b.Const(ir.Bool, false)
		ev.catchRestart(r, func() {
			t := phi.Type()
			v := ev.binopValues(token.LSS, fr.get(phi), fr.get(ls.rot.bound), t, t, types.Typ[types.Bool])
			c = ev.liftTo(v, ir.Bool, "the loop condition")
		})
		ev.rollback(r.mark)
		return c
	})
	bb = ev.b.Reify(nil, func([]ir.Exp) ir.Exp {
		ev.catchRestart(r, func() {
			out := fr.runArrived(h, layer)
			if !out.closed && !out.diverged() {
				panic("BUG: an iteration of a range over an int does not reach its test")
			}
		})
		ev.rollback(r.mark)
		return ev.b.Unit()
	})
	return cb, bb
}
