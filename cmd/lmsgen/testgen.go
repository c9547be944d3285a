package main

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"strings"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

// testSpec describes one specialization for the generated tests: how to
// call the generated function and the staging function natively.
type testSpec struct {
	Name    string    // the generated function
	Origin  string    // the staging function, in the same package
	Method  bool      // Origin is a method of the first argument
	Args    []testArg // the staging function's parameters, in order
	Results []ir.GoValue
	// Inputs is the number of inputs to draw (//lms:test inputs=N), 0
	// for the default.
	Inputs int
	// MapRanges are the positions ("file:line:col") where the staging
	// function ranges over a static map: natively in a random order.
	MapRanges []string
	// Prints reports whether the specialization writes to standard
	// output or standard error: a call of it abandoned over the work
	// budget may go on writing into the output captured of the next calls.
	Prints bool
}

// prints reports whether g writes to standard output or standard error.
func prints(g *ir.Graph) bool {
	for _, nd := range g.Nodes {
		switch nd.Op {
		case ir.OpPrint, ir.OpPrintf, ir.OpPrintln, ir.OpEprint, ir.OpEprintln:
			return true
		}
	}
	return false
}

// testArg is one parameter of the staging function: bound to a static
// expression, or a parameter of the generated function.
type testArg struct {
	Static string     // the directive's Go expression, if bound
	Value  ir.GoValue // the generated parameter, if not bound
	// LoopBound reports, per leaf of Value, whether it is a number that
	// may bound a staged loop, or a slice whose elements may
	// (frontend.Param.LoopBound): the test draws it small, or the loop
	// could run 2⁶³ times (or forever, for +Inf).
	LoopBound []bool
	// Test is what //lms:test sets per leaf of Value (nil: nothing).
	Test []frontend.LeafTest
}

// goType spells the type of a parameter or result of the generated
// function in the test: a struct type of the package is qualified by
// qual ("" or "go_.").
func goType(v ir.GoValue, qual string) string {
	if v.IsStruct() {
		return qual + v.Named.Name
	}
	return v.Type.String()
}

// unstage returns x, a result of type v of the staging or the generated
// function, as a value of v's type in the generated signature: a slice
// of a stage type is viewed as a slice of its underlying type (Go has no
// conversion between them), anything else converted.
func unstage(v ir.GoValue, qual, x string) string {
	if !v.IsStruct() && v.Type.Kind == ir.KSlice {
		return fmt.Sprintf("lmsUnstage[%s](%s)", v.Type.Elem, x)
	}
	return fmt.Sprintf("%s(%s)", goType(v, qual), x)
}

// stageType spells the stage type of an ir type ("stage.Float64",
// "[]stage.Int").
func stageType(t *ir.Type) string {
	if t.Kind == ir.KSlice {
		return "[]" + stageType(t.Elem)
	}
	name := t.String()
	return "stage." + strings.ToUpper(name[:1]) + name[1:]
}

// testFile writes <pkg>_lms_test.go: for every specialization, a
// deterministic random differential test of the generated function against
// the staging function called natively (results, panics, printed output
// and slices modified in place must agree), and a benchmark of each.
//
// With cImport set, it writes the test of the C sub-package instead: the C
// bridge's function against the Go specialization of the package imported
// from cImport (for an unexported name, against the copy of it that
// refFile writes beside the test). A C panic ends the process, so inputs
// on which the Go version panics are skipped there.
func testFile(pkg, buildConstraint, cImport string, specs []testSpec) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\n", ir.Header())
	if buildConstraint != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", buildConstraint)
	}
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	b.WriteString("import (\n\t\"fmt\"\n\t\"math\"\n\t\"math/rand/v2\"\n\t\"os\"\n\t\"os/exec\"\n\t\"reflect\"\n\t\"syscall\"\n\t\"testing\"\n\t\"time\"\n\t\"unsafe\"\n\n")
	if cImport != "" {
		fmt.Fprintf(&b, "\tgo_ %q\n", cImport)
	}
	b.WriteString("\t\"github.com/lmsgen/lmsgen/stage\"\n")
	b.WriteString(")\n\nvar _ = math.NaN\n\nvar _ stage.Int\n")
	for _, s := range specs {
		writeSpecTest(&b, s, cImport != "")
	}
	b.WriteString(testHelpers)
	return formatFile(b.Bytes())
}

// formatFile gofmts a generated file, and checks that gofmt leaves the
// result as it is (gofmt is not idempotent on every input; a file it
// would change again is a bug of the generator).
func formatFile(src []byte) ([]byte, error) {
	out, err := format.Source(src)
	if err != nil {
		return src, fmt.Errorf("BUG: generated test does not format: %v", err)
	}
	if again, err := format.Source(out); err != nil || !bytes.Equal(again, out) {
		return src, fmt.Errorf("BUG: generated test is not stable under gofmt")
	}
	return out, nil
}

func writeSpecTest(b *bytes.Buffer, s testSpec, cMode bool) {
	var dyn []testArg
	for _, a := range s.Args {
		if a.Static == "" {
			dyn = append(dyn, a)
		}
	}
	qual := ""
	if cMode {
		qual = "go_."
	}
	if len(dyn) > 0 {
		writeInputs(b, s, dyn, qual)
		writeSize(b, s, dyn, qual)
	}
	if !cMode {
		writeNative(b, s, dyn)
	}
	writeTestAndBench(b, s, dyn, cMode)
}

