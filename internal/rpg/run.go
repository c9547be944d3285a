package rpg

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Class is the outcome of one specialization.
type Class string

// The classes, from good to bad.
const (
	OK          Class = "ok"
	Refused     Class = "refused"      // a clean positioned error
	Crash       Class = "crash"        // lmsgen panicked or reported BUG:
	Unbuildable Class = "unbuildable"  // the generated Go or C does not compile
	TestBuild   Class = "testbuild"    // the generated -test file does not compile
	Vet         Class = "vet"          // go vet fails on generated code
	Mismatch    Class = "mismatch"     // the direct comparison differs
	Timeout     Class = "timeout"      // lmsgen or a test did not finish
	TestFail    Class = "lmstest-fail" // the generated -test test failed
	Untested    Class = "untested"     // -test found no input that completes (the direct comparison still ran)
	Invalid     Class = "invalid"      // the generator's or harness's own fault
	Skipped     Class = "skipped"      // a build or vet did not finish: the machine is slow
)

// Failing reports whether c is a bug of lmsgen.
func (c Class) Failing() bool {
	switch c {
	case Crash, Unbuildable, TestBuild, Vet, Mismatch, Timeout, TestFail:
		return true
	}
	return false
}

// Result is the outcome of one specialization.
type Result struct {
	Seed   uint64
	Spec   string
	Func   string
	Class  Class
	Detail string
}

// Runner runs generated packages through lmsgen and the tests, in a
// module of its own that uses the repository through a replace directive.
type Runner struct {
	Repo    string        // the lmsgen repository
	Work    string        // the module directory
	Lmsgen  string        // the lmsgen binary
	Timeout time.Duration // per command
	LmsTest bool          // also run the tests lmsgen -test writes
	Checker *Checker

	mu    sync.Mutex
	times map[string]time.Duration   // wall time per step, for Times
	pipe  func(*Prog, steps) outcome // the pipeline; nil: (*Runner).pipeline (a test's stand-in otherwise)
}

// Times reports the wall time spent in each step (lmsgen, the build with
// vet, the direct comparison, the -test tests), summed over the packages
// run so far, one line per step, in a fixed order.
func (r *Runner) Times() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ks []string
	for k := range r.times {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var b strings.Builder
	for _, k := range ks {
		fmt.Fprintf(&b, "  %-10s %v\n", k, r.times[k].Round(time.Second))
	}
	return b.String()
}

// timed runs cmd as step and adds its wall time to the step's.
func (r *Runner) timed(step string, dir string, env []string, name string, args ...string) (string, error) {
	t0 := time.Now()
	out, err := r.cmd(dir, env, name, args...)
	r.mu.Lock()
	if r.times == nil {
		r.times = map[string]time.Duration{}
	}
	r.times[step] += time.Since(t0)
	r.mu.Unlock()
	return out, err
}

// NewRunner sets up the module in work and builds lmsgen from repo.
func NewRunner(repo, work string) (*Runner, error) {
	if err := os.MkdirAll(filepath.Join(work, "rpgdummy"), 0o755); err != nil {
		return nil, err
	}
	gomod := fmt.Sprintf("module rpgt\n\ngo 1.26\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\nreplace github.com/lmsgen/lmsgen => %s\n", repo)
	if err := os.WriteFile(filepath.Join(work, "go.mod"), []byte(gomod), 0o644); err != nil {
		return nil, err
	}
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(work, "go.sum"), sum, 0o644); err != nil {
		return nil, err
	}
	dummy := "package rpgdummy\n\nimport \"github.com/lmsgen/lmsgen/stage\"\n\nvar _ stage.Int\n"
	if err := os.WriteFile(filepath.Join(work, "rpgdummy", "d.go"), []byte(dummy), 0o644); err != nil {
		return nil, err
	}
	r := &Runner{Repo: repo, Work: work, Lmsgen: filepath.Join(work, "lmsgen.bin"), Timeout: 3 * time.Minute, LmsTest: true, Checker: NewChecker(repo)}
	if out, err := r.cmd(work, nil, "go", "mod", "tidy"); err != nil {
		return nil, fmt.Errorf("go mod tidy: %v\n%s", err, out)
	}
	if out, err := r.cmd(repo, nil, "go", "build", "-o", r.Lmsgen, "./cmd/lmsgen"); err != nil {
		return nil, fmt.Errorf("building lmsgen: %v\n%s", err, out)
	}
	return r, nil
}

