package gogen

import (
	"slices"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes statements: the nodes the schedule places in a block,
// in its order, except those written inline at their use.

// stmts is a statement list being written.
type stmts struct {
	list  []jen.Code
	term  bool     // ends in a terminating statement (return, panic, for {})
	chain *ifChain // the first statement is this if, which can grow (chain.go)
	tail  *ifChain // the last statement may be this if, which can grow (mergeif.go)
	run   ifRun    // the last statements are ifs that end in a return (switchrun.go)
	brk   bool     // it is one break, leaving a loop written with exits (exitloop.go)
	// guards are the conditions under which a loop written with exits
	// goes on past each of the guards (if c { break }) its first
	// statements are (exitloop.go).
	guards []expr

	// runs, if not nil, takes the definitions of raw expressions as text
	// (runs.go): textRun is the index of the last run, runStmt its
	// placeholder statement.
	runs    *fileGen
	textRun int
	runStmt jen.Code
}

func (l *stmts) add(c jen.Code) {
	if len(l.list) == 0 {
		l.chain = nil
	}
	l.list = append(l.list, c)
}

// destKind says where the result of a block goes.
type destKind uint8

const (
	destNone    destKind = iota // nowhere: the block runs for its effects
	destReturn                  // returned: the block is a function body
	destAssign                  // assigned to names ("_" for unused results)
	destDeclare                 // a conditional's own result: declared, then assigned
	destExit                    // a loop's exit code: break, or go round again (exitloop.go)
	destCond                    // read by the caller itself: a loop's condition, tested after its statements
)

type dest struct {
	kind  destKind
	names []string
	top   bool      // destReturn from the specialization's own body: results are packed (sig.go)
	exit  *exitLoop // destExit: the loop
	// destAssign: the branches of a conditional whose label returns in
	// place (threadret.go).
	thread *threadView
}

// block writes the statements of b and sends its result to d.
func (fg *funcGen) block(b *ir.Block, d dest) *stmts {
	if d.kind == destReturn {
		fg.planReturns(b, d.top) // a branch that returns: its loops may return from their exits
	}
	fr := fg.enter(b)
	out, done := fg.nodes(fr, d)
	if !out.term && !done {
		from := len(out.list)
		if d.kind == destExit {
			d.exit.leaf = b
		}
		fg.open = append(fg.open, openBlock{b, len(fr.nodes)})
		fg.result(out, b.Res, d)
		fg.open = fg.open[:len(fg.open)-1]
		if b.Res.IsSym() {
			fg.markFrom(out, from, fg.g.Def(b.Res.Sym()))
		}
	}
	fg.leave(fr, out.term)
	return out
}

// nodes writes the statements of the nodes of fr. A conditional that
// computes the block's result as its last statement sends its branches'
// results straight to d (if c { return a }; return b), and nodes reports
// that the result has been sent.
func (fg *funcGen) nodes(fr *frame, d dest) (out *stmts, resultSent bool) {
	last, count := -1, 0
	for i, n := range fr.nodes {
		if !fg.skip(n) {
			last = i
			count++
		}
	}
	// About a statement per node not skipped: a long list is not grown
	// by doubling (a body of 10^5 statements).
	out = &stmts{}
	if fg.joins(fr) {
		out.runs = fg.file
	}
	if count > 1 {
		out.list = make([]jen.Code, 0, count+1)
	}
	var done []*ir.Node            // statements already written
	from, at := 0, (*ir.Node)(nil) // the statements of the last node, to mark (lines.go)
	var thread *threadRet          // the returns of a label written in place (threadret.go)
	parEnd := -1                   // the last node of a parallel assignment written (parassign.go)
	fg.open = append(fg.open, openBlock{b: fr.b})
	top := len(fg.open) - 1
	fg.planDispatch(fr, d)
	defer func() {
		fg.markFrom(out, from, at)
		fg.open = fg.open[:top]
	}()
	for i, n := range fr.nodes {
		fg.open[top].at = i
		fg.markFrom(out, from, at)
		from, at = len(out.list), n
		if out.term {
			break // unreachable: vet would flag it
		}
		if fg.skip(n) || slices.Contains(done, n) || i <= parEnd {
			continue
		}
		fg.vzero(out, fr, n)
		if thread != nil && n == thread.d {
			// The rest of the body, after the returns written in place.
			rest := fg.block(thread.rest, d)
			out.list = append(out.list, rest.list...)
			out.term = rest.term
			resultSent = true
			continue
		}
		if n.Op == ir.OpIf && i == last && d.kind == destReturn && d.thread == nil && len(fg.tailRets) > 0 && fg.givesResult(fr.b, n) {
			if b, ok := fg.tailChoice(n); ok {
				// After a loop whose breaks choose b (exittail.go).
				fg.consumeTest(n.Args[0])
				rest := fg.block(b, d)
				out.list = append(out.list, rest.list...)
				out.term = rest.term
				resultSent = true
				continue
			}
		}
		if n.Op == ir.OpIf && d.kind == destReturn {
			if t := fg.planThread(fr, i, last, n, d); t != nil {
				fg.threadIf(out, t)
				thread = t
				continue
			}
		}
		if n.Op == ir.OpIf && i == last && d.thread != nil && fg.threadInner(out, n, fr.b, d) {
			resultSent = true
			continue
		}
		if fg.vecStmt(out, n) {
			continue
		}
		if n == fg.post {
			post := &stmts{}
			fg.stmt(post, n)
			fg.postCode = post.list[0]
			continue
		}
		if (n.Op == ir.OpVarGet || n.Op == ir.OpSliceGet) && fg.simd == nil {
			if end := fg.parallelRun(out, fr, i); end >= 0 {
				parEnd = end
				continue
			}
		}
		if n.Op == ir.OpSliceNew && fg.simd == nil {
			if end, sent := fg.sliceLit(out, fr, i, last, d); end >= 0 {
				parEnd = end
				resultSent = resultSent || sent
				continue
			}
		}
		if n.Op == ir.OpVarNew {
			if w, post := fg.forLoop(fr, i); w != nil {
				// Declared by the for clause of w.
				fr.loops = append(fr.loops, forLoop{v: n, w: w, post: post})
				continue
			}
		}
		if p := fg.exitDisp[n.Sym]; p != nil && n.Op == ir.OpWhile && d.kind == destExit {
			fg.dispatchStmt(out, fr, n, p)
			done = append(done, p.d)
			resultSent = true
			continue
		}
		if n.Op == ir.OpWhile {
			if l, ok := fr.loop(n); ok {
				fg.forStmt(out, l.v, n, l.post)
				continue
			}
		}
		if n.Op == ir.OpIf && i == last && d.kind != destCond && d.thread == nil && (fr.b.Res == n.Sym.E() || d.kind == destExit && n.Sym == d.exit.code) && fg.uses[n.Sym] == 1 && fg.projs[n.Sym] == nil {
			fg.ifStmt(out, n, d)
			resultSent = true
			continue
		}
		if n.Op == ir.OpIf && i == last && d.kind == destReturn && d.thread == nil && fg.returnsAll(fr, n) {
			// return a, b of a conditional's results: each branch returns its own.
			fg.ifStmt(out, n, d)
			resultSent = true
			continue
		}
		if n.Op == ir.OpIf && i == last && d.kind == destAssign && d.thread == nil {
			if names, rest, ok := fg.spreadResult(fr, n, d); ok {
				// The block's results are the conditional's and
				// constants: the conditional assigns its own.
				fg.ifStmt(out, n, dest{kind: destAssign, names: names})
				out.list = append(out.list, rest...)
				resultSent = true
				continue
			}
		}
		if n.Op == ir.OpIf {
			if names, sets := fg.varSets(fr, i, n, done); sets != nil {
				// v, w = if c {a, b} else {...}: assign v and w in the branches.
				fg.ifStmt(out, n, dest{kind: destAssign, names: names})
				done = append(done, sets...)
				continue
			}
		}
		if n.Op == ir.OpIf && (fg.minMaxInto(fr, i, n) || fg.minMaxAtUse(fr, i, n)) {
			continue // written as an operand of a later min or max, or of the next statement
		}
		fg.stmt(out, n)
	}
	return out, resultSent
}

// returnsAll reports whether the result of the block of fr is the tuple
// of the results of its last statement n, a conditional, in order, each
// used only there: return x9, x10 after if c { x9, x10 = 0, ErrNeg } else
// { x9, x10 = f(x), nil } is written as the returns of the branches.
func (fg *funcGen) returnsAll(fr *frame, n *ir.Node) bool {
	res := fr.b.Res
	if !res.IsSym() || fg.uses[res.Sym()] != 1 {
		return false
	}
	t := fg.g.Def(res.Sym())
	if t == nil || t.Op != ir.OpTuple {
		return false
	}
	outs := fg.resultSyms(n)
	if len(outs) != len(t.Args) {
		return false
	}
	for k, a := range t.Args {
		if !a.IsSym() || a.Sym() != outs[k] || fg.uses[a.Sym()] != 1 {
			return false
		}
	}
	return true
}

// spreadResult recognizes a block, sent to variables, whose result is a
// tuple of the results of its last statement n, a conditional, each used
// once, and of constants (as in n, run = x, 0 where x is a conditional's
// result). It returns the names n's results go to and the assignments of
// the constants, written after n.
func (fg *funcGen) spreadResult(fr *frame, n *ir.Node, d dest) ([]string, []jen.Code, bool) {
	res := fr.b.Res
	if !res.IsSym() || fg.uses[res.Sym()] != 1 {
		return nil, nil, false
	}
	t := fg.g.Def(res.Sym())
	if t == nil || t.Op != ir.OpTuple || len(t.Args) != len(d.names) {
		return nil, nil, false
	}
	outs := fg.resultSyms(n)
	if outs == nil {
		return nil, nil, false
	}
	names := make([]string, len(outs))
	var rest []jen.Code
	for p, a := range t.Args {
		if a.IsConst() {
			if d.names[p] != "_" {
				rest = append(rest, jen.Id(d.names[p]).Op("=").Add(fg.ref(a, ctxConverted).code()))
			}
			continue
		}
		k := slices.Index(outs, a.Sym())
		if k < 0 || names[k] != "" || fg.uses[a.Sym()] != 1 {
			return nil, nil, false
		}
		names[k] = d.names[p]
	}
	for k := range names {
		if names[k] == "" {
			if outs[k] != 0 {
				return nil, nil, false // a result used elsewhere
			}
			names[k] = "_"
		}
	}
	fg.consumed[t.Sym] = true
	return names, rest, true
}

// resultSyms returns the values of the results of n: n itself, or the
// projections of a multi-result n (0 for a result nobody uses); nil when
// n's value is also used whole, which the callers cannot rewrite.
func (fg *funcGen) resultSyms(n *ir.Node) []ir.Sym {
	if !fg.isTuple(n.Sym) {
		return []ir.Sym{n.Sym}
	}
	if fg.uses[n.Sym] != 0 {
		return nil
	}
	return fg.projs[n.Sym]
}

// nextStmt returns the first node after index i of fr that is written as
// a statement, or nil.
func (fg *funcGen) nextStmt(fr *frame, i int) *ir.Node {
	for _, n := range fr.nodes[i+1:] {
		if !fg.skip(n) {
			return n
		}
	}
	return nil
}

// skip reports whether n is written somewhere other than at its place in
// the block: inline at its use, as the variable it reads, at package
// level, or not at all (as a loop bound written len(t), bounds.go).
func (fg *funcGen) skip(n *ir.Node) bool {
	if fg.packed(n) {
		return fg.skipLane(n) // a pack is written at its anchor
	}
	return fg.inl[n.Sym] == fg.frame || fg.forwarded[n.Sym] || fg.silent(n) || fg.unwritten[n.Sym] ||
		fg.boundGone != nil && fg.boundGone[n.Sym]
}

// result sends a block's result to d.
func (fg *funcGen) result(out *stmts, res ir.Exp, d dest) {
	switch d.kind {
	case destExit:
		if fg.dispatchExit(out, d.exit, res) {
			return
		}
		if fg.nested(d.exit) {
			// An arm of a dispatch written in an inner loop's exit.
			if constInt(res.Const()) != d.exit.cont {
				if r := d.exit.ret; r != nil {
					if l, ok := r.leafs[d.exit.leaf]; ok && (!r.hasBr || l.code != r.brk) {
						fg.exitReturnStmt(out, r, l.code, &l)
						return
					}
				}
				out.add(jen.Break().Id(fg.exitLabel(d.exit)))
				d.exit.breaks++
			} else {
				out.add(jen.Continue().Id(fg.exitLabel(d.exit)))
			}
			out.term = true // nothing after it runs: no else after it
			return
		}
		if constInt(res.Const()) != d.exit.cont {
			if r := d.exit.ret; r != nil {
				if l, ok := r.leafs[d.exit.leaf]; ok && (!r.hasBr || l.code != r.brk) {
					fg.exitReturnStmt(out, r, l.code, &l)
					return
				}
			}
			out.add(jen.Break())
			out.brk = len(out.list) == 1
			d.exit.breaks++
		}
	case destNone:
		fg.discard(out, res)
	case destReturn:
		if vals := fg.values(res); len(vals) > 0 {
			if d.top && fg.results != nil {
				vals = fg.pack(out, vals)
			}
			out.add(jen.Return(vals...))
			out.term = true
		}
	case destAssign:
		if d.thread != nil && fg.threadResult(out, res, d) {
			return
		}
		if fg.assignOne(out, res, d) {
			return
		}
		dead := fg.deadSlots(res, d.names)
		vals := fg.values(res)
		if len(vals) == 0 {
			return
		}
		// Leave out r = r, where the branch keeps the value the variable
		// has, and _ = v where v does nothing (deadslot.go).
		var lhs, rhs []jen.Code
		for i, name := range d.names {
			if len(vals) == len(d.names) {
				if dead != nil && dead[i] {
					continue
				}
				if st, ok := vals[i].(*jen.Statement); ok && st.GoString() == name {
					continue
				}
				rhs = append(rhs, vals[i])
			}
			lhs = append(lhs, jen.Id(name))
		}
		if len(vals) != len(d.names) {
			rhs = vals // one call with several results
		}
		if len(lhs) == 0 {
			return
		}
		out.add(jen.List(lhs...).Op("=").List(rhs...))
	default:
		panic("BUG: gogen: block result to a declaration or a loop condition")
	}
}

// discard writes what a block result sent nowhere still needs: the
// evaluation of a value that has an effect or may panic (an append that
// stores into the caller's array, an index), as a statement, and a use of
// a local whose last use it is (Go rejects a variable nobody reads: the
// result of a conditional whose own result is unused, rpg seed 5571
// F78a). A value that does nothing is left out.
func (fg *funcGen) discard(out *stmts, res ir.Exp) {
	if res.IsConst() || fg.isGlobal(res.Sym()) {
		return
	}
	s := res.Sym()
	if fg.isTuple(s) {
		n := fg.inlineNode(s)
		if n == nil {
			n = fg.g.Def(s)
		}
		switch {
		case n != nil && n.Op == ir.OpTuple:
			fg.consumed[n.Sym] = true // a tuple node is never a statement
			for _, e := range n.Args {
				fg.discard(out, e)
			}
		case fg.inlineNode(s) != nil && !pureNode(n):
			fg.evaluate(out, n)
		}
		return
	}
	if fg.dropValue(res) {
		return
	}
	if n := fg.inlineNode(s); n != nil {
		fg.evaluate(out, n)
		return
	}
	out.add(jen.Id("_").Op("=").Add(fg.ref(res, ctxConverted).code()))
}

// evaluate writes n as a statement whose value is unused (an inline
// node is then written).
func (fg *funcGen) evaluate(out *stmts, n *ir.Node) {
	fg.consumed[n.Sym] = true
	if callLike(n.Op) {
		out.add(fg.nodeExpr(n).code())
	} else {
		out.add(jen.Id("_").Op("=").Add(fg.nodeExpr(n).code()))
	}
}

// assignOne writes a block result sent to variables when all but one of
// them keep their value: v = v + 1 is then v++, as any assignment.
func (fg *funcGen) assignOne(out *stmts, res ir.Exp, d dest) bool {
	elems := []ir.Exp{res}
	var tuple *ir.Node
	if fg.g.TypeOf(res).Kind == ir.KTuple {
		if tuple = fg.inlineNode(res.Sym()); tuple == nil {
			tuple = fg.g.Def(res.Sym()) // a tuple node is never a statement
		}
		if tuple == nil || tuple.Op != ir.OpTuple {
			return false
		}
		elems = tuple.Args
	}
	if len(elems) != len(d.names) {
		return false
	}
	isVar := func(name string) func(*ir.Node) bool {
		return func(m *ir.Node) bool { return m.Op == ir.OpVarGet && fg.name(m.Args[0].Sym()) == name }
	}
	one := -1
	for i, e := range elems {
		if d.names[i] == "_" || !fg.readsLHS(e, isVar(d.names[i])) {
			if one >= 0 {
				return false
			}
			one = i
		}
	}
	if tuple != nil {
		fg.consumed[tuple.Sym] = true
	}
	for i, e := range elems {
		if i != one {
			fg.ref(e, ctxConverted) // the variable itself
		}
	}
	if one >= 0 {
		if d.names[one] == "_" && fg.dropValue(elems[one]) {
			fg.ref(elems[one], ctxConverted) // a dead slot: written nowhere
			return true
		}
		fg.assign(out, jen.Id(d.names[one]), elems[one], isVar(d.names[one]))
	}
	return true
}

// values writes the values of a block result: none for no result, one
// expression, or the results of a multi-result value (a list of
// expressions, one call, or the names its results were bound to).
func (fg *funcGen) values(res ir.Exp) []jen.Code {
	t := fg.g.TypeOf(res)
	switch {
	case t.Kind == ir.KVoid:
		return nil
	case t.Kind != ir.KTuple:
		return []jen.Code{fg.ref(res, ctxConverted).code()}
	}
	s := res.Sym()
	if n := fg.inlineNode(s); n != nil {
		fg.consumed[s] = true
		if n.Op == ir.OpTuple {
			return fg.refs(n.Args, ctxConverted)
		}
		return []jen.Code{fg.nodeExpr(n).code()}
	}
	if n := fg.g.Def(s); n != nil && n.Op == ir.OpTuple {
		return fg.refs(n.Args, ctxConverted)
	}
	names := fg.elems[s]
	if names == nil {
		panic("BUG: gogen: results of " + s.String() + " used before they are named")
	}
	vals := make([]jen.Code, len(names))
	for i, name := range names {
		vals[i] = jen.Id(name)
	}
	return vals
}

// resultNames names the results of a multi-result value s (or the single
// result of a conditional): the names of its projections, synthesized
// names when s itself is used (returned or assigned whole), "_" for
// results nobody uses.
func (fg *funcGen) resultNames(s ir.Sym) []string {
	if !fg.isTuple(s) {
		return []string{fg.name(s)}
	}
	n := len(fg.g.TypeOf(s.E()).Elems)
	names := make([]string, n)
	ps := fg.projs[s]
	for i := range names {
		switch {
		case ps != nil && ps[i] != 0 && fg.uses[ps[i]] > 0:
			names[i] = fg.name(ps[i])
		case fg.uses[s] > 0:
			names[i] = fg.fn.names.fresh(fg.baseName(s) + "_" + strconv.Itoa(i))
		default:
			names[i] = "_"
		}
	}
	fg.elems[s] = names
	return names
}

// stmt writes the statement of n.
func (fg *funcGen) stmt(out *stmts, n *ir.Node) {
	defer fg.writing(n)()
	if fg.vecStmt(out, n) {
		return
	}
	a := n.Args
	switch n.Op {
	case ir.OpIf:
		d := dest{kind: destDeclare}
		if n.Type == ir.Void || fg.uses[n.Sym] == 0 && fg.projs[n.Sym] == nil {
			d.kind = destNone
		}
		fg.ifStmt(out, n, d)
	case ir.OpWhile:
		fg.whileStmt(out, n)
	case ir.OpLambda:
		lit := fg.funcLit(n)
		op := ":="
		if _, ok := fg.fwdOf[n.Sym]; ok {
			op = "=" // declared by its forward declaration
		}
		out.add(jen.Id(fg.nameOf(n.Sym)).Op(op).Add(lit))
	case ir.OpForward:
		out.add(jen.Var().Id(fg.nameOf(n.Sym)).Add(goType(n.Type)))
	case ir.OpVarNew:
		fg.varDecl(out, n)
	case ir.OpVarSet:
		fg.assign(out, jen.Id(fg.name(a[0].Sym())), a[1], func(m *ir.Node) bool {
			// The variable itself, or one written under its name
			// (shadowVar): s = s is left out.
			return m.Op == ir.OpVarGet && (m.Args[0] == a[0] || fg.names[m.Args[0].Sym()] != "" && fg.names[m.Args[0].Sym()] == fg.names[a[0].Sym()])
		})
	case ir.OpSliceSet:
		base := fg.ref(a[0], ctxConverted).at(precPrimary)
		lhs := jen.Add(base).Index(fg.bound(a[1], badIndexConst(a[1])).code())
		fg.assign(out, lhs, a[2], func(m *ir.Node) bool {
			return m.Op == ir.OpSliceGet && fg.sameSlice(m.Args[0], a[0]) && sameIndex(m.Args[1], a[1])
		})
	case ir.OpFieldSet:
		fg.fieldSet(out, n)
	case ir.OpPrintf, ir.OpPrint, ir.OpPrintln, ir.OpEprint, ir.OpEprintln:
		out.add(fg.print(n))
	case ir.OpPanic:
		out.add(jen.Panic(fg.ref(a[0], ctxTyped).code()))
		out.term = true
	case ir.OpStatic:
		// A table the code writes is copied, so that no call sees the
		// writes of another.
		out.add(jen.Id(fg.name(n.Sym)).Op(":=").Qual("slices", "Clone").Call(jen.Id(fg.tables[n.Sym]).Index(jen.Op(":"))))
	case ir.OpCall:
		if !fg.deferStmt(out, n) && !fg.fieldStmt(out, n) {
			fg.valueStmt(out, n)
		}
	default:
		fg.valueStmt(out, n)
	}
}

// valueStmt binds the value of an expression node to a name, or evaluates
// it for its effect when nobody uses it.
func (fg *funcGen) valueStmt(out *stmts, n *ir.Node) {
	if fg.isTuple(n.Sym) {
		names := fg.resultNames(n.Sym)
		lhs := make([]jen.Code, len(names))
		used := false
		for i, name := range names {
			lhs[i] = jen.Id(name)
			used = used || name != "_"
		}
		if used {
			out.add(jen.List(lhs...).Op(":=").Add(fg.nodeExpr(n).code()))
			return
		}
	} else if fg.uses[n.Sym] > 0 {
		out.define(fg.name(n.Sym), fg.nodeExpr(n))
		return
	}
	fg.evaluate(out, n)
}

// define appends name := e to l: as text in a run if l takes runs and e
// is raw (runs.go).
func (l *stmts) define(name string, e expr) {
	if l.runs != nil && e.isRaw() {
		l.line(l.runs, name, " := ", e)
		return
	}
	l.add(define(name, e))
}

// define writes name := e, as one token when e is raw.
func define(name string, e expr) *jen.Statement {
	if e.isRaw() {
		return jen.Id(e.textAfter(name, " := "))
	}
	return jen.Id(name).Op(":=").Add(e.js)
}

// varDecl declares a staged variable: i := 0, var acc int8, s := x3.
func (fg *funcGen) varDecl(out *stmts, n *ir.Node) {
	init := n.Args[0]
	if p, ok := fg.paramVar(n); ok {
		// The parameter itself is the variable: a, b = b, a%b on the
		// parameters, as one writes by hand, not a1 := a.
		fg.names[n.Sym] = fg.names[p]
		return
	}
	if v, ok := fg.shadowVar(n); ok {
		// s1 := s; for ... { s1 += x }; s = s1 is s's own loop.
		fg.names[n.Sym] = fg.names[v]
		if fg.inlineNode(init.Sym()) != nil {
			fg.consumed[init.Sym()] = true
		}
		return
	}
	if p, ok := fg.heldVar(n); ok {
		// m := xs[0]; for ... { m = x }, not m1 := m.
		fg.names[n.Sym] = fg.names[p]
		return
	}
	name := fg.name(n.Sym)
	if c := init.Const(); c != nil && (opaqueZero(c) || !isDefaultType(c.Type) && isZeroValue(c)) {
		out.add(jen.Var().Id(name).Add(goType(c.Type)))
	} else if m := fg.defInline(init); m != nil && m.Op == ir.OpSliceNil {
		// var b []byte, not b := []byte(nil).
		fg.consumed[m.Sym] = true
		out.add(jen.Var().Id(name).Add(goType(m.Type)))
	} else {
		out.define(name, fg.ref(init, ctxTyped))
	}
	if fg.varReads[n.Sym] == 0 {
		out.add(jen.Id("_").Op("=").Id(name)) // written but never read
	}
}

// paramVar returns the parameter (or unpacked parameter leaf) whose
// value starts the variable n when the variable can be that parameter
// itself: n is declared once, in the function's body outside any loop or
// branch, nothing else reads the parameter, and the staging code named
// the variable as the parameter (it assigned the parameter) or not at all.
func (fg *funcGen) paramVar(n *ir.Node) (ir.Sym, bool) {
	init := n.Args[0]
	if !init.IsSym() || fg.names[n.Sym] != "" || fg.varReads[n.Sym] == 0 || fg.frame != fg.rootFrame {
		return 0, false
	}
	p := init.Sym()
	if fg.uses[p] != 1 || fg.names[p] == "" || !slices.Contains(fg.g.Block.In, p) || fg.g.TypeOf(init) != n.Type {
		return 0, false
	}
	if v := fg.baseName(n.Sym); v != fg.baseName(p) && v != "x"+strconv.Itoa(int(n.Sym)) {
		return 0, false // n := start keeps the user's name
	}
	return p, true
}

// shadowVar returns the variable v whose value starts the variable n
// (n := v, the read written inline) when n can be v itself: n's block
// later sets v to n's value (v = n), nothing between reads or writes v,
// and nothing after reads n. The staging code's inner loops leave that
// shape: s1 := s; for ... { s1 += x }; s = s1 is for ... { s += x }.
func (fg *funcGen) shadowVar(n *ir.Node) (ir.Sym, bool) {
	init := n.Args[0]
	if !init.IsSym() || fg.names[n.Sym] != "" || fg.varReads[n.Sym] == 0 || fg.dup[n.Sym] {
		return 0, false
	}
	g := fg.g.Def(init.Sym())
	if g == nil || g.Op != ir.OpVarGet || fg.dup[g.Sym] || fg.uses[g.Sym] != 1 || fg.inlineNode(g.Sym) == nil && !fg.forwarded[g.Sym] {
		return 0, false
	}
	v := g.Args[0].Sym()
	if fg.names[v] == "" || fg.names[v] == "_" || fg.g.TypeOf(g.Args[0]) != n.Type {
		return 0, false
	}
	if b := fg.baseName(n.Sym); b != fg.baseName(v) && b != "x"+strconv.Itoa(int(n.Sym)) {
		return 0, false
	}
	b := fg.place[n.Sym].b
	if b == nil {
		return 0, false
	}
	a := fg.plans[b].pos[fg.place[n.Sym].j]
	// The set v = n, in n's block.
	z := int32(-1)
	for _, u := range fg.varOps[v] {
		if u.Op != ir.OpVarSet || fg.place[u.Sym].b != b || fg.dup[u.Sym] {
			continue
		}
		if x := fg.defOf(u.Args[1]); x != nil && x.Op == ir.OpVarGet && x.Args[0] == n.Sym.E() {
			if q := fg.plans[b].pos[fg.place[u.Sym].j]; q > a && (z < 0 || q < z) {
				z = q
			}
		}
	}
	if z < 0 {
		return 0, false
	}
	// Where a node is evaluated in b: its position, or its enclosing
	// statement's; -1 outside b; -2 not known (in a function literal,
	// which may run at any time, or duplicated): as if in the way.
	at := func(s ir.Sym) int32 {
		for {
			pl := fg.place[s]
			if pl.b == nil || fg.dup[s] {
				return -2
			}
			if pl.b == b {
				return fg.plans[b].pos[pl.j]
			}
			o := fg.owner[pl.b]
			if o == nil {
				return -1 // the function's body, outside b
			}
			if o.Op == ir.OpLambda {
				return -2
			}
			s = o.Sym
		}
	}
	for _, u := range fg.varOps[v] {
		if u == g {
			continue
		}
		q := at(u.Sym)
		if q == -2 || q > a && q < z {
			return 0, false
		}
		if q == z && !(u.Op == ir.OpVarSet && fg.place[u.Sym].b == b) {
			return 0, false
		}
	}
	for _, u := range fg.varOps[n.Sym] {
		if q := at(u.Sym); q <= a || q > z {
			return 0, false
		}
	}
	return v, true
}

// heldVar returns the value, held in a local variable of the generated
// code, whose value starts the variable n when n can be that variable
// itself: the value is a statement of n's block (declared name := ... or
// a conditional's result), n's initialization is its only use, it has
// n's type and n's source name (or n has none). The value is not a read
// of another variable (two staged variables would share a name). Being
// declared in the same block, the two are declared as often (in a loop's
// body, anew at each iteration).
func (fg *funcGen) heldVar(n *ir.Node) (ir.Sym, bool) {
	init := n.Args[0]
	if !init.IsSym() || fg.names[n.Sym] != "" || fg.varReads[n.Sym] == 0 {
		return 0, false
	}
	p := init.Sym()
	if fg.uses[p] != 1 || !fg.takesVar(n, p, true) {
		return 0, false
	}
	return p, true
}

// takesVar reports whether the value p, a statement of n's block (or,
// with proj, a conditional's result declared there), can lend its local
// variable to n: it has n's type and source name (or n has none), it is
// a name of its own (not inline, not a read of another variable, not
// placed twice), so that writing n as p's name declares nothing twice
// and shares no variable (heldVar, control.go's keptValue).
func (fg *funcGen) takesVar(n *ir.Node, p ir.Sym, proj bool) bool {
	d := fg.g.Def(p)
	if d == nil || fg.names[p] == "" || fg.names[p] == "_" || fg.g.TypeOf(p.E()) != n.Type ||
		fg.forwarded[p] || fg.dup[p] || fg.dup[n.Sym] || fg.inlineNode(p) != nil || fg.silent(d) && (!proj || d.Op != ir.OpProj) {
		return false
	}
	switch d.Op {
	case ir.OpVarGet, ir.OpVarNew, ir.OpLambda, ir.OpForward, ir.OpStatic:
		return false
	case ir.OpProj:
		if !proj || !d.Args[0].IsSym() {
			return false
		}
	}
	if _, ok := fg.minArgs[p]; ok {
		return false
	}
	decl := p
	if d.Op == ir.OpProj {
		decl = d.Args[0].Sym()
	}
	if fg.place[decl].b == nil || fg.place[decl].b != fg.place[n.Sym].b {
		return false
	}
	v := fg.baseName(n.Sym)
	return v == fg.baseName(p) || v == "x"+strconv.Itoa(int(n.Sym))
}

// isZeroValue reports whether c is the zero value of its type (+0 for
// floats: -0 is not).
func isZeroValue(c *ir.Const) bool {
	switch v := c.Val.(type) {
	case float64, float32, complex128, complex64:
		return isZeroConst(c) && !isSpecialConst(v)
	case bool:
		return !v
	case string:
		return v == ""
	}
	return c.Type.IsInteger() && constUint(c) == 0
}

func isSpecialConst(v any) bool {
	switch v := v.(type) {
	case float64:
		return isSpecial(v)
	case float32:
		return isSpecial(float64(v))
	case complex128:
		return isSpecial(real(v)) || isSpecial(imag(v))
	case complex64:
		return isSpecial(float64(real(v))) || isSpecial(float64(imag(v)))
	}
	return false
}

// assign writes lhs = x, as lhs op= y when x is lhs op y (isLHS tells
// whether a node reads lhs), and as lhs++ or lhs-- when y is 1.
func (fg *funcGen) assign(out *stmts, lhs *jen.Statement, x ir.Exp, isLHS func(*ir.Node) bool) {
	if fg.readsLHS(x, isLHS) {
		// v = v: vet flags it, and it does nothing; s[i] = s[i] may
		// still panic.
		e := fg.ref(x, ctxConverted)
		if fg.g.Def(x.Sym()).Op == ir.OpSliceGet {
			out.add(jen.Id("_").Op("=").Add(e.code()))
		}
		return
	}
	if x.IsSym() {
		if m := fg.inlineNode(x.Sym()); m != nil && len(m.Args) == 2 && compoundOp(m, fg.g.TypeOf(m.Args[0])) {
			l, r := m.Args[0], m.Args[1]
			if !fg.readsLHS(l, isLHS) && m.Op.Info().Commutative && m.Type.Kind != ir.KString && fg.readsLHS(r, isLHS) {
				l, r = r, l
			}
			if fg.readsLHS(l, isLHS) {
				fg.consumed[m.Sym] = true
				if step := incDec(m.Op, r); step != "" {
					fg.ref(l, ctxConverted) // the variable itself
					out.add(jen.Add(lhs).Op(step))
					return
				}
				k := *m
				k.Args = []ir.Exp{l, r}
				_, op, _, re := fg.binaryParts(&k) // the left operand is lhs
				out.add(jen.Add(lhs).Op(op + "=").Add(re.code()))
				return
			}
		}
	}
	out.add(jen.Add(lhs).Op("=").Add(fg.ref(x, ctxConverted).code()))
}

// sameSlice reports whether slices x and y are one value written alike:
// the same expression, or two reads of one variable both written in
// place (in the statement being written, so no write comes between
// them: xs[0] = xs[0] from two reads of xs, rpg seed 6424 F63a).
func (fg *funcGen) sameSlice(x, y ir.Exp) bool {
	if x == y {
		return true
	}
	if !x.IsSym() || !y.IsSym() {
		return false
	}
	// In place in this block, written already (consumed) or not.
	inPlace := func(s ir.Sym) bool { return fg.frame != 0 && fg.inl[s] == fg.frame }
	if !inPlace(x.Sym()) || !inPlace(y.Sym()) {
		return false
	}
	dx, dy := fg.g.Def(x.Sym()), fg.g.Def(y.Sym())
	return dx.Op == ir.OpVarGet && dy.Op == ir.OpVarGet && dx.Args[0] == dy.Args[0]
}

// sameIndex reports whether indexes i and j are written alike and have
// one value: the same expression, or constants of one value whatever
// their types (xs[int(1)] = xs[uint8(1)] is xs[1] = xs[1]; rpg seed 5301).
func sameIndex(i, j ir.Exp) bool {
	if i == j {
		return true
	}
	ci, cj := i.Const(), j.Const()
	return ci != nil && cj != nil && !badIndexConst(i) && !badIndexConst(j) && intLit(ci) == intLit(cj)
}

func (fg *funcGen) readsLHS(e ir.Exp, isLHS func(*ir.Node) bool) bool {
	if !e.IsSym() {
		return false
	}
	n := fg.inlineNode(e.Sym())
	if n == nil && fg.forwarded[e.Sym()] {
		n = fg.g.Def(e.Sym())
	}
	return n != nil && isLHS(n)
}

// compoundOp reports whether x = x op y can be written x op= y.
func compoundOp(m *ir.Node, t *ir.Type) bool {
	if t.Kind == ir.KBool {
		return false
	}
	switch m.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr,
		ir.OpXor, ir.OpAndNot, ir.OpShl, ir.OpShr, ir.OpConcat:
		return true
	}
	return false
}

// incDec returns "++" or "--" if x op y adds or subtracts an integer 1.
func incDec(op ir.Op, y ir.Exp) string {
	c := y.Const()
	if c == nil || op != ir.OpAdd && op != ir.OpSub {
		return ""
	}
	up := op == ir.OpAdd
	var f float64 // x++ is x += 1 for a float too (the spec's IncDec)
	switch v := c.Val.(type) {
	case float64:
		f = v
	case float32:
		f = float64(v)
	}
	switch {
	case !c.Type.IsInteger() && f == 1:
	case !c.Type.IsInteger() && f == -1:
		up = !up
	case !c.Type.IsInteger():
		return ""
	case constUint(c) == 1:
	case !c.Type.IsUnsigned() && constInt(c) == -1:
		up = !up
	default:
		return ""
	}
	if up {
		return "++"
	}
	return "--"
}

// defInline returns the node of e if e is written inline in the current
// block and has not been written yet.
func (fg *funcGen) defInline(e ir.Exp) *ir.Node {
	if !e.IsSym() {
		return nil
	}
	return fg.inlineNode(e.Sym())
}
