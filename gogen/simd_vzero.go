package gogen

import (
	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes archsimd.ClearAVXUpperBits() (VZEROUPPER) between the
// vector code and the scalar floating-point code that follows it in a
// block. gc writes scalar float operations in the legacy SSE encoding
// (MOVSS, ADDSS, ...), which leaves the upper half of the 256-bit
// register it writes unchanged: after a 256-bit operation has left those
// halves non-zero, each such instruction depends on the register's last
// writer, and on this machine (AMD EPYC, AVX2) the scalar code after
// conv's vector loops ran at a fraction of its speed (Blur3's simd Go:
// 78 µs, 43 µs with the instruction; session 13). VZEROUPPER zeroes the
// upper halves; gc knows it clobbers every vector register (a value
// alive across it is spilled and reloaded), so it changes no result,
// only time.
//
// Where: before a statement that computes, reads or writes a scalar
// float (its node or one of its arguments, or a node nested in its
// blocks, unpacked), when an earlier statement of the same block is a
// loop or a conditional with packs in it and no ClearAVXUpperBits was
// written since. Not written: between the packs and scalar floats of one
// straight-line block (vectors are alive there, and would be spilled),
// after a loop at the end of its block (the enclosing block decides),
// at a loop's back edge, or at the function's return.

// vzero writes ClearAVXUpperBits before n, a node of fr about to be
// written, when it must come there, and notes the statements with packs.
func (fg *funcGen) vzero(out *stmts, fr *frame, n *ir.Node) {
	if fg.simd == nil {
		return
	}
	if fr.vecDirty && fg.scalarFloat(n) {
		out.add(jen.Qual(archsimd, "ClearAVXUpperBits").Call())
		fr.vecDirty = false
	}
	if len(n.Blocks) > 0 && fg.blocksPacked(n) {
		fr.vecDirty = true
	}
}

// scalarFloat reports whether the statement of n computes, reads or
// writes a float outside a pack.
func (fg *funcGen) scalarFloat(n *ir.Node) bool {
	if fg.unpackedFloat(n) {
		return true
	}
	for _, a := range n.Args {
		if a.IsSym() {
			if m := fg.g.Def(a.Sym()); m != nil && fg.unpackedFloat(m) {
				return true
			}
		}
	}
	for _, b := range n.Blocks {
		if fg.blockFacts(b).floats {
			return true
		}
	}
	return false
}

// unpackedFloat reports whether n is a float (or complex) value that no
// pack writes.
func (fg *funcGen) unpackedFloat(n *ir.Node) bool {
	switch n.Type.Kind {
	case ir.KFloat32, ir.KFloat64, ir.KComplex64, ir.KComplex128:
		return !fg.packed(n)
	}
	return false
}

// blocksPacked reports whether a block of n has a pack in it.
func (fg *funcGen) blocksPacked(n *ir.Node) bool {
	for _, b := range n.Blocks {
		if fg.blockFacts(b).packs {
			return true
		}
	}
	return false
}

// vecFacts says what a block and the blocks nested in it hold.
type vecFacts struct {
	packs  bool // a node of a pack
	floats bool // an unpacked float node
}

// blockFacts returns the facts of block b, computed once.
func (fg *funcGen) blockFacts(b *ir.Block) vecFacts {
	if f, ok := fg.simd.facts[b]; ok {
		return f
	}
	var f vecFacts
	for _, n := range fg.plans[b].nodes {
		f.packs = f.packs || fg.packed(n)
		f.floats = f.floats || fg.unpackedFloat(n)
		for _, nb := range n.Blocks {
			g := fg.blockFacts(nb)
			f.packs, f.floats = f.packs || g.packs, f.floats || g.floats
		}
	}
	fg.simd.facts[b] = f
	return f
}
