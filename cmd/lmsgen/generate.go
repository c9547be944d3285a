package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// runGenerate loads the packages once, specializes every //lms:gen
// directive, and writes the outputs — all of them, or none if any error
// occurred.
func runGenerate(cfg *config, stdout, stderr io.Writer) int {
	log := newLogger(cfg.verbose, stderr)
	start := time.Now()
	res, err := frontend.Load(frontend.Config{Patterns: cfg.patterns, Tags: cfg.tags, Budgets: cfg.budgets, Run: cfg.runName})
	log.phase("load and evaluate", start)
	if err != nil {
		return reportErrors(err, cfg.allErrs, stderr)
	}
	if cfg.dump != "" {
		return dump(cfg, res, stdout, stderr)
	}
	if cfg.output != "" && len(res.Packages) > 1 {
		fmt.Fprintln(stderr, "lmsgen: -o names one output file: give one package")
		return exitUsage
	}
	outs := make([][]output, len(res.Packages))
	errs := make([]error, len(res.Packages))
	logs := make([]bytes.Buffer, len(res.Packages))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range res.Packages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			outs[i], errs[i] = generatePackage(cfg, p, newLogger(cfg.verbose, &logs[i]))
		}()
	}
	wg.Wait()
	for i := range res.Packages {
		stderr.Write(logs[i].Bytes()) // in package order, whatever the scheduling
	}
	if err := errors.Join(errs...); err != nil {
		return reportErrors(err, cfg.allErrs, stderr)
	}
	var all []output
	for _, o := range outs {
		all = append(all, o...)
	}
	if err := writeAll(all); err != nil {
		fmt.Fprintf(stderr, "lmsgen: %v\n", err)
		return exitInput
	}
	log.phase("total", start)
	return exitOK
}

// generatePackage computes the output files of one package.
func generatePackage(cfg *config, p *frontend.Package, log *logger) ([]output, error) {
	var funcs []gogen.Func
	var tests []testSpec
	for _, s := range p.Specs {
		t0 := time.Now()
		sc := sched.Run(s.Graph, sched.Options{Verbose: cfg.verbose})
		log.phase("schedule "+s.Name, t0)
		if cfg.verbose {
			for _, d := range sc.Decisions() {
				log.printf("%s: %s: %v\n", s.Pos, s.Name, d)
			}
		}
		names, params, results := s.Signature()
		funcs = append(funcs, gogen.Func{Name: s.Name, Schedule: sc, ParamNames: names, Params: params, Results: results, Doc: specDoc(s)})
		tests = append(tests, testSpecOf(s))
	}
	constraint := ""
	if p.StagingTagged {
		constraint = "!lmsgen"
	}
	t0 := time.Now()
	src, err := gogen.File(p.Name, funcs, gogen.Options{BuildConstraint: constraint, Reserved: p.Reserved, PkgPath: p.PkgPath})
	log.phase("emit Go "+p.PkgPath, t0)
	goPath := filepath.Join(p.Dir, p.Name+"_lms.go")
	if cfg.output != "" {
		goPath = cfg.output
		if !filepath.IsAbs(goPath) {
			goPath = filepath.Join(p.Dir, goPath)
		}
	}
	if err != nil {
		return nil, brokenOutput(goPath, src, err)
	}
	outs := []output{{goPath, src}}
	if cfg.test {
		if err := testable(p); err != nil {
			return nil, err
		}
		test, err := testFile(p.Name, constraint, "", tests)
		testPath := filepath.Join(p.Dir, p.Name+"_lms_test.go")
		if err != nil {
			return nil, brokenOutput(testPath, test, err)
		}
		outs = append(outs, output{testPath, test})
	}
	if hasLang(cfg, "c") {
		c, err := generateC(cfg, p, funcs, tests, log)
		if err != nil {
			return nil, err
		}
		outs = append(outs, c...)
	}
	if !hasLang(cfg, "go") {
		// -lang=c writes the C sub-package alone (parse rejects -test
		// with it: the C test compares C with the Go output).
		outs = outs[1:]
	}
	return outs, nil
}

func hasLang(cfg *config, l string) bool {
	for _, x := range cfg.langs {
		if x == l {
			return true
		}
	}
	return false
}

// brokenOutput reports an emitter failure (a bug in lmsgen): the raw text
// is kept beside the output as <file>.broken for the bug report.
func brokenOutput(path string, data []byte, err error) error {
	if len(data) > 0 {
		if werr := writeAtomic(path+".broken", data); werr == nil {
			return fmt.Errorf("%s: %v (the unformatted output is in %s.broken)", path, err, filepath.Base(path))
		}
	}
	return fmt.Errorf("%s: %v", path, err)
}

