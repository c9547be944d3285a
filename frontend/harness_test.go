package frontend

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/lmsgen/lmsgen/internal/golden"
	"github.com/lmsgen/lmsgen/ir"
)

// This file is the test harness. A test package is a txtar archive in
// testdata/: its .go files form a package of a module that requires
// lmsgen (through a replace to this checkout), so the stage package comes
// from outside the module, as it does for users. The other sections are
// golden outputs: NAME.ir, the graph of specialization NAME as -dump=ir
// prints it, and lms.go, the generated Go file. go test -update rewrites
// them. Expected errors are written in the Go files:
//
//	x := m[k] // ERROR "map key must be static"
//	// ERROR-NEXT "unknown parameter"
//	//lms:gen Foo bad=1
//
// The harness then writes the generated file and a differential test into
// the package, and runs go test there: each generated function is compared
// with its staging function called natively, on deterministic inputs with
// edge values, results, slices after the call, panics and output included.

// archive is an extracted test package.
type archive struct {
	name  string
	path  string
	ar    *txtar.Archive
	dir   string
	files map[string][]byte
}

func moduleRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// extract writes the archive's Go files into a fresh module.
func extract(t testing.TB, path string) *archive {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSuffix(filepath.Base(path), ".txtar")
	dir := t.TempDir()
	a := &archive{name: name, path: path, ar: ar, dir: dir, files: map[string][]byte{}}
	root := moduleRoot(t)
	gomod := fmt.Sprintf("module example.com/%s\n\ngo 1.26.0\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\nreplace github.com/lmsgen/lmsgen => %s\n", name, root)
	write(t, filepath.Join(dir, "go.mod"), []byte(gomod))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "go.sum"), sum)
	for _, f := range ar.Files {
		if strings.HasSuffix(f.Name, ".go") && f.Name != "lms.go" {
			write(t, filepath.Join(dir, f.Name), f.Data)
			a.files[f.Name] = f.Data
		}
	}
	return a
}

func write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// section returns a golden section, or nil.
func (a *archive) section(name string) []byte {
	for _, f := range a.ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

func (a *archive) setSection(name string, data []byte) {
	for i, f := range a.ar.Files {
		if f.Name == name {
			a.ar.Files[i].Data = data
			return
		}
	}
	a.ar.Files = append(a.ar.Files, txtar.File{Name: name, Data: data})
}

// expectation is an expected error.
type expectation struct {
	file string
	line int
	re   *regexp.Regexp
	seen bool
}

var errorComment = regexp.MustCompile(`// ERROR(-NEXT)? "((?:[^"\\]|\\.)*)"`)

func (a *archive) expectations(t testing.TB) []*expectation {
	var exps []*expectation
	names := make([]string, 0, len(a.files))
	for n := range a.files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for i, line := range strings.Split(string(a.files[n]), "\n") {
			for _, m := range errorComment.FindAllStringSubmatch(line, -1) {
				pat := strings.ReplaceAll(m[2], `\"`, `"`)
				if _, err := regexp.Compile(pat); err != nil {
					t.Fatalf("%s:%d: bad ERROR pattern: %v", n, i+1, err)
				}
				l := i + 1
				if m[1] != "" {
					l++
				}
				exps = append(exps, &expectation{file: n, line: l, re: regexp.MustCompile(pat)})
			}
		}
	}
	return exps
}

// checkErrors matches the errors of a load with the expectations.
func (a *archive) checkErrors(t testing.TB, err error) {
	t.Helper()
	exps := a.expectations(t)
	var list ErrorList
	if err != nil {
		var ok bool
		list, ok = err.(ErrorList)
		if !ok {
			t.Fatalf("Load returned %T, not an ErrorList: %v", err, err)
		}
	}
	for _, e := range list {
		if strings.Contains(e.Msg, "BUG") || strings.Contains(e.Msg, "goroutine ") {
			t.Errorf("internal error: %v", e)
		}
		file := filepath.Base(e.Pos.Filename)
		text := e.Msg
		for _, c := range e.Chain {
			text += "\n\tcalled from " + c.Caller
		}
		matched := false
		for _, x := range exps {
			if x.file == file && x.line == e.Pos.Line && x.re.MatchString(text) {
				x.seen, matched = true, true
			}
		}
		if !matched {
			t.Errorf("unexpected error: %v", e)
		}
	}
	for _, x := range exps {
		if !x.seen {
			t.Errorf("%s:%d: missing error matching %q", x.file, x.line, x.re)
		}
	}
}

