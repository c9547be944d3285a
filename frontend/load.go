package frontend

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// This file loads the packages with go/packages and builds their SSA.
//
// Loading must not depend on the generated file, which may be missing or
// stale while other files of the package already call the functions it
// will declare. So loading runs in two steps:
//
//  1. a cheap listing (go list) finds the packages, their files and their
//     imports; the staging files are parsed for directives;
//  2. the real load runs with an overlay that empties the existing
//     generated file (<pkg>_lms.go), declares a stub for every
//     specialization (its signature derived from the staging function's
//     syntax, //line-mapped to the directive, so that a clash with a
//     user's declaration is reported there), and appends to each staging
//     file one function per static argument, returning the argument's
//     expression as the parameter's type (//line-mapped to the
//     expression, so that type errors in it are reported there).
//
// Every load sets the build tag lmsgen, so staging code in files tagged
// //go:build lmsgen is seen, and a generated file tagged !lmsgen is not.
// The target packages and the packages of the same module that they
// import are loaded from source (their calls are evaluated, so they need
// bodies), as are cmp, slices and sort (pure Go the evaluator runs);
// everything else comes from export data.

const stagePath = "github.com/lmsgen/lmsgen/stage"

// stageBasic maps the stage types to their underlying Go types.
var stageBasic = map[string]string{
	"Bool": "bool", "Int": "int", "Int8": "int8", "Int16": "int16", "Int32": "int32",
	"Int64": "int64", "Uint": "uint", "Uint8": "uint8", "Uint16": "uint16",
	"Uint32": "uint32", "Uint64": "uint64", "Uintptr": "uintptr",
	"Float32": "float32", "Float64": "float64", "Complex64": "complex64",
	"Complex128": "complex128", "String": "string", "Byte": "uint8", "Rune": "int32",
}

// sourceStd are the standard packages loaded from source when imported.
var sourceStd = []string{"cmp", "slices", "sort"}

// loaded is the outcome of loading: the SSA program and, per target
// package, what evaluation needs.
type loaded struct {
	fset    *token.FileSet
	prog    *ssa.Program
	pkgs    []*loadedPkg
	bySrc   map[string]bool     // import paths loaded from source
	srcPkgs []*packages.Package // the packages of the module loaded from source, not targets
}

type loadedPkg struct {
	pkg    *packages.Package
	ssa    *ssa.Package
	dirs   *directives
	tagged bool
}

func buildTags(cfg Config) string {
	return "-tags=" + strings.Join(append([]string{"lmsgen"}, cfg.Tags...), ",")
}

