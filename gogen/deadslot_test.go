package gogen_test

import (
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// TestDeadSlots emits a conditional with three results of which the
// caller reads two: the branches assign those two, leave out the third
// where it does nothing (a name, a constant, x+1), and keep it where it
// may panic (s[0], x/y), then compiles and runs the function.
func TestDeadSlots(t *testing.T) {
	b := ir.NewBuilder()
	g := b.Build([]*ir.Type{ir.SliceOf(ir.Int), ir.Int, ir.Int}, func(p []ir.Exp) ir.Exp {
		s, x, y := p[0], p[1], p[2]
		i := func(v int) ir.Exp { return b.Const(ir.Int, v) }
		three := ir.TupleOf([]*ir.Type{ir.Int, ir.Int, ir.Int})
		r := b.If(b.Compare(ir.OpGt, x, i(0)), three,
			func() ir.Exp { return b.Tuple(x, i(1), b.Binary(ir.OpAdd, y, i(1))) },
			func() ir.Exp {
				return b.If(b.Compare(ir.OpGt, y, i(0)), three,
					func() ir.Exp { return b.Tuple(y, i(2), b.Index(s, i(0))) },
					func() ir.Exp { return b.Tuple(i(3), x, b.Binary(ir.OpDiv, x, y)) })
			})
		return b.Binary(ir.OpMul, b.Proj(r, 0), b.Proj(r, 1))
	})
	f := gogen.Func{Name: "Dead", Schedule: sched.Run(g, sched.Options{}), ParamNames: []string{"s", "x", "y"}}
	src, err := gogen.File("main", []gogen.Func{f}, gogen.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	text := string(src)
	for _, want := range []string{" = x, 1\n", ", _ = y, 2, s[0]\n", ", _ = 3, x, x/y\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, src)
		}
	}
	if strings.Contains(text, "y+1") {
		t.Errorf("the dead value y+1 is written:\n%s", src)
	}
	out := runMain(t, "deadrun", text, `package main

import "fmt"

func main() {
	fmt.Println(Dead(nil, 5, 0), Dead([]int{7}, 0, 4), Dead(nil, -2, -1))
	defer func() { fmt.Println(recover()) }()
	fmt.Println(Dead(nil, 0, 4))
}
`)
	if want := "5 8 -6\nruntime error: index out of range [0] with length 0\n"; out != want {
		t.Errorf("Dead printed %q, want %q", out, want)
	}
}
