package difftest

import "github.com/lmsgen/lmsgen/ir"

// This file finds the inputs of a specialization that may bound a staged
// loop: the numbers (integers and floats) a generated differential test
// must draw from a small range, because the function, natively and
// generated alike, runs a loop about that many times (a kernel summing
// 0..n-1 never finishes with n = math.MaxInt, nor one counting y up to x
// with x = +Inf), and the slices whose elements are such numbers.
//
// An input bounds a loop when the condition of some W node depends on it.
// Dependence is followed backwards from the roots, conservatively:
//
//   - data edges: a node depends on its arguments, and on the results of
//     its blocks (a conditional on both branches' results and on its
//     condition, a λ on its body's result, a λforward on its λ); an
//     application of a known λ depends on the λ only (its arguments
//     reach it through the λ's inputs, below), an application of another
//     function value on all its arguments;
//   - memory: a node that reads an object (a variable, a slice's alias
//     class) depends on every node that writes that object, and so on
//     every value written into it (var_new's initial value is a data
//     edge of var_get; var_set, slice_set, append and copy are writers);
//   - calls of staged functions: an input of a λ depends on the arguments
//     in its position of every application of that λ (through a
//     λforward too), and of every application of an unknown function
//     value of the λ's type.
//
// The roots are the conditions of the loops; the inputs of every
// recursive λ (one named by a λforward that survived DCE: recursion is a
// loop written as staged calls, and its depth may depend on any input);
// and the arguments of the library calls in costArgs whose cost grows
// with their value (math.Jn's order). Control dependence (a value
// assigned to a variable inside a branch) is not followed.
//
// Each symbol and each object is visited once, and the indexes are built
// in one pass over the nodes, so the analysis is linear in the size of
// the graph. The result is a set: no order of visit decides it.

// costArgs lists the library calls (by ir.Callee.String) that run for a
// time growing with an integer argument, and the index of that argument.
var costArgs = map[string]int{
	"math.Jn": 0, // the order n: a recurrence of about n steps
	"math.Yn": 0,
}

// loopBounds reports, for each input of g's top-level block, whether it
// is a number (an integer or a float) on which a staged loop's iteration
// count (or a recursion's depth, or the cost of a call in costArgs) may
// depend; for a slice of numbers, whether its elements are such numbers
// (a loop may run as many times as an element says).
func loopBounds(g *ir.Graph) []bool {
	w := &boundWalk{g: g, ix: indexBounds(g), rel: make([]bool, g.NumSyms()), relObj: make([]bool, g.NumSyms()), relUnknown: map[unknownArg]bool{}}
	w.markRoots()
	w.propagate()
	return w.inputBounds()
}

// boundIndex holds the indexes of a graph loopBounds needs: the writers
// of every object, the applications of every λ and of unknown function
// values (by type), and the λ of every λ input.
type boundIndex struct {
	writers  [][]*ir.Node
	applies  [][]*ir.Node
	unknown  map[*ir.Type][]*ir.Node
	inputOf  []*ir.Node
	inputIdx []int32
}

// indexBounds builds the indexes of g in one pass over its nodes.
func indexBounds(g *ir.Graph) *boundIndex {
	n := g.NumSyms()
	ix := &boundIndex{
		writers:  make([][]*ir.Node, n),
		applies:  make([][]*ir.Node, n),
		unknown:  map[*ir.Type][]*ir.Node{},
		inputOf:  make([]*ir.Node, n),
		inputIdx: make([]int32, n),
	}
	for _, nd := range g.Nodes {
		switch {
		case nd.Op == ir.OpApply:
			if l := lambdaOf(g, nd.Args[0]); l != nil {
				ix.applies[l.Sym] = append(ix.applies[l.Sym], nd)
			} else {
				t := g.TypeOf(nd.Args[0])
				ix.unknown[t] = append(ix.unknown[t], nd)
			}
		case nd.Op == ir.OpLambda:
			for i, s := range nd.Blocks[0].In {
				ix.inputOf[s], ix.inputIdx[s] = nd, int32(i)
			}
		case nd.Op.Info().Effect != ir.Control && nd.Eff != nil:
			// A structured node's summary repeats the effects of the
			// nodes in its blocks, which are indexed themselves.
			for _, k := range nd.Eff.Wkeys {
				if k.IsSym() {
					ix.writers[k] = append(ix.writers[k], nd)
				}
			}
		}
	}
	return ix
}

