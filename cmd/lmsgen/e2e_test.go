package main

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	// The packages these tests generate import stage, which the command
	// itself does not link: importing it here makes a change to it a
	// change of this test binary, so that go test's cache cannot hide it.
	_ "github.com/lmsgen/lmsgen/stage"
)

// The end-to-end tests run the built command as a user would, on packages
// copied into temporary modules that depend on this repository through a
// replace directive.

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// repoRoot returns the root of this repository.
func repoRoot(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// lmsgenBin builds the command once per test run.
func lmsgenBin(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "lmsgen-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "lmsgen")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = err
			binPath = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("building lmsgen: %v\n%s", buildErr, binPath)
	}
	return binPath
}

// module writes a temporary module "example.com/m" with the given files
// (paths relative to the module root) and returns its directory.
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	root := repoRoot(t)
	dir := t.TempDir()
	gomod := "module example.com/m\n\ngo 1.26\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\nreplace github.com/lmsgen/lmsgen => " + root + "\n"
	files["go.mod"] = gomod
	for name, text := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	goCmd(t, dir, "mod", "tidy")
	return dir
}

// result is what a command run did.
type result struct {
	stdout, stderr string
	status         int
}

func runIn(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return result{out.String(), errb.String(), status}
}

func lmsgen(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return runIn(t, dir, nil, lmsgenBin(t), args...)
}

func goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	r := runIn(t, dir, []string{"GOFLAGS=-mod=mod"}, "go", args...)
	if r.status != 0 {
		t.Fatalf("go %s: exit %d\n%s%s", strings.Join(args, " "), r.status, r.stdout, r.stderr)
	}
	return r.stdout + r.stderr
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

const powerSrc = `package kernels

import "github.com/lmsgen/lmsgen/stage"

// Power returns b**n.
//
//lms:gen Cube n=3
//lms:gen Pow10 n=10
func Power(b stage.Float64, n int) stage.Float64 {
	if n == 0 {
		return 1
	}
	return b * Power(b, n-1)
}

// Sum adds the elements of xs, a staged loop.
//
//lms:gen SumAll
func Sum(xs []stage.Float64) stage.Float64 {
	var s stage.Float64
	for _, x := range xs {
		s += x
	}
	return s
}
`

const powerMain = `package main

import (
	"fmt"

	"example.com/m/kernels"
)

func main() {
	fmt.Println(kernels.Cube(2), kernels.Pow10(2), kernels.SumAll([]float64{1, 2, 3.5}))
}
`

func checkGenerated(t *testing.T, path string) {
	t.Helper()
	src := read(t, path)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	require.NoError(t, err)
	require.True(t, ast.IsGenerated(f), "%s must be recognised by ast.IsGenerated", path)
	formatted, err := format.Source([]byte(src))
	require.NoError(t, err)
	require.Equal(t, string(formatted), src, "%s must be gofmt'd", path)
	require.NotContains(t, src, repoRoot(t), "no absolute paths")
}

func TestGenerateCompileRun(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc, "main.go": powerMain})
	r := lmsgen(t, filepath.Join(dir, "kernels"))
	require.Equal(t, 0, r.status, r.stderr)
	out := filepath.Join(dir, "kernels", "kernels_lms.go")
	checkGenerated(t, out)
	src := read(t, out)
	require.Contains(t, src, "func Cube(b float64) float64")
	require.Contains(t, src, "func SumAll(xs []float64) float64")
	goCmd(t, dir, "vet", "./...")
	require.Equal(t, "8 1024 6.5\n", goCmd(t, dir, "run", "."))
}

func TestDeterminism(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	var outs []string
	for _, procs := range []string{"1", "2", "2"} {
		r := runIn(t, kdir, []string{"GOMAXPROCS=" + procs}, lmsgenBin(t), "./...")
		require.Equal(t, 0, r.status, r.stderr)
		outs = append(outs, read(t, filepath.Join(kdir, "kernels_lms.go")))
		os.Remove(filepath.Join(kdir, "kernels_lms.go"))
	}
	require.Equal(t, outs[0], outs[1])
	require.Equal(t, outs[0], outs[2])
}

