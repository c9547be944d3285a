// Command bench runs the benchmarks of the examples and prints them as one
// table through benchstat: a row per kernel, a column per implementation
// (the anchor library, an alternative, the staging function run natively,
// the generated Go and the generated C), then a summary of the medians and
// speedups, in wall-clock time and in CPU time (the benchmarks report both;
// the CPU time excludes the time spent waiting for a CPU, which dominates
// on a loaded machine). A column SIMD holds the generated Go of the
// vector build: the same package built with GOEXPERIMENT=simd, where the
// examples generated with lmsgen -simd use their <pkg>_lms_simd.go (vector
// code) and the others their scalar code compiled under the experiment.
//
// Usage:
//
//	go run ./examples/bench [flags] [packages]
//
// The packages default to every example (github.com/lmsgen/lmsgen/examples/...).
// A benchmark counts when its name is Benchmark<Impl><Kernel>, Impl one of
// Anchor, Alt, Native, GenGo, GenC (see examples/README.md); others are
// ignored. The GenC benchmarks need cgo. The GenGo benchmarks of the vector
// build are the implementation SIMD.
//
// Flags:
//
//	-count n        runs of each benchmark (default 6; benchstat needs 6 for
//	                a confidence interval), in n rounds that each run every
//	                benchmark of a package once
//	-benchtime d    go test -benchtime (default 250ms)
//	-bench regexp   go test -bench (default .)
//	-simd           also run the GenGo benchmarks of the vector build
//	                (default true; GOEXPERIMENT=simd, amd64)
//	-from file      print the tables of results written by -o, running
//	                nothing
//	-o file         also write the benchmark results, as given to benchstat
//	-benchstat cmd  the benchstat command (default: benchstat if it is on
//	                PATH, else go run golang.org/x/perf/cmd/benchstat@<pinned>)
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// benchstatModule is the benchstat run when none is on PATH.
const benchstatModule = "golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da"

type config struct {
	count     int
	benchtime string
	bench     string
	out       string
	benchstat string
	simd      bool
	from      string
}

