package stage_test

import (
	"reflect"
	"testing"

	"github.com/lmsgen/lmsgen/stage"
)

func TestFun(t *testing.T) {
	square := func(x stage.Float64) stage.Float64 { return x * x }
	f := stage.Fun(square)
	if reflect.ValueOf(f).Pointer() != reflect.ValueOf(square).Pointer() {
		t.Error("Fun(f) is not f")
	}
	if got := f(3); got != 9 {
		t.Errorf("Fun(square)(3) = %v, want 9", got)
	}
	var fact func(n stage.Int) stage.Int
	fact = stage.Fun(func(n stage.Int) stage.Int {
		if n <= 1 {
			return 1
		}
		return n * fact(n-1)
	})
	if got := fact(10); got != 3628800 {
		t.Errorf("fact(10) = %v, want 3628800", got)
	}
	if g := stage.Fun[func()](nil); g != nil {
		t.Error("Fun(nil) is not nil")
	}
}

func TestDynLet(t *testing.T) {
	for _, c := range []struct {
		name string
		id   func([]stage.Float64) []stage.Float64
	}{
		{"Dyn", stage.Dyn[[]stage.Float64]},
		{"Let", stage.Let[[]stage.Float64]},
	} {
		name, id := c.name, c.id
		xs := []stage.Float64{1, 2, 3}
		ys := id(xs)
		ys[0] = 10 // the same slice: a write through the result is seen by xs
		if len(ys) != 3 || xs[0] != 10 {
			t.Errorf("%s(xs) is not xs: %v, %v", name, xs, ys)
		}
	}
	if got := stage.Dyn(3); got != 3 {
		t.Errorf("Dyn(3) = %v, want 3", got)
	}
	if got := stage.Let(stage.String("s")); got != "s" {
		t.Errorf("Let(%q) = %q", "s", got)
	}
	type rec struct {
		a stage.Int
		b stage.Float64
	}
	if got := stage.Dyn(rec{1, 2}); got != (rec{1, 2}) {
		t.Errorf("Dyn(rec{1, 2}) = %v", got)
	}
}

func TestIsStaticNative(t *testing.T) {
	if stage.IsStatic(3) || stage.IsStatic("s") || stage.IsStatic(stage.Float64(1)) || stage.IsStatic([]int{1}) {
		t.Error("IsStatic reported true natively, want false")
	}
}
