package main

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// testSpec describes one specialization for the generated tests: how to
// call the generated function and the staging function natively.
type testSpec struct {
	Name    string    // the generated function
	Origin  string    // the staging function, in the same package
	Method  bool      // Origin is a method of the first argument
	Args    []testArg // the staging function's parameters, in order
	Results []ir.GoValue
}

// testArg is one parameter of the staging function: bound to a static
// expression, or a parameter of the generated function.
type testArg struct {
	Static string     // the directive's Go expression, if bound
	Value  ir.GoValue // the generated parameter, if not bound
	// LoopBound reports, per leaf of Value, whether it is a number that
	// may bound a staged loop (frontend.Param.LoopBound): the test draws
	// it small, or the loop could run 2⁶³ times (or forever, for +Inf).
	LoopBound []bool
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
// from cImport. A C panic ends the process, so inputs on which the Go
// version panics are skipped there.
func testFile(pkg, buildConstraint, cImport string, specs []testSpec) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\n", ir.Header())
	if buildConstraint != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", buildConstraint)
	}
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	b.WriteString("import (\n\t\"fmt\"\n\t\"math\"\n\t\"math/rand/v2\"\n\t\"os\"\n\t\"reflect\"\n\t\"syscall\"\n\t\"testing\"\n\t\"unsafe\"\n\n")
	if cImport != "" {
		fmt.Fprintf(&b, "\tgo_ %q\n", cImport)
	}
	b.WriteString("\t\"github.com/lmsgen/lmsgen/stage\"\n")
	b.WriteString(")\n\nvar _ = math.NaN\n\nvar _ stage.Int\n")
	for _, s := range specs {
		writeSpecTest(&b, s, cImport != "")
	}
	b.WriteString(testHelpers)
	src, err := format.Source(b.Bytes())
	if err != nil {
		return b.Bytes(), fmt.Errorf("BUG: generated test does not format: %v", err)
	}
	return src, nil
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
	}
	if !cMode {
		writeNative(b, s, dyn)
	}
	writeTestAndBench(b, s, dyn, cMode)
}

