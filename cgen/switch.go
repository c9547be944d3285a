package cgen

import (
	"slices"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a chain of conditionals that dispatches on one value
// as a switch, as gogen's switch.go does for Go:
//
//	if (tag != 8u) { if (tag != 16u) { if (tag != 26u) { D } else { C } } else { B } } else { A }
//
// is
//
//	switch (tag) {
//	case 8u: {
//		A
//		break;
//	}
//	case 16u: {
//		B
//		break;
//	}
//	...
//	default:
//		return D;
//	}
//
// Each case is in braces, since its declarations are its own, unless it
// is one return.
//
// The chain qualifies when each conditional's condition compares (== or
// !=) the same named integer value with a constant, or is a || of such
// comparisons (==), written inline; each
// next conditional is all its branch holds (its comparison aside) and is
// that branch's result; the constants are different values; and the
// chain has at least three ways (cases and a default that writes
// something). A case of a loop's exit code that would leave the loop with
// a break keeps the if chain: in a switch that break would leave the
// switch.

// swCase is a case of a switch: its constants and its block.
type swCase struct {
	ks    []*ir.Const
	body  *ir.Block
	nodes []ir.Sym // the nodes of its condition
}

// caseOf is a condition of the chain: the value it compares, the
// constants, whether it is true for them (== and ||) or for the others
// (!=), and the nodes of the condition.
type caseOf struct {
	key   ir.Sym
	ks    []*ir.Const
	eq    bool
	nodes []ir.Sym
}

// switchStmt writes conditional n, whose result goes to d, as a switch
// when it is a chain on one value, and reports whether it did and whether
// the switch does not complete.
func (fn *fnGen) switchStmt(n *ir.Node, d dest) (ok, term bool) {
	cc, ok := fn.caseCond(n.Args[0], 0)
	if !ok || fn.isInline(cc.key) {
		return false, false
	}
	for _, s := range cc.nodes {
		if !fn.isInline(s) {
			return false, false
		}
	}
	key := cc.key
	var cases []swCase
	seen := map[uint64]bool{}
	cur := n
	var deflt *ir.Block
	for {
		for _, k := range cc.ks {
			bits, _ := constBits(k)
			if seen[bits] {
				return false, false
			}
			seen[bits] = true
		}
		body, rest := cur.Blocks[0], cur.Blocks[1]
		if !cc.eq {
			body, rest = rest, body
		}
		cases = append(cases, swCase{cc.ks, body, cc.nodes})
		next, ncc := fn.chainNext(rest, key, d)
		if next == nil {
			deflt = rest
			break
		}
		cc, cur = ncc, next
	}
	ways := len(cases)
	if fn.defaultWrites(deflt, d) {
		ways++
	}
	if len(cases) < 2 || ways < 3 {
		return false, false
	}
	if d.kind == destExit && fn.exits[len(fn.exits)-1].ret == nil {
		for _, c := range cases {
			if fn.breaksIn(c.body) {
				return false, false
			}
		}
		if fn.breaksIn(deflt) {
			return false, false
		}
	}
	fn.line("switch (" + fn.ref(key.E()).s + ") {")
	term = true
	for _, c := range cases {
		var labels []string
		for _, k := range c.ks {
			labels = append(labels, "case "+fn.caseConst(c, k).s+":")
		}
		if !fn.caseBody(strings.Join(labels, " "), c.body, d) {
			term = false
		}
	}
	if ways > len(cases) {
		if !fn.caseBody("default:", deflt, d) {
			term = false
		}
	} else {
		term = false
	}
	fn.line("}")
	return true, term
}

// caseBody writes the block of a case after its label, ending in a break
// when it completes, and reports whether it does not. The block is in
// braces (a case's declarations are its own) unless it is one return.
func (fn *fnGen) caseBody(label string, b *ir.Block, d dest) bool {
	head := len(fn.lines)
	fn.line(label + " {")
	w := fn.block(b, d)
	if !w.term {
		fn.line("\tbreak;")
	}
	if k := head + 1; len(fn.lines) == k+1 && strings.HasPrefix(strings.TrimLeft(fn.lines[k], "\t"), "return ") {
		fn.lines[head] = fn.remark(fn.lines[head], indent(fn.depth)+label)
		return w.term
	}
	fn.line("}")
	return w.term
}

// caseCond returns the comparisons of condition c when it compares an
// integer (key, if key is not 0) with constants: == or != with one, or a
// || of == (each node used only there).
func (fn *fnGen) caseCond(c ir.Exp, key ir.Sym) (caseOf, bool) {
	if !c.IsSym() || fn.sg.uses[c.Sym()] != 1 {
		return caseOf{}, false
	}
	m := fn.g.Def(c.Sym())
	if m == nil || fn.sg.packed(m) {
		return caseOf{}, false
	}
	switch m.Op {
	case ir.OpOr:
		if m.Type != ir.Bool {
			return caseOf{}, false
		}
		x, ok1 := fn.caseCond(m.Args[0], key)
		if !ok1 || !x.eq {
			return caseOf{}, false
		}
		y, ok2 := fn.caseCond(m.Args[1], x.key)
		if !ok2 || !y.eq {
			return caseOf{}, false
		}
		return caseOf{key: x.key, ks: append(x.ks, y.ks...), eq: true, nodes: append(append(x.nodes, y.nodes...), m.Sym)}, true
	case ir.OpEq, ir.OpNe:
	default:
		return caseOf{}, false
	}
	x, y := m.Args[0], m.Args[1]
	if x.IsConst() {
		x, y = y, x
	}
	if !x.IsSym() || !y.IsConst() || !fn.g.TypeOf(x).IsInteger() || key != 0 && x.Sym() != key {
		return caseOf{}, false
	}
	return caseOf{key: x.Sym(), ks: []*ir.Const{y.Const()}, eq: m.Op == ir.OpEq, nodes: []ir.Sym{m.Sym}}, true
}

// chainNext returns the conditional that block b (a branch of the chain)
// holds and continues the chain on key with, and its condition, or nil:
// b's nodes are that conditional and its condition, written inline, and
// b's result is the conditional's (or, for a conditional whose result
// goes nowhere, nothing).
func (fn *fnGen) chainNext(b *ir.Block, key ir.Sym, d dest) (*ir.Node, caseOf) {
	nodes := fn.sg.s.Nodes(b)
	if len(nodes) < 2 {
		return nil, caseOf{}
	}
	m := nodes[len(nodes)-1]
	if m.Op != ir.OpIf || fn.sg.packed(m) {
		return nil, caseOf{}
	}
	cc, ok := fn.caseCond(m.Args[0], key)
	if !ok || len(cc.nodes) != len(nodes)-1 {
		return nil, caseOf{}
	}
	for _, c := range nodes[:len(nodes)-1] {
		if !slices.Contains(cc.nodes, c.Sym) || !fn.sg.s.Inlined(b, c.Sym) || !fn.canInline(c) {
			return nil, caseOf{}
		}
	}
	switch {
	case b.Res.IsSym():
		if b.Res.Sym() != m.Sym || fn.sg.uses[m.Sym] != 1 {
			return nil, caseOf{}
		}
	case d.kind != destNone || m.Type != ir.Void:
		return nil, caseOf{}
	}
	return m, cc
}

// defaultWrites reports whether the default block b writes something.
func (fn *fnGen) defaultWrites(b *ir.Block, d dest) bool {
	if len(fn.sg.s.Nodes(b)) > 0 {
		return true
	}
	switch d.kind {
	case destReturn, destAssign:
		return fn.g.TypeOf(b.Res).Kind != ir.KVoid
	case destExit:
		return b.Res.IsConst() && exitCode(b.Res.Const()) != fn.exits[len(fn.exits)-1].cont
	}
	return false
}

// breaksIn reports whether block b of the exit code of the innermost loop
// with exits (which breaks) leaves the loop somewhere.
func (fn *fnGen) breaksIn(b *ir.Block) bool {
	x := fn.exits[len(fn.exits)-1]
	if b.Res.IsConst() {
		return exitCode(b.Res.Const()) != x.cont
	}
	m := fn.g.Def(b.Res.Sym())
	return m != nil && m.Op == ir.OpIf && (fn.breaksIn(m.Blocks[0]) || fn.breaksIn(m.Blocks[1]))
}
