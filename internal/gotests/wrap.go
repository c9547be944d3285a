package gotests

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"
)

// This file rewrites a test program into a staging package.

// The names the wrapping adds; a program that declares one is not wrapped.
const (
	stagedName    = "lmsgotestStaged"    // the staging function
	generatedName = "lmsgotestGenerated" // the specialization lmsgen writes
	mainName      = "lmsgotestMain"      // the program's main, renamed
	initPrefix    = "lmsgotestInit"      // the program's init functions, renamed

	// callDepth is the -calldepth budget of the staging function. The
	// default (256) bounds inlining, which a recursion on a Rep never
	// ends; the test programs recurse with static arguments only, often
	// thousands deep (to grow the stack), which evaluation at generation
	// time does as Go does. A user raises the budget the same way.
	callDepth = 20000

	// steps is the -steps budget of the staging function: ten times the
	// default (2e7), about a minute of an interpreted step each 0.25 µs
	// on the 2-core machine, within the time the runner gives lmsgen
	// (6 minutes) under load. The test programs are written to run in a
	// second natively: a few run 1e8 steps (issue16249's 2e4-deep
	// recursions, issue39541's 1e6 calls through reflect.MakeFunc). A
	// user raises the budget the same way.
	steps = 200_000_000
)

// Wrap rewrites the program src so that its behaviour is staged whole:
// main and every init function are renamed, and a staging function
//
//	//lms:gen lmsgotestGenerated -calldepth=20000 -steps=200000000
//	func lmsgotestStaged() { lmsgotestInit0(); ...; lmsgotestMain() }
//
// calls them in Go's order; the new main calls the generated function.
// Package-level variables are initialized by the package as before, at
// generation time (the evaluator runs their initializers) and at run time.
// Everything else is left byte for byte, so positions in lmsgen's messages
// are the program's own.
func Wrap(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "prog.go", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	if f.Name.Name != "main" {
		return nil, fmt.Errorf("package %s, not main", f.Name.Name)
	}
	type rename struct {
		off  int
		name string
	}
	var renames []rename
	var inits []string
	hasMain := false
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil {
			continue
		}
		off := fset.Position(fd.Name.Pos()).Offset
		switch fd.Name.Name {
		case "main":
			hasMain = true
			renames = append(renames, rename{off, mainName})
		case "init":
			n := fmt.Sprintf("%s%d", initPrefix, len(inits))
			inits = append(inits, n)
			renames = append(renames, rename{off, n})
		}
	}
	if !hasMain {
		return nil, fmt.Errorf("no func main")
	}
	if strings.Contains(string(src), "lmsgotest") {
		return nil, fmt.Errorf("the program uses the wrapper's names")
	}
	sort.Slice(renames, func(i, j int) bool { return renames[i].off < renames[j].off })
	var b strings.Builder
	last := 0
	for _, r := range renames {
		b.Write(src[last:r.off])
		b.WriteString(r.name)
		last = r.off + len("main")
		if strings.HasPrefix(r.name, initPrefix) {
			last = r.off + len("init")
		}
	}
	b.Write(src[last:])
	fmt.Fprintf(&b, "\n// %s is the program, staged whole.\n//\n//lms:gen %s -calldepth=%d -steps=%d\nfunc %s() {\n", stagedName, generatedName, callDepth, steps, stagedName)
	for _, n := range inits {
		fmt.Fprintf(&b, "\t%s()\n", n)
	}
	fmt.Fprintf(&b, "\t%s()\n}\n\nfunc main() { %s() }\n", mainName, generatedName)
	return []byte(b.String()), nil
}
