// Command lmsgen specializes staging functions into Go (and C) code.
//
// Usage:
//
//	lmsgen [flags] [packages]          generate <pkg>_lms.go for each package
//	lmsgen compare [flags] [packages]  compare generated Go, C and the staging functions
//
// A staging function is an ordinary Go function whose dynamic values have
// the types of package github.com/lmsgen/lmsgen/stage, annotated with
// //lms:gen NAME PARAM=EXPR... directives; see the README for the guide.
//
// Exit status: 0 on success, 1 for errors in the input, 2 for bad usage.
//
// Safety: lmsgen writes only files it owns (an existing output must carry
// the generated-code header; outputs stay inside the package directory,
// not through symbolic links), replaces all outputs of a run or none, and
// bounds static evaluation by budgets of work and memory (-mem); see
// write.go and the README's Safety section.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strings"

	"github.com/lmsgen/lmsgen/frontend"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK    = 0
	exitInput = 1
	exitUsage = 2
)

// config is the parsed command line.
type config struct {
	compare    bool
	output     string
	langs      []string
	cdir       string
	tags       []string
	test       bool
	dump       string
	runName    string
	verbose    bool
	allErrs    bool
	bounds     bool
	simd       bool
	relaxedFP  bool
	jsonOut    bool
	count      int
	budgets    frontend.Budgets
	cpuProfile string
	explain    bool
	linemap    bool
	debug      map[string]bool // the -d options set (see debugOptions)
	patterns   []string
}

// debugOptions are the names -d accepts, each with its meaning.
var debugOptions = []struct{ name, doc string }{
	{"broken", "keep an output an emitter could not finish as <file>.broken, for a bug report"},
	{"check", "run ir.Check after every graph pass and sched.Verify after scheduling (a failure is a bug of lmsgen)"},
	{"passes", "print every stage and graph pass with its time and node counts"},
	{"stacks", "add the Go stack to the message of an internal error"},
}

// parseDebug parses the comma-separated list of -d.
func parseDebug(list string) (map[string]bool, error) {
	set := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		known := false
		var names []string
		for _, o := range debugOptions {
			known = known || o.name == name
			names = append(names, o.name)
		}
		if !known {
			return nil, fmt.Errorf("-d: unknown option %q (want a comma-separated list of %s)", name, strings.Join(names, ", "))
		}
		set[name] = true
	}
	return set, nil
}

// debugUsage describes the -d options for -h.
func debugUsage() string {
	s := "comma-separated debug `options`:"
	for _, o := range debugOptions {
		s += "\n  " + o.name + ": " + o.doc
	}
	return s
}

const usageText = `usage: lmsgen [flags] [packages]
       lmsgen compare [flags] [packages]

lmsgen evaluates the functions annotated with //lms:gen in each package
(default: the package in the current directory) and writes the specialized
code to <package>_lms.go beside the sources; with -lang=c or -lang=go,c the
same kernels in C go to the lmsc/ sub-package with a cgo bridge.

'lmsgen compare' builds and runs the differential tests and benchmarks that
-test generates and prints one row per specialization.

Flags:
`

