package gogen

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"reflect"

	"github.com/dave/jennifer/jen"
)

// This file writes an if statement as a chain of arms,
//
//	if c1 { b1 } else if c2 { b2 } ... else { e }
//
// and removes the repetition staging leaves in such chains (a staged
// switch whose cases do the same thing) the way a Go programmer would:
//
//   - consecutive arms whose bodies are the same code become one arm whose
//     condition is the || of theirs, in order: if a { S } else if b { S }
//     is if a || b { S }. A condition the same code as the first one of
//     the arm it joins is not repeated when it has no effect and cannot
//     panic (a || a is a, and go vet rejects it): the same exit condition
//     reached from several unrolled iterations, the same test staged
//     twice. Only an arm whose condition is the whole head
//     of an else if joins the arm before it (when the else block needs
//     statements before its if, that if is no arm of the chain), so the
//     later condition is evaluated exactly when the earlier one is false,
//     as in ||. The same holds after an arm that ends in a return or a
//     panic: if a { return x }; if b { return x } is if a || b { return x };
//   - a last arm whose body is the else's goes when its condition has no
//     effect and cannot panic: if a { S } else if b { T } else { T } is
//     if a { S } else { T }, and if c { S } else { S } is S.
//
// Bodies are the same code when their jennifer trees are deeply equal,
// which makes their text equal. Equal text means equal meaning: names are
// unique in a function (a node the schedule duplicates into several
// branches has one name and one value), and an else block that is a
// single if declares nothing the arms could see. Only the last rule moves
// code to another scope, when the whole if goes: it does not when the
// body declares names at its top level. Dropping a condition must not
// leave a local variable unused (the compiler rejects that): every local
// name the condition reads must also be read by a condition the chain
// keeps, unless it is a parameter.
//
// The arms are kept from the last to the first, each with the if
// statement written from it to the end of the chain, so that adding an arm
// in front, or merging one into the first, costs the same however long
// the chain is.

// ifChain is an if statement being written.
type ifChain struct {
	arms []*ifArm // the last arm first: the chain grows at the front
	els  *stmts   // the else block; nil: none

	// drop says the last arm may go (its body is the else's, its
	// condition is safe) once the conditions of the other arms read
	// every local name in missing.
	drop    bool
	missing []string
}

// ifArm is one arm of a chain.
type ifArm struct {
	cond expr
	safe bool        // the condition has no effect and cannot panic
	ops  []orOperand // the operands of cond's ||, in order (chainvet.go)
	body *stmts
	stmt *jen.Statement // the if statement from this arm to the end of the chain
	term bool           // every branch from this arm on terminates
}

// newChain returns the chain if cond { body } else { els }, with els nil
// for none. It remembers whether the arm could go (if c { S } else { S }).
func (fg *funcGen) newChain(cond expr, safe bool, body, els *stmts) *ifChain {
	ch := &ifChain{els: els}
	var elsList []jen.Code
	if els != nil {
		elsList = els.list
	}
	if safe && fg.sameCode(body.list, elsList) {
		ch.drop = true
		ch.missing = fg.localNames(cond)
	}
	ch.arms = []*ifArm{{cond: cond, safe: safe, ops: orOperands(fg.text(cond.code()), safe), body: body}}
	ch.link(0)
	return ch
}

// prepend puts the arm if cond { body } in front of the chain, merging it
// into the first arm when their bodies are the same code.
func (fg *funcGen) prepend(ch *ifChain, cond expr, safe, repeatable bool, body *stmts) {
	head := len(ch.arms) - 1
	ops := orOperands(fg.text(cond.code()), safe)
	if h := ch.arms[head]; fg.sameCode(body.list, h.body.list) && h.joins(ops, repeatable) {
		if h.repeats(ops, repeatable) {
			return
		}
		h.cond = orExpr(cond, h.cond)
		h.ops = append(ops, h.ops...)
		h.safe = h.safe && safe
		if head == 0 {
			// The arm that may go grows: so do the names it reads.
			ch.drop = ch.drop && h.safe
			if ch.drop {
				ch.missing = append(ch.missing, fg.localNames(cond)...)
			}
		} else {
			ch.see(fg, cond)
		}
		ch.link(head)
		return
	}
	ch.see(fg, cond)
	ch.arms = append(ch.arms, &ifArm{cond: cond, safe: safe, ops: ops, body: body})
	ch.link(head + 1)
}

// joins reports whether the condition of operands ops may join the arm
// as cond || a.cond: when no operand clashes with one of a's (vet would
// report the ||: chainvet.go), or when cond repeats one (repeats). An
// arm that may not join stays an arm of its own, if cond { S } else if
// a.cond { S }, which means the same.
func (a *ifArm) joins(ops []orOperand, repeatable bool) bool {
	return a.repeats(ops, repeatable) || !orClash(ops, a.ops)
}

// repeats reports whether cond || a.cond is a.cond, cond of operands ops
// being repeatable: when ops begin a's operands (a || a || b is a || b:
// the same value, nothing runs between them), or when cond is a single
// operand of a's that cannot panic, after operands that have no effect
// and cannot panic either (a || b || a is b || a: b evaluated or not
// changes nothing).
func (a *ifArm) repeats(ops []orOperand, repeatable bool) bool {
	if !repeatable || len(ops) > len(a.ops) {
		return false
	}
	prefix := true
	for i, o := range ops {
		prefix = prefix && o.text == a.ops[i].text
	}
	if prefix || len(ops) != 1 || !ops[0].safe {
		return prefix
	}
	for _, o := range a.ops {
		if o.text == ops[0].text {
			return true
		}
		if !o.safe {
			return false
		}
	}
	return false
}

