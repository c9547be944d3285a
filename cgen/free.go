package cgen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file frees, at the end of a function, the slices it makes that do
// not escape it. Go's garbage collector reclaims them; the owner list of
// the runtime (lms_alloc, lms_call_end in runtime.h) frees everything
// else a call allocated when the call of the entry point returns, so this
// is about freeing early: reusing the memory within a call (examples/fft
// FFTAoS was 26-67 times slower than in Go, mostly page faults, when a
// call's makes were not freed at all).
//
// A make escapes if its slice, or a slice derived from it (a sub-slice,
// the result of append or grow on it), is used other than to read or
// write its elements, its length or capacity, to copy to or from it, to
// print it, or as the slice appended to or grown: stored in a variable, a
// slice element or a tuple, passed to a staged or library function, the
// result of a block (returned, or out of a conditional or loop), or used
// in another function (a staged function capturing it). The makes of the
// function's own top-level block are freed at its end and before each of
// its returns; those of a nested block (a loop's body, a branch) at the
// block's end (once per iteration in a loop), before every return from
// inside it and before every break that leaves it (localFrees,
// freeLocal). A make of the top-level block may also be stored in a
// variable or merged by a nested block (a loop carrying it, a
// conditional choosing it): those values live no longer than the
// function, so it is freed at the end unless the function's result may
// share its array, or it is passed to a function. Such makes are named
// in a comment before the function ("Freed when the call returns ..."):
// a returned one is freed by the call's end unless a result points into
// it, then by the caller's release (<pkg>_lms_release, abi.go).
//
// Such a make with a constant length and capacity of at most 64 KiB of
// numbers (as gc keeps a non-escaping make of constant size on the
// goroutine's stack), up to 128 KiB per function, is a C99 compound
// literal array, on the stack for the duration of the function: zeroed,
// never freed. The others are freed after the function's last statement
// and before a return from its last loop's exit (exitreturn.go), the only
// other way a generated C function returns. A panic needs no free: in C
// it ends the process.

// Stack limits of placeMakes, in bytes.
const (
	maxStackMake = 64 << 10
	maxStackFunc = 128 << 10
)

// freeable returns the makes of block b, the body of the staged function
// owner (nil for the specialization), that do not escape, in schedule
// order. top reports whether b is the function's top-level block, whose
// makes are freed at the function's end: there a make may also be stored
// in a variable or be the result of a nested block (a conditional's
// branch), since those live no longer than the function; the values
// read from the variable or merged by the block then share its array
// (an over-approximation: any read of a variable that ever held it). The
// analysis is repeated to a fixpoint, since a loop reads a variable
// before (in schedule order) the assignment that carries a slice to the
// next iteration. The makes that escape are returned in escaped, with
// why ("returned" if the function's result may share their array).
func (fn *fnGen) freeable(b *ir.Block, owner *ir.Node, top bool) (out []*ir.Node, escaped map[ir.Sym]string) {
	sg := fn.sg
	// derived[s] are the makes whose arrays slice s may share.
	derived := map[ir.Sym][]ir.Sym{}
	var makes []*ir.Node
	for _, n := range sg.s.Nodes(b) {
		if n.Op == ir.OpSliceNew && !sg.packed(n) {
			makes = append(makes, n)
			derived[n.Sym] = []ir.Sym{n.Sym}
		}
	}
	if len(makes) == 0 {
		return nil, nil
	}
	changed := false
	add := func(s ir.Sym, ms []ir.Sym) {
		for _, m := range ms {
			if !slices.Contains(derived[s], m) {
				derived[s] = append(derived[s], m)
				changed = true
			}
		}
	}
	escapes := map[ir.Sym]string{}
	escape := func(ms []ir.Sym, why string) {
		for _, m := range ms {
			if _, ok := escapes[m]; !ok {
				escapes[m] = why
				changed = true
			}
		}
	}
	// The graph's blocks in schedule order, each with the function it
	// belongs to: a node derives from the nodes before it. body marks a
	// function's body, whose result leaves the function.
	var walk func(b *ir.Block, in *ir.Node, body bool)
	walk = func(b *ir.Block, in *ir.Node, body bool) {
		for _, n := range sg.s.Nodes(b) {
			for i, a := range n.Args {
				if !a.IsSym() {
					continue
				}
				ms := derived[a.Sym()]
				if len(ms) == 0 {
					continue
				}
				switch {
				case in != owner:
					escape(ms, "used by another function")
				case derives(n.Op, i):
					add(n.Sym, ms)
				case top && n.Op == ir.OpVarSet && i == 0:
					// The variable assigned: its old content is not used.
				case top && n.Op == ir.OpVarSet:
					add(n.Args[0].Sym(), ms)
				case top && (n.Op == ir.OpVarNew || n.Op == ir.OpVarGet || n.Op == ir.OpTuple || n.Op == ir.OpProj):
					add(n.Sym, ms)
				case !onlyElements(n.Op, i):
					escape(ms, "passed on")
				}
			}
			for _, blk := range n.Blocks {
				if n.Op == ir.OpLambda {
					walk(blk, n, true)
					continue
				}
				walk(blk, in, false)
				if top && blk.Res.IsSym() && in == owner {
					add(n.Sym, derived[blk.Res.Sym()])
				}
			}
		}
		if b.Res.IsSym() && (body || !top) {
			if ms := derived[b.Res.Sym()]; len(ms) > 0 {
				why := "passed on"
				if body && in == owner {
					why = "returned"
				}
				escape(ms, why)
			}
		}
	}
	for first := true; first || changed; first = false {
		changed = false
		walk(fn.g.Block, nil, true)
	}
	for _, n := range makes {
		if _, ok := escapes[n.Sym]; !ok {
			out = append(out, n)
		}
	}
	return out, escapes
}

