package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// indexSlotHelper is the helper that finds the slot of a key of one type
// in an index of keys (ir.OpIndexSlot).
type indexSlotHelper struct {
	key  *ir.Type
	name string
	used bool
}

// planIndexSlot names the helper for keys of type key, once per file.
// There is one helper per key type, not one generic function: Go
// compiles a map access in generic code to the map's general lookup, not
// to the fast one of its key type.
func (fl *fileGen) planIndexSlot(key *ir.Type) {
	for _, h := range fl.indexSlots {
		if h.key == key {
			return
		}
	}
	name := "indexSlot" + upperFirst(key.String())
	fl.indexSlots = append(fl.indexSlots, indexSlotHelper{key: key, name: fl.names.fresh(name)})
}

// indexSlot returns the name of the helper that finds the slot of a key
// of type key in an index of keys: a map[K]int from each key to its slot,
// a new key getting the next slot. A NaN key is never found, so it gets a
// new slot each time, as ir's semantics say.
func (fl *fileGen) indexSlot(key *ir.Type) string {
	for i := range fl.indexSlots {
		h := &fl.indexSlots[i]
		if h.key != key {
			continue
		}
		if !h.used {
			h.used = true
			ix, k, j, ok := jen.Id("ix"), jen.Id("k"), jen.Id("j"), jen.Id("ok")
			fl.trailer = append(fl.trailer, jen.Comment(h.name+" returns the slot of k in ix, adding k with the next slot if it is new.").Line().
				Func().Id(h.name).Params(jen.Id("ix").Add(goType(ir.IndexOf(key))), jen.Id("k").Add(goType(key))).Int().Block(
				jen.List(j, ok).Op(":=").Add(ix).Index(k),
				jen.If(jen.Op("!").Add(ok)).Block(
					jen.Add(j).Op("=").Len(ix),
					jen.Add(ix).Index(k).Op("=").Add(j),
				),
				jen.Return(j),
			))
		}
		return h.name
	}
	panic("BUG: gogen: indexSlot for " + key.String() + " not planned")
}
