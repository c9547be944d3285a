package frontend

import (
	"cmp"
	"go/types"
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages a lookup in a static map with a Rep key: m[k] and
// v, ok := m[k] become a decision on k in the generated code. Up to
// switchMax keys it is a chain of equality tests in the map's insertion
// order (the emitters write it as an if-else chain); above, the keys are
// sorted and the decision is a balanced tree of comparisons with k,
// whose leaves are such chains, so that a lookup costs about log2(n)
// comparisons. A key that is not in the map gives the value type's zero
// value and false, as in Go. Keys and values must be of basic types
// (booleans, numbers, strings); a value may be a Rep. Float keys work as
// Go's map does: NaN is never found, -0 finds +0.

// switchMax is the largest number of keys looked up by a chain of
// equality tests; a larger map is searched by a tree of comparisons.
const switchMax = 8

// mapSwitch evaluates the lookup of the Rep key k in the static map m,
// whose key and value types are kt and vt: the value, or a tuple of the
// value and whether it was found if commaOk.
func (fr *frame) mapSwitch(m *mapV, k *rep, kt, vt types.Type, commaOk bool) value {
	ev := fr.ev
	kit, vit := irBasic(kt), irBasic(vt)
	if kit == nil || vit == nil || kit.IsComplex() {
		ev.fail("lookup in a static map with a Rep key (%s): only maps whose keys are booleans, integers, floats or strings and whose values are booleans, numbers or strings can be staged (this one is a %s)",
			ev.whyRep(k), typeString(types.NewMap(kt, vt)))
	}
	type entry struct {
		key ir.Exp
		kv  value
		val ir.Exp
	}
	var entries []entry
	if m != nil {
		for j, key := range m.keys {
			if _, ok := key.(deletedKey); ok {
				continue
			}
			val := ev.lift(ev.load(m.vals[j]), vt, "a value of the map indexed by a Rep")
			entries = append(entries, entry{key: ev.lift(key, kt, "a key of the map indexed by a Rep"), kv: key, val: val})
		}
	}
	rt := vit
	if commaOk {
		rt = ir.TupleOf([]*ir.Type{vit, ir.Bool})
	}
	ke := ev.liftTo(k, kit, "the key of a lookup in a static map")
	ev.at()
	b := ev.b
	result := func(val ir.Exp, found bool) ir.Exp {
		if commaOk {
			return b.Tuple(val, b.Const(ir.Bool, found))
		}
		return val
	}
	missing := func() ir.Exp { return result(b.Const(vit, zeroOf(vit)), false) }
	var chain func(es []entry) ir.Exp
	chain = func(es []entry) ir.Exp {
		if len(es) == 0 {
			return missing()
		}
		return b.If(b.Compare(ir.OpEq, ke, es[0].key), rt,
			func() ir.Exp { return result(es[0].val, true) },
			func() ir.Exp { return chain(es[1:]) })
	}
	var e ir.Exp
	if len(entries) <= switchMax || kit == ir.Bool {
		e = chain(entries)
	} else {
		slices.SortFunc(entries, func(x, y entry) int { return compareKeys(x.kv, y.kv) })
		var tree func(es []entry) ir.Exp
		tree = func(es []entry) ir.Exp {
			if len(es) <= switchMax {
				return chain(es)
			}
			mid := len(es) / 2
			return b.If(b.Compare(ir.OpLt, ke, es[mid].key), rt,
				func() ir.Exp { return tree(es[:mid]) },
				func() ir.Exp { return tree(es[mid:]) })
		}
		e = tree(entries)
	}
	w := "a lookup in a static map with a Rep key"
	if commaOk {
		return tuple{ev.newRep(b.Proj(e, 0), w, k), ev.newRep(b.Proj(e, 1), w, k)}
	}
	return ev.newRep(e, w, k)
}

// compareKeys orders two static keys of one basic type. NaN keys, which
// no lookup finds, sort first: a comparison with one at the root of a
// subtree sends every key to the right, where the others are.
func compareKeys(x, y value) int {
	refuseAddr(x, "a map's key order")
	refuseAddr(y, "a map's key order")
	switch x := x.(type) {
	case int:
		return cmp.Compare(x, y.(int))
	case int8:
		return cmp.Compare(x, y.(int8))
	case int16:
		return cmp.Compare(x, y.(int16))
	case int32:
		return cmp.Compare(x, y.(int32))
	case int64:
		return cmp.Compare(x, y.(int64))
	case uint:
		return cmp.Compare(x, y.(uint))
	case uint8:
		return cmp.Compare(x, y.(uint8))
	case uint16:
		return cmp.Compare(x, y.(uint16))
	case uint32:
		return cmp.Compare(x, y.(uint32))
	case uint64:
		return cmp.Compare(x, y.(uint64))
	case uintptr:
		return cmp.Compare(x, y.(uintptr))
	case float32:
		return cmp.Compare(x, y.(float32))
	case float64:
		return cmp.Compare(x, y.(float64))
	case string:
		return cmp.Compare(x, y.(string))
	}
	panic("BUG: compareKeys of a non-ordered key")
}
