package gogen

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"go/types"
	"hash/fnv"
	"io"
	"math"
	"path"
	"reflect"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// Func is one specialization to emit: the type both emitters take (see
// sched.Func).
type Func = sched.Func

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
	// PkgPath is the import path of the package: types of Func.Params
	// and Func.Results declared in it are written unqualified.
	PkgPath string
	// Lines, if not nil, receives the node each line of the file was
	// written for, and asks for //line comments with Lines.Directives
	// (lmsgen -linemap). Without directives the file is the same as
	// without Lines.
	Lines *ir.LineMap
	// SIMD writes the vector file of lmsgen -simd (simd.go): every
	// function whose Func has packs (Func.Vectors) is written as vector
	// code with a scalar fallback; the others as in the scalar file.
	SIMD bool
}

// File writes one Go source file of package pkg holding the functions of
// funcs, in order, each followed by the top-level functions made from its
// staged functions, then the helpers and static tables they use. The
// result is gofmt'd and starts with ir.Header(). If the generated code does
// not format (a bug), File returns the unformatted source with the error.
func File(pkg string, funcs []Func, opts Options) ([]byte, error) {
	if !token.IsIdentifier(pkg) {
		return nil, fmt.Errorf("gogen: invalid package name %q", pkg)
	}
	f := jen.NewFile(pkg)
	if opts.PkgPath != "" {
		f = jen.NewFilePathName(opts.PkgPath, pkg)
	}
	fl := &fileGen{f: f, path: opts.PkgPath, names: newNamer(nil), tables: map[uint64][]tableEntry{}, tableRefs: map[tableRef]string{},
		owners: map[string]string{}, lines: opts.Lines}
	fl.f.NoFormat = true
	for _, name := range []string{"fmt", "math", "slices", "unicode", "unsafe", "stage"} {
		fl.names.reserve(name)
	}
	for _, name := range opts.Reserved {
		fl.names.reserve(name)
		if types.Universe.Lookup(name) != nil {
			if fl.shadowed == nil {
				fl.shadowed = map[string]bool{}
			}
			fl.shadowed[name] = true
		}
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
			errs = append(errs, &FuncError{f.Name, fmt.Errorf("duplicate function name %s", f.Name)})
		case fl.names.taken(f.Name):
			errs = append(errs, &FuncError{f.Name, fmt.Errorf("the name %s is already declared, by the package, by Go's universe scope or for the generated file's own use: choose another name", f.Name)})
		default:
			if err := checkSig(f); err != nil {
				errs = append(errs, err)
			}
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
	vecs := make([]*funcGen, len(funcs))  // the vector code, with SIMD
	wides := make([]*funcGen, len(funcs)) // the AVX-512 code, with SIMD and Func.Wide
	for i, f := range funcs {
		gens[i] = fl.plan(f.Name, f.Schedule, f.FactsOrCompute())
		gens[i].fnIndex = i
		gens[i].chars = charInputs(f)
		gens[i].unfusedFMA = f.RelaxedFP && !opts.SIMD
		gens[i].lits = f.Literals
		if usesSliceAs(f) && fl.sliceAsName == "" {
			fl.sliceAsName = fl.names.fresh("sliceAs")
		}
		if opts.SIMD && hasPacks(f) {
			vecs[i] = fl.plan(f.Name, f.Schedule, f.FactsOrCompute())
			vecs[i].chars = gens[i].chars
			vecs[i].lits = f.Literals
			vecs[i].simd = &simdState{v: f.Vectors, names: map[*sched.Pack]string{}, facts: map[*ir.Block]vecFacts{}}
		}
		if opts.SIMD && f.Wide.Wide() {
			wides[i] = fl.plan(f.Name, f.Schedule, f.FactsOrCompute())
			wides[i].chars = gens[i].chars
			wides[i].lits = f.Literals
			wides[i].simd = &simdState{v: f.Wide, names: map[*sched.Pack]string{}, wide: true, facts: map[*ir.Block]vecFacts{}}
		}
	}
	for i, f := range funcs {
		if vecs[i] == nil && wides[i] == nil {
			fl.emit(gens[i], f)
			continue
		}
		scalar := f
		scalar.Name = fl.names.fresh(localName(f.Name) + "Scalar")
		scalar.Doc = scalar.Name + " is the scalar code of " + f.Name + ", for a CPU without AVX2."
		fl.emit(gens[i], scalar)
		fallback := scalar.Name
		if vecs[i] != nil && wides[i] != nil {
			avx2 := f
			avx2.Name = fl.names.fresh(localName(f.Name) + "AVX2")
			avx2.Doc = avx2.Name + " is the code of " + f.Name + " with vectors of 256 bits, for a CPU with AVX2 but not AVX-512."
			vecs[i].scalar = fallback
			fl.emit(vecs[i], avx2)
			fallback = avx2.Name
		}
		last := vecs[i]
		if wides[i] != nil {
			last = wides[i]
		}
		last.scalar = fallback
		fl.emit(last, f)
	}
	for _, c := range fl.trailer {
		fl.f.Line()
		fl.f.Add(c)
	}
	return fl.render(opts)
}

// fileGen is the state of one generated file.
type fileGen struct {
	f         *jen.File
	names     *namer                  // package-level names
	tables    map[uint64][]tableEntry // static tables by a hash of their contents
	tableRefs map[tableRef]string     // static table slice -> variable name
	trailer   []jen.Code              // helpers and tables, after the functions, one declaration each
	owners    map[string]string       // declared function -> the Func it belongs to

	path  string      // the package's import path, if known
	lines *ir.LineMap // Options.Lines

	// shadowed holds the predeclared names the package declares at
	// package level (func min(a, b int) int in code older than Go
	// 1.21): the generated code does not use them (minmax.go).
	shadowed map[string]bool

	runeStringName string
	runeStringUsed bool
	sliceAsName    string
	sliceAsUsed    bool
	indexSlots     []indexSlotHelper // by key type, in the order planned
	grow           growHelper

	// runs are the runs of plain lines the functions' bodies hold as
	// placeholders, pages the text of those written as text (runs.go).
	runs  []textRun
	pages [][]byte
}

// plan analyzes a specialization and chooses its package-level names:
// static tables (equal tables share one variable) and top-level functions.
func (fl *fileGen) plan(spec string, s Schedule, facts *sched.Facts) *funcGen {
	a := analyze(s, facts)
	n := a.g.NumSyms()
	fg := &funcGen{analysis: a, file: fl, spec: spec, names: make([]string, n),
		global: map[ir.Sym]string{}, tables: map[ir.Sym]string{}, elems: map[ir.Sym][]string{},
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
			if c.Method {
				break
			}
			fl.names.reserve(path.Base(c.Pkg))
			fl.names.reserve(path.Base(path.Dir(c.Pkg)))
		case ir.OpIndexSlot:
			fl.planIndexSlot(a.g.TypeOf(nd.Args[1]))
		case ir.OpGrow:
			fl.planGrow()
		case ir.OpConv:
			if nd.Type.Kind == ir.KString && a.g.TypeOf(nd.Args[0]).Bits() == 64 && fl.runeStringName == "" {
				fl.runeStringName = fl.names.fresh("runeString")
			}
		}
	}
	for _, l := range a.lambdas {
		if a.hoisted[l.Sym] {
			fg.global[l.Sym] = fl.names.fresh(fg.funcBase(l.Sym))
		}
	}
	return fg
}