// unknownArg is an argument position of the applications of unknown
// function values of a type.
type unknownArg struct {
	t *ir.Type
	i int32
}

// boundWalk is the backward walk of loopBounds from the roots.
type boundWalk struct {
	g          *ir.Graph
	ix         *boundIndex
	rel        []bool              // symbols a loop bound may depend on
	relObj     []bool              // objects whose contents it may depend on
	relUnknown map[unknownArg]bool // argument positions of unknown applications
	work       []ir.Sym
}

// mark records that a loop bound may depend on e.
func (w *boundWalk) mark(e ir.Exp) {
	if e.IsSym() && !w.rel[e.Sym()] {
		w.rel[e.Sym()] = true
		w.work = append(w.work, e.Sym())
	}
}

// markRoots marks the roots: the conditions of the loops, the inputs of
// recursive λs and the cost arguments of the calls in costArgs.
func (w *boundWalk) markRoots() {
	g := w.g
	for _, nd := range g.Nodes {
		switch nd.Op {
		case ir.OpWhile:
			w.mark(nd.Blocks[0].Res)
		case ir.OpForward:
			if l := lambdaOf(g, nd.Sym.E()); l != nil {
				for _, s := range l.Blocks[0].In {
					w.mark(s.E())
				}
			}
		case ir.OpCall:
			if c, ok := nd.Aux.(ir.Callee); ok {
				if i, ok := costArgs[c.String()]; ok && i < len(nd.Args) {
					w.mark(nd.Args[i])
				}
			}
		}
	}
}

// propagate follows dependence backwards from the marked symbols until
// no new symbol is marked.
func (w *boundWalk) propagate() {
	g, ix := w.g, w.ix
	for len(w.work) > 0 {
		s := w.work[len(w.work)-1]
		w.work = w.work[:len(w.work)-1]
		nd := g.Def(s)
		if nd == nil {
			// A block input: of a λ, its arguments at the applications.
			l := ix.inputOf[s]
			if l == nil {
				continue
			}
			i := ix.inputIdx[s]
			for _, a := range ix.applies[l.Sym] {
				w.mark(a.Args[1+i])
			}
			if k := (unknownArg{g.TypeOf(l.Sym.E()), i}); !w.relUnknown[k] {
				w.relUnknown[k] = true
				for _, a := range ix.unknown[k.t] {
					w.mark(a.Args[1+i])
				}
			}
			continue
		}
		if nd.Op == ir.OpApply && lambdaOf(g, nd.Args[0]) != nil {
			// The result of a known λ's application depends on the λ's
			// result, and on an argument only through the λ's input.
			w.mark(nd.Args[0])
		} else {
			for _, a := range nd.Args {
				w.mark(a)
			}
		}
		for _, b := range nd.Blocks {
			w.mark(b.Res)
		}
		if nd.Op.Info().Effect == ir.Control || nd.Eff == nil {
			continue
		}
		for _, k := range nd.Eff.Rkeys {
			if k.IsSym() && !w.relObj[k] {
				w.relObj[k] = true
				for _, wr := range ix.writers[k] {
					w.mark(wr.Sym.E())
				}
			}
		}
	}
}

// inputBounds returns the result of loopBounds from the marks.
func (w *boundWalk) inputBounds() []bool {
	g := w.g
	// A slice input belongs to the heap class of its type: its elements
	// bound a loop when that class's contents do.
	heapRel := map[*ir.Type]bool{}
	for _, h := range g.Heaps() {
		if w.relObj[h] {
			heapRel[g.TypeOf(h.E())] = true
		}
	}
	ins := g.Block.In
	bounds := make([]bool, len(ins))
	for i, s := range ins {
		t := g.TypeOf(s.E())
		if t.Kind == ir.KSlice {
			bounds[i] = heapRel[t] && isNumber(t.Elem)
			continue
		}
		bounds[i] = w.rel[s] && isNumber(t)
	}
	return bounds
}

func isNumber(t *ir.Type) bool { return t.IsInteger() || t.IsFloat() }

// lambdaOf returns the λ that f names directly or through its λforward,
// or nil if f is another function value.
func lambdaOf(g *ir.Graph, f ir.Exp) *ir.Node {
	if !f.IsSym() {
		return nil
	}
	nd := g.Def(f.Sym())
	if nd != nil && nd.Op == ir.OpForward {
		nd = g.Def(nd.Args[0].Sym())
	}
	if nd == nil || nd.Op != ir.OpLambda {
		return nil
	}
	return nd
}
