package frontend

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages boolean values computed with || and && as one
// expression. go/ssa lowers `ok := a || b` in a value context to a test
// and a join, the second operand computed on one edge:
//
//	b0: if a goto J else X
//	X:  t = b; goto J
//	J:  ok = phi [b0: true, X: t]
//
// Staged as a conditional, it reads as no programmer writes it:
//
//	ok := true
//	if !a {
//		ok = b
//	}
//
// When every block between the test and its join only computes values
// (no effect, no possible panic: the instructions shortCircuit accepts,
// and reads of static values in range), all of them can run up front, on
// each path from the test to the join in turn (inner joins' phis taking
// each path's values), and
// each value the join merges is an expression of the tests: a ? true : t
// is a || t, a ? t : false is a && t, and the shared operand of a nested
// chain, a ? (b || r) : r, is (a && b) || r. A region whose operands may
// panic or have an effect keeps Go's short-circuit order: the conditional
// is staged as before.

// maxBoolPaths bounds the paths boolJoin follows through a region (a
// region of n tests has up to 2^n paths; source chains have about n).
const maxBoolPaths = 64

// boolJoin stages the conditional on c ending block b as expressions of
// the values its join merges, when the region between them only computes
// values. It reports false when the region does not qualify; what it ran
// then computed values only, which the conditional staged instead
// computes again alike.
func (fr *frame) boolJoin(b *ssa.BasicBlock, c ir.Exp, stop *stopSet) (next, bool) {
	j := fr.info.ipdom[b.Index]
	if j == nil || !fr.boolRegion(b, j, stop) {
		return next{}, false
	}
	// A walk that fails leaves the position where the conditional staged
	// instead reports its errors.
	ev := fr.ev
	pos, at := ev.pos, fr.at
	vals, ok := fr.boolValues(b, c, j)
	if !ok {
		ev.pos, fr.at = pos, at
		return next{}, false
	}
	return fr.arriveWith(j, j.Preds[0], vals, stop), true
}

// boolValues returns the values of j's phis after the conditional on c
// ending b, following both branches.
func (fr *frame) boolValues(b *ssa.BasicBlock, c ir.Exp, j *ssa.BasicBlock) ([]value, bool) {
	r := boolWalk{fr: fr, j: j}
	a, ok := r.values(b, b.Succs[0])
	if !ok {
		return nil, false
	}
	e, ok := r.values(b, b.Succs[1])
	if !ok {
		return nil, false
	}
	vals := make([]value, len(a))
	for i := range a {
		if vals[i], ok = fr.selectBool(c, a[i], e[i], j.Instrs[i].(*ssa.Phi)); !ok {
			return nil, false
		}
	}
	return vals, true
}

// boolRegion reports whether the blocks between b and its join j form a
// region boolJoin can evaluate: j is in b's loop and is not a loop's
// header, and every block between them is reached from the region only,
// is owned by no construct of the stop set and ends in a jump or a test.
func (fr *frame) boolRegion(b, j *ssa.BasicBlock, stop *stopSet) bool {
	l := fr.info.loopOf[b.Index]
	if fr.info.loops[j.Index] != nil || fr.info.loopOf[j.Index] != l {
		return false
	}
	region := []*ssa.BasicBlock{b}
	for k := 0; k < len(region); k++ {
		for _, s := range region[k].Succs {
			if s == j || slices.Contains(region, s) {
				continue
			}
			if len(region) == maxBoolPaths || fr.info.loops[s.Index] != nil ||
				fr.info.loopOf[s.Index] != l || stop.owner(s) != nil || fr.closing(s, stop) != nil {
				return false
			}
			switch s.Instrs[len(s.Instrs)-1].(type) {
			case *ssa.Jump, *ssa.If:
			default:
				return false
			}
			region = append(region, s)
		}
	}
	for _, x := range region[1:] {
		for _, p := range x.Preds {
			if !slices.Contains(region, p) {
				return false
			}
		}
		for _, in := range x.Instrs[fr.info.phis[x.Index] : len(x.Instrs)-1] {
			if !pureInstr(in) && !mayReadStatic(in) {
				return false
			}
		}
	}
	// A phi of j that is not a boolean must take one value from the
	// whole region: only booleans are chosen by || and &&.
	for i := range fr.info.phis[j.Index] {
		phi := j.Instrs[i].(*ssa.Phi)
		if isBool(phi.Type()) {
			continue
		}
		var v ssa.Value
		for k, p := range j.Preds {
			if !slices.Contains(region, p) {
				continue
			}
			if v != nil && phi.Edges[k] != v {
				return false
			}
			v = phi.Edges[k]
		}
	}
	return countPaths(region, j) <= maxBoolPaths
}

