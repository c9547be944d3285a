package gogen

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the Go signature of a specialization whose Func gives
// Params or Results (ir.GoValue): a struct parameter covers several graph
// inputs, which are unpacked at entry (pX := float64(p.X)); a struct result
// covers several graph results, packed at each return
// (return Point{X: stage.Float64(x), Y: stage.Float64(y)}).

// checkSig reports whether the Go signature of f covers the graph's
// inputs and results exactly.
func checkSig(f Func) error {
	g := f.Schedule.Graph()
	if f.Params != nil {
		var ts []*ir.Type
		for _, p := range f.Params {
			ts = append(ts, p.Leaves()...)
		}
		var in []*ir.Type
		for _, s := range g.Block.In {
			in = append(in, g.TypeOf(s.E()))
		}
		if !sameTypes(ts, in) {
			return fmt.Errorf("gogen: the parameters of %s cover the graph inputs %v, not %v", f.Name, ts, in)
		}
	}
	if f.Results != nil {
		var ts []*ir.Type
		for _, r := range f.Results {
			ts = append(ts, r.Leaves()...)
		}
		if res := g.TypeOf(g.Block.Res).Values(); !sameTypes(ts, res) {
			return fmt.Errorf("gogen: the results of %s cover the graph results %v, not %v", f.Name, ts, res)
		}
	}
	return nil
}

