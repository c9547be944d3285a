package sched

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// rebuildLoop builds loop node n anew: the same generators, its arguments
// and blocks rebuilt through the substitution.
func (t *Transformer) rebuildLoop(n *ir.Node) ir.Exp {
	l := n.Aux.(*ir.Loop)
	var src *ir.Exp
	if l.Src {
		s := t.Exp(n.Args[1])
		src = &s
	}
	return t.b.Loop(t.Exp(n.Args[0]), src, t.LoopGens(n), func(s ir.Sym, in []ir.Exp) {
		t.BeginLoop(n.Sym, s)
		t.Body(n.Blocks[0])(in)
	})
}

// LoopGens returns the generators of loop node n for Builder.Loop, with
// their initial values and combining blocks rebuilt through the
// substitution.
func (t *Transformer) LoopGens(n *ir.Node) []ir.LoopGen {
	l := n.Aux.(*ir.Loop)
	gens := make([]ir.LoopGen, len(l.Gens))
	for k, g := range l.Gens {
		gens[k] = ir.LoopGen{Kind: g.Kind, Key: g.Key, Elem: g.Elem}
		if g.Kind == ir.Reduce {
			gens[k].Zero = t.Exp(n.Args[l.ZeroArg(k)])
		}
		if g.Combines() {
			blk := n.Blocks[l.CombineBlock(k)]
			gens[k].Combine = func(acc, x ir.Exp) ir.Exp { return t.Body(blk)([]ir.Exp{acc, x}) }
		}
	}
	return gens
}

// BeginLoop records that the yields of old loop old go to the new loop
// s (from inside s's body).
func (t *Transformer) BeginLoop(old, s ir.Sym) { t.loops[old] = s }

// LoopSym returns the new loop the yields of old loop old go to.
func (t *Transformer) LoopSym(old ir.Sym) ir.Sym {
	s, ok := t.loops[old]
	if !ok {
		panic(fmt.Sprintf("BUG: sched: transform: yield to %v outside its loop", old))
	}
	return s
}
