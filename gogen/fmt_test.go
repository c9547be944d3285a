package gogen

import (
	"bytes"
	"fmt"
	"go/format"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain makes every File of gogen's tests compare the direct
// formatter's output with go/format's (a difference panics).
func TestMain(m *testing.M) {
	checkFormat = true
	os.Exit(m.Run())
}

// sameAsGofmt checks that formatDirect gives go/format's bytes for src and
// returns how many bodies it formatted itself.
func sameAsGofmt(t *testing.T, src string) int {
	t.Helper()
	want, werr := format.Source([]byte(src))
	got, n, err := formatDirect([]byte(src))
	if (err != nil) != (werr != nil) {
		t.Fatalf("error %v, go/format's %v\n%s", err, werr, src)
	}
	if string(got) != string(want) {
		t.Fatalf("direct formatter differs from go/format: %s\nsource:\n%s\ngot:\n%s\nwant:\n%s", firstDiff(got, want, nil), src, got, want)
	}
	return n
}

func TestDirectFormat(t *testing.T) {
	for _, tc := range []struct {
		name   string
		src    string
		direct int // the bodies formatted directly
	}{
		{"spacing", `package p
func f(a, b, c int, x []int, s string) int {
y := a*b+c
z := x[a+1]+x[a*b+c]
w := g(a+b, c)+g(a*b)
v := x[a+1 : b]
v = x[a:b]
v = x[:b+1]
v = x[a+1:]
v = x[1:2:3]
q := -a - -b
q = a - (-b)
q = a/ *p
q = a & ^b
q = a &^ b
q = ^a
q = (a+b)*c
q = ((a))
ok := a < b && b < c || !(a == c)
u := T{1, a+b}
u2 := []int{1, 2, a*b+c}
u3 := T{re: a+b, im: -c}
u4 := map[string]int{"a": 1}
u5 := []T{{1, 2}, {3, a*b}}
u6 := f[int, string](a)
m := p.(*T)
n := math.Sqrt(float64(a)*2.5e3)+1e-3
a, b = b+1, a*2
a += b*c+1
a++
x[a+b]--
g(a, b...)
_ = s[1]
return a<<2|b>>1
}
`, 1},
		{"blocks", `package p

func f(n int) (int, error) {

	s := 0


	for i := 0; i < n; i++ {
		if i%2 == 0 {
			continue
		} else if x := i*3; x > n+1 {
			break
		} else {
			s += i
		}
	}
	for {
		break
	}
	for s < n*2 {
		s++
	}
	for i := range n {
		s += i
	}
	for range n {
	}
	for k, v := range m {
		s += k*v
	}
	for ; s < 3; {
		s++
	}
	var acc int8
	var t, u float64 = 1, 2
	var xs []float64
	_, _, _, _ = acc, t, u, xs
	if s > 10 {
	}
	return s, nil

}
func g() {}
`, 1},
		{"fallback", `package p

import "fmt"

func f(x int) int {
	// a comment
	return x
}

func g(x int) {
	select {
	default:
		fmt.Println(x)
	}
}

func h() struct{ x int } {
	return struct{ x int }{1}
}

func k(x int) int { return x+1 }

var t = [4]int{
	1, 2,
	3, 4,
}

type F func(int)

var u = T{
}

var v = func() int {
	return 1
}
`, 1},
		{"switch", `package p
func f(x, y int) int {
switch x+1 {
case 1,2 :
y++

case y*2+1:
default:
switch {
case x<y&&y>0:
return x-y
}
fallthrough
}
return y
}
`, 1},
		{"numbers", `package p
func f() {
a := 0X1F
b := 1E3
c := 2i
d := 0x1p-2
e := 0xe+1
_, _, _, _, _ = a, b, c, d, e
}
func g() { x := 0xe+1; _ = x }
`, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if n := sameAsGofmt(t, tc.src); n != tc.direct {
				t.Errorf("%d bodies formatted directly, want %d", n, tc.direct)
			}
		})
	}
}

// TestDirectFormatRandom formats random function bodies, written with
// jennifer's spacing or none, and compares with go/format.
func TestDirectFormatRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 1))
	direct := 0
	for i := range 3000 {
		g := &bodyGen{r: r}
		src := "package p\n\nfunc f() {\n" + g.body(3) + "}\n"
		n := sameAsGofmt(t, src)
		direct += n
		if t.Failed() {
			t.Fatalf("case %d", i)
		}
	}
	if direct < 2000 {
		t.Errorf("only %d of 3000 bodies formatted directly", direct)
	}
}

// bodyGen writes random statements of the shapes gogen writes.
type bodyGen struct {
	r     *rand.Rand
	depth int
}

func (g *bodyGen) pick(s ...string) string { return s[g.r.IntN(len(s))] }

func (g *bodyGen) sp() string { return g.pick(" ", "", " ") }

func (g *bodyGen) body(n int) string {
	var b strings.Builder
	for range 1 + g.r.IntN(n) {
		if g.r.IntN(6) == 0 {
			b.WriteString("\n")
		}
		b.WriteString(g.stmt())
	}
	return b.String()
}

