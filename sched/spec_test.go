package sched

import (
	"math/rand/v2"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// Speculation safety: a node that can trap never runs where the source
// would not have run it.

// trapDiv builds a division that can trap but, unlike the builder's,
// does not read CTRL (as a hand-built graph or a lowering pass might).
func trapDiv(b *ir.Builder, x, y ir.Exp) ir.Exp {
	return b.ReflectEffect(ir.OpDiv, ir.Int, nil, []ir.Exp{x, y}, nil, nil, nil, false, ir.FlagTrap)
}

// TestSpecDivisionStaysInLoop: `for i < n { print(a / b) }` with a and b
// invariant: the division stays in the loop (a zero-trip loop must not
// panic), both as the builder makes it (pinned by CTRL) and hand-built
// (anchored by the scheduler), where LMS would hoist the latter.
func TestSpecDivisionStaysInLoop(t *testing.T) {
	for _, hand := range []bool{false, true} {
		b := ir.NewBuilder()
		var q ir.Exp
		var w *ir.Node
		g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Int}, func(a []ir.Exp) ir.Exp {
			loop(b, a[0], func(ir.Exp) {
				if hand {
					q = trapDiv(b, a[1], a[2])
				} else {
					q = b.Binary(ir.OpDiv, a[1], a[2])
				}
				b.Print(ir.OpPrintln, q)
			})
			w = b.Graph().Nodes[len(b.Graph().Nodes)-1]
			return b.Unit()
		})
		var s *Schedule
		if hand {
			s = Run(g, Options{Verbose: true}) // ir.Check rejects the hand-built trap
			require.NoError(t, Verify(s))
		} else {
			s = run(t, g, Options{Verbose: true})
		}
		body := s.Graph().Def(w.Sym).Blocks[1]
		require.Equal(t, []*ir.Block{body}, placedIn(s, q.Sym()), "hand-built %v\n%s", hand, s)
		if hand {
			requireDecision(t, s, q.Sym(), Kept)
			r := newRef(s.Graph(), nil)
			require.True(t, r.blocks[q.Sym()][s.Graph().Block], "LMS hoists it")
		}
	}
}

// TestSpecIndexStaysInBranch: `if c { print(s[i]) }`: the index stays in
// the branch, built by the builder or hand-built, while an invariant pure
// computation used in the same place may move.
func TestSpecIndexStaysInBranch(t *testing.T) {
	for _, hand := range []bool{false, true} {
		b := ir.NewBuilder()
		var x, cond ir.Exp
		g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.Int, ir.Bool}, func(a []ir.Exp) ir.Exp {
			cond = ifDo(b, a[2], func() {
				if hand {
					x = b.ReflectEffect(ir.OpSliceGet, ir.Int, nil, []ir.Exp{a[0], a[1]}, nil, nil, nil, false, ir.FlagTrap)
				} else {
					x = b.Index(a[0], a[1])
				}
				b.Print(ir.OpPrintln, x)
			})
			return b.Unit()
		})
		s := Run(g, Options{})
		require.NoError(t, Verify(s))
		require.Equal(t, []*ir.Block{def(s, cond).Blocks[0]}, placedIn(s, x.Sym()), "hand-built %v\n%s", hand, s)
	}
}

// TestSpecMultiplicationHoisted: an invariant multiplication cannot trap,
// so it is hoisted out of the loop.
func TestSpecMultiplicationHoisted(t *testing.T) {
	b := ir.NewBuilder()
	var m ir.Exp
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Int}, func(a []ir.Exp) ir.Exp {
		loop(b, a[0], func(i ir.Exp) {
			m = b.Binary(ir.OpMul, a[1], a[2])
			b.Print(ir.OpPrintln, b.Binary(ir.OpAdd, m, i))
		})
		return b.Unit()
	})
	s := run(t, g, Options{Verbose: true})
	require.Equal(t, []*ir.Block{s.Graph().Block}, placedIn(s, m.Sym()), "%s", s)
	requireDecision(t, s, m.Sym(), Hoisted)
}

// TestSpecAnchoredUsers: a pure node that uses a hand-built trapping node
// is not hoisted either (hoisting it would hoist the trap), and a pure
// conditional whose branch holds such a node stays in the loop; unrelated
// pure work is still hoisted.
func TestSpecAnchoredUsers(t *testing.T) {
	b := ir.NewBuilder()
	var q, u, c, free ir.Exp
	var w *ir.Node
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Int, ir.Bool}, func(a []ir.Exp) ir.Exp {
		loop(b, a[0], func(i ir.Exp) {
			c = ifVal(b, a[3], func() ir.Exp {
				q = trapDiv(b, a[1], a[2])
				u = b.Binary(ir.OpAdd, q, a[1])
				return u
			})
			free = b.Binary(ir.OpMul, a[1], a[2])
			b.Print(ir.OpPrintln, b.Binary(ir.OpAdd, c, b.Binary(ir.OpAdd, free, i)))
		})
		w = b.Graph().Nodes[len(b.Graph().Nodes)-1]
		return b.Unit()
	})
	st := schedState(g, Options{})
	s := st.sched
	require.NoError(t, Verify(s))
	body := s.Graph().Def(w.Sym).Blocks[1]
	require.Equal(t, []*ir.Block{body}, placedIn(s, c.Sym()), "%s", s)
	cb := def(s, c).Blocks[0]
	require.Equal(t, []*ir.Block{cb}, placedIn(s, q.Sym()))
	require.Equal(t, []*ir.Block{cb}, placedIn(s, u.Sym()))
	require.Equal(t, []*ir.Block{s.Graph().Block}, placedIn(s, free.Sym()))
}