// countPaths counts the paths from region[0] to j, up to
// maxBoolPaths+1 (a cycle, which a region should not have, counts as
// too many).
func countPaths(region []*ssa.BasicBlock, j *ssa.BasicBlock) int {
	paths := map[*ssa.BasicBlock]int{}
	var count func(x *ssa.BasicBlock) int
	count = func(x *ssa.BasicBlock) int {
		if x == j {
			return 1
		}
		if n, ok := paths[x]; ok {
			return n
		}
		paths[x] = maxBoolPaths + 1
		n := 0
		for _, s := range x.Succs {
			n = min(n+count(s), maxBoolPaths+1)
		}
		paths[x] = n
		return n
	}
	return count(region[0])
}

// mayReadStatic reports whether in is an instruction staticRead may
// accept once its operands are known.
func mayReadStatic(in ssa.Instruction) bool {
	switch x := in.(type) {
	case *ssa.Index, *ssa.IndexAddr, *ssa.Field:
		return true
	case *ssa.UnOp:
		return x.Op == token.MUL
	}
	return false
}

// boolWalk follows the paths from a test to the join j.
type boolWalk struct {
	fr    *frame
	j     *ssa.BasicBlock
	paths int
}

// values returns the values of j's phis when control takes the edge
// from -> to, running the blocks on the way.
func (r *boolWalk) values(from, to *ssa.BasicBlock) ([]value, bool) {
	fr := r.fr
	if r.paths++; r.paths > maxBoolPaths {
		return nil, false
	}
	if to == r.j {
		k := slices.Index(to.Preds, from)
		vals := make([]value, fr.info.phis[to.Index])
		for i := range vals {
			vals[i] = copyVal(fr.get(to.Instrs[i].(*ssa.Phi).Edges[k]))
		}
		return vals, true
	}
	// An inner join's phis take this path's values: the blocks between
	// b and j dominate nothing after j, so only j's phis carry what they
	// compute out of the region.
	fr.phis(from, to)
	for _, in := range to.Instrs[fr.info.phis[to.Index] : len(to.Instrs)-1] {
		if !pureInstr(in) && !fr.staticRead(in) {
			return nil, false
		}
		fr.exec(in)
	}
	t, ok := to.Instrs[len(to.Instrs)-1].(*ssa.If)
	if !ok {
		return r.values(to, to.Succs[0])
	}
	switch c := fr.get(t.Cond).(type) {
	case bool:
		if c {
			return r.values(to, to.Succs[0])
		}
		return r.values(to, to.Succs[1])
	case *rep:
		a, ok := r.values(to, to.Succs[0])
		if !ok {
			return nil, false
		}
		e, ok := r.values(to, to.Succs[1])
		if !ok {
			return nil, false
		}
		vals := make([]value, len(a))
		for i := range a {
			if vals[i], ok = fr.selectBool(c.e, a[i], e[i], r.j.Instrs[i].(*ssa.Phi)); !ok {
				return nil, false
			}
		}
		return vals, true
	}
	return nil, false
}

