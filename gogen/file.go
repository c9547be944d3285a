package gogen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/token"
	"path"
	"reflect"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// Func is one specialization to emit.
type Func struct {
	// Name is the Go function's name, used as given.
	Name string
	// Schedule is the scheduled graph of the specialization: the result
	// of sched.Run.
	Schedule Schedule
	// ParamNames optionally names the parameters (the inputs of the
	// graph's top-level block), in order; where it has no non-empty entry
	// the graph's source name is used, or x<N>.
	ParamNames []string
	// Doc is an optional doc comment, without the comment markers.
	Doc string
}

// Options control File.
type Options struct {
	// BuildConstraint, if not empty, is written as the file's //go:build
	// line: "!lmsgen" for a package whose staging code is in files tagged
	// lmsgen.
	BuildConstraint string
	// Reserved lists package-level identifiers declared in the package's
	// other files. Generated package-level names (tables, top-level
	// functions, helpers) avoid them; the Func names must not be among
	// them.
	Reserved []string
}

// File writes one Go source file of package pkg holding the functions of
// funcs, in order, each followed by the top-level functions made from its
// staged functions, then the helpers and static tables they use. The
// result is gofmt'd and starts with Header(). If the generated code does
// not format (a bug), File returns the unformatted source with the error.
func File(pkg string, funcs []Func, opts Options) ([]byte, error) {
	if !token.IsIdentifier(pkg) {
		return nil, fmt.Errorf("gogen: invalid package name %q", pkg)
	}
	fl := &fileGen{f: jen.NewFile(pkg), names: newNamer(nil), tables: map[string]string{}}
	fl.f.NoFormat = true
	for _, name := range []string{"fmt", "math", "slices", "unicode"} {
		fl.names.reserve(name)
	}
	for _, name := range opts.Reserved {
		fl.names.reserve(name)
	}
	var errs []error
	seen := map[string]bool{}
	for _, f := range funcs {
		switch {
		case f.Schedule == nil:
			errs = append(errs, fmt.Errorf("gogen: function %s has no schedule", f.Name))
		case !token.IsIdentifier(f.Name):
			errs = append(errs, fmt.Errorf("gogen: invalid function name %q", f.Name))
		case seen[f.Name]:
			errs = append(errs, fmt.Errorf("gogen: duplicate function name %s", f.Name))
		case fl.names.taken(f.Name):
			errs = append(errs, fmt.Errorf("gogen: function name %s is already declared in the package", f.Name))
		}
		seen[f.Name] = true
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for _, f := range funcs {
		fl.names.reserve(f.Name)
	}
	gens := make([]*funcGen, len(funcs))
	for i, f := range funcs {
		gens[i] = fl.plan(f.Name, f.Schedule)
	}
	for i, f := range funcs {
		fl.emit(gens[i], f)
	}
	for _, c := range fl.trailer {
		fl.f.Line()
		fl.f.Add(c)
	}
	return fl.render(opts)
}

// fileGen is the state of one generated file.
type fileGen struct {
	f       *jen.File
	names   *namer            // package-level names
	tables  map[string]string // static table contents -> variable name
	trailer []jen.Code        // helpers and tables, after the functions, one declaration each

	runeStringName string
	runeStringUsed bool
}

// plan analyzes a specialization and chooses its package-level names:
// static tables (equal tables share one variable) and top-level functions.
func (fl *fileGen) plan(spec string, s Schedule) *funcGen {
	a := analyze(s)
	n := a.g.NumSyms()
	fg := &funcGen{analysis: a, file: fl, spec: spec, names: make([]string, n),
		global: make([]string, n), tables: make([]string, n), elems: map[ir.Sym][]string{},
		inl: make([]int32, n), consumed: make([]bool, n)}
	for _, nd := range a.g.Nodes {
		switch nd.Op {
		case ir.OpStatic:
			if a.written[nd.Sym] {
				// The local copy gets the source name.
				fg.tables[nd.Sym] = fl.table(nd, fg.pkgBase(nd.Sym, "Table")+"Init")
			} else {
				fg.tables[nd.Sym] = fl.table(nd, fg.pkgBase(nd.Sym, "Table"))
				fg.global[nd.Sym] = fg.tables[nd.Sym]
			}
		case ir.OpCall:
			c := nd.Aux.(ir.Callee)
			fl.names.reserve(path.Base(c.Pkg))
			fl.names.reserve(path.Base(path.Dir(c.Pkg)))
		case ir.OpConv:
			if nd.Type.Kind == ir.KString && a.g.TypeOf(nd.Args[0]).Bits() == 64 && fl.runeStringName == "" {
				fl.runeStringName = fl.names.fresh("runeString")
			}
		}
	}
	for _, l := range a.lambdas {
		if a.hoisted[l.Sym] {
			fg.global[l.Sym] = fl.names.fresh(fg.pkgBase(l.Sym, "Func"))
		}
	}
	return fg
}

// pkgBase returns the base of the package-level name of s: its source
// name, unexported, or the specialization's name and a suffix.
func (fg *funcGen) pkgBase(s ir.Sym, suffix string) string {
	base := sanitize(fg.g.Name(s))
	if f, ok := fg.fwdOf[s]; ok && base == "" {
		base = sanitize(fg.g.Name(f))
	}
	if base == "" {
		base = fg.spec + suffix
	}
	return lowerFirst(base)
}

// emit writes the specialization's function and its top-level functions.
func (fl *fileGen) emit(fg *funcGen, f Func) {
	g := fg.g
	fg.fn = fg.newGoFunc()
	in := g.Block.In
	names := make([]string, len(in))
	types := make([]*ir.Type, len(in))
	for i, s := range in {
		if i < len(f.ParamNames) && sanitize(f.ParamNames[i]) != "" {
			fg.names[s] = fg.fn.names.fresh(sanitize(f.ParamNames[i]))
		}
		names[i] = fg.name(s)
		types[i] = g.TypeOf(s.E())
	}
	body := fg.block(g.Block, dest{kind: destReturn})
	fl.f.Line()
	if f.Doc != "" {
		for _, line := range strings.Split(strings.TrimRight(f.Doc, "\n"), "\n") {
			fl.f.Comment(line)
		}
	}
	fl.f.Func().Id(f.Name).Params(params(names, types)...).Add(results(resultTypes(g.TypeOf(g.Block.Res)))).
		Block(append(fg.fn.opaque, body.list...)...)
	for _, l := range fg.lambdas {
		if fg.hoisted[l.Sym] {
			fg.fn = fg.newGoFunc()
			ps, res, body := fg.funcParts(l)
			fl.f.Line()
			fl.f.Comment(fg.global[l.Sym] + " is a staged function of " + f.Name + ".")
			fl.f.Func().Id(fg.global[l.Sym]).Params(ps...).Add(res).Block(append(fg.fn.opaque, body...)...)
		}
	}
}

// table returns the variable holding a static table, declaring it the
// first time these contents are seen.
func (fl *fileGen) table(n *ir.Node, base string) string {
	vals := n.Aux.(*ir.StaticData).Vals
	key := n.Type.String() + fmt.Sprintf("%#v", vals)
	if name, ok := fl.tables[key]; ok {
		return name
	}
	name := fl.names.fresh(base)
	fl.tables[key] = name
	v := reflect.ValueOf(vals)
	perRow := 8
	if n.Type.Elem.Kind == ir.KString {
		perRow = 4
	}
	var rows []jen.Code
	for i := 0; i < v.Len(); i += perRow {
		var row []jen.Code
		for j := i; j < v.Len() && j < i+perRow; j++ {
			c := &ir.Const{Type: n.Type.Elem, Val: v.Index(j).Interface()}
			row = append(row, constExpr(c, ctxConverted).s)
		}
		rows = append(rows, jen.List(row...))
	}
	var lit *jen.Statement
	switch len(rows) {
	case 0:
		lit = jen.Add(goType(n.Type)).Values()
	case 1:
		lit = jen.Add(goType(n.Type)).Values(rows[0])
	default:
		lit = jen.Add(goType(n.Type)).Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, rows...)
	}
	fl.trailer = append(fl.trailer, jen.Var().Id(name).Op("=").Add(lit))
	return name
}

