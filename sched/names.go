package sched

import "github.com/lmsgen/lmsgen/ir"

// heldNames names the symbols the source did not name (ir.Graph.Name is
// "") but that hold the value of a symbol it did, so that the emitters
// write the source's name where a Go programmer would (sum, i, acc) and
// not x<N>:
//
//   - a staged variable (var_new) is named after its first named read (a
//     loop's index whose reads stand for a staged function's named
//     parameter); not after a value stored into it or its initial value:
//     a variable that is assigned x, or starts as x, and changes is not x
//     (the maximum of the elements x is not x);
//   - a read of a variable (var_get), the snapshot of it taken where the
//     variable changes before the read's last use, is named after the
//     variable.
//
// Everything is computed in node order from the names the frontend
// recorded; the result is indexed by symbol, "" where there is no name to
// derive (and where the source's own name stands).
func heldNames(g *ir.Graph) []string {
	names := make([]string, g.NumSyms())
	named := func(e ir.Exp) string {
		if !e.IsSym() {
			return ""
		}
		if n := g.Name(e.Sym()); n != "" {
			return n
		}
		return names[e.Sym()]
	}
	// The variables: the first named read.
	for _, nd := range g.Nodes {
		if nd.Op == ir.OpVarGet {
			if v := nd.Args[0].Sym(); g.Name(v) == "" && names[v] == "" {
				names[v] = g.Name(nd.Sym)
			}
		}
	}
	// The snapshots.
	for _, nd := range g.Nodes {
		if nd.Op == ir.OpVarGet && g.Name(nd.Sym) == "" {
			names[nd.Sym] = named(nd.Args[0])
		}
	}
	return names
}
