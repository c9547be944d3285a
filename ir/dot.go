package ir

import (
	"fmt"
	"io"
	"strings"
)

// FprintDot writes g as a Graphviz digraph. Edges point from a node to what
// it depends on: data arguments solid, hard dependencies dashed, soft
// dependencies dotted, and nesting (a node to the inputs and effect inputs
// its blocks bind, and to its blocks' results) bold blue.
func FprintDot(w io.Writer, g *Graph) error {
	var sb strings.Builder
	sb.WriteString("digraph lms {\n\trankdir=BT;\n\tnode [shape=box, fontname=\"monospace\"];\n")
	declared := make([]bool, g.NumSyms())
	decl := func(s Sym, label, shape string) {
		if declared[s] {
			return
		}
		declared[s] = true
		fmt.Fprintf(&sb, "\t%v [label=%q, shape=%s];\n", s, label, shape)
	}
	g.Blocks(func(b *Block) {
		decl(b.Ein, b.Ein.String()+" (effect input)", "ellipse")
		for _, s := range b.In {
			decl(s, s.String()+" (input)", "ellipse")
		}
	})
	for _, n := range g.Nodes {
		label := fmt.Sprintf("%v = %s", n.Sym, n.Op)
		for _, a := range n.Args {
			if a.IsConst() {
				label += " " + a.String()
			}
		}
		decl(n.Sym, label, "box")
	}
	edge := func(from, to Sym, style string) {
		fmt.Fprintf(&sb, "\t%v -> %v [%s];\n", from, to, style)
	}
	for _, n := range g.Nodes {
		for _, a := range n.Args {
			if a.IsSym() {
				edge(n.Sym, a.s, "style=solid")
			}
		}
		for _, b := range n.Blocks {
			for _, s := range b.Bound() {
				edge(n.Sym, s, "style=bold, color=blue")
			}
			if b.Res.IsSym() {
				edge(n.Sym, b.Res.s, "style=bold, color=blue, label=res")
			}
			for _, s := range b.Eff.Hdeps {
				edge(n.Sym, s, "style=dashed, color=blue")
			}
		}
		if n.Eff != nil {
			for _, s := range n.Eff.Hdeps {
				edge(n.Sym, s, "style=dashed")
			}
			for _, s := range n.Eff.Sdeps {
				edge(n.Sym, s, "style=dotted")
			}
		}
	}
	sb.WriteString("\tresult [shape=doublecircle];\n")
	if g.Block.Res.IsSym() {
		edge2 := fmt.Sprintf("\tresult -> %v [style=solid];\n", g.Block.Res.s)
		sb.WriteString(edge2)
	}
	for _, s := range g.Block.Eff.Hdeps {
		fmt.Fprintf(&sb, "\tresult -> %v [style=dashed];\n", s)
	}
	sb.WriteString("}\n")
	_, err := io.WriteString(w, sb.String())
	return err
}
