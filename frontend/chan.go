package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates channels and select with Go's semantics, under the
// scheduler of goroutine.go: a send on an unbuffered channel waits for a
// receiver, a buffered channel holds up to its capacity, a receive from a
// closed channel yields the zero value and false once it is drained,
// operations on a nil channel block forever, and close wakes every
// waiting receiver (and makes every waiting sender panic). Channels are
// static values; an element sent may hold Reps.

// chanV is a static channel.
type chanV struct {
	elem   types.Type
	cap    int
	buf    []value
	closed bool
	recvq  []*waiter
	sendq  []*waiter
}

// waiter is a goroutine blocked on a channel operation: a receive, a send
// (of val), or a case of a select (sel shares the outcome of all its
// cases).
type waiter struct {
	g    *gor
	val  value // the value sent, or received
	ok   bool  // a received value was sent (not the zero value of a closed channel)
	sel  *selectWait
	cas  int  // the case of the select
	shut bool // a sender woken by close: it panics
}

// selectWait is the shared state of a blocked select: fired once one
// case proceeded (the other waiters are then stale).
type selectWait struct {
	fired bool
	cas   int
}

// live reports whether w still waits.
func (w *waiter) live() bool { return w.sel == nil || !w.sel.fired }

// fire completes w's operation and makes its goroutine runnable.
func (ev *evaluator) fire(w *waiter) {
	if w.sel != nil {
		w.sel.fired, w.sel.cas = true, w.cas
	}
	w.g.wait = w
	ev.ready(w.g)
}

// firstLive removes and returns the first live waiter of q, or nil.
func firstLive(q *[]*waiter) *waiter {
	for len(*q) > 0 {
		w := (*q)[0]
		*q = (*q)[1:]
		if w.live() {
			return w
		}
	}
	return nil
}

// hasLive reports whether q holds a live waiter.
func hasLive(q []*waiter) bool {
	for _, w := range q {
		if w.live() {
			return true
		}
	}
	return false
}

// makeChan evaluates make(chan T, n).
func (fr *frame) makeChan(in *ssa.MakeChan) value {
	ev := fr.ev
	n := fr.get(in.Size)
	if hasRep(n, 0) {
		ev.fail("the capacity of a channel must be static, but %s", ev.whyRep(n))
	}
	c := cvt[int64](n)
	if c < 0 || c > 1<<30 {
		panic(runtimePanic("makechan: size out of range"))
	}
	ev.alloc(64+16*c, "a channel")
	return &chanV{elem: in.Type().Underlying().(*types.Chan).Elem(), cap: int(c)}
}

// channel returns v as a channel (nil for the nil channel).
func (ev *evaluator) channel(v value) *chanV {
	switch c := v.(type) {
	case *chanV:
		return c
	case *rep:
		ev.fail("a channel must be static, but %s", ev.whyRep(v))
	}
	return nil
}

// canRecv reports whether a receive from c proceeds now.
func canRecv(c *chanV) bool {
	return c != nil && (len(c.buf) > 0 || hasLive(c.sendq) || c.closed)
}

// canSend reports whether a send on c proceeds now (or panics).
func canSend(c *chanV) bool {
	return c != nil && (c.closed || hasLive(c.recvq) || len(c.buf) < c.cap)
}

// recvNow receives from c, which canRecv.
func (ev *evaluator) recvNow(c *chanV) (value, bool) {
	if len(c.buf) > 0 {
		v := c.buf[0]
		c.buf = c.buf[1:]
		if w := firstLive(&c.sendq); w != nil {
			c.buf = append(c.buf, w.val)
			ev.fire(w)
		}
		return v, true
	}
	if w := firstLive(&c.sendq); w != nil {
		v := w.val
		ev.fire(w)
		return v, true
	}
	return ev.zero(c.elem), false
}

// sendNow sends v on c, which canSend.
func (ev *evaluator) sendNow(c *chanV, v value) {
	if c.closed {
		panic(&goPanic{msg: "send on closed channel", val: "send on closed channel"})
	}
	if w := firstLive(&c.recvq); w != nil {
		w.val, w.ok = v, true
		ev.fire(w)
		return
	}
	c.buf = append(c.buf, v)
}

// recv evaluates <-x.
func (fr *frame) recv(x value, commaOk bool) value {
	ev := fr.ev
	ev.staticControl("a receive", 0)
	c := ev.channel(x)
	var v value
	var ok bool
	if canRecv(c) {
		v, ok = ev.recvNow(c)
	} else {
		g := ev.sched().cur
		w := &waiter{g: g}
		if c != nil {
			c.recvq = append(c.recvq, w)
		}
		ev.park(chanWhat("receiving from", c), false)
		v, ok = w.val, w.ok
		if !ok {
			v = ev.zero(c.elem)
		}
	}
	if commaOk {
		return tuple{v, ok}
	}
	return v
}

