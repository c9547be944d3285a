package frontend

import (
	"go/types"
	"slices"
)

// This file evaluates reflect on static maps: Value.MapRange and the
// *reflect.MapIter it returns, Value.Len, Clear, MapIndex and SetMapIndex
// of a map, and reflect.MakeMap (reflect.go). A
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

// mapValueMethod evaluates MapRange, Len, Clear and MapIndex on the map
// Value r.
func (ev *evaluator) mapValueMethod(r *rvalue, m string, args []value) value {
	mt := ev.mapType(r, m)
	x, _ := r.v.(*mapV)
	switch m {
	case "MapIndex":
		k := ev.mapKeyArg(valueOf(args[0]), mt.Key(), m)
		if x != nil {
			if j, ok := x.idx[mapKey(k)]; ok {
				return native{v: &rvalue{t: mt.Elem(), v: copyVal(ev.load(x.vals[j])), ro: r.ro}}
			}
		}
		return native{v: &rvalue{}}
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

// setMapIndex evaluates r.SetMapIndex(key, elem): elem stored under key
// in the map r, or key deleted when elem is the zero Value, with
// reflect's panics of strings (a Value of the wrong kind, whose panic is
// a *reflect.ValueError, is refused).
func (ev *evaluator) setMapIndex(r *rvalue, args []value) value {
	const m = "SetMapIndex"
	mt, ok := r.t.Underlying().(*types.Map)
	if !ok {
		ev.fail("reflect: call of reflect.Value.%s on %s Value (reflect's *ValueError panic is not modelled)", m, kindOf(r.t))
	}
	key, elem := valueOf(args[0]), valueOf(args[1])
	if r.ro || key.ro {
		panic(reflectPanic("reflect: reflect.Value." + m + " using value obtained using unexported field"))
	}
	x, _ := r.v.(*mapV)
	k := ev.mapKeyArg(key, mt.Key(), m)
	if elem.t == nil {
		ev.mapDelete(x, k)
		return nil
	}
	if elem.ro {
		panic(reflectPanic("reflect: reflect.Value." + m + " using value obtained using unexported field"))
	}
	ev.mapAssign(x, k, ev.assignedTo(elem, mt.Elem(), m))
	return nil
}

// mapKeyArg returns the key Value key of the method m as a key of type
// kt.
func (ev *evaluator) mapKeyArg(key *rvalue, kt types.Type, m string) value {
	if key.t == nil {
		ev.fail("reflect: reflect.Value.%s with the zero Value as a key (reflect's *ValueError panic is not modelled)", m)
	}
	return ev.assignedTo(key, kt, m)
}

// assignedTo returns x as a value of type t, as reflect's assignTo does
// for the method m: x's type must be assignable to t.
func (ev *evaluator) assignedTo(x *rvalue, t types.Type, m string) value {
	if !types.AssignableTo(x.t, t) {
		panic(reflectPanic("reflect.Value." + m + ": value of type " + reflectString(x.t) + " is not assignable to type " + reflectString(t)))
	}
	return ev.asType(x, t)
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