// leafName names leaf i of a as the test's comments do (w.Lo).
func leafName(a testArg, i int) string {
	return strings.Join(append([]string{a.Value.Name}, a.Value.LeafPaths()[i]...), ".")
}

// writeInputs writes lmsInputs<Name>, which draws random arguments: its
// comment names the parameters drawn small because they bound a loop,
// and those //lms:test sets.
func writeInputs(b *bytes.Buffer, s testSpec, dyn []testArg, qual string) {
	var small, set []string
	for _, a := range dyn {
		for i, lb := range a.LoopBound {
			if lb && (a.Test == nil || a.Test[i].Value == nil) {
				name := leafName(a, i)
				if a.Value.LeafValues()[i].Type.Kind == ir.KSlice {
					name = "the elements of " + name
				}
				small = append(small, name)
			}
		}
		for i := range a.Test {
			lt := a.Test[i]
			if lt.Len != nil {
				set = append(set, fmt.Sprintf("%s.len=%s", leafName(a, i), rangeText(lt.Len)))
			}
			if lt.Value != nil {
				name := leafName(a, i)
				if a.Value.LeafValues()[i].Type.Kind == ir.KSlice {
					name += ".elem"
				}
				set = append(set, fmt.Sprintf("%s=%s", name, rangeText(lt.Value)))
			}
		}
	}
	doc := fmt.Sprintf("lmsInputs%s draws arguments for %s.", s.Name, s.Name)
	list := pipeline.JoinAnd(small)
	if strings.HasPrefix(list, "the elements") {
		list = "T" + list[1:]
	}
	switch {
	case len(small) == 0:
	case len(small) == 1 && !strings.HasPrefix(small[0], "the elements"):
		doc += fmt.Sprintf(" %s may bound a staged loop (or a costly call): it is drawn small (lmsSmallInt, lmsSmallFloat), since with any number the test might not finish.", small[0])
	default:
		doc += fmt.Sprintf(" %s may bound a staged loop (or a costly call): they are drawn small (lmsSmallInt, lmsSmallFloat), since with any numbers the test might not finish.", list)
	}
	if len(set) > 0 {
		doc += " //lms:test sets " + pipeline.JoinAnd(set) + "."
	}
	b.WriteString("\n")
	writeComment(b, doc)
	fmt.Fprintf(b, "func lmsInputs%s(r *rand.Rand) (", s.Name)
	for i, a := range dyn {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(goType(a.Value, qual))
	}
	b.WriteString(") {\n\treturn ")
	for i, a := range dyn {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(genGoValue(a, qual))
	}
	b.WriteString("\n}\n")
}

func rangeText(r *frontend.Range) string {
	if r.Lo == r.Hi {
		return r.Lo
	}
	return r.Lo + ".." + r.Hi
}

// writeSize writes lmsSize<Name>, which lists the numbers the work of a
// call grows with: the numbers that may bound a loop, the lengths of the
// slices, and the largest element of a slice whose elements may bound a
// loop. The test skips, without running it, an input whose sizes are all
// at least those of an input that exceeded the work budget.
func writeSize(b *bytes.Buffer, s testSpec, dyn []testArg, qual string) {
	var xs []string
	for d, a := range dyn {
		for i, l := range a.Value.LeafValues() {
			x := fmt.Sprintf("a%d", d)
			if p := a.Value.LeafPaths()[i]; len(p) > 0 {
				x += "." + strings.Join(p, ".")
			}
			switch {
			case l.Type.Kind == ir.KSlice:
				xs = append(xs, fmt.Sprintf("float64(len(%s))", x))
				if a.LoopBound[i] {
					xs = append(xs, fmt.Sprintf("lmsMax(%s)", x))
				}
			case a.LoopBound[i]:
				xs = append(xs, fmt.Sprintf("float64(%s)", x))
			}
		}
	}
	fmt.Fprintf(b, "\n// lmsSize%s lists the numbers the work of %s grows with.\nfunc lmsSize%s(", s.Name, s.Name, s.Name)
	for d, a := range dyn {
		if d > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "a%d %s", d, goType(a.Value, qual))
	}
	fmt.Fprintf(b, ") []float64 {\n\treturn []float64{%s}\n}\n", strings.Join(xs, ", "))
}

// writeNative writes lmsNative<Name>: the staging function called with the
// generated function's signature.
func writeNative(b *bytes.Buffer, s testSpec, dyn []testArg) {
	fmt.Fprintf(b, "\nfunc lmsNative%s(", s.Name)
	for i, a := range dyn {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "a%d %s", i, goType(a.Value, ""))
	}
	b.WriteString(") (")
	for i, r := range s.Results {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(goType(r, ""))
	}
	b.WriteString(") {\n")
	call, setup := nativeArgs(s)
	b.WriteString(setup)
	var rs []string
	for i := range s.Results {
		rs = append(rs, fmt.Sprintf("r%d", i))
	}
	if len(rs) > 0 {
		fmt.Fprintf(b, "\t%s := %s\n\treturn ", strings.Join(rs, ", "), originCall(s, call))
		for i, r := range s.Results {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(unstage(r, "", fmt.Sprintf("r%d", i)))
		}
		b.WriteString("\n}\n")
	} else {
		fmt.Fprintf(b, "\t%s\n\treturn\n}\n", originCall(s, call))
	}
}