func sameTypes(a, b []*ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// usesSliceAs reports whether the signature of f converts a slice field.
func usesSliceAs(f Func) bool {
	for _, v := range append(append([]ir.GoValue(nil), f.Params...), f.Results...) {
		for _, l := range v.LeafValues() {
			if l.Slice {
				return true
			}
		}
	}
	return false
}

// typeName writes a declared type, unqualified in the file's own package.
func (fl *fileGen) typeName(n ir.GoName) *jen.Statement {
	if n.Path == fl.path {
		return jen.Id(n.Name)
	}
	fl.f.ImportName(n.Path, path.Base(n.Path))
	return jen.Qual(n.Path, n.Name)
}

// sigParams writes the parameter list of the specialization and the
// statements that unpack its struct parameters, naming the graph inputs.
func (fg *funcGen) sigParams(f Func) (ps []jen.Code, unpack []jen.Code) {
	g := fg.g
	in := g.Block.In
	if f.Params == nil {
		names := make([]string, len(in))
		types := make([]*ir.Type, len(in))
		for i, s := range in {
			names[i] = fg.name(s)
			types[i] = g.TypeOf(s.E())
			fg.fn.params[names[i]] = true
		}
		fg.paramNames = names
		return params(names, types), nil
	}
	// Struct parameters first take their names, then the leaves.
	structName := make([]string, len(f.Params))
	for i, p := range f.Params {
		if p.IsStruct() {
			base := sanitize(p.Name)
			if base == "" {
				base = "p" + fmt.Sprint(i)
			}
			structName[i] = fg.fn.names.fresh(base)
		}
	}
	// (a, b int, p, q Point): consecutive parameters of one type share it.
	names := make([]string, len(f.Params))
	keys := make([]string, len(f.Params))
	types := make([]jen.Code, len(f.Params))
	k := 0
	for i, p := range f.Params {
		if !p.IsStruct() {
			s := in[k]
			k++
			names[i], keys[i], types[i] = fg.name(s), p.Type.String(), goType(p.Type)
			continue
		}
		names[i], keys[i], types[i] = structName[i], recordKey(p), fg.file.recordType(p)
		paths := p.LeafPaths()
		for j, l := range p.LeafValues() {
			s := in[k]
			k++
			if fg.uses[s] == 0 {
				continue
			}
			if fg.names[s] == "" && sanitize(g.Name(s)) == "" {
				fg.names[s] = fg.fn.names.fresh(leafName(structName[i], paths[j]))
			}
			sel := jen.Id(structName[i])
			for _, f := range paths[j] {
				if ir.IsIndex(f) {
					n, _ := strconv.Atoi(f)
					sel = sel.Index(jen.Lit(n))
				} else {
					sel = sel.Dot(f)
				}
			}
			var val *jen.Statement
			if l.Slice {
				val = jen.Id(fg.file.sliceAs()).Types(goType(l.Type.Elem)).Call(sel)
			} else {
				val = goType(l.Type).Call(sel)
			}
			unpack = append(unpack, jen.Id(fg.name(s)).Op(":=").Add(val))
		}
	}
	fg.paramNames = names
	for i := range names {
		fg.fn.params[names[i]] = true
		id := jen.Id(names[i])
		if i+1 == len(names) || keys[i+1] != keys[i] {
			id = id.Add(types[i])
		}
		ps = append(ps, id)
	}
	return ps, unpack
}

// sigResults writes the result list of the specialization.
func (fg *funcGen) sigResults(f Func) jen.Code {
	if f.Results == nil {
		return results(fg.g.TypeOf(fg.g.Block.Res).Values())
	}
	var ts []jen.Code
	for _, r := range f.Results {
		if r.IsStruct() {
			ts = append(ts, fg.file.recordType(r))
		} else {
			ts = append(ts, goType(r.Type))
		}
	}
	switch len(ts) {
	case 0:
		return jen.Null()
	case 1:
		return ts[0]
	}
	return jen.Parens(jen.List(ts...))
}

// pack returns the values of a return statement of the specialization
// from the values of the graph's results: struct results are composite
// literals of their leaves. A single value that stands for several
// results (a call) is first bound to variables (added to out).
func (fg *funcGen) pack(out *stmts, vals []jen.Code) []jen.Code {
	rs := fg.results
	n := 0
	for _, r := range rs {
		n += len(r.Leaves())
	}
	if len(vals) != n {
		var names []jen.Code
		for i := range n {
			names = append(names, jen.Id(fg.fn.names.fresh("r"+fmt.Sprint(i))))
		}
		out.add(jen.List(names...).Op(":=").Add(vals...))
		vals = names
	}
	var res []jen.Code
	for _, r := range rs {
		var v jen.Code
		v, vals = fg.packValue(r, vals)
		res = append(res, v)
	}
	return res
}

// packValue writes the Go value of r from the first of vals, returning
// the rest.
func (fg *funcGen) packValue(r ir.GoValue, vals []jen.Code) (jen.Code, []jen.Code) {
	if !r.IsStruct() {
		v := vals[0]
		switch {
		case r.Named.IsZero():
		case r.Slice:
			v = jen.Id(fg.file.sliceAs()).Types(fg.file.typeName(r.Named)).Call(v)
		default:
			v = fg.file.typeName(r.Named).Call(v)
		}
		return v, vals[1:]
	}
	lit, vals := fg.packFields(r, vals)
	return jen.Add(fg.file.recordType(r)).Add(lit), vals
}

// packFields writes the braces of r's composite literal from the first of
// vals, returning the rest. The elements of an array of records are
// written without their type, as gofmt -s writes them.
func (fg *funcGen) packFields(r ir.GoValue, vals []jen.Code) (jen.Code, []jen.Code) {
	var fields []jen.Code
	for _, f := range r.Fields {
		var v jen.Code
		if r.IsArray() && f.IsStruct() {
			v, vals = fg.packFields(f, vals)
		} else {
			v, vals = fg.packValue(f, vals)
		}
		if r.IsArray() {
			fields = append(fields, v)
		} else {
			fields = append(fields, jen.Id(f.Name).Op(":").Add(v))
		}
	}
	return jen.Values(fields...), vals
}

// recordType writes the Go type of a struct or an array of Reps: its
// declared name, or the array type literal ([3]stage.Float64).
func (fl *fileGen) recordType(v ir.GoValue) jen.Code {
	if !v.IsArray() || !v.Named.IsZero() {
		return fl.typeName(v.Named)
	}
	e := v.Fields[0]
	var et jen.Code
	switch {
	case e.IsStruct():
		et = fl.recordType(e)
	case e.Slice:
		et = jen.Index().Add(fl.typeName(e.Named))
	default:
		et = fl.typeName(e.Named)
	}
	return jen.Index(jen.Lit(v.Len)).Add(et)
}

// recordKey identifies the Go type of a struct or an array of Reps, for
// parameters that share it.
func recordKey(v ir.GoValue) string {
	if !v.IsArray() || !v.Named.IsZero() {
		return v.Named.Path + "." + v.Named.Name
	}
	e := v.Fields[0]
	switch {
	case e.IsStruct():
		return fmt.Sprintf("[%d]%s", v.Len, recordKey(e))
	case e.Slice:
		return fmt.Sprintf("[%d][]%s.%s", v.Len, e.Named.Path, e.Named.Name)
	}
	return fmt.Sprintf("[%d]%s.%s", v.Len, e.Named.Path, e.Named.Name)
}

// sliceAs returns the name of the helper that views a slice as a slice of
// another element type of the same memory layout ([]stage.Float64 as
// []float64), keeping its array, length and capacity: a slice field of a
// struct parameter aliases the caller's array, as in the staging function.
func (fl *fileGen) sliceAs() string {
	if fl.sliceAsName == "" {
		panic("BUG: gogen: sliceAs not planned")
	}
	if !fl.sliceAsUsed {
		fl.sliceAsUsed = true
		doc := jen.Comment(fl.sliceAsName + " returns s as a slice of T, an element type with the memory").Line().
			Comment("layout of U's (a stage type and its underlying type): the same array,").Line().
			Comment("length and capacity.")
		fl.trailer = append(fl.trailer, doc.Line().
			Func().Id(fl.sliceAsName).Types(jen.List(jen.Id("T"), jen.Id("U")).Any()).Params(jen.Id("s").Index().Id("U")).Index().Id("T").Block(
			jen.Return(jen.Qual("unsafe", "Slice").Call(
				jen.Parens(jen.Op("*").Id("T")).Call(jen.Qual("unsafe", "Pointer").Call(jen.Qual("unsafe", "SliceData").Call(jen.Id("s")))),
				jen.Cap(jen.Id("s"))).Index(jen.Empty(), jen.Len(jen.Id("s"))))))
	}
	return fl.sliceAsName
}

// leafName returns the base name of a leaf of parameter p at path.
func leafName(p string, path []string) string {
	var sb strings.Builder
	sb.WriteString(p)
	for _, f := range path {
		sb.WriteString(strings.ToUpper(f[:1]) + f[1:])
	}
	return sb.String()
}
