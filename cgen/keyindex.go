package cgen

import (
	_ "embed"

	"github.com/lmsgen/lmsgen/ir"
)

// runtimeIndexH is the runtime's indexes of keys, written after the
// runtime prelude in a file that uses them.
//
//go:embed runtime_index.h
var runtimeIndexH string

// newIndex writes a new index of keys (ir.OpIndexNew).
func (fn *fnGen) newIndex() cx {
	fn.fl.indexUsed = true
	return call("lms_index_new")
}

// indexSlot writes the slot of a key in an index of keys (ir.OpIndexSlot)
// as a call of the runtime's lms_index_slot_* for the key's type (see
// runtime.h, key indexes).
func (fn *fnGen) indexSlot(n *ir.Node) cx {
	fn.fl.indexUsed = true
	ix, k := fn.ref(n.Args[0]).s, fn.ref(n.Args[1])
	switch t := fn.g.TypeOf(n.Args[1]); {
	case t.Kind == ir.KString:
		return call("lms_index_slot_string", ix, k.s)
	case t.IsComplex():
		return call("lms_index_slot_c128", ix, "(double)"+k.paren()+".re", "(double)"+k.paren()+".im")
	case t.IsFloat():
		return call("lms_index_slot_f64", ix, "(double)"+k.paren())
	}
	return call("lms_index_slot_bits", ix, "(uint64_t)"+k.paren())
}
