package cgen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes C functions: the specialization itself and its lifted
// staged functions, block by block in the schedule's order, with the
// nodes the schedule inlines (and C's evaluation order allows, see
// inline.go) written at their use.

// fnGen writes one C function.
type fnGen struct {
	sg    *specGen
	fl    *fileGen
	g     *ir.Graph
	sc    *scope
	lines []string
	depth int

	capName map[ir.Sym]string   // captured symbol -> its parameter
	capPtr  map[ir.Sym]bool     // captured variables, passed by pointer
	frame   []int32             // ids of the blocks being written (see inline.go)
	id      int32               // this function, among the specialization's
	mark    string              // the line mark of the node being written (lines.go), "" for none
	at      *ir.Node            // the node being written, whose line has the source's literals (literals.go)
	exits   []*exitLoop         // the loops written with exits being written, innermost last (exitloop.go)
	rets    map[ir.Sym]*exitRet // loop -> how its exits return (exitreturn.go)
	dropped map[ir.Sym]bool     // nodes not written: the exit code variable of a loop whose exits return
	onStack map[ir.Sym]bool     // makes whose array is on the stack (free.go)
	heap    []*ir.Node          // makes freed at the end of the function and at its early returns (free.go)
	owner   *ir.Node            // the staged function written (nil: the specialization)
	locals  []*localMakes       // the makes freed at the end of the nested blocks being written, innermost last (free.go)
	freedIn map[ir.Sym]bool     // the makes of nested blocks freed there (free.go, leaks.go)
	resType string              // the function's C result type

	stackApp   map[ir.Sym]bool      // appends whose result does not escape (stackappend.go)
	claimed    map[ir.Sym]bool      // appended expressions whose first append is written (stackappend.go)
	stackOf    map[ir.Sym]*stackBuf // append -> the stack array it takes, nil for none (stackappend.go)
	stackDecls []string             // the declarations of the stack arrays, at the function's top
}

// emit writes the specialization's function and its lifted functions.
func (sg *specGen) emit() {
	captured := make([]bool, sg.g.NumSyms())
	for _, l := range sg.lams {
		for _, s := range l.caps {
			captured[s] = true
		}
	}
	sg.captured = captured
	g := sg.g
	fn := sg.newFn()
	var ps []string
	for i, s := range g.Block.In {
		base := ""
		if i < len(sg.fn.ParamNames) {
			base = cIdent(sg.fn.ParamNames[i])
		}
		name := fn.declare(s, base)
		ps = append(ps, fn.fl.ctype(g.TypeOf(s.E()))+" "+name)
		sg.params = append(sg.params, name)
	}
	fn.function(sg.cname, ps, g.TypeOf(g.Block.Res), g.Block, nil)
	for _, l := range sg.lams {
		fn := sg.newFn()
		b := l.n.Blocks[0]
		var ps []string
		for _, s := range b.In {
			ps = append(ps, fn.fl.ctype(g.TypeOf(s.E()))+" "+fn.declare(s, ""))
		}
		for _, s := range l.caps {
			name := fn.sc.fresh(sg.baseName(s, ""))
			fn.capName[s] = name
			t := fn.fl.ctype(g.TypeOf(s.E()))
			if sg.isVar(s) {
				fn.capPtr[s] = true
				t += " *"
			} else {
				t += " "
			}
			ps = append(ps, t+name)
		}
		fn.function(l.cname, ps, ir.TupleOf(l.n.Type.Results), b, l)
	}
}

func (sg *specGen) newFn() *fnGen {
	sg.fns++
	return &fnGen{sg: sg, fl: sg.fl, g: sg.g, sc: newScope(sg.fl.top),
		capName: map[ir.Sym]string{}, capPtr: map[ir.Sym]bool{}, id: sg.fns}
}