func TestExitStatus(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	require.Equal(t, 2, lmsgen(t, kdir, "-nosuchflag").status)
	require.Equal(t, 2, lmsgen(t, kdir, "-lang=rust").status)
	require.Equal(t, 2, lmsgen(t, kdir, "-dump=ir").status, "-dump needs -run")
	require.Equal(t, 2, lmsgen(t, kdir, "-lang=c", "-test").status, "the C test compares with the Go output")
	require.Equal(t, 0, lmsgen(t, kdir, "-h").status)
	v := lmsgen(t, kdir, "-version")
	require.Equal(t, 0, v.status)
	require.True(t, strings.HasPrefix(v.stdout, "lmsgen "))
	require.Equal(t, 0, lmsgen(t, kdir).status)
	bad := module(t, map[string]string{"bad/bad.go": strings.Replace(powerSrc, "n=3", "m=3", 1)})
	r := lmsgen(t, filepath.Join(bad, "bad"))
	require.Equal(t, 1, r.status)
	require.Regexp(t, `^bad\.go:7:\d+: .*m`, r.stderr)
}

func TestErrorCapAndFormat(t *testing.T) {
	var src strings.Builder
	src.WriteString("package many\n\nimport \"github.com/lmsgen/lmsgen/stage\"\n\n")
	for i := 0; i < 12; i++ {
		src.WriteString("//lms:gen F" + string(rune('A'+i)) + " nosuch=1\n")
	}
	src.WriteString("func F(x stage.Int) stage.Int { return x }\n")
	dir := module(t, map[string]string{"many/many.go": src.String()})
	mdir := filepath.Join(dir, "many")
	r := lmsgen(t, mdir)
	require.Equal(t, 1, r.status)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	require.Len(t, lines, 11, r.stderr)
	pos := regexp.MustCompile(`^many\.go:\d+:\d+: `)
	for _, l := range lines[:10] {
		require.Regexp(t, pos, l)
	}
	require.Contains(t, lines[10], "-e")
	r = lmsgen(t, mdir, "-e")
	require.Len(t, strings.Split(strings.TrimSpace(r.stderr), "\n"), 12, r.stderr)
	require.NotContains(t, r.stderr, "goroutine", "no Go stack trace")
}

func TestErrorLeavesOutputUnchanged(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	require.Equal(t, 0, lmsgen(t, kdir).status)
	out := filepath.Join(kdir, "kernels_lms.go")
	before := read(t, out)
	stat, err := os.Stat(out)
	require.NoError(t, err)
	broken := strings.Replace(powerSrc, "//lms:gen Pow10 n=10", "//lms:gen Pow10 n=\"ten\"", 1)
	require.NoError(t, os.WriteFile(filepath.Join(kdir, "kernels.go"), []byte(broken), 0o644))
	r := lmsgen(t, kdir)
	require.Equal(t, 1, r.status)
	require.Equal(t, before, read(t, out))
	stat2, err := os.Stat(out)
	require.NoError(t, err)
	require.Equal(t, stat.ModTime(), stat2.ModTime())
	entries, err := os.ReadDir(kdir)
	require.NoError(t, err)
	for _, e := range entries {
		require.False(t, strings.HasPrefix(e.Name(), "."), "temporary file %s left behind", e.Name())
	}
}

func TestMissingOutputWithCallers(t *testing.T) {
	// Another file of the package already calls the generated functions,
	// and the generated file does not exist yet (or is stale).
	caller := "package kernels\n\n// Both calls need the generated file.\nfunc Both(x float64) float64 { return Cube(x) + Pow10(x) }\n"
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc, "kernels/use.go": caller})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir)
	require.Equal(t, 0, r.status, r.stderr)
	goCmd(t, dir, "build", "./...")
	// A stale output (an old signature) does not get in the way either.
	require.NoError(t, os.WriteFile(filepath.Join(kdir, "kernels_lms.go"), []byte("// Code generated by lmsgen. DO NOT EDIT.\n\npackage kernels\n\nfunc Cube(s string) {}\n"), 0o644))
	r = lmsgen(t, kdir)
	require.Equal(t, 0, r.status, r.stderr)
	goCmd(t, dir, "build", "./...")
}

