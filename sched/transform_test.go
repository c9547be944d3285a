package sched

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// TestTransformIdentity rebuilds random graphs with the identity
// Transformer: the result is valid, schedules validly, and rebuilding
// converges (the transformer computes a normal form).
func TestTransformIdentity(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 100
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		g := randomGraph(rand.New(rand.NewPCG(seed, 5)), shape(seed))
		once := (&Transformer{}).Transform(g)
		require.NoError(t, ir.Check(once), "seed %d", seed)
		require.NoError(t, Verify(Run(once, Options{})), "seed %d", seed)
		// The first rebuild may still change dependencies: a write whose
		// earlier write died (DCE dropped the soft dependency on it) is
		// rebuilt as the first write of its block. After that it is a
		// fixed point.
		twice := (&Transformer{}).Transform(once)
		thrice := (&Transformer{}).Transform(twice)
		require.Equal(t, canonical(twice), canonical(thrice), "seed %d", seed)
	}
}

// canonical prints the schedule of g with symbols renumbered in order of
// appearance, so that graphs equal up to renaming print the same.
func canonical(g *ir.Graph) string {
	s := Run(g, Options{})
	num := map[ir.Sym]int{}
	name := func(x ir.Sym) string {
		if _, ok := num[x]; !ok {
			num[x] = len(num)
		}
		return fmt.Sprintf("y%d", num[x])
	}
	exp := func(e ir.Exp) string {
		if e.IsConst() {
			return e.String()
		}
		return name(e.Sym())
	}
	deps := func(ss []ir.Sym) string {
		var out []string
		for _, x := range ss {
			out = append(out, name(x))
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	var sb strings.Builder
	var walk func(b *ir.Block, indent string)
	walk = func(b *ir.Block, indent string) {
		fmt.Fprintf(&sb, "%sblock %s in", indent, name(b.Ein))
		for _, x := range b.In {
			sb.WriteString(" " + name(x))
		}
		sb.WriteString("\n")
		for _, n := range s.Nodes(b) {
			fmt.Fprintf(&sb, "%s%s = %v", indent, name(n.Sym), n.Op)
			var args []string
			for _, a := range n.Args {
				args = append(args, exp(a))
			}
			if n.Op.Info().Commutative {
				slices.Sort(args)
			}
			sb.WriteString(" " + strings.Join(args, " "))
			if n.Eff != nil {
				fmt.Fprintf(&sb, " [%s | %s]", deps(n.Eff.Sdeps), deps(n.Eff.Hdeps))
			}
			sb.WriteString("\n")
			for _, c := range n.Blocks {
				walk(c, indent+"  ")
			}
		}
		fmt.Fprintf(&sb, "%sresult %s [%s]\n", indent, exp(b.Res), deps(b.Eff.Hdeps))
	}
	walk(s.Graph().Block, "")
	return sb.String()
}

// TestTransformSeed rebuilds the traversal seed's snippet: the same graph,
// symbol for symbol.
func TestTransformSeed(t *testing.T) {
	g := buildSnippet()
	require.Equal(t, ir.DCE(g).String(), (&Transformer{}).Transform(g).String())
}

// TestTransformLowering lowers x*2 to x<<1 inside a loop and a function,
// through Rewrite.
func TestTransformLowering(t *testing.T) {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.Int}, func(a []ir.Exp) ir.Exp {
		f := b.Lambda([]*ir.Type{ir.Int}, []*ir.Type{ir.Int}, func(x []ir.Exp) ir.Exp {
			return b.Binary(ir.OpMul, x[0], b.Const(ir.Int, 2))
		})
		loop(b, a[0], func(i ir.Exp) {
			b.Print(ir.OpPrintln, b.Apply(f, b.Binary(ir.OpMul, i, b.Const(ir.Int, 2))))
		})
		return b.Unit()
	})
	tr := &Transformer{Rewrite: func(t *Transformer, n *ir.Node) (ir.Exp, bool) {
		if n.Op == ir.OpMul && n.Args[1].IsConst() && n.Args[1].Const().Val == 2 {
			return t.Builder().Binary(ir.OpShl, t.Exp(n.Args[0]), t.Builder().Const(ir.Uint, 1)), true
		}
		return ir.Exp{}, false
	}}
	h := tr.Transform(g)
	require.NoError(t, ir.Check(h))
	var muls, shls int
	for _, n := range h.Nodes {
		switch n.Op {
		case ir.OpMul:
			muls++
		case ir.OpShl:
			shls++
		}
	}
	require.Equal(t, 0, muls, "%s", h)
	require.Equal(t, 2, shls, "%s", h)
	require.NoError(t, Verify(Run(h, Options{})))
}