// derives reports whether the result of op shares the array of its i-th
// argument.
func derives(op ir.Op, i int) bool {
	switch op {
	case ir.OpSliceSub, ir.OpAppend, ir.OpAppendSlice, ir.OpGrow:
		return i == 0
	}
	return false
}

// onlyElements reports whether op, given a slice as its i-th argument,
// only reads or writes its elements, length or capacity.
func onlyElements(op ir.Op, i int) bool {
	switch op {
	case ir.OpSliceLen, ir.OpSliceCap, ir.OpSliceIsNil, ir.OpCopy, ir.OpPrint, ir.OpPrintln, ir.OpEprint, ir.OpEprintln:
		return true
	case ir.OpSliceGet, ir.OpSliceSet, ir.OpFieldGet, ir.OpFieldSet:
		return i == 0
	case ir.OpAppendSlice:
		return i == 1
	}
	return false
}

// freeAtEnd writes the frees of the makes of a function without a result
// after its last statement. A function with a result frees them at each
// of its returns (returnEarly): every path of its body ends in a return
// or a panic.
func (fn *fnGen) freeAtEnd(makes []*ir.Node) {
	if fn.resType != "void" {
		return
	}
	for _, f := range fn.frees(makes) {
		fn.lines = append(fn.lines, "\t"+f)
	}
}

// placeMakes puts on the stack the makes among the non-escaping makes that
// have a constant length and capacity and fit the limits, and returns the
// others, to be freed.
func (fn *fnGen) placeMakes(makes []*ir.Node) (heap []*ir.Node) {
	total := int64(0)
	for _, n := range makes {
		size := stackBytes(n)
		if size > 0 && size <= maxStackMake && total+size <= maxStackFunc {
			if fn.onStack == nil {
				fn.onStack = map[ir.Sym]bool{}
			}
			fn.onStack[n.Sym] = true
			total += size
			continue
		}
		heap = append(heap, n)
	}
	return heap
}

// stackBytes returns the size of the array of make n if its length and
// capacity are constants (0 <= len <= cap, cap > 0) and its elements
// numbers or booleans, else 0.
func stackBytes(n *ir.Node) int64 {
	l, c := n.Args[0].Const(), n.Args[1].Const()
	if l == nil || c == nil {
		return 0
	}
	lv, ok1 := constInt(l)
	cv, ok2 := constInt(c)
	if !ok1 || !ok2 || lv < 0 || lv > cv || cv <= 0 {
		return 0
	}
	e := n.Type.Elem
	size := int64(e.Bits() / 8)
	if e.Kind == ir.KBool {
		size = 1
	}
	if size == 0 || cv > maxStackMake/size {
		return 0
	}
	return cv * size
}

