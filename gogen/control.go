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
	c := n.Args[0]
	thenB, elseB := n.Blocks[0], n.Blocks[1]
	switch d.kind {
	case destReturn:
		th := fg.block(thenB, d)
		el := fg.block(elseB, d)
		if th.term && len(el.list) > 0 {
			// The then branch returns: no else (golint's indent-error-flow).
			out.add(jen.If(fg.ref(c, ctxConverted).s).Block(th.list...))
			out.list = append(out.list, el.list...)
			out.term, out.lastIf = el.term, el.lastIf
			return
		}
		fg.ifElse(out, c, th, el)
	case destNone, destAssign:
		fg.ifElse(out, c, fg.block(thenB, d), fg.block(elseB, d))
	case destDeclare:
		names := fg.resultNames(n.Sym)
		assign := dest{kind: destAssign, names: names}
		if len(names) == 1 {
			if v, ok := fg.simpleValue(elseB); ok {
				out.add(jen.Id(names[0]).Op(":=").Add(v.s))
				th := fg.block(thenB, assign)
				out.add(jen.If(fg.ref(c, ctxConverted).s).Block(th.list...))
				out.lastIf = true
				return
			}
		}
		for i, name := range names {
			if name != "_" {
				out.add(jen.Var().Id(name).Add(goType(resultTypes(n.Type)[i])))
			}
		}
		fg.ifElse(out, c, fg.block(thenB, assign), fg.block(elseB, assign))
	}
}

// ifElse writes if c { th } else { el }, leaving out an empty branch and
// chaining else if.
func (fg *funcGen) ifElse(out *stmts, c ir.Exp, th, el *stmts) {
	var s *jen.Statement
	switch {
	case len(el.list) == 0:
		s = jen.If(fg.ref(c, ctxConverted).s).Block(th.list...)
	case len(th.list) == 0:
		s = jen.If(fg.negate(c).s).Block(el.list...)
	case len(el.list) == 1 && el.lastIf:
		s = jen.If(fg.ref(c, ctxConverted).s).Block(th.list...).Else().Add(el.list[0])
	default:
		s = jen.If(fg.ref(c, ctxConverted).s).Block(th.list...).Else().Block(el.list...)
	}
	out.add(s)
	out.lastIf = true
	out.term = th.term && el.term && len(th.list) > 0 && len(el.list) > 0
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

// safe reports whether e, as written in the current block, has no effect
// and cannot panic.
func (fg *funcGen) safe(e ir.Exp) bool {
	if e.IsConst() {
		return true
	}
	n := fg.inlineNode(e.Sym())
	if n == nil {
		return fg.g.TypeOf(e).Kind != ir.KTuple
	}
	if !pureNode(n) {
		return false
	}
	for _, a := range n.Args {
		if !fg.safe(a) {
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
	condB, bodyB := n.Blocks[0], n.Blocks[1]
	fr := fg.enter(condB)
	cs, _ := fg.nodes(fr, dest{})
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
		cond := fg.ref(condB.Res, ctxConverted)
		fg.leave(fr, false)
		body := fg.block(bodyB, dest{})
		out.add(jen.For(cond.s).Block(body.list...))
		return
	}
	cs.add(jen.If(fg.negate(condB.Res).s).Block(jen.Break()))
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
	}
	return params(names, n.Type.Params), results(n.Type.Results), fg.block(b, dest{kind: destReturn}).list
}
