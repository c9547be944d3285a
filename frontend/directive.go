package frontend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// This file parses the directives:
//
//	//lms:gen NAME [PARAM=EXPR ...] [-steps=N] [-unroll=N] [-calldepth=N] [-nodes=N] [-simd]
//	//lms:fun
//	//lms:test ITEM... (see testdirective.go)
//
// in the doc comments of functions. Arguments are separated by blanks
// outside brackets, strings and character literals, so an EXPR may contain
// blanks only inside them: n=f(1, 2) is one argument, n=a + b is three.

// genDirective is one //lms:gen directive.
type genDirective struct {
	pos     token.Position // the directive
	name    string
	namePos token.Position
	args    []dirArg
	targs   []dirArg // type arguments, in the order of the type parameters
	budgets Budgets
	simd    bool // -simd: vector code too
	fn      *ast.FuncDecl
	file    *ast.File
	fileOff int            // offset of the directive's comment in its file
	test    *testDirective // the function's //lms:test, or nil
}

// dirArg is one PARAM=EXPR of a directive.
type dirArg struct {
	param   string
	expr    string
	pos     token.Position // of PARAM
	exprPos token.Position // of EXPR
}

// directives are the directives of one package.
type directives struct {
	gens  []*genDirective
	funs  map[*ast.FuncDecl]token.Position // functions marked //lms:fun
	tests map[*ast.FuncDecl]*testDirective // //lms:test, by function
	// errs are the errors of the parse, fset the file set of the parsed
	// files (prepareOverlay's, before loading).
	errs ErrorList
	fset *token.FileSet
}

// rebind moves the directives, parsed by prepareOverlay from the files
// as read before loading, onto the loaded syntax of the same files, so
// that they are parsed once: each function declaration is found by its
// position (the overlay only appends to a staging file, so positions
// agree). It reports false, changing nothing, if some declaration is not
// found (files the load rewrote, as cgo does): then the caller parses
// the loaded files again.
func (ds *directives) rebind(fset *token.FileSet, files []*ast.File) bool {
	decls := map[token.Position]*ast.FuncDecl{}
	byName := map[string]*ast.File{}
	for _, f := range files {
		byName[fset.Position(f.Package).Filename] = f
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				decls[fset.Position(fd.Pos())] = fd
			}
		}
	}
	moved := map[*ast.FuncDecl]*ast.FuncDecl{}
	find := func(fd *ast.FuncDecl) bool {
		nfd := decls[ds.fset.Position(fd.Pos())]
		moved[fd] = nfd
		return nfd != nil && nfd.Name.Name == fd.Name.Name
	}
	for _, d := range ds.gens {
		if !find(d.fn) || byName[ds.fset.Position(d.file.Package).Filename] == nil {
			return false
		}
	}
	for fd := range ds.funs {
		if !find(fd) {
			return false
		}
	}
	for _, d := range ds.gens {
		d.fn, d.file = moved[d.fn], byName[ds.fset.Position(d.file.Package).Filename]
	}
	funs := make(map[*ast.FuncDecl]token.Position, len(ds.funs))
	for fd, pos := range ds.funs {
		funs[moved[fd]] = pos
	}
	ds.funs, ds.tests, ds.fset = funs, nil, fset // tests went to the gens: attachTests
	return true
}

const (
	genPrefix = "//lms:gen"
	funPrefix = "//lms:fun"
)

// parseDirectives finds the directives of the files of one package. It
// reports misplaced and malformed directives, unknown and duplicate
// parameters, and duplicate NAMEs.
func parseDirectives(fset *token.FileSet, files []*ast.File) (*directives, ErrorList) {
	var errs ErrorList
	ds := &directives{funs: map[*ast.FuncDecl]token.Position{}, tests: map[*ast.FuncDecl]*testDirective{}}
	seen := map[string]token.Position{}
	for _, f := range files {
		docOf := map[*ast.CommentGroup]*ast.FuncDecl{}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
				docOf[fd.Doc] = fd
			}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if !strings.HasPrefix(c.Text, "//lms:") {
					continue
				}
				pos := fset.Position(c.Slash)
				fd := docOf[cg]
				word, _, _ := strings.Cut(c.Text, " ")
				word, _, _ = strings.Cut(word, "\t")
				switch word {
				case genPrefix, funPrefix, testPrefix:
				default:
					errs = append(errs, errorf(pos, "unknown directive %s (want //lms:gen, //lms:fun or //lms:test)", word))
					continue
				}
				if fd == nil {
					errs = append(errs, errorf(pos, "misplaced %s: it must be in the doc comment of a function", word))
					continue
				}
				if word == funPrefix {
					if rest := strings.TrimSpace(c.Text[len(funPrefix):]); rest != "" {
						errs = append(errs, errorf(pos, "malformed //lms:fun: it takes no arguments, found %q", rest))
						continue
					}
					ds.funs[fd] = pos
					continue
				}
				if word == testPrefix {
					td := ds.tests[fd]
					if td == nil {
						td = &testDirective{pos: pos}
						ds.tests[fd] = td
					}
					if err := parseTest(td, c, pos, fd); err != nil {
						errs = append(errs, err)
					}
					continue
				}
				d, err := parseGen(fset, c, pos, fd, f)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				if prev, ok := seen[d.name]; ok {
					errs = append(errs, errorf(d.namePos, "duplicate specialization name %s (first at %v)", d.name, prev))
					continue
				}
				seen[d.name] = d.namePos
				ds.gens = append(ds.gens, d)
			}
		}
	}
	errs = append(errs, attachTests(ds, files)...)
	return ds, errs
}

// field is one blank-separated word of a directive, with its byte offset
// in the comment text.
type field struct {
	text string
	off  int
}

