package difftest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/sched"
)

// RefFile returns the Go specializations with unexported names again, for
// the C sub-package's test (which cannot reach them in the Go package),
// each named lmsGo<Name> (see refName); nil if there are none. Its other
// package-level names avoid those the test and the bridge declare.
func RefFile(pkg, pkgPath string, funcs []sched.Func, files ...[]byte) ([]byte, error) {
	var refs []sched.Func
	for _, f := range funcs {
		if !token.IsExported(f.Name) {
			f.Name = refName(f.Name)
			f.Doc = fmt.Sprintf("%s is the Go specialization %s, for the comparison with C.", f.Name, strings.TrimPrefix(f.Name, "lmsGo"))
			refs = append(refs, f)
		}
	}
	if len(refs) == 0 {
		return nil, nil
	}
	var reserved []string
	for _, src := range files {
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("BUG: a generated file does not parse: %v", err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					reserved = append(reserved, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						reserved = append(reserved, sp.Name.Name)
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							reserved = append(reserved, n.Name)
						}
					}
				}
			}
		}
	}
	sort.Strings(reserved)
	return gogen.File(pkg, refs, gogen.Options{Reserved: reserved, PkgPath: pkgPath})
}
