package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// meaningSrc holds kernels whose generated code once did not compile or
// meant something else than the staging function (see
// frontend/testdata/eval/meaning.txtar for the golden output).
const meaningSrc = `package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

//lms:gen ShiftConv
func shiftConv(s stage.Int) (stage.Int, stage.Int, stage.Float64) {
	a := stage.Int(uint8(stage.Int(-257) >> (uint(s) & 63)))
	b := stage.Int(int32(stage.Int(1594203347672561416) << (uint(s) & 63)))
	c := stage.Float64(float64(stage.Int(1) << (uint(s) & 63)))
	return a, b, c
}

//lms:gen Halving
func halving(arg stage.Int16) stage.Int {
	x := arg &^ 1
	for x != 0 {
		x -= 2
	}
	return 1
}

func say(s string) string {
	fmt.Print(s)
	return s
}

var (
	_ = d
	_ = say("_")
	a = say("a")
	b = say("b")
	c = say("c")
	d = say("d")
)

//lms:gen Vet
func vet(x stage.Int) stage.Int {
	f := "%s and %d"
	nl := "end\n"
	fmt.Print(f, x, "\n")
	fmt.Println(f, x, nl)
	fmt.Print(a, b, c, d, x, "\n")
	return x + 1
}

// Native is the staging functions, called natively.
var Native = struct {
	ShiftConv func(stage.Int) (stage.Int, stage.Int, stage.Float64)
	Halving   func(stage.Int16) stage.Int
	Vet       func(stage.Int) stage.Int
}{shiftConv, halving, vet}
`

// meaningMain runs the kernels natively, generated in Go or in C (the
// argument says which) and prints what they return and print.
const meaningMain = `package main

import (
	"fmt"
	"os"

	"example.com/m/kernels"
	"example.com/m/kernels/lmsc"
	"github.com/lmsgen/lmsgen/stage"
)

func main() {
	for _, s := range []int{0, 1, 7, 8, 31, 63, 64, 200} {
		switch os.Args[1] {
		case "native":
			a, b, c := kernels.Native.ShiftConv(stage.Int(s))
			fmt.Println(a, b, c, kernels.Native.Halving(stage.Int16(s-7)), kernels.Native.Vet(stage.Int(s)))
		case "go":
			a, b, c := kernels.ShiftConv(s)
			fmt.Println(a, b, c, kernels.Halving(int16(s-7)), kernels.Vet(s))
		case "c":
			a, b, c := lmsc.ShiftConv(s)
			fmt.Println(a, b, c, lmsc.Halving(int16(s-7)), lmsc.Vet(s))
		}
	}
}
`

// TestMeaning: generated Go and C compile, pass vet, and compute and
// print what the staging functions do natively: constants shifted by a
// variable count inside conversions, a loop that may not end kept,
// package initialization printed once (not by every call), constants
// that vet would take for formats.
func TestMeaning(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	dir := module(t, map[string]string{"kernels/kernels.go": meaningSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-lang=go,c")
	require.Equal(t, 0, r.status, r.stderr)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "cmd"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cmd", "main.go"), []byte(meaningMain), 0o644))
	gen := read(t, filepath.Join(kdir, "kernels_lms.go"))
	require.Contains(t, gen, "x != 0", "the loop that may not end is kept")
	goCmd(t, dir, "vet", "./...")
	goCmd(t, dir, "build", "-o", "prog", "./cmd")
	outs := map[string]string{}
	for _, mode := range []string{"native", "go", "c"} {
		res := runIn(t, dir, nil, filepath.Join(dir, "prog"), mode)
		require.Equal(t, 0, res.status, res.stderr)
		outs[mode] = res.stdout
	}
	require.Equal(t, 1, strings.Count(outs["native"], "_abcd"), "package initialization prints once:\n%s", outs["native"])
	require.Equal(t, outs["native"], outs["go"], "generated Go")
	require.Equal(t, outs["native"], outs["c"], "generated C")
}