var errTimeout = errors.New("timeout")

// cmd runs name in dir with the runner's timeout, returning its combined
// output.
func (r *Runner) cmd(dir string, env []string, name string, args ...string) (string, error) {
	limit := r.Timeout
	if name == "go" {
		limit *= 3 // builds are slow on a loaded machine; tests should not be
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	c := exec.CommandContext(ctx, name, args...)
	c.Dir = dir
	// One compile at a time per package (the machine is shared); C
	// without debugging information (a fifth of gcc's time).
	c.Env = append(os.Environ(), "GOFLAGS=-mod=mod -p=1", "CGO_CFLAGS=-O2")
	c.Env = append(c.Env, env...)
	c.WaitDelay = 5 * time.Second
	var b bytes.Buffer
	c.Stdout, c.Stderr = &b, &b
	err := c.Run()
	if ctx.Err() != nil {
		return b.String(), errTimeout
	}
	return b.String(), err
}

// failure is a package-level failure, attributed to a staging function
// when possible.
type failure struct {
	class  Class
	fn     *Func // nil: not attributed
	detail string
	// more lists further staging functions refused at once (lmsgen -e),
	// with their messages.
	more   []*Func
	moreBy map[*Func]string
}

// outcome is the result of running one package.
type outcome struct {
	fail    *failure
	results map[string]Result // by specialization, when fail is nil
	dir     string
}

var posRE = regexp.MustCompile(`(?m)^(?:\./)?([\w./-]*?)([\w-]+\.(?:go|c|h)):(\d+)(?::\d+)?:\s*(.*)$`)

// steps selects the optional steps of the pipeline.
type steps struct {
	vet     bool // go vet
	lmsTest bool // lmsgen -test and the tests it writes
}

// pipeline writes p into the module and runs lmsgen, the build, vet and
// the tests.
func (r *Runner) pipeline(p *Prog, st steps) outcome {
	dir := filepath.Join(r.Work, p.Pkg)
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return outcome{fail: &failure{class: Invalid, detail: err.Error()}}
	}
	src, lines := p.Render()
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
	os.WriteFile(filepath.Join(dir, "rpg_native.go"), []byte(NativeFile(p)), 0o644)
	if err := r.Checker.Check(src); err != nil {
		return outcome{dir: dir, fail: &failure{class: Invalid, detail: "the generated package does not type-check: " + err.Error()}}
	}
	fnAt := func(line int) *Func {
		for _, f := range p.Funcs {
			if l := lines[f.Name]; line >= l[0] && line <= l[1] {
				return f
			}
		}
		return nil
	}
	// lmsgen
	args := []string{"-lang=go,c", "-e"}
	if st.lmsTest {
		args = append(args, "-test")
	}
	out, err := r.timed("lmsgen", dir, nil, r.Lmsgen, append(args, ".")...)
	if err == errTimeout {
		return outcome{dir: dir, fail: &failure{class: Timeout, detail: "lmsgen did not finish"}}
	}
	if err != nil {
		class := Refused
		if strings.Contains(out, "BUG") || strings.Contains(out, "goroutine ") || strings.Contains(out, "panic: ") {
			class = Crash
		}
		f := &failure{class: class, detail: firstLines(out, 30)}
		if m := posRE.FindStringSubmatch(out); m != nil && m[2] == "p.go" {
			n, _ := strconv.Atoi(m[3])
			f.fn = fnAt(n)
			if class == Refused {
				f.detail = m[4]
			}
		}
		if class == Refused && f.fn == nil {
			f.class = Crash // an error without a position in the source
		}
		if class == Refused && f.fn != nil {
			f.moreBy = map[*Func]string{}
			for _, m := range posRE.FindAllStringSubmatch(out, -1) {
				n, _ := strconv.Atoi(m[3])
				if g := fnAt(n); m[2] == "p.go" && g != nil && g != f.fn && len(g.Gens) > 0 && f.moreBy[g] == "" {
					f.more = append(f.more, g)
					f.moreBy[g] = m[4]
				}
			}
		}
		return outcome{dir: dir, fail: f}
	}
	// the direct comparison, then the build
	specs := p.Specs()
	var names []string
	for _, s := range specs {
		names = append(names, s.Gen.Name)
	}
	lmsc := filepath.Join(dir, "lmsc")
	os.WriteFile(filepath.Join(lmsc, "rpg_check_test.go"), []byte(CheckFile(p, "rpgt/"+p.Pkg, names)), 0o644)
	os.WriteFile(filepath.Join(lmsc, "rpg_helpers_test.go"), []byte(checkHelpers), 0o644)
	bin := filepath.Join(r.Work, "bin", p.Pkg)
	os.RemoveAll(bin)
	os.MkdirAll(bin, 0o755)
	// go vet runs inside the build (-vet=all: every analyzer, on the
	// packages and their tests, as go vet ./pkg/... would); a failed build
	// is built again without vet (cached: seconds) to tell a vet failure
	// from code that does not compile.
	build := func(vet string) (string, error) {
		return r.timed("build", r.Work, nil, "go", "test", "-c", "-vet="+vet, "-ldflags=-s -w", "-o", bin+"/", "./"+p.Pkg, "./"+p.Pkg+"/lmsc")
	}
	vet := "off"
	if st.vet {
		vet = "all"
	}
	out, err = build(vet)
	if err == errTimeout {
		return outcome{dir: dir, fail: &failure{class: Skipped, detail: "go test -c did not finish"}}
	}
	if err != nil {
		vetFailed := false
		if st.vet {
			plain, perr := build("off")
			if perr == errTimeout {
				return outcome{dir: dir, fail: &failure{class: Skipped, detail: "go test -c -vet=off did not finish"}}
			}
			if perr == nil {
				vetFailed = true
			} else {
				out = plain
			}
		}
		f := r.buildFailure(p, dir, out, fnAt)
		if vetFailed && f.class == Unbuildable {
			f.class = Vet
		}
		return outcome{dir: dir, fail: f}
	}
	res := map[string]Result{}
	for _, s := range specs {
		res[s.Gen.Name] = Result{Seed: p.Seed, Spec: s.Gen.Name, Func: s.Func.Name, Class: OK}
	}
	set := func(spec string, c Class, detail string) {
		old, ok := res[spec]
		if !ok {
			return
		}
		if old.Class == OK || rank(c) > rank(old.Class) {
			old.Class, old.Detail = c, detail
			res[spec] = old
		}
	}
	out, err = r.timed("compare", lmsc, nil, filepath.Join(bin, "lmsc.test"), "-test.run=^TestRPG$")
	begun, ended := "", map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 || f[0] != "RPG" {
			continue
		}
		switch f[1] {
		case "BEGIN":
			begun = f[2]
		case "END":
			ended[f[2]] = true
		case "MISMATCH":
			set(f[2], Mismatch, sc.Text())
		}
	}
	if err != nil {
		class := Mismatch
		if err == errTimeout {
			class = Timeout
		}
		if begun != "" && !ended[begun] {
			set(begun, class, "the direct comparison stopped: "+lastLines(out, 25))
		} else {
			for _, s := range specs {
				set(s.Gen.Name, class, "the direct comparison failed: "+firstLines(out, 20))
			}
		}
	}
	for _, s := range specs {
		if !ended[s.Gen.Name] && err == nil {
			set(s.Gen.Name, Invalid, "the direct comparison did not run it")
		}
	}
	if st.lmsTest {
		for _, t := range []struct{ dir, bin string }{{dir, p.Pkg + ".test"}, {lmsc, "lmsc.test"}} {
			out, err := r.timed("lmstest", t.dir, nil, filepath.Join(bin, t.bin), "-test.run=^TestLMS", "-test.v")
			if err == nil {
				continue
			}
			failed := false
			for _, m := range regexp.MustCompile(`--- FAIL: TestLMS(\w+)`).FindAllStringSubmatch(out, -1) {
				block := testBlock(out, "TestLMS"+m[1])
				class := TestFail
				if testsNothing(block) {
					class = Untested
				}
				set(m[1], class, t.bin+": "+shorten(block))
				failed = true
			}
			if !failed {
				running := regexp.MustCompile(`=== RUN\s+TestLMS(\w+)`).FindAllStringSubmatch(out, -1)
				if len(running) > 0 {
					class := TestFail
					if err == errTimeout {
						class = Timeout
					}
					set(running[len(running)-1][1], class, t.bin+": "+firstLines(out, 20))
				}
			}
		}
	}
	return outcome{dir: dir, results: res}
}

