package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes structured control: conditionals, loops and function
// literals.

// ifStmt writes a conditional whose result goes to d:
//
//	destNone:    if c { ... } else { ... }        (empty branches left out)
//	destReturn:  if c { ...; return a }; ...; return b
//	destAssign:  if c { ...; r = a } else { ...; r = b }
//	destDeclare: r := b; if c { ...; r = a }      (when b needs no statement and no panic)
//	             var r T; if c { ...; r = a } else { ...; r = b }
func (fg *funcGen) ifStmt(out *stmts, n *ir.Node, d dest) {
	if fg.minMaxStmt(out, n, d) {
		return
	}
	fg.minMaxOperands(out, n)
	c := n.Args[0]
	thenB, elseB := n.Blocks[0], n.Blocks[1]
	switch d.kind {
	case destExit:
		fg.exitIf(out, n, d)
	case destReturn:
		th := fg.block(thenB, d)
		el := fg.block(elseB, d)
		if th.term && len(el.list) > 0 {
			// The then branch returns: no else (golint's indent-error-flow).
			fg.ifThen(out, c, th, el)
			return
		}
		fg.ifElse(out, c, th, el)
	case destNone, destAssign:
		fg.ifElse(out, c, fg.block(thenB, d), fg.block(elseB, d))
	case destDeclare:
		if p, ok := fg.keptValue(n); ok {
			// m := xs[r]; if xs[r+1] > m { m = xs[r+1] }: the
			// conditional's result is m's variable, not m1 := m.
			fg.names[n.Sym] = fg.names[p]
			th := fg.block(thenB, dest{kind: destAssign, names: []string{fg.names[p]}})
			fg.ifElse(out, c, th, &stmts{})
			return
		}
		names := fg.resultNames(n.Sym)
		assign := dest{kind: destAssign, names: names}
		if len(names) == 1 && n.Type == ir.Bool {
			if fg.shortCircuit(out, names[0], c, thenB, elseB) {
				return
			}
		}
		if len(names) == 1 {
			if v, ok := fg.simpleValue(elseB); ok {
				out.add(jen.Id(names[0]).Op(":=").Add(v.code()))
				th := fg.block(thenB, assign)
				out.add(jen.If(fg.ref(c, ctxConverted).code()).Block(th.list...))
				return
			}
		}
		fg.declare(out, names, n.Type.Values())
		if fg.zeroBranch(elseB) {
			// var neg bool; if c { neg = true }: the declaration gives
			// the else branch's values.
			fg.ifElse(out, c, fg.block(thenB, assign), &stmts{})
			return
		}
		fg.ifElse(out, c, fg.block(thenB, assign), fg.block(elseB, assign))
	}
}

// keptValue returns the value p that conditional n, of one result, keeps
// in its else branch when n can be p's own variable: p is a statement of
// n's block with n's type and source name, read nowhere but in n's
// condition, in its then branch (before the branch's result is assigned,
// and not as the result of a block there: that would be m = m) and as
// the else branch's result, which does nothing else.
func (fg *funcGen) keptValue(n *ir.Node) (ir.Sym, bool) {
	elseB := n.Blocks[1]
	if fg.isTuple(n.Sym) || !elseB.Res.IsSym() || len(fg.plans[elseB].nodes) > 0 {
		return 0, false
	}
	p := elseB.Res.Sym()
	if !fg.takesVar(n, p, false) {
		return 0, false
	}
	// Every use: the else result, the condition's, the then branch's.
	uses := 1 + fg.usesInline(n.Args[0], p)
	if uses > fg.uses[p] {
		return 0, false
	}
	budget := 256
	var count func(b *ir.Block) bool
	count = func(b *ir.Block) bool {
		if b.Res == p.E() {
			return false // a branch that keeps p would assign m = m (vet)
		}
		for _, m := range fg.plans[b].nodes {
			if budget--; budget < 0 {
				return false
			}
			for _, a := range m.Args {
				if a == p.E() {
					uses++
				}
			}
			for _, c := range m.Blocks {
				if !count(c) {
					return false
				}
			}
		}
		return true
	}
	if !count(n.Blocks[0]) || uses != fg.uses[p] {
		return 0, false
	}
	return p, true
}

