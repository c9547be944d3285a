package ir

import "math/big"

// This file decides whether a loop provably ends. In Go, not ending is
// observable: a loop without other effects may be removed only when it
// ends on every input. A loop that may run forever is an effect of its
// own, like a trap: it reads CTRL and writes TRAP, so DCE keeps it, it
// stays after the output before it and before the output after it, and
// the conditional or function around it carries the effect in its
// summary.
//
// A loop is proved to end when it counts: its condition compares a
// variable v, made before the loop, with a bound that does not change in
// the loop (v < n, n > v, v >= 0, ...); the only node of the loop that
// writes v is an assignment at the top level of the body (so it runs on
// every iteration), v = v + c, or v = v - c, with a constant step c
// toward the bound; and the step cannot wrap around: the last value v
// has in the loop, moved by c, is still in v's type. For a bound that is
// not a constant, that leaves v < n with v += 1 and v > n with v -= 1.
// Each iteration then moves v strictly toward the bound, so the loop runs
// at most as many times as v's type has values. The ranges of int, uint
// and uintptr are taken as 32-bit ones, so that the proof holds on every
// platform. The frontend's counted loops (for i := a; i < n; i++ and
// range over an integer) have this shape; a loop with a break, or one
// whose variable changes in a conditional, is not proved to end.

// WhileBlocks builds the loop that evaluates cond (a block computing a bool) and
// runs body while it is true, from blocks already reified. A loop that
// may not end has the effect of a trap (see above).
func (b *Builder) WhileBlocks(cond, body *Block) Exp {
	b.mustType("loop condition", b.g.TypeOf(cond.Res), Bool)
	var reads, writes []Key
	if !b.loopEnds(cond, body) {
		reads, writes = trapRead, trapWrite
	}
	return b.ReflectEffect(OpWhile, Void, nil, nil, []*Block{cond, body}, reads, writes, false, 0)
}

// varWriter is a node that writes a variable, and the number of function
// bodies around it.
type varWriter struct {
	s       Sym
	fnDepth int32
}

// recordWrites logs node s as a writer of the variables among keys, for
// loopEnds.
func (b *Builder) recordWrites(s Sym, keys []Key) {
	for _, k := range keys {
		if k.IsSym() {
			if d := b.g.Def(Sym(k)); d != nil && d.Op == OpVarNew {
				b.varWriters[Sym(k)] = append(b.varWriters[Sym(k)], varWriter{s, b.sc.fnDepth})
			}
		}
	}
}

// loopEnds reports whether the loop with these blocks, whose nodes are
// the last ones built (every symbol it made is at least the first block's
// effect input), is a counted loop (see above).
func (b *Builder) loopEnds(cond, body *Block) bool {
	if c := cond.Res.Const(); c != nil && c.Val == false {
		return true // the condition runs once, the body never
	}
	start := min(cond.Ein, body.Ein)
	test := b.defOfExp(cond.Res)
	if test == nil || test.Op.Info().Rule != RuleCompare {
		return false
	}
	op, x, bound := test.Op, test.Args[0], test.Args[1]
	v, ok := b.readIn(x, start)
	if !ok {
		if v, ok = b.readIn(bound, start); !ok {
			return false
		}
		op, x, bound = mirrorCompare[op], bound, x
	}
	t := b.g.TypeOf(x)
	if !t.IsInteger() || v >= start || !b.invariant(bound, start, 8) {
		return false
	}
	w, ok := b.onlyWrite(v, start, body)
	if !ok {
		return false
	}
	step, ok := b.stepOf(w, v, start)
	if !ok {
		return false
	}
	return stepEnds(op, step, bound.Const(), t)
}

// defOfExp returns the node defining e, or nil for a constant or an input.
func (b *Builder) defOfExp(e Exp) *Node {
	if !e.IsSym() {
		return nil
	}
	return b.g.Def(e.s)
}

// readIn returns the variable e reads if e is a var_get made in the loop
// (at least start).
func (b *Builder) readIn(e Exp, start Sym) (Sym, bool) {
	n := b.defOfExp(e)
	if n == nil || n.Op != OpVarGet || e.s < start {
		return 0, false
	}
	return n.Args[0].s, true
}

