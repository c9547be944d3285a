package explain

import (
	"go/token"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// Snapshot is a graph as a pass left it: its nodes, printed, in order.
// It is taken when the pass ends, because later passes may reuse the
// nodes.
type Snapshot struct {
	Pass  string
	Nodes []NodeText
}

// NodeText is one node of a snapshot.
type NodeText struct {
	Sym  ir.Sym
	Text string // ir.FormatNode
	Pos  token.Position
}

// Snap takes the snapshot of g after pass.
func Snap(pass string, g *ir.Graph) Snapshot {
	s := Snapshot{Pass: pass, Nodes: make([]NodeText, len(g.Nodes))}
	for i, n := range g.Nodes {
		s.Nodes[i] = NodeText{Sym: n.Sym, Text: strings.TrimRight(ir.FormatNode(n), " "), Pos: g.Position(n)}
	}
	return s
}

// change is what a pass did to a node.
type change uint8

const (
	kept      change = iota
	added            // not in the graph before the pass
	rewritten        // in it, written differently
	removed          // in it, not after the pass
)

func (c change) class() string {
	return [...]string{"", "add", "rew", "rem"}[c]
}

// diff lists the nodes of snapshot cur with what the pass did to them,
// followed by the nodes of prev it removed (prev nil: all kept).
func diff(prev, cur *Snapshot) (nodes []NodeText, changes []change, counts [4]int) {
	before := map[ir.Sym]string{}
	if prev != nil {
		for _, n := range prev.Nodes {
			before[n.Sym] = n.Text
		}
	}
	now := map[ir.Sym]bool{}
	for _, n := range cur.Nodes {
		now[n.Sym] = true
		c := kept
		if prev != nil {
			switch t, ok := before[n.Sym]; {
			case !ok:
				c = added
			case t != n.Text:
				c = rewritten
			}
		}
		nodes, changes = append(nodes, n), append(changes, c)
		counts[c]++
	}
	if prev != nil {
		for _, n := range prev.Nodes {
			if !now[n.Sym] {
				nodes, changes = append(nodes, n), append(changes, removed)
				counts[removed]++
			}
		}
	}
	return nodes, changes, counts
}
