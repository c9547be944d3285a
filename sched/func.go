package sched

import (
	"go/token"

	"github.com/lmsgen/lmsgen/ir"
)

// Func is one specialization to emit: the input of both emitters (gogen
// and cgen), made by the pipeline's schedule stage.
type Func struct {
	// Name is the generated function's name, used as given (C prefixes
	// it with the package name).
	Name string
	// Schedule is the scheduled graph of the specialization: the result
	// of Run, or any other valid schedule.
	Schedule Scheduled
	// ParamNames optionally names the parameters (the inputs of the
	// graph's top-level block), in order; where it has no non-empty entry
	// the graph's source name is used, or x<N>.
	ParamNames []string
	// Doc is an optional doc comment, without the comment markers.
	Doc string
	// Literals, if not nil, records how the source wrote its integer
	// literals: the emitters write a constant in the source's base.
	Literals *ir.Literals
	// Params and Results, if not nil, are the Go parameters and results
	// of the function when they are not one per graph input and result:
	// a struct covers one graph input (result) per field (see
	// ir.GoValue). Their leaves must have the types of the graph's
	// inputs (results), in order. ParamNames still names the inputs. C
	// entry points take and return the fields.
	Params, Results []ir.GoValue
	// Facts, if not nil, are FactsOf(Schedule), computed once for both
	// emitters (the pipeline's facts stage); an emitter computes them if
	// they are nil.
	Facts *Facts
	// Vectors, if not nil, are the packs of Vectorize(Schedule), for the
	// vector code of lmsgen -simd.
	Vectors *Vectors
	// Wide, if not nil, are the packs of VectorizeWide(Schedule), some of
	// 512 bits, for the Go vector file's AVX-512 code (Vectors then serve
	// a CPU with AVX2 only).
	Wide *Vectors
	// RelaxedFP reports that the specialization's floating point is
	// relaxed (lmsgen -fp=relaxed, RelaxFP): an emitter may compute a
	// math.FMA with one rounding or two.
	RelaxedFP bool
	// Pos is the position of the specialization's directive: where an
	// emitter reports an error about the function as a whole (a
	// signature C cannot carry), which no node's position names.
	Pos token.Position
}

// FactsOrCompute returns f.Facts, computing them if they are nil.
func (f *Func) FactsOrCompute() *Facts {
	if f.Facts == nil {
		return FactsOf(f.Schedule)
	}
	return f.Facts
}

// Scheduled is what an emitter needs of a schedule; *Schedule implements
// it. Graph is the graph to emit, Nodes the nodes placed in a block in
// emission order, and Inlined whether a node placed in a block is written
// inline at its single use there.
type Scheduled interface {
	Graph() *ir.Graph
	Nodes(b *ir.Block) []*ir.Node
	Inlined(b *ir.Block, s ir.Sym) bool
}