// invariant reports whether e has one value in every iteration of a loop
// whose symbols are at least start: a constant, a symbol made before the
// loop, or a pure node of invariant arguments (looked into depth levels
// deep).
func (b *Builder) invariant(e Exp, start Sym, depth int) bool {
	if e.IsConst() || e.s < start {
		return true
	}
	n := b.g.Def(e.s)
	if n == nil || depth == 0 || n.Eff != nil || len(n.Blocks) > 0 || n.CanTrap() || n.Op == OpForward {
		return false
	}
	for _, a := range n.Args {
		if !b.invariant(a, start, depth-1) {
			return false
		}
	}
	return true
}

// onlyWrite returns the assignment to v that is the only node of the loop
// writing v, if there is one and it is at the top level of body (the
// body's summary depends on it as its last write of v). The nodes of a λ
// made in the loop do not count: they write v only through its
// applications, which do.
func (b *Builder) onlyWrite(v, start Sym, body *Block) (*Node, bool) {
	ws := b.varWriters[v]
	var w *Node
	for i := len(ws) - 1; i >= 0 && ws[i].s >= start; i-- {
		if ws[i].fnDepth != b.sc.fnDepth {
			continue
		}
		if w != nil {
			return nil, false
		}
		w = b.g.Def(ws[i].s)
	}
	if w == nil || w.Op != OpVarSet || w.Args[0].s != v {
		return nil, false
	}
	for _, h := range body.Eff.Hdeps {
		if h == w.Sym {
			return w, true
		}
	}
	return nil, false
}

// stepOf returns c for the assignment v = v + c (-c for v = v - c), where
// the read of v is made in the loop and c is a constant.
func (b *Builder) stepOf(w *Node, v, start Sym) (*big.Int, bool) {
	n := b.defOfExp(w.Args[1])
	if n == nil || n.Op != OpAdd && n.Op != OpSub {
		return nil, false
	}
	x, c := n.Args[0], n.Args[1].Const()
	if n.Op == OpAdd && c == nil {
		x, c = n.Args[1], n.Args[0].Const()
	}
	if r, ok := b.readIn(x, start); !ok || r != v || c == nil {
		return nil, false
	}
	step := bigOf(c)
	if n.Op == OpSub {
		step.Neg(step)
	}
	return step, true
}

// stepEnds reports whether v op bound, with v moved by step on every
// iteration, becomes false without v wrapping around; bound is nil when
// it is not a constant (it may then be any value of t).
func stepEnds(op Op, step *big.Int, bound *Const, t *Type) bool {
	lo, hi := portableRange(t)
	up := step.Sign() > 0
	// The value v has in the last iteration, at the extreme.
	last := new(big.Int)
	switch {
	case (op == OpLt || op == OpLe) && up:
		last.Set(hi)
		if bound != nil {
			last = bigOf(bound)
		}
		if op == OpLt {
			last.Sub(last, big.NewInt(1))
		}
		return last.Add(last, step).Cmp(hi) <= 0
	case (op == OpGt || op == OpGe) && !up && step.Sign() != 0:
		last.Set(lo)
		if bound != nil {
			last = bigOf(bound)
		}
		if op == OpGt {
			last.Add(last, big.NewInt(1))
		}
		return last.Add(last, step).Cmp(lo) >= 0
	}
	return false
}

// portableRange returns the smallest and largest values of the integer
// type t, with 32 bits for int, uint and uintptr.
func portableRange(t *Type) (lo, hi *big.Int) {
	bits := uint(t.Bits())
	switch t.Kind {
	case KInt, KUint, KUintptr:
		bits = 32
	}
	one := big.NewInt(1)
	if t.IsUnsigned() {
		hi = new(big.Int).Lsh(one, bits)
		return new(big.Int), hi.Sub(hi, one)
	}
	hi = new(big.Int).Lsh(one, bits-1)
	lo = new(big.Int).Neg(hi)
	return lo, hi.Sub(hi, one)
}

// bigOf returns an integer constant's value.
func bigOf(c *Const) *big.Int {
	if c.Type.IsUnsigned() {
		return new(big.Int).SetUint64(toUint64(c))
	}
	return big.NewInt(toInt64(c))
}

// mirrorCompare maps a comparison to the one with its operands swapped.
var mirrorCompare = map[Op]Op{OpEq: OpEq, OpNe: OpNe, OpLt: OpGt, OpGt: OpLt, OpLe: OpGe, OpGe: OpLe}
