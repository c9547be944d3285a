package gogen_test

import (
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
)

// earlySchedule is a schedule made independently of package sched: every
// node in the outermost block where everything it depends on is bound
// (schedule early by bound variables), in node order, nothing inline. It
// is a valid schedule for the corpus (nodes that can trap or have effects
// depend on their block's effect input, so they stay in it), different
// from sched's, and so checks that gogen relies on nothing but the
// Schedule contract.
type earlySchedule struct {
	g      *ir.Graph
	blocks map[*ir.Block][]*ir.Node
}

func newEarlySchedule(g *ir.Graph) *earlySchedule {
	g = ir.DCE(g)
	bv := ir.Bound(g)
	binder := map[ir.Sym]*ir.Block{}
	depth := map[*ir.Block]int{g.Block: 0}
	g.Blocks(func(b *ir.Block) {
		for _, s := range b.Bound() {
			binder[s] = b
		}
	})
	home := func(n *ir.Node) *ir.Block {
		h := g.Block
		for _, x := range bv.Of(n.Sym) {
			if b := binder[x]; depth[b] > depth[h] {
				h = b
			}
		}
		return h
	}
	// A λ comes after its body's nodes: repeat until the depths settle.
	for changed := true; changed; {
		changed = false
		for _, n := range g.Nodes {
			d := depth[home(n)] + 1
			for _, c := range n.Blocks {
				if depth[c] != d {
					depth[c] = d
					changed = true
				}
			}
		}
	}
	s := &earlySchedule{g: g, blocks: map[*ir.Block][]*ir.Node{}}
	for _, n := range g.Nodes {
		h := home(n)
		s.blocks[h] = append(s.blocks[h], n)
	}
	return s
}

func (s *earlySchedule) Graph() *ir.Graph               { return s.g }
func (s *earlySchedule) Nodes(b *ir.Block) []*ir.Node   { return s.blocks[b] }
func (s *earlySchedule) Inlined(*ir.Block, ir.Sym) bool { return false }

// TestCorpusEarly runs the corpus emitted from the early schedule.
func TestCorpusEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	cases := corpus.Cases()
	funcs := make([]gogen.Func, len(cases))
	for i, c := range cases {
		funcs[i] = gogen.Func{Name: c.Name, Schedule: newEarlySchedule(c.Build())}
	}
	src, err := gogen.File("main", funcs, gogen.Options{})
	if err != nil {
		t.Fatalf("File: %v\n%s", err, src)
	}
	runProgram(t, src, cases)
}