// funcBase returns the base of the package-level name of a staged
// function: its source name, or for a name of one or two letters (a
// local variable's name, f := stage.Fun(...): at package level it would
// take the name from every local of the file) the specialization's name
// followed by it; specFunc for a function with no name.
func (fg *funcGen) funcBase(s ir.Sym) string {
	base := sanitize(fg.g.Name(s))
	if f, ok := fg.fwdOf[s]; ok && base == "" {
		base = sanitize(fg.g.Name(f))
	}
	switch {
	case base == "":
		return localName(fg.spec) + "Func"
	case len(base) <= 2:
		return localName(fg.spec) + upperFirst(base)
	}
	return localName(base)
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
	return localName(base)
}

// emit writes the specialization's function and its top-level functions.
func (fl *fileGen) emit(fg *funcGen, f Func) {
	g := fg.g
	fg.fn = fg.newGoFunc()
	for i, s := range g.Block.In {
		if i < len(f.ParamNames) && sanitize(f.ParamNames[i]) != "" {
			fg.names[s] = fg.fn.names.fresh(sanitize(f.ParamNames[i]))
		}
	}
	ps, unpack := fg.sigParams(f)
	fg.results = f.Results
	fg.planReturns(g.Block, true)
	body := fg.block(g.Block, dest{kind: destReturn, top: true})
	fg.results = nil
	fl.f.Line()
	if f.Doc != "" {
		for _, line := range strings.Split(strings.TrimRight(f.Doc, "\n"), "\n") {
			fl.f.Comment(line)
		}
	}
	fl.owners[f.Name] = f.Name
	var first []jen.Code
	if fg.scalar != "" {
		first = []jen.Code{fg.dispatch(f, fg.scalar)}
	}
	fl.f.Func().Id(f.Name).Params(ps...).Add(fg.sigResults(f)).
		Block(fl.joinRuns(append(append(append(append(first, fg.fn.opaque...), unpack...), fg.fn.bcasts...), body.list...))...)
	for _, l := range fg.lambdas {
		if fg.hoisted[l.Sym] {
			fg.fn = fg.newGoFunc()
			ps, res, body := fg.funcParts(l)
			fl.f.Line()
			fl.f.Comment(fg.global[l.Sym] + " is a staged function of " + f.Name + ".")
			fl.owners[fg.global[l.Sym]] = f.Name
			fl.f.Func().Id(fg.global[l.Sym]).Params(ps...).Add(res).Block(fl.joinRuns(append(append(fg.fn.opaque, fg.fn.bcasts...), body...))...)
		}
	}
}

