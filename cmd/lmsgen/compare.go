package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

// row is one line of the compare table.
type row struct {
	Package    string  `json:"package"`
	Name       string  `json:"name"`
	Inputs     int     `json:"inputs"`
	Mismatches int     `json:"mismatches"`
	CInputs    int     `json:"c_inputs,omitempty"`
	NativeNs   float64 `json:"native_ns_per_op,omitempty"`
	GoNs       float64 `json:"go_ns_per_op,omitempty"`
	CNs        float64 `json:"c_ns_per_op,omitempty"`
	CGo        float64 `json:"c_go_ratio,omitempty"`
	Failed     bool    `json:"failed,omitempty"`
	// Completed counts the inputs that ran to completion (Go and C).
	Completed int `json:"completed"`
	// Stopped says why the row is incomplete: "time limit (3m0s)",
	// "tests nothing", "no input to benchmark", "crashed"; empty if not.
	Stopped string `json:"stopped,omitempty"`
}

// runCompare regenerates the packages with -test (so the comparisons
// exist and are current), runs their differential tests and benchmarks
// with go test, and prints one row per specialization.
func runCompare(cfg *config, stdout, stderr io.Writer) int {
	gen := *cfg
	gen.test = true
	gen.runName = "" // the output files hold every specialization
	if !hasLang(&gen, "go") {
		gen.langs = append([]string{"go"}, gen.langs...) // C is compared with Go
	}
	if status := runGenerate(&gen, io.Discard, stderr); status != exitOK {
		return status
	}
	dirs, err := packageDirs(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "lmsgen compare: %v\n", err)
		return exitInput
	}
	var rows []*row
	status := exitOK
	for _, d := range dirs {
		rs, err := compareDir(cfg, d, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "lmsgen compare: %s: %v\n", d.dir, err)
			status = exitInput
		}
		for _, r := range rs {
			if r.Failed || r.Mismatches > 0 {
				status = exitInput
			}
		}
		rows = append(rows, rs...)
	}
	if cfg.jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rows)
		return status
	}
	printTable(stdout, rows)
	return status
}

type pkgDir struct {
	dir, name, path string
}

// packageDirs lists the directories and names of the packages that hold
// generated tests, in path order.
func packageDirs(cfg *config) ([]pkgDir, error) {
	args := append([]string{"list", "-f", "{{.Dir}}\t{{.Name}}\t{{.ImportPath}}"}, cfg.patterns...)
	if len(cfg.tags) > 0 {
		args = append([]string{"list", "-tags", strings.Join(cfg.tags, ","), "-f", "{{.Dir}}\t{{.Name}}\t{{.ImportPath}}"}, cfg.patterns...)
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return nil, fmt.Errorf("go list: %s", bytes.TrimSpace(ee.Stderr))
		}
		return nil, err
	}
	var dirs []pkgDir
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			continue
		}
		if _, err := os.Stat(filepath.Join(f[0], f[1]+"_lms_test.go")); err == nil {
			dirs = append(dirs, pkgDir{f[0], f[1], f[2]})
		}
	}
	sort.Slice(dirs, func(i, j int) bool { return dirs[i].path < dirs[j].path })
	return dirs, nil
}

var (
	tallyRE   = regexp.MustCompile(`lms: (\w+) tried=(\d+) mismatches=(\d+)(?: completed=(\d+))?`)
	benchRE   = regexp.MustCompile(`^BenchmarkLMS(\w+)/(generated|native|c|go)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op`)
	failRE    = regexp.MustCompile(`^\s*--- FAIL: TestLMS(\w+)`)
	nothingRE = regexp.MustCompile(`lms: (\w+) tests nothing`)
	skipRE    = regexp.MustCompile(`lms: (\w+): no input drawn runs to completion|lms: (\w+) does not run to completion`)
	kernelRE  = regexp.MustCompile(`^TestLMS(\w+)$`)
)

// kernelLimit is the time compare gives the tests and benchmarks of one
// specialization in one package (Go or C): then it stops them, and the
// row says so. A variable for the tests.
var kernelLimit = 3 * time.Minute

// compareDir runs the generated tests of one package and of its C
// sub-package, if any: each specialization's test and benchmark on its
// own, within kernelLimit.
func compareDir(cfg *config, d pkgDir, stderr io.Writer) ([]*row, error) {
	rows := map[string]*row{}
	var order []string
	get := func(name string) *row {
		r, ok := rows[name]
		if !ok {
			r = &row{Package: d.path, Name: name}
			rows[name] = r
			order = append(order, name)
		}
		return r
	}
	var firstErr error
	run := func(dir string, c bool) {
		bin, names, err := buildTests(cfg, dir)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return
		}
		defer os.RemoveAll(filepath.Dir(bin))
		for _, name := range names {
			if cfg.runName != "" && name != cfg.runName {
				continue
			}
			out, err := runKernel(cfg, dir, bin, name)
			if scanKernel(get(name), name, out, err, c) {
				stderr.Write(out)
			}
		}
	}
	run(d.dir, false)
	cdir := filepath.Join(d.dir, cfg.cdir)
	if _, err := os.Stat(filepath.Join(cdir, d.name+"_lms_test.go")); err == nil {
		run(cdir, true)
	}
	var rs []*row
	for _, name := range order {
		r := rows[name]
		if r.GoNs > 0 && r.CNs > 0 {
			r.CGo = r.CNs / r.GoNs
		}
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Name < rs[j].Name })
	return rs, firstErr
}