// function writes a C function with the given parameters whose body is
// the block b, and its prototype.
func (fn *fnGen) function(name string, params []string, res *ir.Type, b *ir.Block, l *lamInfo) {
	rt := fn.fl.ctype(res)
	plist := strings.Join(params, ", ")
	if plist == "" {
		plist = "void"
	}
	sig := fmt.Sprintf("%sstatic %s %s(%s)", fn.sg.cloneAttr(), rt, name, plist)
	fn.fl.protos = append(fn.fl.protos, fn.sg.cloneWrap(sig+";\n"))
	fn.depth = 1
	for _, s := range b.In {
		if fn.sg.uses[s] == 0 {
			fn.line("(void)" + fn.sg.names[s] + ";")
		}
	}
	if l == nil {
		fn.dispatch(res == ir.Void)
	}
	fn.depth = 0
	d := dest{kind: destReturn}
	if res == ir.Void {
		d.kind = destNone
	}
	var owner *ir.Node
	if l != nil {
		owner = l.n
	}
	fn.owner = owner
	freed, escaped := fn.freeable(b, owner, true)
	heap := fn.placeMakes(freed)
	fn.heap, fn.resType = heap, rt
	fn.stackAppends(b, owner)
	fn.block(b, d)
	fn.freeAtEnd(heap)
	var sb strings.Builder
	if l != nil {
		fmt.Fprintf(&sb, "/* %s is the staged function %s of %s. */\n", name, fn.sg.nodeName(l.n.Sym), fn.sg.name)
	} else {
		fmt.Fprintf(&sb, "/* %s is the specialization %s. */\n", name, fn.sg.name)
	}
	if note := fn.leakNote(b, escaped); note != "" {
		sb.WriteString(note)
	}
	sb.WriteString(sig + " {\n")
	for _, ln := range fn.stackDecls {
		sb.WriteString(ln + "\n")
	}
	for _, ln := range fn.lines {
		if ln != removed {
			sb.WriteString(ln + "\n")
		}
	}
	sb.WriteString("}\n")
	fn.fl.defs = append(fn.fl.defs, fn.sg.cloneWrap(sb.String()))
}

// nodeName names a symbol in comments: its source name, or x<N>.
func (sg *specGen) nodeName(s ir.Sym) string {
	if n := sg.g.Name(s); n != "" {
		return n
	}
	if f, ok := sg.lamFwd[s]; ok && sg.g.Name(f) != "" {
		return sg.g.Name(f)
	}
	return s.String()
}

// baseName returns the name s would like: override, its source name, or
// x<N>.
func (sg *specGen) baseName(s ir.Sym, override string) string {
	if override != "" {
		return override
	}
	if n := cIdent(sg.g.Name(s)); n != "" {
		return n
	}
	if n := cIdent(sg.held[s]); n != "" {
		return n
	}
	return "x" + strconv.Itoa(int(s))
}

// declare chooses the C name of a symbol defined in the function.
func (fn *fnGen) declare(s ir.Sym, override string) string {
	if fn.sg.names[s] == "" {
		fn.sg.names[s] = fn.sc.fresh(fn.sg.baseName(s, override))
		fn.sg.owner[s] = fn.id
	}
	return fn.sg.names[s]
}

// removed marks a line that was written and then taken back (see ifStmt);
// function leaves it out.
const removed = "\x00"

// maxIndent bounds the indentation of a line, in tabs: a block nested a
// thousand deep is not indented a thousand times.
const maxIndent = 32

// indent returns the indentation of a line at depth d.
func indent(d int) string { return strings.Repeat("\t", min(d, maxIndent)) }

// line writes a line at the current depth.
func (fn *fnGen) line(text string) {
	fn.lines = append(fn.lines, indent(fn.depth)+text+fn.mark)
}

// destKind says where a block's result goes.
type destKind uint8

const (
	destNone   destKind = iota // nowhere: the block runs for its effects
	destReturn                 // returned: a function body
	destAssign                 // assigned to lhs
	destExit                   // an exit code of the innermost loop of fn.exits: break, return or round again
)

type dest struct {
	kind destKind
	lhs  string
	live []bool // destAssign of a tuple: the components read (nil: all; tuples.go)
}

