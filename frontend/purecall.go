package frontend

import (
	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages the pure library functions whose source the
// evaluator would otherwise stage statement by statement on a Rep: the
// functions of path and path/filepath that only compute a path from
// paths (filepath.Join of a directory the generated code made), and
// regexp.Match and MatchString of a Rep text. Their Go,
// staged on a Rep string, branches on its length and bytes (strings.Join's
// overflow panics, Clean's scan), which the graph cannot follow; called
// by the generated code they are one pure call, with the meaning of the
// platform it runs on, as in the program. With static arguments the
// evaluator runs their source as before. C refuses the call (no
// translation), positioned.

// purePathCalls are the functions staged as calls with a Rep argument:
// pure, or (false) an impure call that may panic, for a function that
// takes a slice (the graph orders it with the writes of the slice) or
// returns an error (two calls are two errors, never merged into one).
var purePathCalls = map[string]bool{
	"path/filepath.Join": true, "path/filepath.Clean": true, "path/filepath.Base": true,
	"path/filepath.Dir": true, "path/filepath.Ext": true, "path/filepath.IsAbs": true,
	"path/filepath.ToSlash": true, "path/filepath.FromSlash": true, "path/filepath.Split": true,
	"path.Join": true, "path.Clean": true, "path.Base": true, "path.Dir": true, "path.Ext": true,
	"path.IsAbs": true, "path.Split": true,
	// A regular expression matched against a Rep (a command's output):
	// the matcher's source staged on a Rep uses a sync.Pool under staged
	// control.
	"regexp.MatchString": false, "regexp.Match": false,
}

// pureCall stages a call of one of purePathCalls (fn, named name) with a
// Rep among args; ok is false otherwise.
func (fr *frame) pureCall(name string, fn *ssa.Function, args []value) (value, bool) {
	pure, ok := purePathCalls[name]
	if !ok {
		return nil, false
	}
	return fr.repLibCall(ir.Callee{Pkg: funcPkgPath(fn), Name: fn.Name(), Pure: pure, Trap: !pure}, name, fn, args)
}

// repLibCall stages library function fn (named name) as call c of the
// generated code when a Rep is among args; ok is false when none is
// (the evaluator runs fn itself). bytescall.go shares it.
func (fr *frame) repLibCall(c ir.Callee, name string, fn *ssa.Function, args []value) (value, bool) {
	if !repAmong(args) {
		return nil, false
	}
	return fr.libCall(c, nil, fn.Signature, args, name, ""), true
}

// repAmong reports whether a Rep is among args (or inside one of them).
func repAmong(args []value) bool {
	for _, a := range args {
		if hasRep(a, 0) {
			return true
		}
	}
	return false
}