// usesInline counts the references to p in e as written: e itself, or
// the arguments of its inline nodes.
func (fg *funcGen) usesInline(e ir.Exp, p ir.Sym) int32 {
	if !e.IsSym() {
		return 0
	}
	if e.Sym() == p {
		return 1
	}
	m := fg.inlineNode(e.Sym())
	if m == nil {
		return 0
	}
	var k int32
	for _, a := range m.Args {
		k += fg.usesInline(a, p)
	}
	return k
}

// zeroBranch reports whether branch b of a conditional does nothing but
// give the zero values of its results (+0 for a float: var x float64 is
// +0, never -0).
func (fg *funcGen) zeroBranch(b *ir.Block) bool {
	p := fg.plans[b]
	for j, m := range p.nodes {
		if !(p.inline[j] || fg.silent(m)) || !pureNode(m) {
			return false
		}
	}
	vals := []ir.Exp{b.Res}
	if t := fg.defOf(b.Res); t != nil && t.Op == ir.OpTuple {
		vals = t.Args
	}
	for _, v := range vals {
		if c := v.Const(); c == nil || c.Type.Kind == ir.KTuple || !isZeroValue(c) {
			return false
		}
	}
	return true
}

// declare writes var lo, hi int: one declaration per run of names of one
// type, leaving out "_".
func (fg *funcGen) declare(out *stmts, names []string, types []*ir.Type) {
	var run []jen.Code
	for i, name := range names {
		if name != "_" {
			run = append(run, jen.Id(name))
		}
		if len(run) > 0 && (i+1 == len(names) || types[i+1] != types[i]) {
			out.add(jen.Var().List(run...).Add(goType(types[i])))
			run = nil
		}
	}
}

// ifElse writes if c { th } else { el }, leaving out an empty branch and
// chaining else if (chain.go).
func (fg *funcGen) ifElse(out *stmts, c ir.Exp, th, el *stmts) {
	safe, rep := fg.safe(c), fg.repeatable(c) // before c is written: its inline nodes are then used
	var ch *ifChain
	switch {
	case len(th.list) == 0 && len(el.list) > 0:
		ch = fg.newChain(fg.negate(c), safe, el, nil)
	case len(el.list) == 1 && el.chain != nil:
		ch = el.chain
		fg.prepend(ch, fg.ref(c, ctxConverted), safe, rep, th)
	case len(th.list) == 1 && th.chain != nil && len(el.list) > 0 && fg.isNe(c):
		// if k != 8 { if k != 16 { A } else { B } } else { C } is
		// if k == 8 { C } else if k == 16 { B } else { A }: a chain on k.
		ch = th.chain
		fg.prepend(ch, fg.negate(c), safe, rep, el)
	case len(el.list) == 0 && fg.lone(th):
		// if c { if d { S } } is if c && d { S }: d is evaluated
		// exactly when c holds, as in &&; unless go vet would reject
		// c && d (vetand.go).
		in := th.chain.arms[0]
		cond := fg.ref(c, ctxConverted)
		if fg.vetAnd(cond, in.cond) {
			ch = fg.newChain(join(cond, "&&", precAnd, in.cond), safe && in.safe, in.body, nil)
		} else {
			ch = fg.newChain(cond, safe, th, nil)
		}
	default:
		var els *stmts
		if len(el.list) > 0 {
			els = el
		}
		ch = fg.newChain(fg.ref(c, ctxConverted), safe, th, els)
	}
	fg.emitChain(out, ch)
}

// lone reports whether block l is one if without else, of one arm.
func (fg *funcGen) lone(l *stmts) bool {
	ch := l.chain
	return len(l.list) == 1 && ch != nil && len(ch.arms) == 1 && !ch.drop && (ch.els == nil || len(ch.els.list) == 0) &&
		l.list[0] == jen.Code(ch.arms[0].stmt)
}

