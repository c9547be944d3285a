package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

// runGenerate runs the pipeline (package pipeline: load, evaluate, graph
// passes, schedule, emit, write) on the packages and writes the outputs —
// all of them, or none if any error occurred.
func runGenerate(cfg *config, stdout, stderr io.Writer) int {
	start := time.Now()
	pc := pipeline.Config{
		Load:      frontend.Config{Patterns: cfg.patterns, Tags: cfg.tags, Budgets: cfg.budgets, Run: cfg.runName, Stacks: cfg.debug["stacks"], Output: cfg.output},
		Go:        hasLang(cfg, "go"),
		C:         hasLang(cfg, "c"),
		Output:    cfg.output,
		CDir:      cfg.cdir,
		NoBounds:  !cfg.bounds,
		SIMD:      cfg.simd,
		RelaxedFP: cfg.relaxedFP,
		Check:     cfg.debug["check"],
		Explain:   cfg.explain,
		LineMap:   cfg.linemap,
		Write:     writeOutputs,
	}
	if cfg.explain && cfg.runName != "" {
		// Only the specialization named is evaluated: the page of it is
		// the only output (the Go file holds every specialization).
		pc.Go, pc.C = false, false
	}
	pc.Tests = cfg.test && pc.Go
	if cfg.debug["passes"] {
		pc.Passes = stderr
	}
	if cfg.verbose {
		pc.Verbose = stderr
	}
	switch cfg.dump {
	case "ir", "dot", "deps":
		pc.Until = "graph"
	case "sched":
		pc.Until = "schedule"
	}
	st, err := pipeline.Run(pc)
	if errors.Is(err, pipeline.ErrUsage) {
		fmt.Fprintf(stderr, "lmsgen: %v\n", errors.Unwrap(err))
		return exitUsage
	}
	if err != nil {
		return reportErrors(err, cfg.allErrs, cfg.debug, stderr)
	}
	if cfg.dump != "" {
		return dump(cfg, st, stdout, stderr)
	}
	if cfg.verbose {
		fmt.Fprintf(stderr, "lmsgen: %-40s %v\n", "total", time.Since(start).Round(time.Microsecond))
	}
	return exitOK
}

// writeOutputs is the pipeline's write stage.
func writeOutputs(outs []pipeline.Output) error {
	if err := checkOwned(outs); err != nil {
		return err
	}
	all := make([]output, len(outs))
	for i, o := range outs {
		all[i] = output{o.Path, o.Data}
	}
	stale := staleExplain(all)
	if err := writeAll(all); err != nil {
		return err
	}
	return removeStale(stale)
}

func hasLang(cfg *config, l string) bool {
	for _, x := range cfg.langs {
		if x == l {
			return true
		}
	}
	return false
}

// dump prints the graph, the schedule or the DOT graph of the
// specialization named by -run.
func dump(cfg *config, st *pipeline.State, stdout, stderr io.Writer) int {
	for _, p := range st.Packages {
		for i, s := range p.Specs {
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
				fmt.Fprint(stdout, p.Funcs[i].Schedule)
			}
			return exitOK
		}
	}
	fmt.Fprintf(stderr, "lmsgen: no specialization named %s in %v\n", cfg.runName, cfg.patterns)
	return exitInput
}

// reportErrors prints errors one per line, with file names relative to
// the working directory, at most 10 unless all is set, and returns the
// exit status for input errors. An output an emitter could not finish is
// reported at its specialization's directive (emitFailure).
func reportErrors(err error, all bool, debug map[string]bool, stderr io.Writer) int {
	list := flatten(err)
	wd, _ := os.Getwd()
	for i, e := range list {
		var b *pipeline.BrokenOutput
		if errors.As(e, &b) {
			e = emitFailure(debug["broken"], b)
		}
		switch {
		case isPositioned(e):
			e = e.(*ir.Error).Relative(wd)
		}
		if i == 10 && !all {
			fmt.Fprintf(stderr, "too many errors (%d more; -e shows all)\n", len(list)-10)
			break
		}
		fmt.Fprintln(stderr, e)
	}
	return exitInput
}

func isPositioned(e error) bool {
	_, ok := e.(*ir.Error)
	return ok
}

// flatten lists the errors inside err: the elements of joined errors and
// of error lists, each list sorted with its duplicates removed, in order.
func flatten(err error) []error {
	switch e := err.(type) {
	case ir.ErrorList:
		e = e.Sort()
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