func parseGen(fset *token.FileSet, c *ast.Comment, pos token.Position, fd *ast.FuncDecl, file *ast.File) (*genDirective, *Error) {
	at := func(off int) token.Position {
		p := pos
		p.Offset += off
		p.Column += off
		return p
	}
	fields, bad := splitFields(c.Text, len(genPrefix))
	if bad >= 0 {
		return nil, errorf(at(bad), "malformed //lms:gen: unterminated string, character literal or bracket")
	}
	if len(fields) == 0 {
		return nil, errorf(pos, "malformed //lms:gen: missing the NAME of the specialization")
	}
	d := &genDirective{pos: pos, name: fields[0].text, namePos: at(fields[0].off), fn: fd, file: file,
		fileOff: fset.Position(c.Slash).Offset}
	if !token.IsIdentifier(d.name) || d.name == "_" {
		return nil, errorf(d.namePos, "malformed //lms:gen: NAME %q is not an identifier", d.name)
	}
	params := map[string]bool{}
	if fd.Recv != nil {
		rt := fd.Recv.List[0].Type
		if st, ok := rt.(*ast.StarExpr); ok {
			rt = st.X
		}
		switch rt.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr:
			return nil, errorf(pos, "//lms:gen on a method of a generic type is not supported: put it on a function that calls the method")
		}
		for _, n := range fd.Recv.List[0].Names {
			params[n.Name] = true
		}
	}
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			params[n.Name] = true
		}
	}
	var tparams []string
	if fd.Type.TypeParams != nil {
		for _, f := range fd.Type.TypeParams.List {
			for _, n := range f.Names {
				tparams = append(tparams, n.Name)
			}
		}
	}
	targs := map[string]dirArg{}
	bound := map[string]bool{}
	for _, f := range fields[1:] {
		fpos := at(f.off)
		if f.text == "-simd" {
			d.simd = true
			continue
		}
		if strings.HasPrefix(f.text, "-") {
			if err := parseBudget(&d.budgets, f.text, fpos); err != nil {
				return nil, err
			}
			continue
		}
		name, expr, ok := strings.Cut(f.text, "=")
		if !ok || !token.IsIdentifier(name) {
			return nil, errorf(fpos, "malformed //lms:gen: want PARAM=EXPR or -budget=N, found %q (an EXPR may contain blanks only inside brackets)", f.text)
		}
		if expr == "" {
			return nil, errorf(fpos, "malformed //lms:gen: missing the expression after %s=", name)
		}
		isType := slices.Contains(tparams, name)
		if !params[name] && !isType {
			return nil, errorf(fpos, "unknown parameter %s: %s has no parameter of that name", name, fd.Name.Name)
		}
		if bound[name] {
			return nil, errorf(fpos, "parameter %s is bound twice", name)
		}
		bound[name] = true
		epos := at(f.off + len(name) + 1)
		what := "static argument"
		if isType {
			what = "type argument"
		}
		if _, err := parser.ParseExpr(expr); err != nil {
			return nil, errorf(epos, "malformed %s %s=%s: %v", what, name, expr, trimParseError(err))
		}
		a := dirArg{param: name, expr: expr, pos: fpos, exprPos: epos}
		if isType {
			targs[name] = a
			continue
		}
		d.args = append(d.args, a)
	}
	for _, tp := range tparams {
		a, ok := targs[tp]
		if !ok {
			return nil, errorf(pos, "type parameter %s of %s is not bound: a generic staging function needs every type argument in the directive (%s=TYPE)", tp, fd.Name.Name, tp)
		}
		d.targs = append(d.targs, a)
	}
	return d, nil
}

func trimParseError(err error) string {
	s := err.Error()
	// "1:3: expected operand" -> "expected operand"
	if i := strings.Index(s, ": "); i >= 0 && strings.Count(s[:i], ":") == 1 {
		return s[i+2:]
	}
	return s
}

// parseBudget parses -steps=N, -unroll=N, -calldepth=N, -nodes=N or
// -mem=N.
func parseBudget(b *Budgets, text string, pos token.Position) *Error {
	name, val, ok := strings.Cut(text[1:], "=")
	var dst *int
	var names []string
	for _, f := range b.budgetFlags() {
		names = append(names, "-"+f.name)
		if f.name == name {
			dst = f.v
		}
	}
	if dst == nil {
		return errorf(pos, "malformed //lms:gen: unknown option %q (want %s)", "-"+name, strings.Join(names, ", "))
	}
	n, err := strconv.ParseInt(val, 0, 64)
	if !ok || err != nil || n <= 0 || n > maxBudget {
		return errorf(pos, "malformed //lms:gen: option -%s needs a positive integer, found %q", name, val)
	}
	*dst = int(n)
	return nil
}

// splitFields splits s[start:] at blanks outside brackets, strings and
// character literals. It returns the offset of an unterminated construct
// as bad, or -1.
func splitFields(s string, start int) (fields []field, bad int) {
	depth := 0
	begin := -1
	opened := -1
	flush := func(end int) {
		if begin >= 0 {
			fields = append(fields, field{s[begin:end], begin})
			begin = -1
		}
	}
	for i := start; i < len(s); i++ {
		ch := s[i]
		if depth == 0 && (ch == ' ' || ch == '\t') {
			flush(i)
			continue
		}
		if begin < 0 {
			begin = i
		}
		switch ch {
		case '(', '[', '{':
			if depth == 0 {
				opened = i
			}
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				return nil, i
			}
		case '"', '\'', '`':
			j := i + 1
			for j < len(s) && s[j] != ch {
				if s[j] == '\\' && ch != '`' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return nil, i
			}
			i = j
		}
	}
	if depth != 0 {
		return nil, opened
	}
	flush(len(s))
	return fields, -1
}