// table returns the variable holding a static table, declaring it the
// first time these contents are seen.
func (fl *fileGen) table(n *ir.Node, base string) string {
	vals := n.Aux.(*ir.StaticData).Vals
	v := reflect.ValueOf(vals)
	// The same table usually arrives as the same Go slice: look it up by
	// its backing array before formatting its contents as the key (the
	// lookup decides nothing emitted: equal contents get one name either
	// way).
	quick := tableRef{n.Type, v.Pointer(), v.Len()}
	if name, ok := fl.tableRefs[quick]; ok {
		return name
	}
	// Otherwise by a hash of its contents, comparing the formatted
	// contents of the tables that share the hash.
	h := tableHash(n.Type, v)
	for _, e := range fl.tables[h] {
		if e.t == n.Type && sameTable(e.vals, v) {
			fl.tableRefs[quick] = e.name
			return e.name
		}
	}
	name := fl.names.fresh(base)
	fl.tables[h] = append(fl.tables[h], tableEntry{n.Type, v, name})
	fl.tableRefs[quick] = name
	perRow := 8
	if n.Type.Elem.Kind == ir.KString {
		perRow = 4
	}
	var rows []jen.Code
	for i := 0; i < v.Len(); i += perRow {
		var row []jen.Code
		for j := i; j < v.Len() && j < i+perRow; j++ {
			c := &ir.Const{Type: n.Type.Elem, Val: v.Index(j).Interface()}
			row = append(row, constExpr(c, ctxConverted).code())
		}
		rows = append(rows, jen.List(row...))
	}
	// An array: its length is a constant the Go compiler knows (indexes
	// it can prove in range are not checked), and its elements are not
	// behind a slice header a write through a slice might have changed.
	typ := jen.Index(jen.Lit(v.Len())).Add(goType(n.Type.Elem))
	var lit *jen.Statement
	switch len(rows) {
	case 0:
		lit = typ.Values()
	case 1:
		lit = typ.Values(rows[0])
	default:
		lit = typ.Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, rows...)
	}
	fl.trailer = append(fl.trailer, jen.Var().Id(name).Op("=").Add(lit))
	return name
}

// tableEntry is a static table already written.
type tableEntry struct {
	t    *ir.Type
	vals reflect.Value
	name string
}

// tableHash hashes a table's type and the bits of its elements.
func tableHash(t *ir.Type, v reflect.Value) uint64 {
	h := fnv.New64a()
	io.WriteString(h, t.String())
	var buf [8]byte
	for i := 0; i < v.Len(); i++ {
		e := v.Index(i)
		if e.Kind() == reflect.String {
			io.WriteString(h, e.String())
		}
		binary.LittleEndian.PutUint64(buf[:], elemBits(e))
		h.Write(buf[:])
	}
	return h.Sum64()
}