// load runs both steps and builds the SSA program.
func load(cfg Config) (*loaded, ErrorList) {
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	listCfg := &packages.Config{
		Mode:       packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule,
		Dir:        cfg.Dir,
		BuildFlags: []string{buildTags(cfg)},
		Tests:      false,
	}
	roots, err := packages.Load(listCfg, patterns...)
	if err == nil {
		if overlay := staleOutputs(roots, cfg.Output); len(overlay) > 0 {
			listCfg.Overlay = overlay
			roots, err = packages.Load(listCfg, patterns...)
		}
	}
	if err != nil {
		return nil, ErrorList{errorf(token.Position{}, "loading %s: %v", strings.Join(patterns, " "), err)}
	}
	var errs ErrorList
	for _, p := range roots {
		errs = append(errs, packageErrors(p)...)
	}
	if len(errs) > 0 {
		return nil, errs
	}

	// Which packages come from source: the roots, and what they import
	// from their own modules, and the pure standard packages above.
	src := map[string]bool{}
	var order []string
	add := func(path string) {
		if !src[path] {
			src[path] = true
			order = append(order, path)
		}
	}
	modules := map[string]bool{}
	for _, p := range roots {
		add(p.PkgPath)
		if p.Module != nil {
			modules[p.Module.Path] = true
		}
	}
	var fromSource []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) {
		if p.Module != nil && modules[p.Module.Path] {
			add(p.PkgPath)
			fromSource = append(fromSource, p)
		}
		if slices.Contains(sourceStd, p.PkgPath) {
			add(p.PkgPath)
		}
	})

	if errs := largeFiles(fromSource, cfg.Budgets.withDefaults().Mem, cfg.Output); len(errs) > 0 {
		return nil, errs
	}
	fset := token.NewFileSet()
	overlay := map[string][]byte{}
	var gens []*genDirective
	for _, p := range roots {
		ds, err := prepareOverlay(fset, p, outputPath(p.Dir, p.Name, cfg.Output), overlay)
		errs = append(errs, err...)
		gens = append(gens, ds...)
	}
	if len(errs) > 0 {
		return nil, errs
	}

	loadCfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedModule,
		Dir:        cfg.Dir,
		BuildFlags: []string{buildTags(cfg)},
		Overlay:    overlay,
		Fset:       token.NewFileSet(),
	}
	all, err := packages.Load(loadCfg, order...)
	if err != nil {
		return nil, ErrorList{errorf(token.Position{}, "loading: %v", err)}
	}
	byPath := map[string]*packages.Package{}
	for _, p := range all {
		byPath[p.PkgPath] = p
	}
	l := &loaded{fset: loadCfg.Fset, bySrc: src}
	for _, r := range roots {
		p := byPath[r.PkgPath]
		if p == nil {
			errs = append(errs, errorf(token.Position{}, "package %s was not loaded", r.PkgPath))
			continue
		}
		errs = append(errs, packageErrors(p)...)
	}
	errs = directiveErrors(errs, gens)
	targets := map[string]bool{}
	for _, r := range roots {
		targets[r.PkgPath] = true
	}
	for _, p := range all {
		if p.Module == nil || !modules[p.Module.Path] || len(errs) > 0 {
			continue
		}
		if !targets[p.PkgPath] {
			l.srcPkgs = append(l.srcPkgs, p)
			errs = append(errs, packageErrors(p)...)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	prog, ssapkgs := ssautil.Packages(all, ssa.InstantiateGenerics|ssa.GlobalDebug)
	prog.Build()
	l.prog = prog
	for _, r := range roots {
		p := byPath[r.PkgPath]
		var sp *ssa.Package
		for i, q := range all {
			if q == p {
				sp = ssapkgs[i]
			}
		}
		if sp == nil {
			errs = append(errs, errorf(token.Position{}, "package %s: no SSA (type errors?)", p.PkgPath))
			continue
		}
		ds, derrs := parseDirectives(l.fset, p.Syntax)
		errs = append(errs, derrs...)
		l.pkgs = append(l.pkgs, &loadedPkg{pkg: p, ssa: sp, dirs: ds, tagged: stagingTagged(l.fset, p.Syntax, ds)})
	}
	return l, errs
}

// prepareOverlay parses the files of a target package for directives and
// fills the overlay: the emptied generated file, the stubs, the static
// argument functions. Directive errors are reported by the second parse,
// after loading; here a bad directive is skipped.
func prepareOverlay(fset *token.FileSet, p *packages.Package, gen string, overlay map[string][]byte) ([]*genDirective, ErrorList) {
	if len(p.GoFiles) == 0 {
		return nil, nil
	}
	dir := filepath.Dir(p.GoFiles[0])
	// The output file is the command's, whatever it holds now (it is
	// replaced by the next run): it is left out of the load, unless it
	// holds staging code.
	if data, err := os.ReadFile(gen); err == nil {
		if i := bytes.Index(data, []byte("//lms:")); i >= 0 {
			line := 1 + bytes.Count(data[:i], []byte("\n"))
			col := i - bytes.LastIndexByte(data[:i], '\n')
			return nil, ErrorList{errorf(token.Position{Filename: gen, Line: line, Column: col},
				"%s holds staging code (an //lms: directive): it cannot be the output, which the run replaces; choose another output file with -o", filepath.Base(gen))}
		}
		overlay[gen] = []byte("package " + p.Name + "\n")
	}
	var files []*ast.File
	srcs := map[*ast.File][]byte{}
	paths := map[*ast.File]string{}
	for _, path := range p.GoFiles {
		if path == gen {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, ErrorList{errorf(token.Position{Filename: path}, "%v", err)}
		}
		f, err := parser.ParseFile(fset, path, data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, nil // the load reports syntax errors
		}
		files = append(files, f)
		srcs[f] = data
		paths[f] = path
	}
	ds, _ := parseDirectives(fset, files)
	named := sliceTypes(files)
	var stubs bytes.Buffer
	imports := map[string]string{} // local name -> import path, for the stubs
	appended := map[*ast.File]*bytes.Buffer{}
	for _, d := range ds.gens {
		data := srcs[d.file]
		typeText := func(e ast.Expr) string {
			return substTypeParams(fset, data, e, d.targs)
		}
		// Static arguments: one function each, in the staging file.
		buf := appended[d.file]
		if buf == nil {
			buf = &bytes.Buffer{}
			appended[d.file] = buf
		}
		for _, a := range d.args {
			ptype := paramType(d.fn, a.param)
			if ptype == nil {
				continue
			}
			fmt.Fprintf(buf, "\nfunc %s() (%s) {\n\treturn /*line %s:%d:%d*/%s\n}\n",
				argFuncName(d.name, a.param), typeText(ptype), a.exprPos.Filename, a.exprPos.Line, a.exprPos.Column, a.expr)
		}
		// A generic staging function: one function that refers to its
		// instance, the type arguments //line-mapped to the directive.
		if len(d.targs) > 0 {
			var targs []string
			for _, a := range d.targs {
				targs = append(targs, fmt.Sprintf("/*line %s:%d:%d*/%s", a.exprPos.Filename, a.exprPos.Line, a.exprPos.Column, a.expr))
			}
			fmt.Fprintf(buf, "\nfunc %s() any {\n\treturn %s[%s]\n}\n", instFuncName(d.name), d.fn.Name.Name, strings.Join(targs, ", "))
		}
		// The stub of the generated function.
		if sig, ok := stubSignature(fset, d, p, data, named, imports); ok {
			fmt.Fprintf(&stubs, "\nfunc /*line %s:%d:%d*/%s%s { panic(%q) }\n",
				d.namePos.Filename, d.namePos.Line, d.namePos.Column, d.name, sig, stubPanic)
		}
	}
	for f, buf := range appended {
		if buf.Len() > 0 {
			overlay[paths[f]] = append(append([]byte(nil), srcs[f]...), buf.Bytes()...)
		}
	}
	if stubs.Len() > 0 {
		var out bytes.Buffer
		fmt.Fprintf(&out, "package %s\n\n", p.Name)
		names := make([]string, 0, len(imports))
		for n := range imports {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(&out, "import %s %q\n", n, imports[n])
		}
		out.Write(stubs.Bytes())
		overlay[filepath.Join(dir, stubFile)] = out.Bytes()
	}
	return ds.gens, nil
}

// outputPath returns the path of the Go output of the package named name
// in dir: output (relative to dir) if set, else <name>_lms.go.
func outputPath(dir, name, output string) string {
	switch {
	case output == "":
		return filepath.Join(dir, name+"_lms.go")
	case filepath.IsAbs(output):
		return filepath.Clean(output)
	}
	return filepath.Join(dir, output)
}

// staleOutputs returns the overlay that empties the Go output of each
// listed package that has errors, when the output exists: whatever it
// holds (illegal UTF-8, text that is not Go, another package clause), it
// is replaced by the run and must not keep the package from loading. The
// package name is that of the package's other files.
func staleOutputs(roots []*packages.Package, output string) map[string][]byte {
	overlay := map[string][]byte{}
	for _, p := range roots {
		if len(p.Errors) == 0 || p.Dir == "" {
			continue
		}
		name := p.Name
		for _, path := range p.GoFiles {
			if strings.HasSuffix(path, "_lms.go") || path == outputPath(p.Dir, name, output) {
				continue
			}
			if f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly); err == nil {
				name = f.Name.Name
				break
			}
		}
		if name == "" {
			continue
		}
		gen := outputPath(p.Dir, name, output)
		if _, err := os.Stat(gen); err == nil {
			overlay[gen] = []byte("package " + name + "\n")
		}
	}
	return overlay
}