// testsNothing reports whether a failed -test test's output says only
// that too few inputs completed (the random programs trap on most inputs
// by design), with no mismatch: the direct comparison, with inputs chosen
// to reach both sides of every trap, has judged the function.
func testsNothing(block string) bool {
	return strings.Contains(block, " tests nothing: ") && strings.Contains(block, " mismatches=0 ")
}

func rank(c Class) int {
	switch c {
	case Mismatch:
		return 5
	case Timeout:
		return 4
	case TestFail:
		return 3
	case Invalid:
		return 2
	}
	return 0
}

// buildFailure classifies the output of a failed build or vet.
func (r *Runner) buildFailure(p *Prog, dir, out string, fnAt func(int) *Func) *failure {
	f := &failure{class: Unbuildable, detail: firstLines(out, 30)}
	for _, m := range posRE.FindAllStringSubmatch(out, -1) {
		file := m[2]
		line, _ := strconv.Atoi(m[3])
		switch {
		case file == "p.go" || strings.HasPrefix(file, "rpg_"):
			f.class = Invalid
			if file == "p.go" {
				f.fn = fnAt(line)
			}
			return f
		case strings.HasSuffix(file, "_lms_test.go"):
			f.class = TestBuild
			return f
		case file == p.Pkg+"_lms.go" && !strings.Contains(m[1], "lmsc"):
			f.fn = specFuncAt(p, filepath.Join(dir, file), line)
			return f
		}
	}
	return f
}

