package frontend

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file merges a []T the caller passed (an array of structs, aos.go)
// with a slice of structs the kernel made (split per field, soa.go) across
// a staged conditional:
//
//	s := param
//	if c {
//		s = make([]T, n)
//	}
//
// After the merge s is an array of structs: the branch that holds the
// split slice converts it at its end (soaToAoS: a new array of its
// capacity, every element moved field by field, sliced to its length).
// Through s, the caller's array is written after the branch that kept
// the parameter, as in Go, and a new array after the other, which the
// caller never sees, as in Go.
//
// The conversion copies the split slice, so it is exact only if no other
// slice shares the split slice's array after the merge (a write through
// s must be seen through it in Go). It is done only when the array is
// made in the branch (so no value from before the conditional refers to
// it) and has not escaped (ir.Builder.Object: every slice sharing it is
// derived from the make in the graph), and no other value that lives
// after the branch holds a slice of it. Anything else is a positioned
// refusal.
//
// The split slice is only known to meet an array of structs when the
// branches are merged, after both are built: the merger asks for the
// conversion and the conditional is built again (a restart), the branch
// converting at its end (convertAtMerge).

// aosConv is a key whose split slice a branch converts to an array of
// structs of graph type st at its end.
type aosConv struct {
	key jentry
	st  *ir.Type
}

// convertSplit asks for the split slice s, the value of key k after the
// then branch if then, else after the else branch, to be converted to an
// array of structs of graph type st at the end of its branch, or refuses
// when the conversion would not be exact.
func (m *merger) convertSplit(s structure, then bool, st *ir.Type, k jentry) {
	ev := m.ev
	c, out := m.ec, m.eOut
	if then {
		c, out = m.tc, m.tOut
	}
	for _, a := range *m.conv {
		if a.key.p == k.p {
			panic("BUG: a split slice converted at a merge is still split")
		}
	}
	objs, ok := ev.madeSince(s, m.symMark)
	if !ok {
		ev.fail("%s is a slice of %s the caller passed after one branch of a staged conditional and one the function makes (split per field) after the other: merging the two kinds is supported only for a slice made in the branch and not stored, merged or passed on (the merge converts it to the caller's kind, a copy that must not be shared); copy the caller's slice into a slice the function makes, or append to the caller's slice", m.keyName(k), userTypeName(st))
	}
	for i, o := range c.keys {
		if o.p == k.p || !m.live(o, out) {
			continue
		}
		if ev.holdsObject(c.final[i], objs, map[*value]bool{}) {
			ev.fail("%s is a slice of %s the caller passed after one branch of a staged conditional and one the function makes (split per field) after the other, and %s shares the array of the one the function makes: merging the two kinds would separate them (the merge converts it to the caller's kind, a copy)", m.keyName(k), userTypeName(st), m.keyName(o))
		}
	}
	*m.conv = append(*m.conv, aosConv{key: k, st: st})
	if m.restart == nil {
		m.restart = &restartReq{}
	}
}

// holdsObject reports whether v holds a slice of the array of one of the
// makes objs, looking through pointers (seen: the cells looked at).
func (ev *evaluator) holdsObject(v value, objs map[ir.Sym]bool, seen map[*value]bool) bool {
	switch x := v.(type) {
	case *rep:
		o, ok := ev.b.Object(x.e)
		return ok && objs[o]
	case *varRef:
		return ev.b.Graph().TypeOf(x.v).Kind == ir.KSlice
	case *dynElem:
		o, ok := ev.b.Object(x.s)
		return ok && objs[o]
	case *soaElem:
		return ev.holdsObject(x.s, objs, seen)
	case *varComposite:
		return ev.holdsObject(x.v, objs, seen)
	case iface:
		return ev.holdsObject(x.v, objs, seen)
	case *value:
		if x == nil || seen[x] {
			return false
		}
		seen[x] = true
		return ev.holdsObject(*x, objs, seen)
	case structure:
		return ev.holdsAny(x, objs, seen)
	case array:
		return ev.holdsAny(x, objs, seen)
	case tuple:
		return ev.holdsAny(x, objs, seen)
	case sliceV:
		for i := range x.base {
			if ev.holdsObject(&x.base[i], objs, seen) {
				return true
			}
		}
	case *closure:
		return ev.holdsAny(x.env, objs, seen)
	case *stagedFn:
		return ev.holdsObject(x.f, objs, seen)
	case *mapV:
		for _, p := range x.vals {
			if ev.holdsObject(p, objs, seen) {
				return true
			}
		}
		return ev.holdsAny(x.keys, objs, seen)
	}
	return false
}

// holdsAny reports whether one of xs holds a slice of one of objs.
func (ev *evaluator) holdsAny(xs []value, objs map[ir.Sym]bool, seen map[*value]bool) bool {
	for _, x := range xs {
		if ev.holdsObject(x, objs, seen) {
			return true
		}
	}
	return false
}

// convertAtMerge converts, at the end of a branch that left the state c,
// the split slices the merge asked for (conv) to arrays of structs; a key
// the branch did not write (its split slice is from before the
// conditional) is added to c with the converted value.
func (ev *evaluator) convertAtMerge(c *captured, conv []aosConv) {
	for _, a := range conv {
		v := *a.key.p
		i, written := c.index[a.key.p]
		if written {
			v = c.final[i]
		}
		s, ok := v.(structure)
		if !ok {
			continue
		}
		e := ev.soaToAoS(s, a.st)
		ev.b.Keep(e) // the branch's result, known after it is built
		r := ev.newRep(e, "a slice of structs the function makes, converted to the caller's kind where it meets one", s...)
		if written {
			c.final[i] = r
			continue
		}
		c.index[a.key.p] = len(c.keys)
		c.keys = append(c.keys, a.key)
		c.final = append(c.final, r)
	}
}

// madeSince returns the objects (the arrays) of the leaves of the split
// slice s, nil leaves aside, and whether every one was made by a symbol
// from mark on (inside the region being built).
func (ev *evaluator) madeSince(s structure, mark int) (map[ir.Sym]bool, bool) {
	objs := map[ir.Sym]bool{}
	for _, x := range s {
		e := leafExp(x)
		if !e.IsConst() {
			if d := ev.b.Graph().Def(e.Sym()); d != nil && d.Op == ir.OpSliceNil {
				continue
			}
		}
		o, ok := ev.b.Object(e)
		if !ok || int(o) < mark {
			return nil, false
		}
		objs[o] = true
	}
	return objs, true
}
