package frontend

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// This file runs the goroutines of the evaluated program under a
// deterministic scheduler. Each goroutine of the program is evaluated on
// a goroutine of the evaluator, but only one runs at a time: a goroutine
// runs until it blocks (a channel operation, select, a sync primitive),
// yields (runtime.Gosched) or ends, and then hands the evaluator to the
// first runnable goroutine in FIFO order. The same program therefore
// prints the same output, in the same order, at every run; a select
// with several ready cases chooses with a pseudo-random generator of
// fixed seed. When every goroutine is blocked, the program is deadlocked:
// an error at the position where the running goroutine blocked, naming
// every blocked goroutine and where it waits. When the staging function
// returns, the other goroutines are abandoned, as when main returns.
//
// A goroutine switch needs the evaluator's state to be its own: the go
// statement and every blocking operation are refused under staged control
// (a conditional or loop on a Rep being built), where the evaluator's
// state belongs to the region. A panic that a goroutine does not recover
// ends the program, as in Go: an error of the specialization.

// gor is a goroutine of the evaluated program.
type gor struct {
	id   int
	fn   string // the function it runs, for messages
	wake chan struct{}
	done bool

	// The evaluator's state of the goroutine while it does not run.
	fr           *frame
	depth        int
	pos          token.Pos
	deferring    []*frame
	nextDeferred *frame

	// While blocked: where and on what, for a deadlock's message.
	blockedAt token.Pos
	blockedOn string
	aborted   bool // abandoned: unwind and end at the next wake-up

	// What the goroutine that woke it delivered.
	wait *waiter
}

// scheduler holds the goroutines of one specialization.
type scheduler struct {
	all     []*gor
	cur     *gor
	runq    []*gor
	failure any    // a panic of another goroutine, re-raised in the main one
	ended   chan struct{}
	rng     uint64 // select's choices
	started int
}

// abortG unwinds an abandoned goroutine.
type abortG struct{}

// sched returns the scheduler, made with the main goroutine running.
func (ev *evaluator) sched() *scheduler {
	if ev.gs == nil {
		main := &gor{id: 1, fn: "the staging function", wake: make(chan struct{})}
		ev.gs = &scheduler{all: []*gor{main}, cur: main, ended: make(chan struct{}), rng: 0x853c49e6748fea9b}
	}
	return ev.gs
}

// staticControl fails if a staged construct is being built since the
// region depth base: goroutines, channels and deferred calls change state
// that no journal undoes, so they only run under static control. Inside
// the trial iteration of a loop (looptrial.go), the trial ends first, as
// if the loop's exit were static: the loop then runs unrolled, and is
// peeled if its exit test turns out to be a Rep.
func (ev *evaluator) staticControl(what string, base int) {
	if len(ev.regions) <= base {
		return
	}
	if r := ev.regions[len(ev.regions)-1]; r.kind == rTrial {
		for f := ev.fr; f != nil; f = f.caller {
			for _, tr := range f.trials {
				if tr.region == r {
					tr.sawStatic()
				}
			}
		}
	}
	ev.fail("%s under staged control (a conditional, loop or function on a Rep) is not supported: goroutines, channels and deferred calls run at generation time", what)
}

// goStmt evaluates a go statement: the goroutine is runnable, and runs
// when the current one blocks or yields.
func (fr *frame) goStmt(in *ssa.Go) {
	ev := fr.ev
	ev.staticControl("a go statement", 0)
	s := ev.sched()
	f, args := fr.operands(&in.Call)
	for i := range args {
		args[i] = copyVal(args[i])
	}
	g := &gor{id: len(s.all) + 1, fn: callName(&in.Call), wake: make(chan struct{}), fr: fr, depth: ev.depth, pos: in.Pos()}
	s.all = append(s.all, g)
	s.runq = append(s.runq, g)
	s.started++
	go func() {
		<-g.wake
		defer func() {
			x := recover()
			g.done = true
			switch {
			case g.aborted:
				s.ended <- struct{}{}
				return
			case x == nil:
				ev.handOff(g)
				return
			}
			if p, ok := x.(*goPanic); ok {
				x = ev.errAt(ev.pos, fmt.Sprintf("panic during static evaluation in goroutine %d (%s): %s", g.id, g.fn, p.msg))
				ev.unw = unwinding{kind: unwindError}
			}
			// The program ends: the main goroutine re-raises the failure.
			ev.wakeMainWith(x)
		}()
		if g.aborted {
			panic(abortG{})
		}
		fr.callWith(&in.Call, f, args, nil)
	}()
}