// directiveErrors rewrites the type errors reported at directives: in
// the expression of a static argument, or at a NAME that clashes with a
// declaration of the package.
func directiveErrors(errs ErrorList, gens []*genDirective) ErrorList {
	var out ErrorList
	drop := map[string]bool{}
	for _, e := range errs {
		if drop[e.Msg] {
			continue
		}
		for _, d := range gens {
			if e.Pos.Filename != d.pos.Filename || e.Pos.Line != d.pos.Line {
				continue
			}
			if e.Pos.Column == d.namePos.Column && strings.Contains(e.Msg, "redeclared") {
				e.Msg = fmt.Sprintf("specialization name %s is already declared in the package", d.name)
				drop["\tother declaration of "+d.name] = true
				continue
			}
			inArg := false
			for i, a := range append(d.args, d.targs...) {
				if e.Pos.Column >= a.exprPos.Column && e.Pos.Column <= a.exprPos.Column+len(a.expr) {
					msg := strings.TrimSuffix(e.Msg, " in return statement")
					what := "static argument"
					if i >= len(d.args) {
						what = "type argument"
					}
					e.Msg = fmt.Sprintf("%s %s=%s: %s", what, a.param, a.expr, msg)
					e.Pos = a.exprPos
					inArg = true
				}
			}
			if !inArg && len(d.targs) > 0 && e.Pos.Column > d.namePos.Column {
				// The stub's signature, with the type arguments in it:
				// the function naming the instance reports the error.
				drop[e.Msg] = true
			}
		}
		out = append(out, e)
	}
	var final ErrorList
	for _, e := range out {
		if !drop[e.Msg] {
			final = append(final, e)
		}
	}
	return final
}

