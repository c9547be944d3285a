package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// This file orders the instructions of a block as gc evaluates them, where
// Go leaves the order unspecified and go/ssa's differs from gc's. The
// order decides which of two traps of one statement panics first, and the
// native run of the staging function, compiled by gc, is the oracle.
//
//  1. Calls first: gc's order pass (cmd/compile/internal/walk/order.go)
//     evaluates each call of a statement into a temporary before the
//     statement, in source order, with its arguments, and so the calls
//     of len, cap, append, copy, min, max, real, imag, complex, recover,
//     the conversions of a string to []byte or []rune, and each slice
//     expression (s[i:j], with its operands); the rest of the
//     statement (operators, conversions, indexing, loads) runs after the
//     last call. In (x << s) * boom(x), boom(x) runs, and may panic,
//     before x << s. go/ssa evaluates operands left to right.
//  2. The old value of an assignment operation first: gc writes
//     a[i] op= e as a[i] = a[i] op e and loads a[i], checking the index,
//     before it evaluates e; go/ssa takes the address, evaluates e, then
//     loads.
//  3. Indexing last in append's arguments: gc's walkAppend evaluates
//     append(s, a1, ..., an) in two passes. The first copies into
//     temporaries, in argument order, every part of the arguments that
//     is not an index, a field, a dereference or a name (a division,
//     a shift, i+k, a conversion); the second evaluates what is left of
//     each argument (its indexing, with the bounds checks), in argument
//     order. In append(xs, xs[i], a%b), a%b panics before xs[i].
//
// Only instructions without effects other than a trap move (operators,
// conversions, indexing, field selection, loads, type assertions), only
// within one block and one statement, and never ahead of what they use.

// body returns the instructions of b after its phis and before its
// terminator, in gc's order of evaluation.
func (fr *frame) body(b *ssa.BasicBlock) []ssa.Instruction {
	fi := fr.info
	if fi.order == nil {
		fi.order = make([][]ssa.Instruction, len(fr.fn.Blocks))
	}
	if o := fi.order[b.Index]; o != nil {
		return o
	}
	o := b.Instrs[fi.phis[b.Index] : len(b.Instrs)-1]
	if slices.ContainsFunc(o, reordered) {
		o = gcOrder(o, fi.statements(fr.fn), fr.fn.Syntax())
	}
	fi.order[b.Index] = o
	return o
}

// hoisted reports whether gc evaluates in into a temporary before the
// rest of its statement: a call of a function, or of a builtin that
// order.go orders as a call (orderedBuiltins), a conversion of a string
// to []byte or []rune (OSTR2BYTES, OSTR2RUNES), or a slice expression
// (order.go copies s[i:j] to a temporary unless it is the whole of
// x = x[i:j], where nothing of the statement follows it: in s[2:] + f(),
// s[2:] panics before f runs; rpg seed 6306 F42a). In
// a, b, c := len(x), f(), len(x), the first len reads x before f runs
// (bug491); in a, b := x[1], append(x[:1], 9), x[1] is read after the
// append wrote it. order.go does not copy such a call that is the whole
// right side of an assignment to a name, where nothing of its statement
// follows it.
func hoisted(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.Call:
		b, builtin := in.Call.Value.(*ssa.Builtin)
		return !builtin || orderedBuiltins[b.Name()]
	case *ssa.Slice:
		return true
	case *ssa.Convert:
		return stringToSlice(in)
	}
	return false
}

// orderedBuiltins are the builtins whose calls order.go (case OCALLFUNC,
// OLEN, ...; and OAPPEND) evaluates into temporaries in source order
// with the calls of their statement.
var orderedBuiltins = map[string]bool{
	"len": true, "cap": true, "complex": true, "real": true, "imag": true,
	"min": true, "max": true, "copy": true, "append": true, "recover": true,
}

// stringToSlice reports whether c converts a string to []byte or []rune.
func stringToSlice(c *ssa.Convert) bool {
	if b, ok := c.X.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return false
	}
	_, ok := c.Type().Underlying().(*types.Slice)
	return ok
}

// reordered reports whether in may move or let others move.
func reordered(in ssa.Instruction) bool {
	if ld, ok := in.(*ssa.UnOp); ok && ld.Op == token.MUL {
		return opAssignLoad(ld)
	}
	if a, ok := in.(*ssa.Alloc); ok {
		return appendArray(a)
	}
	return hoisted(in)
}

