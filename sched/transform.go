package sched

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// Transformer rebuilds a graph through a fresh ir.Builder, as
// lms-traversal.md's Transformer does: it schedules the old graph, walks
// the schedule block by block, and rebuilds every node with the builder's
// constructors (so effects, dependencies, aliasing, CSE and rewrites are
// computed anew), keeping a substitution from old symbols to new
// expressions. Block inputs are substituted by the new block's inputs;
// a λforward becomes a new forward declaration that its λ then defines.
//
// A lowering pass sets Rewrite to replace some nodes; the identity
// Transformer (Rewrite nil) normalizes a graph: hand-built nodes are
// rebuilt with the effects the builder gives them.
type Transformer struct {
	// Rewrite, if not nil, is called for every node, in schedule order,
	// before the default rebuild. It returns the node's replacement (an
	// expression of the new graph, built with t.Builder() from t.Exp of
	// the node's arguments) and true, or false to rebuild the node as is.
	Rewrite func(t *Transformer, n *ir.Node) (ir.Exp, bool)

	b     *ir.Builder
	old   *ir.Graph
	s     *Schedule
	subst []ir.Exp
	has   []bool
	fwd   map[ir.Sym]ir.Exp // λ symbol -> new forward declaration
	loops map[ir.Sym]ir.Sym // loop symbol -> new loop symbol, while its body is rebuilt
}

// Transform returns the rebuilt graph. g is not modified.
func (t *Transformer) Transform(g *ir.Graph) *ir.Graph {
	t.s = Run(g, Options{NoCompact: true})
	t.old = t.s.Graph()
	t.b = ir.NewBuilder()
	t.subst = make([]ir.Exp, t.old.NumSyms())
	t.has = make([]bool, t.old.NumSyms())
	t.fwd = map[ir.Sym]ir.Exp{}
	t.loops = map[ir.Sym]ir.Sym{}
	top := t.old.Block
	params := make([]*ir.Type, len(top.In))
	for i, s := range top.In {
		params[i] = t.old.TypeOf(s.E())
	}
	return t.b.Build(params, t.Body(top))
}

// Builder returns the builder of the new graph.
func (t *Transformer) Builder() *ir.Builder { return t.b }

// Old returns the graph being rebuilt (as scheduled: the symbols of the
// nodes Rewrite is given).
func (t *Transformer) Old() *ir.Graph { return t.old }

// Exp returns the new expression for an old one: its substitution if it
// is a symbol, itself if it is a constant.
func (t *Transformer) Exp(e ir.Exp) ir.Exp {
	if e.IsConst() {
		return e
	}
	s := e.Sym()
	if int(s) >= len(t.has) || !t.has[s] {
		panic(fmt.Sprintf("BUG: sched: transform: %v has no substitution", s))
	}
	return t.subst[s]
}

// Exps maps Exp over es.
func (t *Transformer) Exps(es []ir.Exp) []ir.Exp {
	out := make([]ir.Exp, len(es))
	for i, e := range es {
		out[i] = t.Exp(e)
	}
	return out
}

// Body returns a builder body that rebuilds block b: it substitutes b's
// inputs by the body's arguments, rebuilds the nodes scheduled in b, and
// returns the substitution of b's result. Pass it to a builder constructor
// (Reify, If, While, Lambda) when rewriting a node with blocks.
func (t *Transformer) Body(b *ir.Block) func(args []ir.Exp) ir.Exp {
	return func(args []ir.Exp) ir.Exp {
		for i, s := range b.In {
			t.set(s, args[i])
		}
		for _, n := range t.s.Nodes(b) {
			t.node(n)
		}
		return t.Exp(b.Res)
	}
}

func (t *Transformer) set(s ir.Sym, e ir.Exp) {
	t.subst[s], t.has[s] = e, true
	if name := t.old.Name(s); name != "" {
		t.b.Name(e, name)
	}
}

func (t *Transformer) node(n *ir.Node) {
	t.b.AtNode(t.old, n)
	if t.Rewrite != nil {
		if e, ok := t.Rewrite(t, n); ok {
			t.set(n.Sym, e)
			return
		}
	}
	t.set(n.Sym, t.rebuild(n))
}

