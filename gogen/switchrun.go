package gogen

import "slices"

// This file writes a run of ifs that each end in a return or a panic,
// dispatching on one value, as a switch. A staged switch whose cases
// return is written as ifs each returning where the case returns
// (threadret.go):
//
//	if op == 0 {
//		return a + b
//	}
//	if op == 1 {
//		return a - b
//	}
//	if op == 2 {
//		return a * b
//	}
//	return math.NaN()
//
// Each if runs only when the ones before it did not return, which is an
// else: the run is the chain if op == 0 {...} else if op == 1 {...} else
// if op == 2 {...}, and when that chain qualifies as a switch
// (switch.go: three ways or more, comparisons of one name with different
// constants) it is written as one, as the source was:
//
//	switch op {
//	case 0:
//		return a + b
//	case 1:
//		return a - b
//	case 2:
//		return a * b
//	}
//	return math.NaN()
//
// The ifs come one at a time (emitChain, switchRun) or as the first
// statements of the rest of a block after an if that returns (ifThen,
// appendRun). Only the last if of the run may go on (its arms need not end in a
// return); it may have an else, which is the switch's default.

// ifRun is the last run of ifs written in a list of statements: they are
// out.list[at:end], and chain is their chain (the last arm first).
type ifRun struct {
	chain   *ifChain
	at, end int
}

// returns reports whether every arm of ch ends in a return or a panic
// and ch has no else: the statements after it run exactly when none of
// its conditions held.
func (ch *ifChain) returns() bool {
	if ch.els != nil && len(ch.els.list) > 0 {
		return false
	}
	for _, a := range ch.arms {
		if !a.body.term {
			return false
		}
	}
	return true
}

// extend returns the run after ch, written as the statement ending at
// end: ch joins the run when it is the statement right after it;
// otherwise a run starts at ch, if ch returns.
func (r ifRun) extend(ch *ifChain, end int) ifRun {
	if !ch.returns() {
		return ifRun{}
	}
	if r.chain != nil && r.end == end-1 {
		return ifRun{chain: r.join(ch), at: r.at, end: end}
	}
	return ifRun{chain: ch, at: end - 1, end: end}
}

// join returns the chain of the run followed by ch as its else.
func (r ifRun) join(ch *ifChain) *ifChain {
	j := &ifChain{arms: append(slices.Clone(ch.arms), r.chain.arms...), els: ch.els}
	for i := range j.arms {
		j.link(i)
	}
	return j
}

// switchRun writes ch as the end of the run of ifs before it when the
// run and ch make a switch, replacing the run's statements.
func (fg *funcGen) switchRun(out *stmts, ch *ifChain) bool {
	r := out.run
	if r.chain == nil || r.end != len(out.list) || ch.drop {
		return false
	}
	j := r.join(ch)
	sw := fg.switchStmt(j)
	if sw == nil {
		return false
	}
	out.list = append(out.list[:r.at], sw)
	if r.at == 0 {
		out.chain = nil
	}
	out.tail = nil
	out.term = j.arms[len(j.arms)-1].term
	out.run = ifRun{}
	if ch.returns() {
		out.run = ifRun{chain: j, at: r.at, end: len(out.list)}
	}
	return true
}

// appendRun appends the statements of el to out, joining the run of ifs
// that ends out with the one that starts el, and writing the joined run
// as a switch when it makes one.
func (fg *funcGen) appendRun(out *stmts, el *stmts) {
	n := len(out.list)
	r := out.run
	out.list = append(out.list, el.list...)
	// out.run stays the last run written: a trailing one when it ends out
	// (emitChain extends it), a leading one when it starts at 0 (the
	// caller's appendRun joins it).
	if el.run.chain != nil {
		out.run = ifRun{chain: el.run.chain, at: n + el.run.at, end: n + el.run.end}
	}
	if r.chain == nil || r.end != n || el.run.chain == nil || el.run.at != 0 {
		return
	}
	j := r.join(el.run.chain)
	end := n + el.run.end
	sw := fg.switchStmt(j)
	if sw == nil {
		out.run = ifRun{chain: j, at: r.at, end: end}
		return
	}
	rest := slices.Clone(out.list[end:])
	out.list = append(append(out.list[:r.at], sw), rest...)
	if r.at == 0 {
		out.chain = nil
	}
	out.tail = nil
	out.run = ifRun{}
	if j.returns() {
		out.run = ifRun{chain: j, at: r.at, end: r.at + 1}
	}
}
