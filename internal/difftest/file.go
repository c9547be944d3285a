package difftest

import (
	"bytes"
	"fmt"
	"go/format"
	"slices"
	"strings"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
)

// This file writes a test file: the header, the imports, each
// specialization's test and benchmark, the shared helpers, gofmt.

// File returns <pkg>_lms_test.go, package pkg (with the //go:build line
// buildConstraint if not empty): for every specialization, a
// deterministic random differential test of the generated function against
// the staging function called natively (results, panics, printed output
// and slices modified in place must agree), and a benchmark of each.
//
// With cImport set, it writes the test of the C sub-package instead: the C
// bridge's function against the Go specialization of the package imported
// from cImport (for an unexported name, against the copy of it that
// RefFile writes beside the test). A C panic ends the process, so inputs
// on which the Go version panics are skipped there.
//
// The specializations' graphs are those after the graph passes: the
// inputs that may bound a staged loop are found in them (loopbound.go).
func File(pkg, buildConstraint, cImport string, specs []*frontend.Spec) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\n", ir.Header())
	if buildConstraint != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", buildConstraint)
	}
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	var extra []frontend.Import
	if cImport == "" {
		var err error
		if extra, err = argImports(specs); err != nil {
			return nil, err
		}
	}
	b.WriteString("import (\n")
	for _, imp := range imports[:len(imports)-1] {
		fmt.Fprintf(&b, "\t%q\n", imp.Path)
	}
	b.WriteString("\n")
	for _, imp := range extra {
		fmt.Fprintf(&b, "\t%s %q\n", imp.Name, imp.Path)
	}
	if cImport != "" {
		fmt.Fprintf(&b, "\tgo_ %q\n", cImport)
	}
	fmt.Fprintf(&b, "\t%q\n", imports[len(imports)-1].Path)
	b.WriteString(")\n\nvar _ = math.NaN\n\nvar _ stage.Int\n")
	for _, s := range specs {
		writeSpecTest(&b, specOf(s), cImport != "")
	}
	b.WriteString(testHelpers)
	if slices.ContainsFunc(specs, func(s *frontend.Spec) bool { return s.RelaxedFP }) {
		b.WriteString(relaxedHelpers)
	}
	return formatFile(b.Bytes())
}

// imports are the packages every test file imports, by their own names:
// the standard library's, then (last) the stage package. The packages of
// the directives' arguments are imported beside stage.
var imports = []frontend.Import{
	{Name: "fmt", Path: "fmt"}, {Name: "math", Path: "math"}, {Name: "rand", Path: "math/rand/v2"},
	{Name: "os", Path: "os"}, {Name: "exec", Path: "os/exec"}, {Name: "reflect", Path: "reflect"},
	{Name: "syscall", Path: "syscall"}, {Name: "testing", Path: "testing"}, {Name: "time", Path: "time"},
	{Name: "unsafe", Path: "unsafe"}, {Name: "stage", Path: stagePath},
}

// argImports returns the packages the specializations' static and type
// arguments name that the test file does not import already, sorted by
// name; an error for a name the file gives another package.
func argImports(specs []*frontend.Spec) ([]frontend.Import, error) {
	var extra []frontend.Import
	for _, s := range specs {
	next:
		for _, imp := range s.Imports {
			for _, have := range append(imports[:len(imports):len(imports)], extra...) {
				switch {
				case have == imp:
					continue next
				case have.Name == imp.Name:
					return nil, &ir.Error{Pos: s.Pos, Msg: fmt.Sprintf("%s: -test cannot write its arguments: they name package %s as %s, a name the generated test gives %s (import it under another name)", s.Name, imp.Path, imp.Name, have.Path)}
				}
			}
			extra = append(extra, imp)
		}
	}
	slices.SortFunc(extra, func(a, b frontend.Import) int { return strings.Compare(a.Name, b.Name) })
	return extra, nil
}

// formatFile gofmts a generated file, and checks that gofmt leaves the
// result as it is (gofmt is not idempotent on every input; a file it
// would change again is a bug of the generator).
func formatFile(src []byte) ([]byte, error) {
	out, err := format.Source(src)
	if err != nil {
		return src, fmt.Errorf("BUG: generated test does not format: %v", err)
	}
	if again, err := format.Source(out); err != nil || !bytes.Equal(again, out) {
		return src, fmt.Errorf("BUG: generated test is not stable under gofmt")
	}
	return out, nil
}

func writeSpecTest(b *bytes.Buffer, s testSpec, cMode bool) {
	var dyn []testArg
	for _, a := range s.Args {
		if a.Static == "" {
			dyn = append(dyn, a)
		}
	}
	qual := ""
	if cMode {
		qual = "go_."
	}
	if len(dyn) > 0 {
		writeInputs(b, s, dyn, qual)
		writeSize(b, s, dyn, qual)
	}
	if !cMode {
		writeNative(b, s, dyn)
	}
	writeTestAndBench(b, s, dyn, cMode)
}
