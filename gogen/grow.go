package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes ir.OpGrow, the growth of a field of a slice of structs
// split per field, as a call of a generic helper written once per file:
// growSlice(s, n, size, pointers) returns s if n more elements fit, else
// a copy with the capacity Go's append gives a slice of elements of size
// bytes (holding pointers or not) growing to len(s)+n; growCap computes
// that capacity as runtime.growslice does (nextslicecap, then roundupsize
// to a malloc size class). TestGrowCap compares growCap with the real
// append of slices of every element size up to 300 bytes, so a change of
// the runtime's growth or of its size classes is noticed.

// mallocSizeClasses are the sizes of Go's malloc size classes
// (runtime/sizeclasses.go, Go 1.26; the C runtime has the same table).
var mallocSizeClasses = []int{0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

// growHelper names the helpers of OpGrow.
type growHelper struct {
	slice, capacity, classes string
	used                     bool
}

// planGrow names the helpers of OpGrow, once per file.
func (fl *fileGen) planGrow() {
	if fl.grow.slice == "" {
		fl.grow = growHelper{slice: fl.names.fresh("growSlice"), capacity: fl.names.fresh("growCap"), classes: fl.names.fresh("mallocSizeClasses")}
	}
}

// growExp writes grow(s, n) of node n.
func (fg *funcGen) growExp(n *ir.Node) expr {
	e := n.Aux.(ir.GrowElem)
	name := fg.file.growSlice()
	return primary(jen.Id(name).Call(fg.ref(n.Args[0], ctxConverted).code(), fg.ref(n.Args[1], ctxConverted).code(), jen.Lit(int(e.Size)), jen.Lit(e.Pointers)))
}

// growSlice returns the name of the generic helper, writing the helpers
// at its first use.
func (fl *fileGen) growSlice() string {
	h := &fl.grow
	if h.slice == "" {
		panic("BUG: gogen: growSlice not planned")
	}
	if !h.used {
		h.used = true
		fl.trailer = append(fl.trailer, growDecls(h)...)
	}
	return h.slice
}

// growDecls returns the declarations of the helpers.
func growDecls(h *growHelper) []jen.Code {
	s, n, size, ptrs, t := jen.Id("s"), jen.Id("n"), jen.Id("size"), jen.Id("pointers"), jen.Id("t")
	newLen, oldCap, newcap, mem, req, c := jen.Id("newLen"), jen.Id("oldCap"), jen.Id("newcap"), jen.Id("mem"), jen.Id("req"), jen.Id("c")
	slice := jen.Comment(h.slice+" returns s if n more elements fit in it, else a copy of s with the").Line().
		Comment("capacity Go's append gives a slice of elements of size bytes (holding").Line().
		Comment("pointers or not) that grows to len(s)+n elements.").Line().
		Func().Id(h.slice).Types(jen.Id("E").Any()).Params(s.Clone().Index().Id("E"), jen.List(n.Clone(), size.Clone()).Int(), ptrs.Clone().Bool()).Index().Id("E").Block(
		newLen.Clone().Op(":=").Len(s).Op("+").Add(n),
		jen.If(jen.Uint().Call(newLen).Op("<=").Uint().Call(jen.Cap(s))).Block(jen.Return(s)),
		t.Clone().Op(":=").Make(jen.Index().Id("E"), jen.Len(s), jen.Id(h.capacity).Call(newLen, jen.Cap(s), size, ptrs)),
		jen.Copy(t, s),
		jen.Return(t),
	)
	classes := make([]jen.Code, len(mallocSizeClasses))
	for i, x := range mallocSizeClasses {
		classes[i] = jen.Lit(x)
	}
	table := jen.Comment(h.classes + " are the sizes of Go's malloc size classes.").Line().
		Var().Id(h.classes).Op("=").Index(jen.Op("...")).Uint().Values(classes...)
	capacity := jen.Comment(h.capacity+" is the capacity runtime.growslice gives a slice of oldCap").Line().
		Comment("elements of size bytes that grows to newLen: nextslicecap, then").Line().
		Comment("the memory rounded up to a malloc size class (roundupsize).").Line().
		Func().Id(h.capacity).Params(jen.List(newLen.Clone(), oldCap.Clone(), size.Clone()).Int(), ptrs.Clone().Bool()).Int().Block(
		newcap.Clone().Op(":=").Add(oldCap),
		jen.If(jen.Id("doublecap").Op(":=").Add(newcap).Op("+").Add(newcap), newLen.Clone().Op(">").Id("doublecap")).Block(
			newcap.Clone().Op("=").Add(newLen),
		).Else().If(oldCap.Clone().Op("<").Lit(256)).Block(
			newcap.Clone().Op("=").Id("doublecap"),
		).Else().Block(
			jen.For().Block(
				newcap.Clone().Op("+=").Parens(newcap.Clone().Op("+").Lit(768)).Op(">>").Lit(2),
				jen.If(jen.Uint().Call(newcap).Op(">=").Uint().Call(newLen)).Block(jen.Break()),
			),
			jen.If(newcap.Clone().Op("<=").Lit(0)).Block(newcap.Clone().Op("=").Add(newLen)),
		),
		mem.Clone().Op(":=").Uint().Call(newcap).Op("*").Uint().Call(size),
		jen.If(mem.Clone().Op(">").Lit(32768-8)).Block(
			jen.Return(jen.Int().Call(jen.Parens(mem.Clone().Op("+").Lit(8191)).Op("&^").Lit(8191).Op("/").Uint().Call(size))),
		),
		req.Clone().Op(":=").Add(mem),
		jen.If(ptrs.Clone().Op("&&").Add(req).Op(">").Lit(512)).Block(req.Clone().Op("+=").Lit(8)),
		c.Clone().Op(":=").Lit(0),
		jen.For(jen.Id(h.classes).Index(c).Op("<").Add(req)).Block(c.Clone().Op("++")),
		jen.Return(jen.Int().Call(jen.Parens(jen.Id(h.classes).Index(c).Op("-").Parens(req.Clone().Op("-").Add(mem))).Op("/").Uint().Call(size))),
	)
	return []jen.Code{slice, capacity, table}
}
