package gogen_test

import (
	"errors"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
)

// TestFuncError checks that an error about one function names it, so that
// the command can report it at the function's directive.
func TestFuncError(t *testing.T) {
	f := caseFunc(t, "Sign")
	for _, funcs := range [][]gogen.Func{
		{f, f},
		{{Name: "len", Schedule: f.Schedule}},
	} {
		_, err := gogen.File("main", funcs, gogen.Options{})
		var fe *gogen.FuncError
		if !errors.As(err, &fe) || fe.Func != funcs[len(funcs)-1].Name {
			t.Errorf("File(%s): error %v, want a FuncError naming it", funcs[len(funcs)-1].Name, err)
		}
		if errors.Is(err, gogen.ErrNesting) {
			t.Errorf("File(%s): %v is not a nesting error", funcs[len(funcs)-1].Name, err)
		}
	}
}
