package frontend

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// This file writes the overlay of the second load (see load.go): the stubs
// of the functions being generated, the functions returning the static
// arguments, the emptied stale outputs, and maps the type errors reported
// in the overlay back to the directives.

// prepareOverlay parses the files of a target package for directives and
// fills the overlay: the emptied generated file, the stubs, the static
// argument functions. It returns the directives, parsed once: their
// errors (ds.errs) are reported after loading, and their functions are
// moved onto the loaded syntax then (directives.rebind); a bad directive
// is skipped here. Nil directives: the files do not parse (the load
// reports it).
func prepareOverlay(fset *token.FileSet, p *packages.Package, gen string, overlay map[string][]byte) (*directives, ErrorList) {
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
	ds, derrs := parseDirectives(fset, files)
	ds.errs, ds.fset = derrs, fset
	named := sliceTypes(files)
	shadowsPanic := declaresPackageName(files, "panic")
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
			body := fmt.Sprintf(" { panic(%q) }", stubPanic)
			if shadowsPanic {
				body = " { for {} }"
			}
			fmt.Fprintf(&stubs, "\nfunc /*line %s:%d:%d*/%s%s%s\n",
				d.namePos.Filename, d.namePos.Line, d.namePos.Column, d.name, sig, body)
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
	return ds, nil
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

// declaresPackageName reports whether one of files declares name at
// package scope. A stub's body calls the predeclared panic; in a package
// that redeclares panic (Go's test/rename.go declares every predeclared
// name) a stub's body is an endless loop instead, which names nothing a
// package can shadow and type-checks for every result list (the stubs
// are only type-checked against; the one difference is a call of a
// function being generated at generation time, stopped there by the
// steps budget instead of the stub's panic). A stub without a body is
// refused by the load (missing function body).
func declaresPackageName(files []*ast.File, name string) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == name {
					return true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.Name == name {
								return true
							}
						}
					case *ast.TypeSpec:
						if sp.Name.Name == name {
							return true
						}
					}
				}
			}
		}
	}
	return false
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
