package frontend

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the evaluator's model of static memory: cells and their
// birth (the region clock), loads and stores journaled for rollback,
// writes to outer cells under staged control (which restart a region),
// and reads of outer cells logged for staged functions.

type jentry struct {
	p    *value
	old  value
	fr   *frame // the frame of a register, nil for memory
	reg  int    // register index, -1 for the result
	undo func() // for a change of a map's keys (p is nil)
}

// newCell allocates a cell holding v.
func (ev *evaluator) newCell(v value) *value {
	p := new(value)
	*p = v
	if len(ev.regions) > 0 {
		ev.born(p)
	}
	return p
}

// now returns the birth of something allocated now.
func (ev *evaluator) now() int32 {
	if len(ev.regions) == 0 {
		return 0
	}
	return ev.clock
}

// outer reports whether something born at birth existed before the
// innermost region.
func (ev *evaluator) outer(birth int32) bool {
	return len(ev.regions) > 0 && birth < ev.regions[len(ev.regions)-1].start
}

// outermostAfter returns the index of the outermost region that started
// after birth (len(ev.regions) if none).
func (ev *evaluator) outermostAfter(birth int32) int {
	for i, r := range ev.regions {
		if birth < r.start {
			return i
		}
	}
	return len(ev.regions)
}

// born records the birth of a cell and of its leaves.
func (ev *evaluator) born(p *value) {
	d := ev.now()
	if d == 0 {
		return
	}
	ev.birth[p] = d
	switch v := (*p).(type) {
	case structure:
		for i := range v {
			ev.born(&v[i])
		}
	case array:
		for i := range v {
			ev.born(&v[i])
		}
	}
}

// forgetBirths empties the births recorded, when a region is pushed with
// none open: every birth recorded is below the starts of this region and
// of all that follow, which a cell absent from ev.birth (birth 0) is too,
// so no test of a birth against a region's start changes. (The only test
// against the start of a region popped, a merger's after its
// conditional, is over before the next push: merging evaluates no code.)
// Kept, the births of the cells of every top-level region (a trial
// iteration of each static loop, most often) would fill the map: it
// keeps its table when cleared, unless the table is four times larger
// than what it holds, which would make clearing it cost more than
// filling it did.
func (ev *evaluator) forgetBirths() {
	n := len(ev.birth)
	switch {
	case n == 0:
	case 4*n >= ev.birthPeak:
		clear(ev.birth)
		ev.birthPeak = max(ev.birthPeak, n)
	default:
		ev.birth = map[*value]int32{}
		ev.birthPeak = 0
	}
}

// bornSlice records the birth of fresh storage.
func (ev *evaluator) bornSlice(base []value) {
	if len(ev.regions) == 0 {
		return
	}
	for i := range base {
		ev.born(&base[i])
	}
}

// load reads the value stored in a cell.
func (ev *evaluator) load(p *value) value {
	switch c := (*p).(type) {
	case *varRef:
		ev.at()
		return &rep{e: ev.b.ReadVar(c.v), why: &why{pos: ev.whyPos(ev.pos), what: "a variable assigned under staged control"}}
	case *matElem:
		ev.at()
		return &rep{e: ev.b.Index(c.s, ev.b.Const(ir.Int, c.i)), why: &why{pos: ev.whyPos(ev.pos), what: "an element of a materialized slice"}}
	case structure:
		s := make(structure, len(c))
		for i := range c {
			s[i] = ev.load(&c[i])
		}
		return s
	case array:
		a := make(array, len(c))
		for i := range c {
			a[i] = ev.load(&c[i])
		}
		return a
	}
	if ev.readLog() {
		ev.logRead(p)
	}
	return *p
}

// store writes v into a cell, in place for structs and arrays so that
// pointers to their fields and elements see the write.
func (ev *evaluator) store(p *value, v value) {
	switch c := (*p).(type) {
	case structure:
		if s, ok := v.(structure); ok {
			for i := range c {
				ev.store(&c[i], s[i])
			}
			return
		}
	case array:
		if a, ok := v.(array); ok {
			for i := range c {
				ev.store(&c[i], a[i])
			}
			return
		}
	}
	ev.storeLeaf(p, copyVal(v))
}

func (ev *evaluator) storeLeaf(p *value, v value) {
	switch c := (*p).(type) {
	case *varRef:
		ev.at()
		ev.b.WriteVar(c.v, ev.liftTo(v, ev.b.Graph().TypeOf(c.v), "a value assigned to a staged variable"))
		ev.writes++
		return
	case *matElem:
		ev.at()
		ev.b.SetIndex(c.s, ev.b.Const(ir.Int, c.i), ev.liftTo(v, ev.b.Graph().TypeOf(c.s).Elem, "a value stored in a materialized slice"))
		ev.writes++
		return
	}
	ev.stores++
	if len(ev.regions) > 0 { // else nothing is outer: birth is not looked up
		if bd := ev.birth[p]; ev.outer(bd) {
			ev.outerWrite(bd, p)
			ev.journal = append(ev.journal, jentry{p: p, old: *p})
		}
	}
	*p = v
}

// outerWrite checks a write, under staged control, to a cell allocated
// outside the innermost region: a staged loop between the cell's birth and
// here assumes that the cell keeps its value from one iteration to the
// next (speculate.go), and makes it a staged variable when it does not; a
// staged function cannot write it.
func (ev *evaluator) outerWrite(birth int32, p ...*value) {
	first := ev.outermostAfter(birth)
	var loop *region // the outermost staged loop after the birth
	for i := first; i < len(ev.regions); i++ {
		r := ev.regions[i]
		switch r.kind {
		case rLambda:
			if loop != nil {
				ev.unwind(&restartReq{target: loop, promote: p})
			}
			if i == first && !slices.ContainsFunc(p, func(c *value) bool { return !ev.isCallCell(c) }) {
				// A local variable of the staging code, just outside the
				// staged function: it becomes a staged variable declared
				// before the function, which the function (a closure)
				// writes. (A package variable cannot: the staging code
				// called natively keeps its value from call to call.)
				ev.unwind(&restartReq{target: r, promote: p})
			}
			ev.fail("assignment to a variable of the enclosing staging code inside a staged function (//lms:fun or stage.Fun): only a local variable of the staging function, declared outside any staged conditional or loop around the function's first call, can be assigned there; pass the value as a parameter or return it")
		case rLoop:
			if loop == nil {
				loop = r
			}
		}
	}
	if loop != nil {
		for _, r := range ev.regions[loop.depth-1:] {
			if r.kind == rLoop {
				r.loop.watch(p)
			}
		}
	}
}

// readLog reports whether reads of outer cells are being logged (inside a
// staged function, whose body depends on the static values it reads).
func (ev *evaluator) readLog() bool {
	for i := len(ev.regions) - 1; i >= 0; i-- {
		if ev.regions[i].kind == rLambda {
			return true
		}
	}
	return false
}

func (ev *evaluator) logRead(p *value) {
	for i := len(ev.regions) - 1; i >= 0; i-- {
		r := ev.regions[i]
		if r.kind == rLambda {
			if ev.birth[p] < r.start {
				r.lam.reads = append(r.lam.reads, readEntry{p: p, v: *p})
			}
		}
	}
}
