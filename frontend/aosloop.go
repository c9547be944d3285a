package frontend

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file merges a []T the caller passed (an array of structs, aos.go)
// with a slice of structs the kernel makes (split per field, soa.go)
// across a staged loop, as aosmerge.go does across a staged conditional:
//
//	s := param
//	for i := 0; i < n; i++ {
//		s = make([]T, i+1)
//		...
//	}
//
// The loop's variable holds the caller's kind (its value on entry): at
// each back edge that assigns it a split slice, the slice is converted
// (soaToAoS: a new array of its capacity, every element moved field by
// field, sliced to its length). The conversion copies, so it is exact only
// when nothing else can reach the split slice's array in the next
// iteration or after the loop: the array is made in the loop's body (after
// the loop's variables, so no value from before the loop refers to it),
// has not escaped (ir.Builder.Object), and no other value carried to the
// next iteration (the other variables of the loop, the static cells it
// promoted to variables, the values saved for after the loop) holds a
// slice of it. Anything else is a positioned refusal, and so is the other
// way round (a split slice on entry, the caller's kind assigned in the
// body: converting the entry value would separate it from the values
// that share its array before the loop).
//
// A variable the body assigns but never reads has no header phi: go/ssa
// merges it after the loop only (a range over an int is
// `if 0 < n { loop }`, the variable's phi at the conditional's join). Its
// split slice is converted where the loop saves it for after the loop
// (convertSaves), with the same checks, when a phi after the loop takes
// it with the caller's kind on another edge: the merge after the loop
// then meets two arrays of structs. A static slice of structs assigned
// to such a variable, or to a header variable of the caller's kind, is
// materialized as a split slice first (soamat.go).

// convertSplitPhis converts, at a back edge, the split slices vals assigns
// to loop variables of the caller's kind (arrays of structs); saved are
// the values saved at the same point for after the loop.
func (ls *loopState) convertSplitPhis(vals []value, saved []value) {
	ev := ls.fr.ev
	for i, v := range vals {
		if ls.same[i] || ls.shifts[i] != nil {
			continue
		}
		ref, ok := ls.phiTrees[i].(*varRef)
		if !ok {
			continue
		}
		t := ev.b.Graph().TypeOf(ref.v)
		if !isAoS(t) {
			continue
		}
		if sv, isSV := v.(sliceV); isSV && sv.base != nil {
			// A static slice of structs: materialized as a split slice
			// for good (soamat.go; made before the loop if its storage
			// is older than the loop, and then refused below), then
			// converted as one.
			v = ev.soaMaterialize(sv, leafTypes(t.Elem))
		}
		s, ok := v.(structure)
		if !ok {
			continue
		}
		name := varName(ls.l.header.Instrs[i].(*ssa.Phi))
		var others []value
		for j := range vals {
			if j != i {
				others = append(others, vals[j])
			}
		}
		vals[i] = ls.toCallerKind(s, t.Elem, name, append(others, saved...), false, token.NoPos)
	}
}

// toCallerKind converts s, a split slice assigned in the loop to name (a
// variable holding the caller's kind, arrays of structs of graph type st,
// after the iteration or after the loop), or refuses when the conversion
// would not be exact; others are the other values carried to the next
// iteration or out of the loop at the same point.
//
// after is whether the variable is one go/ssa merges after the loop only
// (convertSaves); made is then the position of the value it saves.
func (ls *loopState) toCallerKind(s structure, st *ir.Type, name string, others []value, after bool, made token.Pos) value {
	ev := ls.fr.ev
	objs, ok := ev.madeSince(s, ls.symMark)
	if !ok && after {
		ev.failAt(made, "%s holds a slice of %s the caller passed if a staged loop does not run and one the function makes (split per field) if it does: merging the two kinds is supported only for a slice made in the loop's body and not stored, merged or passed on (it is converted to the caller's kind when it leaves the loop, a copy that must not be shared); copy the caller's slice into a slice the function makes, or append to the caller's slice", name, userTypeName(st))
	}
	if !ok {
		ev.fail("%s holds a slice of %s the caller passed when a staged loop starts and is assigned one the function makes (split per field) in the loop: merging the two kinds is supported only for a slice made in the loop's body and not stored, merged or passed on (it is converted to the caller's kind at the end of the iteration, a copy that must not be shared); copy the caller's slice into a slice the function makes, or append to the caller's slice", name, userTypeName(st))
	}
	if len(objs) > 0 {
		for _, p := range ls.promoted {
			others = append(others, *p)
		}
		for _, o := range others {
			if ev.holdsObject(o, objs, map[*value]bool{}) {
				ev.fail("%s holds a slice of %s the caller passed when a staged loop starts and is assigned one the function makes (split per field) in the loop, and another value carried to the next iteration or out of the loop shares the array of the one the function makes: merging the two kinds would separate them (the slice is converted to the caller's kind, a copy)", name, userTypeName(st))
			}
		}
	}
	e := ev.soaToAoS(s, st)
	ev.b.Keep(e)
	return ev.newRep(e, "a slice of structs the function makes, converted to the caller's kind where a staged loop's variable holds one", s...)
}

