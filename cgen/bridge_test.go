package cgen_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
	"github.com/lmsgen/lmsgen/sched"
)

// TestBridgeRandom builds a module with the Go specializations of a set of
// cases (gogen) in package kern and their C versions in kern/lmsc (File
// and Bridge; and in kern/lmscnb without bounds checks, Options.NoBounds),
// and a program that calls them with the same random
// arguments (integers of every width with their edge values, floats with
// NaN, infinities and -0, strings, slices with spare capacity, nil) and
// compares the results, the slices the calls modify in place, and whether
// slice results alias the arguments. Arguments for which the Go version
// panics are skipped: the C version would exit the process (or, without
// bounds checks, read out of bounds).
func TestBridgeRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	t.Parallel()
	cases := bridgeCases()
	for _, name := range []string{"Sign", "Clamp", "Grade", "Find", "BubbleSort", "Accumulate32", "AddK", "Counter",
		"SumSquares", "Fib", "EvenOdd", "Ackermann"} {
		if c, ok := corpus.Lookup(name); ok {
			cases = append(cases, c)
		}
	}
	gen := generate(t, "kern", cases, pipeline.Config{Go: true, C: true})
	goSrc, out := gen.goSrc, gen.c
	// Another prefix for the C names: both C files are linked together.
	noBounds := generate(t, "kernnb", cases, pipeline.Config{C: true, NoBounds: true, CDir: "lmscnb"}).c
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"go.mod": []byte("module bridgerun\n\ngo 1.26\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\n" +
			"replace github.com/lmsgen/lmsgen => " + root + "\n"),
		"kern/kern_lms.go": goSrc,
		"main.go":          []byte(randomMain(t, cases, gen.funcs)),
	})
	writeC(t, dir, "kern/lmsc", "kern", out)
	writeC(t, dir, "kern/lmscnb", "kernnb", noBounds)
	if err := goCmd(dir, "", "build", "-o", "prog", "."); err != nil {
		t.Fatal(err)
	}
	// The bridge, as checked in beside the user's code, must be vet-clean.
	if err := goCmd(dir, "", "vet", "./kern/lmsc"); err != nil {
		t.Error(err)
	}
	r := runProg(t, filepath.Join(dir, "prog"))
	if r.code != 0 || !strings.HasSuffix(r.stdout, "ok\n") {
		t.Errorf("exit status %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	t.Logf("%s", r.stdout)
}

// bridgeCases are functions without output for the random comparison.
func bridgeCases() []corpus.Case {
	var cs []corpus.Case
	for _, t := range []*ir.Type{ir.Int, ir.Int8, ir.Int16, ir.Int32, ir.Int64, ir.Uint, ir.Uint8, ir.Uint16, ir.Uint32, ir.Uint64, ir.Uintptr} {
		cs = append(cs, corpus.Case{
			Name: "IntOps" + strings.ToUpper(t.String()[:1]) + t.String()[1:],
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(t, t, ir.Uint8, ir.Int8), func(p []ir.Exp) ir.Exp {
					x, y, s, c := p[0], p[1], p[2], p[3]
					var rs []ir.Exp
					for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpAndNot} {
						rs = append(rs, b.Binary(op, x, y))
					}
					rs = append(rs, b.Binary(ir.OpShl, x, s), b.Binary(ir.OpShr, x, s), b.Unary(ir.OpNeg, x), b.Unary(ir.OpCom, y),
						b.cmp(ir.OpLt, x, y), b.cmp(ir.OpGe, x, y), b.Convert(ir.Int8, x), b.Convert(ir.Uint32, x),
						b.Convert(ir.Float64, x), b.Convert(ir.Float32, x))
					shifted := b.If(b.cmp(ir.OpGe, c, b.k(ir.Int8, int8(0))), t,
						func() ir.Exp { return b.Binary(ir.OpShr, x, c) },
						func() ir.Exp { return b.Binary(ir.OpShl, x, b.Unary(ir.OpNeg, c)) })
					return b.Tuple(append(rs, shifted)...)
				})
			},
		})
	}
	for _, t := range []*ir.Type{ir.Float32, ir.Float64} {
		cs = append(cs, corpus.Case{
			Name: "FloatOps" + t.String()[5:],
			Build: func() *ir.Graph {
				b := nb()
				return b.Build(ts(t, t), func(p []ir.Exp) ir.Exp {
					x, y := p[0], p[1]
					var rs []ir.Exp
					for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv} {
						rs = append(rs, b.Binary(op, x, y))
					}
					rs = append(rs, b.Unary(ir.OpNeg, x), b.cmp(ir.OpLt, x, y), b.cmp(ir.OpEq, x, y), b.cmp(ir.OpNe, x, y),
						b.Convert(ir.Int64, x), b.Convert(ir.Uint8, x), b.Convert(ir.Uint64, x), b.Convert(ir.Int32, y),
						b.Convert(ir.Float32, x), b.Convert(ir.Float64, x), b.mul(b.add(x, y), b.sub(x, y)))
					return b.Tuple(rs...)
				})
			},
		})
	}
	f64 := ir.SliceOf(ir.Float64)
	cs = append(cs,
		corpus.Case{Name: "Scale", Build: func() *ir.Graph {
			b := nb()
			return b.Build(ts(f64, ir.Float64), func(p []ir.Exp) ir.Exp {
				b.params(p, "xs", "k")
				i := b.NewVar(b.i(0))
				b.While(func() ir.Exp { return b.cmp(ir.OpLt, b.ReadVar(i), b.Len(p[0])) }, func() {
					b.SetIndex(p[0], b.ReadVar(i), b.mul(b.Index(p[0], b.ReadVar(i)), p[1]))
					b.WriteVar(i, b.add(b.ReadVar(i), b.i(1)))
				})
				return b.Unit()
			})
		}},
		corpus.Case{Name: "AppendSquares", Build: func() *ir.Graph {
			b := nb()
			return b.Build(ts(ints, ir.Int8), func(p []ir.Exp) ir.Exp {
				b.params(p, "xs", "n")
				s := b.NewVar(p[0])
				i := b.NewVar(b.k(ir.Int8, int8(0)))
				b.While(func() ir.Exp { return b.cmp(ir.OpLt, b.ReadVar(i), p[1]) }, func() {
					v := b.Convert(ir.Int, b.ReadVar(i))
					b.WriteVar(s, b.Append(b.ReadVar(s), b.mul(v, v)))
					b.WriteVar(i, b.add(b.ReadVar(i), b.k(ir.Int8, int8(1))))
				})
				return b.ReadVar(s)
			})
		}},
		corpus.Case{Name: "Window", Build: func() *ir.Graph {
			b := nb()
			i32s := ir.SliceOf(ir.Int32)
			return b.Build(ts(i32s, ir.Int, ir.Int, i32s), func(p []ir.Exp) ir.Exp {
				b.params(p, "xs", "lo", "hi", "ys")
				w := b.SubSlice(p[0], p[1], p[2])
				n := b.Copy(w, p[3])
				return b.Tuple(w, n, b.AppendSlice(p[3], w))
			})
		}},
		corpus.Case{Name: "StrOps", Build: func() *ir.Graph {
			b := nb()
			return b.Build(ts(ir.String, ir.String, ir.Int), func(p []ir.Exp) ir.Exp {
				b.params(p, "s", "t", "i")
				s, u, i := p[0], p[1], p[2]
				return b.Tuple(b.Concat(s, u), b.StrLen(s), b.cmp(ir.OpLt, s, u), b.cmp(ir.OpEq, s, u),
					b.Convert(ir.String, i), b.StrIndex(s, b.Binary(ir.OpAnd, i, b.i(3))), b.StrSlice(u, b.i(0), b.Binary(ir.OpAnd, i, b.i(1))))
			})
		}},
		corpus.Case{Name: "CplxOps", Build: func() *ir.Graph {
			b := nb()
			return b.Build(ts(ir.Complex128, ir.Complex128, ir.Complex64), func(p []ir.Exp) ir.Exp {
				x, y, z := p[0], p[1], p[2]
				return b.Tuple(b.mul(x, y), b.Binary(ir.OpDiv, x, y), b.Binary(ir.OpDiv, z, z), b.Real(x), b.cmp(ir.OpEq, x, y),
					b.Convert(ir.Complex64, x), b.sub(b.Convert(ir.Complex128, z), y))
			})
		}},
		corpus.Case{Name: "Logic", Build: func() *ir.Graph {
			b := nb()
			return b.Build(ts(ir.Bool, ir.Bool, ir.Int), func(p []ir.Exp) ir.Exp {
				x, y := p[0], p[1]
				pos := b.cmp(ir.OpGt, p[2], b.i(0))
				return b.Tuple(b.Binary(ir.OpAnd, x, pos), b.Binary(ir.OpOr, y, pos), b.Binary(ir.OpXor, x, y),
					b.Binary(ir.OpAndNot, x, y), b.Unary(ir.OpNot, b.Binary(ir.OpAnd, x, y)))
			})
		}},
	)
	return cs
}

