package gogen

import (
	"fmt"
	"slices"

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
	wide  bool                   // vectors of 512 bits too (sched.VectorizeWide): needs AVX-512
	facts map[*ir.Block]vecFacts // what each block holds (simd_vzero.go)
}

// hasPacks reports whether f has vector code to write.
func hasPacks(f Func) bool { return f.Vectors != nil && len(f.Vectors.Packs) > 0 }

// packed reports whether n is a node of a pack (written by its pack).
func (fg *funcGen) packed(n *ir.Node) bool {
	if fg.simd == nil {
		return false
	}
	p, _ := fg.simd.v.Of(n.Sym)
	return p != nil || fg.simd.v.Absorbed(n.Sym)
}

// skipLane reports whether n is a lane of a pack written elsewhere (at
// the pack's anchor).
func (fg *funcGen) skipLane(n *ir.Node) bool {
	if fg.simd == nil {
		return false
	}
	p, _ := fg.simd.v.Of(n.Sym)
	return p != nil && p.Anchor != n || fg.simd.v.Absorbed(n.Sym)
}

// vecType is the archsimd type of a vector of w elements of type t.
func vecType(t *ir.Type, w int) string {
	return fmt.Sprintf("Float%dx%d", t.Bits(), w)
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
	vt := vecType(p.Elem, p.Width())
	if p.Part != sched.PartNone {
		fg.splitStmt(out, p, vt)
		return true
	}
	switch p.Kind {
	case sched.PackLoad:
		if ptr := fg.vecArray(p); ptr != nil {
			out.add(jen.Id(fg.packName(p)).Op(":=").Qual(archsimd, "Load"+vt).Call(ptr))
			break
		}
		out.add(jen.Id(fg.packName(p)).Op(":=").Qual(archsimd, "Load"+vt+"Slice").Call(fg.vecSlice(p)))
	case sched.PackStore:
		if ptr := fg.vecArray(p); ptr != nil {
			out.add(fg.vecArg(p.Args[0], vt).Dot("Store").Call(ptr))
			break
		}
		out.add(fg.vecArg(p.Args[0], vt).Dot("StoreSlice").Call(fg.vecSlice(p)))
	case sched.PackOp:
		if sched.IsFMA(n) {
			out.add(jen.Id(fg.packName(p)).Op(":=").Add(fg.vecArg(p.Args[0], vt)).Dot("MulAdd").Call(fg.vecArg(p.Args[1], vt), fg.vecArg(p.Args[2], vt)))
			break
		}
		method := map[ir.Op]string{ir.OpAdd: "Add", ir.OpSub: "Sub", ir.OpMul: "Mul", ir.OpDiv: "Div"}[n.Op]
		if method == "" {
			panic("BUG: gogen: pack of " + ir.FormatNode(n))
		}
		out.add(jen.Id(fg.packName(p)).Op(":=").Add(fg.vecArg(p.Args[0], vt)).Dot(method).Call(fg.vecArg(p.Args[1], vt)))
	case sched.PackReduce:
		fg.reduce(out, p)
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
	if a.Scalar.IsConst() {
		return jen.Id(fg.bcast(a.Scalar, vt))
	}
	return jen.Qual(archsimd, "Broadcast"+vt).Call(fg.ref(a.Scalar, ctxConverted).code())
}

// bcastKey is a constant broadcast to a vector type.
type bcastKey struct {
	c  *ir.Const
	vt string
}

// bcast returns the variable holding the constant c broadcast to every
// lane of a vector of type vt, declared at the start of the Go function
// being written the first time it is asked for. gc does not hoist
// archsimd's Broadcast out of a loop: written in place, a constant is
// loaded and broadcast again in every turn (conv's loops, session 11).
// Declared once, it is in a register or one load from the stack. The
// declaration comes after the CPU check (dispatch: Broadcast is an AVX
// instruction) and after the function's other variables (fg.fn.opaque,
// which the constant's expression may use); it has no effect and cannot
// panic, so declaring it earlier than its uses changes nothing else.
func (fg *funcGen) bcast(c ir.Exp, vt string) string {
	key := bcastKey{c.Const(), vt}
	if name, ok := fg.fn.bcastFor[key]; ok {
		return name
	}
	arg := fg.ref(c, ctxConverted).code()
	name := fg.fn.names.fresh("bc")
	fg.fn.bcasts = append(fg.fn.bcasts, jen.Id(name).Op(":=").Qual(archsimd, "Broadcast"+vt).Call(arg))
	fg.fn.bcastFor[key] = name
	return name
}

// vecSlice writes the slice a load or store pack accesses: Base[Index:].
func (fg *funcGen) vecSlice(p *sched.Pack) *jen.Statement {
	base := fg.ref(p.Base, ctxConverted)
	if p.Index == 0 {
		return base.code()
	}
	return base.at(precPrimary).Index(jen.Lit(int(p.Index)).Op(":"))
}

// arrayLen returns the length of the array pointer a sub-slice of the
// vector code is written as (sched.Vectors.ArrayLen), or 0.
func (fg *funcGen) arrayLen(s ir.Sym) int64 {
	if fg.simd == nil {
		return 0
	}
	return fg.simd.v.ArrayLen(s)
}

// arrayPtr writes the conversion of slice x to a pointer to an array of
// l elements of type elem: (*[l]elem)(x).
func (fg *funcGen) arrayPtr(x jen.Code, l int64, elem *ir.Type) expr {
	return primary(jen.Parens(jen.Op("*").Index(jen.Lit(int(l))).Add(goType(elem))).Call(x))
}

// vecArray writes the array a load or store pack accesses when its slice
// is an array pointer (vector_arrays.go in sched): the pointer itself
// when the pack covers it, else (*[W]T)(Base[Index:Index+W]), constant
// bounds within the array, which need no check. It returns nil for a
// pack on a slice.
func (fg *funcGen) vecArray(p *sched.Pack) jen.Code {
	if !p.Base.IsSym() {
		return nil
	}
	l := fg.arrayLen(p.Base.Sym())
	if l == 0 {
		return nil
	}
	base := fg.ref(p.Base, ctxConverted)
	w := int64(p.Width())
	if p.Index == 0 && w == l {
		return base.code()
	}
	lo := jen.Empty()
	if p.Index != 0 {
		lo = jen.Lit(int(p.Index))
	}
	sub := base.at(precPrimary).Index(lo.Op(":").Lit(int(p.Index + w)))
	return fg.arrayPtr(sub, w, p.Elem).code()
}

// dispatch returns the first statement of the vector code of f: on a CPU
// without AVX2 (AVX-512 for code with vectors of 512 bits; FMA too, for
// the fused multiply-adds of relaxed floating point), return the result of
// the fallback: the scalar code, or the code with vectors of 256 bits.
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
	feature := "AVX2"
	if fg.simd.wide {
		feature = "AVX512"
	}
	cond := jen.Op("!").Qual(archsimd, "X86").Dot(feature).Call()
	if slices.ContainsFunc(fg.simd.v.Packs, func(p *sched.Pack) bool { return sched.IsFMA(p.Anchor) }) {
		cond = cond.Op("||").Op("!").Qual(archsimd, "X86").Dot("FMA").Call()
	}
	return jen.If(cond).Block(body...)
}