// appendArray reports whether a is the variadic array of a call of
// append (rule 3), not of another variadic call (fmt.Println(a, b)).
func appendArray(a *ssa.Alloc) bool {
	if a.Comment != "varargs" {
		return false
	}
	for _, u := range uses(a) {
		if sl, ok := u.(*ssa.Slice); ok {
			for _, c := range uses(sl) {
				if c, ok := c.(*ssa.Call); ok {
					if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
						return true
					}
				}
			}
		}
	}
	return false
}

// movable reports whether in may be evaluated later in its statement: it
// has no effect but a trap.
func movable(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.UnOp:
		return in.Op != token.ARROW
	case *ssa.BinOp, *ssa.Convert, *ssa.ChangeType, *ssa.MultiConvert, *ssa.ChangeInterface,
		*ssa.MakeInterface, *ssa.SliceToArrayPointer, *ssa.Field, *ssa.FieldAddr, *ssa.Index,
		*ssa.IndexAddr, *ssa.Slice, *ssa.Lookup, *ssa.TypeAssert, *ssa.Extract, *ssa.DebugRef:
		return true
	case *ssa.Call:
		return pureBuiltin(in)
	}
	return false
}

// pureBuiltin reports whether c calls a builtin that computes a value from
// its arguments' values alone: len and cap (not of a channel, whose length
// changes under other goroutines), min, max, real, imag, complex.
func pureBuiltin(c *ssa.Call) bool {
	b, ok := c.Call.Value.(*ssa.Builtin)
	if !ok {
		return false
	}
	switch b.Name() {
	case "len", "cap":
		_, ch := c.Call.Args[0].Type().Underlying().(*types.Chan)
		return !ch
	case "min", "max", "real", "imag", "complex":
		return true
	}
	return false
}

// gcOrder reorders instrs, a block's body, as the file's comment says.
func gcOrder(instrs []ssa.Instruction, st *stmtIndex, syn ast.Node) []ssa.Instruction {
	o := slices.Clone(instrs)
	stmt := map[ssa.Instruction]int{}
	var stmtOf func(in ssa.Instruction, depth int) int
	stmtOf = func(in ssa.Instruction, depth int) int {
		if s, ok := stmt[in]; ok {
			return s
		}
		s := -1
		if p := in.Pos(); p.IsValid() {
			s = st.of(p)
		} else if v, ok := in.(ssa.Value); ok && depth < 8 {
			// An implicit instruction (the load of a op= b) belongs to
			// the statement of its first user.
			if rs := v.Referrers(); rs != nil && len(*rs) > 0 {
				s = stmtOf((*rs)[0], depth+1)
			}
		}
		stmt[in] = s
		return s
	}
	o = loadsFirst(o, stmtOf)
	for i := 0; i < len(o); i++ {
		c := o[i]
		if !hoisted(c) {
			continue
		}
		s := stmtOf(c, 0)
		if s < 0 {
			continue
		}
		deps := operandsIn(c, o[:i])
		defer_ := map[ssa.Instruction]bool{}
		for _, p := range o[:i] {
			if !deps[p] && movable(p) && !hoisted(p) && stmtOf(p, 0) == s {
				defer_[p] = true
			}
		}
		// An instruction used before the call by one that stays stays
		// too, and so do its operands.
		before := map[ssa.Instruction]int{}
		for j, p := range o[:i] {
			before[p] = j
		}
		for changed := true; changed; {
			changed = false
			for p := range defer_ {
				v, ok := p.(ssa.Value)
				if !ok {
					continue
				}
				for _, r := range *v.Referrers() {
					if _, in := before[r]; in && !defer_[r] {
						delete(defer_, p)
						changed = true
						break
					}
				}
			}
		}
		if len(defer_) == 0 {
			continue
		}
		var stay, moved []ssa.Instruction
		for _, p := range o[:i] {
			if defer_[p] {
				moved = append(moved, p)
			} else {
				stay = append(stay, p)
			}
		}
		n := append(append(append(stay, c), moved...), o[i+1:]...)
		o = n
		i = len(stay) // continue after the call
	}
	for i := 0; i < len(o); i++ {
		if a, ok := o[i].(*ssa.Alloc); ok && appendArray(a) {
			o = appendIndexLast(o, i, stmtOf, syn)
		}
	}
	return o
}