// written describes the statements a block wrote.
type written struct {
	term   bool // it ends in a statement that does not complete (return, panic)
	onlyIf bool // it is exactly one if statement (which can follow an else)
}

// block writes the statements of b, one level deeper than the current
// depth, and sends its result to d.
func (fn *fnGen) block(b *ir.Block, d dest) (w written) {
	fn.depth++
	defer func() { fn.depth-- }()
	fr := fn.enter(b)
	defer fn.leave(fr)
	if d.kind == destReturn {
		fn.planReturns(b, fr.nodes)
	}
	local := fn.localFrees(b, d)
	if local != nil {
		fn.locals = append(fn.locals, local)
		defer func() { fn.locals = fn.locals[:len(fn.locals)-1] }()
	}
	last := -1
	for i, n := range fr.nodes {
		if !fn.skip(n) {
			last = i
		}
	}
	stmts, ifs := 0, 0
	for i, n := range fr.nodes {
		if fn.skip(n) {
			continue
		}
		before := len(fn.lines)
		if i == last && n.Op == ir.OpIf && d.kind != destNone && b.Res.IsSym() && b.Res.Sym() == n.Sym &&
			fn.sg.uses[n.Sym] == 1 {
			done := fn.writing(n)
			w.term = fn.ifStmt(n, d)
			done()
			w = written{term: w.term, onlyIf: stmts == 0 && fn.wroteOneIf(before)}
			if fn.freeLocal(local, w) {
				w.onlyIf = false
			}
			return w
		}
		term := fn.stmt(n)
		if n.Op == ir.OpIf && !fn.declaresResult(n) && fn.wroteOneIf(before) {
			ifs++
		}
		if len(fn.lines) > before {
			stmts++
		}
		if term {
			return written{term: true}
		}
	}
	before := len(fn.lines)
	done := func() {}
	if b.Res.IsSym() {
		if n := fn.g.Def(b.Res.Sym()); n != nil {
			done = fn.writing(n)
		}
	}
	w.term = fn.result(b.Res, d)
	done()
	fn.freeLocal(local, w)
	if len(fn.lines) > before {
		stmts++
	}
	w.onlyIf = stmts == 1 && ifs == 1
	return w
}

// wroteIf reports whether the statement written from line k on is an if
// statement (not a switch).
func (fn *fnGen) wroteIf(k int) bool {
	return k < len(fn.lines) && strings.HasPrefix(strings.TrimLeft(fn.lines[k], "\t"), "if (")
}

// wroteOneIf reports whether the lines from k on are one if statement
// (an else-if chain included): the braces its first line opens close
// only on its last line. ifElse writes if (c) { exit } else { B } as
// if (c) { exit } B: that is two statements, and B must not become part
// of an else after an enclosing if (rpg seed 5513 F8a: the statements
// of an else branch ran after the then branch went round the loop).
// Braces are counted, not indentation, which stops at maxIndent.
func (fn *fnGen) wroteOneIf(k int) bool {
	if !fn.wroteIf(k) {
		return false
	}
	open := 0
	for i, ln := range fn.lines[k:] {
		if ln == removed {
			continue
		}
		if i > 0 && open == 0 {
			return false // a statement after the if
		}
		open += braceDelta(ln)
	}
	return true
}

// braceDelta returns how many braces line ln opens minus how many it
// closes, outside string and character literals and comments.
func braceDelta(ln string) int {
	ln, _ = ir.CutMark(ln)
	d := 0
	for i := 0; i < len(ln); i++ {
		switch c := ln[i]; c {
		case '{':
			d++
		case '}':
			d--
		case '"', '\'':
			for i++; i < len(ln) && ln[i] != c; i++ {
				if ln[i] == '\\' {
					i++
				}
			}
		case '/':
			if i+1 < len(ln) && (ln[i+1] == '/' || ln[i+1] == '*') {
				return d
			}
		}
	}
	return d
}

