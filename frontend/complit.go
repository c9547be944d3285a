package frontend

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// This file lets the load of a composite literal take the literal's
// storage instead of copying it.
//
// go/ssa builds the value T{a, b} as a cell of its own (an Alloc
// commented "complit"), a store through the address of each field or
// element, and one load of the whole cell. A load copies a struct or an
// array (evaluator.load): the cell's storage may be written after. But
// when the cell has no other use, no store follows its one load (the
// literal would lack the value stored), so the loaded value may be the
// cell's storage itself: the cell is never read or written again. An
// unrolled loop building a struct literal per iteration allocates its
// storage once, not twice.

// literalLoads returns the loads of fn that are the only use, besides
// stores through the addresses of its fields or elements, of the cell of
// a composite literal; nil if none.
func literalLoads(fn *ssa.Function) map[*ssa.UnOp]bool {
	var loads map[*ssa.UnOp]bool
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			a, ok := instr.(*ssa.Alloc)
			if !ok || a.Comment != "complit" {
				continue
			}
			if ld := literalLoad(a); ld != nil {
				if loads == nil {
					loads = map[*ssa.UnOp]bool{}
				}
				loads[ld] = true
			}
		}
	}
	return loads
}

// literalLoad returns the one load of the cell a, if its other uses are
// addresses of its fields or elements used only to store through; nil
// otherwise.
func literalLoad(a *ssa.Alloc) *ssa.UnOp {
	var load *ssa.UnOp
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || load != nil {
				return nil
			}
			load = r
		case *ssa.FieldAddr:
			if !onlyStoredThrough(r) {
				return nil
			}
		case *ssa.IndexAddr:
			if !onlyStoredThrough(r) {
				return nil
			}
		default:
			return nil
		}
	}
	return load
}

// onlyStoredThrough reports whether the address v is used only as the
// address of stores.
func onlyStoredThrough(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if s, ok := r.(*ssa.Store); !ok || s.Addr != v || s.Val == v {
			return false
		}
	}
	return true
}

// takeLiteral returns the struct or array in the cell p of a composite
// literal, for its last load (literalLoads): what load returns, without
// the copy. It reports false when load would do more than copy: a leaf
// is a staged variable or an element of a materialized slice (load
// reads it in the generated code), or the reads are logged.
func (ev *evaluator) takeLiteral(p *value) (value, bool) {
	v := *p
	if !plainLeaves(v) || ev.readLog() {
		return nil, false
	}
	return v, true
}

// plainLeaves reports whether no leaf of v is a *varRef or a *matElem.
func plainLeaves(v value) bool {
	switch v := v.(type) {
	case structure:
		for _, x := range v {
			if !plainLeaves(x) {
				return false
			}
		}
	case array:
		for _, x := range v {
			if !plainLeaves(x) {
				return false
			}
		}
	case *varRef, *matElem:
		return false
	}
	return true
}