// appendIndexLast moves the indexing of the arguments of the append
// whose variadic array o[at] allocates (rule 3) to just before the array,
// argument by argument, when all of it is in o and nothing that stays
// uses it. Which parts gc leaves to the second pass is read from the
// syntax (syn, the function's): go/ssa writes no instruction for a
// conversion to the same type, which gc copies in the first pass.
func appendIndexLast(o []ssa.Instruction, at int, stmtOf func(ssa.Instruction, int) int, syn ast.Node) []ssa.Instruction {
	alloc := o[at].(*ssa.Alloc)
	s := stmtOf(alloc, 0)
	call := appendSyntax(alloc, syn)
	if s < 0 || call == nil || len(call.Args) < 3 || call.Ellipsis.IsValid() {
		return o
	}
	// late maps the position of each index, field selection and
	// dereference gc evaluates in the second pass to its argument.
	late := map[token.Pos]int{}
	var walk func(e ast.Expr, arg int)
	walk = func(e ast.Expr, arg int) {
		switch e := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			late[e.Lbrack] = arg
			walk(e.X, arg)
			walk(e.Index, arg)
		case *ast.StarExpr:
			late[e.Star] = arg
			walk(e.X, arg)
		case *ast.SelectorExpr:
			late[e.Sel.Pos()] = arg
			walk(e.X, arg)
		case *ast.CallExpr:
			if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && (id.Name == "len" || id.Name == "cap") && len(e.Args) == 1 {
				walk(e.Args[0], arg)
			}
		}
	}
	for k, a := range call.Args[1:] {
		walk(a, k)
	}
	moves := map[ssa.Instruction]int{}
	for _, p := range o[:at] {
		if stmtOf(p, 0) != s {
			continue
		}
		switch p := p.(type) {
		case *ssa.UnOp:
			if p.Op != token.MUL {
				continue
			}
		case *ssa.IndexAddr, *ssa.Index, *ssa.FieldAddr, *ssa.Field, *ssa.Lookup:
		case *ssa.DebugRef:
			if x, ok := p.X.(ssa.Instruction); ok {
				if k, ok := moves[x]; ok {
					moves[p] = k
				}
			}
			continue
		default:
			continue
		}
		if k, ok := late[p.Pos()]; ok {
			moves[p] = k
		}
	}
	if len(moves) == 0 {
		return o
	}
	// Nothing that stays before the array may use what moves.
	for _, p := range o[:at] {
		if _, ok := moves[p]; ok {
			continue
		}
		var rands []*ssa.Value
		for _, r := range p.Operands(rands) {
			if r == nil {
				continue
			}
			if d, ok := (*r).(ssa.Instruction); ok {
				if _, ok := moves[d]; ok {
					return o
				}
			}
		}
	}
	var stay, moved []ssa.Instruction
	for _, p := range o[:at] {
		if _, ok := moves[p]; ok {
			moved = append(moved, p)
		} else {
			stay = append(stay, p)
		}
	}
	slices.SortStableFunc(moved, func(a, b ssa.Instruction) int { return moves[a] - moves[b] })
	return append(append(stay, moved...), o[at:]...)
}

