package gogen

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// Schedule is what gogen needs of a schedule (see sched.Scheduled).
type Schedule = sched.Scheduled

// analysis holds the facts about a scheduled graph that Go emission needs
// before it starts: those both emitters need (sched.Facts: how often each
// value is used, which variables are read, which static tables are
// written), and Go's own: which results of a multi-result value are used,
// which operands of && and || must not be inlined, and which functions
// (λ) capture nothing and can be top-level Go functions. Everything is
// indexed by symbol; nothing iterates a map.
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
	held     []string            // symbol -> the source name of the value it holds (sched.Facts.Held)

	plans     map[*ir.Block]*blockPlan // how each block is written (plan.go)
	copies    []int32                  // symbol -> number of blocks the schedule placed it in
	place     []placement              // symbol -> where its node is scheduled (b nil: nowhere)
	owner     map[*ir.Block]*ir.Node   // the node each block belongs to
	dup       []bool                   // node scheduled in several blocks
	forwarded []bool                   // variable read written as the variable itself
	varOps    map[ir.Sym][]*ir.Node    // variable -> the nodes that read or assign it
	lens      map[ir.Sym]loopLen       // counted loop -> the slice whose len its bound is written as (bounds.go)
	boundGone []bool                   // symbol -> a loop bound written len(t), or an operand only it used (bounds.go); nil if none
}

func analyze(s Schedule, facts *sched.Facts) *analysis {
	g := s.Graph()
	n := g.NumSyms()
	// The references of a proj are not uses here: a multi-result value is
	// written through its projs.
	uses := slices.Clone(facts.Uses)
	a := &analysis{g: g, s: s, uses: uses, projs: map[ir.Sym][]ir.Sym{},
		varReads: facts.VarReads, written: facts.Written, noInline: make([]bool, n),
		fwdOf: facts.FwdOf, lambdas: facts.Lambdas, hoisted: make([]bool, n), held: facts.Held, varOps: map[ir.Sym][]*ir.Node{}}
	for _, nd := range g.Nodes {
		switch nd.Op {
		case ir.OpProj:
			t := nd.Args[0].Sym()
			uses[t]--
			ps := a.projs[t]
			if ps == nil {
				ps = make([]ir.Sym, len(g.TypeOf(nd.Args[0]).Elems))
				a.projs[t] = ps
			}
			ps[nd.Aux.(int)] = nd.Sym
		case ir.OpVarGet, ir.OpVarSet:
			a.varOps[nd.Args[0].Sym()] = append(a.varOps[nd.Args[0].Sym()], nd)
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
	}
	a.findHoisted()
	a.planBlocks()
	a.lens = a.loopLens()
	return a
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

// free returns the symbols that the nodes scheduled in b and in its
// nested blocks (and b's result) refer to but that are not defined in
// them.
func (a *analysis) free(b *ir.Block) []ir.Sym {
	refs, defined := sched.Refs(a.s, b, true)
	out := refs[:0]
	for _, s := range refs {
		if !defined[s] {
			out = append(out, s)
		}
	}
	return out
}
