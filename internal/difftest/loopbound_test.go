package difftest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/internal/difftest"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

// TestLoopBound checks which parameter leaves loopBounds marks on the
// kernels of testdata/kernels.txtar, after the pipeline's graph passes.
func TestLoopBound(t *testing.T) {
	want := map[string]string{ // specialization: its marked leaves
		"SumTo":     "n",
		"Twice":     "n",          // m := n * 2 bounds the loop; k feeds its body
		"Countdown": "n",          // a staged variable starts at n
		"Chase":     "next start", // the variable bounding the loop is set to both
		"ViaSlice":  "n",          // n stored into xs[0], read by the condition: forwarded to n
		"ElemBound": "xs",         // its elements bound a loop
		"Affine":    "",
		"AtLeast":   "n", // a is compared after the loop only
		"Grid":      "cols rows",
		"Closure":   "n", // the λ's first input bounds its loop
		"Closure2":  "k n",
		"Returned":  "n",   // through the λ's result
		"Recursive": "b c", // c bounds the loop, b the recursion
		"InRange":   "rHi rLo",
		"Bessel":    "n x", // math.Jn's order; x, a float, bounds a loop
	}
	st, err := pipeline.Run(pipeline.Config{Load: frontend.Config{Dir: extract(t, "testdata/kernels.txtar")}, Until: "graph", Check: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, p := range st.Packages {
		for _, s := range p.Specs {
			seen[s.Name] = true
			var got, names []string
			for _, prm := range s.Params {
				names = append(names, prm.LeafNames...)
			}
			bounds := difftest.LoopBounds(s.Graph)
			if len(bounds) != len(names) {
				t.Fatalf("%s: %d loop-bound flags for %d leaves", s.Name, len(bounds), len(names))
			}
			for i, b := range bounds {
				if b {
					got = append(got, names[i])
				}
			}
			slices.Sort(got)
			w, ok := want[s.Name]
			if !ok {
				t.Errorf("%s: no expectation", s.Name)
			}
			if g := strings.Join(got, " "); g != w {
				t.Errorf("%s: loop bounds %q, want %q\n%s", s.Name, g, w, s.Graph)
			}
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("%s: not generated", name)
		}
	}
}

// TestLoopBoundChain checks the analysis on a long chain of staged
// calls and variables built directly: each link is a λ that stores its
// input into a variable in a branch and returns the variable, and the
// end of the chain bounds a loop. The first input, at the start of the
// chain, is marked; the second, which decides every branch, is not
// (control dependence is not followed). A worklist visits every symbol
// once, so this takes time linear in the chain, without recursion.
func TestLoopBoundChain(t *testing.T) {
	const links = 20_000
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.Int, ir.Int}, func(in []ir.Exp) ir.Exp {
		x := in[0]
		for range links {
			f := b.Lambda([]*ir.Type{ir.Int}, []*ir.Type{ir.Int}, func(args []ir.Exp) ir.Exp {
				v := b.NewVar(b.Const(ir.Int, 0))
				b.If(b.Compare(ir.OpGt, in[1], b.Const(ir.Int, 0)), ir.Void,
					func() ir.Exp { b.WriteVar(v, args[0]); return b.Unit() },
					func() ir.Exp { return b.Unit() })
				return b.ReadVar(v)
			})
			x = b.Apply(f, x)
		}
		i := b.NewVar(b.Const(ir.Int, 0))
		b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(i), x) }, func() {
			b.WriteVar(i, b.Binary(ir.OpAdd, b.ReadVar(i), b.Const(ir.Int, 1)))
		})
		return b.ReadVar(i)
	})
	if err := ir.Check(g); err != nil {
		t.Fatal(err)
	}
	if got := difftest.LoopBounds(ir.DCE(g)); !slices.Equal(got, []bool{true, false}) {
		t.Errorf("loop bounds %v, want [true false]", got)
	}
}

// TestLoopBoundFuncValue checks a call of a function value that is not a
// known λ (a conditional chooses between two): an input of any λ of its
// type that bounds a loop makes the argument in that position a bound.
func TestLoopBoundFuncValue(t *testing.T) {
	b := ir.NewBuilder()
	params := []*ir.Type{ir.Int, ir.Int}
	results := []*ir.Type{ir.Int}
	g := b.Build([]*ir.Type{ir.Int, ir.Int, ir.Int}, func(in []ir.Exp) ir.Exp {
		loop := b.Lambda(params, results, func(args []ir.Exp) ir.Exp {
			i := b.NewVar(b.Const(ir.Int, 0))
			b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(i), args[0]) }, func() {
				b.WriteVar(i, b.Binary(ir.OpAdd, b.ReadVar(i), args[1]))
			})
			return b.ReadVar(i)
		})
		add := b.Lambda(params, results, func(args []ir.Exp) ir.Exp { return b.Binary(ir.OpAdd, args[0], args[1]) })
		f := b.If(b.Compare(ir.OpGt, in[2], b.Const(ir.Int, 0)), ir.FuncOf(params, results),
			func() ir.Exp { return loop }, func() ir.Exp { return add })
		return b.Apply(f, in[0], b.Const(ir.Int, 1))
	})
	if err := ir.Check(g); err != nil {
		t.Fatal(err)
	}
	if got := difftest.LoopBounds(ir.DCE(g)); !slices.Equal(got, []bool{true, false, false}) {
		t.Errorf("loop bounds %v, want [true false false]", got)
	}
}

// extract writes the Go files of a txtar archive into a fresh module that
// requires lmsgen from this checkout, and returns its directory.
func extract(t *testing.T, path string) string {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string][]byte{
		"go.mod": fmt.Appendf(nil, "module example.com/kernels\n\ngo 1.26.0\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\nreplace github.com/lmsgen/lmsgen => %s\n", root),
		"go.sum": sum,
	}
	for _, f := range ar.Files {
		files[f.Name] = f.Data
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