// ifThen writes if c { th } followed by el, th ending in a terminating
// statement. When el starts with an if whose first arm does what th does,
// c joins that arm: if c || b { th }.
func (fg *funcGen) ifThen(out *stmts, c ir.Exp, th, el *stmts) {
	safe, rep := fg.safe(c), fg.repeatable(c)
	cond := fg.ref(c, ctxConverted)
	if ch := el.chain; ch != nil && fg.sameCode(th.list, ch.arms[len(ch.arms)-1].body.list) {
		fg.prepend(ch, cond, safe, rep, th)
		rest := el.list[1:]
		fg.emitChain(out, ch)
		out.list = append(out.list, rest...)
		out.run = ifRun{}
	} else {
		fg.emitChain(out, fg.newChain(cond, safe, th, nil))
		fg.appendRun(out, el)
	}
	out.term = el.term
}

// simpleValue returns the value of a block that needs no statement and
// whose value can be computed early without any effect or panic, such as
// a constant, a name or x+1: then r := v; if c { r = a } is the clearest
// way to write the conditional.
func (fg *funcGen) simpleValue(b *ir.Block) (expr, bool) {
	fr := fg.enter(b)
	ok := fg.safe(b.Res) && fg.g.TypeOf(b.Res).Kind != ir.KVoid
	for _, n := range fr.nodes {
		ok = ok && fg.skip(n)
	}
	var v expr
	if ok {
		v = fg.ref(b.Res, ctxTyped)
	}
	fg.leave(fr, !ok)
	return v, ok
}

// shortCircuit writes the bool conditional n on c, with branches thenB
// and elseB, to name as c && b or c || b, when the branch that is not a
// constant (false for &&, true for ||) is an expression, b: its nodes
// all written in it. Go evaluates b exactly when the branch would run, so
// b may read memory and panic. When go vet would flag the operands
// (vetand.go, chainvet.go), the same is written as name := c; if name {
// name = b } (if !name for ||). ok is false when it does not apply.
func (fg *funcGen) shortCircuit(out *stmts, name string, c ir.Exp, thenB, elseB *ir.Block) bool {
	isConst := func(b *ir.Block, v bool) bool {
		k := b.Res.Const()
		return k != nil && k.Type == ir.Bool && k.Val.(bool) == v && len(fg.plans[b].nodes) == 0
	}
	and := true
	b := thenB
	switch {
	case isConst(elseB, false):
	case isConst(thenB, true):
		and, b = false, elseB
	default:
		return false
	}
	if !b.Res.IsSym() {
		return false
	}
	// Look before writing: the condition's inline nodes are written once.
	fr := fg.enter(b)
	ok := true
	for _, m := range fr.nodes {
		ok = ok && fg.skip(m)
	}
	fg.leave(fr, true)
	if !ok {
		return false
	}
	cond := fg.ref(c, ctxConverted)
	fr = fg.enter(b)
	v := fg.ref(b.Res, ctxConverted)
	fg.leave(fr, false)
	switch {
	case and && fg.vetAnd(cond, v):
		out.add(jen.Id(name).Op(":=").Add(join(cond, "&&", precAnd, v).code()))
	case !and && !orClash(orOperands(fg.text(cond.code()), false), orOperands(fg.text(v.code()), false)):
		out.add(jen.Id(name).Op(":=").Add(join(cond, "||", precOr, v).code()))
	default:
		out.add(jen.Id(name).Op(":=").Add(cond.code()))
		test := jen.Id(name)
		if !and {
			test = jen.Op("!").Id(name)
		}
		out.add(jen.If(test).Block(jen.Id(name).Op("=").Add(v.code())))
	}
	return true
}

// safe reports whether e, as written in the current block, has no effect
// and cannot panic.
func (fg *funcGen) safe(e ir.Exp) bool { return fg.safeReading(e, false) }

// repeatable reports whether e, as written, evaluated twice in a row
// does what it does once (a || a is a): it writes nothing and calls
// nothing; it may read variables and memory, and it may panic: when the
// first evaluation did not, the second, on the same values, does not
// either (rpg seed 5104: an exit test dividing by a parameter, unrolled).
func (fg *funcGen) repeatable(e ir.Exp) bool { return fg.safeReading(e, true) }

