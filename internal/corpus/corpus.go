// Package corpus is a set of staged programs, built directly with the ir
// builder, that the code generators are tested on. Each Case gives the
// graph of one specialization, the Go signature it must get, the body of
// a main function that calls it with fixed inputs and prints the results,
// and the expected standard output, standard error and exit status of
// that program. The expected output comes from running the same
// computation natively in Go where that is practical, and is written out
// by hand otherwise.
//
// A backend test emits every case as a function of package main (one file
// may hold all of them: names are unique across the corpus), adds a main
// that runs the case named by its first argument (see MainFile), builds
// once, runs each case and compares:
//
//	cases := corpus.Cases()
//	// names[i], graphs[i] = cases[i].Name, cases[i].Build()
//	st, err := pipeline.Run(pipeline.Config{Result: pipeline.FromGraphs("main", names, graphs), Go: true, Check: true})
//	// st's output holds func c.Name in package main; its signature is c.Sig
//	// write corpus.MainFile(cases) beside it, go build -o prog .
//	// for each case: run "prog c.Name"; want stdout == c.Stdout,
//	// strings.HasPrefix(stderr, c.Stderr), exit status == c.Exit.
//
// The Go backend (gogen, see its corpus_test.go) and the C backend (cgen,
// through its cgo bridge, whose functions have the same Go signatures)
// both use it.
package corpus

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// Case is one program of the corpus.
type Case struct {
	// Name is the name of the generated function; it is unique in the
	// corpus and also names the case.
	Name string
	// Build builds the specialization's graph (a fresh graph each call).
	Build func() *ir.Graph
	// Sig is the Go signature the generated function must have, with
	// parameter names: "func(a, b int8) int8".
	Sig string
	// Main is the body of a function that calls Name with fixed inputs and
	// prints the results. It may use the packages fmt and math.
	Main string
	// Stdout is the expected standard output of Main.
	Stdout string
	// Stderr is the expected beginning of the standard error: what the
	// builtin print and println write, then, for a case that panics, the
	// first line of the panic ("panic: runtime error: integer divide by
	// zero\n").
	Stderr string
	// Exit is the expected exit status: 0, or 2 for a panic.
	Exit int
}

// Cases returns the corpus, sorted by name.
func Cases() []Case {
	var cs []Case
	cs = append(cs, arithCases()...)
	cs = append(cs, shiftCases()...)
	cs = append(cs, floatCases()...)
	cs = append(cs, trapCases()...)
	cs = append(cs, untypedCases()...)
	cs = append(cs, controlCases()...)
	cs = append(cs, chainCases()...)
	cs = append(cs, funcCases()...)
	cs = append(cs, dataCases()...)
	cs = append(cs, printCases()...)
	cs = append(cs, deepCases()...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return cs
}

// Lookup returns the case with the given name.
func Lookup(name string) (Case, bool) {
	for _, c := range Cases() {
		if c.Name == name {
			return c, true
		}
	}
	return Case{}, false
}

// MainFile returns the source of a file of package main that runs the
// case named by the program's first argument: one binary serves the whole
// corpus, so that a test builds (and links) once.
func MainFile(cases []Case) string {
	var sb strings.Builder
	sb.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"math\"\n\t\"os\"\n)\n\n")
	sb.WriteString("var _ = math.Pi\nvar _ = fmt.Sprint\n\n")
	sb.WriteString("func main() {\n\tswitch os.Args[1] {\n")
	for _, c := range cases {
		fmt.Fprintf(&sb, "\tcase %q:\n\t\trun%s()\n", c.Name, c.Name)
	}
	sb.WriteString("\tdefault:\n\t\tpanic(\"unknown case \" + os.Args[1])\n\t}\n}\n")
	for _, c := range cases {
		fmt.Fprintf(&sb, "\nfunc run%s() {\n", c.Name)
		for _, line := range strings.Split(strings.TrimRight(c.Main, "\n"), "\n") {
			sb.WriteString("\t" + strings.TrimSpace(line) + "\n")
		}
		sb.WriteString("}\n")
	}
	return sb.String()
}

// bld is the ir builder with a few abbreviations for building cases.
type bld struct{ *ir.Builder }

func newBld() bld { return bld{ir.NewBuilder()} }

// k returns the constant v of type t.
func (b bld) k(t *ir.Type, v any) ir.Exp { return b.Const(t, v) }

// i returns the int constant v.
func (b bld) i(v int) ir.Exp { return b.Const(ir.Int, v) }

// s returns the string constant v.
func (b bld) s(v string) ir.Exp { return b.Const(ir.String, v) }

func (b bld) add(x, y ir.Exp) ir.Exp { return b.Binary(ir.OpAdd, x, y) }
func (b bld) sub(x, y ir.Exp) ir.Exp { return b.Binary(ir.OpSub, x, y) }
func (b bld) mul(x, y ir.Exp) ir.Exp { return b.Binary(ir.OpMul, x, y) }
func (b bld) div(x, y ir.Exp) ir.Exp { return b.Binary(ir.OpDiv, x, y) }
func (b bld) rem(x, y ir.Exp) ir.Exp { return b.Binary(ir.OpRem, x, y) }
func (b bld) lt(x, y ir.Exp) ir.Exp  { return b.Compare(ir.OpLt, x, y) }
func (b bld) eq(x, y ir.Exp) ir.Exp  { return b.Compare(ir.OpEq, x, y) }

// named records a source name for e and returns e.
func (b bld) named(e ir.Exp, name string) ir.Exp {
	b.Name(e, name)
	return e
}

// params names the parameters of a function.
func (b bld) params(args []ir.Exp, names ...string) {
	for i, n := range names {
		b.Name(args[i], n)
	}
}

// incr writes v = v + 1 for an int variable.
func (b bld) incr(v ir.Exp) { b.WriteVar(v, b.add(b.ReadVar(v), b.i(1))) }

// println prints its arguments with fmt.Println.
func (b bld) println(args ...ir.Exp) { b.Print(ir.OpPrintln, args...) }

func ts(t ...*ir.Type) []*ir.Type { return t }