// golden compares a section with got, or rewrites it.
func (a *archive) golden(t testing.TB, name string, got []byte, update bool) {
	t.Helper()
	want := a.section(name)
	if update {
		a.setSection(name, got)
		return
	}
	if want == nil {
		t.Errorf("no golden section %s; run go test -update", name)
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden section (run go test -update to accept):\n%s", name, golden.Diff(string(want), string(got)))
	}
}

func (a *archive) save(t testing.TB) {
	// Keep the Go files first, then the goldens in name order.
	var src, gold []txtar.File
	for _, f := range a.ar.Files {
		if strings.HasSuffix(f.Name, ".go") && f.Name != "lms.go" {
			src = append(src, f)
		} else {
			gold = append(gold, f)
		}
	}
	sort.SliceStable(gold, func(i, j int) bool { return gold[i].Name < gold[j].Name })
	a.ar.Files = append(src, gold...)
	if err := os.WriteFile(a.path, txtar.Format(a.ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

func irText(g *ir.Graph) []byte {
	var buf bytes.Buffer
	ir.Fprint(&buf, g)
	return buf.Bytes()
}

// --- Differential tests ---

// smallInputs finds the staging functions whose doc comment says
// //lmstest:small: their integer inputs are small (they loop that often).
func (a *archive) smallInputs() map[string]bool {
	m := map[string]bool{}
	for _, data := range a.files {
		pending := false
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "//lmstest:small") {
				pending = true
			}
			if pending && strings.HasPrefix(line, "func ") {
				name := strings.TrimPrefix(line, "func ")
				if i := strings.IndexAny(name, "[("); i >= 0 {
					name = name[:i]
				}
				m[name] = true
				pending = false
			}
		}
	}
	return m
}

// goValues returns Go literals of edge and random values of type t.
func goValues(t *ir.Type, rng *rand.Rand, small bool) []string {
	ints := func(min, max string, bits int, signed bool) []string {
		if small {
			vs := []string{"0", "1", "2", "3", "7", "10", "31"}
			if signed {
				vs = append(vs, "-1", "-5")
			}
			return vs
		}
		vs := []string{"0", "1", max}
		if signed {
			vs = append(vs, "-1", min, "-7")
		}
		for range 4 {
			x := rng.Int63()
			if bits < 64 {
				x &= 1<<uint(bits-1) - 1
			}
			if signed && rng.Intn(2) == 0 {
				x = -x
			}
			vs = append(vs, strconv.FormatInt(x, 10))
		}
		vs = append(vs, "2", "3", "5", "16", "100")
		return vs
	}
	switch t {
	case ir.Bool:
		return []string{"true", "false"}
	case ir.Int:
		return ints("math.MinInt", "math.MaxInt", 64, true)
	case ir.Int8:
		return ints("math.MinInt8", "math.MaxInt8", 8, true)
	case ir.Int16:
		return ints("math.MinInt16", "math.MaxInt16", 16, true)
	case ir.Int32:
		return ints("math.MinInt32", "math.MaxInt32", 32, true)
	case ir.Int64:
		return ints("math.MinInt64", "math.MaxInt64", 64, true)
	case ir.Uint, ir.Uint64, ir.Uintptr:
		return ints("", "math.MaxUint64", 64, false)
	case ir.Uint8:
		return ints("", "math.MaxUint8", 8, false)
	case ir.Uint16:
		return ints("", "math.MaxUint16", 16, false)
	case ir.Uint32:
		return ints("", "math.MaxUint32", 32, false)
	case ir.Float32, ir.Float64:
		big := "1e300"
		if t == ir.Float32 {
			big = "3e38"
		}
		vs := []string{"0", "math.Copysign(0, -1)", "1", "-1", "0.5", "2.5", "math.NaN()", "math.Inf(1)", "math.Inf(-1)", big, "-3"}
		if small {
			vs = []string{"0", "1", "-1", "0.5", "2.5", "-3", "7"}
		}
		for range 5 {
			vs = append(vs, strconv.FormatFloat((rng.Float64()-0.5)*20, 'g', -1, 64))
		}
		for i := range vs {
			vs[i] = t.String() + "(" + vs[i] + ")"
		}
		return vs
	case ir.Complex64, ir.Complex128:
		vs := []string{"0", "1", "complex(1, 2)", "complex(-0.5, 3)", "complex(math.NaN(), 1)"}
		for i := range vs {
			vs[i] = t.String() + "(" + vs[i] + ")"
		}
		return vs
	case ir.String:
		return []string{`""`, `"a"`, `"hello"`, `"Hello, 世界"`, `"xyz"`, strconv.Quote(strings.Repeat("ab", rng.Intn(5)))}
	}
	if t.Kind == ir.KSlice {
		ev := goValues(t.Elem, rng, small)
		var vs []string
		for _, n := range []int{-1, 0, 1, 2, 3, 4, 5, 8, 16, 17, 32} {
			if n < 0 {
				vs = append(vs, "nil")
				continue
			}
			elems := make([]string, n)
			for i := range elems {
				elems[i] = ev[rng.Intn(len(ev))]
			}
			vs = append(vs, fmt.Sprintf("[]%s{%s}", t.Elem, strings.Join(elems, ", ")))
		}
		return vs
	}
	panic("no values for " + t.String())
}

// sliceLen returns the length of a slice literal written by goValues.
func sliceLen(lit string) int {
	if lit == "nil" || strings.HasSuffix(lit, "{}") {
		return 0
	}
	return strings.Count(lit[:len(lit)-1], ", ") + 1
}

// diffDriver writes a test file comparing each specialization with its
// staging function.
func diffDriver(p *Package, seed int64, small map[string]bool) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\nimport (\n\t\"fmt\"\n\t\"math\"\n\t\"os\"\n\t\"reflect\"\n\t\"strings\"\n\t\"syscall\"\n\t\"testing\"\n\n\t\"github.com/lmsgen/lmsgen/stage\"\n)\n\n", p.Name)
	b.WriteString(driverHelpers)
	rng := rand.New(rand.NewSource(seed))
	for _, s := range p.Specs {
		var fields []string
		var lists [][]string
		for i, prm := range s.Params {
			fields = append(fields, fmt.Sprintf("p%d %s", i, prm.GoType))
			if prm.IsStruct() {
				lists = append(lists, structValues(prm.GoValue, rng, small[s.Origin]))
				continue
			}
			lists = append(lists, goValues(prm.Type, rng, small[s.Origin]))
		}
		fmt.Fprintf(&b, "var lmsIn%s = []struct{ %s }{\n", s.Name, strings.Join(fields, "; "))
		n := 1
		if len(s.Params) > 0 {
			n = 60
		}
		for k := range n {
			var vals []string
			// Tuples of even index use slices of one length, so that
			// kernels over several slices run on valid inputs too.
			var length = -2
			for i, l := range lists {
				v := l[(k*(2*i+1)+rng.Intn(3))%len(l)]
				if !s.Params[i].IsStruct() && s.Params[i].Type.Kind == ir.KSlice && k%2 == 0 {
					if length == -2 {
						length = sliceLen(v)
					}
					for _, c := range l {
						if sliceLen(c) == length && c != "nil" {
							v = c
							break
						}
					}
				}
				vals = append(vals, v)
			}
			fmt.Fprintf(&b, "\t{%s},\n", strings.Join(vals, ", "))
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "func TestLmsDiff%s(t *testing.T) {\n\tfor i, in := range lmsIn%s {\n\t\t_ = in\n", s.Name, s.Name)
		// Generated.
		var gargs, gslices, nargs, nslices, nres, gres []string
		for i, prm := range s.Params {
			if prm.IsStruct() {
				fmt.Fprintf(&b, "\t\tgs%d := lmsDeep(in.p%d)\n", i, i)
				gargs = append(gargs, fmt.Sprintf("gs%d", i))
				gslices = append(gslices, fmt.Sprintf("gs%d", i))
			} else if prm.Type.Kind == ir.KSlice {
				fmt.Fprintf(&b, "\t\tgs%d := lmsClone(in.p%d)\n", i, i)
				gargs = append(gargs, fmt.Sprintf("gs%d", i))
				gslices = append(gslices, fmt.Sprintf("gs%d", i))
			} else {
				gargs = append(gargs, fmt.Sprintf("in.p%d", i))
			}
		}
		total := len(s.Params) + len(s.Static)
		pi := 0
		for idx := range total {
			static := false
			for _, st := range s.Static {
				if st.Index == idx {
					nargs = append(nargs, "("+st.Expr+")")
					static = true
				}
			}
			if static {
				continue
			}
			prm := s.Params[pi]
			if prm.IsStruct() {
				fmt.Fprintf(&b, "\t\tns%d := lmsDeep(in.p%d)\n", pi, pi)
				nargs = append(nargs, fmt.Sprintf("ns%d", pi))
				nslices = append(nslices, fmt.Sprintf("ns%d", pi))
			} else if prm.Type.Kind == ir.KSlice {
				fmt.Fprintf(&b, "\t\tns%d := %s(%s(in.p%d))\n", pi, prm.StageType, convName(prm.Type.Elem, true, "stage."+stageName(prm.Type.Elem)), pi)
				nargs = append(nargs, fmt.Sprintf("ns%d", pi))
				nslices = append(nslices, fmt.Sprintf("%s(ns%d)", convName(prm.Type.Elem, false, prm.Type.Elem.String()), pi))
			} else {
				nargs = append(nargs, fmt.Sprintf("%s(in.p%d)", prm.StageType, pi))
			}
			pi++
		}
		for i, r := range s.Results {
			gres = append(gres, fmt.Sprintf("r%d", i))
			rt := r.Type
			if r.IsStruct() {
				nres = append(nres, fmt.Sprintf("r%d", i))
			} else if rt.Kind == ir.KSlice {
				nres = append(nres, fmt.Sprintf("%s(r%d)", convName(rt.Elem, false, rt.Elem.String()), i))
			} else {
				nres = append(nres, fmt.Sprintf("%s(r%d)", rt, i))
			}
		}
		assign := ""
		if len(gres) > 0 {
			assign = strings.Join(gres, ", ") + " := "
		}
		fmt.Fprintf(&b, "\t\tgot := lmsRun(func() []any {\n\t\t\t%s%s(%s)\n\t\t\treturn []any{%s}\n\t\t})\n",
			assign, s.Name, strings.Join(gargs, ", "), strings.Join(append(gres, gslices...), ", "))
		call := s.Origin + "(" + strings.Join(nargs, ", ") + ")"
		if s.Method {
			call = nargs[0] + "." + s.Origin + "(" + strings.Join(nargs[1:], ", ") + ")"
		}
		fmt.Fprintf(&b, "\t\twant := lmsRun(func() []any {\n\t\t\t%s%s\n\t\t\treturn []any{%s}\n\t\t})\n",
			assign, call, strings.Join(append(nres, nslices...), ", "))
		fmt.Fprintf(&b, "\t\tif !lmsSame(got, want) {\n\t\t\tt.Errorf(\"input %%d %%+v:\\ngenerated: %%s\\nstaging:   %%s\", i, in, got, want)\n\t\t}\n\t}\n}\n\n")
	}
	return b.Bytes()
}