// safeReading is safe, or repeatable when reads is set.
func (fg *funcGen) safeReading(e ir.Exp, reads bool) bool {
	if e.IsConst() {
		return true
	}
	n := fg.inlineNode(e.Sym())
	if n == nil {
		return fg.g.TypeOf(e).Kind != ir.KTuple
	}
	if !pureNode(n) && !(reads && repeatableNode(n)) {
		return false
	}
	for _, a := range n.Args {
		if !fg.safeReading(a, reads) {
			return false
		}
	}
	return true
}

// repeatableNode reports whether n only computes a value, reading what it
// reads, and may panic: it writes nothing but TRAP, allocates nothing and
// is not a call.
func repeatableNode(n *ir.Node) bool {
	if n.Op == ir.OpApply {
		return false
	}
	switch n.Op.Info().Effect {
	case ir.Pure, ir.Read:
	default:
		return false
	}
	for _, k := range n.Eff.Wkeys {
		if k != ir.TRAP {
			return false
		}
	}
	return true
}

// whileStmt writes a loop:
//
//	for c { body }                               (the condition is one expression)
//	for { cond stmts; if !c { break }; body }    (it needs statements)
//	for { body }                                 (it is the constant true)
func (fg *funcGen) whileStmt(out *stmts, n *ir.Node) {
	if x := fg.exitLoopOf(n); x != nil {
		fg.exitStmt(out, n, x)
		return
	}
	condB, bodyB := n.Blocks[0], n.Blocks[1]
	fr := fg.enter(condB)
	cs, _ := fg.nodes(fr, dest{kind: destCond})
	if cs.term {
		// The condition always panics: the loop runs it once.
		fg.leave(fr, true)
		out.add(jen.For().Block(cs.list...))
		out.term = true
		return
	}
	if len(cs.list) == 0 {
		if c := condB.Res.Const(); c != nil && c.Val.(bool) {
			fg.leave(fr, false)
			body := fg.block(bodyB, dest{})
			out.add(jen.For().Block(body.list...))
			out.term = true // no break: the loop never ends
			return
		}
		cond := fg.loopCond(n)
		fg.leave(fr, false)
		body := fg.block(bodyB, dest{})
		out.add(jen.For(cond.code()).Block(body.list...))
		return
	}
	cs.add(jen.If(fg.negate(condB.Res).code()).Block(jen.Break()))
	fg.leave(fr, false)
	body := fg.block(bodyB, dest{})
	out.add(jen.For().Block(append(cs.list, body.list...)...))
}

// funcLit writes a staged function as a function literal (a closure).
func (fg *funcGen) funcLit(n *ir.Node) *jen.Statement {
	ps, res, body := fg.funcParts(n)
	return jen.Func().Params(ps...).Add(res).Block(body...)
}

// funcParts writes the parameters, results and body of a staged function.
func (fg *funcGen) funcParts(n *ir.Node) (ps []jen.Code, res jen.Code, body []jen.Code) {
	b := n.Blocks[0]
	names := make([]string, len(b.In))
	for i, s := range b.In {
		names[i] = fg.name(s)
		fg.fn.params[names[i]] = true
	}
	fg.planReturns(b, false)
	return params(names, n.Type.Params), results(n.Type.Results), fg.block(b, dest{kind: destReturn}).list
}