// originCall returns a call of the staging function with args: for a
// method, of the method of the first.
func originCall(s testSpec, args []string) string {
	if s.Method {
		return "(" + args[0] + ")." + s.Origin + "(" + strings.Join(args[1:], ", ") + ")"
	}
	return s.Origin + "(" + strings.Join(args, ", ") + ")"
}

// refName returns the name the C test calls the Go specialization by: the
// Go package's function, or for an unexported name the copy of it that
// refFile writes into the C sub-package's tests.
func refName(name string) string {
	if token.IsExported(name) {
		return "go_." + name
	}
	return "lmsGo" + name
}

// writeTestAndBench writes TestLMS<Name> and BenchmarkLMS<Name>.
func writeTestAndBench(b *bytes.Buffer, s testSpec, dyn []testArg, cMode bool) {
	args := make([]string, len(dyn))
	for i := range dyn {
		args[i] = fmt.Sprintf("a%d", i)
	}
	qual := ""
	if cMode {
		qual = "go_."
	}
	copies := make([]string, len(dyn))
	for i, a := range dyn {
		copies[i] = copyExpr(a.Value, fmt.Sprintf("a%d", i), qual)
	}
	got, want := s.Name, "lmsNative"+s.Name
	gotName, wantName := "generated", "native"
	if cMode {
		want = refName(s.Name)
		gotName, wantName = "c", "go"
	}
	call := func(f, prefix string) string {
		a := strings.Join(prefixed(prefix, args), ", ")
		if len(s.Results) == 0 {
			return fmt.Sprintf("func() []any { %s(%s); return nil }", f, a)
		}
		return fmt.Sprintf("func() []any { return lmsList(%s(%s)) }", f, a)
	}
	inputs := s.Inputs
	if inputs == 0 {
		inputs = 500
	}
	var body strings.Builder
	fmt.Fprintf(&body, "\nfunc TestLMS%s(t *testing.T) {\nif lmsIsolate(t) {\nreturn\n}\n", s.Name)
	fmt.Fprintf(&body, "r := rand.New(rand.NewPCG(1, %d))\n", hashName(s.Name))
	fmt.Fprintf(&body, "s := &lmsSummary{name: %q, inputs: %d, abandonedAt: lmsAbandoned, prints: %v}\n", s.Name, inputs, s.Prints)
	fmt.Fprintf(&body, "for s.drawn < s.inputs && !s.stopped() {\ns.drawn++\n")
	if len(args) > 0 {
		list := strings.Join(args, ", ")
		fmt.Fprintf(&body, "%s := lmsInputs%s(r)\n", list, s.Name)
		fmt.Fprintf(&body, "size := lmsSize%s(%s)\nif s.dominated(size) {\ncontinue\n}\n", s.Name, list)
	} else {
		body.WriteString("_ = r\nvar size []float64\n")
	}
	mapMode := len(s.MapRanges) > 0 && !cMode
	if len(args) > 0 {
		fmt.Fprintf(&body, "%s := %s\n", strings.Join(prefixed("n", args), ", "), strings.Join(copies, ", "))
		if mapMode {
			// Pristine copies, for running the staging function again.
			fmt.Fprintf(&body, "%s := %s\n", strings.Join(prefixed("p", args), ", "), strings.Join(copies, ", "))
		}
	}
	fmt.Fprintf(&body, "want, ok := lmsRun(lmsBudget, %s)\nif !ok {\ns.exceeded(size)\ncontinue\n}\n", call(want, "n"))
	fmt.Fprintf(&body, "want.args = []any{%s}\n", strings.Join(prefixed("n", args), ", "))
	if cMode {
		// A C panic ends the process: an input the Go version panics on
		// is not run in C.
		body.WriteString("if want.panic != \"\" {\ns.skipPanic(want.panic)\ncontinue\n}\n")
	}
	if mapMode {
		// The staging function ranges over a static map: natively in a
		// random order each time. An input on which runs of it disagree
		// cannot be judged; an input on which four agree most likely does
		// not show the order.
		var ocopies []string
		for i, a := range dyn {
			ocopies = append(ocopies, copyExpr(a.Value, fmt.Sprintf("pa%d", i), qual))
		}
		fmt.Fprintf(&body, "again := func() (lmsOutcome, bool) {\n")
		if len(args) > 0 {
			fmt.Fprintf(&body, "%s := %s\n", strings.Join(prefixed("n", args), ", "), strings.Join(ocopies, ", "))
		}
		fmt.Fprintf(&body, "o, ok := lmsRun(lmsBudget, %s)\no.args = []any{%s}\nreturn o, ok\n}\n", call(want, "n"), strings.Join(prefixed("n", args), ", "))
		body.WriteString("if lmsOrderShows(want, 3, again) {\ns.orderShows++\ncontinue\n}\n")
	}
	fmt.Fprintf(&body, "got, _ := lmsRun(lmsSlack(want), %s)\ngot.args = []any{%s}\n", call(got, ""), strings.Join(args, ", "))
	if mapMode {
		// A few runs may agree by chance: before reporting a mismatch,
		// more.
		body.WriteString("if lmsDiff(got, want) != \"\" && lmsOrderShows(want, 30, again) {\ns.orderShows++\ncontinue\n}\n")
	}
	fmt.Fprintf(&body, "if diff := lmsDiff(got, want); diff != \"\" {\ns.mismatches++\nif s.mismatches <= 5 {\nt.Errorf(\"%s%%v: %s and %s differ: %%s\", want.args, diff)\n}\n}\ns.compared(want)\n}\ns.report(t)\n}\n",
		s.Name, gotName, wantName)
	test := body.String()
	if len(s.MapRanges) > 0 && !cMode {
		b.WriteString("\n")
		writeComment(b, fmt.Sprintf("TestLMS%s: %s ranges over a static map (at %s): natively Go takes a random order each time, %s always the same one. Inputs on which the order shows are not compared (order-dependent in the summary).",
			s.Name, s.Origin, strings.Join(s.MapRanges, ", "), s.Name))
		test = strings.TrimPrefix(test, "\n")
	}
	b.WriteString(test)

	// The benchmark runs an input that the reference (the staging
	// function, or for C the Go version) runs to completion. The
	// benchmarks call the functions directly, results into typed sinks:
	// the staging function with its arguments converted to stage types
	// once, outside the timed loop.
	var bench strings.Builder
	fmt.Fprintf(&bench, "\nfunc BenchmarkLMS%s(b *testing.B) {\n", s.Name)
	fmt.Fprintf(&bench, "r := rand.New(rand.NewPCG(2, %d))\n", hashName(s.Name))
	if len(args) > 0 {
		list := strings.Join(args, ", ")
		fmt.Fprintf(&bench, "%s := lmsInputs%s(r)\nstart := lmsAbandoned\n", list, s.Name)
		fmt.Fprintf(&bench, "for try := 0; ; try++ {\n%s := %s\n", strings.Join(prefixed("n", args), ", "), strings.Join(copies, ", "))
		fmt.Fprintf(&bench, "if o, ok := lmsRun(lmsBudget, %s); ok && o.panic == \"\" {\nbreak // an input that runs to completion\n}\n", call(want, "n"))
		fmt.Fprintf(&bench, "if try == 1000 || lmsAbandoned-start >= lmsMaxAbandoned {\nb.Skip(\"lms: %s: no input drawn runs to completion within the work budget: nothing to benchmark\")\n}\n", s.Name)
		fmt.Fprintf(&bench, "%s = lmsInputs%s(r)\n}\n", list, s.Name)
	} else {
		fmt.Fprintf(&bench, "_ = r\nif o, ok := lmsRun(lmsBudget, %s); !ok || o.panic != \"\" {\nb.Skip(\"lms: %s does not run to completion: nothing to benchmark\")\n}\n", call(want, ""), s.Name)
	}
	wantBench := benchCall(s, want, args, "lmsSink"+s.Name, qual)
	wantSetup := ""
	if !cMode {
		var wantArgs []string
		wantArgs, wantSetup = nativeArgs(s)
		wantBench = benchStmt(s, originCall(s, wantArgs), "lmsSink"+s.Name, "")
	}
	fmt.Fprintf(&bench, "b.Run(%q, func(b *testing.B) {\nfor b.Loop() {\n%s\n}\n})\n", gotName, benchCall(s, got, args, "lmsSink"+s.Name, qual))
	fmt.Fprintf(&bench, "%sb.Run(%q, func(b *testing.B) {\nfor b.Loop() {\n%s\n}\n})\n}\n", wantSetup, wantName, wantBench)
	b.WriteString(bench.String())
	if len(s.Results) > 0 {
		fmt.Fprintf(b, "\nvar (\n")
		for i, r := range s.Results {
			fmt.Fprintf(b, "\tlmsSink%s%d %s\n", s.Name, i, goType(r, qual))
		}
		b.WriteString(")\n")
	}
}