// TestVerifyCatchesSpeculation: Verify rejects a schedule that hoists an
// unpinned trap out of a loop (here, the reference's LMS placement forced
// on the production schedule).
func TestVerifyCatchesSpeculation(t *testing.T) {
	b := ir.NewBuilder()
	var q ir.Exp
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Int}, func(a []ir.Exp) ir.Exp {
		loop(b, a[0], func(ir.Exp) { b.Print(ir.OpPrintln, trapDivVar(b, &q, a[1], a[2])) })
		return b.Unit()
	})
	st := schedUntil(g, Options{}, "anchor")
	i := st.nodeOf(q.Sym())
	st.anchored[i] = false // schedule as LMS would
	place(st)
	order(st)
	require.ErrorContains(t, Verify(st.sched), "speculative")
}

func trapDivVar(b *ir.Builder, q *ir.Exp, x, y ir.Exp) ir.Exp {
	*q = trapDiv(b, x, y)
	return *q
}

// TestOverwrittenWriteStaysInLoop: in
//
//	for c < n { x = 1; x = 5; c++ }; print(x)
//
// the second assignment depends on the first only softly (it overwrites
// it), and DCE removes the first: the second has no dependency left, yet
// it must stay in the loop (with n = 0 the program prints 0).
func TestOverwrittenWriteStaysInLoop(t *testing.T) {
	b := ir.NewBuilder()
	var w *ir.Node
	g := b.Build([]*ir.Type{ir.Int}, func(a []ir.Exp) ir.Exp {
		x := b.NewVar(b.Const(ir.Int, 0))
		loop(b, a[0], func(ir.Exp) {
			b.WriteVar(x, b.Const(ir.Int, 1))
			b.WriteVar(x, b.Const(ir.Int, 5))
		})
		w = b.Graph().Nodes[len(b.Graph().Nodes)-1]
		b.Print(ir.OpPrintln, b.ReadVar(x))
		return b.Unit()
	})
	s := run(t, g, Options{})
	body := s.Graph().Def(w.Sym).Blocks[1]
	var sets int
	for _, n := range s.Nodes(body) {
		if n.Op == ir.OpVarSet && n.Args[1].IsConst() {
			sets++
		}
	}
	require.Equal(t, 1, sets, "x = 5 stays in the loop\n%s", s)
}

// TestDecisionStrings: what `lmsgen -v` prints for a loop that holds an
// invariant conditional (hoisted, its multiplication sunk into its branch)
// and a hand-built invariant division (kept).
func TestDecisionStrings(t *testing.T) {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Bool}, func(a []ir.Exp) ir.Exp {
		loop(b, a[0], func(i ir.Exp) {
			ifDo(b, b.Compare(ir.OpGt, i, b.Const(ir.Int, 0)), func() {
				b.Print(ir.OpPrintln, ifVal(b, a[2], func() ir.Exp { return b.Binary(ir.OpMul, a[1], a[1]) }))
			})
			b.Print(ir.OpPrintln, trapDiv(b, a[1], a[0]))
		})
		return b.Unit()
	})
	var got []string
	for _, d := range Run(g, Options{Verbose: true}).Decisions() {
		got = append(got, d.String())
	}
	require.Equal(t, []string{
		"x13 (*) sunk from top into x15.then: used only in the then of x15 (?)",
		"x15 (?) hoisted from x18.then to top: out of the body of x23 (W)",
		"x19 (/) kept in x23.body, not hoisted to top: it may trap, and the body of x23 (W) may not run",
	}, got)
}

// TestPruneUnreached: ir.DCE keeps an assignment to a variable that is
// read elsewhere, though a later assignment overwrites it before any read
// (here x66 = (var_set x43 x1) [x43*: x65 | _] of a random graph). No hard
// dependency reaches it: prune removes it, indexes the smaller graph
// again, and the schedule is valid.
func TestPruneUnreached(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(15212, 2)), genOpts{size: 42, depth: 3, maxNodes: 800})
	st := &state{g: g}
	dce(st)
	index(st)
	n := len(st.g.Nodes)
	prune(st)
	require.Equal(t, n-1, len(st.g.Nodes))
	require.Nil(t, st.g.Def(66))
	require.Equal(t, len(st.g.Nodes), len(st.flat.op), "indexed again")
	s := run(t, g, Options{})
	require.Nil(t, s.Graph().Def(66))
	crossCheck(t, 15212, g)
}

// TestTupleStaysAtUse: a function returning a tuple of values of the
// enclosing block (`func(p) (int, int) { return a, 0 }`): the tuple
// computes nothing, so it stays in the body that returns it rather than
// being lifted out of the function (which would make the function capture
// it), while an invariant multiplication in the body is still hoisted.
func TestTupleStaysAtUse(t *testing.T) {
	b := ir.NewBuilder()
	var tup, mul ir.Exp
	var lam ir.Exp
	g := b.Build([]*ir.Type{ir.Int}, func(a []ir.Exp) ir.Exp {
		lam = b.Lambda([]*ir.Type{ir.Int}, []*ir.Type{ir.Int, ir.Int}, func(p []ir.Exp) ir.Exp {
			mul = b.Binary(ir.OpMul, a[0], a[0])
			tup = b.Tuple(mul, b.Const(ir.Int, 0))
			return tup
		})
		return b.Proj(b.Apply(lam, a[0]), 1)
	})
	s := run(t, g, Options{})
	body := def(s, lam).Blocks[0]
	require.Equal(t, []*ir.Block{body}, placedIn(s, tup.Sym()), "%s", s)
	require.Equal(t, []*ir.Block{s.Graph().Block}, placedIn(s, mul.Sym()), "%s", s)
}