// writeInputs writes lmsInputs<Name>, which draws random arguments: its
// comment names the parameters drawn small because they bound a loop.
func writeInputs(b *bytes.Buffer, s testSpec, dyn []testArg, qual string) {
	var small []string
	for _, a := range dyn {
		paths := a.Value.LeafPaths()
		for i, lb := range a.LoopBound {
			if lb {
				small = append(small, strings.Join(append([]string{a.Value.Name}, paths[i]...), "."))
			}
		}
	}
	doc := fmt.Sprintf("lmsInputs%s draws arguments for %s.", s.Name, s.Name)
	switch len(small) {
	case 0:
	case 1:
		doc += fmt.Sprintf(" %s may bound a staged loop (or a costly call): it is drawn small (lmsSmallInt, lmsSmallFloat), since with any number the test might not finish.", small[0])
	default:
		list := strings.Join(small[:len(small)-1], ", ") + " and " + small[len(small)-1]
		doc += fmt.Sprintf(" %s may bound a staged loop (or a costly call): they are drawn small (lmsSmallInt, lmsSmallFloat), since with any numbers the test might not finish.", list)
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
		b.WriteString(genGoValue(a.Value, qual, a.LoopBound))
	}
	b.WriteString("\n}\n")
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
	skip := ""
	if cMode {
		got, want = s.Name, "go_."+s.Name
		gotName, wantName = "c", "go"
		skip = "if want.panic != \"\" {\n\t\t\tskipped++\n\t\t\tcontinue\n\t\t}\n"
	}
	call := func(f, prefix string) string {
		a := strings.Join(prefixed(prefix, args), ", ")
		if len(s.Results) == 0 {
			return fmt.Sprintf("func() []any { %s(%s); return nil }", f, a)
		}
		return fmt.Sprintf("func() []any { return lmsList(%s(%s)) }", f, a)
	}
	text := `
func TestLMS%[1]s(t *testing.T) {
	r := rand.New(rand.NewPCG(1, %[2]d))
	mismatches, skipped := 0, 0
	for trial := 0; trial < lmsTrials; trial++ {
		%[3]s
		%[4]s
		want := lmsRun(%[7]s)
		want.args = []any{%[6]s}
		` + skip + `got := lmsRun(%[8]s)
		got.args = []any{%[5]s}
		if diff := lmsDiff(got, want); diff != "" {
			mismatches++
			if mismatches <= 5 {
				t.Errorf("%[1]s%%v: %[9]s and %[10]s differ: %%s", []any{%[6]s}, diff)
			}
		}
	}
	t.Logf("lms: %[1]s tried=%%d mismatches=%%d", lmsTrials-skipped, mismatches)
}

func BenchmarkLMS%[1]s(b *testing.B) {
	r := rand.New(rand.NewPCG(2, %[2]d))
	%[3]s
	for try := 0; try < 100 && lmsRun(%[11]s).panic != ""; try++ {
		%[12]s // benchmark an input that does not panic
	}
	b.Run("%[9]s", func(b *testing.B) {
		for b.Loop() {
			%[13]s
		}
	})
	%[15]s
	b.Run("%[10]s", func(b *testing.B) {
		for b.Loop() {
			%[14]s
		}
	})
}
`
	// The benchmarks call the functions directly, results into typed
	// sinks: the staging function with its arguments converted to stage
	// types once, outside the timed loop.
	wantBench := benchCall(s, want, args, "lmsSink"+s.Name, qual)
	wantSetup := ""
	if !cMode {
		var wantArgs []string
		wantArgs, wantSetup = nativeArgs(s)
		wantBench = benchStmt(s, originCall(s, wantArgs), "lmsSink"+s.Name, "")
	}
	decl, redraw, copyDecl := "_ = r", "", ""
	if len(args) > 0 {
		list := strings.Join(args, ", ")
		decl = fmt.Sprintf("%s := lmsInputs%s(r)", list, s.Name)
		redraw = fmt.Sprintf("%s = lmsInputs%s(r)", list, s.Name)
		copyDecl = fmt.Sprintf("%s := %s", strings.Join(prefixed("n", args), ", "), strings.Join(copies, ", "))
	}
	fmt.Fprintf(b, text, s.Name, hashName(s.Name), decl, copyDecl,
		strings.Join(args, ", "), strings.Join(prefixed("n", args), ", "),
		call(want, "n"), call(got, ""), gotName, wantName, call(want, ""), redraw,
		benchCall(s, got, args, "lmsSink"+s.Name, qual), wantBench, wantSetup)
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
// copied, and so are a struct's slice fields.
func copyExpr(v ir.GoValue, x, qual string) string {
	if !v.IsStruct() {
		if v.Type.Kind == ir.KSlice {
			return fmt.Sprintf("append(%[1]s[:0:0], %[1]s...)", x) // keeps nil a nil slice
		}
		return x
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "func() %s {\nc := %s\n", goType(v, qual), x)
	for i, l := range v.LeafValues() {
		if l.Slice {
			f := "c." + strings.Join(v.LeafPaths()[i], ".")
			fmt.Fprintf(&sb, "%s = append(%s[:0:0], %s...)\n", f, f, f)
		}
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

// genGoValue returns a Go expression drawing a random value of parameter
// v from r: a struct of the package (qualified by qual) is drawn field by
// field, each of its stage type. small holds, per leaf of v, whether the
// leaf is an integer to draw from a small range (it bounds a loop).
func genGoValue(v ir.GoValue, qual string, small []bool) string {
	if !v.IsStruct() {
		return genValue(v.Type, small[0])
	}
	var fields []string
	for _, f := range v.Fields {
		n := len(f.Leaves())
		fs := small[:n]
		small = small[n:]
		var x string
		switch {
		case f.IsStruct():
			x = genGoValue(f, qual, fs)
		case f.Slice:
			st := "stage." + f.Named.Name
			x = fmt.Sprintf("func() []%s { s := make([]%s, r.IntN(9)); for i := range s { s[i] = %s(%s) }; return s }()", st, st, st, genValue(f.Type.Elem, false))
		default:
			x = fmt.Sprintf("stage.%s(%s)", f.Named.Name, genValue(f.Type, fs[0]))
		}
		fields = append(fields, f.Name+": "+x)
	}
	return qual + v.Named.Name + "{" + strings.Join(fields, ", ") + "}"
}

// genValue returns a Go expression drawing a random value of type t from
// r, with edge values often; a number from a small range if small.
func genValue(t *ir.Type, small bool) string {
	if t.Kind == ir.KSlice {
		// nil sometimes: the code may tell it from an empty slice.
		return fmt.Sprintf("func() %s { if r.IntN(16) == 0 { return nil }; s := make(%s, r.IntN(9)); for i := range s { s[i] = %s }; return s }()", t, t, genValue(t.Elem, false))
	}
	switch {
	case t.IsInteger() && small:
		return fmt.Sprintf("%s(lmsSmallInt(r, %v))", t, t.IsUnsigned())
	case t.IsInteger():
		return fmt.Sprintf("%s(lmsInt(r, %d, %v))", t, t.Bits(), t.IsUnsigned())
	case t.IsFloat() && small:
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

const lmsTrials = 500


func lmsList(xs ...any) []any { return xs }

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

// lmsOutcome is what a call did: its results, its panic, what it printed
// to standard output, and its arguments afterwards (slices are modified in
// place).
type lmsOutcome struct {
	results []any
	panic   string
	out     string
	args    []any
}

// lmsRun calls f, capturing what it writes to file descriptor 1 (Go's
// os.Stdout and C's stdout alike) and recovering its panic.
func lmsRun(f func() []any) (o lmsOutcome) {
	rd, wr, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	saved, err := syscall.Dup(1)
	if err != nil {
		panic(err)
	}
	if err := syscall.Dup3(int(wr.Fd()), 1, 0); err != nil {
		panic(err)
	}
	done := make(chan string)
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
		done <- string(s)
	}()
	func() {
		defer func() {
			if p := recover(); p != nil {
				o.panic = fmt.Sprint(p)
			}
		}()
		o.results = f()
	}()
	syscall.Dup3(saved, 1, 0)
	syscall.Close(saved)
	wr.Close()
	o.out = <-done
	rd.Close()
	return o
}

func lmsDiff(got, want lmsOutcome) string {
	switch {
	case got.panic != want.panic:
		return fmt.Sprintf("panic %q, want %q", got.panic, want.panic)
	case got.out != want.out:
		return fmt.Sprintf("output %q, want %q", got.out, want.out)
	case !lmsEqual(got.results, want.results):
		return fmt.Sprintf("results %v, want %v", got.results, want.results)
	case !lmsEqual(got.args, want.args):
		return fmt.Sprintf("arguments after the call %v, want %v", got.args, want.args)
	}
	return ""
}

// lmsEqual compares values exactly, with NaN equal to NaN.
func lmsEqual(a, b any) bool {
	return lmsEqualValue(reflect.ValueOf(a), reflect.ValueOf(b))
}

func lmsEqualValue(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Kind() == reflect.Interface {
		return lmsEqualValue(a.Elem(), b.Elem())
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
		return lmsEqual(real(x), real(y)) && lmsEqual(imag(x), imag(y))
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !lmsEqualValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !lmsEqualValue(a.Field(i), b.Field(i)) {
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