// stackMake writes make n as a slice of a compound literal array.
func (fn *fnGen) stackMake(n *ir.Node) cx {
	l, _ := constInt(n.Args[0].Const())
	c, _ := constInt(n.Args[1].Const())
	return cx{s: fmt.Sprintf("((%s){(%s[%d]){0}, %d, %d})", fn.fl.ctype(n.Type), fn.fl.ctype(n.Type.Elem), c, l, c), prim: true}
}

// constInt returns the value of an integer constant of type int or int64.
func constInt(c *ir.Const) (int64, bool) {
	switch v := c.Val.(type) {
	case int:
		return int64(v), true
	case int64:
		return v, true
	}
	return 0, false
}

// frees returns the statements freeing the makes written so far.
func (fn *fnGen) frees(makes []*ir.Node) []string {
	var frees []string
	for _, n := range makes {
		if name := fn.sg.names[n.Sym]; name != "" && !fn.dropped[n.Sym] {
			frees = append(frees, "lms_free("+name+".p);")
		}
	}
	return frees
}

// returnEarly writes a return of val, freeing first the makes freed at
// the function's end, and those of the nested blocks it returns from
// (made by then: a block's makes are written before what follows them in
// it, and a C name is set when its make is written). Every return of a function body goes through it:
// the final one, one in each branch of a conditional that is the body's
// result, and those from inside its last loop (exitloop.go,
// exitreturn.go). The makes freed are all made by then: they are in the
// function's top-level block, and a return comes after them in it (its
// result, or its last loop, after which come only reads of variables and
// choices). val, computed before the frees, holds none of them: it would
// make them escape.
func (fn *fnGen) returnEarly(val string) {
	var frees []string
	for i := len(fn.locals) - 1; i >= 0; i-- {
		frees = append(frees, fn.frees(fn.locals[i].makes)...)
	}
	frees = append(frees, fn.frees(fn.heap)...)
	if len(frees) == 0 {
		fn.line("return " + val + ";")
		return
	}
	if fn.depth > 1 {
		fn.line(fmt.Sprintf("{ %s lms_result = %s; %s return lms_result; }", fn.resType, val, strings.Join(frees, " ")))
		return
	}
	fn.line(fn.resType + " lms_result = " + val + ";")
	for _, f := range frees {
		fn.line(f)
	}
	fn.line("return lms_result;")
}

// localMakes are the makes of a nested block (a loop body, a branch) that
// do not escape it, to be freed at its end; start is the first line
// written for the block.
type localMakes struct {
	makes []*ir.Node
	start int
}

// localFrees returns the makes of block b, nested in the function, that
// do not escape b (freeable: b's result is not one, nothing outside b
// holds one, a slice made in a loop's body that is carried to the next
// iteration is stored in a variable), or nil. They are freed at b's end
// and before every break that leaves b (freeLocal), and before every
// return from inside b (returnEarly). A block that sends its result to a
// loop's exit (a loop with several exits, exitloop.go) is one: it leaves
// the loop by a break, or falls through to the loop's test of the exit.
func (fn *fnGen) localFrees(b *ir.Block, d dest) *localMakes {
	if fn.depth <= 1 {
		return nil
	}
	makes, _ := fn.freeable(b, fn.owner, false)
	if len(makes) == 0 {
		return nil
	}
	if fn.freedIn == nil {
		fn.freedIn = map[ir.Sym]bool{}
	}
	for _, n := range makes {
		fn.freedIn[n.Sym] = true
	}
	return &localMakes{makes: makes, start: len(fn.lines)}
}

// freeLocal frees the local makes of a nested block on its ways out:
// before each break that leaves it (one not of a loop or switch inside
// the block) written after the make, and at its end, and reports whether
// it wrote frees at the end. A block that ends in a return (which frees
// them) or a panic (w.term), or in a break, needs none there. A block
// with a goto keeps its makes (cgen writes none today).
func (fn *fnGen) freeLocal(l *localMakes, w written) bool {
	if l == nil {
		return false
	}
	lines := fn.lines[l.start:]
	if hasGoto(lines) {
		for _, n := range l.makes {
			delete(fn.freedIn, n.Sym)
		}
		return false
	}
	fn.freeAtBreaks(l)
	if w.term || endsInBreak(lines) {
		return false
	}
	frees := fn.frees(l.makes)
	for _, f := range frees {
		fn.line(f)
	}
	return len(frees) > 0
}

