package main

import (
	"path/filepath"
	"time"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/sched"
)

// generateC computes the C sub-package of a package: <pkg>_lms.c,
// <pkg>_lms.h, the cgo bridge <pkg>_lms.go, and with -test the test that
// compares the C functions with the Go ones.
func generateC(cfg *config, p *frontend.Package, funcs []gogen.Func, tests []testSpec, log *logger) ([]output, error) {
	dir := filepath.Join(p.Dir, cfg.cdir)
	cpkg := filepath.Base(filepath.Clean(dir))
	cfuncs := make([]cgen.Func, len(funcs))
	for i, f := range funcs {
		cfuncs[i] = cgen.Func{Name: f.Name, Schedule: f.Schedule.(*sched.Schedule), ParamNames: f.ParamNames}
	}
	opts := cgen.Options{NoBounds: !cfg.bounds, Package: cpkg}
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
	}
	return outs, nil
}