func TestStagingTaggedFiles(t *testing.T) {
	staging := "//go:build lmsgen\n\n" + powerSrc
	dir := module(t, map[string]string{"kernels/staging.go": staging, "main.go": strings.Replace(powerMain, ", kernels.SumAll([]float64{1, 2, 3.5})", "", 1)})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir)
	require.Equal(t, 0, r.status, r.stderr)
	src := read(t, filepath.Join(kdir, "kernels_lms.go"))
	require.Contains(t, src, "//go:build !lmsgen")
	checkGenerated(t, filepath.Join(kdir, "kernels_lms.go"))
	require.Equal(t, "8 1024\n", goCmd(t, dir, "run", "."))
	// The differential test, built without the tag, could not call the
	// staging functions: -test says so at each directive and writes
	// nothing.
	r = lmsgen(t, kdir, "-test")
	require.Equal(t, 1, r.status, r.stderr)
	require.Regexp(t, `staging\.go:\d+:\d+: Cube: -test cannot test it: its staging function is in a file built only with the lmsgen tag`, r.stderr)
	_, err := os.Stat(filepath.Join(kdir, "kernels_lms_test.go"))
	require.True(t, os.IsNotExist(err), "no test file on error")
}

func TestTestFlag(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-test")
	require.Equal(t, 0, r.status, r.stderr)
	checkGenerated(t, filepath.Join(kdir, "kernels_lms_test.go"))
	out := goCmd(t, kdir, "test", "-v", "-run", "TestLMS", ".")
	require.Contains(t, out, "lms: Cube tried=500 mismatches=0")
	require.Contains(t, out, "lms: SumAll tried=500 mismatches=0")
}

func TestDump(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-dump=ir", "-run", "Cube")
	require.Equal(t, 0, r.status, r.stderr)
	require.Contains(t, r.stdout, "================ Block(List(x")
	require.Regexp(t, `x\d+ = \(\* x\d+ x\d+\)`, r.stdout)
	_, err := os.Stat(filepath.Join(kdir, "kernels_lms.go"))
	require.True(t, os.IsNotExist(err), "-dump writes no file")
	for _, d := range []string{"sched", "dot", "deps"} {
		r = lmsgen(t, kdir, "-dump="+d, "-run", "Cube")
		require.Equal(t, 0, r.status, r.stderr)
		require.NotEmpty(t, r.stdout)
	}
	r = lmsgen(t, kdir, "-dump=ir", "-run", "Nope")
	require.Equal(t, 1, r.status)
}

func TestVerbose(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	r := lmsgen(t, filepath.Join(dir, "kernels"), "-v")
	require.Equal(t, 0, r.status, r.stderr)
	require.Contains(t, r.stderr, "evaluate")
	require.Contains(t, r.stderr, "schedule Cube")
}

func TestLangC(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-lang=go,c", "-test")
	require.Equal(t, 0, r.status, r.stderr)
	for _, f := range []string{"lmsc/kernels_lms.c", "lmsc/kernels_lms.h", "lmsc/kernels_lms.go", "lmsc/kernels_lms_test.go"} {
		src := read(t, filepath.Join(kdir, f))
		require.True(t, strings.HasPrefix(src, "// Code generated by lmsgen. DO NOT EDIT."), f)
	}
	checkGenerated(t, filepath.Join(kdir, "lmsc", "kernels_lms.go"))
	goCmd(t, dir, "vet", "./...")
	// The bridge agrees with the Go specializations on random inputs.
	out := goCmd(t, filepath.Join(kdir, "lmsc"), "test", "-v", "-run", "TestLMS", ".")
	require.Contains(t, out, "lms: Cube tried=500 mismatches=0")
	require.Contains(t, out, "lms: SumAll tried=500 mismatches=0")
	// -lang=c alone writes only the C sub-package.
	os.RemoveAll(filepath.Join(kdir, "lmsc"))
	os.Remove(filepath.Join(kdir, "kernels_lms.go"))
	os.Remove(filepath.Join(kdir, "kernels_lms_test.go"))
	r = lmsgen(t, kdir, "-lang=c")
	require.Equal(t, 0, r.status, r.stderr)
	_, err := os.Stat(filepath.Join(kdir, "lmsc", "kernels_lms.c"))
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(kdir, "kernels_lms.go"))
	require.True(t, os.IsNotExist(err))
}

