package gogen

import (
	"fmt"
	"go/format"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestReadableParens checks the parentheses written for the reader where
// arithmetic and bitwise operators mix, and none elsewhere.
func TestReadableParens(t *testing.T) {
	id := func(s string) expr { return primary(jen.Id(s)) }
	a, b, c := id("a"), id("b"), id("c")
	for _, tc := range []struct {
		e    expr
		want string
	}{
		{infix(a, "+", precAdd, infix(b, "*", precMul, c)), "a + b*c"},
		{infix(infix(a, "<<", precMul, b), "+", precAdd, c), "(a << b) + c"},
		{infix(infix(a, "&", precMul, b), "==", precCmp, c), "(a & b) == c"},
		{infix(infix(a, ">>", precMul, b), "|", precAdd, c), "a>>b | c"},
		{infix(a, "^", precAdd, infix(infix(a, ">>", precMul, b), "+", precAdd, c)), "a ^ ((a >> b) + c)"},
		{infix(infix(a, "+", precAdd, b), "<", precCmp, c), "a+b < c"},
		{infix(a, "-", precAdd, infix(b, "-", precAdd, c)), "a - (b - c)"},
	} {
		src, err := format.Source([]byte(fmt.Sprintf("%#v", tc.e.code())))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(src); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
