package stage

// The Rep types. Each is a defined type over the basic type of the same name,
// so values of it take part in Go's operators, untyped constants, conversions
// and control flow exactly as the underlying type does, and at run time a Rep
// is that plain value. During staging every value of a Rep type is a
// next-stage value (code); see the package documentation.

// Bool is a next-stage bool.
type Bool bool

// Int is a next-stage int.
type Int int

// Int8 is a next-stage int8.
type Int8 int8

// Int16 is a next-stage int16.
type Int16 int16

// Int32 is a next-stage int32.
type Int32 int32

// Int64 is a next-stage int64.
type Int64 int64

// Uint is a next-stage uint.
type Uint uint

// Uint8 is a next-stage uint8.
type Uint8 uint8

// Uint16 is a next-stage uint16.
type Uint16 uint16

// Uint32 is a next-stage uint32.
type Uint32 uint32

// Uint64 is a next-stage uint64.
type Uint64 uint64

// Uintptr is a next-stage uintptr.
type Uintptr uintptr

// Float32 is a next-stage float32.
type Float32 float32

// Float64 is a next-stage float64.
type Float64 float64

// Complex64 is a next-stage complex64.
type Complex64 complex64

// Complex128 is a next-stage complex128.
type Complex128 complex128

// String is a next-stage string.
type String string

// Byte is an alias for [Uint8], as byte is for uint8.
type Byte = Uint8

// Rune is an alias for [Int32], as rune is for int32.
type Rune = Int32