// refuseAoSIntoSplit refuses assigning v, a slice of the caller's kind
// (an array of structs), to the variables tree of a loop variable that
// holds a split slice; name names the variable.
func (ev *evaluator) refuseAoSIntoSplit(tree, v value, name string) {
	if _, ok := tree.(structure); !ok {
		return
	}
	r, ok := v.(*rep)
	if !ok {
		return
	}
	if t := ev.b.Graph().TypeOf(r.e); isAoS(t) {
		ev.fail("%s holds a slice of %s the function makes (split per field) when a staged loop starts and is assigned one the caller passed in the loop: not supported (converting the slice it starts with would separate it from the values sharing its array); make the variable hold the caller's slice before the loop, or copy the caller's slice into a slice the function makes", name, userTypeName(t.Elem))
	}
}

// leafTypes returns the graph types of the leaves of the struct type st.
func leafTypes(st *ir.Type) []*ir.Type {
	fs := st.Leaves()
	out := make([]*ir.Type, len(fs))
	for k, f := range fs {
		out[k] = f.Type
	}
	return out
}

// convertSaves converts the split slices saved at an exit of the loop for
// a value that meets one of the caller's kind after the loop (aosAfter):
// the loop's variable for it then holds the caller's kind, as a header
// phi's does. This is the shape go/ssa gives a variable the body assigns
// but never reads (a range over an int: `if 0 < n { loop }`, the
// variable's phi after the loop, none in the header).
func (ls *loopState) convertSaves(keys []slotKey, saved []value, carried []value) {
	for i, v := range saved {
		if keys[i].v == nil {
			continue
		}
		st := ls.aosAfter(keys[i].v)
		if st == nil {
			continue
		}
		if sv, isSV := v.(sliceV); isSV && sv.base != nil {
			v = ls.fr.ev.soaMaterialize(sv, leafTypes(st))
		}
		s, ok := v.(structure)
		if !ok {
			continue
		}
		var others []value
		for j := range saved {
			if j != i {
				others = append(others, saved[j])
			}
		}
		made := keys[i].v.Pos()
		if p, ok := keys[i].v.(*ssa.Phi); ok {
			for k, e := range p.Edges {
				if ls.l.contains(p.Block().Preds[k]) && e.Pos().IsValid() {
					made = e.Pos()
				}
			}
		}
		if !made.IsValid() {
			made = ls.fr.ev.pos
		}
		saved[i] = ls.toCallerKind(s, st, varName(keys[i].v), append(others, carried...), true, made)
	}
}

// aosAfter returns the graph type of the structs if v, a value saved for
// after the loop, is an edge of a phi outside the loop (or is one) that
// another edge gives a slice of the caller's kind already known.
func (ls *loopState) aosAfter(v ssa.Value) *ir.Type {
	fr, ev := ls.fr, ls.fr.ev
	var phis []*ssa.Phi
	if p, ok := v.(*ssa.Phi); ok && outside(ls.l, p) {
		phis = append(phis, p)
	}
	if rs := v.Referrers(); rs != nil {
		for _, r := range *rs {
			if p, ok := r.(*ssa.Phi); ok && outside(ls.l, p) {
				phis = append(phis, p)
			}
		}
	}
	for _, p := range phis {
		for k, e := range p.Edges {
			if e == v || ls.l.contains(p.Block().Preds[k]) {
				continue
			}
			if _, isInstr := e.(ssa.Instruction); !isInstr {
				if _, isParam := e.(*ssa.Parameter); !isParam {
					continue
				}
			}
			i, ok := fr.regOf(e)
			if !ok {
				continue
			}
			var t *ir.Type
			switch x := fr.regs[i].(type) {
			case *rep:
				t = ev.b.Graph().TypeOf(x.e)
			case *varRef:
				t = ev.b.Graph().TypeOf(x.v)
			}
			if t != nil && isAoS(t) {
				return t.Elem
			}
		}
	}
	return nil
}
