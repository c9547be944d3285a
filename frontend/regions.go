package frontend

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file is the evaluator's regions (staged conditionals, loops and
// functions, and trials being built) and the unwinding of the Go stack
// to them: errors, restarts of a region, ends of a trial.

type regionKind uint8

const (
	rIf regionKind = iota
	rLoop
	rLambda
	rTrial
)

type region struct {
	kind    regionKind
	depth   int
	start   int32 // the clock when it started
	mark    int
	loop    *loopState
	lam     *lamEntry
	restart *restartReq
}

// restartReq asks a region to be rebuilt: promote cells to staged
// variables, materialize static storage before it, use staged variables
// for some merged values, or drop a loop's assumption that a phi keeps
// its value.
type restartReq struct {
	target   *region
	promote  []*value
	material []matReq
	general  bool              // build the loop in its general form
	vars     map[slotKey]value // exit slots that need staged variables
	phis     []int             // header phis of the loop whose assumption failed (speculate.go)
}

type matReq struct {
	base   []value
	elem   *ir.Type
	leaves []*ir.Type // a slice of structs: the graph types of its leaves (soamat.go)
}

// diverged unwinds the evaluation of a region whose control never reaches
// its end: it panicked (staged), or an inlined call always panics.
type diverged struct{}

// Unwinding. An error, a restart of a region or the end of a trial
// unwinds the Go stack to where it is handled. The deferred functions on
// the way, which handle the ends of control (guard) or the restarts of
// other regions, let it pass without recovering it (a recover and a new
// panic at each of thousands of nested levels would cost quadratic time).
type unwinding struct {
	kind   uint8   // 0 none, 1 error, 2 restart, 3 end of a trial, 4 exit
	target *region // the region a restart or trial end is for
}

const (
	unwindError = 1 + iota
	unwindRestart
	unwindTrial
	unwindExit
)

// throw unwinds with an error.
func (ev *evaluator) throw(e *Error) {
	ev.unw = unwinding{kind: unwindError}
	panic(e)
}

// unwind unwinds to restart a region.
func (ev *evaluator) unwind(rr *restartReq) {
	ev.unw = unwinding{kind: unwindRestart, target: rr.target}
	panic(rr)
}

// passes reports whether a deferred handler of region r (nil: a handler
// of the ends of control) must let the current panic pass.
func (ev *evaluator) passes(r *region) bool {
	switch ev.unw.kind {
	case unwindError, unwindExit:
		return true
	case unwindRestart, unwindTrial:
		return ev.unw.target != r
	}
	return false
}

// maxNesting bounds the nesting of staged constructs (each costs stack).
const maxNesting = 4000

func (ev *evaluator) pushRegion(kind regionKind) *region {
	if len(ev.regions) >= maxNesting {
		ev.fail("staged conditionals and loops are nested more than %d deep: a loop whose condition is static and that breaks on a Rep nests one conditional per iteration; make its condition a Rep (stage.Dyn) so that it stays a loop", maxNesting)
	}
	if len(ev.regions) == 0 {
		ev.forgetBirths()
	}
	ev.clock++
	r := &region{kind: kind, depth: len(ev.regions) + 1, start: ev.clock, mark: len(ev.journal)}
	ev.regions = append(ev.regions, r)
	return r
}

func (ev *evaluator) popRegion(r *region) {
	if ev.regions[len(ev.regions)-1] != r {
		panic("BUG: unbalanced regions")
	}
	ev.regions = ev.regions[:len(ev.regions)-1]
	if len(ev.regions) == 0 {
		ev.journal = ev.journal[:0]
	}
}

// rollback undoes the journaled writes since mark.
func (ev *evaluator) rollback(mark int) {
	for i := len(ev.journal) - 1; i >= mark; i-- {
		e := ev.journal[i]
		if e.undo != nil {
			e.undo()
			continue
		}
		*e.p = e.old
	}
	ev.journal = ev.journal[:mark]
}

// catchRestart runs f; a restart request for region r is recorded in r and
// stops f. Other panics propagate.
func (ev *evaluator) catchRestart(r *region, f func()) (stopped bool) {
	defer func() {
		if ev.passes(r) {
			return
		}
		if x := recover(); x != nil {
			ev.unw = unwinding{}
			if rr, ok := x.(*restartReq); ok && rr.target == r {
				ev.regions = ev.regions[:r.depth]
				if r.restart == nil {
					r.restart = rr
				} else {
					r.restart.promote = append(r.restart.promote, rr.promote...)
					r.restart.material = append(r.restart.material, rr.material...)
					r.restart.general = r.restart.general || rr.general
					r.restart.phis = append(r.restart.phis, rr.phis...)
					if r.restart.vars == nil {
						r.restart.vars = map[slotKey]value{}
					}
					for k, v := range rr.vars {
						r.restart.vars[k] = v
					}
				}
				stopped = true
				return
			}
			panic(x)
		}
	}()
	f()
	return false
}
