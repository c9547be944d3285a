package frontend

import (
	"go/types"
	"slices"
)

// This file evaluates reflect on static maps: Value.MapRange and the
// *reflect.MapIter it returns, Value.Len and Value.Clear of a map. A
// MapIter visits the entries as a range statement does (interpmap.go):
// by position, in the order of insertion, skipping entries deleted
// since, and not those added after MapRange. Its position is the
// evaluator's, which no staged construct's journal undoes: it runs under
// static control only. Maps whose keys or elements are interfaces are
// refused (their Values would be of kind Interface).

// mapIter is a *reflect.MapIter of a static map.
type mapIter struct {
	m   *mapV
	mt  *types.Map
	n   int // the entries when MapRange was called
	pos int // the next position
	cur int // the current entry; -1 before Next, -2 after the last
}

// mapType returns r's map type, failing for another kind or for
// interface keys or elements.
func (ev *evaluator) mapType(r *rvalue, m string) *types.Map {
	mt, ok := r.t.Underlying().(*types.Map)
	if !ok {
		ev.fail("reflect: call of reflect.Value.%s on %s Value", m, kindOf(r.t))
	}
	if types.IsInterface(mt.Key()) || types.IsInterface(mt.Elem()) {
		ev.fail("reflect.Value.%s of a map of type %s is not supported during staging (a key or element Value would be of kind Interface)", m, reflectString(r.t))
	}
	return mt
}

// mapValueMethod evaluates MapRange, Len and Clear on the map Value r.
func (ev *evaluator) mapValueMethod(r *rvalue, m string) value {
	mt := ev.mapType(r, m)
	x, _ := r.v.(*mapV)
	switch m {
	case "Len":
		if x == nil {
			return 0
		}
		return x.live
	case "Clear":
		ev.clearMap(x)
		return nil
	}
	it := &mapIter{m: x, mt: mt, cur: -1}
	if x != nil {
		it.n = len(x.keys)
		if x.live > 1 {
			// Natively, Go's order is random: the test must know.
			if pos := ev.l.fset.Position(ev.pos); !slices.Contains(ev.mapRanges, pos) {
				ev.mapRanges = append(ev.mapRanges, pos)
			}
		}
	}
	return native{v: it}
}

// mapIterMethod evaluates the method m of *reflect.MapIter on it.
func (ev *evaluator) mapIterMethod(it *mapIter, m string) value {
	ev.staticOnly("reflect.MapIter."+m, "the iterator's position is not undone by a staged branch")
	switch m {
	case "Next":
		if it.cur == -2 {
			ev.fail("reflect: MapIter.Next called on an exhausted iterator")
		}
		for it.pos < it.n {
			j := it.pos
			it.pos++
			if j < len(it.m.keys) && !isDeletedKey(it.m.keys[j]) {
				it.cur = j
				return true
			}
		}
		it.cur = -2
		return false
	case "Key", "Value":
		if it.cur < 0 || it.cur >= len(it.m.keys) || isDeletedKey(it.m.keys[it.cur]) {
			ev.fail("reflect: MapIter.%s called before Next, after the last entry, or on a deleted entry: not supported during staging", m)
		}
		if m == "Key" {
			return native{v: &rvalue{t: it.mt.Key(), v: copyVal(it.m.keys[it.cur])}}
		}
		return native{v: &rvalue{t: it.mt.Elem(), v: copyVal(ev.load(it.m.vals[it.cur]))}}
	}
	ev.fail("method %s of reflect.MapIter is not supported during staging", m)
	return nil
}

// clearMap deletes every entry of the static map x, as clear(x) does.
func (ev *evaluator) clearMap(x *mapV) {
	if x == nil || x.live == 0 {
		return
	}
	keys, vals, idx, live := x.keys, x.vals, x.idx, x.live
	ev.mapChange(x, "clearing", func() { x.keys, x.vals, x.idx, x.live = keys, vals, idx, live })
	x.keys, x.vals, x.idx, x.live = nil, nil, map[any]int{}, 0
}
