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

	// For the garbage collector's roots (gc.go): base is the frame that
	// started it (its own frames are those above base), start the
	// function value and arguments it was started with, until started.
	base    *frame
	start   []value
	started bool
}

// name names g in messages (not "goroutine N", which reads as a stack
// trace of lmsgen itself).
func (g *gor) name() string {
	if g.id == 1 {
		return g.fn
	}
	return fmt.Sprintf("go %s (#%d)", g.fn, g.id)
}

// scheduler holds the goroutines of one specialization.
type scheduler struct {
	all     []*gor
	cur     *gor
	runq    []*gor
	failure any // a panic of another goroutine, re-raised in the main one
	ended   chan struct{}
	rng     uint64 // select's choices
	// now is the virtual clock (nanoseconds), advanced only when every
	// goroutine is blocked and some sleep (time.Sleep).
	now      int64
	sleepers []sleeper
	timers   []*timer // time.After, Tick, NewTimer, NewTicker (timers.go)
	ev       *evaluator
}

// abortG unwinds an abandoned goroutine.
type abortG struct{}

// sched returns the scheduler, made with the main goroutine running.
func (ev *evaluator) sched() *scheduler {
	if ev.gs == nil {
		main := &gor{id: 1, fn: "the staging function", wake: make(chan struct{})}
		ev.gs = &scheduler{all: []*gor{main}, cur: main, ended: make(chan struct{}), rng: 0x853c49e6748fea9b, ev: ev}
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
	ev.staticOnlyFrom(what, base, "goroutines, channels and deferred calls run at generation time")
}

// staticOnly is staticControl for what must run under static control
// for the reason why.
func (ev *evaluator) staticOnly(what, why string) {
	ev.staticOnlyFrom(what, 0, why)
}

func (ev *evaluator) staticOnlyFrom(what string, base int, why string) {
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
	ev.fail("%s under staged control (a conditional, loop or function on a Rep) is not supported: %s", what, why)
}

// goStmt evaluates a go statement: the goroutine is runnable, and runs
// when the current one blocks or yields.
func (fr *frame) goStmt(in *ssa.Go) {
	f, args := fr.operands(&in.Call)
	nilInvoke(&in.Call, f)
	for i := range args {
		args[i] = copyVal(args[i])
	}
	fr.spawn(callName(&in.Call), in.Pos(), append([]value{f}, args...), func() { fr.callWith(&in.Call, f, args, nil) })
}

// spawn starts a goroutine that runs body, called from frame fr; roots
// are the values body holds until it starts.
func (fr *frame) spawn(name string, pos token.Pos, roots []value, body func()) {
	ev := fr.ev
	ev.spawns++ // the frames live now are not reused (frame.release)
	ev.staticControl("a go statement", 0)
	// A goroutine of the program is one of lmsgen's: its stack counts.
	ev.alloc(8<<10, "a goroutine")
	s := ev.sched()
	g := &gor{id: len(s.all) + 1, fn: name, wake: make(chan struct{}), fr: fr, depth: ev.depth, pos: pos, base: fr, start: roots}
	s.all = append(s.all, g)
	s.runq = append(s.runq, g)
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
			if p, ok := x.(*goPanic); ok && p.goexit {
				ev.handOff(g)
				return
			}
			if p, ok := x.(*goPanic); ok {
				x = ev.errAt(ev.pos, fmt.Sprintf("panic during static evaluation in %s: %s", g.name(), p.msg))
			}
			// The program ends: the main goroutine re-raises the failure.
			ev.wakeMainWith(x)
		}()
		if g.aborted {
			panic(abortG{})
		}
		g.started, g.start = true, nil
		body()
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
	n := s.next()
	if n == nil {
		main := s.all[0]
		ev.restoreG(main)
		ev.wakeMainWith(ev.errAt(main.blockedAt, ev.deadlock()))
		return
	}
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
		s.elapse(yieldQuantum)
	} else {
		g.blockedAt, g.blockedOn = ev.pos, on
	}
	n := s.next()
	if n == nil {
		ev.fail("%s", ev.deadlock())
	}
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

