package explain

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// This file draws the scheduled graph as SVG, laid out here: each block
// (the top-level block, and the blocks of a conditional, a loop or a
// staged function, drawn inside their node) is laid out in layers, a
// node one layer below the deepest of its dependencies in the block,
// each layer ordered by the mean position of the dependencies of its
// nodes (one sweep of Sugiyama's barycenter heuristic), a wide layer
// wrapped into rows so that an unrolled kernel's drawing keeps a
// readable shape. Edges are drawn
// from a dependency's bottom to its user's top: data (arguments), hard
// and soft effect dependencies. A block's edges are drawn in its group,
// so folding a node hides its blocks with their edges.

// Sizes, in SVG units.
const (
	charW   = 6.6 // a character of the node labels
	nodeH   = 20.0
	gapX    = 14.0
	gapY    = 30.0
	pad     = 8.0
	titleH  = 18.0
	minNode = 40.0
	maxRow  = 24 // nodes in a row of a layer (an unrolled kernel's layers hold hundreds)
)

// gnode is a node being laid out.
type gnode struct {
	n      *ir.Node
	x, y   float64 // top left, absolute once placed
	w, h   float64
	label  string
	blocks []*gblock // its blocks, side by side
	layer  int
}

// gblock is a block being laid out.
type gblock struct {
	title string
	x, y  float64 // top left, absolute once placed
	w, h  float64
	nodes []*gnode
}

// layout lays out the blocks of a schedule.
type layout struct {
	s     sched.Scheduled
	g     *ir.Graph
	drawn map[ir.Sym]*gnode // a node the schedule duplicates is drawn once
}

// graph writes the SVG drawing of a schedule's graph.
func (w *writer) graph(s sched.Scheduled) {
	l := &layout{s: s, g: s.Graph(), drawn: map[ir.Sym]*gnode{}}
	top := l.block(s.Graph().Block, "top")
	top.place(0, 0)
	w.printf("<svg class=\"g\" viewBox=\"%s\">", viewBox(top))
	w.printf("<defs><marker id=\"ah\" viewBox=\"0 0 6 6\" refX=\"6\" refY=\"3\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0L6,3L0,6z\"/></marker></defs>")
	l.write(w, top)
	w.printf("</svg>")
}

func viewBox(b *gblock) string {
	return fmt.Sprintf("%.0f %.0f %.0f %.0f", b.x-pad, b.y-pad, b.w+2*pad, b.h+2*pad)
}

// block lays out the nodes placed in b, relative to its top left.
func (l *layout) block(b *ir.Block, title string) *gblock {
	gb := &gblock{title: title}
	local := map[ir.Sym]*gnode{}
	for _, n := range l.s.Nodes(b) {
		if l.drawn[n.Sym] != nil {
			continue
		}
		gn := l.node(n)
		l.drawn[n.Sym] = gn
		for _, d := range deps(n) {
			if p := local[d]; p != nil && p.layer >= gn.layer {
				gn.layer = p.layer + 1
			}
		}
		local[n.Sym] = gn
		gb.nodes = append(gb.nodes, gn)
	}
	var rows [][]*gnode
	for _, gn := range gb.nodes {
		for len(rows) <= gn.layer {
			rows = append(rows, nil)
		}
		rows[gn.layer] = append(rows[gn.layer], gn)
	}
	y := titleH
	width := minNode
	for r, row := range rows {
		if r > 0 {
			orderRow(row, local)
		}
		// A wide layer wraps: the nodes of a layer do not depend on
		// each other, so each part may go below the one before.
		for len(row) > 0 {
			part := row[:min(len(row), maxRow)]
			row = row[len(part):]
			x, h := pad, 0.0
			for _, gn := range part {
				gn.x, gn.y = x, y
				x += gn.w + gapX
				h = max(h, gn.h)
			}
			width = max(width, x-gapX+pad)
			y += h + gapY
		}
	}
	gb.w, gb.h = max(width, float64(len(title))*charW+2*pad), max(y-gapY+pad, titleH+pad)
	return gb
}

// orderRow orders a layer by the mean x of each node's dependencies in
// the block placed above (nodes without any keep their order, at the
// end).
func orderRow(row []*gnode, local map[ir.Sym]*gnode) {
	key := make(map[*gnode]float64, len(row))
	for i, gn := range row {
		sum, k := 0.0, 0
		for _, d := range deps(gn.n) {
			if p := local[d]; p != nil && p.layer < gn.layer {
				sum += p.x + p.w/2
				k++
			}
		}
		if k == 0 {
			key[gn] = 1e18 + float64(i)
		} else {
			key[gn] = sum / float64(k)
		}
	}
	// Stable insertion sort: rows are short, ties keep schedule order.
	for i := 1; i < len(row); i++ {
		for j := i; j > 0 && key[row[j]] < key[row[j-1]]; j-- {
			row[j], row[j-1] = row[j-1], row[j]
		}
	}
}