// specFuncAt returns the staging function whose specialization holds line
// of the generated Go file, or nil.
func specFuncAt(p *Prog, file string, line int) *Func {
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil
	}
	for _, d := range af.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fset.Position(fd.Pos()).Line > line || fset.Position(fd.End()).Line < line {
			continue
		}
		for _, s := range p.Specs() {
			if s.Gen.Name == fd.Name.Name {
				return s.Func
			}
		}
	}
	return nil
}

// testBlock returns the output of test name in the -test.v output out
// (only its own lines: a call abandoned over the work budget may go on
// printing into the output).
func testBlock(out, name string) string {
	i := strings.Index(out, "=== RUN   "+name+"\n")
	if i < 0 {
		return firstLines(out, 10)
	}
	block := out[i:]
	if j := strings.Index(block[1:], "\n=== RUN"); j >= 0 {
		block = block[:j+1]
	}
	var ls []string
	for _, l := range strings.Split(block, "\n") {
		if strings.HasPrefix(l, "=== ") || strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "    ") {
			ls = append(ls, l)
		}
	}
	return strings.Join(ls, "\n")
}

// shorten cuts a test's output to a few lines of at most 400 bytes.
func shorten(block string) string {
	var ls []string
	for _, l := range strings.Split(block, "\n") {
		if len(l) > 400 {
			l = l[:400] + "..."
		}
		ls = append(ls, l)
	}
	return firstLines(strings.Join(ls, "\n"), 8)
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}

func firstLines(s string, n int) string {
	ls := strings.SplitN(s, "\n", n+1)
	if len(ls) > n {
		ls = ls[:n]
	}
	return strings.TrimSpace(strings.Join(ls, "\n"))
}

