package bf

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/rep"
	"github.com/lmsgen/lmsgen/stage"
)

// The programs' meaning, in Go.
var references = map[string]func(in []byte) []byte{
	Reverse: func(in []byte) []byte {
		out := slices.Clone(in)
		slices.Reverse(out)
		return out
	},
	Checksum: func(in []byte) []byte {
		var s byte
		for _, c := range in {
			s += c
		}
		return []byte{s}
	},
	Squares: func(in []byte) []byte {
		out := make([]byte, len(in))
		for i, c := range in {
			out[i] = c * c
		}
		return out
	},
}

// randInput returns n random nonzero bytes (a zero byte ends the programs'
// input).
func randInput(r *rand.Rand, n int) []byte {
	in := make([]byte, n)
	for i := range in {
		in[i] = byte(1 + r.IntN(255))
	}
	return in
}

func reps(b []byte) []stage.Byte    { return rep.Convert[stage.Byte](b) }
func bytesOf(s []stage.Byte) []byte { return rep.Convert[byte](s) }

// runNative runs the staging function natively on a fresh tape.
func runNative(prog string, in []byte) []byte {
	out := make([]stage.Byte, len(in)+1)
	n := Run(prog, make([]stage.Byte, len(in)+8), reps(in), out)
	return bytesOf(out[:n])
}

func runInterp(t *testing.T, prog string, in []byte) []byte {
	t.Helper()
	it, err := NewInterpreter(prog)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, len(in)+1)
	n := it.Run(make([]byte, len(in)+8), in, out)
	return out[:n]
}

func TestProgramsNative(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for prog, ref := range references {
		inputs := [][]byte{{}, {1}, {255}, {16}, []byte("hello, world")}
		for range 50 {
			inputs = append(inputs, randInput(r, r.IntN(40)))
		}
		for _, in := range inputs {
			want := ref(in)
			if got := runNative(prog, in); !bytes.Equal(got, want) {
				t.Errorf("Run(%.12q, %v) = %v, want %v", prog, in, got, want)
			}
			if got := runInterp(t, prog, in); !bytes.Equal(got, want) {
				t.Errorf("Interpreter(%.12q).Run(%v) = %v, want %v", prog, in, got, want)
			}
		}
	}
}

// Programs that exercise every op and the end of the input, run by Run and
// by the Interpreter on a tape that starts dirty.
func TestRunVsInterpreter(t *testing.T) {
	progs := []string{
		`,.,.,.`,                    // reads past the end: zeros
		`+++[>++<-]>.`,              // a multiplication loop: 6
		`-[>+<-]>.`,                 // 255 turns
		`++[>+++[>++<-]<-]>>.`,      // nested loops: 12
		`,[>+>++>---<<<-]>.>.>.`,    // a multiplication with three terms
		`+[-]+[+]>>+<<.>>.`,         // clearing loops, both ways
		`>>>,<<<,>>>[<<<+>>>-]<<<.`, // moves that cancel around a loop
		`,[.[-],]`,                  // echo
		`++++++++[>++++[>++>+++<<-]<-]>>.>+.`,
		`+[>,.<]`, // runs until the output is full
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, prog := range progs {
		for range 20 {
			in := randInput(r, r.IntN(6))
			tape := randInput(r, 16)
			out1 := make([]byte, 8)
			out2 := make([]stage.Byte, 8)
			it, err := NewInterpreter(prog)
			if err != nil {
				t.Fatal(err)
			}
			n1, p1 := runCatch(func() int { return it.Run(slices.Clone(tape), in, out1) })
			n2, p2 := runCatch(func() int { return int(Run(prog, reps(tape), reps(in), out2)) })
			if p1 != p2 || n1 != n2 || !bytes.Equal(out1[:n1], bytesOf(out2[:n2])) {
				t.Errorf("%q on %v: interpreter wrote %v (panic %v), Run wrote %v (panic %v)",
					prog, in, out1[:n1], p1, bytesOf(out2[:n2]), p2)
			}
		}
	}
}

// runCatch returns f's result, or reports that it panicked.
func runCatch(f func() int) (n int, panicked bool) {
	defer func() {
		if recover() != nil {
			n, panicked = 0, true
		}
	}()
	return f(), false
}

func TestParse(t *testing.T) {
	for _, prog := range []string{`[`, `]`, `[[]`, `[]]`, `+[.`} {
		if _, err := parse(prog); err == nil {
			t.Errorf("parse(%q) succeeded", prog)
		}
	}
	tests := []struct {
		prog string
		want []op
	}{
		{`+++--`, []op{{kind: opAdd, n: 1}}},
		{`+-`, nil},
		{`>><<<`, []op{{kind: opMove, n: -1}}},
		{`a+b`, []op{{kind: opAdd, n: 1}}},
		{`[-]`, []op{{kind: opClear}}},
		{`[+]`, []op{{kind: opClear}}},
		{`[->++>-<<]`, []op{{kind: opMul, terms: []term{{1, 2}, {2, 255}}}}},
		{`[>-<-]`, []op{{kind: opMul, terms: []term{{1, 255}}}}},
		{`[->+]`, []op{{kind: opLoop, body: []op{{kind: opAdd, n: 255}, {kind: opMove, n: 1}, {kind: opAdd, n: 1}}}}},
		{`[--]`, []op{{kind: opLoop, body: []op{{kind: opAdd, n: 254}}}}},
		{`[-.]`, []op{{kind: opLoop, body: []op{{kind: opAdd, n: 255}, {kind: opOut}}}}},
	}
	for _, tt := range tests {
		got, err := parse(tt.prog)
		if err != nil {
			t.Errorf("parse(%q): %v", tt.prog, err)
			continue
		}
		if !equalOps(got, tt.want) {
			t.Errorf("parse(%q) = %+v, want %+v", tt.prog, got, tt.want)
		}
	}
}

func equalOps(a, b []op) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].kind != b[i].kind || a[i].n != b[i].n || !slices.Equal(a[i].terms, b[i].terms) || !equalOps(a[i].body, b[i].body) {
			return false
		}
	}
	return true
}

// Moving off the tape panics, in Run as in the Interpreter.
func TestTapeBounds(t *testing.T) {
	if _, p := runCatch(func() int { return int(Run(`<+`, make([]stage.Byte, 4), nil, nil)) }); !p {
		t.Error("Run moving left of cell 0 did not panic")
	}
	it, _ := NewInterpreter(`<+`)
	if _, p := runCatch(func() int { return it.Run(make([]byte, 4), nil, nil) }); !p {
		t.Error("Interpreter moving left of cell 0 did not panic")
	}
}
