package sched

import "github.com/lmsgen/lmsgen/ir"

// RelaxFP is the graph pass of relaxed floating point (lmsgen -fp=relaxed,
// directive option -fp=relaxed): it rewrites floating-point arithmetic
// with identities that hold for real numbers but not, bit for bit, for
// Go's floats. The default, exact, never runs it.
//
//   - x*0 → 0 and 0*x → 0 (a NaN or an infinite x gave NaN, a negative
//     one -0);
//   - x+0, 0+x, x-0 → x (with either zero: -0+0 was +0);
//   - a sum of at least 2·W terms (W the lanes of a vector of its type,
//     sched.Width: 4 for float64, 8 for float32), a tree of + whose
//     inner nodes have no other use, is reassociated into W lanes: lane
//     j adds terms j, j+W, j+2W, ... in order, and the lanes are then
//     added pairwise, (l0+l1)+(l2+l3). The lanes are independent chains
//     (instruction-level parallelism in scalar code; Vectorize packs
//     them, and the pairwise tree is its reduction);
//   - x*y+z on float64 with the product used only there is contracted
//     into math.FMA(x, y, z), one rounding instead of two (inside the
//     lanes of a reassociated sum too). gogen writes it as math.FMA
//     where gc makes it one instruction (the simd file, amd64) and as
//     x*y + z in the portable file (gc fuses it on arm64, ppc64x, s390x,
//     riscv64 and amd64 with GOAMD64=v3); cgen as its fma port.
//
// Results differ from the exact ones by rounding, and NaN, infinities
// and the sign of zero are not kept: internal/difftest compares the
// floats of a relaxed specialization within a relative bound
// (relaxedHelpers there).
//
// Needs: a graph built by an ir.Builder. Must run after: DCE, which
// removes the products and inner sums left unused.
func RelaxFP(g *ir.Graph) *ir.Graph {
	if !hasFloatArith(g) {
		return g
	}
	r := &relaxer{}
	t := &Transformer{Rewrite: r.rewrite}
	h := t.Transform(g)
	if !r.changed {
		return g
	}
	return h
}

// hasFloatArith reports whether g adds or multiplies floats.
func hasFloatArith(g *ir.Graph) bool {
	for _, n := range g.Nodes {
		if (n.Op == ir.OpAdd || n.Op == ir.OpSub || n.Op == ir.OpMul) && n.Type.IsFloat() {
			return true
		}
	}
	return false
}

// relaxer is the state of RelaxFP.
type relaxer struct {
	old     *ir.Graph
	uses    []int32 // old symbol -> references as an argument or a block result
	flat    []bool  // old symbol -> an inner + of a sum: flattened into its user's
	changed bool
}

// fmaCallee is the callee of a contracted multiply-add.
var fmaCallee = ir.Callee{Pkg: "math", Name: "FMA", Pure: true}

func (r *relaxer) rewrite(t *Transformer, n *ir.Node) (ir.Exp, bool) {
	if !n.Type.IsFloat() || len(n.Args) != 2 {
		return ir.Exp{}, false
	}
	if r.old != t.Old() {
		r.countUses(t.Old())
	}
	b := t.Builder()
	x, y := n.Args[0], n.Args[1]
	switch n.Op {
	case ir.OpMul:
		if isZero(x) || isZero(y) {
			r.changed = true
			return zeroOf(b, n.Type), true
		}
	case ir.OpSub:
		if isZero(y) {
			r.changed = true
			return t.Exp(x), true
		}
	case ir.OpAdd:
		if isZero(y) {
			r.changed = true
			return t.Exp(x), true
		}
		if isZero(x) {
			r.changed = true
			return t.Exp(y), true
		}
		return r.sum(t, n)
	}
	return ir.Exp{}, false
}

// countUses counts the references of every symbol of g.
func (r *relaxer) countUses(g *ir.Graph) {
	r.old = g
	r.uses = make([]int32, g.NumSyms())
	for _, n := range g.Nodes {
		for _, a := range n.Args {
			if a.IsSym() {
				r.uses[a.Sym()]++
			}
		}
	}
	g.Blocks(func(b *ir.Block) {
		if b.Res.IsSym() {
			r.uses[b.Res.Sym()]++
		}
	})
	r.flat = make([]bool, g.NumSyms())
	for _, n := range g.Nodes {
		if n.Op != ir.OpAdd || !n.Type.IsFloat() || isZero(n.Args[0]) || isZero(n.Args[1]) {
			continue
		}
		for _, a := range n.Args {
			if d := r.inner(a, n.Type, ir.OpAdd); d != nil && !isZero(d.Args[0]) && !isZero(d.Args[1]) {
				r.flat[d.Sym] = true
			}
		}
	}
}

