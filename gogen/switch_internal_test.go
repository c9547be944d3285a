package gogen

import (
	"fmt"
	"go/format"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
)

// TestSwitchStmt checks which chains become a switch: three ways on one
// name compared with distinct constants, no break leaving a body.
func TestSwitchStmt(t *testing.T) {
	fg := &funcGen{}
	eq := func(name string, k ...string) expr {
		var e expr
		for i, v := range k {
			c := expr{js: jen.Id(name).Op("==").Id(v), prec: precCmp}
			if i == 0 {
				e = c
			} else {
				e = orExpr(e, c)
			}
		}
		return e
	}
	body := func(c ...jen.Code) *stmts { return &stmts{list: c} }
	inc := func(n string) jen.Code { return jen.Id(n).Op("++") }
	// chain builds if c0 { b0 } else if c1 { b1 } ... else { els }.
	chain := func(els *stmts, arms ...any) *ifChain {
		ch := &ifChain{els: els}
		for i := len(arms) - 2; i >= 0; i -= 2 {
			ch.arms = append(ch.arms, &ifArm{cond: arms[i].(expr), body: arms[i+1].(*stmts)})
		}
		return ch
	}
	for _, tc := range []struct {
		ch   *ifChain
		want string // "": no switch
	}{
		{chain(body(inc("z")), eq("k", "1", "2"), body(inc("a")), eq("k", "'x'"), body(inc("b"))),
			"switch k {\ncase 1, 2:\n\ta++\ncase 'x':\n\tb++\ndefault:\n\tz++\n}"},
		{chain(nil, eq("k", "1"), body(inc("a")), eq("k", "-2"), body(inc("b")), eq("k", "0x3"), body(inc("c"))),
			"switch k {\ncase 1:\n\ta++\ncase -2:\n\tb++\ncase 0x3:\n\tc++\n}"},
		// Two ways only.
		{chain(body(inc("z")), eq("k", "1"), body(inc("a"))), ""},
		{chain(nil, eq("k", "1"), body(inc("a")), eq("k", "2"), body(inc("b"))), ""},
		// 1 and 0x1 are the same case twice: no switch compiles.
		{chain(body(inc("z")), eq("k", "1"), body(inc("a")), eq("k", "0x1"), body(inc("b"))), ""},
		// Another name.
		{chain(body(inc("z")), eq("k", "1"), body(inc("a")), eq("j", "2"), body(inc("b"))), ""},
		// A break would leave the switch, not the loop.
		{chain(body(inc("z")), eq("k", "1"), body(jen.Break()), eq("k", "2"), body(inc("b"))), ""},
		{chain(body(jen.Break()), eq("k", "1"), body(inc("a")), eq("k", "2"), body(inc("b"))), ""},
		// A break of a loop of its own stays.
		{chain(body(inc("z")), eq("k", "1"), body(jen.For().Block(jen.Break())), eq("k", "2"), body(inc("b"))),
			"switch k {\ncase 1:\n\tfor {\n\t\tbreak\n\t}\ncase 2:\n\tb++\ndefault:\n\tz++\n}"},
	} {
		sw := fg.switchStmt(tc.ch)
		got := ""
		if sw != nil {
			src, err := format.Source([]byte(fmt.Sprintf("%#v", sw)))
			if err != nil {
				t.Fatal(err)
			}
			got = strings.TrimSpace(string(src))
		}
		if got != tc.want {
			t.Errorf("got\n%s\nwant\n%s", got, tc.want)
		}
	}
}
