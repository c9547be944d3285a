package gotests

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// This file runs one program natively and staged, and classifies it.

// Class is the outcome of one program.
type Class string

// The classes.
const (
	Same    Class = "same"
	Refused Class = "refused" // lmsgen reported a positioned error
	Wrong   Class = "wrong"   // the staged program's output differs
	Crashed Class = "crashed" // lmsgen crashed, or its output does not build
	Skipped Class = "skipped" // the program does not build or finish natively
)

// Classes lists the classes in the order of a summary.
var Classes = []Class{Same, Refused, Wrong, Crashed, Skipped}

// Result is the outcome of one program.
type Result struct {
	Program string // the file's path relative to $GOROOT/test
	Class   Class
	Detail  string // the refusal (file:line:col: message), or what differs or failed
	// Clock is the number of lines of a same program compared without
	// the date and time package log writes (clock.go).
	Clock int
}

// Runner runs programs in a module of its own that uses the lmsgen
// repository through a replace directive.
type Runner struct {
	Work    string        // the module directory
	Lmsgen  string        // the lmsgen binary
	Timeout time.Duration // per run of a program; lmsgen gets 10 times as long (its budgets count steps, not time), builds 5 times
}

// NewRunner sets up the module in work and builds lmsgen from repo.
func NewRunner(repo, work string) (*Runner, error) {
	if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, err
	}
	gomod := fmt.Sprintf("module lmsgotests\n\ngo 1.26\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\nreplace github.com/lmsgen/lmsgen => %s\n", repo)
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
	r := &Runner{Work: work, Lmsgen: filepath.Join(work, "lmsgen.bin"), Timeout: 2 * time.Minute}
	if out, err := r.cmd(repo, "go", "build", "-o", r.Lmsgen, "./cmd/lmsgen"); err != nil {
		return nil, fmt.Errorf("building lmsgen: %v\n%s", err, out.all())
	}
	return r, nil
}

// output is what a command wrote and how it ended.
type output struct {
	stdout, stderr string
	code           int // exit status; -1 if it did not exit normally
}

func (o output) all() string { return o.stdout + o.stderr }

var errTimeout = errors.New("timeout")