// next removes and returns the first runnable goroutine; with none, the
// virtual clock advances to the next wake-up of a sleeping goroutine or
// firing of a timer (timers.go), as long as one can make a goroutine
// runnable. nil: every goroutine is blocked.
func (s *scheduler) next() *gor {
	for len(s.runq) == 0 && s.canWake() {
		at, _ := s.nextEvent()
		s.wakeAt(at)
	}
	if len(s.runq) == 0 {
		return nil
	}
	n := s.runq[0]
	s.runq = s.runq[1:]
	return n
}

// wakeAt advances the virtual clock to at, the time of the next event,
// and wakes the goroutines sleeping until then and fires the timers due.
func (s *scheduler) wakeAt(at int64) {
	s.now = at
	keep := s.sleepers[:0]
	for _, sl := range s.sleepers {
		if sl.at == at {
			sl.g.blockedOn = ""
			s.runq = append(s.runq, sl.g)
		} else {
			keep = append(keep, sl)
		}
	}
	s.sleepers = keep
	s.ev.fireTimers()
}

// yieldQuantum is the virtual time a yield (runtime.Gosched,
// time.Sleep(0), runtime.GC) takes: in gc, real time passes while a
// goroutine spins yielding, and a goroutine sleeping meanwhile wakes.
// Without it a goroutine that spins until a sleeper acts would spin
// forever (the clock advanced only when every goroutine blocked).
const yieldQuantum = 1000 // ns

// elapse advances the virtual clock by d, waking the sleepers and
// firing the timers due on the way, in order.
func (s *scheduler) elapse(d int64) {
	end := s.now + d
	for {
		at, ok := s.nextEvent()
		if !ok || at > end {
			break
		}
		s.wakeAt(at)
	}
	s.now = end
}

// preempt lets the other goroutines run when the current one has spun
// through the static loop l for the unroll budget's iterations, and
// reports whether it did: only if l can never end by itself (no edge
// leaves it and no return is in it: it ends the program, or a panic
// does), and another goroutine is runnable or a sleeper or timer can
// wake. In gc the others run meanwhile (GOMAXPROCS > 1, or asynchronous
// preemption); here the clock moves to the next sleeper or timer if none
// is runnable, which a loop that has run so long may well have taken.
// The order of the spinning goroutine's effects and the others' is a
// race in Go, so no answer of a race-free program depends on it.
func (fr *frame) preempt(l *loop) bool {
	ev := fr.ev
	if ev.gs == nil || len(ev.regions) > 0 || len(l.exits) > 0 || l.returns {
		return false
	}
	s := ev.gs
	if len(s.runq) == 0 {
		at, ok := s.nextEvent()
		if !ok || !s.canWake() {
			return false
		}
		s.wakeAt(at)
	}
	ev.park("preempted in a loop that does not end", true)
	return true
}

// canWake reports whether advancing the virtual clock can make a blocked
// goroutine runnable: a goroutine sleeps, a one-shot timer is pending, or
// a goroutine waits on the channel of an active timer or ticker.
func (s *scheduler) canWake() bool {
	if s.pendingOnce() {
		return true
	}
	for _, t := range s.timers {
		if t.active && hasLive(t.c.recvq) {
			return true
		}
	}
	return false
}

// sleep blocks the running goroutine for d nanoseconds of the virtual
// clock (time.Sleep): it wakes when every goroutine is blocked or asleep
// and no earlier sleeper remains.
func (ev *evaluator) sleep(d int64) {
	s := ev.sched()
	if d <= 0 {
		ev.park("yielding", true)
		return
	}
	s.sleepers = append(s.sleepers, sleeper{g: s.cur, at: s.now + d})
	ev.park("sleeping", false)
}

// sleeper is a goroutine in time.Sleep until the virtual time at.
type sleeper struct {
	g  *gor
	at int64
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
			parts = append(parts, fmt.Sprintf("%s is %s at %v", g.name(), g.blockedOn, ev.position(g.blockedAt)))
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