// nativeArgs returns the arguments of a direct call of the staging
// function, and the statements converting the generated function's
// arguments a0, a1, ... to them (a slice is viewed, not copied).
func nativeArgs(s testSpec) ([]string, string) {
	var args []string
	var setup strings.Builder
	d := 0
	for _, a := range s.Args {
		if a.Static != "" {
			args = append(args, a.Static)
			continue
		}
		if a.Value.IsStruct() {
			// The staging function takes the struct itself.
			args = append(args, fmt.Sprintf("a%d", d))
			d++
			continue
		}
		if a.Value.Type.Kind == ir.KSlice {
			// A view of the same array: what the staging function writes
			// reaches the argument, aliasing between arguments is kept,
			// and nil stays nil.
			fmt.Fprintf(&setup, "s%d := lmsUnstage[%s](a%d)\n", d, stageType(a.Value.Type.Elem), d)
			args = append(args, fmt.Sprintf("s%d", d))
		} else {
			fmt.Fprintf(&setup, "s%d := %s(a%d)\n", d, stageType(a.Value.Type), d)
			args = append(args, fmt.Sprintf("s%d", d))
		}
		d++
	}
	return args, setup.String()
}

// benchCall returns the statement a benchmark loop runs: a call of f with
// args, its results stored into the sinks <sink>0, <sink>1, ...
func benchCall(s testSpec, f string, args []string, sink, qual string) string {
	return benchStmt(s, fmt.Sprintf("%s(%s)", f, strings.Join(args, ", ")), sink, qual)
}

// benchStmt returns the statement a benchmark loop runs: call, its
// results stored into the sinks <sink>0, <sink>1, ... (of the results'
// types, qualified by qual).
func benchStmt(s testSpec, call, sink, qual string) string {
	if len(s.Results) == 0 {
		return call
	}
	var lhs, stores []string
	for i, r := range s.Results {
		lhs = append(lhs, fmt.Sprintf("r%d", i))
		stores = append(stores, fmt.Sprintf("%s%d = %s", sink, i, unstage(r, qual, fmt.Sprintf("r%d", i))))
	}
	return strings.Join(lhs, ", ") + " := " + call + "\n" + strings.Join(stores, "\n")
}

