package main

import (
	"bufio"
	"bytes"
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
	"text/tabwriter"
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
}

// runCompare regenerates the packages with -test (so the comparisons
// exist and are current), runs their differential tests and benchmarks
// with go test, and prints one row per specialization.
func runCompare(cfg *config, stdout, stderr io.Writer) int {
	gen := *cfg
	gen.test = true
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
	tallyRE = regexp.MustCompile(`lms: (\w+) tried=(\d+) mismatches=(\d+)`)
	benchRE = regexp.MustCompile(`^BenchmarkLMS(\w+)/(generated|native|c|go)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op`)
	failRE  = regexp.MustCompile(`^\s*--- FAIL: TestLMS(\w+)`)
)

// compareDir runs the generated tests of one package and of its C
// sub-package, if any.
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
		out, err := goTest(cfg, dir)
		if err != nil && firstErr == nil && len(out) == 0 {
			firstErr = err
		}
		ns := map[string][]float64{}
		sc := bufio.NewScanner(bytes.NewReader(out))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if m := tallyRE.FindStringSubmatch(line); m != nil {
				r := get(m[1])
				n, _ := strconv.Atoi(m[2])
				mis, _ := strconv.Atoi(m[3])
				if c {
					r.CInputs += n
				} else {
					r.Inputs += n
				}
				r.Mismatches += mis
			}
			if m := failRE.FindStringSubmatch(line); m != nil {
				get(m[1]).Failed = true
			}
			if m := benchRE.FindStringSubmatch(line); m != nil {
				v, _ := strconv.ParseFloat(m[3], 64)
				ns[m[1]+"/"+m[2]] = append(ns[m[1]+"/"+m[2]], v)
			}
		}
		for key, vs := range ns {
			name, kind, _ := strings.Cut(key, "/")
			r := get(name)
			switch kind {
			case "generated":
				r.GoNs = median(vs)
			case "native":
				r.NativeNs = median(vs)
			case "c":
				r.CNs = median(vs)
			}
		}
		if err != nil && len(out) > 0 && !bytes.Contains(out, []byte("--- FAIL")) {
			stderr.Write(out)
			if firstErr == nil {
				firstErr = err
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

func goTest(cfg *config, dir string) ([]byte, error) {
	args := []string{"test", "-run", "^TestLMS", "-v", "-bench", "^BenchmarkLMS", "-count", strconv.Itoa(cfg.count)}
	if len(cfg.tags) > 0 {
		args = append(args, "-tags", strings.Join(cfg.tags, ","))
	}
	args = append(args, ".")
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
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
	fmt.Fprintln(tw, "package\tspecialization\tinputs\tmismatches\tnative ns/op\tGo ns/op\tC ns/op\tC/Go\t")
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
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Package, r.Name, inputs, mis, num(r.NativeNs), num(r.GoNs), num(r.CNs), ratio)
	}
	tw.Flush()
}
