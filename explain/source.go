package explain

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"slices"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the staging source with binding times: every token at
// the position of a node is a staged operation (Rep) or staged control
// (a conditional, a loop, a staged function), linked to its nodes; the
// other tokens of the functions shown were evaluated by lmsgen (static).

// sourceFile is a staging source file, read and parsed once per page.
type sourceFile struct {
	src   []byte
	fset  *token.FileSet
	file  *ast.File
	err   error
	lines []int // offset of each line's start
}

// read returns the source file at path.
func (w *writer) read(path string) *sourceFile {
	if f, ok := w.files[path]; ok {
		return f
	}
	f := &sourceFile{fset: token.NewFileSet()}
	f.src, f.err = os.ReadFile(path)
	if f.err == nil {
		f.file, f.err = parser.ParseFile(f.fset, path, f.src, parser.ParseComments|parser.SkipObjectResolution)
		f.lines = append(f.lines, 0)
		for i, b := range f.src {
			if b == '\n' {
				f.lines = append(f.lines, i+1)
			}
		}
	}
	w.files[path] = f
	return f
}

// at is a line and column of a file.
type at struct{ line, col int }

// sourceNodes are the nodes at each position of one file.
type sourceNodes struct {
	syms map[at][]ir.Sym
	ctl  map[at]bool // a node there is staged control
}

// source writes the functions of the staging source that hold the nodes
// of s, file by file.
func (w *writer) source(s *Spec) {
	byFile := map[string]*sourceNodes{}
	add := func(p token.Position, sym ir.Sym, ctl bool) {
		if !p.IsValid() || p.Filename == "" {
			return
		}
		f := byFile[p.Filename]
		if f == nil {
			f = &sourceNodes{syms: map[at][]ir.Sym{}, ctl: map[at]bool{}}
			byFile[p.Filename] = f
		}
		k := at{p.Line, p.Column}
		if !slices.Contains(f.syms[k], sym) {
			f.syms[k] = append(f.syms[k], sym)
		}
		f.ctl[k] = f.ctl[k] || ctl
	}
	g := s.Func.Schedule.Graph()
	for _, n := range g.Nodes {
		add(g.Position(n), n.Sym, isControl(n.Op))
	}
	for _, snap := range s.Passes {
		for _, n := range snap.Nodes {
			add(n.Pos, n.Sym, false)
		}
	}
	add(s.Pos, -1, false) // the directive's function is shown even without nodes in it
	var files []string
	for f := range byFile {
		files = append(files, f)
	}
	slices.Sort(files)
	for _, path := range files {
		w.sourceFile(path, byFile[path])
	}
}

// isControl reports whether nodes of op are staged control.
func isControl(op ir.Op) bool {
	return op == ir.OpIf || op == ir.OpWhile || op == ir.OpLambda || op == ir.OpForward
}

// sourceFile writes the functions of one file that hold nodes.
func (w *writer) sourceFile(path string, nodes *sourceNodes) {
	f := w.read(path)
	w.printf("<div class=\"file\">%s</div>", esc(w.rel(path)))
	if f.err != nil {
		w.printf("<div class=\"err\">%s</div>", esc(f.err.Error()))
		return
	}
	// The line ranges of the declarations that hold a node.
	type span struct{ from, to int }
	var spans []span
	for _, d := range f.file.Decls {
		from, to := f.fset.Position(d.Pos()).Line, f.fset.Position(d.End()).Line
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
			from = f.fset.Position(fd.Doc.Pos()).Line
		}
		for k := range nodes.syms {
			if k.line >= from && k.line <= to {
				spans = append(spans, span{from, to})
				break
			}
		}
	}
	for _, sp := range spans {
		w.printf("<div class=\"gap\">⋮</div>")
		w.sourceLines(f, nodes, sp.from, sp.to)
	}
}

// sourceLines writes lines from..to (1-based) of f, each token at a
// node's position linked to its nodes.
func (w *writer) sourceLines(f *sourceFile, nodes *sourceNodes, from, to int) {
	start := f.lines[from-1]
	end := len(f.src)
	if to < len(f.lines) {
		end = f.lines[to] - 1
	}
	var sc scanner.Scanner
	fset := token.NewFileSet()
	tf := fset.AddFile("", -1, len(f.src))
	sc.Init(tf, f.src, nil, scanner.ScanComments)
	line, off := from, start
	w.printf("<div class=\"ln\"><i>%d</i>", line)
	// text writes source text, starting a new line at each newline.
	text := func(s string, class, attr string) {
		for i, part := range strings.Split(s, "\n") {
			if i > 0 {
				line++
				w.printf("</div><div class=\"ln\"><i>%d</i>", line)
			}
			if part == "" {
				continue
			}
			switch {
			case attr != "":
				w.printf("<span class=\"n %s\" data-n=\"%s\">%s</span>", class, attr, esc(part))
			case class != "":
				w.printf("<span class=\"%s\">%s</span>", class, esc(part))
			default:
				w.printf("%s", esc(part))
			}
		}
	}
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		o := tf.Offset(pos)
		if o < start {
			continue
		}
		if o >= end {
			break
		}
		tokText := lit
		if tokText == "" || tok == token.SEMICOLON && lit == "\n" {
			tokText = tok.String()
		}
		if tok == token.SEMICOLON && lit != ";" {
			continue // an automatic semicolon
		}
		if !strings.HasPrefix(string(f.src[o:]), tokText) {
			continue
		}
		text(string(f.src[off:o]), "", "")
		p := tf.Position(pos)
		k := at{p.Line, p.Column}
		var syms []ir.Sym
		for _, s := range nodes.syms[k] {
			if s >= 0 {
				syms = append(syms, s)
			}
		}
		class := ""
		switch {
		case len(syms) > 0 && nodes.ctl[k]:
			class = "ctl"
		case len(syms) > 0:
			class = "rep"
		case tok == token.COMMENT:
			class = "cm"
		}
		text(tokText, class, nodeAttr(syms))
		off = o + len(tokText)
	}
	text(string(f.src[off:end]), "", "")
	w.printf("</div>")
}