// inner returns the definition of e if it is a + of type t whose value
// only its user reads: a node a sum is flattened through.
func (r *relaxer) inner(e ir.Exp, t *ir.Type, op ir.Op) *ir.Node {
	if !e.IsSym() || r.uses[e.Sym()] != 1 {
		return nil
	}
	d := r.old.Def(e.Sym())
	if d == nil || d.Op != op || d.Type != t {
		return nil
	}
	return d
}

// terms appends the terms of the sum e, left to right: e itself, or the
// terms of its operands when it is an inner +.
func (r *relaxer) terms(e ir.Exp, t *ir.Type, out []ir.Exp) []ir.Exp {
	d := r.inner(e, t, ir.OpAdd)
	if d == nil || isZero(d.Args[0]) || isZero(d.Args[1]) {
		return append(out, e)
	}
	out = r.terms(d.Args[0], t, out)
	return r.terms(d.Args[1], t, out)
}

// sum rebuilds the + node n as its terms reassociated into lanes, with
// products contracted: see RelaxFP.
func (r *relaxer) sum(t *Transformer, n *ir.Node) (ir.Exp, bool) {
	if r.flat[n.Sym] {
		return ir.Exp{}, false // its user's sum has its terms; left unused
	}
	all := r.terms(n.Sym.E(), n.Type, nil)
	ts := all[:0:0]
	for _, e := range all {
		if !isZero(t.Exp(e)) {
			ts = append(ts, e) // x+0 → x: a term rewritten to 0 is left out
		}
	}
	if len(ts) == 0 {
		r.changed = true
		return zeroOf(t.Builder(), n.Type), true
	}
	if len(ts) == 1 {
		r.changed = true
		return t.Exp(ts[0]), true
	}
	w := Width(n.Type)
	if len(ts) < 2*w {
		w = 1
	}
	if w == 1 && len(ts) == len(all) && !r.contractible(ts[1:], n.Type) {
		return ir.Exp{}, false // nothing to do: rebuild n as it is
	}
	r.changed = true
	lanes := make([]ir.Exp, w)
	for j := range lanes {
		acc := t.Exp(ts[j])
		for i := j + w; i < len(ts); i += w {
			acc = r.add(t, acc, ts[i], n.Type)
		}
		lanes[j] = acc
	}
	b := t.Builder()
	for len(lanes) > 1 {
		half := make([]ir.Exp, 0, (len(lanes)+1)/2)
		for j := 0; j+1 < len(lanes); j += 2 {
			half = append(half, b.Binary(ir.OpAdd, lanes[j], lanes[j+1]))
		}
		if len(lanes)%2 == 1 {
			half = append(half, lanes[len(lanes)-1])
		}
		lanes = half
	}
	return lanes[0], true
}

// contractible reports whether some term is a product add contracts.
func (r *relaxer) contractible(ts []ir.Exp, t *ir.Type) bool {
	if t.Kind != ir.KFloat64 {
		return false
	}
	for _, e := range ts {
		if r.inner(e, t, ir.OpMul) != nil {
			return true
		}
	}
	return false
}

// add returns acc + term in the new graph: math.FMA(x, y, acc) when term
// is a float64 product x*y only the sum reads.
func (r *relaxer) add(t *Transformer, acc, term ir.Exp, typ *ir.Type) ir.Exp {
	b := t.Builder()
	if typ.Kind == ir.KFloat64 {
		if p := r.inner(term, typ, ir.OpMul); p != nil && !isZero(p.Args[0]) && !isZero(p.Args[1]) {
			return b.Call(fmaCallee, typ, t.Exp(p.Args[0]), t.Exp(p.Args[1]), acc)
		}
	}
	return b.Binary(ir.OpAdd, acc, t.Exp(term))
}

// isZero reports whether e is a floating-point constant zero of either
// sign.
func isZero(e ir.Exp) bool {
	c := e.Const()
	if c == nil {
		return false
	}
	switch v := c.Val.(type) {
	case float64:
		return v == 0
	case float32:
		return v == 0
	}
	return false
}

// zeroOf returns the constant +0 of float type t.
func zeroOf(b *ir.Builder, t *ir.Type) ir.Exp {
	if t.Kind == ir.KFloat32 {
		return b.Const(t, float32(0))
	}
	return b.Const(t, float64(0))
}

// IsFMA reports whether n is a call of math.FMA (made by RelaxFP, or the
// source's own in a relaxed specialization).
func IsFMA(n *ir.Node) bool {
	if n.Op != ir.OpCall {
		return false
	}
	c := n.Aux.(ir.Callee)
	return c.Pkg == "math" && c.Name == "FMA"
}

// allFMA reports whether every lane calls math.FMA: a pack of them is
// made only in a relaxed specialization (the C vector code rounds twice).
func allFMA(lanes []*ir.Node) bool {
	for _, n := range lanes {
		if !IsFMA(n) {
			return false
		}
	}
	return true
}
