package explain

import (
	"fmt"
	"path"
	"strings"
)

// This file chooses between one page for a package and a directory of
// pages, one per specialization, by the size of the sections.

// maxPage is the size, in bytes, up to which a package's specializations
// share one page. Above it (unrolled kernels such as examples/spmv's,
// which wrote 14 MB) a browser takes seconds to open the page and
// the reader wants one specialization at a time: each gets a page of its
// own, and an index lists them.
var maxPage = 8 << 20 // a variable for the tests (export_test.go)

// File is one file of a package's explanation, named relative to the
// package's directory.
type File struct {
	Name string
	Data []byte
}

// DirName is the directory of the pages of a package too big for one
// page; its index is IndexName.
func DirName(pkg string) string { return pkg + "_lms_explain" }

// IndexName is the index page of a directory of pages.
const IndexName = "index.html"

// Files writes the explanation of a package: one page, FileName(p.Name),
// or, when its sections are more than maxPage bytes together, a page per
// specialization and an index in DirName(p.Name).
func Files(p *Package) []File {
	w := &writer{dir: p.Dir, files: map[string]*sourceFile{}}
	sections := make([]string, len(p.Specs))
	size := 0
	for i := range p.Specs {
		w.sb.Reset()
		w.section(p, i)
		sections[i] = w.sb.String()
		size += len(sections[i])
	}
	if size <= maxPage {
		w.sb.Reset()
		w.head("lmsgen: package "+p.Name, "lmsgen explains package "+esc(p.Name), true)
		w.printf("<nav>")
		for i, s := range p.Specs {
			w.printf(" <a href=\"#s%d\">%s</a>", i, esc(s.Name))
		}
		w.printf("</nav></header>\n")
		for _, s := range sections {
			w.sb.WriteString(s)
		}
		w.tail()
		return []File{{Name: FileName(p.Name), Data: []byte(w.sb.String())}}
	}
	dir := DirName(p.Name)
	names := pageNames(p)
	out := []File{{Name: path.Join(dir, IndexName), Data: index(p, names, sections)}}
	for i, s := range p.Specs {
		w.sb.Reset()
		w.head("lmsgen: "+s.Name+" in package "+p.Name,
			fmt.Sprintf("lmsgen explains %s <small>of package %s</small>", esc(s.Name), esc(p.Name)), true)
		w.printf("<nav><a href=\"%s\">all specializations</a>", IndexName)
		if i > 0 {
			w.printf(" <a href=\"%s\" rel=\"prev\">← %s</a>", names[i-1], esc(p.Specs[i-1].Name))
		}
		if i+1 < len(p.Specs) {
			w.printf(" <a href=\"%s\" rel=\"next\">%s →</a>", names[i+1], esc(p.Specs[i+1].Name))
		}
		w.printf("</nav></header>\n")
		w.sb.WriteString(sections[i])
		w.tail()
		out = append(out, File{Name: path.Join(dir, names[i]), Data: []byte(w.sb.String())})
	}
	return out
}

// index writes the index page of a directory of pages: a line per
// specialization, with a link to its page and its size.
func index(p *Package, names, sections []string) []byte {
	w := &writer{dir: p.Dir}
	w.head("lmsgen: package "+p.Name, "lmsgen explains package "+esc(p.Name), false)
	w.printf("</header>\n<p class=\"pages\">The package's specializations are too big for one page (%d MB): each has a page of its own.</p>\n<table class=\"index\">\n<tr><th>Specialization</th><th>Staging function</th><th>Directive</th><th>Nodes</th><th>Page</th></tr>\n",
		(sumLen(sections)+(1<<20)-1)>>20)
	for i, s := range p.Specs {
		pos := s.Pos
		pos.Filename = w.rel(pos.Filename)
		w.printf("<tr><td><a href=\"%s\">%s</a></td><td>%s</td><td>%s</td><td>%d</td><td>%d kB</td></tr>\n",
			names[i], esc(s.Name), esc(s.Origin), esc(pos.String()), len(s.Func.Schedule.Graph().Nodes), (len(sections[i])+1023)>>10)
	}
	w.printf("</table>\n</body>\n</html>\n")
	return []byte(w.sb.String())
}

func sumLen(ss []string) int {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	return n
}

// pageNames returns the file name of each specialization's page: its name,
// unique also where file names ignore case (Sum and SUM share a directory
// entry there), and never the index's.
func pageNames(p *Package) []string {
	names := make([]string, len(p.Specs))
	seen := map[string]bool{strings.ToLower(IndexName): true}
	for i, s := range p.Specs {
		name := s.Name + ".html"
		for k := 2; seen[strings.ToLower(name)]; k++ {
			name = fmt.Sprintf("%s-%d.html", s.Name, k)
		}
		seen[strings.ToLower(name)] = true
		names[i] = name
	}
	return names
}
