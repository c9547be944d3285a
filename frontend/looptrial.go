package frontend

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the trial evaluation of loops: the first iteration of a loop
// is run to learn whether its exit test is static (the loop unrolls) or a
// Rep (the loop is staged, see loop.go).

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