// skip reports whether n is written somewhere other than at its place:
// inline at its use, at file level, or not at all.
func (fn *fnGen) skip(n *ir.Node) bool {
	if fn.sg.packed(n) {
		return fn.sg.skipLane(n) // a pack is written at its anchor
	}
	if fn.isInline(n.Sym) || fn.dropped[n.Sym] || fn.sg.lenOfInput(n) {
		return true
	}
	switch n.Op {
	case ir.OpLambda, ir.OpForward:
		return true
	case ir.OpStatic:
		return !fn.sg.written[n.Sym]
	}
	return false
}

// result sends a block's result to d.
func (fn *fnGen) result(res ir.Exp, d dest) bool {
	if fn.g.TypeOf(res).Kind == ir.KVoid {
		if res.IsSym() && fn.isInline(res.Sym()) {
			fn.line(fn.ref(res).s + ";")
		}
		return false
	}
	switch d.kind {
	case destReturn:
		fn.returnEarly(fn.ref(res).s)
		return true
	case destExit:
		return fn.exitResult(res)
	case destAssign:
		if !fn.assignLive(res, d) {
			fn.line(d.lhs + " = " + fn.ref(res).s + ";")
		}
	default:
		if res.IsSym() && fn.isInline(res.Sym()) {
			fn.line("(void)" + fn.ref(res).paren() + ";")
		}
	}
	return false
}

// declaresResult reports whether the statement of the conditional n
// declares a variable for its result.
func (fn *fnGen) declaresResult(n *ir.Node) bool {
	return n.Type != ir.Void && fn.sg.uses[n.Sym] > 0
}

// stmt writes the statement of n and reports whether it does not
// complete (a panic).
func (fn *fnGen) stmt(n *ir.Node) bool {
	defer fn.writing(n)()
	defer fn.atNode(n)()
	if fn.vecStmt(n) {
		return false
	}
	sg := fn.sg
	a := n.Args
	switch n.Op {
	case ir.OpIf:
		d := dest{kind: destNone}
		if fn.declaresResult(n) {
			if e, ok := fn.minMaxExpr(n); ok {
				fn.line(fn.fl.ctype(n.Type) + " " + fn.declare(n.Sym, "") + " = " + e.s + ";")
				break
			}
			name := fn.declare(n.Sym, "")
			fn.line(fn.fl.ctype(n.Type) + " " + name + ";")
			d = dest{kind: destAssign, lhs: name, live: sg.liveComps(n)}
		}
		return fn.ifStmt(n, d)
	case ir.OpWhile:
		if x := fn.exitLoopOf(n); x != nil {
			return fn.exitStmt(n, x)
		}
		return fn.whileStmt(n)
	case ir.OpVarNew:
		name := fn.declare(n.Sym, "")
		fn.line(fmt.Sprintf("%s %s = %s;", fn.fl.ctype(n.Type), name, fn.ref(a[0]).s))
		if sg.varReads[n.Sym] == 0 && !sg.captured[n.Sym] {
			fn.line("(void)" + name + "; /* written, never read */")
		}
	case ir.OpVarSet:
		if fn.exitSet(n) {
			break
		}
		fn.line(fmt.Sprintf("%s = %s;", fn.varLvalue(a[0].Sym()), fn.ref(a[1]).s))
	case ir.OpSliceSet:
		fn.line(fn.sliceSet(n) + ";")
	case ir.OpFieldSet:
		fn.line(fn.fieldLvalue(n) + " = " + fn.ref(n.Args[2]).s + ";")
	case ir.OpPrintf, ir.OpPrint, ir.OpPrintln, ir.OpEprint, ir.OpEprintln:
		fn.line(fn.print(n) + ";")
	case ir.OpPanic:
		fn.line("lms_panic_str(" + fn.ref(a[0]).s + ");")
		return true
	case ir.OpStatic:
		// A table the code writes is copied where the graph makes it, as
		// Go's slices.Clone does (so cap() agrees too).
		tb := sg.tables[n.Sym]
		st := fn.fl.ctype(n.Type)
		src := "NULL"
		if len(tb.vals) > 0 {
			src = tb.data
		}
		fn.line(fmt.Sprintf("%s %s = %s_append_n((%s){NULL, 0, 0}, %s, %d);", st, fn.declare(n.Sym, ""), st, st, src, len(tb.vals)))
	default:
		fn.valueStmt(n)
	}
	return false
}