// runeString returns the name of the helper that converts a 64-bit
// integer to a string as Go's string(x) does.
func (fl *fileGen) runeString() string {
	if fl.runeStringName == "" {
		panic("BUG: gogen: runeString not planned")
	}
	if !fl.runeStringUsed {
		fl.runeStringUsed = true
		fl.trailer = append(fl.trailer, jen.Comment(fl.runeStringName+" returns string(x): string(rune(x)) would truncate x to 32 bits.").Line().Func().Id(fl.runeStringName).Params(jen.Id("x").Int64()).String().Block(
			jen.If(jen.Id("x").Op("<").Lit(0).Op("||").Id("x").Op(">").Qual("unicode", "MaxRune")).Block(
				jen.Return(jen.Id(`"\uFFFD"`))),
			jen.Return(jen.String().Call(jen.Rune().Call(jen.Id("x"))))))
	}
	return fl.runeStringName
}

// render writes the file: the header, the build constraint, the code,
// formatted.
func (fl *fileGen) render(opts Options) ([]byte, error) {
	var body bytes.Buffer
	if err := fl.f.Render(&body); err != nil {
		return nil, fmt.Errorf("gogen: %w", err)
	}
	var src bytes.Buffer
	src.WriteString(Header() + "\n\n")
	if opts.BuildConstraint != "" {
		src.WriteString("//go:build " + opts.BuildConstraint + "\n\n")
	}
	src.Write(body.Bytes())
	out, err := format.Source(src.Bytes())
	if err != nil {
		return src.Bytes(), fmt.Errorf("gogen: the generated code does not format: %w", err)
	}
	return out, nil
}
