package frontend

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file discovers the loop-carried variables of a staged loop: the
// values that change from one iteration to the next (header phis, assigned
// cells of static memory), and turns them into staged variables.

// slotKey names a value live after a loop: a phi of an exit block, a
// value defined in the loop, or a result of the function.
type slotKey struct {
	v   ssa.Value
	ret int // result index + 1, 0 if not a result
}

func (ls *loopState) slotOrder(k slotKey) int {
	if k.ret > 0 {
		return k.ret
	}
	if i, ok := ls.fr.info.idx[k.v]; ok {
		return 1000 + i
	}
	return 1 << 30
}

// makeVars makes staged variables for the liftable leaves of v (with zero
// initial values if zeroInit), leaving the other leaves static.
func (ls *loopState) makeVars(v value, gt types.Type, zeroInit bool, name string) value {
	ev := ls.fr.ev
	if t := ev.opaqueVarType(v, gt); t != nil {
		return ev.opaqueVar(v, t, gt, zeroInit, name)
	}
	switch x := v.(type) {
	case structure:
		c := make(structure, len(x))
		st, _ := gt.Underlying().(*types.Struct)
		for i := range x {
			var ft types.Type
			fname := "" // z.Re's variable is zRe, as a struct parameter's leaves
			if st != nil {
				ft = st.Field(i).Type()
				if name != "" {
					fname = fieldName(name, st.Field(i).Name())
				}
			}
			c[i] = ls.makeVars(x[i], ft, zeroInit, fname)
		}
		return c
	case array:
		c := make(array, len(x))
		var et types.Type
		if at, ok := gt.Underlying().(*types.Array); ok {
			et = at.Elem()
		}
		for i := range x {
			c[i] = ls.makeVars(x[i], et, zeroInit, "")
		}
		return c
	case *rep, sliceV:
		if s, ok := x.(sliceV); ok {
			if gt != nil {
				if et, isS := soaElemType(gt); isS {
					// A static slice of structs: a split slice.
					leaves := ev.soaLeafTypes(et, "a static slice of "+typeString(et)+" carried by a staged loop")
					return ls.makeVars(ev.soaMaterialize(s, leaves), gt, zeroInit, name)
				}
			}
			if !liftable(s) {
				return v
			}
		}
	default:
		if irTypeOfValue(v) == nil {
			return v
		}
	}
	if zeroInit {
		var t *ir.Type
		switch x := v.(type) {
		case *rep:
			t = ev.b.Graph().TypeOf(x.e)
		case sliceV:
			t = ev.sliceType(x, gt)
		default:
			t = irTypeOfValue(v)
		}
		if t == nil {
			return v
		}
		var init ir.Exp
		if t.Kind == ir.KSlice {
			init = ev.b.MakeSlice(t.Elem, ev.b.Const(ir.Int, 0), ev.b.Const(ir.Int, 0))
			ev.local[init.Sym()] = true
		} else if t.Kind == ir.KOpaque {
			init = ev.opaqueZero(t, gt)
		} else {
			init = ev.b.Const(t, zeroOf(t))
		}
		e := ev.b.NewVar(init)
		if name != "" {
			ev.b.Name(e, name)
		}
		return &varRef{v: e}
	}
	return &varRef{v: ev.newVar(v, gt, name)}
}

// slotType returns the Go type of an exit slot.
func (ls *loopState) slotType(k slotKey) types.Type {
	if k.ret > 0 {
		return ls.fr.fn.Signature.Results().At(k.ret - 1).Type()
	}
	return k.v.Type()
}

// newVar makes a staged variable holding v.
func (ev *evaluator) newVar(v value, gt types.Type, name string) ir.Exp {
	var init ir.Exp
	switch x := v.(type) {
	case *rep:
		init = x.e
	case sliceV:
		init = ev.materialize(x, ev.sliceType(x, gt).Elem)
	default:
		init = ev.b.Const(irTypeOfValue(v), v)
	}
	e := ev.b.NewVar(init)
	if name != "" {
		ev.b.Name(e, name)
	}
	return e
}

