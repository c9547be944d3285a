package pipeline

import (
	"fmt"
	"go/scanner"
	"go/token"
	"path/filepath"

	"github.com/lmsgen/lmsgen/ir"
)

// This file refuses, at the declaration, a package-level name that
// shadows one of Go's predeclared names the generated code uses: a
// package that declares len, panic or int at package level would have
// the generated code, in the same package, call or convert to the
// package's own instead of Go's (a type error at best). The generated
// code avoids min and max where the package declares them (gogen
// minmax.go, the differential tests' helpers), the common case of code
// older than Go 1.21; the other names are rare, and renaming them is the
// fix.

// shadowedUses returns the errors of the predeclared names the package
// declares and the file src, an output at path in the package, uses.
func shadowedUses(p *Package, path string, src []byte) error {
	if len(p.Shadowed) == 0 {
		return nil
	}
	used := identifiers(src)
	var errs ir.ErrorList
	for _, sh := range p.Shadowed {
		if used[sh.Name] {
			errs = append(errs, &ir.Error{Pos: sh.Pos, Msg: fmt.Sprintf(
				"package-level %s shadows Go's predeclared %s, which the generated %s uses: rename it", sh.Name, sh.Name, filepath.Base(path))})
		}
	}
	return errs.Err()
}

// identifiers returns the identifiers src uses other than as selectors
// (x.len is a field or method, not the predeclared len).
func identifiers(src []byte) map[string]bool {
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(f, src, nil, 0)
	ids := map[string]bool{}
	prev := token.ILLEGAL
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return ids
		}
		if tok == token.IDENT && prev != token.PERIOD {
			ids[lit] = true
		}
		prev = tok
	}
}