// see notes that the chain keeps condition cond: the names it reads are
// no longer missing.
func (ch *ifChain) see(fg *funcGen, cond expr) {
	if !ch.drop || len(ch.missing) == 0 {
		return
	}
	read := readNames(fg.text(cond.code()))
	kept := ch.missing[:0]
	for _, name := range ch.missing {
		if !read[name] {
			kept = append(kept, name)
		}
	}
	ch.missing = kept
}

// link writes the if statement from arm i to the end of the chain, the
// arms after it being written already.
func (ch *ifChain) link(i int) {
	a := ch.arms[i]
	s := jen.If(a.cond.code()).Block(a.body.list...)
	term := false
	switch {
	case i > 0:
		s = s.Else().Add(ch.arms[i-1].stmt)
		term = ch.arms[i-1].term
	case ch.els != nil && len(ch.els.list) > 0:
		s = s.Else().Block(ch.els.list...)
		term = ch.els.term
	}
	a.stmt = s
	a.term = term && a.body.term && len(a.body.list) > 0
}

// emitChain writes the chain as the next statement of out, without its
// last arm when that may go.
func (fg *funcGen) emitChain(out *stmts, ch *ifChain) {
	if ch.drop && len(ch.missing) == 0 {
		switch {
		case len(ch.arms) > 1:
			// if a { S } else if b { T } else { T }: if a { S } else { T }.
			ch.drop = false
			ch.arms = ch.arms[1:]
			for i := range ch.arms {
				ch.link(i)
			}
		case ch.els == nil:
			return // if c {}: nothing
		case !fg.declares(ch.els.list):
			// if c { S } else { S }: S.
			if len(out.list) == 0 {
				out.chain = ch.els.chain
			}
			out.list = append(out.list, ch.els.list...)
			out.term = ch.els.term
			return
		}
	}
	if fg.mergeIf(out, ch) {
		out.run = ifRun{}
		return
	}
	if fg.switchRun(out, ch) {
		return
	}
	head := ch.arms[len(ch.arms)-1]
	first := len(out.list) == 0
	if sw := fg.switchStmt(ch); sw != nil {
		out.add(sw)
		out.run = ifRun{}
	} else {
		out.add(head.stmt)
		out.tail = ch
		out.run = out.run.extend(ch, len(out.list))
	}
	if first {
		out.chain = ch
	}
	out.term = head.term
}

// orExpr writes a || b. || is associative, so neither operand needs
// parentheses unless its operator binds less tightly than || (none does).
func orExpr(a, b expr) expr {
	return join(a, "||", precOr, b)
}

// sameCode reports whether two statement lists are the same code.
func sameCode(a, b []jen.Code) bool {
	return len(a) == len(b) && (len(a) == 0 || reflect.DeepEqual(a, b))
}

// sameCode is sameCode, not counting the comments naming the nodes of
// statements (lines.go): marking must not change the code.
func (fg *funcGen) sameCode(a, b []jen.Code) bool {
	if !fg.marking() || len(a) != len(b) || len(a) == 0 {
		return sameCode(a, b)
	}
	return unmarked(fg.text(jen.Block(a...))) == unmarked(fg.text(jen.Block(b...)))
}

// text renders code.
func (fg *funcGen) text(c jen.Code) string {
	return jen.Add(c).GoString()
}

// localNames returns the names cond reads that are local variables of
// the function being written (not its parameters): dropping cond must not
// leave one of them unused. Every identifier counts, even a selector: a
// name too many only keeps a condition.
func (fg *funcGen) localNames(cond expr) []string {
	var names []string
	scanIdents(fg.text(cond.code()), func(name string, _, _ token.Token) {
		if fg.fn.names.has(name) && !fg.fn.params[name] {
			names = append(names, name)
		}
	})
	return names
}

// readNames returns the names an expression reads: its identifiers but
// selectors (x.f), keys of composite literals and labels.
func readNames(src string) map[string]bool {
	read := map[string]bool{}
	scanIdents(src, func(name string, before, after token.Token) {
		if before != token.PERIOD && after != token.COLON {
			read[name] = true
		}
	})
	return read
}

// scanIdents calls f for each identifier of src with the tokens around it.
func scanIdents(src string, f func(name string, before, after token.Token)) {
	type tok struct {
		t   token.Token
		lit string
	}
	var toks []tok
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
	for {
		_, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, tok{t, lit})
	}
	for i, t := range toks {
		if t.t != token.IDENT {
			continue
		}
		before, after := token.ILLEGAL, token.ILLEGAL
		if i > 0 {
			before = toks[i-1].t
		}
		if i+1 < len(toks) {
			after = toks[i+1].t
		}
		f(t.lit, before, after)
	}
}

// declares reports whether statements declare a name at their top level
// (x := ..., var x T): written outside their block, the name's scope
// would change.
func (fg *funcGen) declares(list []jen.Code) bool {
	src := "package p\n\nfunc _() " + fg.text(jen.Block(list...))
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		return true // cannot tell: keep the block
	}
	for _, st := range f.Decls[0].(*ast.FuncDecl).Body.List {
		switch st := st.(type) {
		case *ast.DeclStmt:
			return true
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				return true
			}
		}
	}
	return false
}