// selectBool returns c ? a : e for a phi of j as an expression of || and
// &&, or reports false. Equal values need no choice; other values must be
// booleans.
func (fr *frame) selectBool(c ir.Exp, a, e value, phi *ssa.Phi) (value, bool) {
	if sameValue(a, e) {
		return a, true
	}
	if !isBool(phi.Type()) {
		return nil, false
	}
	ev := fr.ev
	b := ev.b
	x := ev.lift(a, phi.Type(), "an operand of || or &&")
	y := ev.lift(e, phi.Type(), "an operand of || or &&")
	not := func(v ir.Exp) ir.Exp { return b.Unary(ir.OpNot, v) }
	// and and or drop an operand that is the operation's identity (a
	// static operand of a chain: strict || c, with strict true).
	and := func(p, q ir.Exp) ir.Exp {
		switch {
		case isConstBool(p, true):
			return q
		case isConstBool(q, true):
			return p
		}
		return b.Binary(ir.OpAnd, p, q)
	}
	or := func(p, q ir.Exp) ir.Exp {
		switch {
		case isConstBool(p, false):
			return q
		case isConstBool(q, false):
			return p
		}
		return b.Binary(ir.OpOr, p, q)
	}
	var v ir.Exp
	switch {
	case isConstBool(x, true): // c || y
		v = or(c, y)
	case isConstBool(x, false): // !c && y
		v = and(not(c), y)
	case isConstBool(y, false): // c && x
		v = and(c, x)
	case isConstBool(y, true): // !c || x
		v = or(not(c), x)
	default:
		// A shared operand r of a nested chain.
		if p, ok := fr.otherArg(x, ir.OpOr, y); ok { // c ? p || r : r
			v = or(and(c, p), y)
		} else if p, ok := fr.otherArg(y, ir.OpOr, x); ok { // c ? r : p || r
			v = or(and(not(c), p), x)
		} else if p, ok := fr.otherArg(x, ir.OpAnd, y); ok { // c ? p && r : r
			v = and(or(not(c), p), y)
		} else if p, ok := fr.otherArg(y, ir.OpAnd, x); ok { // c ? r : p && r
			v = and(or(c, p), x)
		} else {
			return nil, false
		}
	}
	return ev.newRep(v, "a value of || or && on a Rep", a, e), true
}

// otherArg returns p when x is the operation op of p and r, in either
// order.
func (fr *frame) otherArg(x ir.Exp, op ir.Op, r ir.Exp) (ir.Exp, bool) {
	if !x.IsSym() {
		return ir.Exp{}, false
	}
	n := fr.ev.b.Graph().Def(x.Sym())
	if n == nil || n.Op != op || len(n.Args) != 2 {
		return ir.Exp{}, false
	}
	switch {
	case n.Args[1] == r:
		return n.Args[0], true
	case n.Args[0] == r:
		return n.Args[1], true
	}
	return ir.Exp{}, false
}

// isConstBool reports whether x is the boolean constant k.
func isConstBool(x ir.Exp, k bool) bool {
	c := x.Const()
	if c == nil {
		return false
	}
	v, ok := c.Val.(bool)
	return ok && v == k
}

// sameValue reports whether a and e are the same static basic value or
// the same Rep expression.
func sameValue(a, e value) bool {
	if ra, ok := a.(*rep); ok {
		re, ok := e.(*rep)
		return ok && ra.e == re.e
	}
	switch a.(type) {
	case bool, string, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr:
		return a == e
	}
	return false
}

// staticRead reports whether in reads a static value at a static index
// in range, a field of a static struct, or a cell holding a static basic
// value or a Rep: an instruction that cannot panic or have an effect
// here, whatever its general form may do.
func (fr *frame) staticRead(in ssa.Instruction) bool {
	switch x := in.(type) {
	case *ssa.Index:
		return fr.staticInRange(x.X, x.Index)
	case *ssa.IndexAddr:
		return fr.staticInRange(x.X, x.Index)
	case *ssa.Field:
		_, ok := fr.get(x.X).(structure)
		return ok
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		p, ok := fr.get(x.X).(*value)
		if !ok || p == nil {
			return false
		}
		switch (*p).(type) {
		case *rep, bool, string, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr, float32, float64:
			return true
		}
	}
	return false
}

// staticInRange reports whether xs is a static string, array, slice or
// pointer to an array, and ix a static index in its range.
func (fr *frame) staticInRange(xs, ix ssa.Value) bool {
	i := fr.get(ix)
	if isRep(i) {
		return false
	}
	k := intValue(i)
	n := -1
	switch v := fr.get(xs).(type) {
	case string:
		n = len(v)
	case array:
		n = len(v)
	case sliceV:
		n = v.len
	case *value:
		if v != nil {
			if a, ok := (*v).(array); ok {
				n = len(a)
			}
		}
	}
	return 0 <= k && k < n
}

// isBool reports whether t's underlying type is bool.
func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}