// parse parses the command line. It returns the configuration, or an
// error for bad usage (flag's own errors are already printed).
func parse(args []string, stderr io.Writer) (*config, bool, error) {
	cfg := &config{}
	if len(args) > 0 && args[0] == "compare" {
		cfg.compare = true
		args = args[1:]
	}
	fs := flag.NewFlagSet("lmsgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usageText)
		fs.PrintDefaults()
	}
	fs.StringVar(&cfg.output, "o", "", "output file `name` for the Go code (default <package>_lms.go; one package only)")
	lang := fs.String("lang", "go", "languages to emit: go, c or go,c")
	fs.StringVar(&cfg.cdir, "cdir", "lmsc", "`directory` of the C sub-package, relative to each package")
	tags := fs.String("tags", "", "comma-separated build `tags` to load the packages with")
	fs.BoolVar(&cfg.test, "test", false, "also write <package>_lms_test.go with differential tests and benchmarks")
	fs.StringVar(&cfg.dump, "dump", "", "print the graph (`ir`), the schedule (sched), Graphviz (dot) or the slice dependences (deps) of the specialization named by -run, instead of generating")
	fs.StringVar(&cfg.runName, "run", "", "the specialization `NAME` for -dump or -explain (then only the page is written), or the only one compare runs (generating always writes them all)")
	fs.BoolVar(&cfg.explain, "explain", false, "also write <package>_lms_explain.html (a big package: the directory <package>_lms_explain of a page per specialization), a page showing the source's binding times, the graph, every pass, the schedule's decisions and the Go and C, linked node by node")
	fs.BoolVar(&cfg.linemap, "linemap", false, "write //line comments in the Go output and #line in the C output, mapping each statement to its staging source line")
	fs.BoolVar(&cfg.verbose, "v", false, "print phase timings and the scheduler's decisions to standard error")
	fs.BoolVar(&cfg.allErrs, "e", false, "report all errors (default: at most 10)")
	boundsFlag := fs.String("bounds", "on", "C bounds checks: on, or off for speed comparisons")
	fs.BoolVar(&cfg.simd, "simd", false, "also write <package>_lms_simd.go: vector code (simd/archsimd) for builds with GOEXPERIMENT=simd on amd64")
	fpFlag := fs.String("fp", "exact", "floating-point arithmetic: exact (Go's, bit for bit), or relaxed (reassociation, x*0 → 0, x+0 → x, fused multiply-adds; the -test output compares floats within a bound), as the directive option -fp=relaxed")
	fs.BoolVar(&cfg.jsonOut, "json", false, "compare: print JSON instead of a table")
	fs.IntVar(&cfg.count, "count", 1, "compare: benchmark repetitions")
	fs.IntVar(&cfg.budgets.Steps, "steps", 0, "budget: evaluation steps per specialization (0: the default, 20000000)")
	fs.IntVar(&cfg.budgets.Unroll, "unroll", 0, "budget: iterations of one unrolled loop (0: the default, 100000)")
	fs.IntVar(&cfg.budgets.CallDepth, "calldepth", 0, "budget: depth of inlined calls (0: the default, 256)")
	fs.IntVar(&cfg.budgets.Nodes, "nodes", 0, "budget: graph nodes per specialization (0: the default, 2000000)")
	fs.IntVar(&cfg.budgets.Mem, "mem", 0, "budget: bytes static evaluation allocates and static data in the output, per specialization (0: the default, 256 MiB)")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write a CPU profile of lmsgen itself to `file`")
	debugList := fs.String("d", "", debugUsage())
	version := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, true, nil
		}
		return nil, false, err
	}
	if *version {
		return cfg, true, nil
	}
	switch *fpFlag {
	case "exact", "relaxed":
		cfg.relaxedFP = *fpFlag == "relaxed"
	default:
		return nil, false, fmt.Errorf("-fp needs exact or relaxed, found %q", *fpFlag)
	}
	if err := cfg.budgets.Validate(); err != nil {
		return nil, false, err
	}
	if err := checkOutputFlags(cfg); err != nil {
		return nil, false, err
	}
	var err error
	if cfg.debug, err = parseDebug(*debugList); err != nil {
		return nil, false, err
	}
	for _, l := range strings.Split(*lang, ",") {
		switch l = strings.TrimSpace(l); l {
		case "go", "c":
			cfg.langs = append(cfg.langs, l)
		default:
			return nil, false, fmt.Errorf("-lang: unknown language %q (want go, c or go,c)", l)
		}
	}
	switch *boundsFlag {
	case "on", "true":
		cfg.bounds = true
	case "off", "false":
	default:
		return nil, false, fmt.Errorf("-bounds: want on or off, not %q", *boundsFlag)
	}
	if *tags != "" {
		for _, t := range strings.Split(*tags, ",") {
			if t = strings.TrimSpace(t); t != "" {
				cfg.tags = append(cfg.tags, t)
			}
		}
	}
	switch cfg.dump {
	case "", "ir", "sched", "dot", "deps":
	default:
		return nil, false, fmt.Errorf("-dump: want ir, sched, dot or deps, not %q", cfg.dump)
	}
	if cfg.dump != "" && cfg.runName == "" {
		return nil, false, errors.New("-dump needs -run NAME: the specialization to print")
	}
	if cfg.runName != "" && cfg.dump == "" && !cfg.compare && !cfg.explain {
		// The output file holds every specialization of the package:
		// written with one only, it would lose the others.
		return nil, false, errors.New("-run NAME selects the specialization for -dump, -explain or compare; lmsgen always generates every specialization of a package (omit -run)")
	}
	if cfg.test && len(cfg.langs) == 1 && cfg.langs[0] == "c" {
		return nil, false, errors.New("-test compares C with the Go output: use -lang=go,c")
	}
	if cfg.count < 1 {
		return nil, false, errors.New("-count must be at least 1")
	}
	cfg.patterns = fs.Args()
	if len(cfg.patterns) == 0 {
		cfg.patterns = []string{"."}
	}
	return cfg, false, nil
}

// run runs the command and returns its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, done, err := parse(args, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "lmsgen: %v\nrun 'lmsgen -h' for usage\n", err)
		return exitUsage
	}
	if done {
		if cfg != nil {
			fmt.Fprintln(stdout, "lmsgen", versionString())
		}
		return exitOK
	}
	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "lmsgen: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	if cfg.compare {
		return runCompare(cfg, stdout, stderr)
	}
	return runGenerate(cfg, stdout, stderr)
}

func versionString() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
