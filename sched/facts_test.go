package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// writeKeysOnly is the rule cgen used before Facts: a table is written
// when some node's write keys name it.
func writeKeysOnly(g *ir.Graph) []bool {
	w := make([]bool, g.NumSyms())
	for _, n := range g.Nodes {
		if n.Eff == nil {
			continue
		}
		for _, k := range n.Eff.Wkeys {
			if !k.IsSym() {
				continue
			}
			if d := g.Def(ir.Sym(k)); d != nil && d.Op == ir.OpStatic {
				w[k] = true
			}
		}
	}
	return w
}

// escapesAndPlainWrites is the rule gogen used before Facts: a node with
// blocks or a call counts only for the tables that escape through its
// arguments or blocks' results, other nodes for the tables their write
// keys name.
func escapesAndPlainWrites(g *ir.Graph) []bool {
	w := make([]bool, g.NumSyms())
	mark := func(x ir.Exp) {
		for x.IsSym() {
			d := g.Def(x.Sym())
			switch {
			case d == nil:
				return
			case d.Op == ir.OpStatic:
				w[d.Sym] = true
				return
			case d.Op == ir.OpSliceSub:
				x = d.Args[0]
			default:
				return
			}
		}
	}
	for _, n := range g.Nodes {
		switch {
		case n.Op == ir.OpApply:
			for _, x := range n.Args[1:] {
				mark(x)
			}
		case len(n.Blocks) > 0:
			for _, b := range n.Blocks {
				mark(b.Res)
			}
		case n.Eff != nil:
			for _, k := range n.Eff.Wkeys {
				if k.IsSym() {
					mark(ir.Sym(k).E())
				}
			}
		}
	}
	return w
}

// TestFactsWritten: a table read, never written, by a function declared
// ahead of its body. The call through the declaration is summarized as
// writing every object, so the old rules differed: by write keys (cgen's)
// the table was written and copied per call, by escapes (gogen's) it was
// shared. Facts takes the union of both (a table either rule finds
// written is written): the rule that stays sound whichever of its two
// arguments fails (that every write is a node of the graph; that the
// graph's effect summaries name every object written).
func TestFactsWritten(t *testing.T) {
	b := ir.NewBuilder()
	ints := ir.SliceOf(ir.Int)
	var tab ir.Exp
	g := b.Build([]*ir.Type{ir.Int}, func(p []ir.Exp) ir.Exp {
		tab = b.Static(ints, []int{5, 6, 7})
		get := b.Forward(ir.FuncOf([]*ir.Type{ir.Int}, []*ir.Type{ir.Int}))
		call := b.Lambda([]*ir.Type{ir.Int}, []*ir.Type{ir.Int}, func(a []ir.Exp) ir.Exp { return b.Apply(get, a[0]) })
		b.DefineForward(get, func(a []ir.Exp) ir.Exp { return b.Index(tab, a[0]) })
		return b.Apply(call, p[0])
	})
	s := run(t, g, Options{})
	sym := tab.Sym()
	require.Equal(t, ir.OpStatic, s.Graph().Def(sym).Op)
	require.True(t, writeKeysOnly(s.Graph())[sym], "cgen's old rule\n%s", s.Graph())
	require.False(t, escapesAndPlainWrites(s.Graph())[sym], "gogen's old rule\n%s", s.Graph())
	require.True(t, FactsOf(s).Written[sym])
}

// TestFactsWrittenThroughConditional: a table a conditional yields and
// the code then writes through the conditional's result: written by
// both rules (the conditional's summary names the table; the table
// escapes through a block's result).
func TestFactsWrittenThroughConditional(t *testing.T) {
	b := ir.NewBuilder()
	ints := ir.SliceOf(ir.Int)
	var tab ir.Exp
	g := b.Build([]*ir.Type{ir.Bool, ints}, func(p []ir.Exp) ir.Exp {
		tab = b.Static(ints, []int{1, 2, 3})
		s := b.If(p[0], ints, func() ir.Exp { return tab }, func() ir.Exp { return p[1] })
		b.SetIndex(s, b.Const(ir.Int, 0), b.Const(ir.Int, 7))
		return b.Index(tab, b.Const(ir.Int, 0))
	})
	s := run(t, g, Options{})
	sym := tab.Sym()
	require.True(t, writeKeysOnly(s.Graph())[sym])
	require.True(t, escapesAndPlainWrites(s.Graph())[sym])
	require.True(t, FactsOf(s).Written[sym])
}
