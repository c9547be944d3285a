package gogen

import "github.com/dave/jennifer/jen"

// indexSlot returns the name of the helper that finds the slot of a key
// in an index of keys (ir.OpIndexSlot): a map[K]int from each key to its
// slot, a new key getting the next slot. A NaN key is never found, so it
// gets a new slot each time, as ir's semantics say.
func (fl *fileGen) indexSlot() string {
	if fl.indexSlotName == "" {
		panic("BUG: gogen: indexSlot not planned")
	}
	if !fl.indexSlotUsed {
		fl.indexSlotUsed = true
		ix, k, j, ok := jen.Id("ix"), jen.Id("k"), jen.Id("j"), jen.Id("ok")
		fl.trailer = append(fl.trailer, jen.Comment(fl.indexSlotName+" returns the slot of k in ix, adding k with the next slot if it is new.").Line().
			Func().Id(fl.indexSlotName).Types(jen.Id("K").Comparable()).Params(jen.Id("ix").Map(jen.Id("K")).Int(), jen.Id("k").Id("K")).Int().Block(
			jen.List(j, ok).Op(":=").Add(ix).Index(k),
			jen.If(jen.Op("!").Add(ok)).Block(
				jen.Add(j).Op("=").Len(ix),
				jen.Add(ix).Index(k).Op("=").Add(j),
			),
			jen.Return(j),
		))
	}
	return fl.indexSlotName
}