// randomMain returns the program of TestBridgeRandom: for each case, a
// loop that draws arguments, calls the Go and the C version and compares.
func randomMain(t *testing.T, cases []corpus.Case, funcs []*sched.Func) string {
	t.Helper()
	var sb strings.Builder
	sb.WriteString(randomPrelude)
	var calls []string
	for i, c := range cases {
		g := funcs[i].Schedule.Graph()
		var params []*ir.Type
		for _, s := range g.Block.In {
			params = append(params, g.TypeOf(s.E()))
		}
		results := g.TypeOf(g.Block.Res).Values()
		calls = append(calls, "test"+c.Name)
		fmt.Fprintf(&sb, "\nfunc test%s(r *rand.Rand) (bad, ran int) {\n\tfor it := 0; it < 400; it++ {\n", c.Name)
		var goArgs, cArgs, argNames, checks []string
		for k, p := range params {
			a := fmt.Sprintf("a%d", k)
			expr := randExpr(p)
			if n := smallInts[c.Name]; n > 0 && p.IsInteger() {
				expr = fmt.Sprintf("%s(r.IntN(%d))", p, n) // a size: recursion depth, loop count
			}
			fmt.Fprintf(&sb, "\t\t%s := %s\n", a, expr)
			argNames = append(argNames, a)
			if p.Kind == ir.KSlice {
				fmt.Fprintf(&sb, "\t\tg%d := clone(%s)\n", k, a)
				goArgs = append(goArgs, fmt.Sprintf("g%d", k))
				cArgs = append(cArgs, fmt.Sprintf("c%d", k))
				checks = append(checks, fmt.Sprintf("same(g%d, c%d)", k, k))
			} else {
				goArgs = append(goArgs, a)
				cArgs = append(cArgs, a)
			}
		}
		var gr, cr []string
		for k, res := range results {
			gr = append(gr, fmt.Sprintf("gr%d", k))
			cr = append(cr, fmt.Sprintf("cr%d", k))
			checks = append(checks, fmt.Sprintf("same(gr%d, cr%d)", k, k))
			if res.Kind == ir.KSlice {
				checks = append(checks, fmt.Sprintf("cap(gr%d) == cap(cr%d)", k, k))
				for j, p := range params {
					if p == res {
						checks = append(checks, fmt.Sprintf("overlaps(gr%d, g%d) == overlaps(cr%d, c%d)", k, j, k, j))
					}
				}
			}
		}
		var decl string
		if len(results) > 0 {
			var typed []string
			for k, res := range results {
				typed = append(typed, fmt.Sprintf("gr%d %s", k, res))
			}
			decl = "var " + strings.Join(typed, "; var ") + "\n\t\t"
		}
		assign := ""
		if len(results) > 0 {
			assign = strings.Join(gr, ", ") + " = "
		}
		fmt.Fprintf(&sb, "\t\t%sif panics(func() { %skern.%s(%s) }) {\n\t\t\tcontinue\n\t\t}\n", decl, assign, c.Name, strings.Join(goArgs, ", "))
		if len(checks) == 0 {
			checks = []string{"true"}
		}
		cassign := ""
		if len(results) > 0 {
			cassign = strings.Join(cr, ", ") + " := "
		}
		// The C version with bounds checks, then without, on fresh copies.
		sb.WriteString("\t\tran++\n")
		for _, pkg := range []string{"lmsc", "lmscnb"} {
			sb.WriteString("\t\t{\n")
			for k, p := range params {
				if p.Kind == ir.KSlice {
					fmt.Fprintf(&sb, "\t\t\tc%d := clone(a%d)\n", k, k)
				}
			}
			fmt.Fprintf(&sb, "\t\t\t%s%s.%s(%s)\n", cassign, pkg, c.Name, strings.Join(cArgs, ", "))
			fmt.Fprintf(&sb, "\t\t\tif !(%s) {\n\t\t\t\tbad++\n\t\t\t\tif bad <= 3 {\n", strings.Join(checks, " && "))
			fmt.Fprintf(&sb, "\t\t\t\t\tfmt.Printf(\"%s.%s%%v:\\n  Go %%v\\n  C  %%v\\n\", []any{%s}, []any{%s}, []any{%s})\n",
				pkg, c.Name, strings.Join(argNames, ", "), strings.Join(append(gr, goArgs...), ", "), strings.Join(append(cr, cArgs...), ", "))
			sb.WriteString("\t\t\t\t}\n\t\t\t}\n\t\t}\n")
		}
		sb.WriteString("\t}\n\treturn bad, ran\n}\n")
	}
	sb.WriteString("\nvar tests = map[string]func(*rand.Rand) (int, int){\n")
	for _, c := range calls {
		fmt.Fprintf(&sb, "\t%q: %s,\n", strings.TrimPrefix(c, "test"), c)
	}
	sb.WriteString("}\n\nvar order = []string{\n")
	for _, c := range calls {
		fmt.Fprintf(&sb, "\t%q,\n", strings.TrimPrefix(c, "test"))
	}
	sb.WriteString("}\n")
	return sb.String()
}