// copyExpr returns an expression copying the value x of parameter v, so
// that what a call writes into its slices does not reach x: a slice is
// copied with its length and capacity (lmsClone), and so are a struct's
// slice fields.
func copyExpr(v ir.GoValue, x, qual string) string {
	if !v.IsStruct() {
		if v.Type.Kind == ir.KSlice {
			return fmt.Sprintf("lmsClone(%s)", x)
		}
		return x
	}
	var fs []string
	for i, l := range v.LeafValues() {
		if l.Slice {
			fs = append(fs, "c."+strings.Join(v.LeafPaths()[i], "."))
		}
	}
	if len(fs) == 0 {
		return x
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "func() %s {\nc := %s\n", goType(v, qual), x)
	for _, f := range fs {
		fmt.Fprintf(&sb, "%s = lmsClone(%s)\n", f, f)
	}
	sb.WriteString("return c\n}()")
	return sb.String()
}

func prefixed(p string, xs []string) []string {
	r := make([]string, len(xs))
	for i, x := range xs {
		r[i] = p + x
	}
	return r
}

func hashName(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h >> 1
}

// writeComment writes text as a // comment, its lines filled to 76
// columns.
func writeComment(b *bytes.Buffer, text string) {
	line := "//"
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > 76 && line != "//" {
			b.WriteString(line + "\n")
			line = "//"
		}
		line += " " + w
	}
	b.WriteString(line + "\n")
}

// leafDraw is how to draw one leaf: whether it bounds a loop (drawn
// small) and what //lms:test sets for it.
type leafDraw struct {
	small bool
	test  frontend.LeafTest
}

// genGoValue returns a Go expression drawing a random value of parameter
// a from r: a struct of the package (qualified by qual) is drawn field by
// field, each of its stage type.
func genGoValue(a testArg, qual string) string {
	draws := make([]leafDraw, len(a.LoopBound))
	for i, lb := range a.LoopBound {
		draws[i].small = lb
		if a.Test != nil {
			draws[i].test = a.Test[i]
		}
	}
	if !a.Value.IsStruct() {
		return genValue(a.Value.Type, draws[0])
	}
	return genStruct(a.Value, qual, draws)
}

func genStruct(v ir.GoValue, qual string, draws []leafDraw) string {
	var fields []string
	for _, f := range v.Fields {
		n := len(f.Leaves())
		fs := draws[:n]
		draws = draws[n:]
		var x string
		switch {
		case f.IsStruct():
			x = genStruct(f, qual, fs)
		case f.Slice:
			st := "stage." + f.Named.Name
			x = genSlice(st, fmt.Sprintf("%s(%s)", st, genValue(f.Type.Elem, fs[0])), fs[0].test.Len)
		default:
			x = fmt.Sprintf("stage.%s(%s)", f.Named.Name, genValue(f.Type, fs[0]))
		}
		fields = append(fields, f.Name+": "+x)
	}
	return qual + v.Named.Name + "{" + strings.Join(fields, ", ") + "}"
}

// genSlice returns a Go expression drawing a slice of elem, each element
// drawn by the expression draw; its length in length, if set, otherwise
// lmsLen's.
func genSlice(elem, draw string, length *frontend.Range) string {
	if length != nil {
		// No nil: it would have length 0.
		return fmt.Sprintf("lmsSlice(r, int(lmsRangeInt(r, %s, %s)), false, func() %s { return %s })", length.Lo, length.Hi, elem, draw)
	}
	return fmt.Sprintf("lmsSlice(r, lmsLen(r), true, func() %s { return %s })", elem, draw)
}

// genValue returns a Go expression drawing a random value of type t from
// r, with edge values often; a number from a small range if d.small;
// within the range //lms:test sets, if it does.
func genValue(t *ir.Type, d leafDraw) string {
	if t.Kind == ir.KSlice {
		elem := leafDraw{small: d.small, test: frontend.LeafTest{Value: d.test.Value}}
		return genSlice(t.Elem.String(), genValue(t.Elem, elem), d.test.Len)
	}
	if r := d.test.Value; r != nil {
		switch {
		case t.IsInteger() && t.IsUnsigned():
			return fmt.Sprintf("%s(lmsRangeUint(r, %s, %s))", t, r.Lo, r.Hi)
		case t.IsInteger():
			return fmt.Sprintf("%s(lmsRangeInt(r, %s, %s))", t, r.Lo, r.Hi)
		case t.IsFloat():
			return fmt.Sprintf("%s(lmsRangeFloat(r, %s, %s))", t, r.Lo, r.Hi)
		}
		panic("BUG: //lms:test range on " + t.String())
	}
	switch {
	case t.IsInteger() && d.small:
		return fmt.Sprintf("%s(lmsSmallInt(r, %v))", t, t.IsUnsigned())
	case t.IsInteger():
		return fmt.Sprintf("%s(lmsInt(r, %d, %v))", t, t.Bits(), t.IsUnsigned())
	case t.IsFloat() && d.small:
		return fmt.Sprintf("%s(lmsSmallFloat(r))", t)
	case t.IsFloat():
		return fmt.Sprintf("%s(lmsFloat(r))", t)
	case t.IsComplex():
		return fmt.Sprintf("%s(complex(lmsFloat(r), lmsFloat(r)))", t)
	case t.Kind == ir.KBool:
		return "r.IntN(2) == 0"
	case t.Kind == ir.KString:
		return "lmsString(r)"
	}
	panic("BUG: no random values of type " + t.String())
}