func TestCompare(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := module(t, map[string]string{"kernels/kernels.go": powerSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "compare", "-lang=go,c")
	require.Equal(t, 0, r.status, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 4, r.stdout) // header and one row per specialization
	require.Regexp(t, `specialization\s+inputs\s+mismatches\s+native ns/op\s+Go ns/op\s+C ns/op\s+C/Go`, lines[0])
	require.Regexp(t, `Cube\s+500\+500\s+0\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+`, r.stdout)
	r = lmsgen(t, kdir, "compare", "-json")
	require.Equal(t, 0, r.status, r.stderr)
	require.Contains(t, r.stdout, `"name": "Pow10"`)
	require.Contains(t, r.stdout, `"mismatches": 0`)
}

const sigSrc = `package geom

import "github.com/lmsgen/lmsgen/stage"

// Point is a record of Reps.
type Point struct {
	X, Y stage.Float64
}

// Path holds a slice of Reps.
type Path struct {
	Xs  []stage.Float64
	Len stage.Int
	Tag stage.String
}

// Seg nests records.
type Seg struct {
	A, B Point
}

//lms:gen Mid
func mid(s Seg) (Point, Seg) {
	m := Point{X: (s.A.X + s.B.X) / 2, Y: (s.A.Y + s.B.Y) / 2}
	return m, Seg{A: s.A, B: m}
}

//lms:gen Norm1
func norm1(p Point) stage.Float64 {
	return stage.Abs(p.X) + stage.Abs(p.Y)
}

//lms:gen Scale3 k=3
func scale(p Point, k float64) (Point, stage.Bool) {
	q := Point{X: p.X * stage.Float64(k), Y: p.Y * stage.Float64(k)}
	return q, q.X > q.Y
}

// shift adds d to every x, in place, and appends the total.
//
//lms:gen Shift
func shift(p Path, d stage.Float64) Path {
	t := stage.Float64(0)
	for i := range p.Xs {
		p.Xs[i] += d
		t += p.Xs[i]
	}
	p.Xs = append(p.Xs, t)
	p.Len = stage.Int(len(p.Xs))
	p.Tag += "+"
	return p
}

var Unit = Point{X: 1, Y: -1}

//lms:gen DotUnit p=Unit
//lms:gen Dot
func (p Point) Dot(q Point) stage.Float64 {
	return p.X*q.X + p.Y*q.Y
}

//lms:gen SumF64 T=stage.Float64
//lms:gen SumI16 T=stage.Int16
func Sum[T stage.Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

// Corners is an array of structs.
type Corners [2]Point

//lms:gen Box
func box(c Corners, zs [3]stage.Int16) ([2]stage.Float64, Corners) {
	w := c[1].X - c[0].X
	h := c[1].Y - c[0].Y
	c[0].X += stage.Float64(zs[0] + zs[1]*zs[2])
	return [2]stage.Float64{w, h}, c
}
`

func TestSignatures(t *testing.T) {
	dir := module(t, map[string]string{"geom/geom.go": sigSrc})
	gdir := filepath.Join(dir, "geom")
	args, hasC := testFlags()
	r := lmsgen(t, gdir, args...)
	require.Equal(t, 0, r.status, r.stderr)
	checkGenerated(t, filepath.Join(gdir, "geom_lms.go"))
	src := read(t, filepath.Join(gdir, "geom_lms.go"))
	for _, want := range []string{
		"func Norm1(p Point) float64 {",
		"func Mid(s Seg) (Point, Seg) {",
		"func Scale3(p Point) (Point, bool) {",
		"func Shift(p Path, d float64) Path {",
		"func DotUnit(q Point) float64 {",
		"func Dot(p, q Point) float64 {",
		"func SumF64(xs []float64) float64 {",
		"func SumI16(xs []int16) int16 {",
		"func Box(c Corners, zs [3]stage.Int16) ([2]stage.Float64, Corners) {",
	} {
		require.Contains(t, src, want)
	}
	goCmd(t, dir, "vet", "./...")
	out := goCmd(t, gdir, "test", "-v", "-run", "TestLMS", ".")
	for _, name := range []string{"Mid", "Norm1", "Scale3", "Shift", "DotUnit", "Dot", "SumF64", "SumI16", "Box"} {
		require.Contains(t, out, "lms: "+name+" tried=500 mismatches=0")
	}
	if !hasC {
		t.Log("no C compiler: the C bridge is not tested")
		return
	}
	bridge := read(t, filepath.Join(gdir, "lmsc", "geom_lms.go"))
	require.Contains(t, bridge, "func Shift(p geom.Path, d float64) geom.Path {")
	require.Contains(t, bridge, "func Box(c geom.Corners, zs [3]stage.Int16) ([2]stage.Float64, geom.Corners) {")
	out = goCmd(t, filepath.Join(gdir, "lmsc"), "test", "-v", "-run", "TestLMS", ".")
	for _, name := range []string{"Mid", "Norm1", "Scale3", "Shift", "DotUnit", "Dot", "SumF64", "SumI16", "Box"} {
		require.Regexp(t, "lms: "+name+" tried=[0-9]+ mismatches=0", out)
	}
}

func TestSignatureErrors(t *testing.T) {
	dir := module(t, map[string]string{"geom/geom.go": `package geom

import "github.com/lmsgen/lmsgen/stage"

type point struct{ x, y stage.Float64 }

//lms:gen Norm
func norm(p point) stage.Float64 { return p.x + p.y }
`})
	gdir := filepath.Join(dir, "geom")
	// Go output reaches unexported fields; the C bridge cannot.
	r := lmsgen(t, gdir, "-test")
	require.Equal(t, 0, r.status, r.stderr)
	require.Contains(t, read(t, filepath.Join(gdir, "geom_lms.go")), "func Norm(p point) float64 {")
	require.Contains(t, goCmd(t, gdir, "test", "-v", "-run", "TestLMS", "."), "lms: Norm tried=500 mismatches=0")
	if _, err := exec.LookPath("gcc"); err != nil {
		return
	}
	r = lmsgen(t, gdir, "-lang=go,c")
	require.Equal(t, 1, r.status)
	require.Regexp(t, `geom.go:7:1: Norm: field x of struct type point is not exported: the cgo bridge`, r.stderr)
}

const slicesSrc = `package kernels

import "github.com/lmsgen/lmsgen/stage"

// Upper returns s with ASCII letters in upper case: a slice result of a
// stage type.
//
//lms:gen Upper
func upper(s []stage.Byte) []stage.Byte {
	out := make([]stage.Byte, len(s))
	for i := stage.Int(0); i < stage.Int(len(s)); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 32
		}
		out[i] = c
	}
	return out
}

// IsNil tells a nil slice from an empty one.
//
//lms:gen IsNil
func isNil(s []stage.Int) stage.Bool {
	return s == nil
}
`

// TestTestSliceResults: the generated tests compile and pass for results
// that are slices of stage types, and tell nil slices from empty ones, in
// Go and in C.
func TestTestSliceResults(t *testing.T) {
	dir := module(t, map[string]string{"kernels/kernels.go": slicesSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-lang=go,c", "-test")
	require.Equal(t, 0, r.status, r.stderr)
	goCmd(t, kdir, "vet", "./...")
	out := goCmd(t, kdir, "test", "-v", "-run", "TestLMS", "./...")
	require.Contains(t, out, "lms: Upper tried=500 mismatches=0")
	require.Contains(t, out, "lms: IsNil tried=500 mismatches=0")
}
