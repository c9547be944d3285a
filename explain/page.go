package explain

import (
	_ "embed"
	"fmt"
	"go/token"
	"html"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// Package is what the page of one package shows.
type Package struct {
	Name string // the Go package name
	// Dir is the package's directory: file names on the page are
	// relative to it.
	Dir   string
	Specs []Spec
	// Go and C are the generated files with the origin of their lines
	// (Output.Lines[i].Func indexes Specs).
	Go, C Output
}

// Spec is one specialization.
type Spec struct {
	Name   string
	Origin string         // the staging function
	Pos    token.Position // the //lms:gen directive
	Func   *sched.Func    // its schedule, made with sched.Options.Verbose (for the decisions)
	// Passes are the graph after evaluation and after each graph pass,
	// in order.
	Passes []Snapshot
}

// Output is a generated file on the page.
type Output struct {
	Name  string // the file's name, relative to Package.Dir
	Text  string
	Lines []ir.LineOrigin // the origin of each line of Text
	// Err, if not nil, says why there is no text (a construct C cannot
	// express): the page shows it in place of the file.
	Err error
}

// FileName is the name of a package's page.
func FileName(pkg string) string { return pkg + "_lms_explain.html" }

// Header returns the first line of every page: ir.Header() as an HTML
// comment, by which lmsgen knows the file is its own.
func Header() string { return "<!-- " + ir.Header() + " -->" }

//go:embed page.css
var pageCSS string

//go:embed page.js
var pageJS string

// legend explains the page's colours and clicks, under its title.
const legend = "<p class=\"legend\">Click a node anywhere (a source token, a box of the graph, a line) to highlight it in every column. " +
	"Source: <span class=\"rep\">staged operation (Rep)</span> <span class=\"ctl\">staged control</span> <span>static</span>. " +
	"Graph: <span class=\"e-data\">data</span> <span class=\"e-hard\">hard effect</span> <span class=\"e-soft\">soft effect</span> edges; " +
	"wheel zooms, drag pans, a click on a block's title folds it. " +
	"Passes: <span class=\"add\">added</span> <span class=\"rew\">rewritten</span> <span class=\"rem\">removed</span>.</p>\n"

// head writes the start of a page, up to its header's navigation; the
// legend is for the pages with sections.
func (w *writer) head(title, h1 string, withLegend bool) {
	w.printf("%s\n<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", Header())
	w.printf("<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", esc(title), pageCSS)
	w.printf("<header><h1>%s</h1>\n", h1)
	if withLegend {
		w.printf("%s", legend)
	}
}

// tail writes the end of a page: its script.
func (w *writer) tail() {
	w.printf("<script>\n%s</script>\n</body>\n</html>\n", pageJS)
}

// writer writes the page.
type writer struct {
	sb    strings.Builder
	dir   string
	files map[string]*sourceFile // read once per page
}

func (w *writer) printf(format string, args ...any) { fmt.Fprintf(&w.sb, format, args...) }

// rel names a file relative to the package's directory.
func (w *writer) rel(file string) string {
	if r, err := filepath.Rel(w.dir, file); err == nil && w.dir != "" {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(file)
}

// section writes the section of specialization i.
func (w *writer) section(p *Package, i int) {
	s := &p.Specs[i]
	g := s.Func.Schedule.Graph()
	pos := s.Pos
	pos.Filename = w.rel(pos.Filename)
	w.printf("<section class=\"spec\" id=\"s%d\">\n<h2>%s <small>%s specialized at %s; %d nodes</small></h2>\n",
		i, esc(s.Name), esc(s.Origin), esc(pos.String()), len(g.Nodes))
	homes := inlineHomes(s.Func.Schedule)
	w.printf("<div class=\"row top\">\n")
	w.column("source", "Staging source", func() { w.source(s) })
	w.column("graph", "Graph (after the passes)", func() { w.graph(s.Func.Schedule) })
	w.printf("</div>\n<div class=\"row passes\">\n")
	for k := range s.Passes {
		var prev *Snapshot
		if k > 0 {
			prev = &s.Passes[k-1]
		}
		w.pass(prev, &s.Passes[k])
	}
	w.printf("</div>\n<div class=\"row bottom\">\n")
	w.column("schedule", "Schedule and code motion", func() { w.schedule(s.Func.Schedule, homes) })
	w.column("go", "Go: "+p.Go.Name, func() { w.output(&p.Go, i, homes) })
	w.column("c", "C: "+p.C.Name, func() { w.output(&p.C, i, homes) })
	w.printf("</div>\n</section>\n")
}

// column writes a column: its title and a scrolling body.
func (w *writer) column(class, title string, body func()) {
	w.printf("<div class=\"col %s\"><h3>%s</h3><div class=\"body\">", class, esc(title))
	body()
	w.printf("</div></div>\n")
}

// pass writes the column of one snapshot.
func (w *writer) pass(prev, cur *Snapshot) {
	nodes, changes, counts := diff(prev, cur)
	title := fmt.Sprintf("%s: %d nodes", cur.Pass, len(cur.Nodes))
	if prev != nil {
		title += fmt.Sprintf(" (+%d −%d ~%d)", counts[added], counts[removed], counts[rewritten])
	}
	w.column("pass", title, func() {
		for k, n := range nodes {
			w.printf("<div class=\"ln n %s\" data-n=\"%d\">%s</div>", changes[k].class(), n.Sym, esc(n.Text))
		}
	})
}

// nodeAttr is the data-n attribute of the symbols syms.
func nodeAttr(syms []ir.Sym) string {
	var sb strings.Builder
	for i, s := range syms {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(s)))
	}
	return sb.String()
}

func esc(s string) string { return html.EscapeString(s) }
