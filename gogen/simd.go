package gogen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// This file writes the vector code of lmsgen -simd: the packs found by
// sched.Vectorize become operations of simd/archsimd (Go 1.26,
// GOEXPERIMENT=simd) on 256-bit vectors, each written where the pack's
// last lane is scheduled; every other node is written as in the scalar
// file. A specialization with packs is written twice: its scalar code,
// under another name, and its vector code, under its own name, which
// calls the scalar code on a CPU without AVX2.

// archsimd is the import path of the vector package.
const archsimd = "simd/archsimd"

// SIMDConstraint is the build constraint of the vector file; the scalar
// file gets its negation (NotSIMDConstraint).
const (
	SIMDConstraint    = "goexperiment.simd && amd64"
	NotSIMDConstraint = "!goexperiment.simd || !amd64"
)

// simdState is the vector plan of the function being written.
type simdState struct {
	v     *sched.Vectors
	names map[*sched.Pack]string // the Go variable of a pack's value (or variables)
}

// hasPacks reports whether f has vector code to write.
func hasPacks(f Func) bool { return f.Vectors != nil && len(f.Vectors.Packs) > 0 }

// packed reports whether n is a node of a pack (written by its pack).
func (fg *funcGen) packed(n *ir.Node) bool {
	if fg.simd == nil {
		return false
	}
	p, _ := fg.simd.v.Of(n.Sym)
	return p != nil
}

// skipLane reports whether n is a lane of a pack written elsewhere (at
// the pack's anchor).
func (fg *funcGen) skipLane(n *ir.Node) bool {
	if fg.simd == nil {
		return false
	}
	p, _ := fg.simd.v.Of(n.Sym)
	return p != nil && p.Anchor != n
}

// vecType is the archsimd type of a vector of elements of type t.
func vecType(t *ir.Type) string {
	return fmt.Sprintf("Float%dx%d", t.Bits(), sched.Width(t))
}

// vecStmt writes the pack whose anchor is n, and reports whether n is one.
func (fg *funcGen) vecStmt(out *stmts, n *ir.Node) bool {
	if fg.simd == nil {
		return false
	}
	p, _ := fg.simd.v.Of(n.Sym)
	if p == nil {
		return false
	}
	if p.Anchor != n {
		panic("BUG: gogen: a lane of a pack written as a statement: " + ir.FormatNode(n))
	}
	vt := vecType(p.Elem)
	switch p.Kind {
	case sched.PackLoad:
		out.add(jen.Id(fg.packName(p)).Op(":=").Qual(archsimd, "Load"+vt+"Slice").Call(fg.vecSlice(p)))
	case sched.PackStore:
		out.add(fg.vecArg(p.Args[0], vt).Dot("StoreSlice").Call(fg.vecSlice(p)))
	case sched.PackOp:
		method := map[ir.Op]string{ir.OpAdd: "Add", ir.OpSub: "Sub", ir.OpMul: "Mul", ir.OpDiv: "Div"}[n.Op]
		if method == "" {
			panic("BUG: gogen: pack of " + ir.FormatNode(n))
		}
		out.add(jen.Id(fg.packName(p)).Op(":=").Add(fg.vecArg(p.Args[0], vt)).Dot(method).Call(fg.vecArg(p.Args[1], vt)))
	case sched.PackVarNew:
		out.add(jen.Id(fg.packName(p)).Op(":=").Add(fg.vecArg(p.Args[0], vt)))
	case sched.PackVarGet:
		if p.Direct {
			fg.simd.names[p] = fg.simd.names[p.Args[0].Pack] // the variable itself
			break
		}
		out.add(jen.Id(fg.packName(p)).Op(":=").Id(fg.simd.names[p.Args[0].Pack]))
	case sched.PackVarSet:
		out.add(jen.Id(fg.simd.names[p.Args[0].Pack]).Op("=").Add(fg.vecArg(p.Args[1], vt)))
	}
	return true
}

// packName returns the Go name of a pack's value, chosen at its first use
// (its definition: packs are written in dependency order).
func (fg *funcGen) packName(p *sched.Pack) string {
	if name, ok := fg.simd.names[p]; ok {
		return name
	}
	base := sanitize(fg.g.Name(p.Lanes[0].Sym))
	switch {
	case base != "":
		base += "v"
	case p.Kind == sched.PackLoad:
		base = fg.name(p.Base.Sym()) + "v"
	case p.Kind == sched.PackVarNew:
		base = "acc"
	default:
		base = "v"
	}
	name := fg.fn.names.fresh(base)
	fg.simd.names[p] = name
	return name
}

// vecArg writes an operand of a pack: its pack's value, or a scalar
// broadcast to every lane.
func (fg *funcGen) vecArg(a sched.PackArg, vt string) *jen.Statement {
	if a.Pack != nil {
		name, ok := fg.simd.names[a.Pack]
		if !ok {
			panic("BUG: gogen: a pack used before it is written")
		}
		return jen.Id(name)
	}
	return jen.Qual(archsimd, "Broadcast"+vt).Call(fg.ref(a.Scalar, ctxConverted).s)
}

// vecSlice writes the slice a load or store pack accesses: Base[Index:].
func (fg *funcGen) vecSlice(p *sched.Pack) *jen.Statement {
	base := fg.ref(p.Base, ctxConverted)
	if p.Index == 0 {
		return base.s
	}
	return base.at(precPrimary).Index(jen.Lit(int(p.Index)).Op(":"))
}

// dispatch returns the first statement of the vector code of f: on a CPU
// without AVX2, return the scalar code's result.
func (fg *funcGen) dispatch(f Func, scalar string) jen.Code {
	args := make([]jen.Code, len(fg.paramNames))
	for i, name := range fg.paramNames {
		args[i] = jen.Id(name)
	}
	call := jen.Id(scalar).Call(args...)
	var body []jen.Code
	if fg.voidResult(f) {
		body = []jen.Code{call, jen.Return()}
	} else {
		body = []jen.Code{jen.Return(call)}
	}
	return jen.If(jen.Op("!").Qual(archsimd, "X86").Dot("AVX2").Call()).Block(body...)
}

// voidResult reports whether f returns nothing.
func (fg *funcGen) voidResult(f Func) bool {
	if f.Results != nil {
		return len(f.Results) == 0
	}
	return len(fg.g.TypeOf(fg.g.Block.Res).Values()) == 0
}
