package cgen_test

import (
	"go/token"
	"regexp"
	"testing"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// TestErrors checks that what C cannot express with Go's semantics is an
// error, with the position of the node in the user's source.
func TestErrors(t *testing.T) {
	pos := token.Position{Filename: "k.go", Line: 7, Column: 3}
	tests := []struct {
		name  string
		opts  cgen.Options
		build func(b b) *ir.Graph
		want  string // regexp
	}{
		{
			name: "capturing function value",
			build: func(b b) *ir.Graph {
				fnT := ir.FuncOf(ts(ir.Int), ts(ir.Int))
				return b.Build(ts(ir.Int, ir.Bool), func(p []ir.Exp) ir.Exp {
					b.params(p, "k", "c")
					b.At(pos)
					addK := b.named(b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp { return b.add(a[0], p[0]) }), "addK")
					b.At(token.Position{})
					id := b.Lambda(ts(ir.Int), ts(ir.Int), func(a []ir.Exp) ir.Exp { return a[0] })
					f := b.If(p[1], fnT, func() ir.Exp { return addK }, func() ir.Exp { return id })
					return b.Apply(f, b.i(1))
				})
			},
			want: `^k.go:7:3: cgen: F: the staged function addK is used as a value and captures dynamic values \[k\]`,
		},
		{
			name: "unknown library function",
			build: func(b b) *ir.Graph {
				return b.Build(ts(ir.Complex128), func(p []ir.Exp) ir.Exp {
					b.At(pos)
					return b.Call(ir.Callee{Pkg: "math/cmplx", Name: "Sqrt", Pure: true}, ir.Complex128, p[0])
				})
			},
			want: `^k.go:7:3: cgen: F: no C translation of math/cmplx.Sqrt`,
		},
		{
			name: "error made by fmt.Errorf",
			build: func(b b) *ir.Graph {
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					b.At(pos)
					err := b.Call(ir.Callee{Pkg: "fmt", Name: "Errorf", Pure: true}, ir.ErrorType, b.s("bad %d"), p[0])
					return b.Compare(ir.OpNe, err, b.Opaque(ir.ErrorType, ir.OpaqueVal{Form: ir.OpaqueNil}))
				})
			},
			want: `^k.go:7:3: cgen: F: a value of Go type error \(the Go output makes it; C has no translation of it\): generate Go only \(-lang=go\)`,
		},
		{
			name: "error result",
			build: func(b b) *ir.Graph {
				return b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp {
					return b.Opaque(ir.ErrorType, ir.OpaqueVal{Form: ir.OpaqueNil})
				})
			},
			want: `cgen: F: the result 1 has type error, which the C entry point cannot pass`,
		},
		{
			name: "Printf of a slice",
			build: func(b b) *ir.Graph {
				return b.Build(ts(ints), func(p []ir.Exp) ir.Exp {
					b.At(pos)
					b.Print(ir.OpPrintf, b.s("%v\n"), p[0])
					return b.Unit()
				})
			},
			want: `^k.go:7:3: cgen: F: fmt.Printf of a value of type \[\]int is not supported in C`,
		},
		{
			name: "slice of strings at the entry point",
			build: func(b b) *ir.Graph {
				return b.Build(ts(ir.SliceOf(ir.String)), func(p []ir.Exp) ir.Exp { return b.Len(p[0]) })
			},
			// No node: the function's directive.
			want: `^d.go:3:1: cgen: F: the parameter 1 has type \[\]string, which the C entry point cannot pass`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.build(nb())
			dir := token.Position{Filename: "d.go", Line: 3, Column: 1}
			funcs := []cgen.Func{{Name: "F", Schedule: sched.Run(g, sched.Options{}), Pos: dir}}
			_, _, err := cgen.File("k", funcs, tc.opts)
			if err == nil || !regexp.MustCompile(tc.want).MatchString(err.Error()) {
				t.Errorf("File: error %v, want %s", err, tc.want)
			}
			if _, err := cgen.Bridge("k", funcs, tc.opts); err == nil {
				t.Errorf("Bridge: no error")
			}
		})
	}
}

