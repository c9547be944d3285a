package frontend

import "github.com/lmsgen/lmsgen/ir"

// This file keeps the staged conditions known on the path being built.
// Inside the then branch of a staged "if c" c holds, inside its else
// branch it does not, and a test of the same c there (the same node:
// the builder hash-conses pure expressions) is decided without building
// a conditional. An unrolled loop whose every iteration tests the same
// invariant condition and exits on it (if x { return i }) then tests it
// once: the later iterations are in the else branch of the first.
//
// A node's value is fixed once computed, so a fact holds wherever the
// branch's code runs, including inside staged loops built within it.

// fact is a staged condition and whether it holds on the current path.
type fact struct {
	c     ir.Exp
	holds bool
}

// assume records that c holds (or not) while the branch being built runs;
// the function it returns forgets it.
func (ev *evaluator) assume(c ir.Exp, holds bool) func() {
	n := len(ev.facts)
	if !c.IsConst() {
		ev.facts = append(ev.facts, fact{c: c, holds: holds})
	}
	return func() { ev.facts = ev.facts[:n] }
}

// known reports whether c is decided on the current path, and how: c is
// a recorded condition, or the negation of one, or one is its negation.
func (ev *evaluator) known(c ir.Exp) (holds, ok bool) {
	if c.IsConst() || len(ev.facts) == 0 {
		return false, false
	}
	notC, hasNot := ev.negated(c)
	for i := len(ev.facts) - 1; i >= 0; i-- {
		f := ev.facts[i]
		switch {
		case f.c == c:
			return f.holds, true
		case hasNot && f.c == notC:
			return !f.holds, true
		}
		if x, ok := ev.negated(f.c); ok && x == c {
			return !f.holds, true
		}
	}
	return false, false
}

// negated returns x when c is !x.
func (ev *evaluator) negated(c ir.Exp) (ir.Exp, bool) {
	if c.IsConst() {
		return ir.Exp{}, false
	}
	n := ev.b.Graph().Def(c.Sym())
	if n == nil || n.Op != ir.OpNot || len(n.Args) != 1 {
		return ir.Exp{}, false
	}
	return n.Args[0], true
}