// structValues returns Go literals of a struct of Reps v, its leaves
// drawn from goValues.
func structValues(v ir.GoValue, rng *rand.Rand, small bool) []string {
	var lit func(v ir.GoValue) string
	lit = func(v ir.GoValue) string {
		if !v.IsStruct() {
			t := v.Type
			if v.Slice {
				vs := goValues(t, rng, small)
				conv := strings.TrimSuffix(convName(t.Elem, true, "stage."+v.Named.Name), "]") + ", " + t.Elem.String() + "]"
				return conv + "(" + vs[rng.Intn(len(vs))] + ")"
			}
			vs := goValues(t, rng, small)
			return "stage." + v.Named.Name + "(" + vs[rng.Intn(len(vs))] + ")"
		}
		var fs []string
		for _, f := range v.Fields {
			fs = append(fs, f.Name+": "+lit(f))
		}
		return v.Named.Name + "{" + strings.Join(fs, ", ") + "}"
	}
	var vs []string
	for range 16 {
		vs = append(vs, lit(v))
	}
	return vs
}

// stageName returns the name of the stage type over a basic type.
func stageName(t *ir.Type) string {
	s := t.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

// convName names the driver's slice conversion helper for an element type.
func convName(elem *ir.Type, toStage bool, target string) string {
	kind := "N"
	switch {
	case elem == ir.String:
		kind = "S"
	case elem == ir.Bool:
		kind = "B"
	case elem.IsComplex():
		kind = "C"
	}
	return fmt.Sprintf("lmsConv%s[%s]", kind, target)
}

const driverHelpers = `type lmsNum interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~float32 | ~float64
}

func lmsConvN[D, S lmsNum](s []S) []D {
	if s == nil {
		return nil
	}
	d := make([]D, len(s))
	for i := range s {
		d[i] = D(s[i])
	}
	return d
}

func lmsConvC[D, S ~complex64 | ~complex128](s []S) []D {
	if s == nil {
		return nil
	}
	d := make([]D, len(s))
	for i := range s {
		d[i] = D(s[i])
	}
	return d
}

func lmsConvS[D, S ~string](s []S) []D {
	if s == nil {
		return nil
	}
	d := make([]D, len(s))
	for i := range s {
		d[i] = D(s[i])
	}
	return d
}

func lmsConvB[D, S ~bool](s []S) []D {
	if s == nil {
		return nil
	}
	d := make([]D, len(s))
	for i := range s {
		d[i] = D(s[i])
	}
	return d
}

// lmsDeep copies a struct, its slice fields included.
func lmsDeep[T any](v T) T {
	var c T
	lmsDeepValue(reflect.ValueOf(&c).Elem(), reflect.ValueOf(v))
	return c
}

func lmsDeepValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Struct:
		for i := range src.NumField() {
			lmsDeepValue(dst.Field(i), src.Field(i))
		}
	case reflect.Slice:
		if !src.IsNil() {
			d := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
			reflect.Copy(d, src)
			dst.Set(d)
		}
	default:
		dst.Set(src)
	}
}

func lmsClone[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append([]T{}, s...)
}


// lmsResult is what a call did: its results, its panic, its output.
type lmsResult struct {
	vals   []any
	panic  string
	stdout string
	stderr string
}

func (r lmsResult) String() string {
	return fmt.Sprintf("results %v panic %q stdout %q stderr %q", r.vals, r.panic, r.stdout, r.stderr)
}

// lmsRun calls f with the standard output and error redirected.
func lmsRun(f func() []any) (r lmsResult) {
	outR, outW, _ := os.Pipe()
	errR, errW, _ := os.Pipe()
	saveOut, _ := syscall.Dup(1)
	saveErr, _ := syscall.Dup(2)
	syscall.Dup2(int(outW.Fd()), 1)
	syscall.Dup2(int(errW.Fd()), 2)
	done := make(chan [2]string)
	go func() {
		var a, b []byte
		ch := make(chan []byte)
		go func() {
			buf := make([]byte, 0, 1024)
			tmp := make([]byte, 1024)
			for {
				n, err := errR.Read(tmp)
				buf = append(buf, tmp[:n]...)
				if err != nil {
					break
				}
			}
			ch <- buf
		}()
		tmp := make([]byte, 1024)
		for {
			n, err := outR.Read(tmp)
			a = append(a, tmp[:n]...)
			if err != nil {
				break
			}
		}
		b = <-ch
		done <- [2]string{string(a), string(b)}
	}()
	func() {
		defer func() {
			if x := recover(); x != nil {
				r.panic = fmt.Sprint(x)
			}
		}()
		r.vals = f()
	}()
	os.Stdout.Sync()
	syscall.Dup2(saveOut, 1)
	syscall.Dup2(saveErr, 2)
	syscall.Close(saveOut)
	syscall.Close(saveErr)
	outW.Close()
	errW.Close()
	res := <-done
	outR.Close()
	errR.Close()
	r.stdout, r.stderr = res[0], res[1]
	return r
}

func lmsSame(a, b lmsResult) bool {
	if a.panic != b.panic && !lmsBoundsPanics(a.panic, b.panic) || a.stdout != b.stdout || a.stderr != b.stderr || len(a.vals) != len(b.vals) {
		return false
	}
	for i := range a.vals {
		if !lmsEq(reflect.ValueOf(a.vals[i]), reflect.ValueOf(b.vals[i])) {
			return false
		}
	}
	return true
}

// lmsBoundsPanics reports whether two panics are both bounds-check
// failures: the scheduler does not yet keep the order between two
// trapping reads, so which index fails first may differ.
func lmsBoundsPanics(a, b string) bool {
	p := "runtime error: index out of range"
	return strings.HasPrefix(a, p) && strings.HasPrefix(b, p)
}

func lmsEq(a, b reflect.Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x != x && y != y || math.Float64bits(x) == math.Float64bits(y)
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return lmsEq(reflect.ValueOf(real(x)), reflect.ValueOf(real(y))) && lmsEq(reflect.ValueOf(imag(x)), reflect.ValueOf(imag(y)))
	case reflect.Struct:
		for i := range a.NumField() {
			if !lmsEq(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !lmsEq(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	}
	return a.Interface() == b.Interface()
}

`

// runGo runs the go command in dir.
func runGo(t testing.TB, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	return string(out), err
}
