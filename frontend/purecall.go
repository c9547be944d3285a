package frontend

import (
	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages the pure library functions whose source the
// evaluator would otherwise stage statement by statement on a Rep: the
// functions of path and path/filepath that only compute a path from
// paths (filepath.Join of a directory the generated code made). Their Go,
// staged on a Rep string, branches on its length and bytes (strings.Join's
// overflow panics, Clean's scan), which the graph cannot follow; called
// by the generated code they are one pure call, with the meaning of the
// platform it runs on, as in the program. With static arguments the
// evaluator runs their source as before. C refuses the call (no
// translation), positioned.

// purePathCalls are the functions staged as pure calls with a Rep
// argument.
var purePathCalls = map[string]bool{
	"path/filepath.Join": true, "path/filepath.Clean": true, "path/filepath.Base": true,
	"path/filepath.Dir": true, "path/filepath.Ext": true, "path/filepath.IsAbs": true,
	"path/filepath.ToSlash": true, "path/filepath.FromSlash": true, "path/filepath.Split": true,
	"path.Join": true, "path.Clean": true, "path.Base": true, "path.Dir": true, "path.Ext": true,
	"path.IsAbs": true, "path.Split": true,
}

// pureCall stages a call of one of purePathCalls (fn, named name) with a
// Rep among args; ok is false otherwise.
func (fr *frame) pureCall(name string, fn *ssa.Function, args []value) (value, bool) {
	if !purePathCalls[name] {
		return nil, false
	}
	anyRep := false
	for _, a := range args {
		anyRep = anyRep || hasRep(a, 0)
	}
	if !anyRep {
		return nil, false
	}
	c := ir.Callee{Pkg: funcPkgPath(fn), Name: fn.Name(), Pure: true}
	return fr.libCall(c, nil, fn.Signature, args, name, ""), true
}
