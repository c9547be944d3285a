package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates the timers of package time on the scheduler's
// virtual clock (goroutine.go): time.After, time.Tick, time.NewTimer and
// time.NewTicker with the Stop and Reset methods of Timer and Ticker.
// A timer's channel receives when the virtual clock reaches its time,
// which happens only when every goroutine is blocked or asleep: the
// evaluated program runs as on a machine infinitely fast, one of the
// schedules Go allows (a timer fires no earlier than its duration). The
// value received is the zero time.Time, not a reading of the clock:
// every method of time.Time stays refused (world.go), so a program can
// wait on it but not read it. As in Go since 1.23, a stopped or reset
// timer's channel holds no stale value. time.AfterFunc stays refused.

// timer is a timer or ticker of the evaluated program.
type timer struct {
	c      *chanV
	at     int64 // the virtual time it fires next
	period int64 // a ticker's period; 0 for a timer
	active bool
}

// timerCall evaluates a timer function of package time and reports
// whether name is one.
func (fr *frame) timerCall(name string, fn *ssa.Function, args []value) (value, bool) {
	ev := fr.ev
	switch name {
	case "time.After", "time.Tick", "time.NewTimer", "time.NewTicker",
		"time.Timer.Stop", "time.Timer.Reset", "time.Ticker.Stop", "time.Ticker.Reset":
	default:
		return nil, false
	}
	ev.staticControl(name, 0)
	ev.virtualClock(name)
	duration := func(v value) int64 {
		d, ok := v.(int64)
		if !ok {
			ev.fail("the duration of %s must be static, but %s", name, ev.whyRep(v))
		}
		return d
	}
	s := ev.sched()
	switch name {
	case "time.After":
		return ev.newTimer(duration(args[0]), 0, fn).c, true
	case "time.Tick":
		d := duration(args[0])
		if d <= 0 {
			return (*chanV)(nil), true
		}
		return ev.newTimer(d, d, fn).c, true
	case "time.NewTimer", "time.NewTicker":
		d := duration(args[0])
		period := int64(0)
		if name == "time.NewTicker" {
			if d <= 0 {
				panic(&goPanic{msg: "non-positive interval for NewTicker", val: iface{t: types.Typ[types.String], v: "non-positive interval for NewTicker"}})
			}
			period = d
		}
		t := ev.newTimer(d, period, fn)
		st := fn.Signature.Results().At(0).Type().(*types.Pointer).Elem()
		obj := ev.zero(st).(structure)
		obj[timerField(st)] = t.c
		return ev.newCell(obj), true
	}
	// A method: the receiver is a *Timer or *Ticker.
	t := ev.timerOf(args[0], name)
	wasActive := t.active
	t.c.buf = nil // no stale value (Go 1.23)
	switch name {
	case "time.Timer.Stop", "time.Ticker.Stop":
		t.active = false
		if name == "time.Ticker.Stop" {
			return nil, true
		}
		return wasActive, true
	}
	d := duration(args[1])
	if name == "time.Ticker.Reset" {
		if d <= 0 {
			panic(&goPanic{msg: "non-positive interval for Ticker.Reset", val: iface{t: types.Typ[types.String], v: "non-positive interval for Ticker.Reset"}})
		}
		t.period = d
	}
	t.at, t.active = s.now+d, true
	if name == "time.Ticker.Reset" {
		return nil, true
	}
	return wasActive, true
}

// newTimer starts a timer that fires after d and then every period (0:
// once); its channel has the type of the result of fn.
func (ev *evaluator) newTimer(d, period int64, fn *ssa.Function) *timer {
	s := ev.sched()
	rt := fn.Signature.Results().At(0).Type()
	if p, ok := rt.(*types.Pointer); ok {
		st := p.Elem()
		rt = st.Underlying().(*types.Struct).Field(timerField(st)).Type()
	}
	ev.alloc(64+16, "a timer")
	t := &timer{c: &chanV{elem: rt.Underlying().(*types.Chan).Elem(), cap: 1}, at: s.now + max(d, 0), period: period, active: true}
	s.timers = append(s.timers, t)
	return t
}

// timerField returns the index of the field C of time.Timer or Ticker.
func timerField(st types.Type) int {
	s := st.Underlying().(*types.Struct)
	for i := range s.NumFields() {
		if s.Field(i).Name() == "C" {
			return i
		}
	}
	panic("BUG: time.Timer without a field C")
}

// timerOf returns the timer of the *Timer or *Ticker p.
func (ev *evaluator) timerOf(p value, name string) *timer {
	ptr, ok := p.(*value)
	if !ok || ptr == nil {
		panic(runtimePanic("invalid memory address or nil pointer dereference"))
	}
	obj, ok := ev.load(ptr).(structure)
	if ok {
		for _, f := range obj {
			if c, ok := f.(*chanV); ok && c != nil {
				for _, t := range ev.gs.timers {
					if t.c == c {
						return t
					}
				}
			}
		}
	}
	ev.fail("%s on a timer not made by time.NewTimer or time.NewTicker is not supported during staging", name)
	return nil
}

// nextEvent returns the earliest virtual time at which a sleeper wakes or
// an active timer fires; ok is false when there is none.
func (s *scheduler) nextEvent() (at int64, ok bool) {
	for _, sl := range s.sleepers {
		if !ok || sl.at < at {
			at, ok = sl.at, true
		}
	}
	for _, t := range s.timers {
		if t.active && (!ok || t.at < at) {
			at, ok = t.at, true
		}
	}
	return at, ok
}

// pendingOnce reports whether a sleeper or a one-shot timer is pending:
// without one, and with every goroutine blocked, only tickers nobody
// receives from would fire, forever.
func (s *scheduler) pendingOnce() bool {
	if len(s.sleepers) > 0 {
		return true
	}
	for _, t := range s.timers {
		if t.active && t.period == 0 {
			return true
		}
	}
	return false
}

// fireTimers fires the active timers due at the virtual time now, in the
// order they were made: each channel receives the zero time.Time if a
// receiver waits or its buffer is empty (a ticker drops a tick nobody
// took).
func (ev *evaluator) fireTimers() {
	s := ev.gs
	for _, t := range s.timers {
		if !t.active || t.at != s.now {
			continue
		}
		if hasLive(t.c.recvq) || len(t.c.buf) < t.c.cap {
			ev.sendNow(t.c, ev.zero(t.c.elem))
		}
		if t.period == 0 {
			t.active = false
		} else {
			t.at += t.period
		}
	}
}
