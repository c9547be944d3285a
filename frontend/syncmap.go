package frontend

// This file evaluates sync.Map. Its source in the standard library is a
// concurrent hash-trie (internal/sync) that hashes keys with the
// runtime's own hash functions, which static evaluation does not have;
// its meaning for goroutines that switch only when they block is that of
// a plain map from interface keys to interface values. The map's entries
// are a static state kept per variable (its address, as for a Mutex).
// Range visits the entries in insertion order: Go leaves the order
// unspecified (the hash-trie's order changes from run to run), so any
// order is one a program can get.

// syncMap is the state of one sync.Map.
type syncMap struct {
	keys []value // insertion order; a deleted entry's slot is dead
	vals []value
	dead []bool
	idx  map[any]int // mapKey of a key to its slot
}

// syncMapOf returns the state of the sync.Map at p.
func (ev *evaluator) syncMapOf(p value) *syncMap {
	st := ev.syncOf(p)
	if st.smap == nil {
		st.smap = &syncMap{idx: map[any]int{}}
	}
	return st.smap
}

// get returns the value of key k and whether it is present.
func (m *syncMap) get(k value) (value, bool) {
	if j, ok := m.idx[mapKey(k)]; ok {
		return m.vals[j], true
	}
	return iface{}, false
}

// set stores v under k, after any entry already there.
func (ev *evaluator) syncMapSet(m *syncMap, k, v value) {
	key := mapKey(k)
	if j, ok := m.idx[key]; ok {
		m.vals[j] = v
		return
	}
	ev.alloc(64, "a sync.Map entry")
	m.idx[key] = len(m.keys)
	m.keys = append(m.keys, k)
	m.vals = append(m.vals, v)
	m.dead = append(m.dead, false)
}

// del removes the entry of k, if any.
func (m *syncMap) del(k value) {
	key := mapKey(k)
	if j, ok := m.idx[key]; ok {
		delete(m.idx, key)
		m.keys[j], m.vals[j], m.dead[j] = nil, nil, true
	}
}

// syncMapCall evaluates the method meth of sync.Map; args[0] is the
// receiver.
func (fr *frame) syncMapCall(meth string, args []value) (value, bool) {
	ev := fr.ev
	switch meth {
	case "Load", "Store", "LoadOrStore", "LoadAndDelete", "Delete", "Swap",
		"CompareAndSwap", "CompareAndDelete", "Range", "Clear":
	default:
		return nil, false
	}
	for _, a := range args[1:] {
		if hasRep(a, 0) {
			ev.fail("sync.Map.%s with a Rep: a sync.Map's keys and values are static, but %s", meth, ev.whyRep(a))
		}
	}
	if meth != "Load" {
		ev.staticOnly("sync.Map."+meth, "a sync.Map's entries are static state that no journal undoes")
	}
	m := ev.syncMapOf(args[0])
	switch meth {
	case "Load":
		v, ok := m.get(args[1])
		return tuple{v, ok}, true
	case "Store":
		ev.syncMapSet(m, args[1], args[2])
		return nil, true
	case "LoadOrStore":
		if v, ok := m.get(args[1]); ok {
			return tuple{v, true}, true
		}
		ev.syncMapSet(m, args[1], args[2])
		return tuple{args[2], false}, true
	case "LoadAndDelete":
		v, ok := m.get(args[1])
		m.del(args[1])
		return tuple{v, ok}, true
	case "Delete":
		m.del(args[1])
		return nil, true
	case "Swap":
		v, ok := m.get(args[1])
		ev.syncMapSet(m, args[1], args[2])
		return tuple{v, ok}, true
	case "CompareAndSwap", "CompareAndDelete":
		// The stored value is compared with old as interfaces are:
		// values of one uncomparable dynamic type panic.
		v, ok := m.get(args[1])
		if !ok || !equal(v, args[2]) {
			return false, true
		}
		if meth == "CompareAndSwap" {
			ev.syncMapSet(m, args[1], args[3])
		} else {
			m.del(args[1])
		}
		return true, true
	case "Range":
		// The entries stored during the range are not visited (Go
		// may or may not visit them); those deleted before their turn
		// are not.
		n := len(m.keys)
		for j := 0; j < n && j < len(m.keys); j++ {
			if m.dead[j] {
				continue
			}
			more, ok := fr.callClosure(args[1], []value{m.keys[j], m.vals[j]}).(bool)
			if !ok {
				ev.fail("the function passed to sync.Map.Range must return a static bool")
			}
			if !more {
				break
			}
		}
		return nil, true
	case "Clear":
		*m = syncMap{idx: map[any]int{}}
		return nil, true
	}
	panic("BUG: sync.Map." + meth)
}

// callClosure calls the function value f with args and returns its
// result.
func (fr *frame) callClosure(f value, args []value) value {
	cl, ok := f.(*closure)
	if !ok || cl == nil {
		if ok {
			panic(runtimePanic("invalid memory address or nil pointer dereference"))
		}
		fr.ev.fail("the function must be static, but %s", fr.ev.whyRep(f))
	}
	return fr.callFunc(cl.fn, cl.env, args, nil)
}