// TestBadArguments checks the errors of invalid names.
func TestBadArguments(t *testing.T) {
	b := nb()
	g := b.Build(ts(ir.Int), func(p []ir.Exp) ir.Exp { return p[0] })
	s := sched.Run(g, sched.Options{})
	for _, tc := range []struct {
		pkg   string
		funcs []cgen.Func
		opts  cgen.Options
		want  string
	}{
		{"my-pkg", []cgen.Func{{Name: "F", Schedule: s}}, cgen.Options{}, `invalid package name "my-pkg"`},
		{"lms", []cgen.Func{{Name: "F", Schedule: s}}, cgen.Options{}, `package name lms: the C names`},
		{"p", []cgen.Func{{Name: "F", Schedule: s}, {Name: "F", Schedule: s}}, cgen.Options{}, `duplicate function name F`},
		{"p", []cgen.Func{{Name: "Fé", Schedule: s}}, cgen.Options{}, `invalid function name "Fé"`},
		{"p", []cgen.Func{{Name: "F"}}, cgen.Options{}, `function F has no schedule`},
	} {
		_, _, err := cgen.File(tc.pkg, tc.funcs, tc.opts)
		if err == nil || !regexp.MustCompile(regexp.QuoteMeta(tc.want)).MatchString(err.Error()) {
			t.Errorf("File(%q, %d funcs): error %v, want %s", tc.pkg, len(tc.funcs), err, tc.want)
		}
	}
	if _, err := cgen.Bridge("p", []cgen.Func{{Name: "F", Schedule: s}}, cgen.Options{Package: "a b"}); err == nil {
		t.Errorf("Bridge with package name %q: no error", "a b")
	}
	if _, err := cgen.Bridge("p", []cgen.Func{{Name: "lmsgSlice", Schedule: s}}, cgen.Options{}); err == nil {
		t.Errorf("Bridge with a function named as its helper: no error")
	}
}

// TestErrorOncePerPosition checks that an error of a call inlined many
// times (its nodes share the call's position) is reported once, as a
// positioned ir.Error.
func TestErrorOncePerPosition(t *testing.T) {
	pos := token.Position{Filename: "k.go", Line: 9, Column: 2}
	b := nb()
	g := b.Build(ts(ir.Complex128), func(p []ir.Exp) ir.Exp {
		b.At(pos)
		x := p[0]
		for range 50 {
			x = b.Call(ir.Callee{Pkg: "math/cmplx", Name: "Sqrt", Pure: true}, ir.Complex128, x)
		}
		return x
	})
	_, _, err := cgen.File("k", []cgen.Func{{Name: "F", Schedule: sched.Run(g, sched.Options{})}}, cgen.Options{})
	list, ok := err.(ir.ErrorList)
	if !ok || len(list) != 1 || list[0].Pos != pos {
		t.Fatalf("File: error %#v, want one ir.Error at %s", err, pos)
	}
}

// TestErrorChain: an error in code inlined through calls carries the
// chain of call sites, as the frontend's errors do, and is reported once
// per position (with the first chain) however many calls inlined it; the
// chain survives the graph passes (a pass that rebuilds the graph).
func TestErrorChain(t *testing.T) {
	pos := token.Position{Filename: "bits.go", Line: 5, Column: 9}
	spec := ir.CallSite{Pos: token.Position{Filename: "k.go", Line: 1, Column: 1}, Caller: "specialization F"}
	b := nb()
	g := b.Build(ts(ir.Complex128), func(p []ir.Exp) ir.Exp {
		x := p[0]
		top := b.Inline(0, spec)
		for line := range 30 {
			call := ir.CallSite{Pos: token.Position{Filename: "k.go", Line: 10 + line, Column: 2}, Caller: "f"}
			b.AtIn(pos, b.Inline(top, call))
			x = b.Call(ir.Callee{Pkg: "math/cmplx", Name: "Sqrt", Pure: true}, ir.Complex128, x)
		}
		return x
	})
	g = (&sched.Transformer{}).Transform(g) // a pass rebuilding the graph keeps the chains
	_, _, err := cgen.File("k", []cgen.Func{{Name: "F", Schedule: sched.Run(g, sched.Options{})}}, cgen.Options{})
	list, ok := err.(ir.ErrorList)
	if !ok || len(list) != 1 || list[0].Pos != pos {
		t.Fatalf("File: error %v, want one ir.Error at %s", err, pos)
	}
	want := "^bits.go:5:9: cgen: F: no C translation of math/cmplx.Sqrt \\(the README lists the library functions the C output translates\\)\n\tk.go:[0-9]+:2: called from f\n\tk.go:1:1: called from specialization F$"
	if !regexp.MustCompile(want).MatchString(list[0].Error()) {
		t.Errorf("error\n%v\nwant it to match %q", list[0], want)
	}
}
