package cgen

import "github.com/lmsgen/lmsgen/ir"

// This file refuses opaque values (ir/opaque.go: an error, a time.Time, an
// *os.File, values the Go output passes along and hands to Go's library):
// C has no translation of them with Go's semantics. The refusal is
// positioned at the first node that makes or uses one; a parameter or
// result of an opaque type is refused by the entry point's check (abi.go).

// refuseOpaque records an error for the first node of the specialization
// that makes or uses an opaque value.
func (sg *specGen) refuseOpaque() {
	g := sg.g
	for _, n := range g.Nodes {
		t := hasOpaque(n.Type)
		for _, a := range n.Args {
			if t == nil {
				t = hasOpaque(g.TypeOf(a))
			}
		}
		if t != nil {
			sg.errorf(n, "a value of Go type %s (the Go output makes it; C has no translation of it): generate Go only (-lang=go)", t)
			return
		}
	}
}

// hasOpaque returns the opaque type in t (an opaque type, a slice, tuple
// or function type of one), or nil.
func hasOpaque(t *ir.Type) *ir.Type {
	if t == nil {
		return nil
	}
	switch t.Kind {
	case ir.KOpaque:
		return t
	case ir.KSlice:
		return hasOpaque(t.Elem)
	}
	for _, ts := range [][]*ir.Type{t.Elems, t.Params, t.Results} {
		for _, e := range ts {
			if o := hasOpaque(e); o != nil {
				return o
			}
		}
	}
	return nil
}