// callName names the function a go statement calls.
func callName(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	if fn := c.StaticCallee(); fn != nil {
		return fn.Name()
	}
	return "a function value"
}

// saveG saves the evaluator's state of the running goroutine g.
func (ev *evaluator) saveG(g *gor) {
	g.fr, g.depth, g.pos, g.deferring, g.nextDeferred = ev.fr, ev.depth, ev.pos, ev.deferring, ev.nextDeferred
}

// restoreG makes g's saved state the evaluator's.
func (ev *evaluator) restoreG(g *gor) {
	ev.fr, ev.depth, ev.pos, ev.deferring, ev.nextDeferred = g.fr, g.depth, g.pos, g.deferring, g.nextDeferred
}

// handOff passes the evaluator from the ended goroutine g to the next
// runnable one; with none, the program is deadlocked (the main goroutine
// is blocked).
func (ev *evaluator) handOff(g *gor) {
	s := ev.gs
	if len(s.runq) == 0 {
		main := s.all[0]
		ev.restoreG(main)
		ev.wakeMainWith(ev.errAt(main.blockedAt, ev.deadlock()))
		return
	}
	n := s.runq[0]
	s.runq = s.runq[1:]
	s.cur = n
	ev.restoreG(n)
	n.wake <- struct{}{}
}

// wakeMainWith ends the program with the failure x (an *Error, or a bug):
// the main goroutine, blocked, re-raises it.
func (ev *evaluator) wakeMainWith(x any) {
	s := ev.gs
	if _, ok := x.(*Error); ok {
		ev.unw = unwinding{kind: unwindError}
	}
	s.failure = x
	main := s.all[0]
	s.cur = main
	ev.restoreG(main)
	main.wake <- struct{}{}
}

// park blocks the running goroutine (on, at the current position) until
// another wakes it, and runs the others meanwhile. yield keeps it
// runnable (runtime.Gosched).
func (ev *evaluator) park(on string, yield bool) {
	ev.staticControl(on, 0)
	s := ev.sched()
	g := s.cur
	if yield {
		s.runq = append(s.runq, g)
	} else {
		g.blockedAt, g.blockedOn = ev.pos, on
	}
	if len(s.runq) == 0 {
		ev.fail("%s", ev.deadlock())
	}
	n := s.runq[0]
	s.runq = s.runq[1:]
	if n == g {
		return
	}
	ev.saveG(g)
	s.cur = n
	ev.restoreG(n)
	n.wake <- struct{}{}
	<-g.wake
	// Whoever woke g restored its state.
	g.blockedOn = ""
	if g.aborted {
		panic(abortG{})
	}
	if g.id == 1 && s.failure != nil {
		x := s.failure
		s.failure = nil
		panic(x)
	}
}

// ready makes the blocked goroutine g runnable.
func (ev *evaluator) ready(g *gor) {
	s := ev.gs
	s.runq = append(s.runq, g)
}

// deadlock describes a deadlock: every goroutine is blocked.
func (ev *evaluator) deadlock() string {
	var parts []string
	for _, g := range ev.gs.all {
		if !g.done && g.blockedOn != "" {
			parts = append(parts, fmt.Sprintf("goroutine %d (%s) %s at %v", g.id, g.fn, g.blockedOn, ev.position(g.blockedAt)))
		}
	}
	return "deadlock: all goroutines are asleep: " + strings.Join(parts, "; ")
}

// stopGoroutines abandons the goroutines still blocked or runnable when
// the staging function returns (or fails): each unwinds and ends.
func (ev *evaluator) stopGoroutines() {
	s := ev.gs
	if s == nil {
		return
	}
	main := s.all[0]
	ev.saveG(main)
	unw := ev.unw
	for _, g := range s.all[1:] {
		if g.done {
			continue
		}
		g.aborted = true
		g.wake <- struct{}{}
		<-s.ended
	}
	ev.restoreG(main)
	ev.unw = unw
	ev.gs = nil
}
