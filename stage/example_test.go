package stage_test

import (
	"fmt"
	"math"

	"github.com/lmsgen/lmsgen/stage"
)

// Power returns b**n. With n static, lmsgen unrolls the recursion: the
// directives ask for Cube(b float64) float64, which computes b*b*b, and
// Pow10. Called directly it is an ordinary Go function.
//
//lms:gen Cube n=3
//lms:gen Pow10 n=10
func Power(b stage.Float64, n int) stage.Float64 {
	if n == 0 {
		return 1
	}
	return b * Power(b, n-1)
}

// A staging function called directly computes the unstaged result: the
// oracle the generated Cube and Pow10 are compared against.
func Example_power() {
	fmt.Println(Power(2, 3), Power(1.5, 2), Power(2, 10))
	// Output: 8 2.25 1024
}

// Loops with a static condition unroll; a loop whose induction variable is a
// Rep stays a loop. Both compute the same thing natively.
func Example_loops() {
	xs := []stage.Float64{1, 2, 3, 4}

	var unrolled stage.Float64
	for i := 0; i < 4; i++ { // four additions in the generated code
		unrolled += xs[i]
	}

	var looped stage.Float64
	for i := stage.Int(0); i < 4; i++ { // one loop in the generated code
		looped += xs[i]
	}
	fmt.Println(unrolled, looped)
	// Output: 10 10
}

// A recursion on a Rep must be a staged function, or lmsgen would unroll it
// forever. Declare the variable first so that the body can call itself.
func ExampleFun() {
	var fact func(n stage.Int) stage.Int
	fact = stage.Fun(func(n stage.Int) stage.Int {
		if n <= 1 {
			return 1
		}
		return n * fact(n-1)
	})
	fmt.Println(fact(5), fact(10))
	// Output: 120 3628800
}

// Fib is staged as a function of its own wherever it is called, because of
// the //lms:fun directive. Natively, the directive is just a comment.
//
//lms:fun
func Fib(n stage.Int) stage.Int {
	if n < 2 {
		return n
	}
	return Fib(n-1) + Fib(n-2)
}

func ExampleFun_directive() {
	fmt.Println(Fib(10))
	// Output: 55
}

// The math companions keep the argument's type: stage.Sqrt(x) instead of
// stage.Float64(math.Sqrt(float64(x))).
func ExampleSqrt() {
	dist := func(x, y stage.Float64) stage.Float64 { return stage.Sqrt(x*x + y*y) }
	var x32 stage.Float32 = 2
	fmt.Println(dist(3, 4), stage.Sqrt(x32), stage.Sqrt(stage.Float64(-1)))
	// Output: 5 1.4142135 NaN
}

// Min and Max follow Go's builtin min and max: NaN propagates, and -0 is
// less than +0.
func ExampleMin() {
	negZero := stage.Copysign(0, stage.Float64(-1))
	nan := stage.Float64(math.NaN())
	fmt.Println(stage.Min(negZero, 0), stage.Max(negZero, 0), stage.Min(stage.Float64(-1), nan))
	// Output: -0 0 NaN
}

// Dyn keeps a loop over a static bound from unrolling: the generated code
// holds one loop instead of n copies of its body. Natively it is the
// identity.
func ExampleDyn() {
	sumFirst := func(xs []stage.Float64, n int) stage.Float64 {
		var s stage.Float64
		for i := stage.Dyn(0); i < n; i++ {
			s += xs[i]
		}
		return s
	}
	fmt.Println(sumFirst([]stage.Float64{1, 2, 3, 4}, 3))
	// Output: 6
}

// Let names a value in the generated code; natively it is the identity.
func ExampleLet() {
	norm := func(x, y stage.Float64) (stage.Float64, stage.Float64) {
		r := stage.Let(stage.Hypot(x, y)) // computed once, into a local
		return x / r, y / r
	}
	fmt.Println(norm(3, 4))
	// Output: 0.6 0.8
}

// IsStatic chooses how to compute, never what: natively it reports false,
// and both branches give the same result.
func ExampleIsStatic() {
	ipow := func(b stage.Int, n int) stage.Int {
		r := stage.Int(1)
		if stage.IsStatic(n) {
			for ; n > 0; n >>= 1 { // unrolled: square and multiply
				if n&1 == 1 {
					r *= b
				}
				b *= b
			}
			return r
		}
		for i := 0; i < n; i++ { // a staged loop when n is a Rep
			r *= b
		}
		return r
	}
	fmt.Println(stage.IsStatic(10), ipow(3, 5))
	// Output: false 243
}