func specDoc(s *frontend.Spec) string {
	var static []string
	for _, a := range s.Static {
		static = append(static, a.Param+"="+a.Expr)
	}
	doc := fmt.Sprintf("%s is %s specialized", s.Name, s.Origin)
	if len(static) > 0 {
		doc += " with " + joinAnd(static)
	}
	return doc + "."
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	s := ""
	for i, x := range xs {
		switch {
		case i == len(xs)-1:
			s += " and " + x
		case i > 0:
			s += ", " + x
		default:
			s += x
		}
	}
	return s
}

// testSpecOf describes a specialization for the generated tests.
func testSpecOf(s *frontend.Spec) testSpec {
	t := testSpec{Name: s.Name, Origin: s.Origin, Method: s.Method}
	for _, r := range s.Results {
		t.Results = append(t.Results, r.GoValue)
	}
	static := map[int]string{}
	n := len(s.Params) + len(s.Static)
	for _, a := range s.Static {
		static[a.Index] = a.Expr
	}
	d := 0
	for i := 0; i < n; i++ {
		if e, ok := static[i]; ok {
			t.Args = append(t.Args, testArg{Static: e})
			continue
		}
		t.Args = append(t.Args, testArg{Value: s.Params[d].GoValue, LoopBound: s.Params[d].LoopBound})
		d++
	}
	return t
}

// dump prints the graph, the schedule or the DOT graph of the
// specialization named by -run.
func dump(cfg *config, res *frontend.Result, stdout, stderr io.Writer) int {
	for _, p := range res.Packages {
		for _, s := range p.Specs {
			if s.Name != cfg.runName {
				continue
			}
			switch cfg.dump {
			case "ir":
				ir.Fprint(stdout, s.Graph)
			case "dot":
				ir.FprintDot(stdout, s.Graph)
			case "deps":
				ir.FprintDeps(stdout, s.Graph)
			case "sched":
				fmt.Fprint(stdout, sched.Run(s.Graph, sched.Options{}).String())
			}
			return exitOK
		}
	}
	fmt.Fprintf(stderr, "lmsgen: no specialization named %s in %v\n", cfg.runName, cfg.patterns)
	return exitInput
}

// reportErrors prints errors one per line, at most 10 unless all is set,
// and returns the exit status for input errors.
func reportErrors(err error, all bool, stderr io.Writer) int {
	list := flatten(err)
	wd, _ := os.Getwd()
	for i, e := range list {
		if fe, ok := e.(*frontend.Error); ok {
			e = relativeError(fe, wd)
		}
		if i == 10 && !all {
			fmt.Fprintf(stderr, "too many errors (%d more; -e shows all)\n", len(list)-10)
			break
		}
		fmt.Fprintln(stderr, e)
	}
	return exitInput
}

// flatten lists the errors inside err: the elements of joined errors and
// of frontend error lists, in order.
func flatten(err error) []error {
	switch e := err.(type) {
	case frontend.ErrorList:
		list := make([]error, len(e))
		for i, fe := range e {
			list[i] = fe
		}
		return list
	case interface{ Unwrap() []error }:
		var list []error
		for _, x := range e.Unwrap() {
			list = append(list, flatten(x)...)
		}
		return list
	}
	return []error{err}
}

// logger prints -v output: phase timings and decisions.
type logger struct {
	on bool
	w  io.Writer
}

func newLogger(on bool, w io.Writer) *logger { return &logger{on: on, w: w} }

func (l *logger) printf(format string, args ...any) {
	if l.on {
		fmt.Fprintf(l.w, format, args...)
	}
}

func (l *logger) phase(name string, start time.Time) {
	l.printf("lmsgen: %-40s %v\n", name, time.Since(start).Round(time.Microsecond))
}

// relativeError returns fe with its file names relative to the working
// directory when they are inside it, as the go command prints them.
func relativeError(fe *frontend.Error, wd string) error {
	c := *fe
	c.Pos.Filename = relPath(wd, c.Pos.Filename)
	c.Chain = append([]frontend.CallSite(nil), fe.Chain...)
	for i := range c.Chain {
		c.Chain[i].Pos.Filename = relPath(wd, c.Chain[i].Pos.Filename)
	}
	return &c
}

func relPath(wd, name string) string {
	if wd == "" || !filepath.IsAbs(name) {
		return name
	}
	if r, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return name
}

// testable reports, at the directive, a specialization whose staging
// function is in a file built only with the lmsgen tag: its differential
// test, built without the tag beside the generated code, cannot call it.
func testable(p *frontend.Package) error {
	var errs frontend.ErrorList
	for _, s := range p.Specs {
		if s.Tagged {
			errs = append(errs, &frontend.Error{Pos: s.Pos, Msg: fmt.Sprintf(
				"%s: -test cannot test it: its staging function is in a file built only with the lmsgen tag, and the test is built without it, beside the generated code (declare the staging function in a file without that constraint, or generate without -test)", s.Name)})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
