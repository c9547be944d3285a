package gogen

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/dave/jennifer/jen"
)

func TestOrExpr(t *testing.T) {
	and := expr{js: jen.Id("a").Op("&&").Id("b"), prec: precAnd}
	or := expr{js: jen.Id("c").Op("||").Id("d"), prec: precOr}
	cmp := expr{js: jen.Id("x").Op("==").Lit(1), prec: precCmp}
	for _, tc := range []struct {
		l, r expr
		want string
	}{
		{and, or, "a && b || c || d"},
		{or, and, "c || d || a && b"},
		{cmp, orExpr(cmp, cmp), "x == 1 || x == 1 || x == 1"},
	} {
		e := orExpr(tc.l, tc.r)
		if got := fmt.Sprintf("%#v", e.code()); got != tc.want || e.prec != precOr {
			t.Errorf("got %q (precedence %d), want %q", got, e.prec, tc.want)
		}
		// As an operand of &&, the disjunction needs parentheses.
		if got, want := fmt.Sprintf("%#v", jen.Add(e.at(precAnd)).Op("&&").Id("z")), "("+tc.want+") && z"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestSameCode(t *testing.T) {
	n := func() []jen.Code {
		return []jen.Code{jen.Id("n").Op("++"), jen.Qual("fmt", "Println").Call(jen.Lit("x"))}
	}
	if !sameCode(n(), n()) || !sameCode(nil, []jen.Code{}) {
		t.Error("equal code is not the same")
	}
	if sameCode(n(), n()[:1]) || sameCode(n(), []jen.Code{jen.Id("m").Op("++"), jen.Qual("fmt", "Println").Call(jen.Lit("x"))}) {
		t.Error("different code is the same")
	}
}

func TestReadNames(t *testing.T) {
	got := readNames("a.b + c[d:] + T{X: e} + f(g)")
	want := map[string]bool{"a": true, "c": true, "T": true, "e": true, "f": true, "g": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestDeclares(t *testing.T) {
	fg := &funcGen{}
	for _, tc := range []struct {
		list []jen.Code
		want bool
	}{
		{[]jen.Code{jen.Id("n").Op("++")}, false},
		{[]jen.Code{jen.Id("n").Op("=").Lit(1), jen.If(jen.Id("c")).Block(jen.Id("x").Op(":=").Lit(1), jen.Id("_").Op("=").Id("x"))}, false},
		{[]jen.Code{jen.For(jen.Id("i").Op(":=").Lit(0), jen.Id("i").Op("<").Lit(3), jen.Id("i").Op("++")).Block()}, false},
		{[]jen.Code{jen.Id("x").Op(":=").Lit(1), jen.Id("_").Op("=").Id("x")}, true},
		{[]jen.Code{jen.List(jen.Id("q"), jen.Id("r")).Op(":=").Id("f").Call()}, true},
		{[]jen.Code{jen.Var().Id("v").Int()}, true},
	} {
		if got := fg.declares(tc.list); got != tc.want {
			t.Errorf("declares(%#v) = %v, want %v", jen.Block(tc.list...), got, tc.want)
		}
	}
}
