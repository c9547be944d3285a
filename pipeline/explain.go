package pipeline

import (
	"path/filepath"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/explain"
	"github.com/lmsgen/lmsgen/gogen"
)

// explainPage writes <pkg>_lms_explain.html (Config.Explain), or for a
// big package the directory <pkg>_lms_explain of a page per
// specialization (explain.Files): the pages of package explain, from the graphs the graph stage recorded, the
// schedules, and the Go and C written again with the origin of their
// lines (with line directives under Config.LineMap, as the outputs). A
// construct C cannot express is shown on the page in place of the C.
func explainPage(st *State) error {
	return st.eachPackage(func(p *Package) error {
		fs := funcs(p)
		goPath := st.goPath(p)
		goLines := lineMap(p.Funcs, goPath)
		goLines.Directives = st.cfg.LineMap
		goOpts := st.goOptions(p, false)
		goOpts.Lines = goLines
		src, err := gogen.File(p.Name, fs, goOpts)
		if err != nil {
			return &BrokenOutput{Pkg: p.Package, Path: goPath, Data: src, Err: err}
		}
		page := &explain.Package{Name: p.Name, Dir: p.Dir,
			Go: explain.Output{Name: rel(p.Dir, goPath), Text: string(src), Lines: goLines.Lines}}
		cName, _, _ := cgen.FileNames(p.Name)
		cPath := filepath.Join(st.cDir(p), cName)
		cLines := lineMap(p.Funcs, cPath)
		cLines.Directives = st.cfg.LineMap
		cOpts := st.cOptions(p)
		cOpts.Lines = cLines
		c, _, err := cgen.File(p.Name, fs, cOpts)
		page.C = explain.Output{Name: rel(p.Dir, cPath), Text: string(c), Lines: cLines.Lines, Err: err}
		for i, s := range p.Specs {
			page.Specs = append(page.Specs, explain.Spec{Name: s.Name, Origin: s.Origin, Pos: s.Pos, Func: p.Funcs[i], Passes: p.passes[i]})
		}
		for _, f := range explain.Files(page) {
			p.add(filepath.Join(p.Dir, filepath.FromSlash(f.Name)), f.Data)
		}
		return nil
	})
}

// rel names path relative to dir, with slashes.
func rel(dir, path string) string {
	if r, err := filepath.Rel(dir, path); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(path)
}