// sameTable reports whether two tables of one type hold the same bits.
func sameTable(a, b reflect.Value) bool {
	if a.Len() != b.Len() {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		x, y := a.Index(i), b.Index(i)
		if elemBits(x) != elemBits(y) {
			return false
		}
		if x.Kind() == reflect.Complex64 || x.Kind() == reflect.Complex128 {
			if math.Float64bits(imag(x.Complex())) != math.Float64bits(imag(y.Complex())) {
				return false
			}
		}
		if x.Kind() == reflect.String && x.String() != y.String() {
			return false
		}
	}
	return true
}

// elemBits returns the bits of a basic value (the real part's for a
// complex one; 0 for a string).
func elemBits(e reflect.Value) uint64 {
	var bits uint64
	switch e.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits = uint64(e.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		bits = e.Uint()
	case reflect.Float32, reflect.Float64:
		bits = math.Float64bits(e.Float())
	case reflect.Complex64, reflect.Complex128:
		c := e.Complex()
		bits = math.Float64bits(real(c))
	case reflect.Bool:
		if e.Bool() {
			bits = 1
		}
	}
	return bits
}

// tableRef identifies a static table by its Go slice.
type tableRef struct {
	t   *ir.Type
	ptr uintptr
	n   int
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
	// The header and the build constraint are jennifer's header comments,
	// each followed by a blank line (it writes a comment starting with
	// "//" as it is, a newline after each, and one more after the last),
	// so that the source is the one slice File.Render writes, kept
	// rather than copied; expand then puts the runs of plain lines in
	// place of their placeholders (runs.go).
	if opts.BuildConstraint != "" {
		fl.f.HeaderComment(ir.Header() + "\n")
		fl.f.HeaderComment("//go:build " + opts.BuildConstraint)
	} else {
		fl.f.HeaderComment(ir.Header())
	}
	var w keepWriter
	if err := fl.f.Render(&w); err != nil {
		return nil, fmt.Errorf("gogen: %w", err)
	}
	src := fl.expand(w.b)
	out, err := formatSource(src)
	if err != nil {
		return src, fl.formatError(src, err)
	}
	if fl.lines != nil {
		out = resolveLines(fl.lines, out)
	}
	return out, nil
}

// A keepWriter keeps the slice of the first Write, which jennifer's
// File.Render (with NoFormat) makes for it and never touches again, and
// copies only what later Writes append (none).
type keepWriter struct{ b []byte }

func (w *keepWriter) Write(p []byte) (int, error) {
	if w.b == nil {
		w.b = p
	} else {
		w.b = append(w.b, p...)
	}
	return len(p), nil
}

// ErrNesting is the cause of a FuncError whose code nests deeper than Go's
// parser accepts (as a long chain of operations written as one expression
// does): a limit the staging code ran into, not a bug.
var ErrNesting = errors.New("the generated code nests deeper than Go's parser (and compiler) accept")

// FuncError is an error File reports about one of its Funcs: its name
// cannot be declared, or its code cannot be written.
type FuncError struct {
	Func string // the Func's name
	Err  error
}

func (e *FuncError) Error() string { return "gogen: " + e.Func + ": " + e.Err.Error() }
func (e *FuncError) Unwrap() error { return e.Err }

// formatError describes a failure of go/format on the generated source:
// a FuncError for the Func whose declarations hold the error's line (the
// last "func NAME" line before it), wrapping ErrNesting if the parser's
// nesting limit was hit; else a plain error (a bug).
func (fl *fileGen) formatError(src []byte, err error) error {
	line := 0
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		line = list[0].Pos.Line
	}
	owner := ""
	for i, l := range bytes.SplitN(src, []byte("\n"), line+1) {
		if i >= line {
			break
		}
		if name, ok := bytes.CutPrefix(l, []byte("func ")); ok {
			if j := bytes.IndexAny(name, "( "); j > 0 {
				owner = fl.owners[string(name[:j])]
			}
		}
	}
	if owner == "" {
		return fmt.Errorf("gogen: the generated code does not format: %w", err)
	}
	if len(list) > 0 && strings.Contains(list[0].Msg, "exceeded max nesting depth") {
		return &FuncError{owner, fmt.Errorf("%w (go/parser: %s)", ErrNesting, list[0].Msg)}
	}
	return &FuncError{owner, fmt.Errorf("the generated code does not format: %w", err)}
}
