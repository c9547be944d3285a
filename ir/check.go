package ir

import (
	"errors"
	"fmt"
	"slices"
)

// Check verifies the invariants of a graph and returns an error listing
// every violation (nil if there is none). Tests run it after every phase.
//
//   - every node is defined once, under its own symbol, with its type;
//   - every block input and effect input is bound by exactly one block and
//     is not a node;
//   - every symbol argument, dependency and block result names a node or a
//     bound symbol; arguments come before their use in node order, except
//     the λ named by a λforward;
//   - arities and types follow the operator table;
//   - effect summaries are sorted and free of duplicates; a block has at
//     least one hard dependency; a node that can trap writes TRAP (or
//     CTRL), so that it stays ordered with output and other traps, inside
//     its block.
func Check(g *Graph) error {
	c := checker{g: g, seen: make([]bool, g.NumSyms()), bound: make([]bool, g.NumSyms())}
	c.run()
	return errors.Join(c.errs...)
}

type checker struct {
	g     *Graph
	seen  []bool // node defined (so far, in node order)
	bound []bool // bound by a block
	errs  []error
}

func (c *checker) errorf(format string, args ...any) {
	if len(c.errs) < 20 {
		c.errs = append(c.errs, fmt.Errorf(format, args...))
	}
}

func (c *checker) valid(s Sym) bool { return s >= 0 && int(s) < c.g.NumSyms() }

func (c *checker) run() {
	g := c.g
	if g.Block == nil {
		c.errorf("graph has no top-level block")
		return
	}
	g.Blocks(func(b *Block) {
		for _, s := range b.Bound() {
			switch {
			case !c.valid(s):
				c.errorf("block binds invalid symbol %v", s)
			case c.bound[s]:
				c.errorf("%v is bound twice", s)
			case g.Def(s) != nil:
				c.errorf("%v is both bound and a node", s)
			default:
				c.bound[s] = true
			}
		}
	})
	for _, n := range g.Nodes {
		if !c.valid(n.Sym) || g.Def(n.Sym) != n {
			c.errorf("%v: node not registered under its symbol", n.Sym)
			continue
		}
		if c.seen[n.Sym] {
			c.errorf("%v: defined twice", n.Sym)
		}
		c.seen[n.Sym] = true
	}
	for i := range c.seen {
		c.seen[i] = false
	}
	for _, n := range g.Nodes {
		c.node(n)
		c.seen[n.Sym] = true
	}
	c.block(text("top-level block"), g.Block)
}

func (c *checker) ref(where fmt.Stringer, s Sym, ordered bool) {
	switch {
	case !c.valid(s):
		c.errorf("%s: invalid symbol %v", where, s)
	case c.bound[s]:
	case c.g.Def(s) == nil:
		c.errorf("%s: %v is neither a node nor bound", where, s)
	case ordered && !c.seen[s]:
		c.errorf("%s: %v used before its definition", where, s)
	}
}

func (c *checker) block(where fmt.Stringer, b *Block) {
	if b.Res.IsSym() {
		c.ref(suffix{where, " result"}, b.Res.s, false)
	}
	if len(b.Eff.Hdeps) == 0 {
		c.errorf("%s: block without hard dependencies", where)
	}
	c.effects(where, &b.Eff)
}

func (c *checker) effects(where fmt.Stringer, e *EffectSummary) {
	for _, s := range append(append([]Sym(nil), e.Hdeps...), e.Sdeps...) {
		c.ref(suffix{where, " dependency"}, s, false)
	}
	if !slices.IsSorted(e.Hdeps) || !slices.IsSorted(e.Sdeps) || len(slices.Compact(slices.Clone(e.Hdeps))) != len(e.Hdeps) {
		c.errorf("%s: dependencies not sorted and unique", where)
	}
	if !slices.Equal(sortKeys(slices.Clone(e.Rkeys)), e.Rkeys) || !slices.Equal(sortKeys(slices.Clone(e.Wkeys)), e.Wkeys) {
		c.errorf("%s: keys not sorted and unique", where)
	}
}

func (c *checker) node(n *Node) {
	g := c.g
	where := lazyNode{n}
	info := n.Op.Info()
	if n.Op == OpInvalid || n.Op >= numOps {
		c.errorf("%s: invalid operator", where)
		return
	}
	if info.Arity >= 0 && len(n.Args) != info.Arity || info.Blocks >= 0 && len(n.Blocks) != info.Blocks {
		c.errorf("%s: %d arguments and %d blocks, want %d and %d", where, len(n.Args), len(n.Blocks), info.Arity, info.Blocks)
		return
	}
	if g.types.at(n.Sym) != n.Type || n.Type == nil {
		c.errorf("%s: type %v recorded as %v", where, n.Type, g.types.at(n.Sym))
	}
	for i, a := range n.Args {
		if a.IsSym() {
			c.ref(where, a.s, !(n.Op == OpForward && i == 0))
		}
	}
	for _, b := range n.Blocks {
		c.block(where, b)
	}
	if n.Eff != nil {
		c.effects(where, n.Eff)
	}
	if n.CanTrap() && !n.Eff.Writes(TRAP) && !n.Eff.Writes(CTRL) {
		c.errorf("%s: can trap but does not write TRAP", where)
	}
	c.types(where, n)
}

func (c *checker) types(where fmt.Stringer, n *Node) {
	g := c.g
	arg := func(i int) *Type { return g.TypeOf(n.Args[i]) }
	want := func(t *Type) {
		if n.Type != t {
			c.errorf("%s: result type %v, want %v", where, n.Type, t)
		}
	}
	switch n.Op.Info().Rule {
	case RuleSame:
		for i := range n.Args {
			if arg(i) != n.Type {
				c.errorf("%s: argument %d has type %v, want %v", where, i, arg(i), n.Type)
			}
		}
	case RuleShift:
		want(arg(0))
		if !arg(1).IsInteger() {
			c.errorf("%s: shift count of type %v", where, arg(1))
		}
	case RuleCompare:
		want(Bool)
		if arg(0) != arg(1) {
			c.errorf("%s: compares %v with %v", where, arg(0), arg(1))
		}
	case RuleVoid:
		want(Void)
	case RuleInt:
		want(Int)
	case RuleByte:
		want(Uint8)
	case RuleFirst:
		want(arg(0))
	case RuleElem:
		if arg(0).Kind != KSlice {
			c.errorf("%s: element of non-slice %v", where, arg(0))
		} else {
			want(arg(0).Elem)
		}
	}
	switch n.Op {
	case OpIf:
		for _, b := range n.Blocks {
			if t := g.TypeOf(b.Res); t != n.Type && t != Void {
				c.errorf("%s: branch result of type %v", where, t)
			}
		}
	case OpLoop, OpYield:
		c.checkLoop(where, n)
	case OpLambda:
		if n.Type.Kind != KFunc || g.TypeOf(n.Blocks[0].Res) != TupleOf(n.Type.Results) {
			c.errorf("%s: body result does not match %v", where, n.Type)
		}
	}
}

// lazyNode, suffix and text describe where a violation is; they are
// formatted only when one is reported.
type lazyNode struct{ n *Node }

func (l lazyNode) String() string { return FormatNode(l.n) }

type suffix struct {
	where fmt.Stringer
	s     string
}

func (x suffix) String() string { return x.where.String() + x.s }

type text string

func (t text) String() string { return string(t) }