// Run classifies every specialization of p: refused or failing staging
// functions are dropped and the rest run again; a failure that cannot be
// attributed is narrowed by bisection.
func (r *Runner) Run(p *Prog) []Result {
	return r.run(p, steps{vet: true, lmsTest: r.LmsTest})
}

func (r *Runner) run(p *Prog, st steps) []Result {
	var out []Result
	funcs := staging(p)
	pipe := r.pipe
	if pipe == nil {
		pipe = r.pipeline
	}
	for len(funcs) > 0 {
		o := pipe(p.with(funcs), st)
		if o.fail == nil {
			for _, f := range funcs {
				for _, g := range f.Gens {
					out = append(out, o.results[g.Name])
				}
			}
			break
		}
		fn := o.fail.fn
		if fn == nil && (len(funcs) == 1 || o.fail.class == Skipped) {
			// one function, or a slow machine: no narrowing
			for _, f := range funcs {
				for _, g := range f.Gens {
					out = append(out, Result{Seed: p.Seed, Spec: g.Name, Func: f.Name, Class: o.fail.class, Detail: o.fail.detail})
				}
			}
			break
		}
		if fn != nil && fn.Gens != nil {
			for _, g := range fn.Gens {
				out = append(out, Result{Seed: p.Seed, Spec: g.Name, Func: fn.Name, Class: o.fail.class, Detail: o.fail.detail})
			}
			funcs = without(funcs, fn)
			for _, g := range o.fail.more {
				for _, gd := range g.Gens {
					out = append(out, Result{Seed: p.Seed, Spec: gd.Name, Func: g.Name, Class: o.fail.class, Detail: o.fail.moreBy[g]})
				}
				funcs = without(funcs, g)
			}
			continue
		}
		if fn != nil {
			// a helper: blame the first staging function that calls it
			for _, f := range funcs {
				for _, h := range f.Calls {
					if h == fn && fn.Gens == nil {
						for _, g := range f.Gens {
							out = append(out, Result{Seed: p.Seed, Spec: g.Name, Func: f.Name, Class: o.fail.class, Detail: o.fail.detail})
						}
						funcs = without(funcs, f)
						fn = nil
						break
					}
				}
				if fn == nil {
					break
				}
			}
			if fn == nil {
				continue
			}
		}
		out = append(out, r.bisect(p, funcs, o.fail, st)...)
		break
	}
	return out
}

// bisect narrows a failure of the staging functions funcs of p that could
// not be attributed: it runs each half of funcs on its own (and so on
// down), O(k log n) packages for k culprits instead of one package per
// function. When neither half fails, the failure needs functions of both
// halves together (a clash in the generated package): every
// specialization of funcs gets whole's class, none is passed as ok.
func (r *Runner) bisect(p *Prog, funcs []*Func, whole *failure, st steps) []Result {
	mid := len(funcs) / 2
	var out []Result
	for _, half := range [][]*Func{funcs[:mid], funcs[mid:]} {
		out = append(out, r.run(p.with(half), st)...)
	}
	for _, x := range out {
		if x.Class.Failing() || x.Class == Skipped || x.Class == Invalid {
			return out
		}
	}
	out = out[:0]
	for _, f := range funcs {
		for _, g := range f.Gens {
			out = append(out, Result{Seed: p.Seed, Spec: g.Name, Func: f.Name, Class: whole.class,
				Detail: "fails only with the other functions of its package: " + whole.detail})
		}
	}
	return out
}

func without(fs []*Func, f *Func) []*Func {
	var out []*Func
	for _, g := range fs {
		if g != f {
			out = append(out, g)
		}
	}
	return out
}

// staging lists the staging functions of p.
func staging(p *Prog) []*Func {
	var out []*Func
	for _, f := range p.Funcs {
		if len(f.Gens) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// with returns p with only the staging functions fs (helpers are kept).
func (p *Prog) with(fs []*Func) *Prog {
	keep := map[*Func]bool{}
	for _, f := range fs {
		keep[f] = true
	}
	q := *p
	q.Funcs = nil
	for _, f := range p.Funcs {
		if len(f.Gens) == 0 || keep[f] {
			q.Funcs = append(q.Funcs, f)
		}
	}
	return &q
}
