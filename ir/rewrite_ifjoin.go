package ir

// This file joins nested conditionals that choose the same value:
//
//	if c1 { K } else { if c2 { K } else { E } }   is   if c1 || c2 { K } else { E }
//	if c { K } else { K }                          is   K
//
// when both are pure value selections (no effect in any branch). Staging
// builds such chains when one variable is set to the same value in
// several unrolled iterations or cases; joined, the condition is one
// value the rewrites can fold (x != 2 || x != 1 is true: exclusive in
// rewrite_exclusive.go), and the emitters write it as Go would be written.
// The conditions are values computed outside the branches, so evaluating
// c2 when c1 holds changes nothing.

// JoinArms returns the joined conditional of c, tb and eb, if it applies
// (IfBlocks applies it; a front end building conditionals itself calls it).
func (b *Builder) JoinArms(c Exp, t *Type, tb, eb *Block) (Exp, bool) {
	if !t.IsBasic() || !tb.pure() || !eb.pure() {
		return Exp{}, false
	}
	if tb.Res == eb.Res {
		return tb.Res, true // if c { K } else { K } is K
	}
	n, ok := b.defOp(eb.Res)
	if !ok || n.Op != OpIf || !n.Eff.IsEmpty() || n.Blocks[0].Res != tb.Res ||
		!n.Blocks[0].pure() || !n.Blocks[1].pure() {
		return Exp{}, false
	}
	k, e := tb.Res, n.Blocks[1].Res
	return b.If(b.orLeft(c, n.Args[0]), t, func() Exp { return k }, func() Exp { return e }), true
}

// orLeft returns c || d associated to the left, as Go writes a chain
// without parentheses: c || (d1 || d2) is (c || d1) || d2, the same
// operands evaluated in the same order. Each join rebuilds the chain it
// joins, so only its first exclusiveBound operands are reassociated: a
// longer chain (hundreds of unrolled iterations) costs linear time and
// keeps parentheses.
func (b *Builder) orLeft(c, d Exp) Exp { return b.orLeftN(c, d, exclusiveBound) }

func (b *Builder) orLeftN(c, d Exp, depth int) Exp {
	if n, ok := b.defOp(d); ok && n.Op == OpOr && n.Type == Bool && depth > 0 {
		return b.Binary(OpOr, b.orLeftN(c, n.Args[0], depth-1), n.Args[1])
	}
	return b.Binary(OpOr, c, d)
}

// pure reports whether the block has no effect: it reads and writes no
// key and depends on nothing but its own effect input.
func (blk *Block) pure() bool {
	e := &blk.Eff
	if len(e.Rkeys)+len(e.Wkeys) != 0 {
		return false
	}
	for _, deps := range [][]Sym{e.Sdeps, e.Hdeps} {
		for _, s := range deps {
			if s != blk.Ein {
				return false
			}
		}
	}
	return true
}
