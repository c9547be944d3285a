package lmsgen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/lmsgen/lmsgen"

// allowed lists, for each package of the module, which of the module's own
// packages and which outside packages its non-test files may import. The
// standard library is always allowed, except for the packages named in
// frontendOnly, which only the frontend may use.
var allowed = map[string][]string{
	"ir":       {},
	"sched":    {"ir"},
	"gogen":    {"ir", "sched", "github.com/dave/jennifer/jen"},
	"cgen":     {"ir", "sched"},
	"stage":    {},
	"frontend": {"ir", "stage", "golang.org/x/tools/go/packages", "golang.org/x/tools/go/ssa", "golang.org/x/tools/go/ssa/ssautil"},
	"explain":  {"ir", "sched"},
	"pipeline": {"ir", "sched", "gogen", "cgen", "frontend", "explain", "internal/difftest"},
	"internal": {"ir", "internal"}, // test support (the corpus of graphs, the golden diff) and the random-program generator
	// the differential tests lmsgen -test writes, from the specializations
	"internal/difftest": {"ir", "sched", "gogen", "frontend"},
	"cmd/lmsgen":        {"ir", "sched", "gogen", "cgen", "frontend", "stage", "pipeline", "explain"},
}

// isStd reports whether path names a standard-library package.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func TestPackageDependencies(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "examples") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		top := dir
		if !strings.HasPrefix(dir, "cmd/") {
			top, _, _ = strings.Cut(dir, "/") // sub-packages share their parent's rules
		}
		rules, known := allowed[dir] // a sub-package with a row of its own
		if !known {
			rules, known = allowed[top]
		}
		if top != "cmd/lmsgen" && !strings.HasPrefix(top, "cmd/") && !strings.Contains(dir, "/cmd/") {
			full, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			if exitCall(full) {
				t.Errorf("%s: only cmd/lmsgen may call os.Exit or log.Fatal", path)
			}
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if dir == "." {
				continue
			}
			if !known {
				t.Errorf("%s: package %s is not in the dependency table of deps_test.go", path, dir)
				break
			}
			if isStd(p) {
				continue
			}
			ok := false
			for _, r := range rules {
				if p == r || p == module+"/"+r || strings.HasPrefix(p, module+"/"+r+"/") {
					ok = true
				}
			}
			if !ok {
				t.Errorf("%s: %s may not import %s (DESIGN.md §2)", path, dir, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// exitCall reports whether f calls os.Exit or one of log's Fatal
// functions (a call, not a mention: the evaluator names them in tables
// and comments when it stages the program's own calls).
func exitCall(f *ast.File) bool {
	names := map[string]string{} // local name of os and log -> path
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p != "os" && p != "log" {
			continue
		}
		name := p
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = p
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return !found
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok {
			switch names[x.Name] {
			case "os":
				found = found || sel.Sel.Name == "Exit"
			case "log":
				found = found || strings.HasPrefix(sel.Sel.Name, "Fatal")
			}
		}
		return !found
	})
	return found
}
