package sched

import "github.com/lmsgen/lmsgen/ir"

// heldNames names the symbols the source did not name (ir.Graph.Name is
// "") but that hold the value of a symbol it did, so that the emitters
// write the source's name where a Go programmer would (sum, i, acc) and
// not x<N>:
//
//   - a staged variable (var_new) is named after what it holds: the first
//     named read of it (a loop's index whose reads stand for a staged
//     function's named parameter), else the first named value stored into
//     it (not after its initial value: a variable that starts as x and
//     changes is not x);
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
	// The variables: the first named read, else the first named store.
	read := make([]string, len(names))
	stored := make([]string, len(names))
	for _, nd := range g.Nodes {
		switch nd.Op {
		case ir.OpVarGet:
			if v := nd.Args[0].Sym(); read[v] == "" {
				read[v] = g.Name(nd.Sym)
			}
		case ir.OpVarSet:
			if v := nd.Args[0].Sym(); stored[v] == "" {
				stored[v] = named(nd.Args[1])
			}
		}
	}
	for _, nd := range g.Nodes {
		if nd.Op != ir.OpVarNew || g.Name(nd.Sym) != "" {
			continue
		}
		names[nd.Sym] = read[nd.Sym]
		if names[nd.Sym] == "" {
			names[nd.Sym] = stored[nd.Sym]
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
