package frontend

import (
	"go/types"
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file builds staged conditionals and merges the state of their two
// branches.

type branchResult struct {
	out outcome
	// which is -1 when the branches were merged; 0 when the then branch
	// always panics (the conditional is built with an empty else, and
	// control continues with the else branch outside it); 1 likewise when
	// the else branch always panics.
	which int
}

// captured is the state a branch left: for each key (cell or register)
// written in it, the first journal entry (with the value before the
// conditional) and the final value.
type captured struct {
	keys  []jentry
	final []value
	index map[*value]int
}

// branch builds the staged conditional "if c { then } else { else }",
// evaluating each function inside a block of the graph, and merges.
func (fr *frame) branch(c ir.Exp, stop *stopSet, thenF, elseF func() outcome) branchResult {
	ev := fr.ev
	pos := ev.pos
	var conv []aosConv // split slices to convert at the end of a branch (aosconv.go)
	var mats []matAt   // static slices to materialize at the end of a branch (matbranch.go)
	for attempt := 0; ; attempt++ {
		if attempt > 64 {
			panic("BUG: a staged conditional restarts forever")
		}
		r := ev.pushRegion(rIf)
		symMark := ev.b.Graph().NumSyms()
		var tOut, eOut outcome
		var tc, ec *captured
		arm := func(f func() outcome, holds bool, out *outcome, cap **captured) *ir.Block {
			return ev.b.Reify(nil, func([]ir.Exp) ir.Exp {
				ev.catchRestart(r, func() {
					defer ev.assume(c, holds)()
					*out = f()
					ev.materializeAtEnd(r, mats)
					*cap = ev.capture(r)
					ev.convertAtMerge(*cap, conv)
				})
				ev.rollback(r.mark)
				return ev.b.Unit()
			})
		}
		tb := arm(thenF, true, &tOut, &tc)
		if r.restart == nil && tOut.diverged() {
			ev.popRegion(r)
			eb := ev.b.Reify(nil, func([]ir.Exp) ir.Exp { return ev.b.Unit() })
			ev.pos = pos
			ev.at()
			ev.b.ReflectEffect(ir.OpIf, ir.Void, nil, []ir.Exp{c}, []*ir.Block{tb, eb}, nil, nil, false, 0)
			return branchResult{which: 0}
		}
		var eb *ir.Block
		if r.restart == nil {
			eb = arm(elseF, false, &eOut, &ec)
		}
		ev.popRegion(r)
		ev.pos = pos
		if r.restart != nil {
			ev.applyRestart(r.restart)
			continue
		}
		if eOut.diverged() {
			tb = ev.b.Reify(nil, func([]ir.Exp) ir.Exp { return ev.b.Unit() })
			ev.at()
			ev.b.ReflectEffect(ir.OpIf, ir.Void, nil, []ir.Exp{c}, []*ir.Block{tb, eb}, nil, nil, false, 0)
			return branchResult{which: 1}
		}
		if tOut.closed || eOut.closed {
			ev.fail("unsupported control flow: the test of a staged loop is inside a staged conditional")
		}
		m := &merger{ev: ev, fr: fr, start: r.start, symMark: symMark, cond: c, stop: stop, conv: &conv, mats: &mats}
		out := m.merge(tc, ec, tOut, eOut)
		if m.restart != nil {
			ev.applyRestart(m.restart)
			continue
		}
		// Build the conditional.
		ev.at()
		tvals := make([]ir.Exp, len(m.slots))
		evals := make([]ir.Exp, len(m.slots))
		types := make([]*ir.Type, len(m.slots))
		for i, s := range m.slots {
			tvals[i], evals[i], types[i] = s.te, s.ee, s.t
		}
		tb.Res, eb.Res = ev.tuple(tvals), ev.tuple(evals)
		rt := ir.TupleOf(types)
		// A slice of the generated code merged here escapes its alias
		// class: writes through the other are writes to it.
		var ife ir.Exp
		joined := false
		if len(m.slots) == 1 {
			// if c { K } else if c2 { K } else { E }: one condition.
			ife, joined = ev.b.JoinArms(c, rt, tb, eb)
		}
		if !joined {
			esc := ev.b.Escape(tb.Res, eb.Res)
			ife = ev.b.ReflectEffect(ir.OpIf, rt, nil, []ir.Exp{c}, []*ir.Block{tb, eb}, nil, esc, false, 0)
		}
		w := &why{pos: ev.whyPos(pos), what: "a value merged by a staged conditional"}
		for i, s := range m.slots {
			e := ife
			if len(m.slots) > 1 {
				e = ev.b.Proj(ife, i)
			}
			s.r.e, s.r.why = e, w
		}
		// Assign the merged values.
		for _, a := range m.assigns {
			if a.key.fr != nil {
				if a.key.reg < 0 {
					a.key.fr.setRet(a.v)
				} else {
					a.key.fr.setReg(a.key.reg, a.v)
				}
			} else {
				ev.rawWrite(a.key.p, a.v)
			}
		}
		return branchResult{out: out, which: -1}
	}
}

func (ev *evaluator) tuple(xs []ir.Exp) ir.Exp {
	if len(xs) == 0 {
		return ev.b.Unit()
	}
	return ev.b.Tuple(xs...)
}

// rawWrite assigns a cell after a merge (journaled for enclosing regions).
func (ev *evaluator) rawWrite(p *value, v value) {
	if bd := ev.birth[p]; ev.outer(bd) {
		ev.outerWrite(bd, p)
		ev.journal = append(ev.journal, jentry{p: p, old: *p})
	}
	*p = v
}

// applyRestart does what a restarting region asked for, before it is
// built again.
func (ev *evaluator) applyRestart(rr *restartReq) {
	for _, m := range rr.material {
		ev.materializeBase(m)
	}
	if len(rr.promote) > 0 && rr.target.kind != rLoop && rr.target.kind != rLambda {
		panic("BUG: promotion requested from a non-loop region")
	}
}

// capture records the state a branch leaves, inside the branch's block
// (staged variables are read there).
func (ev *evaluator) capture(r *region) *captured {
	c := &captured{index: map[*value]int{}}
	for _, e := range ev.journal[r.mark:] {
		if _, ok := c.index[e.p]; ok || e.undo != nil {
			continue
		}
		c.index[e.p] = len(c.keys)
		c.keys = append(c.keys, e)
	}
	for _, e := range c.keys {
		c.final = append(c.final, ev.demote(*e.p))
	}
	return c
}

// isVarValue reports whether v is a staged variable's register content,
// which demote reads.
func isVarValue(v value) bool {
	switch v.(type) {
	case *varRef, *varComposite, *varShift:
		return true
	}
	return false
}

// demote turns a value that refers to state of the block being left
// (staged variables, storage materialized in it) into plain values.
func (ev *evaluator) demote(v value) value {
	switch x := v.(type) {
	case *varRef, *varComposite, *varShift:
		if vc, ok := x.(*varComposite); ok {
			return ev.resolve(vc.v)
		}
		return ev.resolve(x)
	case structure:
		c := make(structure, len(x))
		for i := range x {
			c[i] = ev.demote(x[i])
		}
		return c
	case array:
		c := make(array, len(x))
		for i := range x {
			c[i] = ev.demote(x[i])
		}
		return c
	case sliceV:
		if m, ok := ev.soaMaterialized(x); ok {
			return m
		}
		if len(x.base) > 0 {
			if m, ok := ev.mats[&x.base[0]]; ok {
				return &rep{e: ev.materialize(x, ev.b.Graph().TypeOf(m).Elem), why: &why{pos: ev.whyPos(ev.pos), what: "a materialized static slice"}}
			}
		}
	}
	return v
}

// merger merges the states of two branches.
type merger struct {
	ev      *evaluator
	fr      *frame
	start   int32 // the clock when the conditional's region started
	symMark int   // symbols from here on were built inside the branches
	cond    ir.Exp
	stop    *stopSet // where the branches stopped
	slots   []mslot
	assigns []massign
	restart *restartReq
	conv    *[]aosConv // the branch's conversions at the merge (aosconv.go)
	mats    *[]matAt   // the static slices the branches materialize at their ends (matbranch.go)
	// The branches' final states and outcomes, while merging.
	tc, ec     *captured
	tOut, eOut outcome
}

type mslot struct {
	t      *ir.Type
	te, ee ir.Exp
	r      *rep
}

type massign struct {
	key jentry
	v   value
}

func (m *merger) merge(tc, ec *captured, tOut, eOut outcome) outcome {
	ev := m.ev
	m.tc, m.ec, m.tOut, m.eOut = tc, ec, tOut, eOut
	// The exits of the conditional.
	exits := slices.Clone(tOut.exits)
	for _, e := range eOut.exits {
		if !slices.ContainsFunc(exits, func(x exitT) bool { return x.id() == e.id() }) {
			exits = append(exits, e)
		}
	}
	slices.SortFunc(exits, func(a, b exitT) int { return a.id() - b.id() })
	out := outcome{exits: exits}
	// The keys, in a deterministic order.
	keys := slices.Clone(tc.keys)
	for _, e := range ec.keys {
		if _, ok := tc.index[e.p]; !ok {
			keys = append(keys, e)
		}
	}
	for _, k := range keys {
		vT, vE := k.old, k.old
		iT, inT := tc.index[k.p]
		iE, inE := ec.index[k.p]
		if inT {
			vT = tc.final[iT]
		}
		if inE {
			vE = ec.final[iE]
		}
		if inT != inE && isVarValue(k.old) {
			// A staged loop's variable one branch leaves as it was
			// (the other left the loop and read it): the value it has
			// after that branch is the variable's before the
			// conditional, which no branch writes (a loop writes its
			// variables at its back edge, which a branch inside the
			// loop's body reaches only as an exit of its own).
			if inT {
				vE = ev.demote(k.old)
			} else {
				vT = ev.demote(k.old)
			}
		}
		liveT, liveE := m.live(k, tOut), m.live(k, eOut)
		if !liveT && !liveE {
			continue
		}
		var v value
		switch {
		case liveT && !liveE:
			v = m.oneSided(vT, true, k)
		case liveE && !liveT:
			v = m.oneSided(vE, false, k)
		default:
			v = m.value(vT, vE, k)
		}
		if m.restart != nil {
			return out
		}
		if !identical(v, k.old) {
			m.assigns = append(m.assigns, massign{key: k, v: v})
		}
	}
	if len(exits) > 1 {
		r := &rep{}
		m.slots = append(m.slots, mslot{t: ir.Int, te: ev.labelExp(tOut), ee: ev.labelExp(eOut), r: r})
		out.label = r
	} else if len(exits) == 1 {
		out.label = exits[0].id()
	}
	return out
}

// live reports whether key k matters after a branch that ended with out:
// memory always does; a register if it is used after one of the exits.
func (m *merger) live(k jentry, out outcome) bool {
	if k.fr == nil {
		return true
	}
	if k.fr != m.fr {
		panic("BUG: a register of another frame was written in a branch")
	}
	if k.reg < 0 {
		return slices.ContainsFunc(out.exits, func(e exitT) bool { return e.kind == exitReturn })
	}
	v := k.fr.info.vals[k.reg]
	for _, e := range out.exits {
		if e.kind != exitBlock {
			continue
		}
		if o := m.stop.owner(e.blk); o != nil && o.loop != nil {
			continue // a staged loop's back edge: the state is in its variables
		}
		if k.fr.info.liveAt(v, e.blk) {
			return true
		}
	}
	return false
}

// visible reports whether a value can be used after the conditional as
// it is: static, or an expression built before it.
func (m *merger) visible(v value) bool {
	switch v := v.(type) {
	case *rep:
		return v.e.IsConst() || int(v.e.Sym()) < m.symMark
	case structure:
		for _, x := range v {
			if !m.visible(x) {
				return false
			}
		}
	case array:
		for _, x := range v {
			if !m.visible(x) {
				return false
			}
		}
	case iface:
		return m.visible(v.v)
	case tuple:
		for _, x := range v {
			if !m.visible(x) {
				return false
			}
		}
	case *dynElem:
		return (v.s.IsConst() || int(v.s.Sym()) < m.symMark) && (v.i.IsConst() || int(v.i.Sym()) < m.symMark)
	}
	return true
}

// oneSided merges a value that matters only after one branch.
func (m *merger) oneSided(v value, then bool, k jentry) value {
	if m.visible(v) {
		return v
	}
	switch x := v.(type) {
	case *rep:
		t := m.ev.b.Graph().TypeOf(x.e)
		var filler ir.Exp
		switch {
		case t.IsBasic():
			filler = m.ev.b.Const(t, zeroOf(t))
		case t.Kind == ir.KSlice:
			// The other branch leaves the key unread (a
			// result not yet returned): a nil slice holds its
			// place, as a merge of two staged slices does.
			filler = m.ev.b.NilSlice(t)
		default:
			m.ev.fail("%s, assigned in one branch of a staged conditional, is %s made in that branch: not supported", m.keyName(k), describe(v))
		}
		r := &rep{}
		if then {
			m.slots = append(m.slots, mslot{t: t, te: x.e, ee: filler, r: r})
		} else {
			m.slots = append(m.slots, mslot{t: t, te: filler, ee: x.e, r: r})
		}
		return r
	case structure:
		c := make(structure, len(x))
		for i := range x {
			c[i] = m.oneSided(x[i], then, k)
		}
		return c
	case array:
		c := make(array, len(x))
		for i := range x {
			c[i] = m.oneSided(x[i], then, k)
		}
		return c
	case iface:
		return iface{t: x.t, v: m.oneSided(x.v, then, k)}
	case tuple:
		c := make(tuple, len(x))
		for i := range x {
			c[i] = m.oneSided(x[i], then, k)
		}
		return c
	}
	m.ev.fail("%s cannot be used after a staged conditional that computes it in one branch (it is %s)", m.keyName(k), describe(v))
	return nil
}

// value merges the values vT and vE a key has after each branch.
func (m *merger) value(vT, vE value, k jentry) value {
	ev := m.ev
	if identical(vT, vE) {
		if m.visible(vT) {
			return vT
		}
		switch vT.(type) {
		case structure, array, iface, tuple:
			// Merged part by part below: the parts made
			// before the conditional stay as they are.
		default:
			return m.slot(vT, vE, k)
		}
	}
	switch t := vT.(type) {
	case structure:
		if e, ok := vE.(structure); ok && len(e) == len(t) {
			c := make(structure, len(t))
			for i := range t {
				c[i] = m.value(t[i], e[i], k)
			}
			return c
		}
	case array:
		if e, ok := vE.(array); ok && len(e) == len(t) {
			c := make(array, len(t))
			for i := range t {
				c[i] = m.value(t[i], e[i], k)
			}
			return c
		}
	case iface:
		if e, ok := vE.(iface); ok && t.t != nil && e.t != nil && types.Identical(t.t, e.t) {
			return iface{t: t.t, v: m.value(t.v, e.v, k)}
		}
	case tuple:
		if e, ok := vE.(tuple); ok && len(e) == len(t) {
			c := make(tuple, len(t))
			for i := range t {
				c[i] = m.value(t[i], e[i], k)
			}
			return c
		}
	}
	if sT, sE, ok := m.splitSides(vT, vE, k); ok {
		return m.value(sT, sE, k)
	}
	if m.restart != nil {
		return nil
	}
	_, sT := vT.(sliceV)
	_, sE := vE.(sliceV)
	if sT || sE {
		vT, vE = m.sliceSide(vT, vE, k), m.sliceSide(vE, vT, k)
		if m.restart != nil {
			return nil
		}
		_, xT := vT.(structure)
		_, xE := vE.(structure)
		_, sT = vT.(sliceV)
		_, sE = vE.(sliceV)
		if (xT || xE) && !sT && !sE {
			// A static slice of structs materialized as a split slice.
			return m.value(vT, vE, k)
		}
	}
	_, rT := vT.(*rep)
	_, rE := vE.(*rep)
	if rT || rE || (irTypeOfValue(vT) != nil && irTypeOfValue(vE) != nil) {
		return m.slot(vT, vE, k)
	}
	if t := staticErrors(vT, vE); t != nil {
		return m.slotOf(t, vT, vE, k) // two static errors (opaque.go)
	}
	ev.fail("%s is assigned different values in the branches of a staged conditional (its condition is a Rep), and %s cannot be a value of the generated code", m.keyName(k), describe(vT))
	return nil
}

// slot makes a result of the conditional for two liftable values.
func (m *merger) slot(vT, vE value, k jentry) value {
	ev := m.ev
	var t *ir.Type
	if r, ok := vT.(*rep); ok {
		t = ev.b.Graph().TypeOf(r.e)
	} else if r, ok := vE.(*rep); ok {
		t = ev.b.Graph().TypeOf(r.e)
	} else {
		t = irTypeOfValue(vT)
	}
	if t == nil {
		ev.fail("%s cannot be merged after a staged conditional", m.keyName(k))
	}
	return m.slotOf(t, vT, vE, k)
}

// slotOf makes a result of type t of the conditional for two values
// liftable to t.
func (m *merger) slotOf(t *ir.Type, vT, vE value, k jentry) value {
	ev := m.ev
	te := ev.liftTo(vT, t, m.keyName(k))
	ee := ev.liftTo(vE, t, m.keyName(k))
	r := &rep{}
	m.slots = append(m.slots, mslot{t: t, te: te, ee: ee, r: r})
	return r
}

// sliceSide prepares a static slice for merging with other: a slice
// whose storage is materialized becomes a Rep; one whose storage existed
// before the conditional is materialized before it (by a restart).
func (m *merger) sliceSide(v, other value, k jentry) value {
	ev := m.ev
	s, ok := v.(sliceV)
	if !ok {
		return v
	}
	if leaves := m.soaLeaves(s, other, k); leaves != nil {
		return m.soaSide(s, leaves, k)
	}
	et := m.elemType(s, other, k)
	if len(s.base) > 0 {
		if _, ok := ev.mats[&s.base[0]]; ok {
			return &rep{e: ev.materialize(s, et), why: &why{pos: ev.whyPos(ev.pos), what: "a materialized static slice"}}
		}
		m.materializeStatic(k, s, matReq{elem: et})
		return v
	}
	// A nil or empty static slice becomes an empty slice of the
	// generated code.
	return &rep{e: ev.materialize(s, et), why: &why{pos: ev.whyPos(ev.pos), what: "an empty static slice"}}
}

// elemType finds the element type of a static slice being merged.
func (m *merger) elemType(s sliceV, other value, k jentry) *ir.Type {
	ev := m.ev
	if r, ok := other.(*rep); ok {
		if t := ev.b.Graph().TypeOf(r.e); t.Kind == ir.KSlice {
			return t.Elem
		}
	}
	if k.fr != nil && k.reg >= 0 {
		if t := irTypeOf(k.fr.info.vals[k.reg].Type()); t != nil && t.Kind == ir.KSlice {
			return t.Elem
		}
	}
	for _, x := range s.elems() {
		if r, ok := x.(*rep); ok {
			return ev.b.Graph().TypeOf(r.e)
		}
		if t := irTypeOfValue(x); t != nil {
			return t
		}
	}
	ev.fail("%s, a static slice, cannot be merged after a staged conditional", m.keyName(k))
	return nil
}

// keyName names a key for messages.
func (m *merger) keyName(k jentry) string {
	if k.fr != nil {
		if k.reg < 0 {
			return "the result of " + funcName(k.fr.fn)
		}
		return varName(k.fr.info.vals[k.reg])
	}
	return "a static variable"
}
