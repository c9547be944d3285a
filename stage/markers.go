package stage

// The staging markers. Each changes only how lmsgen treats a value while it
// generates code; run natively each is the identity (or, for [IsStatic],
// false), so a staging function that uses them still computes its unstaged
// result when called directly.

// Dyn returns x unchanged natively. During staging it makes x dynamic: a
// static x is lifted into a Rep (a constant of the generated code, as
// stage.Int(3) is, but for any liftable type and without naming a stage
// type), and a Rep x is returned as it is. Lifting a value that cannot lift
// (a func, map, channel or pointer) is an error at the call.
//
// Dyn is the way to keep control on a static value from running at
// generation time. A loop over a static bound unrolls; the same loop with a
// dynamic induction variable stays a loop of the generated code:
//
//	for i := 0; i < n; i++ { ... }           // static n: n copies of the body
//	for i := stage.Dyn(0); i < n; i++ { ... } // one loop
//
// Binding time, not value, decides: the builder may still fold arithmetic on
// a lifted constant, but a variable assigned in a staged loop is a staged
// variable, so the loop stays.
func Dyn[T any](x T) T {
	return x
}

// Let returns x unchanged natively. During staging, when x is a Rep, Let
// binds it to a local variable of the generated code: x is computed once,
// into that local (named after the variable the result is assigned to),
// and is neither inlined into its uses nor duplicated into the branches
// that use it. The local is declared where the call is evaluated, or in the
// only branch that uses it; it is not hoisted out of a loop. Use it to keep
// an expensive or meaningful subexpression named in the output. A static x
// is returned as it is and stays static.
func Let[T any](x T) T {
	return x
}

// IsStatic reports, during staging, whether x is a static value, known at
// generation time, rather than a Rep. The answer is decided by binding time
// (see the package documentation), not by whether the builder happens to
// know a Rep's value: stage-typed values, including stage-typed constants
// such as stage.Int(0), and every value computed from a Rep are Reps, so
// IsStatic reports false for them.
//
// Run natively, IsStatic returns false. A staging function is also the
// oracle of its differential tests, run natively, so it must compute the same
// result whichever branch IsStatic selects; IsStatic may change only how the
// result is computed, never what it is. Integer powers qualify (integer
// multiplication wraps, so both ways give the same bits); float powers would
// not, as the two ways round differently:
//
//	// ipow returns b**n.
//	func ipow(b stage.Int, n int) stage.Int {
//		r := stage.Int(1)
//		if stage.IsStatic(n) {
//			for ; n > 0; n >>= 1 { // unrolled: square and multiply
//				if n&1 == 1 {
//					r *= b
//				}
//				b *= b
//			}
//			return r
//		}
//		for i := 0; i < n; i++ { // a staged loop: n is a Rep
//			r *= b
//		}
//		return r
//	}
func IsStatic[T any](x T) bool {
	return false
}

// SIMD reports, during staging, whether lmsgen is evaluating the vector
// build of a specialization: a specialization with vector code (`-simd`
// on its //lms:gen line or the flag -simd) whose staging function calls
// SIMD is evaluated twice, with SIMD false for the plain build (the
// generated <pkg>_lms.go) and true for the vector build (<pkg>_lms_simd.go,
// built with GOEXPERIMENT=simd on amd64, and the C output: C has one file,
// with vector code and its fallbacks in it, whichever Go build calls it,
// so it takes the vector build's choices). Each build
// may so choose its own static parameters, such as the register blocking
// of a matrix product: more sums than the scalar registers hold spill in
// the plain build, while the vector build holds four float64 per
// register.
//
// Run natively, SIMD returns false. As with [IsStatic], the staging
// function is the oracle of the differential tests of both builds, so it
// must compute the same result whichever branch SIMD selects: SIMD may
// change only how the result is computed (which sums are kept at once),
// never what it is (the order of each sum's terms).
//
//	rows, cols := 1, 4 // the plain build: four scalar sums
//	if stage.SIMD() {
//		rows, cols = 2, 16 // the vector build: eight vectors of four
//	}
func SIMD() bool {
	return false
}
