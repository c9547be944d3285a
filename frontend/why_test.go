package frontend

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

// TestWhyZeroDescribe: the explanation of a zero value, written lazily,
// names its type; the zero values of one type made at one position are
// one Rep of the zero constant, with one why; those made at another
// position, or of another type, are not.
func TestWhyZeroDescribe(t *testing.T) {
	ev := &evaluator{b: ir.NewBuilder()}
	f64 := types.Typ[types.Float64]
	r := ev.zeroRep(f64)
	if c := r.e.Const(); c == nil || c.Val != float64(0) {
		t.Errorf("zero of float64 is %v, want the constant 0", r.e)
	}
	if got, want := ev.describe(r.why), "the zero value of float64, a stage type"; got != want {
		t.Errorf("describe() = %q, want %q", got, want)
	}
	if ev.zeroRep(f64) != r {
		t.Errorf("two zero values of one type at one position are two Reps")
	}
	r32 := ev.zeroRep(types.Typ[types.Float32])
	if r32 == r || r32.e == r.e {
		t.Errorf("the zero values of float32 and float64 are one Rep or one constant")
	}
	if got, want := ev.describe(r32.why), "the zero value of float32, a stage type"; got != want {
		t.Errorf("describe() = %q, want %q", got, want)
	}
	ev.pos = token.Pos(7)
	if r7 := ev.zeroRep(f64); r7 == r || r7.why.pos != ev.pos || r7.e != r.e {
		t.Errorf("the zero value made at another position is the first one's Rep, or another constant")
	}
	if got := ev.describe(&why{what: "a parameter"}); got != "a parameter" {
		t.Errorf("describe() = %q, want %q", got, "a parameter")
	}
}

// TestDerivedWhy: a Rep computed from another has a why whose from is
// the root of the operand's chain (the only why whyRep prints beside
// the Rep's own); Reps computed at one position, with one description,
// from one root share their why; another position, description or root
// makes another.
func TestDerivedWhy(t *testing.T) {
	ev := &evaluator{b: ir.NewBuilder()}
	x := &rep{e: ev.b.Const(ir.Float64, 1.0), why: &why{pos: 3, what: "parameter x"}}
	y := &rep{e: ev.b.Const(ir.Float64, 2.0), why: &why{pos: 4, what: "parameter y"}}
	ev.pos = 10
	a := ev.newRep(x.e, "the result of +", 1, x, y)
	if a.why.from != x.why || a.why.pos != 10 || a.why.what != "the result of +" {
		t.Fatalf("a's why is %+v", *a.why)
	}
	ev.pos = 20
	b := ev.newRep(x.e, "the result of *", a, y)
	if b.why.from != x.why {
		t.Errorf("b's why is from %+v, want x's, the root", b.why.from)
	}
	ev.pos = 10
	if a2 := ev.newRep(y.e, "the result of +", x); a2.why != a.why {
		t.Errorf("two Reps of one position, description and root have two whys")
	}
	if c := ev.newRep(y.e, "the result of +", b); c.why != a.why {
		t.Errorf("a Rep computed from b has a why of its own, want a's (one root)")
	}
	for _, c := range []*rep{ev.newRep(x.e, "the result of +", y), ev.newRep(x.e, "the result of -", x), ev.newRep(x.e, "the result of +")} {
		if c.why == a.why {
			t.Errorf("%+v shares a's why", *c.why)
		}
	}
	ev.pos = 30
	if c := ev.newRep(x.e, "the result of +", x); c.why == a.why || c.why.pos != 30 {
		t.Errorf("a Rep made at another position shares a's why")
	}
}
