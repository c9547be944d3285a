package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a slice the code makes and then fills, element by
// element, as the composite literal a Go programmer writes:
//
//	x58 := make([]int, 3)
//	x58[0] = out0
//	x58[1] = out1
//	x58[2] = out2
//
// is x58 := []int{out0, out1, out2}. Staging leaves that shape where a
// slice of static length was kept as scalars (one variable per element)
// and becomes a slice again to be returned or passed on.
//
// The literal means the same when the assignments directly follow the
// make, set the elements 0 to n-1 in order with constant indexes, and no
// value reads the new slice (it does not exist yet in the literal). The
// make and the stores are invisible until the statement ends (the slice
// is new, the generated code defers nothing), so only the values'
// evaluation matters: in the literal Go orders calls among themselves but
// not a panic of an index or a division against them, so the values may
// read memory (nothing writes between them) and at most one of them may
// panic, and then none calls anything.

// maxLit bounds the elements of a slice written as a literal.
const maxLit = 16

// sliceLit writes the make at fr.nodes[i] and the stores filling it as a
// literal and returns the index of the last store, or returns -1 and
// writes nothing.
//
// When the slice is what the block returns, and nothing else follows or
// uses it, the literal is returned (return []int{...}), and sent reports
// that the block's result has been sent.
func (fg *funcGen) sliceLit(out *stmts, fr *frame, i, last int, d dest) (end int, sent bool) {
	n := fr.nodes[i]
	lc := n.Args[0].Const()
	if lc == nil || n.Args[1] != n.Args[0] || fg.uses[n.Sym] == 0 || fg.packed(n) || fg.dup[n.Sym] || !n.Type.Elem.IsBasic() {
		return -1, false
	}
	size := constInt(lc)
	if size < 1 || size > maxLit {
		return -1, false
	}
	var vals []ir.Exp
	end = -1
	for j := i + 1; j < len(fr.nodes) && int64(len(vals)) < size; j++ {
		m := fr.nodes[j]
		if fg.skip(m) {
			continue
		}
		if m == fg.post || m.Op != ir.OpSliceSet || m.Args[0] != n.Sym.E() {
			break
		}
		if k := m.Args[1].Const(); k == nil || !k.Type.IsInteger() || constInt(k) != int64(len(vals)) {
			return -1, false
		}
		vals = append(vals, m.Args[2])
		end = j
	}
	if int64(len(vals)) != size || int64(fg.uses[n.Sym]) <= size {
		// Not filled whole, or read by nothing but its stores (as a
		// literal it would be declared and not used).
		return -1, false
	}
	traps, calls := 0, 0
	var ok func(e ir.Exp) bool
	ok = func(e ir.Exp) bool {
		if e.IsConst() {
			return true
		}
		if e.Sym() == n.Sym {
			return false
		}
		m := fg.inlineNode(e.Sym())
		if m == nil {
			return true // a name bound before
		}
		if len(m.Blocks) > 0 {
			return false
		}
		switch {
		case isCallNode(m):
			calls++
		case !onlyReads(m.Eff):
			return false
		}
		if m.CanTrap() {
			traps++
		}
		for _, a := range m.Args {
			if !ok(a) {
				return false
			}
		}
		return true
	}
	for _, x := range vals {
		if !ok(x) {
			return -1, false
		}
	}
	if traps > 1 || traps == 1 && calls > 0 {
		return -1, false
	}
	elems := make([]jen.Code, len(vals))
	for k, x := range vals {
		elems[k] = fg.ref(x, ctxConverted).code()
	}
	lit := jen.Add(goType(n.Type)).Values(elems...)
	if d.kind == destReturn && end == last && fr.b.Res == n.Sym.E() && int64(fg.uses[n.Sym]) == size+1 {
		vals := []jen.Code{lit}
		if d.top && fg.results != nil {
			vals = fg.pack(out, vals)
		}
		out.add(jen.Return(vals...))
		out.term = true
		return end, true
	}
	// The stores were uses of the name; as a literal they are not, and
	// a dead slot must not leave out the last use left (deadslot.go).
	if fg.dropped == nil {
		fg.dropped = map[nameRead]int32{}
	}
	fg.dropped[nameRead{sym: n.Sym}] += int32(size)
	out.add(jen.Id(fg.name(n.Sym)).Op(":=").Add(lit))
	return end, false
}

// isCallNode reports whether m is a call Go orders with the other calls
// of an expression.
func isCallNode(m *ir.Node) bool {
	switch m.Op {
	case ir.OpApply, ir.OpCall:
		return true
	}
	return false
}