// testHelpers are the helpers every generated test file shares.
const testHelpers = `
// lmsUnstage views a slice of a stage type as a slice of its underlying
// type: the same array, length and capacity; nil stays nil.
func lmsUnstage[T, E any](s []E) []T {
	if s == nil {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}

// lmsClone copies a slice with its length, its capacity and the elements
// beyond its length (a call may reslice up to the capacity); nil stays
// nil.
func lmsClone[E any](s []E) []E {
	if s == nil {
		return nil
	}
	c := make([]E, cap(s))
	copy(c, s[:cap(s)])
	return c[:len(s)]
}

func lmsList(xs ...any) []any { return xs }

// lmsLen draws the length of a slice: up to 8 half of the time, otherwise
// a power of two from 8 to 256 or one off it, or any length from 9 to
// 256, so that a kernel that needs a block of 16 or 64 elements gets one.
func lmsLen(r *rand.Rand) int {
	switch r.IntN(4) {
	case 0, 1:
		return r.IntN(9)
	case 2:
		return 1<<(3+r.IntN(6)) + r.IntN(3) - 1
	}
	return 9 + r.IntN(248)
}

// lmsSlice draws a slice of length n, its elements drawn by elem; nil
// sometimes if nilOK (the code may tell it from an empty slice), and
// sometimes with spare capacity, drawn too (the code may reslice up to
// it).
func lmsSlice[E any](r *rand.Rand, n int, nilOK bool, elem func() E) []E {
	if nilOK && r.IntN(16) == 0 {
		return nil
	}
	c := n
	if r.IntN(4) == 0 {
		c += 1 + r.IntN(4)
	}
	s := make([]E, c)
	for i := range s {
		s[i] = elem()
	}
	return s[:n]
}

// lmsInt draws an integer of the given width: edge values often, small
// values often, any bits otherwise.
func lmsInt(r *rand.Rand, bits int, unsigned bool) uint64 {
	switch r.IntN(6) {
	case 0:
		edges := []uint64{0, 1, ^uint64(0), 1<<(bits-1) - 1, 1 << (bits - 1), 2}
		if unsigned {
			edges[3], edges[4] = ^uint64(0)>>(64-bits), 1<<(bits-1)
		}
		return edges[r.IntN(len(edges))]
	case 1, 2:
		return uint64(r.IntN(17) - 8)
	}
	return r.Uint64()
}

// lmsSmallInt draws an integer that may bound a staged loop: 0, 1 and -1
// often, otherwise uniform in [-4, 64] ([0, 64] if unsigned). The loop
// then runs a few dozen times, not 2⁶³, natively and generated alike.
func lmsSmallInt(r *rand.Rand, unsigned bool) uint64 {
	if unsigned {
		if r.IntN(4) == 0 {
			return uint64(r.IntN(2))
		}
		return uint64(r.IntN(65))
	}
	if r.IntN(4) == 0 {
		return uint64(r.IntN(3) - 1)
	}
	return uint64(r.IntN(69) - 4)
}

// lmsSmallFloat draws a float that may bound a staged loop: 0, 1, -1 and
// 0.5 often, otherwise uniform in [-4, 64), never infinite or NaN.
func lmsSmallFloat(r *rand.Rand) float64 {
	if r.IntN(4) == 0 {
		return []float64{0, 1, -1, 0.5}[r.IntN(4)]
	}
	return r.Float64()*68 - 4
}

// lmsRangeInt draws an integer in [lo, hi] (set by //lms:test): an edge
// (lmsEdge) often, uniform otherwise.
func lmsRangeInt(r *rand.Rand, lo, hi int64) int64 {
	if r.IntN(4) == 0 {
		return lmsEdge(r, lo, hi)
	}
	span := uint64(hi) - uint64(lo)
	if span == ^uint64(0) {
		return int64(r.Uint64())
	}
	return lo + int64(r.Uint64N(span+1))
}

// lmsRangeUint draws an unsigned integer in [lo, hi], as lmsRangeInt.
func lmsRangeUint(r *rand.Rand, lo, hi uint64) uint64 {
	if r.IntN(4) == 0 {
		return lmsEdge(r, lo, hi)
	}
	if hi-lo == ^uint64(0) {
		return r.Uint64()
	}
	return lo + r.Uint64N(hi-lo+1)
}

// lmsRangeFloat draws a float in [lo, hi], as lmsRangeInt.
func lmsRangeFloat(r *rand.Rand, lo, hi float64) float64 {
	if r.IntN(4) == 0 {
		return lmsEdge(r, lo, hi)
	}
	u := r.Float64()
	return min(hi, max(lo, lo*(1-u)+hi*u))
}

// lmsEdge returns lo, hi, or 0 or 1 if inside [lo, hi], at random.
func lmsEdge[T int64 | uint64 | float64](r *rand.Rand, lo, hi T) T {
	edges := []T{lo, hi}
	for _, x := range []T{0, 1} {
		if lo <= x && x <= hi {
			edges = append(edges, x)
		}
	}
	return edges[r.IntN(len(edges))]
}

func lmsFloat(r *rand.Rand) float64 {
	switch r.IntN(8) {
	case 0:
		edges := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64}
		return edges[r.IntN(len(edges))]
	case 1, 2:
		return float64(r.IntN(17) - 8)
	}
	return r.NormFloat64() * math.Pow(10, float64(r.IntN(20)-10))
}

func lmsString(r *rand.Rand) string {
	const alphabet = "ab01 .:-@é"
	b := make([]byte, r.IntN(12))
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// lmsMax returns the largest element of s (0 for an empty slice).
func lmsMax[E ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~float32 | ~float64](s []E) float64 {
	m := 0.0
	for _, x := range s {
		m = max(m, float64(x))
	}
	return m
}

// lmsBudget is the work budget of one call: a call that has not returned
// by then is abandoned (Go cannot stop it: it goes on in the background),
// and the input is skipped on both sides. After lmsMaxAbandoned such
// calls a test stops drawing inputs.
const (
	lmsBudget       = 2 * time.Second
	lmsMaxAbandoned = 4
)

// lmsAbandoned counts the calls abandoned so far.
var lmsAbandoned int

// lmsOutcome is what a call did: its results, its panic, what it printed
// to standard output and to standard error, and its arguments afterwards
// (slices are modified in place).
type lmsOutcome struct {
	results []any
	panic   string
	out     string
	errOut  string
	args    []any
	elapsed time.Duration
}

// lmsSlack is the time the function under test has for an input the
// reference took want.elapsed for: the work budget, and then some, since
// it may be slower (a C call costs more than a Go call).
func lmsSlack(want lmsOutcome) time.Duration { return lmsBudget + 20*want.elapsed }

// lmsCapture is a file descriptor redirected into a pipe read in the
// background.
type lmsCapture struct {
	fd, saved int
	rd, wr    *os.File
	text      chan string
}

// lmsCaptureFd redirects file descriptor fd (1: Go's os.Stdout and C's
// stdout; 2: standard error, where print and println write) into a pipe.
func lmsCaptureFd(fd int) *lmsCapture {
	rd, wr, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	saved, err := syscall.Dup(fd)
	if err != nil {
		panic(err)
	}
	if err := syscall.Dup3(int(wr.Fd()), fd, 0); err != nil {
		panic(err)
	}
	c := &lmsCapture{fd: fd, saved: saved, rd: rd, wr: wr, text: make(chan string, 1)}
	go func() {
		var buf [4096]byte
		var s []byte
		for {
			n, err := rd.Read(buf[:])
			s = append(s, buf[:n]...)
			if err != nil {
				break
			}
		}
		c.text <- string(s)
	}()
	return c
}

// restore gives the file descriptor back.
func (c *lmsCapture) restore() {
	syscall.Dup3(c.saved, c.fd, 0)
	syscall.Close(c.saved)
	c.wr.Close()
}

// read returns what was written, once restored and no call writes any
// more.
func (c *lmsCapture) read() string {
	s := <-c.text
	c.rd.Close()
	return s
}

// lmsRun calls f within the time budget, capturing what it writes to file
// descriptors 1 and 2 (Go's os.Stdout and C's stdout; standard error,
// where print and println write) and recovering its panic. It reports
// whether f returned (or panicked) in time; if not, the outcome says so
// as a panic.
func lmsRun(budget time.Duration, f func() []any) (o lmsOutcome, finished bool) {
	stdout, stderr := lmsCaptureFd(1), lmsCaptureFd(2)
	done := make(chan lmsOutcome, 1)
	go func() {
		var o lmsOutcome
		defer func() {
			if p := recover(); p != nil {
				o.panic = fmt.Sprint(p)
			}
			done <- o
		}()
		o.results = f()
	}()
	start := time.Now()
	timer := time.NewTimer(budget)
	select {
	case o = <-done:
		finished = true
	case <-timer.C:
		lmsAbandoned++
		o.panic = fmt.Sprintf("(did not return within %v)", budget)
	}
	timer.Stop()
	o.elapsed = time.Since(start)
	stderr.restore()
	stdout.restore()
	if finished {
		o.out = stdout.read()
		o.errOut = stderr.read()
	}
	return o, finished
}

// lmsOrderShows reports whether the outcome of a call of a staging
// function that ranges over a static map depends on Go's random order:
// whether one of n more runs (run) differs from want.
func lmsOrderShows(want lmsOutcome, n int, run func() (lmsOutcome, bool)) bool {
	for i := 0; i < n; i++ {
		o, ok := run()
		if !ok || lmsDiff(o, want) != "" {
			return true
		}
	}
	return false
}

// lmsSummary counts what happened to the inputs of one test.
type lmsSummary struct {
	name        string
	inputs      int // to draw
	drawn       int
	completed   int // compared, the reference returned
	panicked    int // compared, the reference panicked
	goPanicked  int // the Go reference panicked: not run in C
	overBudget  int // the reference exceeded the work budget, or an input at least as large did
	orderShows  int // the outcome depends on a map's random order
	mismatches  int
	firstPanic  string
	over        [][]float64 // the sizes of the inputs over the budget
	abandonedAt int         // lmsAbandoned when the test started
	prints      bool        // the function writes to standard output or error
}

// dominated reports whether an input of the given size is at least as
// large, in every number its work grows with, as one that exceeded the
// work budget: it is skipped without running, and counted over budget.
func (s *lmsSummary) dominated(size []float64) bool {
	if len(size) == 0 {
		return false
	}
	for _, o := range s.over {
		at := true
		for i := range o {
			if size[i] < o[i] {
				at = false
			}
		}
		if at {
			s.overBudget++
			return true
		}
	}
	return false
}

func (s *lmsSummary) exceeded(size []float64) {
	s.overBudget++
	s.over = append(s.over, size)
}

// stopped reports whether the test must draw no more inputs: too many
// calls are still running in the background, or one that may write into
// the output captured of the next calls (then the next tests run in
// processes of their own: see lmsIsolate).
func (s *lmsSummary) stopped() bool {
	n := lmsAbandoned - s.abandonedAt
	if s.prints && n > 0 {
		lmsPrinter = s.name
		return true
	}
	return n >= lmsMaxAbandoned
}

// lmsPrinter names the test whose call, abandoned over the work budget,
// may still be printing: the output this process captures is no longer
// that of the call under test alone.
var lmsPrinter string

// lmsIsolate runs the test t in a process of its own, and reports so, if
// a call that prints may still be running in this one.
func lmsIsolate(t *testing.T) bool {
	if lmsPrinter == "" || os.Getenv("LMS_ISOLATED") != "" {
		return false
	}
	t.Logf("lms: run in a process of its own: a call of %s over the work budget may still print in this one", lmsPrinter)
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), "LMS_ISOLATED=1")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Errorf("lms: %s in its own process: %v", t.Name(), err)
	}
	return true
}

func (s *lmsSummary) skipPanic(p string) {
	s.goPanicked++
	if s.firstPanic == "" {
		s.firstPanic = p
	}
}

func (s *lmsSummary) compared(want lmsOutcome) {
	if want.panic == "" {
		s.completed++
		return
	}
	s.panicked++
	if s.firstPanic == "" {
		s.firstPanic = want.panic
	}
}

// report logs the summary, and fails the test when fewer than a tenth of
// the inputs drawn ran to completion: then it tests almost nothing.
func (s *lmsSummary) report(t *testing.T) {
	t.Helper()
	t.Logf("lms: %s tried=%d mismatches=%d completed=%d panicked=%d skipped=%d over-budget=%d order-dependent=%d not-drawn=%d",
		s.name, s.completed+s.panicked, s.mismatches, s.completed, s.panicked+s.goPanicked, s.goPanicked, s.overBudget, s.orderShows, s.inputs-s.drawn)
	if n := lmsAbandoned - s.abandonedAt; s.drawn < s.inputs {
		t.Logf("lms: %s: stopped after %d inputs: %d calls exceeded the work budget (%v) and still run (a call that prints stops the test at once: it may print into the output of the next)", s.name, s.drawn, n, lmsBudget)
	}
	if s.completed*10 < s.drawn || s.drawn == 0 {
		why := ""
		if s.firstPanic != "" {
			why = fmt.Sprintf("; the first panic: %s", s.firstPanic)
		}
		t.Errorf("lms: %s tests nothing: only %d of %d inputs drawn ran to completion (%d panicked, %d over the work budget, %d order-dependent)%s; set the inputs with //lms:test (see the README, -test)",
			s.name, s.completed, s.drawn, s.panicked+s.goPanicked, s.overBudget, s.orderShows, why)
	}
}

func lmsDiff(got, want lmsOutcome) string {
	switch {
	case got.panic != want.panic:
		return fmt.Sprintf("panic %q, want %q", got.panic, want.panic)
	case got.out != want.out:
		return fmt.Sprintf("output %q, want %q", got.out, want.out)
	case got.errOut != want.errOut:
		return fmt.Sprintf("standard error %q, want %q", got.errOut, want.errOut)
	case !lmsEqualValue(reflect.ValueOf(got.results), reflect.ValueOf(want.results), false):
		return fmt.Sprintf("results %v, want %v", got.results, want.results)
	case !lmsEqualValue(reflect.ValueOf(got.args), reflect.ValueOf(want.args), true):
		return fmt.Sprintf("arguments after the call %v, want %v", got.args, want.args)
	}
	return ""
}

// lmsEqualValue compares values exactly, with NaN equal to NaN. With
// full, slices are compared up to their capacity (the arguments, copied
// with it, to which a call may write beyond their length); otherwise up to
// their length (the results: Go does not say how much append grows a
// slice).
func lmsEqualValue(a, b reflect.Value, full bool) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Kind() == reflect.Interface {
		return lmsEqualValue(a.Elem(), b.Elem(), full)
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y && math.Signbit(x) == math.Signbit(y) || x != x && y != y
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return lmsEqualValue(reflect.ValueOf(real(x)), reflect.ValueOf(real(y)), full) &&
			lmsEqualValue(reflect.ValueOf(imag(x)), reflect.ValueOf(imag(y)), full)
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		if full {
			if a.Cap() != b.Cap() {
				return false
			}
			a, b = a.Slice(0, a.Cap()), b.Slice(0, b.Cap())
		}
		for i := 0; i < a.Len(); i++ {
			if !lmsEqualValue(a.Index(i), b.Index(i), full) {
				return false
			}
		}
		return true
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if !lmsEqualValue(a.Index(i), b.Index(i), full) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !lmsEqualValue(a.Field(i), b.Field(i), full) {
				return false
			}
		}
		return true
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.String:
		return a.String() == b.String()
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}
`
