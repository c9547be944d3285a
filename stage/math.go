package stage

import "math"

// The math companions. Go's math package takes and returns float64, so on a
// Rep it reads math.Sqrt(float64(x)); these generics take any [Float] type
// and return the argument's type: stage.Sqrt(x).
//
// Native meaning: each function F computes math.F on its arguments converted
// to float64 and converts the result back to T. For T over float64 that is
// exactly math.F, special cases included (NaN, ±Inf, ±0); for T over float32
// the float64 result is rounded once to float32, so a result beyond float32's
// range becomes ±Inf. During staging a call on a Rep becomes the same call in
// the generated code, and a call on static arguments is computed at
// generation time. Each body is that single expression, so evaluating the
// body gives the same meaning as recognizing the call by name.

// Sqrt returns the square root of x, as [math.Sqrt].
func Sqrt[T Float](x T) T { return T(math.Sqrt(float64(x))) }

// Cbrt returns the cube root of x, as [math.Cbrt].
func Cbrt[T Float](x T) T { return T(math.Cbrt(float64(x))) }

// Abs returns the absolute value of x, as [math.Abs].
func Abs[T Float](x T) T { return T(math.Abs(float64(x))) }

// Sin returns the sine of the radian argument x, as [math.Sin].
func Sin[T Float](x T) T { return T(math.Sin(float64(x))) }

// Cos returns the cosine of the radian argument x, as [math.Cos].
func Cos[T Float](x T) T { return T(math.Cos(float64(x))) }

// Tan returns the tangent of the radian argument x, as [math.Tan].
func Tan[T Float](x T) T { return T(math.Tan(float64(x))) }

// Asin returns the arcsine of x in radians, as [math.Asin].
func Asin[T Float](x T) T { return T(math.Asin(float64(x))) }

// Acos returns the arccosine of x in radians, as [math.Acos].
func Acos[T Float](x T) T { return T(math.Acos(float64(x))) }

// Atan returns the arctangent of x in radians, as [math.Atan].
func Atan[T Float](x T) T { return T(math.Atan(float64(x))) }

// Atan2 returns the arctangent of y/x, using the signs of both to pick the
// quadrant, as [math.Atan2].
func Atan2[T Float](y, x T) T { return T(math.Atan2(float64(y), float64(x))) }

// Sinh returns the hyperbolic sine of x, as [math.Sinh].
func Sinh[T Float](x T) T { return T(math.Sinh(float64(x))) }

// Cosh returns the hyperbolic cosine of x, as [math.Cosh].
func Cosh[T Float](x T) T { return T(math.Cosh(float64(x))) }

// Tanh returns the hyperbolic tangent of x, as [math.Tanh].
func Tanh[T Float](x T) T { return T(math.Tanh(float64(x))) }

// Exp returns e**x, as [math.Exp].
func Exp[T Float](x T) T { return T(math.Exp(float64(x))) }

// Exp2 returns 2**x, as [math.Exp2].
func Exp2[T Float](x T) T { return T(math.Exp2(float64(x))) }

// Expm1 returns e**x - 1, accurate for x near zero, as [math.Expm1].
func Expm1[T Float](x T) T { return T(math.Expm1(float64(x))) }

// Log returns the natural logarithm of x, as [math.Log].
func Log[T Float](x T) T { return T(math.Log(float64(x))) }

// Log2 returns the binary logarithm of x, as [math.Log2].
func Log2[T Float](x T) T { return T(math.Log2(float64(x))) }

// Log10 returns the decimal logarithm of x, as [math.Log10].
func Log10[T Float](x T) T { return T(math.Log10(float64(x))) }

// Log1p returns the natural logarithm of 1 + x, accurate for x near zero, as
// [math.Log1p].
func Log1p[T Float](x T) T { return T(math.Log1p(float64(x))) }

// Pow returns x**y, as [math.Pow].
func Pow[T Float](x, y T) T { return T(math.Pow(float64(x), float64(y))) }

// Hypot returns Sqrt(p*p + q*q), avoiding needless overflow and underflow, as
// [math.Hypot].
func Hypot[T Float](p, q T) T { return T(math.Hypot(float64(p), float64(q))) }

// Floor returns the greatest integer value less than or equal to x, as
// [math.Floor].
func Floor[T Float](x T) T { return T(math.Floor(float64(x))) }

// Ceil returns the least integer value greater than or equal to x, as
// [math.Ceil].
func Ceil[T Float](x T) T { return T(math.Ceil(float64(x))) }

// Trunc returns the integer value of x, rounded toward zero, as [math.Trunc].
func Trunc[T Float](x T) T { return T(math.Trunc(float64(x))) }

// Round returns the nearest integer to x, rounding half away from zero, as
// [math.Round].
func Round[T Float](x T) T { return T(math.Round(float64(x))) }

// RoundToEven returns the nearest integer to x, rounding half to even, as
// [math.RoundToEven].
func RoundToEven[T Float](x T) T { return T(math.RoundToEven(float64(x))) }

// Mod returns the floating-point remainder of x/y, with the sign of x, as
// [math.Mod].
func Mod[T Float](x, y T) T { return T(math.Mod(float64(x), float64(y))) }

// Remainder returns the IEEE 754 remainder of x/y (the quotient rounded to
// even), as [math.Remainder].
func Remainder[T Float](x, y T) T { return T(math.Remainder(float64(x), float64(y))) }

// Copysign returns a value with the magnitude of f and the sign of sign, as
// [math.Copysign].
func Copysign[T Float](f, sign T) T { return T(math.Copysign(float64(f), float64(sign))) }

// FMA returns x*y + z computed with one rounding in float64, as [math.FMA].
// For T over float32 the float64 result is then rounded to float32 (a second
// rounding), which is what the generated code computes too.
func FMA[T Float](x, y, z T) T { return T(math.FMA(float64(x), float64(y), float64(z))) }

// Min returns the smaller of x and y with the semantics of Go's builtin min
// on floats: if either is NaN the result is NaN, and -0 is less than +0.
// (It differs from [math.Min], for which Min(-Inf, NaN) is -Inf.)
func Min[T Float](x, y T) T { return min(x, y) }

// Max returns the larger of x and y with the semantics of Go's builtin max
// on floats: if either is NaN the result is NaN, and +0 is greater than -0.
// (It differs from [math.Max], for which Max(+Inf, NaN) is +Inf.)
func Max[T Float](x, y T) T { return max(x, y) }

// The predicates return Go's plain bool, as their math counterparts do, so
// that they read naturally in conditions: if stage.IsNaN(x) { ... }. During
// staging the result is a Rep whenever x is one, whatever its Go type (any
// value computed from a Rep is a Rep), and a condition on it is staged.
// Convert it, stage.Bool(stage.IsNaN(x)), to store it where a [Bool] is
// expected.

// IsNaN reports whether x is an IEEE 754 "not-a-number" value, as
// [math.IsNaN].
func IsNaN[T Float](x T) bool { return math.IsNaN(float64(x)) }

// IsInf reports whether x is an infinity, according to sign: positive
// infinity if sign > 0, negative infinity if sign < 0, either if sign == 0,
// as [math.IsInf].
func IsInf[T Float](x T, sign int) bool { return math.IsInf(float64(x), sign) }

// Signbit reports whether x is negative or negative zero, as [math.Signbit].
func Signbit[T Float](x T) bool { return math.Signbit(float64(x)) }