// appendSyntax returns the call of append whose variadic array alloc
// allocates.
func appendSyntax(alloc *ssa.Alloc, syn ast.Node) *ast.CallExpr {
	if syn == nil {
		return nil
	}
	var call *ast.CallExpr
	ast.Inspect(syn, func(n ast.Node) bool {
		if call != nil || n == nil || n.Pos() > alloc.Pos() || n.End() <= alloc.Pos() {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && c.Rparen == alloc.Pos() {
			call = c
		}
		return true
	})
	return call
}

// operandsIn returns the instructions of instrs that in uses, directly or
// through others of instrs.
func operandsIn(in ssa.Instruction, instrs []ssa.Instruction) map[ssa.Instruction]bool {
	set := map[ssa.Instruction]bool{}
	for _, p := range instrs {
		set[p] = false
	}
	var walk func(ssa.Instruction)
	walk = func(x ssa.Instruction) {
		var rands []*ssa.Value
		for _, r := range x.Operands(rands) {
			if r == nil || *r == nil {
				continue
			}
			d, ok := (*r).(ssa.Instruction)
			if !ok {
				continue
			}
			if seen, ok := set[d]; ok && !seen {
				set[d] = true
				walk(d)
			}
		}
	}
	walk(in)
	deps := map[ssa.Instruction]bool{}
	for p, ok := range set {
		if ok {
			deps[p] = true
		}
	}
	return deps
}

// loadsFirst moves the load of each assignment operation a op= e, with
// the address it loads from and what the address needs, ahead of the rest
// of the statement: gc loads the old value, checking the index, before it
// evaluates e; go/ssa evaluates e first.
func loadsFirst(o []ssa.Instruction, stmtOf func(ssa.Instruction, int) int) []ssa.Instruction {
	for i := 0; i < len(o); i++ {
		ld, ok := o[i].(*ssa.UnOp)
		if !ok || ld.Op != token.MUL || !opAssignLoad(ld) {
			continue
		}
		s := stmtOf(ld, 0)
		if s < 0 {
			continue
		}
		first := slices.IndexFunc(o[:i], func(p ssa.Instruction) bool { return stmtOf(p, 0) == s })
		if first < 0 {
			continue
		}
		// the load and what it needs in the statement, all movable
		need := operandsIn(ld, o[first:i])
		need[ld] = true
		all := true
		for p := range need {
			all = all && movable(p) && stmtOf(p, 0) == s
		}
		if !all {
			continue
		}
		var moved, rest []ssa.Instruction
		for _, p := range o[first : i+1] {
			if need[p] {
				moved = append(moved, p)
			} else {
				rest = append(rest, p)
			}
		}
		copy(o[first:], moved)
		copy(o[first+len(moved):], rest)
	}
	return o
}

// opAssignLoad reports whether ld is the load of an assignment operation:
// its only use is the left operand of an operator whose result (maybe
// converted) is stored back where ld loads from (go/ssa computes the
// address twice).
func opAssignLoad(ld *ssa.UnOp) bool {
	rs := uses(ld)
	if len(rs) != 1 {
		return false
	}
	bin, ok := rs[0].(*ssa.BinOp)
	if !ok || bin.X != ssa.Value(ld) {
		return false
	}
	var v ssa.Value = bin
	for {
		us := uses(v)
		if len(us) != 1 {
			return false
		}
		switch u := us[0].(type) {
		case *ssa.Store:
			return u.Val == v && sameAddr(u.Addr, ld.X)
		case *ssa.Convert:
			v = u
		case *ssa.ChangeType:
			v = u
		default:
			return false
		}
	}
}

// stmtIndex finds the statement of a position in a function's syntax: the
// innermost statement other than a block around it (for the condition of
// an if, the if).
type stmtIndex struct {
	start, end []token.Pos // statements by start, nested ones after their parent
	parent     []int
}

// statements returns the statement index of fn's syntax.
func (fi *fnInfo) statements(fn *ssa.Function) *stmtIndex {
	if fi.stmts != nil {
		return fi.stmts
	}
	st := &stmtIndex{}
	if syn := fn.Syntax(); syn != nil {
		var stack []int
		ast.Inspect(syn, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			for len(stack) > 0 && st.end[stack[len(stack)-1]] <= n.Pos() {
				stack = stack[:len(stack)-1]
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return false // a function of its own
			}
			if _, ok := n.(ast.Stmt); !ok {
				return true
			}
			if _, ok := n.(*ast.BlockStmt); ok {
				return true
			}
			p := -1
			if len(stack) > 0 {
				p = stack[len(stack)-1]
			}
			st.start = append(st.start, n.Pos())
			st.end = append(st.end, n.End())
			st.parent = append(st.parent, p)
			stack = append(stack, len(st.start)-1)
			return true
		})
	}
	fi.stmts = st
	return st
}

// of returns the index of the statement of p, or -1.
func (st *stmtIndex) of(p token.Pos) int {
	i := sort.Search(len(st.start), func(i int) bool { return st.start[i] > p }) - 1
	for i >= 0 && st.end[i] <= p {
		i = st.parent[i]
	}
	return i
}

// sameAddr reports whether the addresses a and b are computed alike from
// the same values.
func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *ssa.IndexAddr:
		b, ok := b.(*ssa.IndexAddr)
		return ok && a.X == b.X && sameIndex(a.Index, b.Index)
	case *ssa.FieldAddr:
		b, ok := b.(*ssa.FieldAddr)
		return ok && a.Field == b.Field && sameAddr(a.X, b.X)
	}
	return false
}

// sameIndex reports whether two index operands are the same value or
// equal constants.
func sameIndex(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && ca.Value != nil && cb.Value != nil && constant.Compare(ca.Value, token.EQL, cb.Value)
}

// uses returns the instructions using v, but debugging references.
func uses(v ssa.Value) []ssa.Instruction {
	var us []ssa.Instruction
	if rs := v.Referrers(); rs != nil {
		for _, r := range *rs {
			if _, ok := r.(*ssa.DebugRef); !ok {
				us = append(us, r)
			}
		}
	}
	return us
}