// voidResult reports whether f returns nothing.
func (fg *funcGen) voidResult(f Func) bool {
	if f.Results != nil {
		return len(f.Results) == 0
	}
	return len(fg.g.TypeOf(fg.g.Block.Res).Values()) == 0
}

// unfusedMulAdd writes math.FMA(x, y, z) of a relaxed specialization in
// the portable file as x*y + z: gc fuses it into one instruction on
// arm64, ppc64x, s390x, riscv64 and amd64 with GOAMD64=v3, and rounds
// twice elsewhere (as relaxed allows), where math.FMA would be a
// software routine. The simd file (amd64 only) keeps math.FMA, which gc
// makes the VFMADD231SD instruction there.
func (fg *funcGen) unfusedMulAdd(a []ir.Exp) expr {
	prod := infix(fg.ref(a[0], ctxConverted), "*", precMul, fg.ref(a[1], ctxConverted))
	return infix(prod, "+", precAdd, fg.ref(a[2], ctxConverted))
}

// reduce writes a reduce pack: the halves of its operand vector, then the
// root's value, the pack's tree of + over the lanes extracted (lane j is
// the tree's j-th leaf).
func (fg *funcGen) reduce(out *stmts, p *sched.Pack) {
	v := fg.vecArg(p.Args[0], "")
	lo, hi := fg.fn.names.fresh("lo"), fg.fn.names.fresh("hi")
	out.add(jen.List(jen.Id(lo), jen.Id(hi)).Op(":=").Add(v.Clone().Dot("GetLo").Call()).Op(",").Add(v.Clone().Dot("GetHi").Call()))
	half := p.Width() / 2
	leaf := 0
	var tree func(n *ir.Node) expr
	tree = func(n *ir.Node) expr {
		var xs [2]expr
		for k, a := range n.Args {
			if q, _ := fg.simd.v.Of(a.Sym()); q == p {
				xs[k] = tree(fg.g.Def(a.Sym()))
				continue
			}
			h, j := lo, leaf
			if j >= half {
				h, j = hi, j-half
			}
			xs[k] = primary(jen.Id(h).Dot("GetElem").Call(jen.Lit(j)))
			leaf++
		}
		return infix(xs[0], "+", precAdd, xs[1])
	}
	out.add(jen.Id(fg.name(p.Anchor.Sym)).Op(":=").Add(tree(p.Anchor).code()))
}
