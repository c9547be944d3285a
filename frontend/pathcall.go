package frontend

import (
	"path"
	"path/filepath"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages the lexical functions of packages path and
// path/filepath on strings: the names of the files a program makes with
// the world's calls (`filepath.Join(dir, "main.go")` of a directory that
// os.MkdirTemp made) are strings of the generated code. Their source
// reaches internal/filepathlite, which the generated code cannot import,
// so they are called as a whole: computed at generation time on static
// strings (they are pure: filepath's are the operating system's of
// lmsgen's process, the same as the program's when it is built for the
// machine it runs on), a pure call of the generated code with a Rep.

// pathFuncs are the functions, by full name.
var pathFuncs = map[string]any{
	"path/filepath.Join": filepath.Join, "path/filepath.Clean": filepath.Clean,
	"path/filepath.Base": filepath.Base, "path/filepath.Dir": filepath.Dir,
	"path/filepath.Ext": filepath.Ext, "path/filepath.IsAbs": filepath.IsAbs,
	"path/filepath.ToSlash": filepath.ToSlash, "path/filepath.FromSlash": filepath.FromSlash,
	"path.Join": path.Join, "path.Clean": path.Clean, "path.Base": path.Base,
	"path.Dir": path.Dir, "path.Ext": path.Ext, "path.IsAbs": path.IsAbs,
}

// pathCall evaluates a function of pathFuncs; ok is false for any other
// call.
func (fr *frame) pathCall(name string, fn *ssa.Function, args []value) (value, bool) {
	f, ok := pathFuncs[name]
	if !ok {
		return nil, false
	}
	ev := fr.ev
	staged := false
	for _, a := range args {
		staged = staged || hasRep(a, 0)
	}
	if !staged {
		switch f := f.(type) {
		case func(...string) string:
			s, _ := args[0].(sliceV) // nil: no elements
			elems := make([]string, s.len)
			for i := range elems {
				elems[i] = ev.load(&s.base[s.off+i]).(string)
			}
			return f(elems...), true
		case func(string) string:
			return f(args[0].(string)), true
		case func(string) bool:
			return f(args[0].(string)), true
		}
		panic("BUG: path function " + name + " of an unknown type")
	}
	pkg := funcPkgPath(fn)
	return fr.libCall(ir.Callee{Pkg: pkg, Name: fn.Name(), Pure: true}, nil, fn.Signature, args, name, ""), true
}
