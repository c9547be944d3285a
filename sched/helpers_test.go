package sched

import (
	"testing"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/stretchr/testify/require"
)

// syms lists the symbols of nodes.
func syms(ns []*ir.Node) []ir.Sym {
	out := make([]ir.Sym, len(ns))
	for i, n := range ns {
		out[i] = n.Sym
	}
	return out
}

// xs builds a list of symbols from their numbers.
func xs(ns ...int) []ir.Sym {
	out := make([]ir.Sym, len(ns))
	for i, n := range ns {
		out[i] = ir.Sym(n)
	}
	return out
}

// run schedules g, checks the graph before and after and the schedule,
// and returns the schedule.
func run(t testing.TB, g *ir.Graph, opts Options) *Schedule {
	t.Helper()
	require.NoError(t, ir.Check(g), "input graph")
	s := Run(g, opts)
	require.NoError(t, ir.Check(s.Graph()), "scheduled graph")
	require.NoError(t, Verify(s), "schedule\n%s", s)
	return s
}

// def returns the node of s in the scheduled graph.
func def(s *Schedule, e ir.Exp) *ir.Node { return s.Graph().Def(e.Sym()) }

// placedIn returns the blocks node x is placed in, by walking the schedule.
func placedIn(s *Schedule, x ir.Sym) []*ir.Block {
	var out []*ir.Block
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for _, n := range s.Nodes(b) {
			if n.Sym == x {
				out = append(out, b)
			}
			for _, c := range n.Blocks {
				walk(c)
			}
		}
	}
	walk(s.Graph().Block)
	return out
}