func main() {
	var cfg config
	fs := flag.NewFlagSet("bench", flag.ExitOnError)
	fs.IntVar(&cfg.count, "count", 6, "runs of each benchmark")
	fs.StringVar(&cfg.benchtime, "benchtime", "250ms", "go test -benchtime")
	fs.StringVar(&cfg.bench, "bench", ".", "go test -bench")
	fs.BoolVar(&cfg.simd, "simd", true, "also run the GenGo benchmarks of the GOEXPERIMENT=simd build (column SIMD)")
	fs.StringVar(&cfg.from, "from", "", "print the tables of the results in `file` (written by -o) instead of running the benchmarks")
	fs.StringVar(&cfg.out, "o", "", "also write the benchmark results to `file`")
	fs.StringVar(&cfg.benchstat, "benchstat", "", "benchstat `command` (default: benchstat on PATH, else go run)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./examples/bench [flags] [packages]\n")
		fs.PrintDefaults()
	}
	fs.Parse(os.Args[1:])
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"github.com/lmsgen/lmsgen/examples/..."}
	}
	if err := run(cfg, patterns, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// run benchmarks the packages and prints the tables to stdout; progress
// and the go tool's messages go to stderr.
func run(cfg config, patterns []string, stdout, stderr io.Writer) error {
	if cfg.from != "" {
		results, err := os.ReadFile(cfg.from)
		if err != nil {
			return err
		}
		return tables(cfg, results, stdout)
	}
	pkgs, err := listPackages(patterns)
	if err != nil {
		return err
	}
	if len(pkgs) == 0 {
		return fmt.Errorf("no example packages with tests in %v", patterns)
	}
	dir, err := os.MkdirTemp("", "lmsgen-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var results bytes.Buffer
	var failed []string
	for _, p := range pkgs {
		out, err := benchPackage(cfg, p, dir, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", p.ImportPath, err)
			failed = append(failed, p.ImportPath)
			continue
		}
		results.Write(rewrite(out.plain, p.Name, ""))
		if cfg.simd {
			results.Write(rewrite(out.simd, p.Name, simdImpl))
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("benchmarks failed in %s", strings.Join(failed, ", "))
	}
	if cfg.out != "" {
		if err := os.WriteFile(cfg.out, results.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return tables(cfg, results.Bytes(), stdout)
}

// tables prints benchstat's tables of the results and the summaries.
func tables(cfg config, results []byte, stdout io.Writer) error {
	dir, err := os.MkdirTemp("", "lmsgen-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "bench.txt")
	if err := os.WriteFile(file, results, 0o644); err != nil {
		return err
	}
	bs := benchstatCommand(cfg.benchstat)
	table, err := benchstat(bs, file, "text")
	if err != nil {
		return err
	}
	stdout.Write(table)
	csv, err := benchstat(bs, file, "csv")
	if err != nil {
		return err
	}
	for _, u := range []struct{ unit, title string }{
		{wallUnit, "Medians of wall-clock time per operation"},
		{cpuUnit, "Medians of CPU time per operation (time spent waiting for a CPU excluded)"},
	} {
		rows, err := parseCSV(csv, u.unit)
		if err != nil {
			return err
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(stdout, "\n%s:\n\n", u.title)
		writeSummary(stdout, rows)
	}
	return nil
}

// simdImpl is the implementation name of the vector build's GenGo.
const simdImpl = "SIMD"

// outputs are the outputs of a package's test binaries: the plain build's
// and, with -simd, the vector build's.
type outputs struct {
	plain, simd []byte
}

// benchPackage builds the test binary of p once (and with cfg.simd the
// vector build's) and runs its benchmarks cfg.count times, one run of each
// benchmark per round, in the package's directory; in each round the
// vector build's GenGo benchmarks run right after the plain build's.
// Interleaving the rounds, rather than running each benchmark cfg.count
// times in a row, exposes every implementation of a kernel to the same
// changes of the machine's load.
func benchPackage(cfg config, p pkg, dir string, stderr io.Writer) (outputs, error) {
	var out outputs
	bin := filepath.Join(dir, p.Name+".test")
	if err := buildTest(bin, p, nil, stderr); err != nil {
		return out, err
	}
	args := []string{"-test.run=^$", "-test.bench=" + cfg.bench, "-test.count=1", "-test.benchtime=" + cfg.benchtime}
	simdBin, simdArgs := "", slices.Clone(args)
	if cfg.simd {
		simdBin = filepath.Join(dir, p.Name+".simd.test")
		if err := buildTest(simdBin, p, []string{"GOEXPERIMENT=simd"}, stderr); err != nil {
			return out, err
		}
		if cfg.bench == "." {
			simdArgs[1] = "-test.bench=^BenchmarkGenGo" // rewrite keeps only those
		}
	}
	var plain, simd bytes.Buffer
	for round := 1; round <= cfg.count; round++ {
		fmt.Fprintf(stderr, "%s %s (round %d of %d)\n", p.Name, strings.Join(args, " "), round, cfg.count)
		if err := runTest(bin, args, p, &plain, stderr); err != nil {
			return out, err
		}
		if simdBin != "" {
			if err := runTest(simdBin, simdArgs, p, &simd, stderr); err != nil {
				return out, err
			}
		}
	}
	return outputs{plain.Bytes(), simd.Bytes()}, nil
}

// buildTest builds the test binary of p at bin, with env added to the go
// command's environment.
func buildTest(bin string, p pkg, env []string, stderr io.Writer) error {
	build := exec.Command("go", "test", "-c", "-o", bin, p.ImportPath)
	build.Env = append(os.Environ(), env...)
	build.Stdout, build.Stderr = stderr, stderr
	fmt.Fprintf(stderr, "%sgo test -c %s\n", strings.Join(append(env, ""), " "), p.ImportPath)
	return build.Run()
}

// runTest runs a test binary in p's directory and appends its output to
// out.
func runTest(bin string, args []string, p pkg, out, stderr io.Writer) error {
	cmd := exec.Command(bin, args...)
	cmd.Dir = p.Dir
	cmd.Stderr = stderr
	o, err := cmd.Output()
	if err != nil {
		stderr.Write(o)
		return err
	}
	out.Write(o)
	return nil
}

// pkg is a package as go list describes it.
type pkg struct {
	ImportPath, Dir, Name string
}

// listPackages returns the packages matching patterns that have tests,
// except commands.
func listPackages(patterns []string) ([]pkg, error) {
	args := append([]string{"list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{.Name}}\t{{len .TestGoFiles}}"}, patterns...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return nil, fmt.Errorf("go list: %v\n%s", err, ee.Stderr)
		}
		return nil, fmt.Errorf("go list: %v", err)
	}
	var pkgs []pkg
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 || f[2] == "main" || f[3] == "0" {
			continue
		}
		pkgs = append(pkgs, pkg{ImportPath: f[0], Dir: f[1], Name: f[2]})
	}
	return pkgs, nil
}

// benchstatCommand returns the command line that runs benchstat.
func benchstatCommand(flagValue string) []string {
	if flagValue != "" {
		return strings.Fields(flagValue)
	}
	if path, err := exec.LookPath("benchstat"); err == nil {
		return []string{path}
	}
	return []string{"go", "run", benchstatModule}
}

// columns is the projection of the implementations, in table order: the
// first is the base of benchstat's comparisons.
const columns = "/impl@(" + "Anchor Alt Native GenGo GenC " + simdImpl + ")"

// benchstat runs benchstat on file, one table for all packages, a row per
// kernel and a column per implementation.
func benchstat(command []string, file, format string) ([]byte, error) {
	args := append(command[1:], "-format", format, "-table", "", "-row", ".name", "-col", columns, file)
	cmd := exec.Command(command[0], args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", strings.Join(command, " "), err, stderr.Bytes())
	}
	return out, nil
}