// sliceType returns the graph type of a static slice: from its Go type
// gt if known, else from its elements.
func (ev *evaluator) sliceType(s sliceV, gt types.Type) *ir.Type {
	if gt != nil {
		if t := irTypeOf(gt); t != nil && t.Kind == ir.KSlice {
			return t
		}
	}
	for _, x := range s.elems() {
		if r, ok := x.(*rep); ok {
			return ir.SliceOf(ev.b.Graph().TypeOf(r.e))
		}
		if t := irTypeOfValue(x); t != nil {
			return ir.SliceOf(t)
		}
	}
	for _, x := range s.base {
		if r, ok := x.(*rep); ok {
			return ir.SliceOf(ev.b.Graph().TypeOf(r.e))
		}
		if t := irTypeOfValue(x); t != nil {
			return ir.SliceOf(t)
		}
	}
	ev.fail("an empty static slice cannot become a variable of the generated code here: give it a length or make it with stage.Dyn")
	return nil
}

func isComposite(v value) bool {
	switch v.(type) {
	case structure, array:
		return true
	}
	return false
}

// regContent is what a register holds for a tree of staged variables.
func regContent(tree value) value {
	switch tree.(type) {
	case *varRef:
		return tree
	case structure, array:
		if hasVarRef(tree) {
			return &varComposite{v: tree}
		}
	}
	return tree
}

func hasVarRef(v value) bool {
	switch x := v.(type) {
	case *varRef:
		return true
	case structure:
		for _, e := range x {
			if hasVarRef(e) {
				return true
			}
		}
	case array:
		for _, e := range x {
			if hasVarRef(e) {
				return true
			}
		}
	}
	return false
}

// writeVars assigns v to a tree of staged variables; a static leaf must
// keep its value. It reports false if a static leaf would change.
func (ls *loopState) writeVars(tree, v value) bool {
	ev := ls.fr.ev
	switch t := tree.(type) {
	case *varRef:
		e := ev.liftTo(v, ev.b.Graph().TypeOf(t.v), "a value assigned in a staged loop")
		if e.IsSym() {
			if n := ev.b.Graph().Def(e.Sym()); n != nil && n.Op == ir.OpVarGet && n.Args[0] == t.v {
				return true // the variable keeps its value
			}
		}
		ev.at()
		ev.b.WriteVar(t.v, e)
		ev.writes++
		return true
	case structure:
		if s, isSV := v.(sliceV); isSV {
			// A static slice of structs assigned to a split slice's
			// variables: materialized as a split slice.
			leaves := make([]*ir.Type, len(t))
			for k, x := range t {
				r, ok := x.(*varRef)
				if !ok || ev.b.Graph().TypeOf(r.v).Kind != ir.KSlice {
					return false
				}
				leaves[k] = ev.b.Graph().TypeOf(r.v).Elem
			}
			v = ev.soaMaterialize(s, leaves)
		}
		x, isS := v.(structure)
		if !isS || len(x) != len(t) {
			return false
		}
		ok := true
		for i := range t {
			ok = ls.writeVars(t[i], x[i]) && ok
		}
		return ok
	case array:
		x := v.(array)
		ok := true
		for i := range t {
			ok = ls.writeVars(t[i], x[i]) && ok
		}
		return ok
	}
	return identical(tree, v)
}

// writePhi assigns v to the variables of the header's phi i.
func (ls *loopState) writePhi(i int, v value) bool {
	if c := ls.shifts[i]; c != nil {
		t := ls.l.header.Instrs[i].(*ssa.Phi).Type()
		v = ls.fr.ev.binopValues(token.ADD, v, c, t, t, t)
	}
	if ls.same[i] {
		return identical(ls.entry[i], v) // see check
	}
	ls.fr.ev.refuseAoSIntoSplit(ls.phiTrees[i], v, varName(ls.l.header.Instrs[i].(*ssa.Phi)))
	return ls.writeVars(ls.phiTrees[i], v)
}

