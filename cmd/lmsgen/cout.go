package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// generateC computes the C sub-package of a package: <pkg>_lms.c,
// <pkg>_lms.h, the cgo bridge <pkg>_lms.go, and with -test the test that
// compares the C functions with the Go ones.
func generateC(cfg *config, p *frontend.Package, funcs []gogen.Func, tests []testSpec, log *logger) ([]output, error) {
	dir := filepath.Join(p.Dir, cfg.cdir)
	cpkg := filepath.Base(filepath.Clean(dir))
	if err := bridgeReachable(p); err != nil {
		return nil, err
	}
	cfuncs := make([]cgen.Func, len(funcs))
	for i, f := range funcs {
		cfuncs[i] = cgen.Func{Name: f.Name, Schedule: f.Schedule.(*sched.Schedule), ParamNames: f.ParamNames,
			Params: f.Params, Results: f.Results}
	}
	opts := cgen.Options{NoBounds: !cfg.bounds, Package: cpkg, PkgPath: p.PkgPath}
	t0 := time.Now()
	c, h, err := cgen.File(p.Name, cfuncs, opts)
	if err != nil {
		return nil, err
	}
	bridge, err := cgen.Bridge(p.Name, cfuncs, opts)
	log.phase("emit C "+p.PkgPath, t0)
	cName, hName, bName := cgen.FileNames(p.Name)
	if err != nil {
		return nil, brokenOutput(filepath.Join(dir, bName), bridge, err)
	}
	outs := []output{
		{filepath.Join(dir, cName), c},
		{filepath.Join(dir, hName), h},
		{filepath.Join(dir, bName), bridge},
	}
	if cfg.test {
		test, err := testFile(cpkg, "", p.PkgPath, tests)
		testPath := filepath.Join(dir, p.Name+"_lms_test.go")
		if err != nil {
			return nil, brokenOutput(testPath, test, err)
		}
		outs = append(outs, output{testPath, test})
		ref, err := refFile(cpkg, path.Join(p.PkgPath, filepath.ToSlash(cfg.cdir)), funcs, test, bridge)
		refPath := filepath.Join(dir, p.Name+"_lms_ref_test.go")
		if err != nil {
			return nil, brokenOutput(refPath, ref, err)
		}
		if ref != nil {
			outs = append(outs, output{refPath, ref})
		}
	}
	return outs, nil
}

// refFile returns the Go specializations with unexported names again, for
// the C sub-package's test (which cannot reach them in the Go package),
// each named lmsGo<Name> (see refName); nil if there are none. Its other
// package-level names avoid those the test and the bridge declare.
func refFile(pkg, pkgPath string, funcs []gogen.Func, files ...[]byte) ([]byte, error) {
	var refs []gogen.Func
	for _, f := range funcs {
		if !token.IsExported(f.Name) {
			f.Name = refName(f.Name)
			f.Doc = fmt.Sprintf("%s is the Go specialization %s, for the comparison with C.", f.Name, strings.TrimPrefix(f.Name, "lmsGo"))
			refs = append(refs, f)
		}
	}
	if len(refs) == 0 {
		return nil, nil
	}
	var reserved []string
	for _, src := range files {
		f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("BUG: a generated file does not parse: %v", err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					reserved = append(reserved, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						reserved = append(reserved, sp.Name.Name)
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							reserved = append(reserved, n.Name)
						}
					}
				}
			}
		}
	}
	sort.Strings(reserved)
	return gogen.File(pkg, refs, gogen.Options{Reserved: reserved, PkgPath: pkgPath})
}

// bridgeReachable reports, at the directive, a struct parameter or result
// with an unexported field: the cgo bridge, in the C sub-package, can
// neither read nor set it.
func bridgeReachable(p *frontend.Package) error {
	var errs frontend.ErrorList
	for _, s := range p.Specs {
		for _, v := range append(append([]frontend.Param(nil), s.Params...), s.Results...) {
			if f, st := unexportedField(v.GoValue); f != "" {
				errs = append(errs, &frontend.Error{Pos: s.Pos, Msg: fmt.Sprintf(
					"%s: field %s of struct type %s is not exported: the cgo bridge of -lang=c, in another package, cannot reach it", s.Name, f, st)})
				break
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// unexportedField returns the first unexported field of a struct v and
// the name of its struct type, or "".
func unexportedField(v ir.GoValue) (field, structType string) {
	for _, f := range v.Fields {
		if !token.IsExported(f.Name) {
			return f.Name, v.Named.Name
		}
		if field, structType = unexportedField(f); field != "" {
			return field, structType
		}
	}
	return "", ""
}