// rebuild builds n anew with the typed constructor of its operator.
func (t *Transformer) rebuild(n *ir.Node) ir.Exp {
	b := t.b
	a := func(k int) ir.Exp { return t.Exp(n.Args[k]) }
	rest := func(k int) []ir.Exp { return t.Exps(n.Args[k:]) }
	body := func(k int) func() ir.Exp {
		return func() ir.Exp { return t.Body(n.Blocks[k])(nil) }
	}
	switch n.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor,
		ir.OpAndNot, ir.OpShl, ir.OpShr, ir.OpConcat:
		op := n.Op
		if op == ir.OpConcat {
			op = ir.OpAdd
		}
		return b.Binary(op, a(0), a(1))
	case ir.OpNeg, ir.OpCom, ir.OpNot:
		return b.Unary(n.Op, a(0))
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		return b.Compare(n.Op, a(0), a(1))
	case ir.OpConv:
		return b.Convert(n.Type, a(0))
	case ir.OpReal:
		return b.Real(a(0))
	case ir.OpImag:
		return b.Imag(a(0))
	case ir.OpComplex:
		return b.Complex(a(0), a(1))
	case ir.OpIf:
		typ := n.Type
		if t.old.TypeOf(n.Blocks[0].Res) == ir.Void {
			typ = ir.Void // ir.DCE dropped the results of an unused conditional
		}
		return b.If(a(0), typ, body(0), body(1))
	case ir.OpWhile:
		b.While(body(0), func() { body(1)() })
		return b.Unit()
	case ir.OpLambda:
		if f, ok := t.fwd[n.Sym]; ok {
			return b.DefineForward(f, t.Body(n.Blocks[0]))
		}
		return b.Lambda(n.Type.Params, n.Type.Results, t.Body(n.Blocks[0]))
	case ir.OpForward:
		f := b.Forward(n.Type)
		t.fwd[n.Args[0].Sym()] = f
		return f
	case ir.OpApply:
		return b.Apply(a(0), rest(1)...)
	case ir.OpVarNew:
		return b.NewVar(a(0))
	case ir.OpVarGet:
		return b.ReadVar(a(0))
	case ir.OpVarSet:
		b.WriteVar(a(0), a(1))
		return b.Unit()
	case ir.OpSliceNew:
		return b.MakeSlice(n.Type.Elem, a(0), a(1))
	case ir.OpSliceLen:
		return b.Len(a(0))
	case ir.OpSliceCap:
		return b.Cap(a(0))
	case ir.OpSliceGet:
		return b.Index(a(0), a(1))
	case ir.OpSliceSet:
		b.SetIndex(a(0), a(1), a(2))
		return b.Unit()
	case ir.OpSliceSub:
		return b.SubSlice(a(0), a(1), a(2), rest(3)...)
	case ir.OpAppend:
		return b.Append(a(0), rest(1)...)
	case ir.OpAppendSlice:
		return b.AppendSlice(a(0), a(1))
	case ir.OpCopy:
		return b.Copy(a(0), a(1))
	case ir.OpSliceNil:
		return b.NilSlice(n.Type)
	case ir.OpSliceIsNil:
		return b.IsNil(a(0))
	case ir.OpStrLen:
		return b.StrLen(a(0))
	case ir.OpStrIndex:
		return b.StrIndex(a(0), a(1))
	case ir.OpStrSlice:
		return b.StrSlice(a(0), a(1), a(2))
	case ir.OpPrintf, ir.OpPrint, ir.OpPrintln, ir.OpEprint, ir.OpEprintln:
		b.Print(n.Op, rest(0)...)
		return b.Unit()
	case ir.OpPanic:
		b.Panic(a(0))
		return b.Unit()
	case ir.OpCall:
		return b.Call(n.Aux.(ir.Callee), n.Type, rest(0)...)
	case ir.OpStatic:
		return b.Static(n.Type, n.Aux.(*ir.StaticData).Vals)
	case ir.OpTuple:
		return b.Tuple(rest(0)...)
	case ir.OpProj:
		return b.Proj(a(0), n.Aux.(int))
	case ir.OpLoop:
		return t.rebuildLoop(n)
	case ir.OpYield:
		b.Yield(t.LoopSym(n.Aux.(ir.Yield).Loop), n.Aux.(ir.Yield).Gen, rest(0)...)
		return b.Unit()
	case ir.OpIndexNew:
		return b.NewIndex(n.Type.Elem)
	case ir.OpIndexSlot:
		return b.IndexSlot(a(0), a(1))
	case ir.OpGrow:
		return b.Grow(a(0), a(1), n.Aux.(ir.GrowElem))
	case ir.OpFieldGet:
		return b.FieldGet(a(0), a(1), n.Aux.(ir.FieldSel))
	case ir.OpFieldSet:
		b.FieldSet(a(0), a(1), n.Aux.(ir.FieldSel), a(2))
		return b.Unit()
	}
	panic(fmt.Sprintf("BUG: sched: transform: no constructor for %v", n.Op))
}
