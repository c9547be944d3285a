package explain

import (
	"testing"

	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// TestLayout lays out every graph of the corpus and checks the drawing:
// every node the schedule places is drawn once, inside the frame of its
// block, below the dependencies it has in that block, and no two nodes of
// a block overlap.
func TestLayout(t *testing.T) {
	for _, c := range corpus.Cases() {
		s := sched.Run(c.Build(), sched.Options{})
		l := &layout{s: s, g: s.Graph(), drawn: map[ir.Sym]*gnode{}}
		top := l.block(s.Graph().Block, "top")
		top.place(0, 0)
		placed := map[ir.Sym]bool{}
		var walk func(b *ir.Block)
		walk = func(b *ir.Block) {
			for _, n := range s.Nodes(b) {
				placed[n.Sym] = true
				for _, c := range n.Blocks {
					walk(c)
				}
			}
		}
		walk(s.Graph().Block)
		if len(placed) != len(l.drawn) {
			t.Errorf("%s: %d nodes placed, %d drawn", c.Name, len(placed), len(l.drawn))
		}
		var check func(b *gblock)
		check = func(b *gblock) {
			in := map[ir.Sym]*gnode{}
			for i, gn := range b.nodes {
				in[gn.n.Sym] = gn
				if gn.x < b.x || gn.y < b.y || gn.x+gn.w > b.x+b.w+0.01 || gn.y+gn.h > b.y+b.h+0.01 {
					t.Errorf("%s: %v is outside the frame of %s", c.Name, gn.n.Sym, b.title)
				}
				for _, o := range b.nodes[:i] {
					if gn.x < o.x+o.w && o.x < gn.x+gn.w && gn.y < o.y+o.h && o.y < gn.y+gn.h {
						t.Errorf("%s: %v and %v overlap in %s", c.Name, gn.n.Sym, o.n.Sym, b.title)
					}
				}
				for _, d := range deps(gn.n) {
					if p := in[d]; p != nil && p.y+p.h > gn.y {
						t.Errorf("%s: %v is not below its dependency %v", c.Name, gn.n.Sym, d)
					}
				}
				for _, c := range gn.blocks {
					check(c)
				}
			}
		}
		check(top)
	}
}
