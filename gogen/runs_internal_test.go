package gogen

import (
	"bytes"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/internal/corpus"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// TestPlainText checks which statements are plain lines: one identifier
// token and nothing else.
func TestPlainText(t *testing.T) {
	if s, ok := plainText(jen.Id("x := a + b")); !ok || s != "x := a + b" {
		t.Errorf("plainText(Id) = %q, %v", s, ok)
	}
	for _, c := range []jen.Code{
		jen.Id("x").Op(":=").Id("y"),
		jen.Op("x"),
		jen.Lit(1),
		jen.Null(),
		jen.Empty(),
		jen.Qual("fmt", "Println"),
		jen.Block(jen.Id("x")),
		jen.Add(jen.Id("x")),
		&jen.Statement{},
		nil,
	} {
		if s, ok := plainText(c); ok {
			t.Errorf("plainText(%#v) = %q, true", c, s)
		}
	}
}

// TestJoinRuns checks that a file written with runs joined and expanded
// is the bytes jennifer writes for the statements one by one, and that
// runs are made only of two or more consecutive plain lines.
func TestJoinRuns(t *testing.T) {
	body := func() []jen.Code {
		return []jen.Code{
			jen.Id("a := 1"), jen.Id("b := a"),
			jen.If(jen.Id("b").Op(">").Lit(0)).Block(jen.Id("b++"), jen.Id("b--")),
			jen.Id("c := b"),
			jen.Qual("fmt", "Println").Call(jen.Id("c")),
			jen.Id("d := c"), jen.Id(""), jen.Id("e := d"),
			jen.Return(jen.Id("e")),
		}
	}
	render := func(join bool) ([]byte, int) {
		fl := &fileGen{f: jen.NewFile("p")}
		fl.f.NoFormat = true
		for i := range 2 {
			list := body()
			if join {
				list = fl.joinRuns(list)
			}
			fl.f.Func().Id("f" + string(rune('0'+i))).Params().Int().Block(list...)
		}
		var w keepWriter
		if err := fl.f.Render(&w); err != nil {
			t.Fatal(err)
		}
		return fl.expand(w.b), len(fl.runs)
	}
	want, _ := render(false)
	got, runs := render(true)
	if !bytes.Equal(got, want) {
		t.Fatalf("joined runs give\n%s\nwant\n%s", got, want)
	}
	if runs != 4 {
		t.Errorf("%d runs, want 4 (a-b and d-e of each function)", runs)
	}
}

// TestJoinRunsCorpus checks that every case of the corpus gives the same
// file with runs as without, also with pages so small that runs span
// many.
func TestJoinRunsCorpus(t *testing.T) {
	var funcs []Func
	for _, c := range corpus.Cases() {
		funcs = append(funcs, Func{Name: c.Name, Schedule: sched.Run(ir.DCE(c.Build()), sched.Options{NoDCE: true})})
	}
	file := func(join bool) []byte {
		defer func(old bool) { joinPlain = old }(joinPlain)
		joinPlain = join
		src, err := File("main", funcs, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return src
	}
	want := file(false)
	if got := file(true); !bytes.Equal(got, want) {
		t.Fatalf("the corpus differs with runs: %s", firstDiff(got, want, nil))
	}
	defer func(old int) { pageSize = old }(pageSize)
	for _, pageSize = range []int{1, 40} {
		if got := file(true); !bytes.Equal(got, want) {
			t.Fatalf("the corpus differs with runs in pages of %d bytes: %s", pageSize, firstDiff(got, want, nil))
		}
	}
}
