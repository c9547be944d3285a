package ir

import (
	"fmt"
	"io"
	"strings"
)

// This file prints a graph in the seeds' textual format:
//
//	================ Block(List(x1),x10,x0,[CTRL*: _ | x10]) ==============
//	x2 = (printf hello, world1)  [CTRL*: _ | x0]
//	x4 = (> x1 0)
//	x10 = (? x4 Block(List(),x7,x5,[CTRL*: _ | x6]) Block(List(),x9,x8,[: _ | x8])) [CTRL*: _ | x3]
//
// A node prints as "sym = (op args... blocks...)" followed by its effect
// summary, separated by two spaces (one for a node with blocks, as in the
// seeds). Constants print as their Go value, strings unquoted.

// Fprint writes g in the seeds' format.
func Fprint(w io.Writer, g *Graph) error {
	var sb strings.Builder
	sb.WriteString("================ ")
	sb.WriteString(FormatBlock(g.Block))
	sb.WriteString(" ==============\n")
	for _, n := range g.Nodes {
		sb.WriteString(FormatNode(n))
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// String returns the graph in the seeds' format.
func (g *Graph) String() string {
	var sb strings.Builder
	Fprint(&sb, g)
	return sb.String()
}

// FormatBlock formats a block as Block(List(inputs),result,effect input,summary).
func FormatBlock(b *Block) string {
	var sb strings.Builder
	sb.WriteString("Block(List(")
	for i, s := range b.In {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(s.String())
	}
	fmt.Fprintf(&sb, "),%v,%v,", b.Res, b.Ein)
	sb.WriteString(b.Eff.String())
	if b.Eff.IsEmpty() {
		sb.WriteString("[: _ | _]")
	}
	sb.WriteString(")")
	return sb.String()
}

// FormatNode formats a node on one line.
func FormatNode(n *Node) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%v = (%s", n.Sym, n.Op)
	switch n.Op {
	case OpConv, OpReal, OpImag, OpComplex, OpSliceNew, OpSliceNil:
		sb.WriteString(" " + n.Type.String())
	case OpCall:
		sb.WriteString(" " + n.Aux.(Callee).String())
	case OpLoop:
		sb.WriteString(" " + n.Aux.(*Loop).String())
	case OpYield:
		sb.WriteString(" " + n.Aux.(Yield).String())
	case OpGrow:
		sb.WriteString(" " + n.Aux.(GrowElem).String())
	case OpFieldGet, OpFieldSet:
		sb.WriteString(" " + n.Aux.(FieldSel).Sel)
	}
	for _, a := range n.Args {
		sb.WriteString(" " + a.String())
	}
	for _, b := range n.Blocks {
		sb.WriteString(" " + FormatBlock(b))
	}
	switch n.Op {
	case OpProj:
		fmt.Fprintf(&sb, " %d", n.Aux.(int))
	case OpStatic:
		fmt.Fprintf(&sb, " %s %v", n.Type, n.Aux.(*StaticData).Vals)
	}
	sb.WriteString(")")
	if len(n.Blocks) > 0 {
		sb.WriteString(" ")
	} else {
		sb.WriteString("  ")
	}
	sb.WriteString(n.Eff.String())
	return sb.String()
}