// shiftOf returns the instruction q = phi + c of the header if the phi's
// staged variable can hold q instead of the phi: every back edge assigns
// q to the phi, and its value on entry is an integer. This is the index
// of a range over a slice (rangeindex starts at -1 and the header
// computes rangeindex+1): its variable then starts at 0, the header tests
// it directly and the back edges increment it, the natural
// for i := 0; i < len(s); i++, whose bounds checks Go's prove pass drops.
func (ls *loopState) shiftOf(phi *ssa.Phi, entry value) *ssa.BinOp {
	h := ls.l.header
	if b, ok := phi.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return nil
	}
	if r, ok := entry.(*rep); ok {
		if !ls.fr.ev.b.Graph().TypeOf(r.e).IsInteger() {
			return nil
		}
	} else if !isIntegerValue(entry) {
		return nil
	}
	var q *ssa.BinOp
	for k, e := range phi.Edges {
		if !ls.l.contains(h.Preds[k]) {
			continue
		}
		b, ok := e.(*ssa.BinOp)
		if !ok || b.Op != token.ADD || b.X != phi || b.Block() != h || q != nil && q != b {
			return nil
		}
		if c, ok := b.Y.(*ssa.Const); !ok || isStageBasic(c.Type()) {
			return nil
		}
		q = b
	}
	return q
}

// sourceName returns the name of the source variable v is assigned to,
// or "".
func sourceName(v ssa.Value) string {
	for _, r := range *v.Referrers() {
		if d, ok := r.(*ssa.DebugRef); ok && !d.IsAddr {
			if obj, ok := d.Object().(*types.Var); ok && obj.Name() != "_" {
				return obj.Name()
			}
		}
	}
	return ""
}

// shifted returns the value of q = p + c when the register of p is a
// *varShift with that c: the staged variable, read.
func (fr *frame) shifted(in *ssa.BinOp) (value, bool) {
	if in.Op != token.ADD {
		return nil, false
	}
	i, ok := fr.info.idx[in.X]
	if !ok {
		return nil, false
	}
	vs, ok := fr.regs[i].(*varShift)
	if !ok {
		return nil, false
	}
	c, ok := in.Y.(*ssa.Const)
	if !ok || !identical(fr.ev.constant(c), vs.c) {
		return nil, false
	}
	ev := fr.ev
	ev.at()
	return &rep{e: ev.b.ReadVar(vs.v), why: &why{pos: ev.whyPos(in.Pos()), what: "a variable of a staged loop"}}, true
}

// backEdge assigns the header's phis for the back edge from block from.
func (ls *loopState) backEdge(from *ssa.BasicBlock) {
	fr := ls.fr
	h := ls.l.header
	k := slices.Index(h.Preds, from)
	n := fr.info.phis[h.Index]
	vals := make([]value, n)
	for i := range n {
		vals[i] = fr.get(h.Instrs[i].(*ssa.Phi).Edges[k])
	}
	ls.assignPhis(vals)
}

// assignPhis assigns values to the header's phis (their variables).
func (ls *loopState) assignPhis(vals []value) {
	ev := ls.fr.ev
	h := ls.l.header
	ls.check(vals)
	ls.convertSplitPhis(vals, nil)
	for i := range vals {
		if vals[i] == nil {
			panic("BUG: a back edge without the value of a phi")
		}
		if ls.shifts[i] != nil && ls.form == shapeHeader {
			continue // incremented once, at the end of the body
		}
		if !ls.writePhi(i, vals[i]) {
			phi := h.Instrs[i].(*ssa.Phi)
			ev.fail("%s changes in a staged loop (its condition is a Rep), but it holds %s, which cannot be a variable of the generated code", varName(phi), describe(vals[i]))
		}
	}
}

// backValue returns the index of the header phi whose back-edge value
// (edge k) is v, or -1.
func (ls *loopState) backValue(v ssa.Value, k int) int {
	h := ls.l.header
	for i := range ls.fr.info.phis[h.Index] {
		if h.Instrs[i].(*ssa.Phi).Edges[k] == v {
			return i
		}
	}
	return -1
}

func commentOf(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Phi:
		return v.Comment
	case *ssa.Alloc:
		return v.Comment
	}
	return ""
}

// ssaLocals names, for messages, the locals go/ssa makes for itself (its
// comment would read as a variable of the user's: "variable
// rangeint.iter").
var ssaLocals = map[string]string{
	"rangeint.iter": "the counter of a range over an integer",
	"rangeindex":    "the index of a range loop",
	"complit":       "a composite literal",
}

// varName names a value of the staging function for messages: its
// variable, or its SSA name.
func varName(v ssa.Value) string {
	c := commentOf(v)
	if s, ok := ssaLocals[c]; ok {
		return s
	}
	if c != "" {
		return "variable " + c
	}
	return "the value " + v.Name()
}
