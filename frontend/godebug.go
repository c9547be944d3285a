package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file answers internal/godebug.New, which standard packages loaded
// from source call in their package initialization (html/template's
// godebug.New("jstmpllitinterp")): New only makes a *godebug.Setting
// holding the name, which the evaluator makes as the package's source
// does (internal/godebug has no source here: its initialization hands
// the runtime a callback, through go:linkname). Reading the setting
// (Value, String, IncNonDefault, ...) is refused by world.go: it reads
// the running program's GODEBUG, from its environment and the defaults
// of its module's go version, which the generated code could read only
// through internal/godebug, which it cannot import.

// godebugCall answers internal/godebug.New (fn, called with args) and
// reports whether name is it.
func (fr *frame) godebugCall(name string, fn *ssa.Function, args []value) (value, bool) {
	if name != "internal/godebug.New" {
		return nil, false
	}
	ev := fr.ev
	t := fn.Signature.Results().At(0).Type().(*types.Pointer).Elem()
	st, ok := t.Underlying().(*types.Struct)
	if !ok || st.NumFields() == 0 || st.Field(0).Name() != "name" {
		panic("BUG: internal/godebug.Setting is not a struct whose first field is its name")
	}
	name0, ok := ev.resolve(args[0]).(string)
	if !ok {
		ev.fail("call of internal/godebug.New with a Rep: a setting's name must be static")
	}
	s := ev.zero(t).(structure)
	s[0] = name0
	return ev.newCell(s), true
}