// cmd runs name in dir with the runner's timeout.
func (r *Runner) cmd(dir, name string, args ...string) (output, error) {
	limit := r.Timeout
	switch name {
	case "go":
		limit *= 5 // builds are slow on a loaded machine
	case r.Lmsgen:
		// The steps budget stops it (-steps=2e8 in Wrap: about a
		// minute of CPU), after many minutes of a loaded machine's
		// time; the limit only catches a hang.
		limit *= 10
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	c := exec.CommandContext(ctx, name, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOTRACEBACK=single")
	c.WaitDelay = 5 * time.Second
	var o, e bytes.Buffer
	c.Stdout, c.Stderr = &o, &e
	err := c.Run()
	out := output{stdout: o.String(), stderr: e.String(), code: c.ProcessState.ExitCode()}
	if ctx.Err() != nil {
		return out, errTimeout
	}
	return out, err
}

// posRE matches a positioned message of lmsgen: file:line:col: message.
var posRE = regexp.MustCompile(`(?m)^\S*?([\w.-]+\.go:\d+:\d+: .*)$`)

// traceRE matches the header of a goroutine in a Go stack trace.
var traceRE = regexp.MustCompile(`(?m)^goroutine \d+ \[`)

// Run stages the program name (a path relative to dir) and compares it
// with the program run natively.
func (r *Runner) Run(dir, name string) Result {
	res := Result{Program: name}
	src, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		res.Class, res.Detail = Skipped, err.Error()
		return res
	}
	wrapped, err := Wrap(src)
	if err != nil {
		res.Class, res.Detail = Skipped, "cannot wrap: "+err.Error()
		return res
	}
	// The program and then the staging program are built from one path,
	// src/ and the program's own file name, which a program reads with
	// runtime.Caller as gc records it; each runs in a directory of its
	// own (native/, staged/), where it may write files.
	base := filepath.Join(r.Work, strings.ReplaceAll(strings.TrimSuffix(name, ".go"), string(filepath.Separator), "_"))
	os.RemoveAll(base)
	srcDir, native, staged := filepath.Join(base, "src"), filepath.Join(base, "native"), filepath.Join(base, "staged")
	for _, d := range []string{srcDir, native, staged} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			res.Class, res.Detail = Skipped, err.Error()
			return res
		}
	}
	file := filepath.Join(srcDir, filepath.Base(name))
	os.WriteFile(file, src, 0o644)

	// The program natively.
	if out, err := r.cmd(srcDir, "go", "build", "-o", filepath.Join(native, "prog.bin"), "."); err != nil {
		res.Class, res.Detail = Skipped, "native build: "+firstLine(out.all())
		return res
	}
	want, err := r.cmd(native, "./prog.bin")
	if err == errTimeout {
		res.Class, res.Detail = Skipped, "native run did not finish"
		return res
	}

	// The program staged.
	os.WriteFile(file, wrapped, 0o644)
	gen, err := r.cmd(srcDir, r.Lmsgen, ".")
	if err == errTimeout {
		res.Class, res.Detail = Crashed, "lmsgen did not finish"
		return res
	}
	if err != nil {
		msg := gen.all()
		m := posRE.FindStringSubmatch(msg)
		switch {
		case strings.Contains(msg, "BUG") || strings.Contains(msg, "panic: ") || traceRE.MatchString(msg):
			res.Class, res.Detail = Crashed, "lmsgen: "+firstLines(msg, 8)
		case m == nil:
			res.Class, res.Detail = Crashed, "lmsgen: an error without a position: "+firstLines(msg, 8)
		default:
			res.Class, res.Detail = Refused, m[1]
		}
		return res
	}
	if out, err := r.cmd(srcDir, "go", "build", "-o", filepath.Join(staged, "prog.bin"), "."); err != nil {
		res.Class, res.Detail = Crashed, "the generated program does not build: "+firstLines(out.all(), 8)
		return res
	}
	got, err := r.cmd(staged, "./prog.bin")
	if err == errTimeout {
		res.Class, res.Detail = Wrong, "the generated program did not finish"
		return res
	}
	d, clock := diff(want, got)
	if d != "" {
		res.Class, res.Detail = Wrong, d
		return res
	}
	res.Class, res.Clock = Same, clock
	if clock > 0 {
		res.Detail = fmt.Sprintf("up to the clock: %d lines compared without log's date and time", clock)
	}
	return res
}

// diff says how got differs from want, or returns "", with the number of
// lines compared up to log's date and time (clock.go). A panic's stack
// trace is not compared, only its message and the exit status.
func diff(want, got output) (string, int) {
	wout, gout, n := unclock(want.stdout, got.stdout)
	werr, gerr, m := unclock(trace(want.stderr), trace(got.stderr))
	switch {
	case want.code != got.code:
		return fmt.Sprintf("exit status %d, want %d (stderr %q)", got.code, want.code, firstLines(got.stderr, 3)), 0
	case wout != gout:
		return "standard output: " + firstDiff(want.stdout, got.stdout), 0
	case werr != gerr:
		return "standard error: " + firstDiff(trace(want.stderr), trace(got.stderr)), 0
	}
	return "", n + m
}

// trace cuts a stack trace off standard error.
func trace(s string) string {
	if i := strings.Index(s, "\ngoroutine "); i >= 0 {
		s = s[:i]
	}
	return s
}

// firstDiff shows the first line where got differs from want.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; ; i++ {
		switch {
		case i >= len(w) && i >= len(g):
			return "BUG: no difference"
		case i >= len(w):
			return fmt.Sprintf("line %d: extra %q", i+1, g[i])
		case i >= len(g):
			return fmt.Sprintf("line %d: missing %q", i+1, w[i])
		case w[i] != g[i]:
			return fmt.Sprintf("line %d: %q, want %q", i+1, g[i], w[i])
		}
	}
}

func firstLine(s string) string { return firstLines(s, 1) }

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}