// forClause returns the statement that can be the post statement of a
// for clause declaring variable v for loop w (for i := 0; i < n; i++),
// or nil. It can when w is the statement after v's declaration, v is used
// only inside w and by no function literal (whose capture of a
// per-iteration variable would differ), w's condition is one expression,
// and the last statement of w's body assigns v.
func (fg *funcGen) forClause(fr *frame, v *ir.Node, k int) *ir.Node {
	w := fr.nodes[k]
	if fg.varReads[v.Sym] == 0 {
		return nil
	}
	wpos := fg.plans[fr.b].pos[k]
	for _, u := range fg.varOps[v.Sym] {
		if p, ok := fg.posIn(fr.b, nil, u); !ok || p != wpos {
			return nil
		}
	}
	cond := fg.plans[w.Blocks[0]]
	for j, n := range cond.nodes {
		if !cond.inline[j] && !fg.forwarded[n.Sym] && !fg.silent(n) {
			return nil
		}
	}
	body := fg.plans[w.Blocks[1]]
	for j := len(body.nodes) - 1; j >= 0; j-- {
		n := body.nodes[j]
		if body.inline[j] || fg.forwarded[n.Sym] || fg.silent(n) {
			continue
		}
		if n.Op != ir.OpVarSet || n.Args[0] != v.Sym.E() {
			return nil
		}
		if x := n.Args[1]; x.IsSym() && fg.g.Def(x.Sym()).Op == ir.OpIf {
			return nil // written as an if assigning v
		}
		if !fg.postInScope(body, n.Args[1], v.Sym) {
			return nil // the value names a statement of the body
		}
		return n
	}
	return nil
}

// postInScope reports whether x, written as the post statement of a for
// clause declaring variable v, refers to nothing the loop body declares:
// it is a constant, a value defined outside the body, a read of v written
// as v's name, or an expression written inline whose operands are such
// values.
func (fg *funcGen) postInScope(body *blockPlan, x ir.Exp, v ir.Sym) bool {
	if x.IsConst() {
		return true
	}
	for j, n := range body.nodes {
		if n.Sym != x.Sym() {
			continue
		}
		if !body.inline[j] {
			return n.Op == ir.OpVarGet && n.Args[0] == v.E() && fg.forwarded[n.Sym]
		}
		for _, a := range n.Args {
			if !fg.postInScope(body, a, v) {
				return false
			}
		}
		return true
	}
	return true // defined outside the body
}

// forLoop returns the loop whose for clause can declare the variable of
// node i of fr, and the loop's post statement, or nil. The declaration
// moves down to the loop only if its initial value is a constant or a
// name, which mean the same there; the statements it moves across do not
// use the variable (forClause checks it).
func (fg *funcGen) forLoop(fr *frame, i int) (w, post *ir.Node) {
	v := fr.nodes[i]
	init := v.Args[0]
	movable := init.IsConst() || !fg.isInline(init) && !fg.forwarded[init.Sym()]
	k := fr.nextLoop(fg, i)
	if k < 0 || !movable && fg.nextStmt(fr, i) != fr.nodes[k] {
		return nil, nil
	}
	if post := fg.forClause(fr, v, k); post != nil {
		return fr.nodes[k], post
	}
	return nil, nil
}

// nextLoop returns the index of the first loop written as a statement
// after index i, or -1.
func (fr *frame) nextLoop(fg *funcGen, i int) int {
	if fr.loopAfter == nil {
		fr.loopAfter = make([]int32, len(fr.nodes)+1)
		fr.loopAfter[len(fr.nodes)] = -1
		for j := len(fr.nodes) - 1; j >= 0; j-- {
			fr.loopAfter[j] = fr.loopAfter[j+1]
			if n := fr.nodes[j]; n.Op == ir.OpWhile && !fg.skip(n) {
				fr.loopAfter[j] = int32(j)
			}
		}
	}
	return int(fr.loopAfter[i+1])
}

// forStmt writes the declaration of variable v and loop w as one for
// statement with post as its post statement.
func (fg *funcGen) forStmt(out *stmts, v, w, post *ir.Node) {
	init := jen.Id(fg.name(v.Sym)).Op(":=").Add(fg.ref(v.Args[0], ctxTyped).code())
	fr := fg.enter(w.Blocks[0])
	cond := fg.loopCond(w)
	fg.leave(fr, false)
	saved, savedCode := fg.post, fg.postCode
	fg.post = post
	body := fg.block(w.Blocks[1], dest{})
	code := fg.postCode
	fg.post, fg.postCode = saved, savedCode
	out.add(jen.For(init, cond.code(), code).Block(body.list...))
}
