package sched

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// Decision records one code-motion decision, for `lmsgen -v`.
type Decision struct {
	Node ir.Sym
	Op   ir.Op
	Kind DecisionKind
	// From is where the node would be without the decision: the lowest
	// block enclosing its uses (Hoisted, Duplicated, Once) or its earliest
	// block (Sunk, Kept). To is where it was placed (for Duplicated, the
	// first of its blocks).
	From, To *ir.Block
	// Where names From and To ("top", "x10.then", "x12.body").
	FromName, ToName string
	Why              string
}

// DecisionKind classifies decisions.
type DecisionKind uint8

// The kinds of decisions.
const (
	Hoisted    DecisionKind = iota // moved out of a loop or function body
	Sunk                           // pushed into the branch that uses it
	Duplicated                     // emitted in each of several exclusive blocks
	Once                           // used from exclusive blocks but placed once, above them
	Kept                           // not hoisted, because it can trap (speculation safety)
)

func (k DecisionKind) String() string {
	switch k {
	case Hoisted:
		return "hoisted"
	case Sunk:
		return "sunk"
	case Duplicated:
		return "duplicated"
	case Once:
		return "placed once"
	case Kept:
		return "kept"
	}
	return fmt.Sprintf("DecisionKind(%d)", k)
}

func (d Decision) String() string {
	var move string
	switch d.Kind {
	case Hoisted:
		move = fmt.Sprintf("hoisted from %s to %s", d.FromName, d.ToName)
	case Sunk:
		move = fmt.Sprintf("sunk from %s into %s", d.FromName, d.ToName)
	case Duplicated:
		move = fmt.Sprintf("duplicated into %s and other blocks, not placed in %s", d.ToName, d.FromName)
	case Once:
		move = fmt.Sprintf("placed once in %s for its uses below %s", d.ToName, d.FromName)
	case Kept:
		move = fmt.Sprintf("kept in %s, not hoisted to %s", d.ToName, d.FromName)
	default:
		move = fmt.Sprintf("%v from %s to %s", d.Kind, d.FromName, d.ToName)
	}
	return fmt.Sprintf("%v (%v) %s: %s", d.Node, d.Op, move, d.Why)
}

// decide records the decisions about node i: e is its early block, raw
// the lowest block enclosing its uses, l the lowest block enclosing their
// lifted blocks, where its blocks (one unless duplicated), once whether
// it was placed once above uses in exclusive blocks.
func (st *state) decide(i, e, raw, l int32, where []int32, once bool) {
	t := &st.tree
	n := st.g.Nodes[i]
	rec := func(k DecisionKind, from, to int32, why string) {
		st.decisions = append(st.decisions, Decision{Node: n.Sym, Op: n.Op, Kind: k,
			From: st.blocks[from], To: st.blocks[to], FromName: st.name(from), ToName: st.name(to), Why: why})
	}
	// child returns the child of a on the way down to b.
	child := func(a, b int32) int32 { return t.ancestor(b, t.depth(a)+1) }
	role := func(b int32) string {
		o := st.g.Nodes[st.owner[b]]
		return BlockRole(o.Op, int(st.slot[b])) + " of " + o.Sym.String() + " (" + o.Op.String() + ")"
	}
	switch {
	case len(where) > 1 && st.anchored[i]:
		rec(Duplicated, l, where[0], fmt.Sprintf("used in %d exclusive blocks and may trap: not hoisted to their common block", len(where)))
	case len(where) > 1:
		rec(Duplicated, l, where[0], fmt.Sprintf("cheap, used in %d exclusive blocks", len(where)))
	case once && st.anchored[i]:
		rec(Once, raw, l, "may trap but has blocks: placed once above its uses (NOT speculation-safe)")
	case once:
		rec(Once, raw, l, "used from exclusive blocks, and not cheap enough to duplicate")
	case raw != l && t.encloses(l, raw):
		rec(Hoisted, raw, l, "out of the "+role(child(l, raw)))
	case st.anchored[i] && l != e && t.hot(child(e, l)):
		rec(Kept, e, l, "it may trap, and the "+role(child(e, l))+" may not run")
	case l != e && !t.hot(child(e, l)):
		rec(Sunk, e, l, "used only in the "+role(child(e, l)))
	}
}
