package cgen

import (
	"fmt"
	"go/token"
	"path"
	"sort"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file handles the Go signatures of the bridge's functions that are
// not one Go parameter (result) per graph input (result): a struct
// parameter (Func.Params) passes its fields to the C entry point, a struct
// result (Func.Results) is built from the fields C returns. The structs'
// types and their fields' stage types come from other packages, which the
// bridge imports: the package of the Go specializations as its own name,
// the others by the last element of their path.

// bridgeImport is a package the bridge imports for the types of its
// signatures.
type bridgeImport struct {
	path, name string
}

type bridgeImports []bridgeImport

// importsOf lists the packages the signatures of funcs refer to, in
// path order, and checks that the bridge can reach the structs' fields.
func importsOf(pkg string, funcs []Func, opts Options) (bridgeImports, error) {
	names := map[string]string{}
	name := func(n ir.GoName) {
		if _, ok := names[n.Path]; !ok && !n.IsZero() {
			names[n.Path] = path.Base(n.Path)
			if n.Path == opts.PkgPath {
				names[n.Path] = pkg
			}
		}
	}
	// A struct parameter's type is named in the signature, and its fields
	// are only read; a result is built, naming the types of all its fields
	// (see pack).
	var walk func(f string, v ir.GoValue, result bool) error
	walk = func(f string, v ir.GoValue, result bool) error {
		if result || v.IsArray() {
			// An array parameter's type is a literal naming its
			// elements' types ([3]stage.Float64).
			name(v.Named)
			if v.IsArray() && !v.Fields[0].IsStruct() {
				name(v.Fields[0].Named)
			}
		}
		if !v.IsStruct() && v.Type.Kind == ir.KSlice && v.Type.Elem.Kind == ir.KStruct {
			// A slice of structs (aos.go) names its element type.
			name(v.Type.Elem.Named)
			if err := checkAoS(f, v.Type.Elem); err != nil {
				return err
			}
		}
		for _, fd := range v.Fields {
			if !v.IsArray() && !token.IsExported(fd.Name) {
				return fmt.Errorf("cgen: %s: field %s of %s is not exported: the bridge, in another package, cannot reach it", f, fd.Name, v.Named.Name)
			}
			if err := walk(f, fd, result); err != nil {
				return err
			}
		}
		return nil
	}
	for _, f := range funcs {
		for _, v := range f.Params {
			if v.IsStruct() {
				name(v.Named)
			}
			if err := walk(f.Name, v, false); err != nil {
				return nil, err
			}
		}
		for _, v := range f.Results {
			if err := walk(f.Name, v, true); err != nil {
				return nil, err
			}
		}
	}
	var imps bridgeImports
	seen := map[string]bool{}
	for p, n := range names {
		imps = append(imps, bridgeImport{p, n})
	}
	sort.Slice(imps, func(i, j int) bool { return imps[i].path < imps[j].path })
	for _, imp := range imps {
		if seen[imp.name] || goReserved[imp.name] {
			return nil, fmt.Errorf("cgen: the bridge cannot import %s as %s: the name is taken", imp.path, imp.name)
		}
		seen[imp.name] = true
	}
	return imps, nil
}

// qual writes a declared type as the bridge refers to it.
func (imps bridgeImports) qual(n ir.GoName) string {
	for _, imp := range imps {
		if imp.path == n.Path {
			return imp.name + "." + n.Name
		}
	}
	panic("BUG: cgen: no import for " + n.Path)
}

// pack returns the Go value of result r built from the first of vals (Go
// expressions of the graph results' types), and the rest of vals.
func (imps bridgeImports) pack(r ir.GoValue, vals []string, usesSliceAs *bool) (string, []string) {
	if !r.IsStruct() {
		v := vals[0]
		switch {
		case r.Named.IsZero():
		case r.Slice:
			*usesSliceAs = true
			v = fmt.Sprintf("lmsgSliceAs[%s](%s)", imps.qual(r.Named), v)
		default:
			v = fmt.Sprintf("%s(%s)", imps.qual(r.Named), v)
		}
		return v, vals[1:]
	}
	var fields []string
	for _, f := range r.Fields {
		var v string
		v, vals = imps.pack(f, vals, usesSliceAs)
		if r.IsArray() {
			fields = append(fields, v)
		} else {
			fields = append(fields, f.Name+": "+v)
		}
	}
	return imps.recordType(r) + "{" + strings.Join(fields, ", ") + "}", vals
}

// recordType writes the Go type of a struct or an array of Reps as the
// bridge refers to it: its declared name, or an array type literal.
func (imps bridgeImports) recordType(v ir.GoValue) string { return v.TypeText(imps.qual) }
