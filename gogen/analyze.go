package gogen

import (
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// Schedule is what gogen needs of a schedule (see sched.Scheduled).
type Schedule = sched.Scheduled

// analysis holds the facts about a scheduled graph that emission needs
// before it starts: how often each value is used, which results of a
// multi-result value are used, which variables are read, which static
// tables are written, and which functions (λ) capture nothing and can be
// top-level Go functions. Everything is indexed by symbol; nothing
// iterates a map.
type analysis struct {
	g *ir.Graph
	s Schedule

	uses     []int32             // references as an argument or a block result (proj excluded)
	projs    map[ir.Sym][]ir.Sym // multi-result value -> its proj node per index (0 if none)
	varReads []int32             // var_new -> number of var_get nodes reading it
	written  []bool              // static table -> its object is written (copied per call)
	noInline []bool              // right operand of a boolean && or ||: inline only if it has no effect
	fwdOf    map[ir.Sym]ir.Sym   // λ -> its forward declaration
	lambdas  []*ir.Node          // every λ, in node order
	hoisted  []bool              // λ -> emitted as a top-level function

	plans     map[*ir.Block]*blockPlan // how each block is written (plan.go)
	copies    []int32                  // symbol -> number of blocks the schedule placed it in
	place     map[ir.Sym]placement     // where each node is scheduled
	owner     map[*ir.Block]*ir.Node   // the node each block belongs to
	dup       []bool                   // node scheduled in several blocks
	forwarded []bool                   // variable read written as the variable itself
	varOps    map[ir.Sym][]*ir.Node    // variable -> the nodes that read or assign it
}

func analyze(s Schedule) *analysis {
	g := s.Graph()
	n := g.NumSyms()
	a := &analysis{g: g, s: s, uses: make([]int32, n), projs: map[ir.Sym][]ir.Sym{},
		varReads: make([]int32, n), written: make([]bool, n), noInline: make([]bool, n),
		fwdOf: map[ir.Sym]ir.Sym{}, hoisted: make([]bool, n), varOps: map[ir.Sym][]*ir.Node{}}
	for _, nd := range g.Nodes {
		switch nd.Op {
		case ir.OpForward:
			a.fwdOf[nd.Args[0].Sym()] = nd.Sym
			continue
		case ir.OpProj:
			t := nd.Args[0].Sym()
			ps := a.projs[t]
			if ps == nil {
				ps = make([]ir.Sym, len(g.TypeOf(nd.Args[0]).Elems))
				a.projs[t] = ps
			}
			ps[nd.Aux.(int)] = nd.Sym
			continue
		case ir.OpVarGet:
			a.varReads[nd.Args[0].Sym()]++
			a.varOps[nd.Args[0].Sym()] = append(a.varOps[nd.Args[0].Sym()], nd)
		case ir.OpVarSet:
			a.varOps[nd.Args[0].Sym()] = append(a.varOps[nd.Args[0].Sym()], nd)
		case ir.OpLambda:
			a.lambdas = append(a.lambdas, nd)
		case ir.OpAnd, ir.OpOr, ir.OpAndNot:
			// The right operand of && and || is evaluated only sometimes:
			// nothing in it may have an effect or panic. Mark the whole
			// operand tree: its pure nodes may still be written inline,
			// the others become statements, evaluated always.
			if nd.Type == ir.Bool && nd.Args[1].IsSym() {
				stack := []ir.Sym{nd.Args[1].Sym()}
				for len(stack) > 0 {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					d := a.g.Def(x)
					if a.noInline[x] || d == nil {
						continue
					}
					a.noInline[x] = true
					if pureNode(d) {
						for _, y := range d.Args {
							if y.IsSym() {
								stack = append(stack, y.Sym())
							}
						}
					}
				}
			}
		}
		for _, x := range nd.Args {
			if x.IsSym() {
				a.uses[x.Sym()]++
			}
		}
		a.noteWrites(nd)
	}
	g.Blocks(func(b *ir.Block) {
		if b.Res.IsSym() {
			a.uses[b.Res.Sym()]++
		}
	})
	a.findHoisted()
	a.planBlocks()
	return a
}

// noteWrites marks the static tables nd may write. A node with blocks or
// a call of a staged function summarizes effects of nodes that are in the
// graph themselves (a call through a forward declaration even assumes it
// writes everything), so only its own escapes count: a table passed to
// the function, or a table a conditional yields, may be written through
// the parameter or the result.
func (a *analysis) noteWrites(nd *ir.Node) {
	switch {
	case nd.Op == ir.OpApply:
		for _, x := range nd.Args[1:] {
			a.markTable(x)
		}
		return
	case len(nd.Blocks) > 0:
		for _, b := range nd.Blocks {
			res := []ir.Exp{b.Res}
			if b.Res.IsSym() {
				if d := a.g.Def(b.Res.Sym()); d != nil && d.Op == ir.OpTuple {
					res = d.Args
				}
			}
			for _, x := range res {
				a.markTable(x)
			}
		}
		return
	}
	if nd.Eff == nil {
		return
	}
	for _, k := range nd.Eff.Wkeys {
		if !k.IsSym() {
			continue
		}
		if d := a.g.Def(ir.Sym(k)); d != nil && d.Op == ir.OpStatic {
			a.written[k] = true
		}
	}
}

// markTable marks the static table x is (a sub-slice of) as written.
func (a *analysis) markTable(x ir.Exp) {
	for x.IsSym() {
		d := a.g.Def(x.Sym())
		switch {
		case d == nil:
			return
		case d.Op == ir.OpStatic:
			a.written[d.Sym] = true
			return
		case d.Op == ir.OpSliceSub:
			x = d.Args[0]
		default:
			return
		}
	}
}

// isTuple reports whether s is a multi-result value.
func (a *analysis) isTuple(s ir.Sym) bool { return a.g.TypeOf(s.E()).Kind == ir.KTuple }

// isGlobal reports whether s is a package-level name in the emitted file:
// a static table that is never written, a top-level function, or the
// forward declaration of one.
func (a *analysis) isGlobal(s ir.Sym) bool {
	d := a.g.Def(s)
	if d == nil {
		return false
	}
	switch d.Op {
	case ir.OpStatic:
		return !a.written[s]
	case ir.OpLambda:
		return a.hoisted[s]
	case ir.OpForward:
		return a.hoisted[d.Args[0].Sym()]
	}
	return false
}

// findHoisted decides which functions become top-level Go functions: those
// whose scheduled bodies refer to nothing defined outside them except
// package-level names. Mutual recursion makes this a greatest fixpoint:
// start with every λ hoisted and demote those that capture a local.
func (a *analysis) findHoisted() {
	if len(a.lambdas) == 0 {
		return
	}
	free := make([][]ir.Sym, len(a.lambdas))
	for i, l := range a.lambdas {
		free[i] = a.free(l.Blocks[0])
		a.hoisted[l.Sym] = true
	}
	for changed := true; changed; {
		changed = false
		for i, l := range a.lambdas {
			if !a.hoisted[l.Sym] {
				continue
			}
			for _, s := range free[i] {
				if !a.isGlobal(s) {
					a.hoisted[l.Sym] = false
					changed = true
					break
				}
			}
		}
	}
}

// free returns, in first-reference order, the symbols that the nodes
// scheduled in b and in its nested blocks (and b's result) refer to but
// that are not defined in them.
func (a *analysis) free(b *ir.Block) []ir.Sym {
	defined := map[ir.Sym]bool{}
	seen := map[ir.Sym]bool{}
	var refs []ir.Sym
	ref := func(e ir.Exp) {
		if e.IsSym() && !seen[e.Sym()] {
			seen[e.Sym()] = true
			refs = append(refs, e.Sym())
		}
	}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for _, s := range b.Bound() {
			defined[s] = true
		}
		ref(b.Res)
		for _, n := range a.s.Nodes(b) {
			defined[n.Sym] = true
			if n.Op != ir.OpForward {
				for _, x := range n.Args {
					ref(x)
				}
			}
			for _, c := range n.Blocks {
				walk(c)
			}
		}
	}
	walk(b)
	out := refs[:0]
	for _, s := range refs {
		if !defined[s] {
			out = append(out, s)
		}
	}
	return out
}
