package gogen

import (
	"fmt"
	"go/format"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestMergeIf checks that consecutive ifs on one plain condition merge,
// and not when the first body changes the condition or terminates.
func TestMergeIf(t *testing.T) {
	fg := &funcGen{}
	cond := expr{js: jen.Id("x").Op(">").Id("lo"), prec: precCmp}
	one := func(c expr, safe bool, list ...jen.Code) *ifChain {
		term := strings.HasPrefix(fmt.Sprintf("%#v", list[len(list)-1]), "return")
		ch := &ifChain{arms: []*ifArm{{cond: c, safe: safe, body: &stmts{list: list, term: term}}}}
		ch.link(0)
		return ch
	}
	inc := func(n string) jen.Code { return jen.Id(n).Op("++") }
	for _, tc := range []struct {
		a, b *ifChain
		want string
	}{
		{one(cond, true, inc("n")), one(cond, true, inc("m")), "if x > lo {\n\tn++\n\tm++\n}"},
		{one(cond, true, inc("lo")), one(cond, true, inc("m")), "if x > lo {\n\tlo++\n}\nif x > lo {\n\tm++\n}"},
		{one(cond, true, jen.Id("x").Op("=").Lit(1)), one(cond, true, inc("m")), "if x > lo {\n\tx = 1\n}\nif x > lo {\n\tm++\n}"},
		{one(cond, true, jen.Return()), one(cond, true, inc("m")), "if x > lo {\n\treturn\n}\nif x > lo {\n\tm++\n}"},
		{one(cond, false, inc("n")), one(cond, false, inc("m")), "if x > lo {\n\tn++\n}\nif x > lo {\n\tm++\n}"},
		{one(expr{js: jen.Id("f").Call(), prec: precPrimary}, true, inc("n")), one(expr{js: jen.Id("f").Call(), prec: precPrimary}, true, inc("m")),
			"if f() {\n\tn++\n}\nif f() {\n\tm++\n}"},
	} {
		out := &stmts{}
		fg.emitChain(out, tc.a)
		fg.emitChain(out, tc.b)
		src, err := format.Source([]byte(fmt.Sprintf("%#v", jen.Block(out.list...))))
		if err != nil {
			t.Fatal(err)
		}
		got := strings.TrimSpace(string(src))
		want := "{\n" + indent(tc.want) + "\n}"
		if got != want {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	}
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}