const (
	stubFile      = "zz_lmsgen_stubs_overlay.go"
	stubPanic     = "lmsgen: stub of a function being generated"
	argFuncPrefix = "lmsgen_arg_"
)

func argFuncName(spec, param string) string { return argFuncPrefix + spec + "_" + param }

// instFuncName names the overlay's function that refers to the instance
// of a generic staging function (a parameter name is never empty, so it
// clashes with no argFuncName).
func instFuncName(spec string) string { return argFuncName(spec, "") }

// paramList returns the fields of a function's parameters, its receiver
// first.
func paramList(fd *ast.FuncDecl) []*ast.Field {
	var fs []*ast.Field
	if fd.Recv != nil {
		fs = append(fs, fd.Recv.List...)
	}
	return append(fs, fd.Type.Params.List...)
}

// substTypeParams returns the source text of the type expression e (of the
// file's source data) with the type parameters bound by targs replaced by
// their type arguments, parenthesized.
func substTypeParams(fset *token.FileSet, data []byte, e ast.Expr, targs []dirArg) string {
	start := fset.Position(e.Pos()).Offset
	end := fset.Position(e.End()).Offset
	var sb strings.Builder
	at := start
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		for _, a := range targs {
			if id.Name == a.param {
				off := fset.Position(id.Pos()).Offset
				sb.Write(data[at:off])
				sb.WriteString("(" + a.expr + ")")
				at = off + len(id.Name)
			}
		}
		return true
	})
	sb.Write(data[at:end])
	return sb.String()
}

func paramType(fd *ast.FuncDecl, name string) ast.Expr {
	for _, f := range paramList(fd) {
		for _, n := range f.Names {
			if n.Name == name {
				return f.Type
			}
		}
	}
	return nil
}

