package corpus

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file holds the deep cases: single expressions far deeper than the
// emitters write in one statement (gogen splits them into statements of
// at most 64 nodes), in floats, where the order of the operations decides
// every bit of the result, and in integers that wrap and panic. Their
// expected output is computed by the same operations run natively, in
// the same order.

func deepCases() []Case {
	return []Case{deepSumCase(), deepHornerCase(), deepPanicCase()}
}

// deepTerms is the number of terms of the deep cases: three times the
// deepest expression gogen writes, few enough for C compilers to be quick.
const deepTerms = 200

// deepWeight is the weight of term i of DeepSum: not a power of two, so
// that every product and sum rounds.
func deepWeight(i int) float64 { return float64(i%13+1) / 7 }

// deepSumCase: func(x []float64) float64 returns x[0]·w_0 + x[1]·w_1 +
// ... + x[7]·w_199 (x[i%8]·w_i, i < deepTerms), summed left to right.
func deepSumCase() Case {
	inputs := [][]float64{
		{1, 2, 3, 4, 5, 6, 7, 8},
		{0.1, -1e16, 3.5, 1e16, -0.3, 2.25e-8, 1e300, -1e300},
	}
	var main, out strings.Builder
	for _, x := range inputs {
		fmt.Fprintf(&main, "fmt.Println(DeepSum(%#v))\n", x)
		s := x[0] * deepWeight(0)
		for i := 1; i < deepTerms; i++ {
			s = s + x[i%8]*deepWeight(i)
		}
		fmt.Fprintln(&out, s)
	}
	return Case{
		Name: "DeepSum",
		Sig:  "func(x []float64) float64",
		Build: func() *ir.Graph {
			b := newBld()
			return b.Build(ts(ir.SliceOf(ir.Float64)), func(p []ir.Exp) ir.Exp {
				b.params(p, "x")
				term := func(i int) ir.Exp { return b.mul(b.Index(p[0], b.i(i%8)), b.k(ir.Float64, deepWeight(i))) }
				s := term(0)
				for i := 1; i < deepTerms; i++ {
					s = b.add(s, term(i))
				}
				return s
			})
		},
		Main:   main.String(),
		Stdout: out.String(),
	}
}

// deepHornerCase: func(x float64, n int64) (float64, int64) evaluates two
// polynomials of degree deepTerms by Horner's rule, one in floats and one
// in integers (which wrap).
func deepHornerCase() Case {
	var main, out strings.Builder
	for _, a := range []struct {
		x float64
		n int64
	}{{0.5, 3}, {-1.25, -7}, {1.0001, 1 << 40}} {
		fmt.Fprintf(&main, "fmt.Println(DeepHorner(%v, %d))\n", a.x, a.n)
		s, m := 1.0, int64(1)
		for i := 0; i < deepTerms; i++ {
			s = s*a.x + deepWeight(i)
			m = m*a.n - int64(i%5) ^ a.n
		}
		fmt.Fprintln(&out, s, m)
	}
	return Case{
		Name: "DeepHorner",
		Sig:  "func(x float64, n int64) (float64, int64)",
		Build: func() *ir.Graph {
			b := newBld()
			return b.Build(ts(ir.Float64, ir.Int64), func(p []ir.Exp) ir.Exp {
				b.params(p, "x", "n")
				s, m := b.k(ir.Float64, 1.0), b.k(ir.Int64, int64(1))
				for i := 0; i < deepTerms; i++ {
					s = b.add(b.mul(s, p[0]), b.k(ir.Float64, deepWeight(i)))
					m = b.Binary(ir.OpXor, b.sub(b.mul(m, p[1]), b.k(ir.Int64, int64(i%5))), p[1])
				}
				return b.Tuple(s, m)
			})
		},
		Main:   main.String(),
		Stdout: out.String(),
	}
}

// deepPanicCase: func(s []int64, k int64) int64 returns s[0]·k + s[1]·k +
// ... + s[deepTerms-1]·k: with fewer elements, the first read past the end
// panics, after the sum of the reads before it.
func deepPanicCase() Case {
	ok := make([]int64, deepTerms)
	for i := range ok {
		ok[i] = int64(i*i) - 1000
	}
	k := int64(1) << 50
	var sum int64
	for _, v := range ok {
		sum += v * k
	}
	return Case{
		Name: "DeepPanic",
		Sig:  "func(s []int64, k int64) int64",
		Build: func() *ir.Graph {
			b := newBld()
			return b.Build(ts(ir.SliceOf(ir.Int64), ir.Int64), func(p []ir.Exp) ir.Exp {
				b.params(p, "s", "k")
				sum := b.mul(b.Index(p[0], b.i(0)), p[1])
				for i := 1; i < deepTerms; i++ {
					sum = b.add(sum, b.mul(b.Index(p[0], b.i(i)), p[1]))
				}
				return sum
			})
		},
		Main: fmt.Sprintf("s := make([]int64, %d)\nfor i := range s {\ns[i] = int64(i*i) - 1000\n}\n"+
			"fmt.Println(DeepPanic(s, %d))\nfmt.Println(DeepPanic(s[:%d], 1))", deepTerms, k, deepTerms-1),
		Stdout: fmt.Sprintln(sum),
		Stderr: fmt.Sprintf("panic: runtime error: index out of range [%d] with length %d\n", deepTerms-1, deepTerms-1),
		Exit:   2,
	}
}
