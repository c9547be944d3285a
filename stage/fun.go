package stage

// Fun returns f unchanged.
//
// Run natively, Fun is the identity. During staging, lmsgen recognizes calls
// of Fun and makes f a staged function: its body is generated once, as a
// function of the generated code, and each call of the value Fun returns
// becomes a call of that function, instead of f's body being inlined and
// specialized at every call (the default for Go calls during staging). F must
// be a function type; its parameters and results are the staged function's.
//
// This is how recursion on dynamic values is staged (LMS's λ and λforward):
// a recursion whose stopping condition is a Rep would be unrolled forever if
// it were inlined. Declare the variable first so that the body can call it:
//
//	var fact func(n stage.Int) stage.Int
//	fact = stage.Fun(func(n stage.Int) stage.Int {
//		if n <= 1 {
//			return 1
//		}
//		return n * fact(n-1)
//	})
//
// The directive //lms:fun in the doc comment of a top-level function or
// method does the same for every call of that function or method.
func Fun[F any](f F) F {
	return f
}
