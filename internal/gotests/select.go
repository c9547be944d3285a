// Package gotests measures how much of Go the static evaluator runs: it
// takes programs of the Go distribution's own test suite
// ($GOROOT/test, those marked "// run"), stages each whole — main becomes
// a staging function under //lms:gen with no parameters, so every value is
// static and the generated function only prints — runs lmsgen, builds and
// runs the result, and compares its output (standard output, standard
// error, exit status) with the program run natively.
//
// Every program ends in one class: same, refused (lmsgen reported a
// positioned error: the message is the reason), wrong (the outputs
// differ), crashed (lmsgen panicked, reported a BUG or an error without a
// position, timed out, or the generated program does not build) or
// skipped (the program itself does not build or finish natively here).
// Wrong and crashed are bugs of lmsgen. A line the native run starts
// with package log's date and time is compared without them (clock.go):
// such a program is same "up to the clock", counted apart.
//
// select.go chooses the programs, wrap.go rewrites one into a staging
// package, run.go runs the comparison, clock.go masks log's clock;
// cmd/lmsgotests is the command line.
package gotests

import (
	"bytes"
	"fmt"
	"go/build/constraint"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// This file chooses the programs: the eligible ones and a seeded sample.

// Eligible reports whether src is a test program the harness can run:
// its test directive is exactly "// run" (no flags, arguments or input
// files), and its build constraints, if any, hold on this machine.
// why says why not.
func Eligible(src []byte) (ok bool, why string) {
	var directive string
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if constraint.IsGoBuild(line) || constraint.IsPlusBuild(line) {
			x, err := constraint.Parse(line)
			if err != nil {
				return false, "malformed build constraint"
			}
			if !x.Eval(buildTag) {
				return false, "excluded by " + line
			}
			continue
		}
		if !strings.HasPrefix(line, "//") {
			break
		}
		if directive == "" {
			directive = line
		}
	}
	switch {
	case directive != "// run":
		return false, fmt.Sprintf("test directive %q", directive)
	case bytes.Contains(src, []byte("//go:linkname")):
		return false, "uses //go:linkname"
	case bytes.Contains(src, []byte("os.Args")), bytes.Contains(src, []byte("os.Stdin")):
		return false, "reads its arguments or standard input"
	}
	return true, ""
}

// buildTag reports whether a build tag holds on this machine, for the gc
// toolchain of the running release.
func buildTag(tag string) bool {
	switch tag {
	case runtime.GOOS, runtime.GOARCH, "gc", "cgo":
		return true
	case "unix":
		return runtime.GOOS != "windows" && runtime.GOOS != "plan9"
	}
	if v, ok := strings.CutPrefix(tag, "go1."); ok {
		var minor, cur int
		fmt.Sscan(v, &minor)
		if parts := strings.SplitN(runtime.Version(), ".", 3); len(parts) > 1 {
			fmt.Sscan(parts[1], &cur)
		}
		return minor <= cur
	}
	return false
}

// Programs lists the eligible programs of dir (a $GOROOT/test) and its
// subdirectories (fixedbugs, ken, chan, typeparam, ...), sorted by path
// relative to dir. The directories of multi-file tests (*.dir) are not
// programs.
func Programs(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (strings.HasSuffix(path, ".dir") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if ok, _ := Eligible(src); ok {
			rel, err := filepath.Rel(dir, path)
			if err != nil {
				return err
			}
			out = append(out, rel)
		}
		return nil
	})
	slices.Sort(out)
	return out, err
}

// Sample returns n programs of progs chosen at random by seed (all of
// them if n is at least len(progs)), in the order drawn.
func Sample(progs []string, seed uint64, n int) []string {
	p := slices.Clone(progs)
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	if n < len(p) {
		p = p[:n]
	}
	return p
}
