package ir

// This file answers the dependence question of loop fusion
// (sched.FusePlain): may two loops with the same iterations run as one,
// each iteration running the first loop's body and then the second's?

// Inside reports whether the node s is in a block of loop l or nested in
// one.
func (d *Deps) Inside(s Sym, l *LoopInfo) bool { return d.ns.inside(d.ns.blockOf[s], l) }

// FusionSafe reports whether access a, directly in the body of loop l1
// (not in a loop nested in it), and access b, directly in the body of
// loop l2, which runs after l1 with the same iterations, keep their order
// when the loops are fused: every element both may touch, a in iteration
// j and b in iteration i, has j ≤ i. Accesses to different alias sets
// always do; otherwise both must be affine in their loop's counter and in
// values defined outside both loops, from one root.
func (d *Deps) FusionSafe(a, b *Access, l1, l2 *LoopInfo) bool {
	if a.Key >= 0 && b.Key >= 0 && a.Key != b.Key {
		return true
	}
	if a.Whole || b.Whole || !a.Affine || !b.Affine || a.Root != b.Root || a.Key < 0 || b.Key < 0 {
		return false
	}
	if len(a.Loops) == 0 || a.Loops[len(a.Loops)-1] != l1 || len(b.Loops) == 0 || b.Loops[len(b.Loops)-1] != l2 {
		return false
	}
	// b's subscript in l1's counter: the iterations are the same.
	var sb Affine
	sb.Const = b.Sub.Const
	for _, t := range b.Sub.Terms {
		switch {
		case t.Loop && t.Sym == l2.Node.Sym:
			t.Sym = l1.Node.Sym
		case t.Loop:
			return false // an outer loop's counter: fine, but keep it simple
		case d.Inside(t.Sym, l2) || d.Inside(t.Sym, l1):
			return false
		}
		sb = sb.Add(Affine{Terms: []Term{t}}, 1)
	}
	for _, t := range a.Sub.Terms {
		if t.Loop && t.Sym != l1.Node.Sym || !t.Loop && d.Inside(t.Sym, l1) {
			return false
		}
	}
	dep := d.carried(a.Sub, sb, l1, nil)
	return dep.Dir == DirNone || dep.Dir == DirLT
}
