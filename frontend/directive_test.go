package frontend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"
)

func TestSplitFields(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		bad  int
	}{
		{"//lms:gen A n=3", []string{"A", "n=3"}, -1},
		{"//lms:gen A  n=f(1, 2)\tm=\"a b\"", []string{"A", "n=f(1, 2)", `m="a b"`}, -1},
		{"//lms:gen A c='x' r=`a b` s=[]int{1, 2}", []string{"A", "c='x'", "r=`a b`", "s=[]int{1, 2}"}, -1},
		{"//lms:gen A s=\"a\\\" b\"", []string{"A", `s="a\" b"`}, -1},
		{"//lms:gen A n=f(1", nil, 15},
		{"//lms:gen A n=1)", nil, 15},
		{"//lms:gen A s=\"abc", nil, 14},
	}
	for _, tt := range tests {
		fields, bad := splitFields(tt.in, len(genPrefix))
		var got []string
		for _, f := range fields {
			got = append(got, f.text)
			if tt.in[f.off:f.off+len(f.text)] != f.text {
				t.Errorf("%q: field %q at wrong offset %d", tt.in, f.text, f.off)
			}
		}
		if bad != tt.bad || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitFields(%q) = %q, %d; want %q, %d", tt.in, got, bad, tt.want, tt.bad)
		}
	}
}

func TestErrorFormat(t *testing.T) {
	e := &Error{
		Pos: token.Position{Filename: "a.go", Line: 5, Column: 9},
		Msg: "panic during static evaluation: boom",
		Chain: []CallSite{
			{Pos: token.Position{Filename: "a.go", Line: 12, Column: 10}, Caller: "outer"},
			{Pos: token.Position{Filename: "a.go", Line: 3, Column: 1}, Caller: "specialization K"},
		},
	}
	want := "a.go:5:9: panic during static evaluation: boom\n\ta.go:12:10: called from outer\n\ta.go:3:1: called from specialization K"
	if got := e.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	l := ErrorList{e, {Pos: token.Position{Filename: "a.go", Line: 1, Column: 1}, Msg: "first"}, e}
	if got := l.Sort(); len(got) != 2 || got[0].Msg != "first" {
		t.Errorf("sort: %v", got)
	}
}

func TestBudgets(t *testing.T) {
	b := Budgets{Unroll: 7}.withDefaults()
	if b.Unroll != 7 || b.Steps != DefaultSteps || b.CallDepth != DefaultCallDepth || b.Nodes != DefaultNodes {
		t.Errorf("withDefaults: %+v", b)
	}
	var o Budgets
	if err := parseBudget(&o, "-calldepth=0x10", token.Position{}); err != nil || o.CallDepth != 16 {
		t.Errorf("parseBudget: %v %+v", err, o)
	}
	if got := b.override(o); got.CallDepth != 16 || got.Unroll != 7 {
		t.Errorf("override: %+v", got)
	}
	if b.Mem != DefaultMem {
		t.Errorf("withDefaults: Mem %d", b.Mem)
	}
	if err := parseBudget(&o, "-mem=1024", token.Position{}); err != nil || o.Mem != 1024 {
		t.Errorf("parseBudget -mem: %v %+v", err, o)
	}
	for _, bad := range []string{"-mem=0", "-mem=-1", "-mem=x", "-memory=1"} {
		if err := parseBudget(&o, bad, token.Position{}); err == nil {
			t.Errorf("parseBudget(%s): no error", bad)
		}
	}
	if err := (Budgets{Steps: -1}).Validate(); err == nil || !strings.Contains(err.Error(), "-steps") {
		t.Errorf("Validate(-steps=-1): %v", err)
	}
	if err := (Budgets{Mem: 1 << 41}).Validate(); err == nil {
		t.Errorf("Validate(-mem=1<<41): no error")
	}
	if err := (Budgets{Unroll: 5}).Validate(); err != nil {
		t.Errorf("Validate(-unroll=5): %v", err)
	}
}

func TestSubstTypeParams(t *testing.T) {
	src := "package p\n\nfunc f[T any, U any](m map[T][]U, p *T, f func(T) U) {}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	targs := []dirArg{{param: "T", expr: "stage.Float64"}, {param: "U", expr: "[]int"}}
	var got []string
	for _, fld := range f.Decls[0].(*ast.FuncDecl).Type.Params.List {
		got = append(got, substTypeParams(fset, []byte(src), fld.Type, targs))
	}
	want := []string{"map[(stage.Float64)][]([]int)", "*(stage.Float64)", "func((stage.Float64)) ([]int)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("substTypeParams = %q, want %q", got, want)
	}
}

// TestRebind: the directives parsed before loading move onto the loaded
// syntax of the same file, the overlay's functions appended to it; a file
// the load rewrote (another position) is refused, for a parse again.
func TestRebind(t *testing.T) {
	const src = "package p\n\nimport \"github.com/lmsgen/lmsgen/stage\"\n\n//lms:gen A\nfunc a(x stage.Int) stage.Int { return x }\n\n//lms:fun\nfunc b(x stage.Int) stage.Int { return x }\n"
	parse := func(fset *token.FileSet, text string) []*ast.File {
		f, err := parser.ParseFile(fset, "/m/p.go", text, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		return []*ast.File{f}
	}
	before := token.NewFileSet()
	ds, errs := parseDirectives(before, parse(before, src))
	if len(errs) > 0 || len(ds.gens) != 1 || len(ds.funs) != 1 {
		t.Fatalf("parse: %v, %d gens, %d funs", errs, len(ds.gens), len(ds.funs))
	}
	ds.fset = before
	loaded := token.NewFileSet()
	files := parse(loaded, src+"\nfunc lmsgen_arg_A_x() int { return 1 }\n")
	if !ds.rebind(loaded, files) {
		t.Fatal("rebind refused the same file")
	}
	if d := ds.gens[0]; d.fn != files[0].Decls[1] || d.file != files[0] {
		t.Errorf("the directive's function is not the loaded file's")
	}
	for fd := range ds.funs {
		if fd != files[0].Decls[2] {
			t.Errorf("//lms:fun's function is not the loaded file's")
		}
	}

	ds, _ = parseDirectives(before, parse(before, src))
	ds.fset = before
	moved := token.NewFileSet()
	if ds.rebind(moved, parse(moved, "// rewritten\n"+src)) {
		t.Error("rebind accepted a file whose declarations moved")
	}
}
