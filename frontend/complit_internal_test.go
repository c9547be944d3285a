package frontend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestLiteralLoads: the one load of a composite literal's cell, used
// otherwise only to store its fields or elements, takes the storage (an
// inner literal's too, and the literal assigned to a variable whose
// field is then written: go/ssa builds it apart and stores it into the
// variable's cell, which store copies into); a literal whose address
// escapes, or whose field address is read, is copied.
func TestLiteralLoads(t *testing.T) {
	const src = `package p

type T struct{ a, b int }
type A [2]int

func lit(x, y int) T      { return T{x, y} }
func arr(x int) A         { return A{x, 1} }
func nested(x int) [1]T   { return [1]T{{x, 2}} }
func escapes(x int) (*T, T) { p := &T{x, 3}; return p, *p }
func variable(x int) T    { t := T{x, 4}; t.a++; return t }
func fieldRead(x int) T   { p := &T{x, 5}; q := &p.a; *q++; return *p }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"lit": 1, "arr": 1, "nested": 2, "escapes": 0, "variable": 1, "fieldRead": 0} {
		fn := pkg.Func(name)
		loads := literalLoads(fn)
		if len(loads) != want {
			t.Errorf("%s: %d literal loads, want %d", name, len(loads), want)
		}
		for ld := range loads {
			if a, ok := ld.X.(*ssa.Alloc); !ok || a.Comment != "complit" {
				t.Errorf("%s: %v is not the load of a composite literal", name, ld)
			}
		}
	}
	ev := &evaluator{}
	c := value(structure{1, array{2, 3}})
	if v, ok := ev.takeLiteral(&c); !ok || !identical(v, c) {
		t.Errorf("a literal of static leaves is not taken")
	}
	for _, leaf := range []value{&varRef{}, &matElem{}} {
		c := value(structure{1, array{2, leaf}})
		if _, ok := ev.takeLiteral(&c); ok {
			t.Errorf("a literal with a leaf %T, which load reads in the generated code, is taken", leaf)
		}
	}
}
