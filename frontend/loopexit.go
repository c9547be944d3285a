package frontend

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file handles the exits of a staged loop: it saves the values live
// after the loop (exit phis, values defined in the loop, results of a
// return inside it) and continues with the code after the loop.

// definedHere reports whether register v was assigned in the current
// iteration.
func (ls *loopState) definedHere(v ssa.Value) bool {
	fr, ev := ls.fr, ls.fr.ev
	i, ok := fr.info.idx[v]
	if !ok {
		return false
	}
	p := &fr.regs[i]
	for _, e := range ev.journal[ls.region.mark:] {
		if e.p == p {
			return true
		}
	}
	return false
}

// saveSlot saves the value of an exit slot: in its staged variables, or
// as a static value that must be the same at every exit.
func (ls *loopState) saveSlot(k slotKey, v value) {
	ev := ls.fr.ev
	if tree, ok := ls.exitTrees[k]; ok {
		if !ls.writeVars(tree, v) {
			ev.fail("%s is used after a staged loop, but it holds %s, which differs between the loop's exits and cannot be a variable of the generated code", ls.slotName(k), describe(v))
		}
		return
	}
	if !hasRep(v, 0) {
		prev, seen := ls.exitSeen[k]
		if !seen || identical(prev, v) {
			ls.exitSeen[k] = v
			return
		}
	}
	ev.unwind(&restartReq{target: ls.region, vars: map[slotKey]value{k: v}})
}

func (ls *loopState) slotName(k slotKey) string {
	if k.ret > 0 {
		return "a result of " + funcName(ls.fr.fn)
	}
	return varName(k.v)
}

// exitTo handles an exit of the loop to block t (its phis evaluated).
func (ls *loopState) exitTo(t *ssa.BasicBlock) {
	fr, ev := ls.fr, ls.fr.ev
	if ls.form != shapeGeneral {
		ev.unwind(&restartReq{target: ls.region, general: true})
	}
	ls.taken[exitT{kind: exitBlock, blk: t}.id()] = true
	ls.checkCells()
	var keys []slotKey
	var saved []value
	for i := range fr.info.phis[t.Index] {
		phi := t.Instrs[i].(*ssa.Phi)
		keys = append(keys, slotKey{v: phi})
		saved = append(saved, fr.get(phi))
	}
	for _, v := range ls.l.liveOut {
		if ls.definedHere(v) {
			keys = append(keys, slotKey{v: v})
			saved = append(saved, fr.get(v))
		}
	}
	ls.convertSaves(keys, saved, nil)
	for i, k := range keys {
		ls.saveSlot(k, saved[i])
	}
	if ls.hasLbl {
		ev.at()
		ev.b.WriteVar(ls.lbl, ev.b.Const(ir.Int, t.Index+2))
		ev.writes++
	}
}

// exitReturn handles a return from inside the loop (result in fr.ret).
func (ls *loopState) exitReturn() {
	fr, ev := ls.fr, ls.fr.ev
	if ls.form != shapeGeneral {
		ev.unwind(&restartReq{target: ls.region, general: true})
	}
	ls.taken[exitT{kind: exitReturn}.id()] = true
	ls.checkCells()
	switch r := fr.ret.(type) {
	case tuple:
		for i, x := range r {
			ls.saveSlot(slotKey{ret: i + 1}, x)
		}
	case nil:
	default:
		ls.saveSlot(slotKey{ret: 1}, r)
	}
	if ls.hasLbl {
		ev.at()
		ev.b.WriteVar(ls.lbl, ev.b.Const(ir.Int, 1))
		ev.writes++
	}
}

// slotValue returns the value of an exit slot after the loop, and
// whether it has one.
func (ls *loopState) slotValue(k slotKey) (value, bool) {
	if tree, ok := ls.exitTrees[k]; ok {
		return ls.fr.ev.resolve(tree), true
	}
	v, ok := ls.exitSeen[k]
	return v, ok
}

// after continues once the loop is built.
func (ls *loopState) after() next {
	fr, ev := ls.fr, ls.fr.ev
	h := ls.l.header
	switch ls.form {
	case shapeHeader:
		ls.testHeader()
		out := h.Succs[0]
		if ls.l.contains(out) {
			out = h.Succs[1]
		}
		return fr.edge(h, out, ls.stop)
	case shapeBottom:
		b := ls.l.latches[0]
		t := b.Succs[0]
		if t == h {
			t = b.Succs[1]
		}
		kh := slices.Index(h.Preds, b)
		kt := slices.Index(t.Preds, b)
		var phis []value
		for i := range fr.info.phis[t.Index] {
			phi := t.Instrs[i].(*ssa.Phi)
			w := phi.Edges[kt]
			if j := ls.backValue(w, kh); j >= 0 {
				phis = append(phis, fr.get(h.Instrs[j].(*ssa.Phi)))
			} else if ls.rot != nil && outside(ls.l, w) {
				phis = append(phis, fr.get(w))
			} else if v, ok := ls.slotValue(slotKey{v: phi}); ok {
				phis = append(phis, v)
			} else {
				phis = append(phis, nil)
			}
		}
		for _, v := range ls.l.liveOut {
			if j := ls.backValue(v, kh); j >= 0 {
				fr.set(v, fr.get(h.Instrs[j].(*ssa.Phi)))
			} else if x, ok := ls.slotValue(slotKey{v: v}); ok {
				fr.set(v, x)
			}
		}
		return fr.arriveWith(t, b, phis, ls.stop)
	}
	// General form: the values of every exit, then dispatch.
	for _, e := range ls.kinds {
		if e.kind == exitReturn {
			res := ls.fr.fn.Signature.Results()
			switch res.Len() {
			case 0:
			case 1:
				if v, ok := ls.slotValue(slotKey{ret: 1}); ok {
					fr.setRet(v)
				}
			default:
				tu := make(tuple, res.Len())
				all := true
				for i := range tu {
					v, ok := ls.slotValue(slotKey{ret: i + 1})
					tu[i], all = v, all && ok
				}
				if all {
					fr.setRet(tu)
				}
			}
			continue
		}
	}
	// An exit no path of the loop takes is not continued at: its phis
	// have no values (a loop whose every iteration returns never reaches
	// the block after it).
	kinds := slices.DeleteFunc(slices.Clone(ls.kinds), func(e exitT) bool { return !ls.taken[e.id()] })
	for j, e := range kinds {
		if e.kind != exitBlock {
			continue
		}
		n := fr.info.phis[e.blk.Index]
		if n == 0 {
			continue
		}
		phis := make([]value, n)
		for i := range n {
			phi := e.blk.Instrs[i].(*ssa.Phi)
			if v, ok := ls.slotValue(slotKey{v: phi}); ok {
				phis[i] = v
			}
		}
		kinds[j].phis = phis
	}
	for _, v := range ls.l.liveOut {
		if x, ok := ls.slotValue(slotKey{v: v}); ok {
			fr.set(v, x)
		}
	}
	out := outcome{exits: kinds}
	if len(kinds) == 1 {
		out.label = kinds[0].id()
	} else if len(kinds) > 1 {
		ev.at()
		out.label = &rep{e: ev.b.ReadVar(ls.lbl), why: &why{pos: ev.whyPos(ev.pos), what: "the exit taken by a staged loop"}}
	}
	return fr.settle(out, h, ls.stop)
}
