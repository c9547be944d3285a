package frontend

import (
	"fmt"
	"go/token"
)

// This file computes static operations with Go's semantics: each basic
// value is held as the Go value of its kind, so + on int8 wraps as Go's
// does, float32 arithmetic rounds as Go's does, and so on. This file holds
// the operators; compare.go the comparisons, convert.go the conversions.

// goPanic is a run-time panic of the evaluated program: the message Go
// would print after "panic: ", and the panic value.
type goPanic struct {
	msg string
	val value
	// goexit: runtime.Goexit, which unwinds the goroutine running the
	// deferred calls, and which recover does not stop.
	goexit bool
	// explicit: a panic statement of the program (the Panic
	// instruction), for gc's stack while the panic runs deferred calls.
	explicit bool
	// site is where the panic was raised, when gc's frames there are
	// known (gcstack.go); nil otherwise.
	site *panicSite
}

func runtimePanic(format string, args ...any) *goPanic {
	msg := "runtime error: " + fmt.Sprintf(format, args...)
	return &goPanic{msg: msg, val: msg}
}

var errDivZero = runtimePanic("integer divide by zero")

type integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

type float interface{ ~float32 | ~float64 }

type cplx interface{ ~complex64 | ~complex128 }

func intOp[T integer](op token.Token, x, y T) value {
	switch op {
	case token.ADD:
		return x + y
	case token.SUB:
		return x - y
	case token.MUL:
		return x * y
	case token.QUO:
		if y == 0 {
			panic(errDivZero)
		}
		return x / y
	case token.REM:
		if y == 0 {
			panic(errDivZero)
		}
		return x % y
	case token.AND:
		return x & y
	case token.OR:
		return x | y
	case token.XOR:
		return x ^ y
	case token.AND_NOT:
		return x &^ y
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.GTR:
		return x > y
	case token.GEQ:
		return x >= y
	}
	panic(fmt.Sprintf("BUG: integer operator %v", op))
}

func shiftOp[T integer](op token.Token, x T, s uint64) value {
	if op == token.SHL {
		return x << s
	}
	return x >> s
}

func floatOp[T float](op token.Token, x, y T) value {
	switch op {
	case token.ADD:
		return x + y
	case token.SUB:
		return x - y
	case token.MUL:
		return x * y
	case token.QUO:
		return x / y
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.GTR:
		return x > y
	case token.GEQ:
		return x >= y
	}
	panic(fmt.Sprintf("BUG: float operator %v", op))
}

func complexOp[T cplx](op token.Token, x, y T) value {
	switch op {
	case token.ADD:
		return x + y
	case token.SUB:
		return x - y
	case token.MUL:
		return x * y
	case token.QUO:
		return x / y
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	}
	panic(fmt.Sprintf("BUG: complex operator %v", op))
}

// shiftCount converts a shift count of any integer type, panicking as Go
// does on a negative count.
func shiftCount(y value) uint64 {
	switch y := y.(type) {
	case int:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case int8:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case int16:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case int32:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case int64:
		if y < 0 {
			panic(runtimePanic("negative shift amount"))
		}
		return uint64(y)
	case uint:
		return uint64(y)
	case uint8:
		return uint64(y)
	case uint16:
		return uint64(y)
	case uint32:
		return uint64(y)
	case uint64:
		return y
	case uintptr:
		return uint64(y)
	}
	panic(fmt.Sprintf("BUG: shift count %T", y))
}

// binop computes x op y for static x and y.
func binop(op token.Token, x, y value) value {
	if isAddr(x) || isAddr(y) {
		refuseAddr(x, "operator "+op.String())
		refuseAddr(y, "operator "+op.String())
	}
	if op == token.SHL || op == token.SHR {
		s := shiftCount(y)
		switch x := x.(type) {
		case int:
			return shiftOp(op, x, s)
		case int8:
			return shiftOp(op, x, s)
		case int16:
			return shiftOp(op, x, s)
		case int32:
			return shiftOp(op, x, s)
		case int64:
			return shiftOp(op, x, s)
		case uint:
			return shiftOp(op, x, s)
		case uint8:
			return shiftOp(op, x, s)
		case uint16:
			return shiftOp(op, x, s)
		case uint32:
			return shiftOp(op, x, s)
		case uint64:
			return shiftOp(op, x, s)
		case uintptr:
			return shiftOp(op, x, s)
		}
		panic(fmt.Sprintf("BUG: shift of %T", x))
	}
	switch x := x.(type) {
	case int:
		return intOp(op, x, y.(int))
	case int8:
		return intOp(op, x, y.(int8))
	case int16:
		return intOp(op, x, y.(int16))
	case int32:
		return intOp(op, x, y.(int32))
	case int64:
		return intOp(op, x, y.(int64))
	case uint:
		return intOp(op, x, y.(uint))
	case uint8:
		return intOp(op, x, y.(uint8))
	case uint16:
		return intOp(op, x, y.(uint16))
	case uint32:
		return intOp(op, x, y.(uint32))
	case uint64:
		return intOp(op, x, y.(uint64))
	case uintptr:
		return intOp(op, x, y.(uintptr))
	case float32:
		return floatOp(op, x, y.(float32))
	case float64:
		return floatOp(op, x, y.(float64))
	case complex64:
		return complexOp(op, x, y.(complex64))
	case complex128:
		return complexOp(op, x, y.(complex128))
	case string:
		y := y.(string)
		switch op {
		case token.ADD:
			return x + y
		case token.EQL:
			return x == y
		case token.NEQ:
			return x != y
		case token.LSS:
			return x < y
		case token.LEQ:
			return x <= y
		case token.GTR:
			return x > y
		case token.GEQ:
			return x >= y
		}
	case bool:
		switch op {
		case token.EQL:
			return x == y.(bool)
		case token.NEQ:
			return x != y.(bool)
		}
	}
	switch op {
	case token.EQL:
		return equal(x, y)
	case token.NEQ:
		return !equal(x, y)
	}
	panic(fmt.Sprintf("BUG: static %v on %T", op, x))
}

// unop computes op x for a static basic x.
func unop(op token.Token, x value) value {
	if isAddr(x) {
		refuseAddr(x, "operator "+op.String())
	}
	switch op {
	case token.NOT:
		return !x.(bool)
	case token.SUB:
		switch x := x.(type) {
		case int:
			return -x
		case int8:
			return -x
		case int16:
			return -x
		case int32:
			return -x
		case int64:
			return -x
		case uint:
			return -x
		case uint8:
			return -x
		case uint16:
			return -x
		case uint32:
			return -x
		case uint64:
			return -x
		case uintptr:
			return -x
		case float32:
			return -x
		case float64:
			return -x
		case complex64:
			return -x
		case complex128:
			return -x
		}
	case token.XOR:
		switch x := x.(type) {
		case int:
			return ^x
		case int8:
			return ^x
		case int16:
			return ^x
		case int32:
			return ^x
		case int64:
			return ^x
		case uint:
			return ^x
		case uint8:
			return ^x
		case uint16:
			return ^x
		case uint32:
			return ^x
		case uint64:
			return ^x
		case uintptr:
			return ^x
		}
	}
	panic(fmt.Sprintf("BUG: static unary %v on %T", op, x))
}