// stubSignature writes the signature of the generated function from the
// staging function's syntax: the bound parameters removed, stage.T
// replaced by T's underlying type. It records the imports the signature
// needs.
func stubSignature(fset *token.FileSet, d *genDirective, p *packages.Package, data []byte, named map[string]ast.Expr, imports map[string]string) (string, bool) {
	local := map[string]string{} // local import name -> path
	for _, is := range d.file.Imports {
		path, _ := strconv.Unquote(is.Path.Value)
		name := ""
		if is.Name != nil {
			name = is.Name.Name
		} else if ip := p.Imports[path]; ip != nil {
			name = ip.Name
		} else {
			name = path[strings.LastIndex(path, "/")+1:]
		}
		if name == "." || name == "_" {
			if path == stagePath && name == "." {
				return "", false
			}
			continue
		}
		local[name] = path
	}
	bound := map[string]bool{}
	for _, a := range d.args {
		bound[a.param] = true
	}
	ok := true
	rewrite := func(e ast.Expr) string {
		if len(d.targs) > 0 {
			var err error
			if e, err = parser.ParseExpr(substTypeParams(fset, data, e, d.targs)); err != nil {
				ok = false
				return ""
			}
		}
		e = rewriteStage(e, local, named, imports, &ok)
		var sb strings.Builder
		printer.Fprint(&sb, token.NewFileSet(), e)
		return sb.String()
	}
	var params []string
	i := 0
	for _, f := range paramList(d.fn) {
		names := f.Names
		if len(names) == 0 {
			names = []*ast.Ident{nil}
		}
		for _, n := range names {
			name := fmt.Sprintf("p%d", i)
			if n != nil {
				name = n.Name
			}
			i++
			if bound[name] {
				continue
			}
			if name == "_" {
				name = fmt.Sprintf("p%d", i-1)
			}
			params = append(params, name+" "+rewrite(f.Type))
		}
	}
	var results []string
	if d.fn.Type.Results != nil {
		for _, f := range d.fn.Type.Results.List {
			n := max(len(f.Names), 1)
			for range n {
				results = append(results, rewrite(f.Type))
			}
		}
	}
	sig := "(" + strings.Join(params, ", ") + ")"
	switch len(results) {
	case 0:
	case 1:
		sig += " " + results[0]
	default:
		sig += " (" + strings.Join(results, ", ") + ")"
	}
	return sig, ok
}

// sliceTypes returns the declarations of the package's types declared as
// slices of a selector (such as type Vec []stage.Float64), by name: a
// generated function takes such a type as the slice of the underlying
// type.
func sliceTypes(files []*ast.File) map[string]ast.Expr {
	m := map[string]ast.Expr{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, sp := range gd.Specs {
				ts := sp.(*ast.TypeSpec)
				if at, ok := ts.Type.(*ast.ArrayType); ok && at.Len == nil && ts.TypeParams == nil {
					if _, sel := at.Elt.(*ast.SelectorExpr); sel {
						m[ts.Name.Name] = at
					}
				}
			}
		}
	}
	return m
}

// rewriteStage returns a copy of the type expression e with stage.T
// replaced by T's underlying type, and a type of the package declared as
// a slice of a stage type (named) by the slice of the underlying type,
// recording the other imports used.
func rewriteStage(e ast.Expr, local map[string]string, named map[string]ast.Expr, imports map[string]string, ok *bool) ast.Expr {
	switch e := e.(type) {
	case *ast.SelectorExpr:
		if x, isIdent := e.X.(*ast.Ident); isIdent {
			path := local[x.Name]
			if path == stagePath {
				if b, found := stageBasic[e.Sel.Name]; found {
					return ast.NewIdent(b)
				}
			}
			if path == "" {
				*ok = false
			} else {
				imports[x.Name] = path
			}
		}
		return e
	case *ast.StarExpr:
		return &ast.StarExpr{X: rewriteStage(e.X, local, named, imports, ok)}
	case *ast.ArrayType:
		return &ast.ArrayType{Len: e.Len, Elt: rewriteStage(e.Elt, local, named, imports, ok)}
	case *ast.MapType:
		return &ast.MapType{Key: rewriteStage(e.Key, local, named, imports, ok), Value: rewriteStage(e.Value, local, named, imports, ok)}
	case *ast.Ellipsis:
		return &ast.Ellipsis{Elt: rewriteStage(e.Elt, local, named, imports, ok)}
	case *ast.ParenExpr:
		return &ast.ParenExpr{X: rewriteStage(e.X, local, named, imports, ok)}
	case *ast.Ident:
		if decl, found := named[e.Name]; found {
			if sl, isSlice := rewriteStage(decl, local, nil, map[string]string{}, new(bool)).(*ast.ArrayType); isSlice {
				if _, basic := sl.Elt.(*ast.Ident); basic {
					return sl
				}
			}
		}
		return e
	case *ast.FuncType, *ast.StructType, *ast.InterfaceType, *ast.ChanType, *ast.IndexExpr, *ast.IndexListExpr:
		// Composite types are kept as written only if they use no stage
		// type; a stub is skipped otherwise.
		ast.Inspect(e, func(n ast.Node) bool {
			if s, isSel := n.(*ast.SelectorExpr); isSel {
				if x, isIdent := s.X.(*ast.Ident); isIdent {
					if local[x.Name] == stagePath || local[x.Name] == "" {
						*ok = false
					} else {
						imports[x.Name] = local[x.Name]
					}
				}
			}
			return true
		})
		return e
	}
	*ok = false
	return e
}