func (g *bodyGen) stmt() string {
	if g.depth < 2 {
		switch g.r.IntN(12) {
		case 0:
			g.depth++
			s := "if " + g.expr(2, false) + " {\n" + g.body(3)
			if g.r.IntN(2) == 0 {
				s += "} else if " + g.expr(2, false) + " {\n" + g.body(2)
			}
			if g.r.IntN(2) == 0 {
				s += "} else {\n" + g.body(2)
			}
			g.depth--
			return s + "}\n"
		case 1:
			g.depth++
			var h string
			switch g.r.IntN(4) {
			case 0:
				h = "for i := 0; " + g.expr(2, false) + "; i++"
			case 1:
				h = "for " + g.expr(2, false)
			case 2:
				h = "for k, v := range " + g.primary(1, false)
			default:
				h = "for"
			}
			s := h + " {\n" + g.body(3)
			g.depth--
			return s + "}\n"
		case 2:
			g.depth++
			s := "switch " + g.pick("", g.expr(2, false)+" ") + "{\n"
			for range g.r.IntN(4) {
				if g.r.IntN(6) == 0 {
					s += "\n"
				}
				s += "case " + g.expr(2, true)
				if g.r.IntN(2) == 0 {
					s += "," + g.sp() + g.expr(2, true)
				}
				s += g.sp() + ":\n"
				if g.r.IntN(4) != 0 {
					s += g.body(2)
				}
			}
			if g.r.IntN(2) == 0 {
				s += "default" + g.sp() + ":\n" + g.body(2)
			}
			g.depth--
			return s + "}\n"
		}
	}
	switch g.r.IntN(8) {
	case 0:
		return "a, b = " + g.expr(3, true) + ", " + g.expr(3, true) + "\n"
	case 1:
		return "x " + g.pick("+=", "-=", "*=", "<<=", "&^=") + " " + g.expr(3, true) + "\n"
	case 2:
		return g.primary(2, true) + g.pick("++", "--") + "\n"
	case 3:
		return "g(" + g.expr(3, true) + ", " + g.expr(2, true) + ")\n"
	case 4:
		return "return " + g.expr(3, true) + "\n"
	case 5:
		return "var v " + g.pick("int", "[]float64", "map[string]int", "*T") + " = " + g.expr(2, true) + "\n"
	}
	return "y := " + g.expr(4, true) + "\n"
}

// expr writes an expression of at most depth levels; composite
// literals of named types only if lit (not in an if or for header).
func (g *bodyGen) expr(depth int, lit bool) string {
	if depth <= 0 {
		return g.leaf()
	}
	switch g.r.IntN(6) {
	case 0, 1, 2:
		op := g.pick("+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&^", "==", "!=", "<", "<=", ">", ">=", "&&", "||")
		return g.expr(depth-1, lit) + g.sp() + op + g.sp() + g.expr(depth-1, lit)
	case 3:
		return g.pick("-", "!", "^", "&", "*", "+") + g.pick(" ", "") + g.expr(depth-1, lit)
	}
	return g.primary(depth, lit)
}

func (g *bodyGen) leaf() string {
	return g.pick("a", "b", "x1", "1", "2.5", "1e-3", "0x1f", "'c'", `"s"`, "`raw`", "nil")
}

func (g *bodyGen) primary(depth int, lit bool) string {
	if depth <= 0 {
		return g.leaf()
	}
	switch g.r.IntN(9) {
	case 0:
		return "(" + g.expr(depth-1, true) + ")"
	case 1:
		return g.primary(depth-1, lit) + "[" + g.expr(depth-1, true) + "]"
	case 2:
		lo, hi := "", ""
		if g.r.IntN(3) > 0 {
			lo = g.expr(depth-1, true)
		}
		if g.r.IntN(3) > 0 {
			hi = g.expr(depth-1, true)
		}
		return g.primary(depth-1, lit) + "[" + lo + g.sp() + ":" + g.sp() + hi + "]"
	case 3:
		args := make([]string, g.r.IntN(3))
		for i := range args {
			args[i] = g.expr(depth-1, true)
		}
		return g.pick("f", "math.Sqrt", "float64") + "(" + strings.Join(args, ", ") + ")"
	case 4:
		return g.pick("a", "p", "(x1)", "f()") + ".f"
	case 5:
		elts := make([]string, g.r.IntN(3))
		for i := range elts {
			elts[i] = g.expr(depth-1, true)
			if g.r.IntN(3) == 0 {
				elts[i] = "k" + fmt.Sprint(i) + ":" + g.sp() + elts[i]
			}
		}
		if !lit {
			return "[]int{" + strings.Join(elts, ", ") + "}"
		}
		return g.pick("T", "[]int", "pkg.T", "[2]float64") + "{" + strings.Join(elts, ", ") + "}"
	}
	return g.leaf()
}

// TestDirectFormatExamples formats the generated files checked in under
// examples/ (gofmt's output, which gofmt leaves as it is) and expects
// them back byte for byte, most bodies formatted directly.
func TestDirectFormatExamples(t *testing.T) {
	files, err := filepath.Glob("../examples/*/*_lms*.go")
	if err != nil || len(files) < 5 {
		t.Fatalf("examples: %v, %v", files, err)
	}
	funcs, direct := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, n, err := formatDirect(src)
		if err != nil || !bytes.Equal(got, src) {
			t.Errorf("%s: formatted differently (%v): %s", f, err, firstDiff(got, src, nil))
		}
		funcs += bytes.Count(src, []byte("\nfunc "))
		direct += n
	}
	if direct < funcs*3/4 {
		t.Errorf("%d of %d function bodies formatted directly", direct, funcs)
	}
}