// valueStmt binds the value of an expression node to a name, or evaluates
// it for its effects when nobody uses it.
func (fn *fnGen) valueStmt(n *ir.Node) {
	switch {
	case n.Type == ir.Void:
		fn.line(fn.expr(n).s + ";")
	case fn.sg.uses[n.Sym] > 0:
		name := fn.declare(n.Sym, "")
		fn.line(fmt.Sprintf("%s %s = %s;", fn.fl.ctype(n.Type), name, fn.expr(n).s))
	default:
		fn.line("(void)" + fn.expr(n).paren() + ";")
	}
}

// ifStmt writes a conditional whose result goes to d. Its branches are
// written in place; an empty else is then taken back, an empty then
// turns the condition around, and an else that is one if statement
// becomes an else if (its lines move one level up).
func (fn *fnGen) ifStmt(n *ir.Node, d dest) bool {
	if d.kind == destExit {
		return fn.exitIf(n, d)
	}
	if ok, term := fn.switchStmt(n, d); ok {
		return term
	}
	if d.kind == destReturn || d.kind == destAssign && d.live == nil {
		if e, ok := fn.minMaxExpr(n); ok {
			if d.kind == destReturn {
				fn.returnEarly(e.s)
				return true
			}
			fn.line(d.lhs + " = " + e.s + ";")
			return false
		}
	}
	return fn.ifElse(n, d, false)
}

// ifElse writes conditional n in place: an empty else is taken back, an
// empty then turns the condition around, and an else that is one if
// statement becomes an else if. With exits (n is in a loop's exit code,
// its branches end in exits or in nothing), a then branch that leaves
// needs no else, and an else that leaves is written first, the
// condition turned around.
func (fn *fnGen) ifElse(n *ir.Node, d dest, exits bool) bool {
	c := fn.ref(n.Args[0])
	head := len(fn.lines)
	fn.line("if (" + c.s + ") {")
	th := fn.block(n.Blocks[0], d)
	thenEmpty := len(fn.lines) == head+1
	mid := len(fn.lines)
	fn.line("} else {")
	el := fn.block(n.Blocks[1], d)
	elseEmpty := len(fn.lines) == mid+1
	tabs := indent(fn.depth)
	switch {
	case elseEmpty:
		fn.lines[mid] = tabs + "}"
		return false
	case thenEmpty:
		fn.lines[head] = fn.remark(fn.lines[head], tabs+"if ("+c.not()+") {")
		fn.lines[mid] = removed
	case exits && th.term:
		// if (c) { exit } else { B } is if (c) { exit } B.
		fn.lines[mid] = tabs + "}"
		fn.dedent(mid + 1)
		return el.term
	case el.onlyIf:
		// The else block's lines, one level deeper, end with the closing
		// brace of its if, which closes this one.
		fn.elseIf(mid)
		return th.term && el.term
	case exits && el.term:
		// if (c) { A } else { exit } is if (!c) { exit } A.
		old := fn.lines
		out := append([]string(nil), old[:head]...)
		out = append(out, fn.remark(old[head], tabs+"if ("+c.not()+") {"))
		out = append(out, old[mid+1:]...)
		out = append(out, tabs+"}")
		for _, ln := range old[head+1 : mid] {
			out = append(out, fn.dedentLine(ln))
		}
		fn.lines = out
		return false
	}
	fn.line("}")
	return th.term && el.term && !thenEmpty
}

