package stage

// Type constraints for generic staging helpers. Each admits the plain basic
// types and every type defined over them (the ~ form), so a helper written
// over a constraint works on Rep types ([Float64]) and on static values
// (float64) alike.

// Signed admits the signed integer types: int, int8, int16, int32, int64 and
// the types defined over them, such as [Int] and [Int64].
type Signed interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64
}

// Unsigned admits the unsigned integer types: uint, uint8, uint16, uint32,
// uint64, uintptr and the types defined over them, such as [Uint8].
type Unsigned interface {
	~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Integer admits every integer type, signed or unsigned: the types that
// support %, the bitwise operators and shifts.
type Integer interface {
	Signed | Unsigned
}

// Float admits float32, float64 and the types defined over them ([Float32],
// [Float64]). It is the constraint of the math companions ([Sqrt], ...).
type Float interface {
	~float32 | ~float64
}

// Complex admits complex64, complex128 and the types defined over them
// ([Complex64], [Complex128]).
type Complex interface {
	~complex64 | ~complex128
}

// Number admits every numeric type: the types that support +, -, * and /.
type Number interface {
	Integer | Float | Complex
}

// Ordered admits the types that support < <= >= > (integers, floats and
// strings), as cmp.Ordered does; Go's builtin min and max accept them.
type Ordered interface {
	Integer | Float | ~string
}
