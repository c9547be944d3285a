package difftest

import (
	"bytes"
	"fmt"
	"go/token"
	"regexp"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a specialization's test and benchmark: the staging
// function called natively, the comparison loop, the benchmark.

// writeNative writes lmsNative<Name>: the staging function called with the
// generated function's signature.
func writeNative(b *bytes.Buffer, s testSpec, dyn []testArg) {
	if originShadowed(s) {
		fmt.Fprintf(b, "\n// %s is %s, which the test's own names hide where it is called.\nvar %s = %s\n", originAlias(s), s.Origin, originAlias(s), s.Origin)
	}
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
	name := s.Origin
	if originShadowed(s) {
		name = originAlias(s)
	}
	return name + "(" + strings.Join(args, ", ") + ")"
}

// benchLocal matches the names the generated test declares where it
// calls the staging function (lmsNative<Name>, BenchmarkLMS<Name>): a
// staging function so named (//lms:gen B on func b) is hidden there.
var benchLocal = regexp.MustCompile(`^(b|r|o|ok|try|start|[ansr][0-9]+|na[0-9]+)$`)

// originShadowed reports whether the staging function of s is hidden by
// a name of the generated test: it is then called through a variable
// of the file (originAlias).
func originShadowed(s testSpec) bool { return !s.Method && benchLocal.MatchString(s.Origin) }

// originAlias returns the name of the variable holding a hidden staging
// function.
func originAlias(s testSpec) string { return "lmsOrigin" + s.Name }

// refName returns the name the C test calls the Go specialization by: the
// Go package's function, or for an unexported name the copy of it that
// refFile writes into the C sub-package's tests.
func refName(name string) string {
	if token.IsExported(name) {
		return "go_." + name
	}
	return "lmsGo" + name
}

// writeTestAndBench writes TestLMS<Name> and BenchmarkLMS<Name>, and the
// sinks of the benchmark's results.
func writeTestAndBench(b *bytes.Buffer, s testSpec, dyn []testArg, cMode bool) {
	c := newComparison(s, dyn, cMode)
	writeTest(b, c)
	writeBench(b, c)
	if len(s.Results) > 0 {
		fmt.Fprintf(b, "\nvar (\n")
		for i, r := range s.Results {
			fmt.Fprintf(b, "\tlmsSink%s%d %s\n", s.Name, i, goType(r, c.qual))
		}
		b.WriteString(")\n")
	}
}

// comparison is what the test and the benchmark of a specialization
// share: the function compared (got) and its reference (want), their
// arguments a0, a1, ... and the expressions copying them.
type comparison struct {
	s                 testSpec
	dyn               []testArg
	cMode             bool
	qual              string   // qualifies the package's types: "" or "go_."
	args, copies      []string // a0, a1, ...; copies of them
	got, want         string   // the functions called
	gotName, wantName string   // as the messages and sub-benchmarks name them
}

func newComparison(s testSpec, dyn []testArg, cMode bool) *comparison {
	c := &comparison{s: s, dyn: dyn, cMode: cMode, got: s.Name, want: "lmsNative" + s.Name, gotName: "generated", wantName: "native"}
	if cMode {
		c.qual, c.want, c.gotName, c.wantName = "go_.", refName(s.Name), "c", "go"
	}
	for i, a := range dyn {
		c.args = append(c.args, fmt.Sprintf("a%d", i))
		c.copies = append(c.copies, copyExpr(a.Value, fmt.Sprintf("a%d", i), c.qual))
	}
	return c
}

// call returns a func() []any calling f with the arguments, each named
// with prefix.
func (c *comparison) call(f, prefix string) string {
	a := strings.Join(prefixed(prefix, c.args), ", ")
	if len(c.s.Results) == 0 {
		return fmt.Sprintf("func() []any { %s(%s); return nil }", f, a)
	}
	return fmt.Sprintf("func() []any { return lmsList(%s(%s)) }", f, a)
}

// writeTest writes TestLMS<Name>: draw inputs, run the reference within
// the work budget, then the function compared, and compare.
func writeTest(b *bytes.Buffer, c *comparison) {
	s, dyn, cMode, qual, args, copies := c.s, c.dyn, c.cMode, c.qual, c.args, c.copies
	got, want, gotName, wantName, call := c.got, c.want, c.gotName, c.wantName, c.call
	inputs := s.Inputs
	if inputs == 0 {
		inputs = 500
	}
	var body strings.Builder
	fmt.Fprintf(&body, "\nfunc TestLMS%s(t *testing.T) {\nif lmsIsolate(t) {\nreturn\n}\n", s.Name)
	fmt.Fprintf(&body, "r := rand.New(rand.NewPCG(1, %d))\n", hashName(s.Name))
	fmt.Fprintf(&body, "s := &lmsSummary{name: %q, inputs: %d, abandonedAt: lmsAbandoned, prints: %v", s.Name, inputs, s.Prints)
	if cMode {
		body.WriteString(", c: true")
	}
	body.WriteString("}\n")
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
	fmt.Fprintf(&body, "got, ok := s.runTested(t, size, want, %s)\nif !ok {\ncontinue\n}\ngot.args = []any{%s}\n", call(got, ""), strings.Join(args, ", "))
	if mapMode {
		// A few runs may agree by chance: before reporting a mismatch,
		// more.
		body.WriteString("if lmsDiff(got, want) != \"\" && lmsOrderShows(want, 30, again) {\ns.orderShows++\ncontinue\n}\n")
	}
	diff := "lmsDiff"
	if s.Relaxed {
		diff = "lmsDiffRelaxed"
	}
	fmt.Fprintf(&body, "if diff := %s(got, want); diff != \"\" {\ns.mismatches++\nif s.mismatches <= 5 {\nt.Errorf(\"%s%%v: %s and %s differ: %%s\", want.args, diff)\n}\n}\ns.compared(want)\n}\ns.report(t)\n}\n",
		diff, s.Name, gotName, wantName)
	test := body.String()
	if len(s.MapRanges) > 0 && !cMode {
		b.WriteString("\n")
		writeComment(b, fmt.Sprintf("TestLMS%s: %s ranges over a static map (at %s): natively Go takes a random order each time, %s always the same one. Inputs on which the order shows are not compared (order-dependent in the summary).",
			s.Name, s.Origin, strings.Join(s.MapRanges, ", "), s.Name))
		test = strings.TrimPrefix(test, "\n")
	}
	b.WriteString(test)

}

// writeBench writes BenchmarkLMS<Name>.
func writeBench(b *bytes.Buffer, c *comparison) {
	s, cMode, qual, args, copies := c.s, c.cMode, c.qual, c.args, c.copies
	got, want, gotName, wantName, call := c.got, c.want, c.gotName, c.wantName, c.call
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
		if a.Value.IsStruct() || isAoS(a.Value) {
			// The staging function takes the struct (the slice of
			// structs) itself.
			args = append(args, fmt.Sprintf("a%d", d))
			d++
			continue
		}
		switch {
		case a.Value.Type.Kind == ir.KSlice && a.Named != "":
			fmt.Fprintf(&setup, "s%d := %s(lmsUnstage[%s](a%d))\n", d, a.Named, stageType(a.Value.Type.Elem), d)
		case a.Value.Type.Kind == ir.KSlice:
			// A view of the same array: what the staging function writes
			// reaches the argument, aliasing between arguments is kept,
			// and nil stays nil.
			fmt.Fprintf(&setup, "s%d := lmsUnstage[%s](a%d)\n", d, stageType(a.Value.Type.Elem), d)
		case a.Named != "":
			fmt.Fprintf(&setup, "s%d := %s(a%d)\n", d, a.Named, d)
		default:
			fmt.Fprintf(&setup, "s%d := %s(a%d)\n", d, stageType(a.Value.Type), d)
		}
		args = append(args, fmt.Sprintf("s%d", d))
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
			fs = append(fs, ir.Selector("c", v.LeafPaths()[i]))
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