// smallInts names the cases whose integer arguments are sizes, and the
// bound they are drawn below.
var smallInts = map[string]int{"Fib": 11, "EvenOdd": 11, "Ackermann": 4, "Counter": 11, "Accumulate32": 11,
	"Window": 11, "StrOps": 11}

// randExpr returns the Go expression that draws a value of type t.
func randExpr(t *ir.Type) string {
	if t.Kind == ir.KSlice {
		return fmt.Sprintf("randSlice(r, func() %s { return %s })", t.Elem, randExpr(t.Elem))
	}
	switch {
	case t.IsInteger():
		return fmt.Sprintf("%s(randInt(r, %d, %v))", t, t.Bits(), !t.IsUnsigned())
	case t.Kind == ir.KFloat64:
		return "randFloat(r)"
	case t.Kind == ir.KFloat32:
		return "float32(randFloat(r))"
	case t.Kind == ir.KComplex128:
		return "complex(randFloat(r), randFloat(r))"
	case t.Kind == ir.KComplex64:
		return "complex(float32(randFloat(r)), float32(randFloat(r)))"
	case t.Kind == ir.KBool:
		return "r.IntN(2) == 1"
	case t.Kind == ir.KString:
		return "randString(r)"
	}
	panic("no random " + t.String())
}

const randomPrelude = `// Code generated by TestBridgeRandom. DO NOT EDIT.

package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"unsafe"

	"bridgerun/kern"
	"bridgerun/kern/lmsc"
	"bridgerun/kern/lmscnb"
)

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	total := 0
	for _, name := range order {
		bad, ran := tests[name](r)
		fmt.Printf("%s: %d calls compared, %d mismatches\n", name, ran, bad)
		total += bad
		if ran == 0 {
			fmt.Printf("%s: no argument was accepted by the Go version\n", name)
			total++
		}
	}
	if total > 0 {
		os.Exit(1)
	}
	fmt.Println("ok")
}

// randInt draws an integer of the given width: an edge value half of the
// time, random bits otherwise.
func randInt(r *rand.Rand, bits int, signed bool) uint64 {
	var edges []int64
	if signed {
		lo, hi := int64(-1)<<(bits-1), int64(uint64(1)<<(bits-1)-1)
		edges = []int64{0, 1, -1, 2, lo, hi, lo + 1, hi - 1, 7, -7}
	} else {
		edges = []int64{0, 1, 2, -1, -2, 7, 1 << (bits - 1)}
	}
	if r.IntN(2) == 0 {
		return uint64(edges[r.IntN(len(edges))])
	}
	return r.Uint64() >> r.IntN(64)
}

func randFloat(r *rand.Rand) float64 {
	edges := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat64,
		5e-324, 1e300, -1e-300, 0.1, 3, 2.5, -2.5, 1 << 62, 1 << 63, -(1 << 63), 4294967296.5, 255.9, 1e10}
	switch r.IntN(4) {
	case 0:
		return edges[r.IntN(len(edges))]
	case 1:
		return math.Float64frombits(r.Uint64())
	}
	return r.NormFloat64() * math.Pow(10, float64(r.IntN(20)-5))
}

func randString(r *rand.Rand) string {
	set := []string{"", "a", "ab", "héllo", "\xff\xfe", "abc\x00d", "zz", "日本"}
	if r.IntN(2) == 0 {
		return set[r.IntN(len(set))]
	}
	b := make([]byte, r.IntN(8))
	for i := range b {
		b[i] = byte('a' + r.IntN(4))
	}
	return string(b)
}

// randSlice draws a slice: nil, empty, or with up to 6 elements and some
// spare capacity.
func randSlice[T any](r *rand.Rand, elem func() T) []T {
	switch r.IntN(8) {
	case 0:
		return nil
	case 1:
		return []T{}
	}
	n := r.IntN(7)
	s := make([]T, n, n+r.IntN(4))
	for i := range s {
		s[i] = elem()
	}
	return s
}

// clone copies s with its capacity (nil stays nil).
func clone[T any](s []T) []T {
	if s == nil {
		return nil
	}
	c := make([]T, len(s), cap(s))
	copy(c, s)
	return c
}

// panics reports whether f panics.
func panics(f func()) (p bool) {
	defer func() {
		if recover() != nil {
			p = true
		}
	}()
	f()
	return false
}

// same compares two values of one type: floats by bits (any NaN equals
// any NaN), slices element by element (nil equals nil only).
func same(a, b any) bool {
	return sameValue(reflect.ValueOf(a), reflect.ValueOf(b))
}

func sameValue(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return math.IsNaN(x) && math.IsNaN(y) || math.Float64bits(x) == math.Float64bits(y)
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return sameValue(reflect.ValueOf(real(x)), reflect.ValueOf(real(y))) && sameValue(reflect.ValueOf(imag(x)), reflect.ValueOf(imag(y)))
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !sameValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	}
	return a.Interface() == b.Interface()
}

// overlaps reports whether the arrays of a and b overlap.
func overlaps[T any](a, b []T) bool {
	if cap(a) == 0 || cap(b) == 0 {
		return false
	}
	size := unsafe.Sizeof(*new(T))
	pa, pb := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return pa < pb+uintptr(cap(b))*size && pb < pa+uintptr(cap(a))*size
}
`
