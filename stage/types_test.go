package stage_test

import (
	"reflect"
	"testing"

	"github.com/lmsgen/lmsgen/stage"
)

// TestRepKinds checks that each Rep type is defined over the basic type of
// its name, and that Byte and Rune are aliases, not new types.
func TestRepKinds(t *testing.T) {
	for _, c := range []struct {
		v    any
		kind reflect.Kind
		name string
	}{
		{stage.Bool(false), reflect.Bool, "Bool"},
		{stage.Int(0), reflect.Int, "Int"},
		{stage.Int8(0), reflect.Int8, "Int8"},
		{stage.Int16(0), reflect.Int16, "Int16"},
		{stage.Int32(0), reflect.Int32, "Int32"},
		{stage.Int64(0), reflect.Int64, "Int64"},
		{stage.Uint(0), reflect.Uint, "Uint"},
		{stage.Uint8(0), reflect.Uint8, "Uint8"},
		{stage.Uint16(0), reflect.Uint16, "Uint16"},
		{stage.Uint32(0), reflect.Uint32, "Uint32"},
		{stage.Uint64(0), reflect.Uint64, "Uint64"},
		{stage.Uintptr(0), reflect.Uintptr, "Uintptr"},
		{stage.Float32(0), reflect.Float32, "Float32"},
		{stage.Float64(0), reflect.Float64, "Float64"},
		{stage.Complex64(0), reflect.Complex64, "Complex64"},
		{stage.Complex128(0), reflect.Complex128, "Complex128"},
		{stage.String(""), reflect.String, "String"},
		{stage.Byte(0), reflect.Uint8, "Uint8"},
		{stage.Rune(0), reflect.Int32, "Int32"},
	} {
		typ := reflect.TypeOf(c.v)
		if typ.Kind() != c.kind || typ.Name() != c.name || typ.PkgPath() != "github.com/lmsgen/lmsgen/stage" {
			t.Errorf("%v: kind %v name %s.%s, want kind %v name stage.%s", typ, typ.Kind(), typ.PkgPath(), typ.Name(), c.kind, c.name)
		}
	}
}

// The helpers below compile only if the constraints admit the Rep types and
// the plain ones; the test checks what they compute.

func sum[T stage.Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func largest[T stage.Ordered](x T, ys ...T) T {
	for _, y := range ys {
		x = max(x, y)
	}
	return x
}

func mask[T stage.Integer](x T) T { return x &^ 1 }

func neg[T stage.Signed](x T) T { return -x }

func half[T stage.Unsigned](x T) T { return x >> 1 }

func conj[T stage.Complex](x T) T { return x * x }

func scale[T stage.Float](x T) T { return x * 0.5 }

func TestConstraints(t *testing.T) {
	if got := sum[stage.Int](1, 2, 3); got != 6 {
		t.Errorf("sum[Int] = %v, want 6", got)
	}
	if got := sum[stage.Float64](0.5, 0.25); got != 0.75 {
		t.Errorf("sum[Float64] = %v, want 0.75", got)
	}
	if got := sum[stage.Complex128](1i, 2); got != 2+1i {
		t.Errorf("sum[Complex128] = %v, want (2+1i)", got)
	}
	if got := sum[stage.Uint8](200, 100); got != 44 {
		t.Errorf("sum[Uint8] = %v, want 44 (wrap-around)", got)
	}
	if got := largest[stage.String]("a", "c", "b"); got != "c" {
		t.Errorf("largest[String] = %q, want c", got)
	}
	if got := largest[stage.Int32](-5, -7); got != -5 {
		t.Errorf("largest[Int32] = %v, want -5", got)
	}
	if got := mask[stage.Uintptr](7); got != 6 {
		t.Errorf("mask[Uintptr] = %v, want 6", got)
	}
	if got := neg[stage.Int8](-128); got != -128 {
		t.Errorf("neg[Int8](-128) = %v, want -128 (wrap-around)", got)
	}
	if got := half[stage.Uint64](9); got != 4 {
		t.Errorf("half[Uint64] = %v, want 4", got)
	}
	if got := conj[stage.Complex64](1i); got != -1 {
		t.Errorf("conj[Complex64] = %v, want -1", got)
	}
	if got := scale[stage.Float32](3); got != 1.5 {
		t.Errorf("scale[Float32] = %v, want 1.5", got)
	}
	if got := scale(3.0); got != 1.5 {
		t.Errorf("scale[float64] = %v, want 1.5", got)
	}
}

// TestOperators checks that operators, untyped constants and conversions
// work on Reps as on the underlying types.
func TestOperators(t *testing.T) {
	var b stage.Float64 = 2
	if got := b*b + 1; got != 5 {
		t.Errorf("b*b + 1 = %v, want 5", got)
	}
	var i stage.Int = 7
	if got := i%3 + i/2<<1; got != 7 {
		t.Errorf("i%%3 + i/2<<1 = %v, want 7", got)
	}
	var s stage.String = "ab"
	if got := s + "c"; got != "abc" || len(s) != 2 || s[1] != 'b' {
		t.Errorf("String operations: %q, len %d", got, len(s))
	}
	var c stage.Bool = i > 3 && b < 3
	if !c {
		t.Error("i > 3 && b < 3 = false, want true")
	}
	var r stage.Rune = 'x'
	if got := stage.Byte(r); got != 'x' {
		t.Errorf("Byte(Rune('x')) = %v, want 'x'", got)
	}
}