// send evaluates c <- v.
func (fr *frame) send(in *ssa.Send) {
	ev := fr.ev
	ev.staticControl("a send", 0)
	c := ev.channel(fr.get(in.Chan))
	v := copyVal(fr.get(in.X))
	if canSend(c) {
		ev.sendNow(c, v)
		return
	}
	w := &waiter{g: ev.sched().cur, val: v}
	if c != nil {
		c.sendq = append(c.sendq, w)
	}
	ev.park(chanWhat("sending on", c), false)
	if w.shut {
		panic(&goPanic{msg: "send on closed channel", val: "send on closed channel"})
	}
}

func chanWhat(op string, c *chanV) string {
	if c == nil {
		return op + " a nil channel"
	}
	return op + " a channel"
}

// closeChan evaluates close(c).
func (ev *evaluator) closeChan(x value) {
	ev.staticControl("close", 0)
	c := ev.channel(x)
	switch {
	case c == nil:
		panic(&goPanic{msg: "close of nil channel", val: "close of nil channel"})
	case c.closed:
		panic(&goPanic{msg: "close of closed channel", val: "close of closed channel"})
	}
	c.closed = true
	for w := firstLive(&c.recvq); w != nil; w = firstLive(&c.recvq) {
		w.val, w.ok = ev.zero(c.elem), false
		ev.fire(w)
	}
	for w := firstLive(&c.sendq); w != nil; w = firstLive(&c.sendq) {
		w.shut = true
		ev.fire(w)
	}
}

// selectStmt evaluates a select: (index, recvOk, r_0, ..., r_n-1).
func (fr *frame) selectStmt(in *ssa.Select) value {
	ev := fr.ev
	ev.staticControl("a select", 0)
	chans := make([]*chanV, len(in.States))
	vals := make([]value, len(in.States))
	var ready []int
	for i, st := range in.States {
		chans[i] = ev.channel(fr.get(st.Chan))
		if st.Dir == types.SendOnly {
			vals[i] = copyVal(fr.get(st.Send))
			if canSend(chans[i]) {
				ready = append(ready, i)
			}
		} else if canRecv(chans[i]) {
			ready = append(ready, i)
		}
	}
	rt := in.Type().(*types.Tuple)
	res := make(tuple, rt.Len())
	res[0], res[1] = -1, false
	for i := 2; i < rt.Len(); i++ {
		res[i] = ev.zero(rt.At(i).Type())
	}
	// recvSlot is the result index of case i's received value.
	recvSlot := func(i int) int {
		k := 2
		for j := range i {
			if in.States[j].Dir == types.RecvOnly {
				k++
			}
		}
		return k
	}
	if len(ready) > 0 {
		s := ev.sched()
		i := ready[s.choose(len(ready))]
		res[0] = i
		if in.States[i].Dir == types.SendOnly {
			ev.sendNow(chans[i], vals[i])
		} else {
			v, ok := ev.recvNow(chans[i])
			res[1], res[recvSlot(i)] = ok, v
		}
		return res
	}
	if !in.Blocking {
		return res
	}
	g := ev.sched().cur
	sw := &selectWait{}
	ws := make([]*waiter, len(in.States))
	for i, st := range in.States {
		c := chans[i]
		if c == nil {
			continue
		}
		ws[i] = &waiter{g: g, sel: sw, cas: i}
		if st.Dir == types.SendOnly {
			ws[i].val = vals[i]
			c.sendq = append(c.sendq, ws[i])
		} else {
			c.recvq = append(c.recvq, ws[i])
		}
	}
	on := "in a select"
	if len(in.States) == 0 {
		on = "in an empty select"
	}
	ev.park(on, false)
	i := sw.cas
	w := ws[i]
	res[0] = i
	if in.States[i].Dir == types.SendOnly {
		if w.shut {
			panic(&goPanic{msg: "send on closed channel", val: "send on closed channel"})
		}
		return res
	}
	v := w.val
	if !w.ok {
		v = ev.zero(chans[i].elem)
	}
	res[1], res[recvSlot(i)] = w.ok, v
	return res
}

// choose returns a pseudo-random index below n, the same at every run.
func (s *scheduler) choose(n int) int {
	s.rng ^= s.rng << 13
	s.rng ^= s.rng >> 7
	s.rng ^= s.rng << 17
	return int(s.rng % uint64(n))
}