// stagingTagged reports whether a file with a //lms:gen directive needs
// the lmsgen build tag.
func stagingTagged(fset *token.FileSet, files []*ast.File, ds *directives) bool {
	for _, d := range ds.gens {
		if needsLmsgenTag(d.file) {
			return true
		}
	}
	return false
}

// needsLmsgenTag reports whether a file is built only with the lmsgen
// build tag.
func needsLmsgenTag(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			x, err := constraint.Parse(c.Text)
			if err != nil {
				continue
			}
			if !x.Eval(func(tag string) bool { return tag != "lmsgen" }) {
				return true
			}
		}
	}
	return false
}

// packageErrors converts the errors of a package, each once, in the form
// file:line:col: message. When the package has syntax or type errors,
// the go command's own report of them is dropped: it repeats them in
// other words, under a "# package" line, and names overlay files. When
// cgo failed, the C compiler's errors are reported, and not the type
// checker's consequence (could not import C).
func packageErrors(p *packages.Package) ErrorList {
	fileErrors, cgoFailed := false, false
	for _, e := range p.Errors {
		switch {
		case strings.Contains(e.Msg, noCgo):
			cgoFailed = true
		case e.Kind == packages.TypeError || e.Kind == packages.ParseError:
			fileErrors = true
		}
	}
	var errs ErrorList
	seen := map[string]bool{}
	for _, e := range p.Errors {
		file := e.Kind == packages.TypeError || e.Kind == packages.ParseError
		if fileErrors && !file || cgoFailed && strings.Contains(e.Msg, noCgo) {
			continue
		}
		for _, x := range packageError(e, p.Dir) {
			if !seen[x.Error()] {
				seen[x.Error()] = true
				errs = append(errs, x)
			}
		}
	}
	return errs
}

// noCgo is the type checker's error when cgo failed.
const noCgo = "could not import C (no metadata for C)"

// packageError converts an error of go/packages. A report of the go
// command ("# pkg" and lines of the compilers, with file names relative to
// the package directory dir) becomes one error per "file:line:col:
// message" line in a file of dir; the other lines (a C compiler's context
// and excerpts, files of the build cache) are dropped, unless no line is
// positioned in dir.
func packageError(e packages.Error, dir string) []*Error {
	if !strings.HasPrefix(e.Msg, "# ") || !strings.Contains(e.Msg, "\n") {
		return []*Error{{Pos: parsePos(e.Pos), Msg: e.Msg}}
	}
	var errs []*Error
	var rest []string
	for _, line := range strings.Split(e.Msg, "\n")[1:] {
		if strings.TrimSpace(line) == "" {
			continue
		}
		pos, msg, ok := strings.Cut(line, ": ")
		p := parsePos(pos)
		if !filepath.IsAbs(p.Filename) && dir != "" {
			p.Filename = filepath.Join(dir, p.Filename)
		}
		if !ok || p.Line == 0 || filepath.Dir(p.Filename) != dir {
			rest = append(rest, strings.TrimSpace(line))
			continue
		}
		errs = append(errs, &Error{Pos: p, Msg: msg})
	}
	if len(errs) == 0 {
		errs = append(errs, &Error{Msg: strings.Join(rest, "\n")})
	}
	return errs
}

// parsePos parses "file:line:col" or "file:line" (the file name may itself
// contain colons).
func parsePos(s string) token.Position {
	if s == "" || s == "-" {
		return token.Position{}
	}
	var p token.Position
	rest := s
	nums := []int{}
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		rest = rest[:i]
	}
	p.Filename = rest
	if len(nums) > 0 {
		p.Line = nums[0]
	}
	if len(nums) > 1 {
		p.Column = nums[1]
	}
	return p
}
