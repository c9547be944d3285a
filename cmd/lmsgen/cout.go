package main

import (
	"fmt"
	"go/token"
	"path/filepath"
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
		return nil, emitFailure(cfg, p, "", nil, err)
	}
	bridge, err := cgen.Bridge(p.Name, cfuncs, opts)
	log.phase("emit C "+p.PkgPath, t0)
	cName, hName, bName := cgen.FileNames(p.Name)
	if err != nil {
		return nil, emitFailure(cfg, p, filepath.Join(dir, bName), bridge, err)
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
			return nil, emitFailure(cfg, p, testPath, test, err)
		}
		outs = append(outs, output{testPath, test})
	}
	return outs, nil
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