// whileStmt writes a loop:
//
//	while (c) { body }                               the condition is one expression
//	for (;;) { cond stmts; if (!c) break; body }     it needs statements
//	for (;;) { body }                                it is the constant true
func (fn *fnGen) whileStmt(n *ir.Node) bool {
	condB, bodyB := n.Blocks[0], n.Blocks[1]
	head := len(fn.lines)
	fn.line("for (;;) {")
	fn.depth++
	fr := fn.enter(condB)
	condTerm := false
	for _, m := range fr.nodes {
		if !fn.skip(m) && fn.stmt(m) {
			condTerm = true
			break
		}
	}
	var c cx
	if !condTerm {
		c = fn.ref(condB.Res)
	}
	fn.leave(fr)
	fn.depth--
	tabs := indent(fn.depth)
	switch {
	case condTerm:
		// The condition always panics: the loop runs it once.
		fn.line("}")
		return true
	case len(fn.lines) > head+1:
		fn.line("\tif (" + c.not() + ") break;")
	case c.s == "true":
		fn.block(bodyB, dest{kind: destNone})
		fn.line("}")
		return true
	default:
		fn.lines[head] = fn.remark(fn.lines[head], tabs+"while ("+c.s+") {")
	}
	fn.block(bodyB, dest{kind: destNone})
	fn.line("}")
	return false
}

// varLvalue returns the lvalue of a staged variable.
func (fn *fnGen) varLvalue(v ir.Sym) string {
	if name, ok := fn.capName[v]; ok {
		return "(*" + name + ")"
	}
	return fn.name(v)
}

// varAddr returns a pointer to a staged variable.
func (fn *fnGen) varAddr(v ir.Sym) string {
	if name, ok := fn.capName[v]; ok {
		return name
	}
	return "&" + fn.name(v)
}

// name returns the C name of a symbol of this function already declared.
func (fn *fnGen) name(s ir.Sym) string {
	if name, ok := fn.capName[s]; ok {
		return name
	}
	if fn.sg.names[s] == "" || fn.sg.owner[s] != fn.id {
		panic("BUG: cgen: " + s.String() + " used where it is not declared")
	}
	return fn.sg.names[s]
}

// ref writes a use of e: a constant, the expression of an inline node, a
// file-level name or a local name.
func (fn *fnGen) ref(e ir.Exp) cx {
	if c := e.Const(); c != nil {
		return fn.constant(c)
	}
	s := e.Sym()
	if n := fn.g.Def(s); fn.sg.lenOfInput(n) {
		// The length of a parameter, which no statement changes, is
		// written at each use (buf.len, not a name for it).
		field := ".len"
		if n.Op == ir.OpSliceCap {
			field = ".cap"
		}
		return cx{s: fn.ref(n.Args[0]).paren() + field, prim: true}
	}
	if fn.isInline(s) && !fn.sg.done[s] {
		fn.sg.done[s] = true
		return fn.expr(fn.g.Def(s))
	}
	if fn.sg.isVar(s) {
		panic("BUG: cgen: variable " + s.String() + " used as a value")
	}
	if name, ok := fn.capName[s]; ok {
		return cx{s: name, prim: true}
	}
	if l := fn.sg.funcOf(s); l != 0 {
		return cx{s: fn.sg.lamOf[l].cname, prim: true}
	}
	if tb, ok := fn.sg.tables[s]; ok && !fn.sg.written[s] {
		tb.usedSlice = true
		return cx{s: tb.slice, prim: true}
	}
	return cx{s: fn.name(s), prim: true}
}

// lenOfInput reports whether n is the length or capacity of a parameter
// (of the specialization or of a staged function) that the source did not
// name: its value is the parameter's field, never changed.
func (sg *specGen) lenOfInput(n *ir.Node) bool {
	if n == nil || sg.g.Name(n.Sym) != "" {
		return false
	}
	switch n.Op {
	case ir.OpSliceLen, ir.OpSliceCap, ir.OpStrLen:
		return n.Args[0].IsSym() && sg.g.Def(n.Args[0].Sym()) == nil && !sg.packed(n)
	}
	return false
}