// freeAtBreaks writes, before each break that leaves the block of l, the
// frees of the makes of l written before the break (a make written
// after it is not made yet when the break is taken).
func (fn *fnGen) freeAtBreaks(l *localMakes) {
	lines := fn.lines[l.start:]
	for _, k := range leavingBreaks(lines) {
		var frees []string
		for _, n := range l.makes {
			name := fn.sg.names[n.Sym]
			if name == "" || fn.dropped[n.Sym] {
				continue
			}
			if d := declLine(lines, name); d >= 0 && d < k {
				frees = append(frees, "lms_free("+name+".p);")
			}
		}
		if len(frees) > 0 {
			lines[k] = strings.Replace(lines[k], "break;", "{ "+strings.Join(frees, " ")+" break; }", 1)
		}
	}
}

// declLine returns the index of the first line of lines that assigns the
// C variable name (its declaration with the make), or -1.
func declLine(lines []string, name string) int {
	for i, ln := range lines {
		if j := strings.Index(ln, " "+name+" = "); j >= 0 {
			return i
		}
	}
	return -1
}

// leavingBreaks returns the indexes of the lines of a block that hold a
// break leaving it: one not inside a loop or a switch that starts in
// them (the lines of a block are indented by nesting, and a loop or
// switch closes on a line at its indentation starting with "}").
func leavingBreaks(lines []string) []int {
	var open []int // indentation of the loops and switches open
	var out []int
	for i, ln := range lines {
		body := strings.TrimLeft(ln, "\t")
		ind := len(ln) - len(body)
		for len(open) > 0 && ind <= open[len(open)-1] && strings.HasPrefix(body, "}") {
			open = open[:len(open)-1]
		}
		switch {
		case strings.HasPrefix(body, "for (") || strings.HasPrefix(body, "while (") ||
			strings.HasPrefix(body, "switch (") || strings.HasPrefix(body, "do {"):
			if !strings.HasSuffix(body, "}") { // not a loop on one line
				open = append(open, ind)
			}
		case strings.Contains(body, "break;") && len(open) == 0:
			out = append(out, i)
		}
	}
	return out
}

// hasGoto reports whether the C lines of a block hold a goto.
func hasGoto(lines []string) bool {
	for _, ln := range lines {
		if strings.HasPrefix(strings.TrimLeft(ln, "\t"), "goto ") {
			return true
		}
	}
	return false
}

// endsInBreak reports whether the last of the C lines of a block is a
// break leaving it (what follows it is not reached).
func endsInBreak(lines []string) bool {
	if len(lines) == 0 {
		return false
	}
	body := strings.TrimLeft(lines[len(lines)-1], "\t")
	return body == "break;" || (strings.HasPrefix(body, "{ lms_free(") && strings.HasSuffix(body, " break; }"))
}

// leakNote returns a comment naming the makes of the function's top-level
// block b that are not freed before the call ends because they escape
// (escaped, from freeable), with why, or "". A make returned may be a
// result's array (kept until the caller releases it); one passed on may
// be kept by a function that cgen cannot follow.
func (fn *fnGen) leakNote(b *ir.Block, escaped map[ir.Sym]string) string {
	var returned, passed []string
	for _, n := range fn.sg.s.Nodes(b) {
		why, ok := escaped[n.Sym]
		name := fn.sg.names[n.Sym]
		if !ok || n.Op != ir.OpSliceNew || name == "" || fn.dropped[n.Sym] {
			continue
		}
		if why == "returned" {
			returned = append(returned, name)
		} else {
			passed = append(passed, name)
		}
	}
	var sb strings.Builder
	if len(returned) > 0 {
		fmt.Fprintf(&sb, "/* Freed when the call returns unless the results point into it: %s, returned (the result may share its array). */\n", strings.Join(returned, ", "))
	}
	if len(passed) > 0 {
		fmt.Fprintf(&sb, "/* Freed when the call returns, not before: %s, passed to a function or used by another. */\n", strings.Join(passed, ", "))
	}
	sb.WriteString(fn.nestedLeakNote(b))
	return sb.String()
}