// scanKernel adds to r what the run of the test and benchmark of the
// specialization name printed (out) and how it ended (err, from
// runKernel), for the C sub-package if c. It reports whether the test
// process died without saying why in out (a C panic ends it).
func scanKernel(r *row, name string, out []byte, err error, c bool) (crashed bool) {
	if err == context.DeadlineExceeded {
		r.Failed = true
		r.Stopped = fmt.Sprintf("time limit (%v)", kernelLimit)
	}
	ns := map[string][]float64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := tallyRE.FindStringSubmatch(line); m != nil && m[1] == name {
			n, _ := strconv.Atoi(m[2])
			mis, _ := strconv.Atoi(m[3])
			if c {
				r.CInputs += n
			} else {
				r.Inputs += n
			}
			if m[4] != "" {
				done, _ := strconv.Atoi(m[4])
				r.Completed += done
			}
			r.Mismatches += mis
		}
		if m := failRE.FindStringSubmatch(line); m != nil && m[1] == name {
			r.Failed = true
		}
		if m := nothingRE.FindStringSubmatch(line); m != nil && m[1] == name && r.Stopped == "" {
			r.Stopped = "tests nothing"
		}
		if skipRE.MatchString(line) && r.Stopped == "" {
			r.Stopped = "no input to benchmark"
		}
		if m := benchRE.FindStringSubmatch(line); m != nil && m[1] == name {
			v, _ := strconv.ParseFloat(m[3], 64)
			ns[m[2]] = append(ns[m[2]], v)
		}
	}
	if vs := ns["generated"]; len(vs) > 0 {
		r.GoNs = median(vs)
	}
	if vs := ns["native"]; len(vs) > 0 {
		r.NativeNs = median(vs)
	}
	if vs := ns["c"]; len(vs) > 0 {
		r.CNs = median(vs)
	}
	if err != nil && err != context.DeadlineExceeded && !bytes.Contains(out, []byte("--- FAIL")) {
		r.Failed = true
		if r.Stopped == "" {
			r.Stopped = "crashed"
		}
		return true
	}
	return false
}

// buildTests compiles the generated tests of the package in dir and
// returns the test binary (in a temporary directory) and the names of the
// specializations it tests, in order.
func buildTests(cfg *config, dir string) (string, []string, error) {
	tmp, err := os.MkdirTemp("", "lmsgen-compare")
	if err != nil {
		return "", nil, err
	}
	bin := filepath.Join(tmp, "lms.test")
	args := []string{"test", "-c", "-o", bin}
	if len(cfg.tags) > 0 {
		args = append(args, "-tags", strings.Join(cfg.tags, ","))
	}
	cmd := exec.Command("go", append(args, ".")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		os.RemoveAll(tmp)
		return "", nil, fmt.Errorf("go test -c: %v\n%s", err, out)
	}
	cmd = exec.Command(bin, "-test.list", "^TestLMS")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		os.RemoveAll(tmp)
		return "", nil, fmt.Errorf("listing the tests: %v", err)
	}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		if m := kernelRE.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			names = append(names, m[1])
		}
	}
	return bin, names, nil
}

// runKernel runs the test and the benchmark of one specialization, within
// kernelLimit (then the error is context.DeadlineExceeded): at the limit,
// the test process and the processes it started are killed.
func runKernel(cfg *config, dir, bin, name string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), kernelLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-test.run", "^TestLMS"+name+"$", "-test.v",
		"-test.bench", "^BenchmarkLMS"+name+"$", "-test.count", strconv.Itoa(cfg.count))
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() == context.DeadlineExceeded {
		return out, context.DeadlineExceeded
	}
	return out, err
}

func median(vs []float64) float64 {
	sort.Float64s(vs)
	n := len(vs)
	if n%2 == 1 {
		return vs[n/2]
	}
	return (vs[n/2-1] + vs[n/2]) / 2
}

func printTable(w io.Writer, rows []*row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "package\tspecialization\tinputs\tmismatches\tnative ns/op\tGo ns/op\tC ns/op\tC/Go\tstopped\t")
	num := func(v float64) string {
		if v == 0 {
			return "-"
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	for _, r := range rows {
		ratio := "-"
		if r.CGo > 0 {
			ratio = strconv.FormatFloat(r.CGo, 'f', 2, 64)
		}
		mis := strconv.Itoa(r.Mismatches)
		if r.Failed && r.Mismatches == 0 {
			mis = "FAIL"
		}
		inputs := strconv.Itoa(r.Inputs)
		if r.CInputs > 0 {
			inputs += "+" + strconv.Itoa(r.CInputs)
		}
		stopped := r.Stopped
		if stopped == "" {
			stopped = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Package, r.Name, inputs, mis, num(r.NativeNs), num(r.GoNs), num(r.CNs), ratio, stopped)
	}
	tw.Flush()
}