// node lays out one node, with its blocks inside it.
func (l *layout) node(n *ir.Node) *gnode {
	gn := &gnode{n: n, label: n.Sym.String() + " " + n.Op.String()}
	if c, ok := n.Aux.(ir.Callee); ok {
		gn.label += " " + c.Name
	}
	gn.w, gn.h = max(minNode, float64(len(gn.label))*charW+2*pad), nodeH
	if len(n.Blocks) == 0 {
		return gn
	}
	x, h := pad, 0.0
	for k, b := range n.Blocks {
		gb := l.block(b, n.Sym.String()+"."+sched.BlockRole(n.Op, k))
		gb.x, gb.y = x, titleH
		x += gb.w + gapX
		h = max(h, gb.h)
		gn.blocks = append(gn.blocks, gb)
	}
	gn.w, gn.h = max(gn.w, x-gapX+pad), titleH+h+pad
	return gn
}

// place makes the positions of b's contents absolute, b's top left at
// x, y.
func (b *gblock) place(x, y float64) {
	b.x, b.y = x, y
	for _, gn := range b.nodes {
		gn.x += x
		gn.y += y
		for _, c := range gn.blocks {
			c.place(gn.x+c.x, gn.y+c.y)
		}
	}
}

// deps returns the symbols n depends on: its arguments, then its hard
// and soft effect dependencies.
func deps(n *ir.Node) []ir.Sym {
	var out []ir.Sym
	for _, a := range n.Args {
		if a.IsSym() {
			out = append(out, a.Sym())
		}
	}
	if n.Eff != nil {
		out = append(out, n.Eff.Hdeps...)
		out = append(out, n.Eff.Sdeps...)
	}
	return out
}

// write writes a block: its frame, the edges to its nodes, its nodes.
func (l *layout) write(w *writer, b *gblock) {
	w.printf("<g class=\"blk\"><rect class=\"blkr\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/><text class=\"bt\" x=\"%.1f\" y=\"%.1f\">%s</text>",
		b.x, b.y, b.w, b.h, b.x+pad, b.y+13, esc(b.title))
	var sb strings.Builder
	for _, gn := range b.nodes {
		edge := func(d ir.Sym, class string) {
			p := l.drawn[d]
			if p == nil {
				return
			}
			x1, y1, x2, y2 := p.x+p.w/2, p.y+p.h, gn.x+gn.w/2, gn.y
			fmt.Fprintf(&sb, "<path class=\"e %s\" data-n=\"%d %d\" d=\"M%.1f,%.1fC%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>",
				class, d, gn.n.Sym, x1, y1, x1, y1+gapY/2, x2, y2-gapY/2, x2, y2)
		}
		for _, a := range gn.n.Args {
			if a.IsSym() {
				edge(a.Sym(), "e-data")
			}
		}
		if e := gn.n.Eff; e != nil {
			for _, d := range e.Hdeps {
				edge(d, "e-hard")
			}
			for _, d := range e.Sdeps {
				edge(d, "e-soft")
			}
		}
	}
	w.printf("%s", sb.String())
	for _, gn := range b.nodes {
		class := "n"
		switch {
		case len(gn.blocks) > 0:
			class += " cl"
		case gn.n.CanTrap():
			class += " trap"
		case !gn.n.IsPure():
			class += " eff"
		}
		w.printf("<g class=\"%s\" data-n=\"%d\"><title>%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"3\"/>",
			class, gn.n.Sym, esc(strings.TrimRight(ir.FormatNode(gn.n), " ")), gn.x, gn.y, gn.w, gn.h)
		if len(gn.blocks) == 0 {
			w.printf("<text x=\"%.1f\" y=\"%.1f\">%s</text></g>", gn.x+pad, gn.y+14, esc(gn.label))
			continue
		}
		w.printf("<text class=\"fold\" x=\"%.1f\" y=\"%.1f\">▾ %s</text><g class=\"in\">", gn.x+pad, gn.y+13, esc(gn.label))
		for _, c := range gn.blocks {
			l.write(w, c)
		}
		w.printf("</g></g>")
	}
	w.printf("</g>")
}
